/* analytic.c: what every closed form shares.  Each strategy computes its
 * own communication time and volumes (strategy-*.c); this adds the
 * compute time and turns volumes into the bandwidth a NIC needs to keep
 * up with the compute, the seed answer's "72 Gbps". */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "fluid.h"
#include "hardware.h"
#include "xmalloc.h"

static double
most(double a, double b)
{
	return a > b ? a : b;
}

void
analytic_round_init(struct round *r, const struct shape *s)
{
	size_t hosts = (size_t)(s->n + s->servers), racks = (size_t)s->racks + 1;

	r->s = s;
	r->up = xcalloc(hosts, sizeof *r->up);
	r->down = xcalloc(hosts, sizeof *r->down);
	r->out = xcalloc(racks, sizeof *r->out);
	r->in = xcalloc(racks, sizeof *r->in);
	r->sw = xcalloc(racks, sizeof *r->sw);
	r->load = s->route != NULL ? xcalloc((size_t)s->nlinks,
	    sizeof *r->load) : NULL;
	r->fsrc = r->fdst = NULL;
	r->fbytes = NULL;
	r->fround = NULL;
	r->nflows = r->cap = r->staggered = r->round = r->first = 0;
	r->ready = r->next = r->lo_ready = r->lo_next = NULL;
	r->lat = 0;
	r->binding[0] = r->worst[0] = '\0';
	r->worst_s = 0;
	r->flow_s = 0;
}

void
analytic_round_flow(struct round *r, int src, int dst, double bytes)
{
	const struct shape *s = r->s;
	int a = s->racks > 0 ? s->rack_of[src] : 0;
	int b = s->racks > 0 ? s->rack_of[dst] : 0;

	const int *links;
	int i, len, l;
	double cap, w = bytes;	/* w: what it loads its route with */

	if (src == dst)		/* a host's loopback: no network */
		return;
	if (shape_between_machines(s, src, dst)) {
		if ((cap = shape_flow_cap(s, bytes)) > 0 &&
		    bytes / cap > r->flow_s)
			r->flow_s = bytes / cap;
		/* it takes more of its route for the bytes it moves */
		w = bytes / shape_flow_gain(s, bytes);
	}
	if (r->ready != NULL) {
		if (r->nflows == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 64;
			r->fsrc = xreallocarray(r->fsrc, (size_t)r->cap,
			    sizeof *r->fsrc);
			r->fdst = xreallocarray(r->fdst, (size_t)r->cap,
			    sizeof *r->fdst);
			r->fbytes = xreallocarray(r->fbytes, (size_t)r->cap,
			    sizeof *r->fbytes);
			r->fround = xreallocarray(r->fround, (size_t)r->cap,
			    sizeof *r->fround);
		}
		r->fsrc[r->nflows] = src;
		r->fbytes[r->nflows] = bytes;
		r->fround[r->nflows] = r->round;
		r->fdst[r->nflows++] = dst;
	}
	if (s->route != NULL) {
		len = s->route(s->route_ctx, src, dst, &links);
		for (i = 0; i < len; i++) {
			l = links[i];
			if (s->link_shared[l])
				r->load[l] += w;
			else if (w > r->load[l])
				r->load[l] = w;
		}
		return;
	}
	r->up[src] += w;
	r->down[dst] += w;
	r->sw[a] += w;
	if (a != b) {
		r->sw[b] += w;
		r->out[a] += w;
		r->in[b] += w;
	}
}

void
analytic_round_schedule(struct round *r, double alpha)
{
	size_t hosts = (size_t)(r->s->n + r->s->servers);

	r->ready = xcalloc(hosts, sizeof *r->ready);
	r->next = xcalloc(hosts, sizeof *r->next);
	r->lo_ready = xcalloc(hosts, sizeof *r->lo_ready);
	r->lo_next = xcalloc(hosts, sizeof *r->lo_next);
	r->lat = alpha;
}

/* analytic_round_span's rule, over consecutive steps: a flow of round
 * r once both its hosts are done with their flows of the rounds before,
 * alpha after; a host's first flow of a step after its compute, which
 * starts when its flows of the step before are done.  Tags run on
 * across steps: step s's round r is s * rounds + r. */
