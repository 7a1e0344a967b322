/* psim animate: the page's player (compiled into psim, animate-assets.c).
 * It only draws: psim computed the graph, its layout and every link's
 * rate.  Times are simulated seconds from the start of each scenario's
 * chosen steps. */
(function () {
	'use strict';
	var NS = 'http://www.w3.org/2000/svg';
	var KINDS = ['all-reduce', 'push', 'pull', 'checkpoint', 'restore'];
	var KCOL = ['#7b3294', '#2166ac', '#e66101', '#666666', '#1b7837'];
	var SIZE = 640, R = 180, MAXMARKS = 1500, LABELS = 48;
	var data = JSON.parse(document.getElementById('psim-data').textContent);
	var panels = [], span = 0, t0all = Infinity, now = 0, playing = false;
	var speed = 1, last = null, base = 1, align = 'clock', lead = 0;

	function el(tag, attrs, parent) {
		var e = document.createElementNS(NS, tag), k;
		for (k in attrs)
			e.setAttribute(k, attrs[k]);
		if (parent)
			parent.appendChild(e);
		return e;
	}
	function html(tag, cls, text, parent) {
		var e = document.createElement(tag);
		if (cls)
			e.className = cls;
		if (text !== null && text !== undefined)
			e.textContent = text;
		if (parent)
			parent.appendChild(e);
		return e;
	}
	function fmt(v, d) {
		return (Math.abs(v) < 5e-7 ? 0 : v).toFixed(d);
	}
	/* v to d significant digits, without trailing zeros (1000, not 1) */
	function sig(v, d) {
		return String(parseFloat(v.toPrecision(d)));
	}
	function secs(s) {
		if (s >= 3600)
			return sig(s / 3600, 4) + ' h';
		if (s >= 1 || s === 0)
			return sig(s, 4) + ' s';
		if (s >= 1e-3)
			return sig(s * 1e3, 4) + ' ms';
		return sig(s * 1e6, 4) + ' us';
	}

	/* the colour of a link's load, its share f of its own capacity */
	var STOPS = [[0, [217, 217, 217]], [1e-9, [254, 224, 139]],
	    [0.5, [252, 141, 89]], [1, [215, 48, 39]]];
	function colour(f) {
		var i, a, b, u;
		f = Math.min(1, Math.max(0, f));
		for (i = 1; i < STOPS.length && STOPS[i][0] < f; i++)
			;
		if (i >= STOPS.length)
			i = STOPS.length - 1;
		a = STOPS[i - 1];
		b = STOPS[i];
		u = b[0] > a[0] ? (f - a[0]) / (b[0] - a[0]) : 1;
		u = Math.min(1, Math.max(0, u));
		return 'rgb(' + [0, 1, 2].map(function (k) {
			return Math.round(a[1][k] + u * (b[1][k] - a[1][k]));
		}).join(',') + ')';
	}

	/* a link's rate steps [t0, g0, t1, g1, ...]: its Gbps at t and the
	 * GB it carried up to t */
	function Lane(p, i) {
		var s = p.rates[i] || [], n = s.length / 2, k, c = 0;
		this.t = new Float64Array(n);
		this.g = new Float64Array(n);
		this.cum = new Float64Array(n);	/* GB up to t[k] */
		for (k = 0; k < n; k++) {
			this.t[k] = s[2 * k];
			this.g[k] = s[2 * k + 1];
			if (k > 0)
				c += this.g[k - 1] * (this.t[k] - this.t[k - 1]) / 8;
			this.cum[k] = c;
		}
	}
	Lane.prototype.at = function (t) {
		var lo = 0, hi = this.t.length - 1, mid;
		if (hi < 0 || t < this.t[0])
			return -1;
		while (lo < hi) {
			mid = (lo + hi + 1) >> 1;
			if (this.t[mid] <= t)
				lo = mid;
			else
				hi = mid - 1;
		}
		return lo;
	};
	Lane.prototype.gbps = function (t) {
		var k = this.at(t);
		return k < 0 ? 0 : this.g[k];
	};
	Lane.prototype.gb = function (t) {
		var k = this.at(t);
		return k < 0 ? 0 : this.cum[k] + this.g[k] * (t - this.t[k]) / 8;
	};

	function pos(p, v) {
		return [SIZE / 2 + R * p.nodes[v][0], SIZE / 2 + R * p.nodes[v][1]];
	}

	/* the nodes a route passes, from its source host */
	function path(p, r) {
		var at = r[0], pts = [pos(p, at)], k, l, e;
		for (k = 2; k < r.length; k++) {
			l = r[k];
			e = p.links[l][2];
			if (e < 0)
				continue;
			at = p.edges[e][0] === at ? p.edges[e][1] : p.edges[e][0];
			pts.push(pos(p, at));
		}
		return pts;
	}
	function along(pts, f) {
		var len = [], total = 0, k, d, u;
		for (k = 1; k < pts.length; k++) {
			d = Math.hypot(pts[k][0] - pts[k - 1][0],
			    pts[k][1] - pts[k - 1][1]);
			len.push(d);
			total += d;
		}
		if (total === 0)
			return pts[0];
		d = f * total;
		for (k = 0; k < len.length; k++) {
			if (d <= len[k] || k === len.length - 1) {
				u = len[k] > 0 ? Math.min(1, d / len[k]) : 0;
				return [pts[k][0] + u * (pts[k + 1][0] - pts[k][0]),
				    pts[k][1] + u * (pts[k + 1][1] - pts[k][1])];
			}
			d -= len[k];
		}
		return pts[pts.length - 1];
	}

	/* the bottleneck's demand against its capacity, in a line: what its
	 * NIC must move a step, what it has, and what it would need */
	function badge(d) {
		var who = d.who + (d.up === 1 ? '\'s NIC sends' : d.up === 0 ?
		    '\'s NIC receives' : ' carries');
		return who + ' ' + sig(d.gb, 3) + ' GB a step; at ' +
		    sig(d.gbps, 3) + ' Gbps that is ' + secs(d.s) + ' against ' +
		    secs(d.compute_s) + ' of compute: it would need ' +
		    sig(d.need_gbps, 3) + ' Gbps';
	}

	function header(p, sec) {
		var steps = p.steps[0] === p.steps[1] ? 'step ' + p.steps[0] :
		    'steps ' + p.steps[0] + '..' + p.steps[1], h, w;
		h = html('h2', null, p.name, sec);
		if (p.description) {
			h.title = p.description;
			html('p', 'description', p.description, sec);
		}
		html('p', 'figures', 'step time ' + secs(p.step_s) +
		    ' simulated (closed form ' + secs(p.analytic_step_s) +
		    ') \u00b7 bottleneck: ' + p.bottleneck + ', ' + p.resource,
		    sec).setAttribute('data-role', 'figures');
		if (p.demand || p.why) {
			w = html('p', 'why', p.demand ? badge(p.demand) : p.why, sec);
			w.setAttribute('data-role', 'why');
			w.title = p.why;
		}
		html('p', 'playing', (p.fault ? 'around fault ' + p.fault +
		    ', from its notice and two steps before it to the ' +
		    'relaunch and three steps after its host returns' : steps + ' (0-based) of ' + p.run_steps) +
		    ', from t = ' + secs(p.start_s) + ': ' + secs(p.span_s) +
		    ' simulated, ' + p.messages + ' messages', sec);
		if (p.every > 1)
			html('p', 'note', 'one message in ' + p.every +
			    ' is drawn (' + p.messages + ' in these steps); ' +
			    'the links carry them all', sec);
		if (p.rates_bin_s > 0)
			html('p', 'note', 'link rates are averages over ' +
			    secs(p.rates_bin_s) + ' (the samples were too ' +
			    'many); the bytes are exact', sec);
	}

	function drawLanes(p, svg) {
		var byEdge = {}, e, l, a, b, dx, dy, d, nx, ny, off, lane, g;
		for (l = 0; l < p.links.length; l++) {
			e = p.links[l][2];
			if (e < 0)
				continue;
			(byEdge[e] = byEdge[e] || []).push(l);
		}
		p.laneEls = [];
		for (e = 0; e < p.edges.length; e++) {
			if (!byEdge[e])
				continue;
			a = pos(p, p.edges[e][0]);
			b = pos(p, p.edges[e][1]);
			dx = b[0] - a[0];
			dy = b[1] - a[1];
			d = Math.hypot(dx, dy);
			byEdge[e].forEach(function (li, k) {
				var dir = p.links[li][3], x, y, s = byEdge[e].length;
				g = el('g', {}, svg);
				if (d === 0) {	/* a loopback or a hub: a ring */
					x = a[0] + (a[0] - SIZE / 2) * 0.09;
					y = a[1] + (a[1] - SIZE / 2) * 0.09;
					lane = el('circle', { cx: x, cy: y, r: 9 + 4 * k,
					    fill: 'none', 'class': 'lane' }, g);
					x += 0;
					y -= 12 + 4 * k;
				} else {
					nx = -dy / d;
					ny = dx / d;
					off = s > 1 ? (dir >= 0 ? 3.2 : -3.2) : 0;
					if (p.links[li][0] === p.bottleneck_link)
						el('line', {
						    x1: a[0] + nx * off, y1: a[1] + ny * off,
						    x2: b[0] + nx * off, y2: b[1] + ny * off,
						    'class': 'bottleneck' }, g);
					lane = el('line', {
					    x1: a[0] + nx * off, y1: a[1] + ny * off,
					    x2: b[0] + nx * off, y2: b[1] + ny * off,
					    'class': 'lane' }, g);
					var f = dir < 0 ? 0.38 : 0.62;
					x = a[0] + dx * f + nx * off * 3.4;
					y = a[1] + dy * f + ny * off * 3.4;
				}
				lane.setAttribute('data-link', p.links[li][0]);
				p.laneEls.push({ link: li, el: lane, g: g,
				    lane: new Lane(p, li),
				    label: el('text', { x: x, y: y,
				    'class': 'lanelabel' }, g),
				    title: el('title', {}, lane) });
				if (p.links[li][0] === p.bottleneck_link) {
					lane.setAttribute('data-bottleneck', '1');
					el('text', { x: x, y: y + 12,
					    'class': 'bnlabel' }, g).textContent =
					    'bottleneck';
				}
			});
		}
	}

	function drawNodes(p, svg) {
		var v, xy, role, server, shape, out, lab, nic;
		p.hostEls = [];
		for (v = 0; v < p.nodes.length; v++) {
			xy = pos(p, v);
			role = p.nodes[v][3];
			if (role === 'switch') {
				el('circle', { cx: xy[0], cy: xy[1], r: 5,
				    'class': 'switch' }, svg);
				continue;
			}
			server = /\(server/.test(role) || /shard/.test(role);
			shape = server ? el('rect', { x: xy[0] - 11, y: xy[1] - 11,
			    width: 22, height: 22, rx: 3,
			    'class': 'host server', fill: '#fff' }, svg) :
			    el('circle', { cx: xy[0], cy: xy[1], r: 11,
			    'class': 'host', fill: '#fff' }, svg);
			shape.setAttribute('data-host', p.nodes[v][2]);
			el('title', {}, shape).textContent = role;
			out = [xy[0] - SIZE / 2, xy[1] - SIZE / 2];
			var d = Math.hypot(out[0], out[1]) || 1;
			var bx = xy[0] + out[0] / d * 58, by = xy[1] + out[1] / d * 40;
			lab = el('text', { x: bx, y: by - 14, 'class': 'hostlabel' },
			    svg);
			lab.textContent = p.nodes[v][2];
			nic = el('text', { x: bx, y: by, 'class': 'niclabel' },
			    svg);
			var bar = el('g', { 'class': 'demand' }, svg);
			el('rect', { x: bx - 22, y: by + 8, width: 44, height: 5,
			    'class': 'demandbg' }, bar);
			var fill = el('rect', { x: bx - 22, y: by + 8, width: 44,
			    height: 5, 'class': 'demandfill' }, bar);
			var left = el('text', { x: bx, y: by + 21,
			    'class': 'niclabel' }, bar);
			if (p.nodes.length > LABELS) {
				lab.setAttribute('display', 'none');
				nic.setAttribute('display', 'none');
				bar.setAttribute('display', 'none');
			}
			p.hostEls[v] = { shape: shape, nic: nic, spans: [], events: [],
			    downs: [], fill: fill, left: left, role: role,
			    flash: el('text', { x: bx, y: by + 34, 'class': 'flash' },
			    svg) };
		}
		for (v = 0; v + 2 < p.down.length; v += 3)
			if (p.hostEls[p.down[v]])
				p.hostEls[p.down[v]].downs.push(
				    [p.down[v + 1], p.down[v + 2]]);
		for (v = 0; v + 2 < p.instants.length; v += 3)
			if (p.hostEls[p.instants[v]])
				p.hostEls[p.instants[v]].events.push(
				    [p.instants[v + 1], p.instants[v + 2]]);
		for (v = 0; v + 2 < p.compute.length; v += 3)
			if (p.hostEls[p.compute[v]])
				p.hostEls[p.compute[v]].spans.push(
				    [p.compute[v + 1], p.compute[v + 2]]);
	}

	function build(p, main) {
		var sec = html('section', 'panel', null, main), svg, k;
		header(p, html('div', 'text', null, sec));
		svg = el('svg', { viewBox: '0 0 ' + SIZE + ' ' + SIZE,
		    role: 'img', 'aria-label': p.name }, sec);
		drawLanes(p, svg);
		drawNodes(p, svg);
		p.nicTotal = nicSums(p, function (lane) {
			return lane.gb(p.span_s); });
		p.hostEls.forEach(function (h, v) {
			h.need = need(p, v);
			h.shape.setAttribute('data-need-gbps', h.need.toPrecision(9));
		});
		p.paths = p.routes.map(function (r) { return path(p, r); });
		p.markLayer = el('g', {}, svg);
		p.markEls = [];
		p.order = [];
		for (k = 0; k + 3 < p.marks.length; k += 4)
			p.order.push(k);
		p.order.sort(function (a, b) { return p.marks[a] - p.marks[b]; });
		p.clock = el('text', { x: 8, y: 16, 'class': 'hostlabel',
		    'text-anchor': 'start', 'data-role': 'clock' }, svg);
		p.clock.setAttribute('style', 'text-anchor: start');
		p.section = sec;
	}

	/* each host's NIC: what its lanes carry out of it and into it, each
	 * lane's value(lane) summed */
	function nicSums(p, value) {
		var loads = {}, i, le, l, e, a, b, dir, g;
		for (i = 0; i < p.laneEls.length; i++) {
			le = p.laneEls[i];
			l = le.link;
			e = p.links[l][2];
			a = p.edges[e][0];
			b = p.edges[e][1];
			if (a === b)
				continue;
			dir = p.links[l][3];
			g = value(le.lane);
			[a, b].forEach(function (h, k) {
				if (!p.hostEls[h])
					return;
				var x = loads[h] = loads[h] || [0, 0];
				if (dir === 0)
					x[0] += g, x[1] += g;
				else if ((dir > 0) === (k === 0))
					x[0] += g;
				else
					x[1] += g;
			});
		}
		return loads;
	}

	function within(spans, t) {
		return spans.some(function (s) { return s[0] <= t && t < s[1]; });
	}

	/* a host's state at t: down, computing, sending, receiving or
	 * waiting */
	function state(h, x, t) {
		if (within(h.downs, t))
			return 'down';
		if (within(h.spans, t))
			return 'computing';
		if (x[0] > 0)
			return 'sending';
		return x[1] > 0 ? 'receiving' : 'waiting';
	}
	var FILL = { down: '#9e9e9e', computing: '#a6d96a', sending: '#fff',
	    receiving: '#fff', waiting: '#fff' };

	/* what NIC v must move a step to keep up with the compute, Gbps,
	 * the direction with more: its bytes in the steps played over their
	 * count (not around a fault, where steps are not whole) */
	function need(p, v) {
		var tot = p.nicTotal[v] || [0, 0], n = p.steps[1] - p.steps[0] + 1;
		if (p.fault || !p.demand || !(p.demand.compute_s > 0) || n < 1)
			return 0;
		return Math.max(tot[0], tot[1]) / n * 8 / p.demand.compute_s;
	}

	/* each NIC's bytes left to move in the steps played, the direction
	 * with more: its bar drains as they go */
	function drawDemand(p, h, v, sent) {
		var tot = p.nicTotal[v] || [0, 0], k = tot[1] > tot[0] ? 1 : 0;
		var left = Math.max(0, tot[k] - (sent[v] || [0, 0])[k]);
		var f = tot[k] > 0 ? left / tot[k] : 0;
		h.fill.setAttribute('width', (44 * f).toFixed(2));
		h.left.textContent = tot[k] > 0 ? (k ? '\u2193 ' : '\u2191 ') +
		    sig(left, 3) + ' of ' + sig(tot[k], 3) + ' GB left' : '';
		h.shape.setAttribute('data-left-gb', left.toPrecision(9));
	}

	function drawAt(p, t) {
		var i, le, g, gb, nominal, loads, sent, v, h, st, k, m, n = 0,
		    fl = 0, f, xy;
		for (i = 0; i < p.laneEls.length; i++) {
			le = p.laneEls[i];
			g = le.lane.gbps(t);
			gb = le.lane.gb(Math.min(t, p.span_s));
			nominal = p.links[le.link][1];
			f = nominal > 0 ? g / nominal : 0;
			le.el.setAttribute('stroke', colour(f));
			le.el.setAttribute('stroke-width',
			    (2 + 5 * Math.min(1, f)).toFixed(2));
			le.el.setAttribute('data-gbps', g.toPrecision(9));
			le.el.setAttribute('data-share', f.toPrecision(9));
			le.el.setAttribute('data-gb', gb.toPrecision(12));
			le.label.textContent = g > 0 ? fmt(g, g >= 100 ? 0 : 1) : '';
			le.title.textContent = p.links[le.link][0] + ': ' +
			    fmt(g, 3) + ' Gbps of ' + nominal + ' Gbps (' +
			    fmt(100 * f, 0) + '%); ' + fmt(gb, 3) +
			    ' GB carried so far';
		}
		loads = nicSums(p, function (lane) { return lane.gbps(t); });
		sent = nicSums(p, function (lane) {
			return lane.gb(Math.min(t, p.span_s)); });
		for (v in p.hostEls) {
			h = p.hostEls[v];
			var x = loads[v] || [0, 0];
			st = state(h, x, t);
			h.shape.setAttribute('fill', FILL[st]);
			h.shape.setAttribute('data-state', st);
			h.shape.setAttribute('data-computing',
			    st === 'computing' ? '1' : '0');
			h.shape.classList.toggle('down', st === 'down');
			/* a fault, restart or checkpoint shows for a 10th of the
			 * steps played, a host down all along */
			var ev = h.events.filter(function (x) {
				return x[0] <= t && t - x[0] <= p.span_s / 10; });
			h.flash.textContent = st === 'down' ? 'DOWN' :
			    ev.length ? ev[ev.length - 1][1] : '';
			h.nic.textContent = '\u2191' + fmt(x[0], 1) + ' \u2193' +
			    fmt(x[1], 1) + ' Gbps' + (h.need > 0 ? ', needs ' +
			    sig(h.need, 3) : '');
			h.shape.setAttribute('data-out-gbps', x[0].toPrecision(9));
			h.shape.setAttribute('data-in-gbps', x[1].toPrecision(9));
			h.shape.firstChild.textContent = h.role + ': ' + st;
			drawDemand(p, h, v, sent);
		}
		/* every message in flight at t (the marks sorted by start) */
		for (k = 0; k < p.order.length; k++) {
			i = p.order[k];
			if (p.marks[i] > t)
				break;
			if (p.marks[i + 1] <= t)
				continue;
			fl++;
			if (n >= MAXMARKS)
				continue;
			f = (t - p.marks[i]) / (p.marks[i + 1] - p.marks[i]);
			xy = along(p.paths[p.marks[i + 2]], f);
			m = p.markEls[n];
			if (!m)
				m = p.markEls[n] = el('circle', { r: 3.2,
				    'class': 'mark' }, p.markLayer);
			m.setAttribute('cx', xy[0].toFixed(1));
			m.setAttribute('cy', xy[1].toFixed(1));
			m.setAttribute('fill', KCOL[p.marks[i + 3]] || KCOL[0]);
			m.removeAttribute('display');
			n++;
		}
		for (k = n; k < p.markEls.length; k++)
			p.markEls[k].setAttribute('display', 'none');
		/* steps done in the window (each step's exchanges
		 * weigh one over their number), and their rate since
		 * its start */
		var lo = 0, hi = p.exchanges.length, u = Math.min(t, p.span_s);
		while (lo < hi) {
			m = (lo + hi) >> 1;
			if (p.exchanges[m] <= u)
				lo = m + 1;
			else
				hi = m;
		}
		var done = lo > 0 ? Math.floor(p.done_after[lo - 1] + 1e-9) :
		    0;
		p.clock.textContent = 't = ' + secs(p.start_s + Math.max(0, u)) +
		    (t < 0 ? ' (before its steps)' : t > p.span_s ? ' (done)' :
		    '') + ' \u00b7 ' + fl + ' in flight' +
		    (fl > n ? ', ' + n + ' drawn' : '') + ' \u00b7 ' + done +
		    ' step' + (done === 1 ? '' : 's') + ' done' + (u > 0 ?
		    ', ' + sig(done / u, 3) + ' a second' : '');
		p.section.setAttribute('data-steps-done', done);
		p.section.setAttribute('data-marks', n);
		p.section.setAttribute('data-in-flight', fl);
	}

	var slider, clock, button, alignSel = null;
	/* panel p's time at the page's now: on one clock (align 'clock') now
	 * runs from t0all, the earliest panel's start; aligned at their
	 * steps ('steps') each panel starts its steps at 0; at their first
	 * fault ('fault') each panel's first preemption or failure comes at
	 * the same instant, the latest of them from its panel's start */
	function firstFault(p) {
		var m = Infinity, i;
		for (i = 0; i + 2 < p.down.length; i += 3)
			m = Math.min(m, p.down[i + 1]);
		return isFinite(m) ? m : 0;
	}
	/* (lead: the latest panel's first fault, set once below) */
	function local(p, t) {
		return align === 'clock' ? t + t0all - p.start_s :
		    align === 'fault' ? t - lead + p.fault0 : t;
	}
	function spanOf(mode) {
		var m = 0;
		data.forEach(function (p) {
			m = Math.max(m, p.span_s + (mode === 'clock' ?
			    p.start_s - t0all : mode === 'fault' ? lead -
			    p.fault0 : 0));
		});
		return m;
	}
	function seek(t) {
		now = Math.max(0, Math.min(span, t));
		panels.forEach(function (p) { drawAt(p, local(p, now)); });
		slider.value = span > 0 ? now / span * 1000 : 0;
		clock.textContent = align === 'clock' ? 't = ' +
		    (t0all + now).toFixed(4) + ' s simulated (' +
		    t0all.toFixed(4) + ' to ' + (t0all + span).toFixed(4) +
		    ' s)' : align === 'fault' ? secs(Math.abs(now - lead)) +
		    (now < lead ? ' before' : ' after') + ' each panel\'s ' +
		    'first fault' : secs(now) + ' into each panel\'s steps, of ' +
		    secs(span);
		document.body.setAttribute('data-time', String(now));
	}
	function setAlign(mode) {
		var f = span > 0 ? now / span : 0;
		align = mode;
		span = spanOf(mode);
		if (alignSel)
			alignSel.value = mode;
		seek(f * span);
	}
	/* the next (dir 1) or previous (-1) event on any panel after now: a
	 * fault, a return, a restart, a checkpoint */
	function event(dir) {
		var best = null;
		panels.forEach(function (p) {
			p.hostEls.forEach(function (h) {
				h.events.concat(h.downs).forEach(function (x) {
					var t = x[0] - local(p, 0);
					if ((dir > 0 ? t > now + 1e-9 : t < now - 1e-9) &&
					    (best === null || (dir > 0 ? t < best : t > best)))
						best = t;
				});
			});
		});
		return best;
	}
	/* a speed in words: simulated seconds per second against real time */
	function pace(x) {
		if (Math.abs(x - 1) < 1e-9)
			return 'real time';
		return x < 1 ? sig(1 / x, 3) + ' times slower than real time' :
		    sig(x, 3) + ' times faster than real time';
	}
	function frame(ts) {
		if (!playing)
			return;
		if (last !== null)
			seek(now + (ts - last) / 1000 * speed);
		last = ts;
		if (now >= span) {
			pause();
			return;
		}
		requestAnimationFrame(frame);
	}
	function play() {
		if (now >= span)
			seek(0);
		playing = true;
		last = null;
		button.textContent = 'Pause';
		requestAnimationFrame(frame);
	}
	function pause() {
		playing = false;
		button.textContent = 'Play';
	}

	function controls() {
		var head = html('header', null, null, document.body), bar, sel,
		    leg, base;
		html('h1', null, 'psim animate: ' + data.map(function (p) {
			return p.name; }).join(' \u00b7 '), head);
		bar = html('div', 'controls', null, head);
		button = html('button', null, 'Play', bar);
		button.id = 'play';
		button.addEventListener('click', function () {
			if (playing) pause(); else play();
		});
		slider = html('input', null, null, bar);
		slider.type = 'range';
		slider.id = 'scrubber';
		slider.min = 0;
		slider.max = 1000;
		slider.value = 0;
		slider.setAttribute('aria-label', 'simulated time');
		slider.addEventListener('input', function () {
			seek(slider.value / 1000 * span);
		});
		clock = html('span', 'clock', null, bar);
		base = span > 0 ? span / 12 : 1;
		sel = html('select', null, null, bar);
		sel.id = 'speed';
		sel.setAttribute('aria-label', 'speed');
		[0.25, 0.5, 1, 2, 4].forEach(function (x) {
			var o = html('option', null, pace(base * x), sel);
			o.value = String(base * x);
			if (x === 1)
				o.selected = true;
		});
		speed = base;
		sel.addEventListener('change', function () {
			speed = parseFloat(sel.value);
		});
		alignSel = html('select', null, null, bar);
		alignSel.id = 'align';
		alignSel.setAttribute('aria-label', 'clock');
		[['clock', 'one clock for all panels'],
		    ['steps', 'each panel from its steps\' start'],
		    ['fault', 'each panel at its first fault']].forEach(
		    function (x) {
			var o = html('option', null, x[1], alignSel);
			o.value = x[0];
		});
		alignSel.addEventListener('change', function () {
			setAlign(alignSel.value);
		});
		html('span', 'keys', 'keys: space play/pause, \u2190 \u2192 a ' +
		    '50th, n p next/previous fault, + \u2212 speed', bar);
		document.addEventListener('keydown', function (ev) {
			var t;
			if (ev.target && ev.target.tagName === 'INPUT' &&
			    ev.key !== ' ')
				return;
			if (ev.key === ' ') {
				if (playing) pause(); else play();
			} else if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft')
				seek(now + (ev.key === 'ArrowRight' ? 1 : -1) * span / 50);
			else if (ev.key === 'n' || ev.key === 'p') {
				if ((t = event(ev.key === 'n' ? 1 : -1)) !== null)
					seek(t);
			} else if (ev.key === '+' || ev.key === '-') {
				sel.selectedIndex = Math.max(0, Math.min(
				    sel.options.length - 1, sel.selectedIndex +
				    (ev.key === '+' ? 1 : -1)));
				speed = parseFloat(sel.value);
			} else
				return;
			ev.preventDefault();
		});
		leg = html('div', 'legend', null, head);
		var sc = html('span', null, 'link load, share of its own ' +
		    'capacity: 0% ', leg);
		var bar2 = html('span', 'scale', null, sc);
		bar2.style.background = 'linear-gradient(to right, ' +
		    [0, 0.001, 0.25, 0.5, 0.75, 1].map(function (f) {
			    return colour(f); }).join(', ') + ')';
		sc.appendChild(document.createTextNode(' 100% (dashed: the ' +
		    'bottleneck)'));
		KINDS.forEach(function (k, i) {
			var used = data.some(function (p) {
				for (var j = 3; j < p.marks.length; j += 4)
					if (p.marks[j] === i)
						return true;
				return false;
			});
			if (!used)
				return;
			var s = html('span', null, null, leg);
			html('span', 'dot', null, s).style.background = KCOL[i];
			s.appendChild(document.createTextNode(k));
		});
		html('span', null, 'green host: computing; grey: down; ' +
		    '\u2191 sent, \u2193 received by its NIC, and the Gbps it ' +
		    'needs to move a step\'s bytes in the compute\'s time; its ' +
		    'bar: the bytes it has left to move in these steps', leg);
	}

	data.forEach(function (p) {
		t0all = Math.min(t0all, p.start_s);
		p.fault0 = firstFault(p);
		lead = Math.max(lead, p.fault0);
	});
	if (!isFinite(t0all))
		t0all = 0;
	document.documentElement.style.setProperty('--panels',
	    String(Math.max(1, data.length)));
	span = spanOf(align);
	controls();
	/* one or two panels: each one's text beside its drawing */
	var main = html('main', data.length <= 2 ? 'wide' : 'many', null,
	    document.body);
	data.forEach(function (p) {
		build(p, main);
		panels.push(p);
	});
	seek(0);

	/* for tests and scripts: the page's state, from what is drawn */
	window.psimAnimate = {
		seek: seek, play: play, pause: pause,
		time: function () { return now; },
		align: setAlign,
		start: function () { return t0all; },
		span: function () { return span; },
		playing: function () { return playing; },
		lanes: function (i) {
			return Array.prototype.map.call(
			    panels[i].section.querySelectorAll('[data-link]'),
			    function (e) {
				return { link: e.getAttribute('data-link'),
				    gbps: parseFloat(e.getAttribute('data-gbps')),
				    gb: parseFloat(e.getAttribute('data-gb')),
				    colour: e.getAttribute('stroke'),
				    title: e.textContent };
			    });
		},
		hosts: function (i) {
			return Array.prototype.map.call(
			    panels[i].section.querySelectorAll('[data-host]'),
			    function (e) {
				return { host: e.getAttribute('data-host'),
				    out: parseFloat(e.getAttribute('data-out-gbps')),
				    in: parseFloat(e.getAttribute('data-in-gbps')),
				    left: parseFloat(e.getAttribute('data-left-gb')),
				    need: parseFloat(e.getAttribute('data-need-gbps')),
				    state: e.getAttribute('data-state'),
				    computing: e.getAttribute('data-computing') === '1' };
			    });
		},
		figures: function (i) {
			return panels[i].section.querySelector(
			    '[data-role=figures]').textContent;
		},
		marks: function (i) {
			return parseInt(panels[i].section.getAttribute('data-marks'), 10);
		},
		inFlight: function (i) {
			return parseInt(panels[i].section.getAttribute(
			    'data-in-flight'), 10);
		},
		panelStart: function (i) { return panels[i].start_s; },
		stepsDone: function (i) {
			return parseInt(panels[i].section.getAttribute(
			    'data-steps-done'), 10);
		}
	};
})();
