/* unit-shape.c: the closed form without a simulation (shape.c, layout.c,
 * cluster.c): the seed scenario's layout, a generated cluster's facts
 * (a star, two racks, machines of two GPUs), a platform's facts from a
 * route table, the shape and the seed's closed form, against figures
 * worked out here.  Links without SimGrid (Makefile.am). */
#include "config.h"

#include <stdlib.h>

#include "cluster.h"
#include "layout.h"
#include "scenario.h"
#include "scenario-fixture.h"
#include "shape.h"
#include "tap.h"
#include "xmalloc.h"

/* The role hosts' names, host-0 on (or host-M-gpu-G), n of them. */
static char **
names(const struct scenario *sc, int n)
{
	char **v = xcalloc((size_t)n + 1, sizeof *v), buf[64];
	int i;

	for (i = 0; i < n; i++) {
		cluster_host_name(sc, i, buf, sizeof buf);
		v[i] = xstrdup(buf);
	}
	return v;
}

/* The seed: 8 even shards of 250M / 8 elements, 125 MB each, shard j on
 * server j; every route 2 x 5 us; a PS step of 1 s of compute, then a
 * push and a pull each bound by a server's NIC, 10 x 1 GB / 8 at
 * 1.25 GB/s: 1 + 2 x 1 + 2 x 10 us. */
static void
seed_star(void)
{
	struct scenario *sc = seed(NULL, 0);
	char **hosts = names(sc, 18);
	struct layout l;
	struct cluster_facts f;
	struct shape s;
	struct analytic a;
	double L;
	int j, ok = 1;

	layout_make(sc, &l);
	tap_ok(l.elements == 250000000 && l.elem_bytes == 4 &&
	    l.nshards == 8 && l.nbuckets == 0 && l.layer_share == NULL,
	    "seed layout: 250M fp32 elements, 8 shards, no buckets");
	for (j = 0; j < 8; j++)
		ok &= l.shard_offset[j] == 31250000L * j &&
		    l.shard_count[j] == 31250000 && l.shard_bytes[j] == 1.25e8 &&
		    l.shard_worker[j] == -1 && l.shard_server[j] == j;
	tap_ok(ok, "seed layout: shard j: 31.25M elements from j x 31.25M, "
	    "on server j");
	tap_ok(layout_compute_flops(sc, 2e9) == 2e9,
	    "1 s of compute on a 2 Gflop/s host: 2 Gflop");
	cluster_facts_generated(sc, (const char *const *)hosts, 18, &f);
	tap_ok(f.nhosts == 18 && f.rack_of == NULL && f.route == NULL &&
	    f.first_Bps == 1.25e9, "star facts: no racks, no routes, "
	    "the NIC first");
	L = sc->cluster.latency_s;
	tap_ok(f.latency[1] == L + L && f.latency[17] == L + L,
	    "star facts: 2 x 5 us to every host");
	shape_closed_form(sc, &l, &f, &s, &a);
	tap_ok(s.n == 10 && s.k == 8 && s.servers == 8 && s.M == 1e9 &&
	    s.B == 1.25e9 && s.compute_s == 1 && s.racks == 0 &&
	    s.shard_bytes == l.shard_bytes, "seed shape: n, k, servers, M, "
	    "B, compute, the layout's shards");
	tap_near(s.alpha, 1e-5, 1e-12, "seed shape: alpha 10 us");
	tap_near(s.alpha_local, 1e-5, 1e-12, "seed shape: alpha_local too");
	tap_near(a.step_time_s, 3 + 2e-5, 1e-9,
	    "seed closed form: 1 + 2 x 10 GB / 8 / 1.25 GB/s + 2 alpha");
	cluster_facts_free(&f);
	layout_free(&l);
	xfreev(hosts);
	scenario_free(sc);
}

/* Two racks of 9 hosts: host-0 and host-1 in rack 0, host-9 in rack 1,
 * each rack's uplink 9 x 1.25 GB/s; a machine of 2 GPUs: 2 x 1 us to
 * its other GPU, 5 + 5 + 1 + 1 us to another machine's. */