struct round_rule {
	int		 rounds, tags;
	int		*left;		/* [host * tags + tag]: not ended */
	int		*upto;		/* [host]: its tags before done */
	int		*step;		/* [host]: the step of its last flow */
	double		*free_at;	/* [host]: when that ended */
	double		*end;		/* [step]: its last flow's end */
	double		 lat, compute;
};

/* When host h is free for a flow of tag t. */
static double
round_ready(const struct round_rule *rr, int h, int t)
{
	return rr->free_at[h] + (t / rr->rounds > rr->step[h] ?
	    rr->compute : 0);
}

static int
round_may_start(void *ctx, const struct fluid_flow *f, double now,
    double *at)
{
	const struct round_rule *rr = ctx;

	(void)now;
	*at = most(round_ready(rr, f->src, f->tag), round_ready(rr, f->dst,
	    f->tag)) + rr->lat;
	return rr->upto[f->src] >= f->tag && rr->upto[f->dst] >= f->tag;
}

/* Host h's tags done, up to its first with a flow not ended. */
static void
round_advance(struct round_rule *rr, int h)
{
	while (rr->upto[h] < rr->tags &&
	    rr->left[(size_t)h * rr->tags + rr->upto[h]] == 0)
		rr->upto[h]++;
}

static void
round_ended(void *ctx, const struct fluid_flow *f, double t)
{
	struct round_rule *rr = ctx;
	int h, k, s = f->tag / rr->rounds;

	for (k = 0; k < 2; k++) {
		h = k ? f->dst : f->src;
		rr->left[(size_t)h * rr->tags + f->tag]--;
		rr->free_at[h] = most(rr->free_at[h], t);
		rr->step[h] = s;
		round_advance(rr, h);
	}
	rr->end[s] = most(rr->end[s], t);
}

/* The most steps the fluid runs: the run's, up to this. */
#define FLUID_STEPS	16

/* The scheduled rounds' flows as a fluid over the run's steps (up to
 * FLUID_STEPS), each after its compute: a step's communication as the
 * run measures it (from the last end of a step to the next's, over the
 * steps after the warm-up, minus the compute: a host done early starts
 * its next step's compute while others finish), or -1 if it does not
 * apply. */
static double
round_fluid(const struct round *r)
{
	int h, i, s, n = r->nflows, hosts = r->s->n + r->s->servers;
	int steps = r->s->steps, warm = r->s->warmup;
	struct round_rule rr;
	struct fluid_rules rules = { round_may_start, round_ended, &rr };
	struct fluid_flow *f;
	double t;

	if (steps < 1 || steps > FLUID_STEPS)
		steps = FLUID_STEPS;
	if (warm < 0 || warm >= steps)
		warm = steps - 1;
	if (r->s->route != NULL || n == 0 ||
	    (double)n * steps > FLUID_MAX_FLOWS ||
	    (double)hosts * r->round * steps > 4e7)
		return -1;
	memset(&rr, 0, sizeof rr);
	rr.rounds = r->round;
	rr.tags = r->round * steps;
	rr.lat = r->lat;
	rr.compute = r->s->compute_s;
	f = xcalloc((size_t)n * steps, sizeof *f);
	rr.left = xcalloc((size_t)hosts * rr.tags, sizeof *rr.left);
	rr.upto = xcalloc((size_t)hosts, sizeof *rr.upto);
	rr.step = xcalloc((size_t)hosts, sizeof *rr.step);
	rr.free_at = xcalloc((size_t)hosts, sizeof *rr.free_at);
	rr.end = xcalloc((size_t)steps, sizeof *rr.end);
	for (s = 0; s < steps; s++) {
		for (i = 0; i < n; i++) {
			struct fluid_flow *g = &f[(size_t)s * n + i];

			g->src = r->fsrc[i];
			g->dst = r->fdst[i];
			g->bytes = r->fbytes[i];
			g->tag = s * r->round + r->fround[i];
			rr.left[(size_t)g->src * rr.tags + g->tag]++;
			rr.left[(size_t)g->dst * rr.tags + g->tag]++;
		}
	}
	for (h = 0; h < hosts; h++) {
		rr.step[h] = -1;	/* step 0's compute first */
		round_advance(&rr, h);
	}
	t = fluid_run(r->s, f, n * steps, &rules);
	if (t >= 0)	/* step 0 from 0, as the run's first */
		t = (rr.end[steps - 1] - (warm > 0 ? rr.end[warm - 1] : 0)) /
		    (steps - warm) - rr.compute;
	free(f);
	free(rr.left);
	free(rr.upto);
	free(rr.step);
	free(rr.free_at);
	free(rr.end);
	return t;
}

