/* cmd-explain.c: psim explain [--set P=V]... [SCENARIO]: the closed-form
 * reasoning for a scenario step by step, in the style of the seed
 * answer (bytes per parameter x parameters = gradient; who sends what;
 * the bandwidth each NIC needs; which saturates first), then the
 * simulated result beside it and why the two differ. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "cmd.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
#include "units.h"
#include "xmalloc.h"

static void
explain(const struct scenario *sc, const struct results *r)
{
	const struct analytic *a = &r->analytic;
	char g[32], w1[32], w2[32], s1[32], nic[32], t1[32], t2[32], c[32];
	char pc[32], res[128], why[512];
	double M = scenario_wire_bytes(sc), nicbps = sc->cluster.nic_Bps;
	int n = sc->placement.workers, i = 1;

	units_fmt_bytes(M, g, sizeof g);
	units_fmt_time(a->compute_s, c, sizeof c);
	printf("%s: %s\n\n", sc->name, sc->strategy.info->summary);
	units_fmt_count(sc->model.params, pc, sizeof pc);
	printf("%d. The gradient: %s parameters x %g bytes (%s) = %s per "
	    "worker per step.\n", i++, pc,
	    scenario_dtype_bytes(sc->strategy.wire_dtype),
	    scenario_dtype_name(sc->strategy.wire_dtype), g);

	units_fmt_bytes(a->worker_sent_bytes, w1, sizeof w1);
	units_fmt_bytes(a->worker_received_bytes, w2, sizeof w2);
	printf("%d. Who sends what: with %d workers (%s), the busiest worker "
	    "sends %s and receives %s per step", i++, n,
	    sc->strategy.info->name, w1, w2);
	if (a->server_received_bytes > 0) {
		units_fmt_bytes(a->server_received_bytes, s1, sizeof s1);
		printf("; the busiest server (or worker holding shards) "
		    "receives %s and sends as much back", s1);
	}
	printf(".\n");

	printf("%d. To keep up with %s of compute, a worker's NIC needs %.4g "
	    "Gbps", i++, c, a->required_gbps_worker);
	if (a->required_gbps_server > 0)
		printf(" and a server's %.4g Gbps", a->required_gbps_server);
	printf(".\n");

	if (sc->cluster.topology != TOPO_PLATFORM) {
		units_fmt_rate(nicbps, nic, sizeof nic);
		printf("%d. On %s NICs, %s saturates first: the closed form "
		    "gives %s, the %s term dominating.\n", i++, nic,
		    a->paced_by, a->formula, a->dominant);
	} else
		printf("%d. On the platform's links, %s saturates first: the "
		    "closed form gives %s.\n", i++, a->paced_by, a->formula);
	units_fmt_time(a->communication_s, t1, sizeof t1);
	units_fmt_time(a->step_time_s, t2, sizeof t2);
	printf("   That is %s of communication, %s per step", t1, t2);
	if (a->buckets > 0) {
		units_fmt_time(a->exposed_s, t1, sizeof t1);
		printf(" (only %s of it after the compute, in %d buckets)", t1,
		    a->buckets);
	}
	printf(".\n");

	units_fmt_time(r->step_mean_s, t1, sizeof t1);
	report_bottleneck(r, res, sizeof res, why, sizeof why);
	printf("%d. Simulated on SimGrid: %s per step; the bottleneck is %s: "
	    "%s.\n", i++, t1, res, why);

	printf("%d. Why they differ (%+.1f%%): ", i++, a->step_time_s > 0 ?
	    100 * (r->step_mean_s - a->step_time_s) / a->step_time_s : 0);
	switch (sc->network) {
	case NET_REALISTIC:
		printf("the realistic network (SimGrid's LV08 model) scales "
		    "latency by 13.01 and bandwidth by 0.97, caps a flow at the "
		    "TCP window over twice the latency and loads the reverse "
		    "path with 5%% of each flow");
		break;
	case NET_IDEAL:
		printf("the ideal network has the formula's own assumptions; "
		    "what differs is how the actors overlap, or contend for "
		    "links, beyond the round-by-round model");
		break;
	case NET_CM02:
		printf("the cm02 network caps each flow at the TCP window over "
		    "twice the route's latency");
		break;
	}
	printf(".\n");
}

static int
cmd_explain_exec(int argc, char **argv)
{
	struct cmd_args args;
	struct scenario *sc;
	struct results *r;
	char *errors;
	int status;

	if ((status = cmd_start(argc, argv, &cmd_explain_entry,
	    "Spell out the closed-form reasoning for SCENARIO step by step, "
	    "as the seed\nanswer does, then the simulated result beside it "
	    "and why they differ.\n\n"
	    "  -s, --set PATH=VALUE  override a scenario key (repeatable)\n"
	    "  -h, --help            show this help\n", 0, &args, &sc)) >= 0)
		return status;
	if ((r = cmd_simulate(sc, &errors)) == NULL) {
		fputs(errors, stderr);
		free(errors);
		scenario_free(sc);
		return 2;
	}
	explain(sc, r);
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("cannot write stdout");
	results_free(r);
	scenario_free(sc);
	return 0;
}

const struct cmd_entry cmd_explain_entry = {
	.name = "explain",
	.usage = "[-s PATH=VALUE]... [SCENARIO]",
	.summary = "spell out the closed-form reasoning for a scenario",
	.exec = cmd_explain_exec,
};