static void
groups(void)
{
	const char *two[] = { "cluster.topology=two-tier", "cluster.racks=2",
	    "cluster.hosts=18" };
	const char *gpus[] = { "strategy={\"name\":\"allreduce\","
	    "\"algorithm\":\"ring\"}", "cluster.gpus_per_host=2",
	    "cluster.intra_latency=1us", "placement.workers=4" };
	struct scenario *sc = seed(two, 3);
	char **hosts = names(sc, 18);
	struct cluster_facts f;
	struct layout l;
	struct shape s;
	double L, I;

	cluster_facts_generated(sc, (const char *const *)hosts, 18, &f);
	tap_ok(f.racks == 2 && f.rack_of[1] == 0 && f.rack_of[8] == 0 &&
	    f.rack_of[9] == 1, "two racks: hosts 0-8, 9-17");
	tap_ok(f.uplink_Bps[1] == 9 * 1.25e9, "two racks: 9 NICs' uplink");
	L = sc->cluster.latency_s;
	tap_ok(f.latency[9] == L + L, "two racks: 2 x 5 us across");
	layout_make(sc, &l);
	shape_of(sc, &l, &f, &s);
	tap_ok(s.racks == 2 && s.rack_of == f.rack_of && s.alpha_local ==
	    L + L, "two racks: the shape's racks");
	layout_free(&l);
	cluster_facts_free(&f);
	xfreev(hosts);
	scenario_free(sc);

	sc = seed(gpus, 4);
	hosts = names(sc, 4);
	cluster_facts_generated(sc, (const char *const *)hosts, 4, &f);
	tap_ok(f.racks == sc->cluster.hosts && f.rack_of[1] == 0 &&
	    f.rack_of[2] == 1, "2 GPUs a machine: GPUs 0, 1 on machine 0");
	L = sc->cluster.latency_s;
	I = sc->cluster.intra_latency_s;
	tap_ok(f.latency[1] == I + I, "2 GPUs: 2 x 1 us within");
	/* SimGrid's order: the machines' NICs, then the GPUs' links */
	tap_ok(f.latency[2] == L + L + I + I,
	    "2 GPUs: uplinks then the GPUs' links across");
	tap_ok(f.first_Bps == sc->cluster.intra_Bps, "2 GPUs: a GPU's link "
	    "first");
	layout_make(sc, &l);
	shape_of(sc, &l, &f, &s);
	tap_ok(s.alpha == f.latency[2] && s.alpha_local == f.latency[1] &&
	    s.groups_are_hosts && s.k == 0 && s.B == sc->cluster.intra_Bps,
	    "2 GPUs: alpha across, alpha_local within");
	layout_free(&l);
	cluster_facts_free(&f);
	xfreev(hosts);
	scenario_free(sc);
}

/* A platform's facts as the probe gives them: 3 hosts (2 workers, the
 * storage), a link up and down each and a backbone, every route
 * i -> j: i's up link, the backbone, j's down link. */
static void
platform(void)
{
	struct cluster_facts f = { 0 };
	const int *links;
	int i, j, at = 0;

	f.nhosts = 3;
	f.nlinks = 7;
	f.link_Bps = xcalloc(7, sizeof *f.link_Bps);
	f.link_name = xcalloc(7, sizeof *f.link_name);
	f.link_shared = xcalloc(7, sizeof *f.link_shared);
	for (i = 0; i < 7; i++) {
		f.link_Bps[i] = 100 + i;
		f.link_name[i] = xstrdup("l");
	}
	f.route_off = xcalloc(10, sizeof *f.route_off);
	f.route_link = xcalloc(18, sizeof *f.route_link);
	for (i = 0; i < 3; i++) {
		for (j = 0; j < 3; j++) {
			if (i != j) {
				f.route_link[at++] = 2 * i;
				f.route_link[at++] = 6;
				f.route_link[at++] = 2 * j + 1;
			}
			f.route_off[3 * i + j + 1] = at;
		}
	}
	f.route = cluster_facts_table_route;
	f.route_ctx = &f;
	tap_ok(f.route(f.route_ctx, 2, 1, &links) == 3 && links[0] == 4 &&
	    links[1] == 6 && links[2] == 3, "the table's route 2 -> 1");
	tap_ok(f.route(f.route_ctx, 1, 1, &links) == 0, "no route 1 -> 1");
	cluster_facts_routes(&f, 2);
	tap_ok(f.link_host[0] == 0 && f.link_host[1] == 0 &&
	    f.link_host[2] == 1 && f.link_host[3] == 1 &&
	    f.link_host[4] == -1 && f.link_host[6] == -1,
	    "the workers' NICs; not the storage's, not the backbone");
	tap_ok(f.first_Bps == 100, "host 0's first link toward host 1");
	cluster_facts_free(&f);
}

int
main(void)
{
	seed_star();
	groups();
	platform();
	return tap_done();
}