double
analytic_round_span(struct round *r)
{
	int h, hosts = r->s->n + r->s->servers;
	double t = round_fluid(r);

	if (t >= 0) {
		r->staggered = 0;	/* exact: no bound to give */
		return t;
	}
	for (h = 0, t = 0; h < hosts; h++)
		if (r->ready[h] > t)
			t = r->ready[h];
	return t;
}

/* The time flow src -> dst needs in the round: its busiest resource's. */
static double
flow_time(const struct round *r, int src, int dst)
{
	const struct shape *s = r->s;
	const int *links;
	int i, len, a, b;
	double t;

	if (s->route != NULL) {
		len = s->route(s->route_ctx, src, dst, &links);
		for (i = 0, t = 0; i < len; i++)
			t = most(t, r->load[links[i]] / s->link_Bps[links[i]]);
		return t;
	}
	a = s->racks > 0 ? s->rack_of[src] : 0;
	b = s->racks > 0 ? s->rack_of[dst] : 0;
	t = most(r->up[src], r->down[dst]) / s->B;
	if (s->switch_Bps > 0)
		t = most(t, most(r->sw[a], r->sw[b]) / s->switch_Bps);
	if (a != b)
		t = most(t, most(r->out[a] / s->uplink_Bps[a],
		    r->in[b] / s->uplink_Bps[b]));
	return t;
}

/* The time flow src -> dst of bytes needs alone: at its route's
 * narrowest capacity. */
static double
alone_time(const struct round *r, int src, int dst, double bytes)
{
	const struct shape *s = r->s;
	const int *links;
	int i, len, a, b;
	double c = s->B, cap;

	if (s->route != NULL) {
		len = s->route(s->route_ctx, src, dst, &links);
		for (i = 0, c = 0; i < len; i++)
			if (c == 0 || s->link_Bps[links[i]] < c)
				c = s->link_Bps[links[i]];
		if (c == 0)
			return 0;
	} else {
		a = s->racks > 0 ? s->rack_of[src] : 0;
		b = s->racks > 0 ? s->rack_of[dst] : 0;
		if (s->switch_Bps > 0 && s->switch_Bps < c)
			c = s->switch_Bps;
		if (a != b && s->uplink_Bps[a] < c)
			c = s->uplink_Bps[a];
		if (a != b && s->uplink_Bps[b] < c)
			c = s->uplink_Bps[b];
	}
	if (shape_between_machines(s, src, dst)) {
		c *= shape_flow_gain(s, bytes);
		if ((cap = shape_flow_cap(s, bytes)) > 0 && cap < c)
			c = cap;
	}
	return bytes / c;
}

/* Host h done with its flows of the round at end, in next. */
static void
schedule_end(double *next, int src, int dst, double end)
{
	next[src] = most(next[src], end);
	next[dst] = most(next[dst], end);
}

/* Each flow of the round from when both its hosts are free, sharing its
 * busiest resource with the round's other flows; and alone. */
