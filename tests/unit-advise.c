/* unit-advise.c: psim advise's pure logic (advise.c): targets, which
 * settings apply, the closed form's text, verdicts, reasons, ranking. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "tap.h"

static void
test_targets(void)
{
	struct advise_target t;
	char *cause = NULL;

	tap_ok(advise_target_parse("step_time<=3.5s", &t, &cause) == 0 &&
	    t.fig == FIG_STEP_TIME && t.at_most, "step_time<=3.5s parses");
	tap_near(t.value, 3.5, 1e-12, "3.5s is 3.5 s");
	advise_target_parse("step_time<=200ms", &t, &cause);
	tap_near(t.value, 0.2, 1e-12, "200ms is 0.2 s");
	advise_target_parse("step_time<=2", &t, &cause);
	tap_near(t.value, 2, 1e-12, "a bare step time is seconds");
	tap_ok(advise_target_parse("goodput>=0.3", &t, &cause) == 0 &&
	    t.fig == FIG_GOODPUT && !t.at_most && t.value == 0.3,
	    "goodput>=0.3 parses");
	advise_target_parse("efficiency>=90%", &t, &cause);
	tap_near(t.value, 0.9, 1e-12, "90% is 0.9");
	advise_target_parse("required_gbps<=25Gbps", &t, &cause);
	tap_near(t.value, 25, 1e-12, "25Gbps is 25 Gbps");
	advise_target_parse("required_gbps<=25", &t, &cause);
	tap_near(t.value, 25, 1e-12, "a bare bandwidth is Gbps");
	tap_ok(advise_target_parse("cost_per_1k_steps<=20", &t, &cause) ==
	    0 && t.fig == FIG_COST_1K, "cost_per_1k_steps<=20 parses");
	tap_ok(advise_target_parse("speed<=3", &t, &cause) != 0 &&
	    strstr(cause, "unknown figure \"speed\"") != NULL,
	    "an unknown figure is refused, named");
	free(cause);
	tap_ok(advise_target_parse("step_time=3", &t, &cause) != 0 &&
	    strstr(cause, "expected FIGURE<=VALUE") != NULL,
	    "no <= or >= is refused");
	free(cause);
	tap_ok(advise_target_parse("step_time<=fast", &t, &cause) != 0 &&
	    strstr(cause, "got \"fast\"") != NULL, "a bad value is refused");
	free(cause);
	tap_ok(advise_target_parse("goodput>=-1", &t, &cause) != 0,
	    "a value not above 0 is refused");
	free(cause);
}

static void
test_applies(void)
{
	struct advise_candidate c;
	static char s0[] = "strategy.name=allreduce",
	    s1[] = "strategy.shards=4", s2[] = "cluster.nic=25Gbps";
	char *sets[] = { s0, s1, s2 };
	int k;

	tap_ok(!advise_applies("strategy.shards=4", "allreduce") &&
	    advise_applies("strategy.shards=4", "ps"),
	    "shards apply to ps only");
	tap_ok(!advise_applies("strategy.algorithm=ring", "ps") &&
	    advise_applies("strategy.algorithm=ring", "allreduce"),
	    "an algorithm applies to allreduce only");
	tap_ok(!advise_applies("placement.servers=2", "allreduce") &&
	    advise_applies("placement.servers=2", "bytesps"),
	    "dedicated servers do not apply to allreduce");
	tap_ok(advise_applies("cluster.nic=10Gbps", "allreduce"),
	    "other keys apply to all");
	tap_ok(!advise_applies("strategy.grid=[2,4]", "ps") &&
	    !advise_applies("strategy.grid=[2,4]", "bytesps") &&
	    advise_applies("strategy.grid=[2,4]", "allreduce"),
	    "a grid applies to allreduce only (the registry's R_GRID)");
	tap_ok(advise_applies("strategy.chunks=4", "bytesps") &&
	    !advise_applies("strategy.sync=async", "bytesps") &&
	    advise_applies("strategy.wire_dtype=fp16", "bytesps") &&
	    advise_applies("strategy.zzz=1", "ps"),
	    "bytesps: chunks and wire_dtype, no sync; unknown keys kept");
	memset(&c, 0, sizeof c);
	tap_str(advise_candidate_make(&c, sets, 3, "ps"), "allreduce",
	    "the candidate's strategy is the space's");
	tap_ok(c.nsets == 3 && strcmp(c.sets[0], "strategy.name=allreduce")
	    == 0 && strcmp(c.sets[1], "cluster.nic=25Gbps") == 0 &&
	    strcmp(c.sets[2], "strategy.algorithm=ring") == 0,
	    "shards dropped, ring by default");
	tap_ok(c.npre == 2 && strcmp(c.pre[0],
	    "strategy={\"name\": \"allreduce\"}") == 0 &&
	    strcmp(c.pre[1], "placement.servers=0") == 0,
	    "a strategy block anew, no servers");
	for (k = 0; k < c.nsets; k++)
		free(c.sets[k]);
	for (k = 0; k < c.npre; k++)
		free(c.pre[k]);
	free(c.sets);
	free(c.pre);
}

/* A candidate as the closed form child would give it: 10 workers of
 * 1 GB on 10 Gbps, k dedicated shards, T = 1 + 2 max(0.8, 8/k) s. */
