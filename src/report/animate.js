/* psim animate: the page's player (compiled into psim, animate-assets.c).
 * It only draws: psim computed the graph, its layout and every link's
 * rate.  Times are simulated seconds from the start of each scenario's
 * chosen steps. */
(function () {
	'use strict';
	var NS = 'http://www.w3.org/2000/svg';
	var KINDS = ['all-reduce', 'push', 'pull', 'checkpoint', 'restore'];
	var KCOL = ['#7b3294', '#2166ac', '#e66101', '#666666', '#1b7837'];
	var SIZE = 520, R = 200, MAXMARKS = 1500, LABELS = 48;
	var data = JSON.parse(document.getElementById('psim-data').textContent);
	var panels = [], span = 0, scaleMax = 0, now = 0, playing = false;
	var speed = 1, last = null;

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
	function secs(s) {
		if (s >= 3600)
			return (s / 3600).toPrecision(4) + ' h';
		if (s >= 1 || s === 0)
			return s.toPrecision(4).replace(/\.?0+$/, '') + ' s';
		if (s >= 1e-3)
			return (s * 1e3).toPrecision(4).replace(/\.?0+$/, '') + ' ms';
		return (s * 1e6).toPrecision(4).replace(/\.?0+$/, '') + ' us';
	}

	/* the colour of g Gbps on the page's one scale */
	var STOPS = [[0, [217, 217, 217]], [1e-9, [254, 224, 139]],
	    [0.5, [252, 141, 89]], [1, [215, 48, 39]]];
	function colour(g) {
		var f = scaleMax > 0 ? Math.min(1, Math.max(0, g / scaleMax)) : 0;
		var i, a, b, u;
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

	function header(p, sec) {
		var steps = p.steps[0] === p.steps[1] ? 'step ' + p.steps[0] :
		    'steps ' + p.steps[0] + '..' + p.steps[1];
		html('h2', null, p.name, sec);
		if (p.description)
			html('p', null, p.description, sec);
		html('p', 'figures', 'step time ' + secs(p.step_s) +
		    ' simulated (closed form ' + secs(p.analytic_step_s) +
		    ') \u00b7 bottleneck: ' + p.bottleneck + ', ' + p.resource,
		    sec).setAttribute('data-role', 'figures');
		html('p', null, 'playing ' + steps + ' (0-based) of the run\'s ' +
		    p.run_steps + ': ' + secs(p.span_s) + ' simulated, ' +
		    p.messages + ' messages', sec);
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
				if (p.links[li][0] === p.bottleneck_link)
					lane.setAttribute('data-bottleneck', '1');
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
			lab = el('text', { x: xy[0] + out[0] / d * 30,
			    y: xy[1] + out[1] / d * 24 - 6, 'class': 'hostlabel' },
			    svg);
			lab.textContent = p.nodes[v][2];
			nic = el('text', { x: xy[0] + out[0] / d * 30,
			    y: xy[1] + out[1] / d * 24 + 6, 'class': 'niclabel' },
			    svg);
			if (p.nodes.length > LABELS) {
				lab.setAttribute('display', 'none');
				nic.setAttribute('display', 'none');
			}
			p.hostEls[v] = { shape: shape, nic: nic, spans: [], events: [],
			    flash: el('text', { x: xy[0] + out[0] / d * 30,
			    y: xy[1] + out[1] / d * 24 + 17, 'class': 'flash' }, svg) };
		}
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
		header(p, sec);
		svg = el('svg', { viewBox: '0 0 ' + SIZE + ' ' + SIZE,
		    role: 'img', 'aria-label': p.name }, sec);
		drawLanes(p, svg);
		drawNodes(p, svg);
		p.paths = p.routes.map(function (r) { return path(p, r); });
		p.markLayer = el('g', {}, svg);
		p.markEls = [];
		p.order = [];
		for (k = 0; k + 3 < p.marks.length; k += 4)
			p.order.push(k);
		p.order.sort(function (a, b) { return p.marks[a] - p.marks[b]; });
		p.clock = el('text', { x: 8, y: 16, 'class': 'hostlabel',
		    'text-anchor': 'start' }, svg);
		p.clock.setAttribute('style', 'text-anchor: start');
		p.section = sec;
	}

	/* each host's NIC: what its lanes carry out of it and into it */
	function nicLoads(p, t) {
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
			g = le.lane.gbps(t);
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

	function drawAt(p, t) {
		var i, le, g, gb, nominal, loads, v, h, busy, k, m, n = 0, f, xy, c;
		for (i = 0; i < p.laneEls.length; i++) {
			le = p.laneEls[i];
			g = le.lane.gbps(t);
			gb = le.lane.gb(Math.min(t, p.span_s));
			nominal = p.links[le.link][1];
			c = colour(g);
			le.el.setAttribute('stroke', c);
			le.el.setAttribute('stroke-width',
			    (2 + 5 * Math.min(1, scaleMax > 0 ? g / scaleMax : 0)).toFixed(2));
			le.el.setAttribute('data-gbps', g.toPrecision(9));
			le.el.setAttribute('data-gb', gb.toPrecision(12));
			le.label.textContent = g > 0 ? fmt(g, g >= 100 ? 0 : 1) : '';
			le.title.textContent = p.links[le.link][0] + ': ' +
			    fmt(g, 3) + ' Gbps of ' + nominal + ' Gbps; ' +
			    fmt(gb, 3) + ' GB carried so far';
		}
		loads = nicLoads(p, t);
		for (v in p.hostEls) {
			h = p.hostEls[v];
			busy = h.spans.some(function (s) { return s[0] <= t && t < s[1]; });
			h.shape.setAttribute('fill', busy ? '#a6d96a' : '#fff');
			h.shape.setAttribute('data-computing', busy ? '1' : '0');
			/* a fault, restart or checkpoint shows for a 40th of the
			 * steps played */
			var ev = h.events.filter(function (x) {
				return x[0] <= t && t - x[0] <= p.span_s / 40; });
			h.flash.textContent = ev.length ? ev[ev.length - 1][1] : '';
			var x = loads[v] || [0, 0];
			h.nic.textContent = '\u2191' + fmt(x[0], 1) + ' \u2193' +
			    fmt(x[1], 1) + ' Gbps';
			h.shape.setAttribute('data-out-gbps', x[0].toPrecision(9));
			h.shape.setAttribute('data-in-gbps', x[1].toPrecision(9));
		}
		for (k = 0; k < p.order.length && n < MAXMARKS; k++) {
			i = p.order[k];
			if (p.marks[i] > t)
				break;
			if (p.marks[i + 1] <= t)
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
		p.clock.textContent = 't = ' + secs(Math.min(t, p.span_s)) +
		    (t > p.span_s ? ' (done)' : '');
		p.section.setAttribute('data-marks', n);
	}

	var slider, clock, button;
	function seek(t) {
		now = Math.max(0, Math.min(span, t));
		panels.forEach(function (p) { drawAt(p, now); });
		slider.value = span > 0 ? now / span * 1000 : 0;
		clock.textContent = 't = ' + now.toFixed(4) + ' s simulated, of ' +
		    span.toFixed(4) + ' s';
		document.body.setAttribute('data-time', String(now));
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
			var o = html('option', null, '1 s = ' + secs(base * x) +
			    ' simulated', sel);
			o.value = String(base * x);
			if (x === 1)
				o.selected = true;
		});
		speed = base;
		sel.addEventListener('change', function () {
			speed = parseFloat(sel.value);
		});
		leg = html('div', 'legend', null, head);
		var sc = html('span', null, 'link load, Gbps: 0 ', leg);
		var bar2 = html('span', 'scale', null, sc);
		bar2.style.background = 'linear-gradient(to right, ' +
		    [0, 0.001, 0.25, 0.5, 0.75, 1].map(function (f) {
			    return colour(f * scaleMax); }).join(', ') + ')';
		sc.appendChild(document.createTextNode(' ' + scaleMax));
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
		html('span', null, 'green host: computing; \u2191 sent, ' +
		    '\u2193 received by its NIC', leg);
	}

	data.forEach(function (p) {
		span = Math.max(span, p.span_s);
		p.links.forEach(function (l) {
			var e = l[2];
			if (e >= 0 && p.edges[e][0] !== p.edges[e][1])
				scaleMax = Math.max(scaleMax, l[1]);
		});
	});
	controls();
	var main = html('main', null, null, document.body);
	data.forEach(function (p) {
		build(p, main);
		panels.push(p);
	});
	seek(0);

	/* for tests and scripts: the page's state, from what is drawn */
	window.psimAnimate = {
		seek: seek, play: play, pause: pause,
		time: function () { return now; },
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
				    computing: e.getAttribute('data-computing') === '1' };
			    });
		},
		figures: function (i) {
			return panels[i].section.querySelector(
			    '[data-role=figures]').textContent;
		},
		marks: function (i) {
			return parseInt(panels[i].section.getAttribute('data-marks'), 10);
		}
	};
})();
