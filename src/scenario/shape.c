/* shape.c: a scenario's closed form from its layout and its cluster's
 * facts (shape.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "scenario.h"
#include "shape.h"
#include "stats.h"
#include "xmalloc.h"

static int
machine_route(void *ctx, int src, int dst, const int **links)
{
	struct cluster_facts *f = ctx;
	struct cluster_hop hops[CLUSTER_HOPS_MAX];
	int n = 0, i, len, a = f->zone_of[src], b = f->zone_of[dst];

	*links = f->route_buf;
	if (src == dst)
		return 0;
	f->route_buf[n++] = 2 * src;
	len = a != b ? cluster_zone_route(f->sc, a, b, hops) : 0;
	for (i = 0; i < len; i++)
		f->route_buf[n++] = f->link_base[hops[i].group] +
		    2 * hops[i].slot + !hops[i].up;
	f->route_buf[n++] = 2 * dst + 1;
	return n;
}

/* A cluster.machine's links (the role hosts' own, then every group's)
 * and its route function. */
static void
machine_links(const struct scenario *sc, const char *const *hosts, int n,
    struct cluster_facts *f)
{
	struct cluster_group g;
	int zones = cluster_zone_groups(sc), z, i, l, up, gpu;
	const char *dir[2] = { "DOWN", "UP" };

	f->sc = sc;
	f->zone_of = xcalloc((size_t)n + 1, sizeof *f->zone_of);
	f->link_base = xcalloc((size_t)zones + 1, sizeof *f->link_base);
	f->nlinks = 2 * n;
	for (z = 0; z < zones; z++) {
		cluster_zone_group(sc, z, &g);
		f->link_base[z] = f->nlinks;
		f->nlinks += 2 * g.nown;
	}
	f->link_Bps = xcalloc((size_t)f->nlinks, sizeof *f->link_Bps);
	f->link_name = xcalloc((size_t)f->nlinks, sizeof *f->link_name);
	f->link_shared = xcalloc((size_t)f->nlinks, 1);
	for (i = 0; i < n; i++) {
		f->zone_of[i] = cluster_zone_of(sc, hosts[i]);
		cluster_zone_group(sc, f->zone_of[i], &g);
		gpu = g.first;
		sscanf(hosts[i], "%*[^0-9]%*d-gpu-%d", &gpu);
		for (up = 0; up < 2; up++) {
			l = 2 * i + !up;
			f->link_Bps[l] = g.bw;
			xasprintf(&f->link_name[l], "%s_link_%d_%s", g.id, gpu,
			    dir[up]);
		}
	}
	for (z = 0; z < zones; z++) {
		cluster_zone_group(sc, z, &g);
		for (i = 0; i < 2 * g.nown; i++) {
			l = f->link_base[z] + i;
			f->link_Bps[l] = g.own[i / 2].bw;
			xasprintf(&f->link_name[l], "%s_%s", g.own[i / 2].name,
			    dir[!(i % 2)]);
		}
	}
	memset(f->link_shared, 1, (size_t)f->nlinks);
	f->link_host = xcalloc((size_t)f->nlinks, sizeof *f->link_host);
	for (l = 0; l < f->nlinks; l++)
		f->link_host[l] = -1;
	f->route = machine_route;
	f->route_ctx = f;
}

void
cluster_facts_generated(const struct scenario *sc, const char *const *hosts,
    int n, struct cluster_facts *f)
{
	int groups = cluster_groups(sc), i;

	memset(f, 0, sizeof *f);
	f->nhosts = n;
	f->speed = sc->cluster.speed_flops;
	f->first_Bps = cluster_first_Bps(sc);
	if (groups > 0) {
		f->racks = groups;
		f->rack_of = xcalloc((size_t)n + 1, sizeof *f->rack_of);
		f->uplink_Bps = xcalloc((size_t)groups, sizeof *f->uplink_Bps);
		for (i = 0; i < n; i++)
			f->rack_of[i] = cluster_rack_of(sc, hosts[i]);
		for (i = 0; i < groups; i++)
			f->uplink_Bps[i] = cluster_uplink_Bps(sc, i);
	}
	f->latency = xcalloc((size_t)n + 1, sizeof *f->latency);
	for (i = 1; i < n; i++)
		f->latency[i] = cluster_route_latency(sc, groups > 0 ?
		    f->rack_of[0] : -1, groups > 0 ? f->rack_of[i] : -1);
	if (cluster_zone_groups(sc) != groups)
		machine_links(sc, hosts, n, f);
}