static void
closed(struct advise_candidate *c, int k)
{
	char text[1024];
	double v = 8.0 / k > 0.8 ? 8.0 / k : 0.8, T = 1 + 2 * v;

	memset(c, 0, sizeof *c);
	snprintf(text, sizeof text, "step_time_s %.12g\nthroughput %.12g\n"
	    "goodput %.12g\nrequired_gbps %.12g\ncompute_s 1\nworker_bytes "
	    "1e9\nserver_bytes %.12g\nnic_gbps 10\nworkers 10\nservers %d\n"
	    "storage 0\nmachines %d\nbatch 32\ncost %d\npriced 0\n"
	    "bottleneck server 0's NIC (bandwidth)\n", T, 320 / T, 1 / T,
	    10 * 8.0 / k, 10e9 / k, k, 10 + k, 10 + k);
	tap_ok(advise_read_closed(c, text) == 0 && c->machines == 10 + k &&
	    c->workers == 10 && c->nic_gbps == 10, "the closed form's text "
	    "reads");
}

static void
test_verdicts(void)
{
	struct advise a;
	struct advise_candidate c[8];
	struct advise_target t;
	char *cause, why[512];
	int best[8], k;

	memset(&a, 0, sizeof a);
	advise_target_parse("step_time<=3.5s", &t, &cause);
	a.t = &t;
	a.nt = 1;
	a.probes = 1;
	a.max_sims = 100;
	for (k = 0; k < 8; k++) {
		closed(&c[7 - k], k + 1);
		c[7 - k].index = 7 - k;
	}
	tap_near(c[7].cf.v[FIG_STEP_TIME], 17, 1e-12, "1 shard: 17 s");
	tap_near(c[7].cf.v[FIG_EFFICIENCY], 1 / 17.0, 1e-9,
	    "efficiency: compute over the step");
	tap_near(c[7].cf.v[FIG_COST_1K], 11 * 1000 * 17 / 3600.0, 1e-9,
	    "cost of 1000 steps: machine-hours unpriced");
	a.c = c;
	a.nc = 8;
	advise_plan(&a);
	tap_ok(a.rank[0] == 7 && a.rank[7] == 0, "cheapest first");
	/* 6 shards: 3.67 s, within the slack; 5 shards: 4.2 s, not */
	tap_ok(c[2].promising && !c[3].promising,
	    "promising: within the slack of the target");
	tap_ok(c[3].simulate && c[3].probe && !c[4].simulate,
	    "one probe: the cheapest ruled out");
	for (k = 0; k < 8; k++) {
		if (c[k].simulate) {
			c[k].sim = c[k].cf;
			c[k].sim.v[FIG_STEP_TIME] *= 1.02;
		}
	}
	tap_ok(advise_best(&a, best) == 2 && best[0] == 1 && best[1] == 0,
	    "the best: 7 shards, then 8");
	tap_ok(!c[2].meets && c[1].meets, "6 shards fail, 7 meet");
	advise_why(&a, &c[3], &c[3].cf, 0, why, sizeof why);
	tap_str(why, "step_time 4.2 s > 3.5 s: each server's NIC would need "
	    "12.8 Gbps (it has 10) to finish a step in 3.5 s; it moves 2 GB "
	    "a step", "why 5 shards fail");
	c[0].sim.v[FIG_STEP_TIME] = 4;
	c[1].sim.v[FIG_STEP_TIME] = 4;
	c[2].sim.v[FIG_STEP_TIME] = 3.6;
	tap_ok(advise_best(&a, best) == 0 && advise_closest(&a) == 2,
	    "nothing meets: the closest");
	free(a.rank);
}

int
main(void)
{
	test_targets();
	test_applies();
	test_verdicts();
	return tap_done();
}