static void
round_schedule(struct round *r)
{
	int i, shares = 0, hosts = r->s->n + r->s->servers;
	double start, first = -1, last = 0, t, alone;
	size_t size = (size_t)hosts * sizeof *r->next;

	memcpy(r->next, r->ready, size);
	memcpy(r->lo_next, r->lo_ready, size);
	for (i = r->first; i < r->nflows; i++) {
		start = most(r->ready[r->fsrc[i]], r->ready[r->fdst[i]]);
		t = flow_time(r, r->fsrc[i], r->fdst[i]);
		alone = alone_time(r, r->fsrc[i], r->fdst[i], r->fbytes[i]);
		schedule_end(r->next, r->fsrc[i], r->fdst[i],
		    start + r->lat + t);
		schedule_end(r->lo_next, r->fsrc[i], r->fdst[i],
		    most(r->lo_ready[r->fsrc[i]], r->lo_ready[r->fdst[i]]) +
		    r->lat + alone);
		shares |= t > alone * (1 + 1e-9);
		first = first < 0 || start < first ? start : first;
		last = most(last, start);
	}
	if (shares && last - first > 1e-9 * (last > 0 ? last : 1))
		r->staggered = 1;
	memcpy(r->ready, r->next, size);
	memcpy(r->lo_ready, r->lo_next, size);
	r->first = r->nflows;	/* kept for the fluid (span) */
	r->round++;
}

/* The busiest link of a round on a platform file's routes. */
static double
round_links(struct round *r)
{
	const struct shape *s = r->s;
	double t = 0, v;
	int l, h;

	for (l = 0; l < s->nlinks; l++) {
		if ((v = r->load[l] / s->link_Bps[l]) <= t)
			continue;
		t = v;
		if ((h = s->link_host[l]) < 0)
			snprintf(r->binding, sizeof r->binding, "link %s",
			    s->link_name[l]);
		else
			snprintf(r->binding, sizeof r->binding, "%s %d's NIC",
			    h < s->n ? "worker" : "server",
			    h < s->n ? h : h - s->n);
	}
	memset(r->load, 0, (size_t)s->nlinks * sizeof *r->load);
	return t;
}

double
analytic_round_time(struct round *r)
{
	const struct shape *s = r->s;
	int h, k, hosts = s->n + s->servers, racks = s->racks + 1;
	double t = 0, v;

	r->binding[0] = '\0';
	if (r->ready != NULL)
		round_schedule(r);
	if (s->route != NULL)
		t = round_links(r);
	for (h = 0; h < hosts; h++) {
		v = (r->up[h] > r->down[h] ? r->up[h] : r->down[h]) / s->B;
		if (v <= t)
			continue;
		t = v;
		if (s->groups_are_hosts)
			snprintf(r->binding, sizeof r->binding, "worker %d's GPU "
			    "link in its host", h);
		else if (h < s->n)
			snprintf(r->binding, sizeof r->binding, "worker %d's NIC",
			    h);
		else
			snprintf(r->binding, sizeof r->binding, "server %d's NIC",
			    h - s->n);
	}
	for (k = 0; k < racks && s->switch_Bps > 0; k++) {
		if ((v = r->sw[k] / s->switch_Bps) > t) {
			t = v;
			if (s->racks > 0)
				snprintf(r->binding, sizeof r->binding,
				    "%s %d's switch backplane",
				    s->groups_are_hosts ? "host" : "rack", k);
			else
				snprintf(r->binding, sizeof r->binding,
				    "the switch backplane");
		}
	}
	for (k = 0; k < s->racks; k++) {
		v = (r->out[k] > r->in[k] ? r->out[k] : r->in[k]) /
		    s->uplink_Bps[k];
		if (v > t) {
			t = v;
			if (s->groups_are_hosts)
				snprintf(r->binding, sizeof r->binding,
				    "host %d's NIC", k);
			else
				snprintf(r->binding, sizeof r->binding,
				    "rack %d's uplink", k);
		}
	}
	if (r->flow_s > t) {
		t = r->flow_s;
		snprintf(r->binding, sizeof r->binding, s->flow_rate != NULL &&
		    s->flow_rate->n > 0 ? "the transport's rate" :
		    "the flow cap");
	}
	r->flow_s = 0;
	if (t > r->worst_s) {
		r->worst_s = t;
		memcpy(r->worst, r->binding, sizeof r->worst);
	}
	memset(r->up, 0, (size_t)hosts * sizeof *r->up);
	memset(r->down, 0, (size_t)hosts * sizeof *r->down);
	memset(r->out, 0, (size_t)racks * sizeof *r->out);
	memset(r->in, 0, (size_t)racks * sizeof *r->in);
	memset(r->sw, 0, (size_t)racks * sizeof *r->sw);
	return t;
}