/* Host h's NIC: the first link out of it (up) or the last link into it,
 * on its route to host 0 (host 0's: to host 1), or -1. */
static int
nic(const struct cluster_facts *f, int h, int up)
{
	int peer = h == 0 ? 1 : 0, len;
	const int *links;

	if (peer >= f->nhosts)
		return -1;
	len = up ? f->route(f->route_ctx, h, peer, &links) :
	    f->route(f->route_ctx, peer, h, &links);
	if (len <= 0)
		return -1;
	return up ? links[0] : links[len - 1];
}

void
cluster_facts_routes(struct cluster_facts *f, int roles)
{
	const int *links;
	int h, up, l;

	f->link_host = xcalloc((size_t)f->nlinks + 1, sizeof *f->link_host);
	for (l = 0; l < f->nlinks; l++)
		f->link_host[l] = -1;
	for (h = roles - 1; h >= 0; h--) {
		for (up = 0; up < 2; up++) {
			if ((l = nic(f, h, up)) >= 0)
				f->link_host[l] = h;
		}
	}
	f->first_Bps = 0;
	if (f->nhosts >= 2 && f->route(f->route_ctx, 0, 1, &links) > 0)
		f->first_Bps = f->link_Bps[links[0]];
}

int
cluster_facts_table_route(void *ctx, int src, int dst, const int **links)
{
	const struct cluster_facts *f = ctx;
	size_t i = (size_t)src * (size_t)f->nhosts + (size_t)dst;

	*links = f->route_link + f->route_off[i];
	return f->route_off[i + 1] - f->route_off[i];
}

void
cluster_facts_free(struct cluster_facts *f)
{
	int l;

	free(f->latency);
	free(f->rack_of);
	free(f->uplink_Bps);
	free(f->link_Bps);
	for (l = 0; f->link_name != NULL && l < f->nlinks; l++)
		free(f->link_name[l]);
	free(f->link_name);
	free(f->link_shared);
	free(f->link_host);
	free(f->route_off);
	free(f->route_link);
	free(f->zone_of);
	free(f->link_base);
	memset(f, 0, sizeof *f);
}

/* cluster.compute_jitter in the closed form: a synchronous step waits
 * for the slowest worker's compute (with backup workers, for the
 * (n - b)-th fastest), the expected order statistic of n draws
 * (stats.h); an asynchronous or SSP worker waits for none, so its
 * compute is one draw's mean.  Each draw scales the whole step (its
 * layers and buckets alike), so the step's bucket times follow. */
static double
jittered_compute_s(const struct scenario *sc, double c)
{
	int n = sc->placement.workers, r = n;

	if (sc->strategy.info->family == FAMILY_PS &&
	    (sc->strategy.sync == SYNC_ASYNC || sc->strategy.sync == SYNC_SSP))
		n = r = 1;
	else if (sc->strategy.sync == SYNC_BACKUP)
		r = n - sc->strategy.backup;
	if (sc->cluster.jitter == JITTER_LOGNORMAL)
		return c * stats_lognormal_order(sc->cluster.jitter_sigma, n, r);
	if (sc->cluster.jitter == JITTER_EXPONENTIAL)
		return c + stats_exponential_order(sc->cluster.jitter_mean_s,
		    n, r);
	return c;
}

