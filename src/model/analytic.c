/* analytic.c: what every closed form shares.  Each strategy computes its
 * own communication time and volumes (strategy-*.c); this adds the
 * compute time and turns volumes into the bandwidth a NIC needs to keep
 * up with the compute, the seed answer's "72 Gbps". */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "xmalloc.h"

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
	r->nflows = r->cap = 0;
	r->ready = r->next = NULL;
	r->lat = 0;
	r->binding[0] = r->worst[0] = '\0';
	r->worst_s = 0;
	r->flow = 0;
}

void
analytic_round_flow(struct round *r, int src, int dst, double bytes)
{
	const struct shape *s = r->s;
	int a = s->racks > 0 ? s->rack_of[src] : 0;
	int b = s->racks > 0 ? s->rack_of[dst] : 0;

	const int *links;
	int i, len, l;

	if (src == dst)		/* a host's loopback: no network */
		return;
	if ((s->racks == 0 || a != b) && bytes > r->flow)
		r->flow = bytes;
	if (r->ready != NULL) {
		if (r->nflows == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 64;
			r->fsrc = xreallocarray(r->fsrc, (size_t)r->cap,
			    sizeof *r->fsrc);
			r->fdst = xreallocarray(r->fdst, (size_t)r->cap,
			    sizeof *r->fdst);
		}
		r->fsrc[r->nflows] = src;
		r->fdst[r->nflows++] = dst;
	}
	if (s->route != NULL) {
		len = s->route(s->route_ctx, src, dst, &links);
		for (i = 0; i < len; i++) {
			l = links[i];
			if (s->link_shared[l])
				r->load[l] += bytes;
			else if (bytes > r->load[l])
				r->load[l] = bytes;
		}
		return;
	}
	r->up[src] += bytes;
	r->down[dst] += bytes;
	r->sw[a] += bytes;
	if (a != b) {
		r->sw[b] += bytes;
		r->out[a] += bytes;
		r->in[b] += bytes;
	}
}

void
analytic_round_schedule(struct round *r, double alpha)
{
	size_t hosts = (size_t)(r->s->n + r->s->servers);

	r->ready = xcalloc(hosts, sizeof *r->ready);
	r->next = xcalloc(hosts, sizeof *r->next);
	r->lat = alpha;
}

double
analytic_round_span(const struct round *r)
{
	int h, hosts = r->s->n + r->s->servers;
	double t = 0;

	for (h = 0; h < hosts; h++)
		if (r->ready[h] > t)
			t = r->ready[h];
	return t;
}