void
analytic_round_release(struct round *r, struct analytic *a)
{
	int h, hosts = r->s->n + r->s->servers;

	snprintf(a->paced_by, sizeof a->paced_by, "%s",
	    r->worst[0] != '\0' ? r->worst : "nothing: no transfers");
	for (h = 0, a->lower_s = 0; r->staggered && h < hosts; h++)
		a->lower_s = most(a->lower_s, r->lo_ready[h]);
	free(r->up);
	free(r->down);
	free(r->out);
	free(r->in);
	free(r->sw);
	free(r->load);
	free(r->fsrc);
	free(r->fdst);
	free(r->ready);
	free(r->next);
	free(r->lo_ready);
	free(r->lo_next);
	free(r->fbytes);
	free(r->fround);
}

double
analytic_gbps(double bytes, double seconds)
{
	return seconds > 0 ? bytes * 8 / seconds / 1e9 : 0;
}

/* strategy.pull "forward", steady state, from one step's barrier (the
 * last push out) to the next: the pulls back to back in forward order
 * (the last bucket first), each bucket's layers forward once its pull is
 * in, backward, and each bucket's pushes after its backward and the one
 * before's pushes; half of a bucket's exchange each way.  The step's
 * end, from its start. */
static double
forward_pull_end(int n, const double *half, const double *ready_s,
    const double *forward_s)
{
	double pulled = 0, f = 0, fwd = 0, end = 0, r;
	int b;

	for (b = n - 1; b >= 0; b--) {
		pulled += half[b];
		f = (f > pulled ? f : pulled) + forward_s[b];
		fwd += forward_s[b];
	}
	for (b = 0; b < n; b++) {
		r = f + ready_s[b] - fwd;
		end = (end > r ? end : r) + half[b];
	}
	return end;
}

void
analytic_buckets(analytic_fn closed_form, const struct shape *s, int n,
    const double *bytes, const double *ready_s, const double *shard_bytes,
    const double *forward_s, struct analytic *a)
{
	struct analytic part;
	struct shape one = *s;
	double end = 0, comm = 0, lat = 0, pull = 0, wake = s->cycle_s, at;
	double cpu = 0;
	double *half = xcalloc((size_t)n, sizeof *half);
	int b, colocated;

	for (b = 0; b < n; b++) {
		memset(&part, 0, sizeof part);
		one.M = bytes[b];
		if (shard_bytes != NULL) {	/* a PS: the bucket's pieces */
			one.shard_bytes = shard_bytes + (size_t)b * s->k;
			one.chunks = 1;
		}
		closed_form(&one, &part);
		comm += part.communication_s;
		lat += part.latency_s;
		cpu += part.server_cpu_s;
		half[b] = part.communication_s / 2;
		if (shard_bytes == NULL && s->cycle_s > 0) {
			/* a coordination loop: a wake every cycle while idle
			 * (the first a cycle into the step, the step's end
			 * being the last one's), the buckets ready at a wake
			 * reduced back to back, a cycle's sleep after them */
			if (b > 0 && ready_s[b] <= at) {
				end += part.communication_s;
				continue;
			}
			if (b > 0)
				wake = end + s->cycle_s;
			if (wake < ready_s[b])
				wake += s->cycle_s * ceil((ready_s[b] - wake) /
				    s->cycle_s);
			at = wake;
			end = wake + part.communication_s;
			continue;
		}
		if (ready_s[b] > end)
			end = ready_s[b];
		if (shard_bytes == NULL) {
			end += part.communication_s;
			continue;
		}
		/* a PS's pushes of a bucket follow the last bucket's pushes,
		 * and its pulls (the other way on every NIC) its own pushes
		 * and the last bucket's pulls: half of it each */
		end += half[b];
		pull = (end > pull ? end : pull) + half[b];
	}
	if (shard_bytes != NULL)
		end = forward_s != NULL ? forward_pull_end(n, half, ready_s,
		    forward_s) : pull;
	free(half);
	a->buckets = n;
	a->communication_s = comm;
	a->latency_s = lat;
	a->server_cpu_s = cpu;	/* (the buckets' busiest machines') */
	a->exposed_s = end > s->compute_s ? end - s->compute_s : 0;
	for (b = 0, colocated = 0; shard_bytes != NULL && b < s->k; b++)
		colocated |= s->shard_worker[b] >= 0;
	snprintf(a->evaluated, sizeof a->evaluated, "%d buckets, each "
	    "%s when backprop has filled it and the one before is done%s: "
	    "%.6g s of communication, %.6g s of it after the compute%s", n,
	    shard_bytes != NULL ? "pushed" : "reduced", forward_s != NULL ?
	    ", pulled after the step's barrier as the next forward pass "
	    "reaches its layers (strategy.pull)" : shard_bytes != NULL ?
	    ", pulled while the next is pushed" : s->cycle_s > 0 ?
	    " (and the coordination loop wakes: strategy.cycle)" : "", comm,
	    a->exposed_s,
	    colocated ? " (not exact with shards on workers, either way: "
	    "a worker that holds a shard sends its pushes and its replies "
	    "on one NIC at once, and pushes its next bucket while the "
	    "others' pushes of this one are still coming in)" : "");
}