void
shape_of(const struct scenario *sc, const struct layout *l,
    const struct cluster_facts *f, struct shape *s)
{
	double c;
	int i;

	memset(s, 0, sizeof *s);
	s->n = sc->placement.workers;
	s->k = l->nshards;
	s->servers = sc->placement.servers;
	s->M = (double)l->elements * l->elem_bytes;
	s->switch_Bps = sc->cluster.switch_Bps;
	/* the slowest worker's compute, and of it the wait beyond a mean
	 * worker's (exponential jitter adds its mean to every worker's) */
	c = layout_compute_flops(sc, f->speed) / f->speed;
	s->compute_s = jittered_compute_s(sc, c);
	s->wait_s = s->compute_s - c - (sc->cluster.jitter ==
	    JITTER_EXPONENTIAL ? sc->cluster.jitter_mean_s : 0);
	s->steps = sc->run.steps;
	s->warmup = sc->run.warmup;
	s->shard_bytes = l->shard_bytes;
	s->elem_bytes = l->elem_bytes;
	s->server_cpu = sc->strategy.server_cpu;
	s->cpu_each = sc->strategy.apply == APPLY_EACH;
	s->update_B = scenario_update_bytes(sc->strategy.optimizer);
	s->shard_worker = l->shard_worker;
	s->shard_server = l->shard_server;
	s->B = sc->cluster.nic_Bps;
	s->grid_rows = sc->strategy.grid_rows;
	s->chunks = sc->strategy.chunks;
	s->bytesps = (sc->strategy.info->flags & R_SERVICES) != 0;
	s->local_reduce = sc->strategy.local_reduce;
	s->groups_are_hosts = sc->cluster.gpus_per_host > 1;
	s->flow_Bps = sc->flow_cap_Bps;
	s->cycle_s = sc->strategy.cycle_s;
	s->flow_rate = &sc->transport_rate;
	s->flow_factor = &sc->transport_factor;
	if (f->rack_of != NULL) {
		s->racks = f->racks;
		s->rack_of = f->rack_of;
		s->uplink_Bps = f->uplink_Bps;
	}
	if (f->route != NULL) {
		s->route = f->route;
		s->route_ctx = f->route_ctx;
		s->nlinks = f->nlinks;
		s->link_Bps = f->link_Bps;
		s->link_name = (const char *const *)f->link_name;
		s->link_shared = f->link_shared;
		s->link_host = f->link_host;
	}
	if (f->nhosts < 2)
		return;
	/* The latency to the farthest host psim uses (on a multi-GPU
	 * cluster, a GPU of another machine); the first link out of worker
	 * 0 is its NIC (its GPU's link, with several GPUs per host). */
	for (i = 1; i < f->nhosts; i++) {
		if (f->latency[i] > s->alpha)
			s->alpha = f->latency[i];
	}
	s->alpha_local = f->rack_of != NULL &&
	    f->rack_of[0] == f->rack_of[1] ? f->latency[1] : s->alpha;
	if (f->first_Bps > 0)
		s->B = f->first_Bps;
}

/* The closed form of the bucket pipeline, bucket by bucket. */
static void
bucket_analytic(const struct scenario *sc, const struct layout *l,
    const struct shape *shape, struct analytic *a)
{
	int nb = l->nbuckets, k = l->nshards, b, j;
	double *bytes = xcalloc((size_t)nb, sizeof *bytes);
	double *ready = xcalloc((size_t)nb, sizeof *ready);
	double *pieces = NULL, *forward = NULL;

	if (sc->strategy.pull == PULL_FORWARD)
		forward = xcalloc((size_t)nb, sizeof *forward);
	for (b = 0; b < nb; b++) {
		bytes[b] = (double)l->bucket_len[b] * l->elem_bytes;
		ready[b] = layout_bucket_ready_s(sc, l, b, shape->compute_s);
		if (forward != NULL)
			forward[b] = l->bucket_forward[b] * shape->compute_s;
	}
	if (l->piece_count != NULL) {	/* a PS: bucket b's share of each */
		pieces = xcalloc((size_t)nb * (size_t)k, sizeof *pieces);
		for (b = 0; b < nb; b++)
			for (j = 0; j < k; j++)
				pieces[b * k + j] = (double)l->piece_count[j *
				    nb + b] * l->elem_bytes;
	}
	analytic_buckets(sc->strategy.info->closed_form, shape, nb, bytes,
	    ready, pieces, forward, a);
	free(forward);
	free(pieces);
	free(bytes);
	free(ready);
}

void
shape_closed_form(const struct scenario *sc, const struct layout *l,
    const struct cluster_facts *f, struct shape *shape, struct analytic *a)
{
	shape_of(sc, l, f, shape);
	memset(a, 0, sizeof *a);
	sc->strategy.info->closed_form(shape, a);
	if (l->nbuckets > 0)
		bucket_analytic(sc, l, shape, a);
	analytic_finish(shape, a);
}

void
closed_free(struct closed *c)
{
	layout_free(&c->layout);
	cluster_facts_free(&c->facts);
}
