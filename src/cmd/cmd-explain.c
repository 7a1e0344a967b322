/* cmd-explain.c: psim explain [--set P=V]... [SCENARIO]: the closed-form
 * reasoning for a scenario step by step, in the style of the seed
 * answer (bytes per parameter x parameters = gradient; who sends what;
 * the bandwidth each NIC needs; which saturates first), then the
 * simulated result beside it and why the two differ. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "child.h"
#include "cmd.h"
#include "csv.h"
#include "explain.h"
#include "jobs.h"
#include "platform.h"
#include "report.h"
#include "results.h"
#include "run.h"
#include "scenario.h"
#include "units.h"
#include "xmalloc.h"

/* Against the real machines (published): the scaling efficiency they
 * measured beside psim's, and what each host-side mechanism the scenario
 * names takes of the difference between psim's nominal figure (links
 * at their nominal rates, hosts free) and the measurement. */
static void
print_published(const struct scenario *sc, const struct results *r,
    const struct gap *g, int i)
{
	double eff = r->step_mean_s > 0 ? r->analytic.compute_s /
	    r->step_mean_s : 0, pub = sc->published_efficiency, prev, nom;
	char words[1024];
	int k;

	printf("%d. Against the real machines: scaling efficiency %.3f "
	    "measured", i, pub);
	if (sc->published_source != NULL)
		printf(" (%s)", sc->published_source);
	printf(", %.3f in psim: %+.1f%%%s.\n", eff, 100 * (eff / pub - 1),
	    fabs(eff / pub - 1) <= 0.15 ? ", within 15%" : "");
	if (g->nm == 0) {
		printf("   psim's links carry their nominal rates and its hosts "
		    "are free: the scenario\n   names no mechanism of what "
		    "real hosts pay (psim-scenario(5), HOST COSTS).\n");
		return;
	}
	nom = g->eff[g->nm - 1];
	for (k = 0; k < g->nm; k++)
		if (g->eff[k] < 0) {
			printf("   (the run without its mechanisms failed)\n");
			return;
		}
	printf("   With its links at their nominal rates and its hosts free, "
	    "psim gives %.3f\n   (%+.1f%%); what each mechanism takes of "
	    "that difference, %.3f:\n", nom, 100 * (nom / pub - 1),
	    nom - pub);
	prev = eff;
	for (k = 0; k < g->nm; k++) {
		mechanism_words(sc, g->m[k], words, sizeof words);
		printf("   %+6.0f%%  %s: %.3f without it\n", nom != pub ?
		    100 * (g->eff[k] - prev) / (nom - pub) : 0, words,
		    g->eff[k]);
		printf("           measured alone: %s\n",
		    mechanism_source(sc, g->m[k]));
		prev = g->eff[k];
	}
	printf("   %+6.0f%%  left\n", nom != pub ? 100 * (eff - pub) /
	    (nom - pub) : 0);
}

struct part {
	const char	*what;
	double		 points;	/* % of the closed form's step */
};

static int
part_cmp(const void *a, const void *b)
{
	const struct part *x = a, *y = b;
	double ax = fabs(x->points), ay = fabs(y->points);

	return (ax < ay) - (ax > ay);
}

/* "Why they differ", measured: the parts of the gap, largest first. */
static void
print_gap(const struct scenario *sc, const struct results *r,
    const struct gap *g)
{
	struct part parts[D_N + 1];
	double base = r->analytic.step_time_s, prev = r->step_mean_s;
	int i, n = 0;

	for (i = 0; i < g->n; i++) {
		if (g->step[i] < 0) {
			printf("   (the run without them failed; no parts)\n");
			return;
		}
		parts[n].what = report_departure_words(sc, g->d[i]);
		parts[n++].points = 100 * (prev - g->step[i]) / base;
		prev = g->step[i];
	}
	parts[n].what = "the rest: shared links the closed form does not "
	    "count, how the rounds overlap";
	parts[n++].points = 100 * (prev - base) / base;
	qsort(parts, (size_t)n, sizeof parts[0], part_cmp);
	printf("   Measured by running the scenario again with each departure "
	    "from the closed\n   form's assumptions taken away in turn "
	    "(points: %% of the closed form's step):\n");
	for (i = 0; i < n; i++)
		printf("   %+8.1f  %s\n", fabs(parts[i].points) < 0.05 ? 0 :
		    parts[i].points, parts[i].what);
}

static void
explain(const struct scenario *sc, const struct results *r,
    const struct gap *gap)
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

	printf("%d. To move its bytes in the %s of compute, a worker's NIC "
	    "needs %.4g Gbps", i++, c, a->required_gbps_worker);
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

	printf("%d. Why they differ (%+.1f%%):\n", i++, a->step_time_s > 0 ?
	    100 * (r->step_mean_s - a->step_time_s) / a->step_time_s : 0);
	if (a->step_time_s > 0)
		print_gap(sc, r, gap);
	if (sc->published_efficiency > 0)
		print_published(sc, r, gap, i++);
}

/* explain for several jobs: who slows whom, then each job's reasoning,
 * the other jobs the first departure measured.  Frees top. */
static int
explain_jobs(struct scenario *top)
{
	struct gap *g = xcalloc((size_t)top->njobs, sizeof *g);
	struct jobs *jb = NULL;
	char *errors, who[1024];
	int j;

	/* the hosts first: the children run each job on its own */
	if (platform_place_jobs(top, &errors) == 0) {
		for (j = 0; j < top->njobs; j++)
			explain_measure_gap(top->jobs[j], &g[j]);
		jb = run_simulate_jobs(top, &errors);
	}
	if (jb == NULL) {
		fputs(errors, stderr);
		free(errors);
		free(g);
		scenario_free(top);
		return 2;
	}
	printf("%s: %d jobs on one cluster; who slows whom:\n", top->name,
	    top->njobs);
	for (j = 0; j < top->njobs; j++) {
		jobs_who(jb, j, who, sizeof who);
		printf("  %s\n", who);
	}
	for (j = 0; j < top->njobs; j++) {
		printf("\n== job \"%s\" ==\n", top->jobs[j]->job.name);
		explain(top->jobs[j], jb->r[j], &g[j]);
	}
	jobs_free(jb);
	free(g);
	scenario_free(top);
	return 0;
}

static int
cmd_explain_exec(int argc, char **argv)
{
	struct cmd_args args;
	struct scenario *sc;
	struct results *r;
	struct gap g;
	char *errors;
	int status;

	if ((status = cmd_start(argc, argv, &cmd_explain_entry,
	    "Spell out the closed-form reasoning for SCENARIO step by step, "
	    "as the seed\nanswer does, then the simulated result beside it "
	    "and why they differ,\nmeasured: the scenario runs again with "
	    "each departure from the closed form\n(faults, stragglers, "
	    "links beyond the NICs, the network model) taken away.  With "
	    "several jobs,\nwho slows whom, then each job's reasoning, the "
	    "other jobs its first departure.\n\n"
	    "  -s, --set PATH=VALUE  override a scenario key (repeatable)\n"
	    "  -h, --help            show this help\n", 0, &args, &sc)) >= 0)
		return status;
	if (sc->njobs > 0)
		return explain_jobs(sc);
	explain_measure_gap(sc, &g);
	if ((r = run_simulate(sc, &errors)) == NULL) {
		fputs(errors, stderr);
		free(errors);
		scenario_free(sc);
		return 2;
	}
	explain(sc, r, &g);
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