static double
most(double a, double b)
{
	return a > b ? a : b;
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

/* Each flow of the round from when both its hosts are free. */
static void
round_schedule(struct round *r)
{
	int i, h, hosts = r->s->n + r->s->servers;
	double end;

	memcpy(r->next, r->ready, (size_t)hosts * sizeof *r->next);
	for (i = 0; i < r->nflows; i++) {
		end = most(r->ready[r->fsrc[i]], r->ready[r->fdst[i]]) +
		    r->lat + flow_time(r, r->fsrc[i], r->fdst[i]);
		h = r->fsrc[i];
		r->next[h] = most(r->next[h], end);
		h = r->fdst[i];
		r->next[h] = most(r->next[h], end);
	}
	memcpy(r->ready, r->next, (size_t)hosts * sizeof *r->ready);
	r->nflows = 0;
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
	double t = 0, v, fabric;

	r->binding[0] = '\0';
	if (r->ready != NULL)
		round_schedule(r);
	if (s->route != NULL)
		t = round_links(r);
	fabric = t;
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
		fabric = most(fabric, r->sw[k] / s->switch_Bps);
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
		fabric = most(fabric, v);
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
	if (s->flow_Bps > 0)
		fabric = most(fabric, r->flow / s->flow_Bps);
	r->fabric_s = fabric;
	if (s->flow_Bps > 0 && r->flow / s->flow_Bps > t) {
		t = r->flow / s->flow_Bps;
		snprintf(r->binding, sizeof r->binding, "the flow cap");
	}
	r->flow = 0;
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
	snprintf(a->paced_by, sizeof a->paced_by, "%s",
	    r->worst[0] != '\0' ? r->worst : "nothing: no transfers");
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
}

double
analytic_gbps(double bytes, double seconds)
{
	return seconds > 0 ? bytes * 8 / seconds / 1e9 : 0;
}

void
analytic_buckets(analytic_fn closed_form, const struct shape *s, int n,
    const double *bytes, const double *ready_s, const double *shard_bytes,
    struct analytic *a)
{
	struct analytic part;
	struct shape one = *s;
	double end = 0, comm = 0, lat = 0, pull = 0;
	int b, colocated;

	for (b = 0; b < n; b++) {
		memset(&part, 0, sizeof part);
		one.M = bytes[b];
		if (shard_bytes != NULL) {	/* a PS: the bucket's pieces */
			one.shard_bytes = shard_bytes + (size_t)b * s->k;
			one.chunks = 1;
		}
		closed_form(&one, &part);
		if (ready_s[b] > end)
			end = ready_s[b];
		comm += part.communication_s;
		lat += part.latency_s;
		if (shard_bytes == NULL) {
			end += part.communication_s;
			continue;
		}
		/* a PS's pushes of a bucket follow the last bucket's pushes,
		 * and its pulls (the other way on every NIC) its own pushes
		 * and the last bucket's pulls: half of it each */
		end += part.communication_s / 2;
		pull = (end > pull ? end : pull) + part.communication_s / 2;
	}
	if (shard_bytes != NULL)
		end = pull;
	a->buckets = n;
	a->communication_s = comm;
	a->latency_s = lat;
	a->exposed_s = end > s->compute_s ? end - s->compute_s : 0;
	for (b = 0, colocated = 0; shard_bytes != NULL && b < s->k; b++)
		colocated |= s->shard_worker[b] >= 0;
	snprintf(a->evaluated, sizeof a->evaluated, "%d buckets, each "
	    "%s when backprop has filled it and the one before is done%s: "
	    "%.6g s of communication, %.6g s of it after the compute%s", n,
	    shard_bytes != NULL ? "pushed" : "reduced", shard_bytes != NULL ?
	    ", pulled while the next is pushed" : "", comm, a->exposed_s,
	    colocated ? " (a lower bound: a worker that holds a shard sends "
	    "its pushes and its replies on one NIC at once)" : "");
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
	a->compute_s = s->compute_s;
	if (a->buckets == 0)
		a->exposed_s = a->communication_s;
	a->step_time_s = s->compute_s + a->exposed_s;
	a->required_gbps_worker = analytic_gbps(w, s->compute_s);
	a->required_gbps_server = analytic_gbps(v, s->compute_s);
}

/* Max-min fair rates of the active shards' flows (progressive filling):
 * a worker's NIC direction carries one flow of each active shard, server
 * h's n of each of its own. */
static void
fluid_rates(int m, const int *active, const int *srv, int nsrv, int n,
    double B, double *rate)
{
	double *cap = xcalloc((size_t)nsrv + 1, sizeof *cap), d, w;
	int *frozen = xcalloc((size_t)m, sizeof *frozen), *weight, i, h, left;

	weight = xcalloc((size_t)nsrv + 1, sizeof *weight);
	for (h = 0; h <= nsrv; h++)
		cap[h] = B;		/* cap[nsrv]: the worker's NIC */
	for (i = 0, left = 0; i < m; i++) {
		rate[i] = 0;
		frozen[i] = !active[i];
		left += active[i];
	}
	while (left > 0) {
		memset(weight, 0, (size_t)(nsrv + 1) * sizeof *weight);
		for (i = 0; i < m; i++) {
			if (!frozen[i]) {
				weight[nsrv]++;
				weight[srv[i]] += n;
			}
		}
		for (h = 0, d = -1; h <= nsrv; h++) {
			if (weight[h] > 0 && (d < 0 || cap[h] / weight[h] < d))
				d = cap[h] / weight[h];
		}
		for (h = 0; h <= nsrv; h++)
			cap[h] -= d * weight[h];
		for (i = 0; i < m; i++) {
			if (frozen[i])
				continue;
			rate[i] += d;
			w = cap[srv[i]] < cap[nsrv] ? cap[srv[i]] : cap[nsrv];
			if (w <= B * 1e-12) {
				frozen[i] = 1;
				left--;
			}
		}
	}
	free(cap);
	free(frozen);
	free(weight);
}

/* The shards' flows released at rel[i] (their pushes ended), each
 * moving b[i] at its max-min rate; each one's end into end[]. */
static void
fluid_run(const double *b, const double *rel, const int *srv, int m,
    int nsrv, int n, double B, double *end)
{
	double *rem = xcalloc((size_t)m, sizeof *rem), *rate, t = 0, dt;
	int *active = xcalloc((size_t)m, sizeof *active), i, todo = m;

	rate = xcalloc((size_t)m, sizeof *rate);
	for (i = 0; i < m; i++)
		rem[i] = b[i];
	while (todo > 0) {
		for (i = 0; i < m; i++)
			active[i] = rel[i] <= t && rem[i] > 0;
		fluid_rates(m, active, srv, nsrv, n, B, rate);
		for (i = 0, dt = -1; i < m; i++) {	/* the next event */
			if (active[i] && (dt < 0 || rem[i] / rate[i] < dt))
				dt = rem[i] / rate[i];
			if (!active[i] && rem[i] > 0 && (dt < 0 ||
			    rel[i] - t < dt))
				dt = rel[i] - t;
		}
		t += dt;
		for (i = 0; i < m; i++) {
			if (!active[i])
				continue;
			rem[i] -= rate[i] * dt;
			if (rem[i] <= b[i] * 1e-12) {
				rem[i] = 0;
				end[i] = t;
				todo--;
			}
		}
	}
	free(rem);
	free(rate);
	free(active);
}

double
analytic_ps_fluid(const double *b, const int *srv, int m, int nsrv, int n,
    double B)
{
	double *zero = xcalloc((size_t)m + 1, sizeof *zero), *in, *out, t = 0;
	int i;

	in = xcalloc((size_t)m + 1, sizeof *in);
	out = xcalloc((size_t)m + 1, sizeof *out);
	fluid_run(b, zero, srv, m, nsrv, n, B, in);	/* the pushes */
	fluid_run(b, in, srv, m, nsrv, n, B, out);	/* the pulls */
	for (i = 0; i < m; i++)
		t = most(t, out[i]);
	free(zero);
	free(in);
	free(out);
	return t;
}
