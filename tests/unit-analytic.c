/* unit-analytic.c: the closed forms, against the numbers of the seed
 * answer and the textbook formulas. */
#include "config.h"

#include "analytic.h"
#include "patterns.h"
#include "registry.h"
#include "tap.h"

/* hierarchical's groups: in order of first appearance, each member
 * array as long as its group. */
static void
groups(void)
{
	static const int racks[] = { 7, 7, 3, 3, 7 };
	struct groups g;
	int w, ok;

	groups_make(&g, 5, racks);
	tap_ok(g.n == 2 && g.size[0] == 3 && g.size[1] == 2 &&
	    g.members[0][0] == 0 && g.members[0][1] == 1 &&
	    g.members[0][2] == 4 && g.members[1][0] == 2 &&
	    g.members[1][1] == 3 && g.leaders[0] == 0 && g.leaders[1] == 2 &&
	    g.levels == 2, "groups by rack, in order of first appearance");
	for (ok = 1, w = 0; w < 5; w++)
		ok &= g.members[g.of[w]][g.index[w]] == w;
	tap_ok(ok, "each worker is at its index in its group");
	groups_release(&g);
	groups_make(&g, 1000, NULL);
	for (ok = g.n == 1000 && g.levels == 0, w = 0; w < 1000; w++)
		ok &= g.of[w] == w && g.index[w] == 0 && g.size[w] == 1 &&
		    g.members[w][0] == w && g.leaders[w] == w;
	tap_ok(ok, "without racks, every worker its own group of one");
	groups_release(&g);
}

static void
cost(enum strategy_id id, struct shape *s, struct analytic *a)
{
	memset(a, 0, sizeof *a);
	registry[id].closed_form(s, a);
	analytic_finish(s, a);
}

/* A PS's pushes and pulls as fluid flows, by hand (GB, GB/s):
 * shards of 0.2 and 0.1 GB on one server, 12 workers, 3.125 GB/s: the
 * 24 pushes share the server's NIC, the small shard's are in at 0.768 s
 * (24 x 0.1 / 3.125), the large one's at 1.152 s; the small one's pulls
 * (1.2 GB) go out from 0.768 s to 1.152 s, the large one's (2.4 GB)
 * from 1.152 s to 1.92 s, where two phases would take 2.304 s.
 * Four shards of 0.2, 0.12, 0.1, 0.08 GB on four servers, 3 workers:
 * a worker's NIC first paces its 4 pushes (0.78125 GB/s each), then the
 * servers' theirs; the 0.2 GB shard is in at 0.2176 s and pulled back
 * by 0.4096 s (two phases of the busiest NIC: 0.384 s). */
static void
fluid(struct shape *s)
{
	double b2[2] = { 0.2e9, 0.1e9 }, b4[4] = { 0.2e9, 0.12e9, 0.1e9,
	    0.08e9 };
	int srv2[2] = { 0, 0 }, w2[2] = { -1, -1 }, srv4[4] = { 0, 1, 2, 3 };
	int w4[4] = { -1, -1, -1, -1 }, holder[4], senders[12], j;

	for (j = 0; j < 12; j++)
		senders[j] = j;
	s->n = 12;
	s->k = 2;
	s->servers = 1;
	s->B = 3.125e9;
	s->shard_bytes = b2;
	s->shard_worker = w2;
	s->shard_server = srv2;
	holder[0] = holder[1] = 12;
	tap_near(analytic_ps_fluid(s, holder, senders, 12), 1.92, 1e-9,
	    "fluid PS: a small shard's pulls while a large one is pushed");
	s->n = 3;
	s->k = s->servers = 4;
	s->shard_bytes = b4;
	s->shard_worker = w4;
	s->shard_server = srv4;
	for (j = 0; j < 4; j++)
		holder[j] = 3 + j;
	tap_near(analytic_ps_fluid(s, holder, senders, 3), 0.4096, 1e-9,
	    "fluid PS: the workers' NICs, then the servers', pace the pushes");
	b4[1] = b4[2] = b4[3] = b4[0];
	tap_near(analytic_ps_fluid(s, holder, senders, 3), 2 * 0.8 / 3.125,
	    1e-9, "fluid PS: even shards take two phases of the busiest NIC");
}

int
main(void)
{
	double bytes[8];
	int worker[8], server[8], j;
	struct shape s = { .n = 10, .M = 1e9, .B = 1.25e9, .alpha = 10e-6,
	    .compute_s = 1, .shard_bytes = bytes, .shard_worker = worker,
	    .shard_server = server };
	struct analytic a;

	cost(STRATEGY_ALL_TO_ALL, &s, &a);
	tap_near(a.required_gbps_worker, 72, 1e-12, "all-to-all: 72 Gbps");
	tap_near(a.communication_s, 10e-6 + 7.2, 1e-12,
	    "all-to-all: alpha + (n-1)M/B");

	cost(STRATEGY_RING, &s, &a);
	tap_near(a.required_gbps_worker, 14.4, 1e-12, "ring: 14.4 Gbps");
	tap_near(a.communication_s, 18 * 10e-6 + 1.44, 1e-12,
	    "ring: 2(n-1)alpha + 2(n-1)/n M/B");
	tap_near(a.step_time_s, 1 + 18 * 10e-6 + 1.44, 1e-12,
	    "ring: step = compute + communication");

	s.k = s.servers = 8;
	for (j = 0; j < 8; j++) {
		bytes[j] = 1e9 / 8;
		worker[j] = -1;
		server[j] = j;
	}
	cost(STRATEGY_PS, &s, &a);
	tap_near(a.required_gbps_worker, 8, 1e-12, "ps over 8: 8 Gbps/worker");
	tap_near(a.required_gbps_server, 10, 1e-12, "ps over 8: 10 Gbps/shard");
	tap_near(a.communication_s, 2 * (10e-6 + 1), 1e-12,
	    "ps over 8: 2(alpha + n M/(k B))");

	s.k = 1;
	s.servers = 0;
	bytes[0] = 1e9;
	worker[0] = 0;
	server[0] = -1;
	cost(STRATEGY_PS, &s, &a);
	tap_near(a.required_gbps_worker, 72, 1e-12,
	    "ps on worker 0: its NIC needs 72 Gbps");
	tap_near(a.communication_s, 2 * (10e-6 + 7.2), 1e-12,
	    "ps on worker 0: (n-1)M each way");

	s.n = 4;
	s.k = s.servers = 8;
	for (j = 0; j < 8; j++) {
		bytes[j] = 1e9 / 8;
		worker[j] = -1;
		server[j] = j;
	}
	cost(STRATEGY_PS, &s, &a);
	tap_near(a.communication_s, 2 * (10e-6 + 0.8), 1e-12,
	    "ps with more shards than workers: the worker NIC binds, M/B");

	s.n = 10;
	s.switch_Bps = 2.5e9;
	cost(STRATEGY_ALL_TO_ALL, &s, &a);
	tap_near(a.communication_s, 10e-6 + 90e9 / 2.5e9, 1e-12,
	    "all-to-all through a 20 Gbps switch: n(n-1)M/S");
	s.switch_Bps = 0;
	fluid(&s);
	groups();
	return tap_done();
}