void
analytic_finish(const struct shape *s, struct analytic *a)
{
	double w = a->worker_sent_bytes > a->worker_received_bytes ?
	    a->worker_sent_bytes : a->worker_received_bytes;
	double v = a->server_sent_bytes > a->server_received_bytes ?
	    a->server_sent_bytes : a->server_received_bytes;

	a->dominant = a->latency_s > 0.5 * a->communication_s ? "latency" :
	    "bandwidth";
	a->compute_s = s->compute_s - s->wait_s;
	a->wait_s = s->wait_s;
	if (a->buckets == 0)
		a->exposed_s = a->communication_s;
	a->step_time_s = s->compute_s + a->exposed_s;
	a->required_gbps_worker = analytic_gbps(w, a->compute_s);
	a->required_gbps_server = analytic_gbps(v, a->compute_s);
}

/* analytic_ps_fluid's rule: a pull (tag k + j) once every push of
 * shard j (tag j) is in. */
struct ps_rule {
	int		 k;
	int		*left;		/* [2k]: flows of each tag not ended */
};

static int
ps_may_start(void *ctx, const struct fluid_flow *f, double now, double *at)
{
	const struct ps_rule *pr = ctx;

	*at = now;
	return f->tag < pr->k || pr->left[f->tag - pr->k] == 0;
}

static void
ps_ended(void *ctx, const struct fluid_flow *f, double t)
{
	struct ps_rule *pr = ctx;

	(void)t;
	pr->left[f->tag]--;
}

double
analytic_ps_fluid(const struct shape *s, const int *holder,
    const int *senders, int nsend)
{
	struct fluid_flow *f;
	struct ps_rule pr;
	struct fluid_rules rules = { ps_may_start, ps_ended, &pr };
	int j, i, n = 0, pull;
	double t;

	if ((double)s->k * nsend > FLUID_MAX_FLOWS / 2)
		return -1;
	f = xcalloc((size_t)(2 * s->k * nsend) + 1, sizeof *f);
	pr.k = s->k;
	pr.left = xcalloc((size_t)(2 * s->k) + 1, sizeof *pr.left);
	for (pull = 0; pull < 2; pull++) {
		for (j = 0; j < s->k; j++) {
			for (i = 0; i < nsend; i++) {
				if (senders[i] == holder[j] ||
				    s->shard_bytes[j] <= 0)
					continue;
				f[n].src = pull ? holder[j] : senders[i];
				f[n].dst = pull ? senders[i] : holder[j];
				f[n].tag = pull * s->k + j;
				f[n++].bytes = s->shard_bytes[j];
				pr.left[pull * s->k + j]++;
			}
		}
	}
	t = fluid_run(s, f, n, &rules);
	free(f);
	free(pr.left);
	return t;
}
