/* explain.c: psim explain's measurements (explain.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "csv.h"
#include "explain.h"
#include "run.h"
#include "scenario.h"

/* Take departure d out of sc; 0 if sc does not have it. */
static int
remove_departure(struct scenario *sc, enum departure d)
{
	if (!report_has_departure(sc, d))
		return 0;
	switch (d) {
	case D_JOBS:	/* a job of several: its scenario is it alone */
		return 1;
	case D_FAULTS:
		sc->faults.on = 0;
		sc->faults.workers.on = sc->faults.servers.on =
		    sc->faults.links.on = 0;
		return 1;
	case D_STRAGGLERS:
		sc->cluster.nslow = 0;
		sc->cluster.jitter = JITTER_NONE;
		return 1;
	case D_LINKS:
		sc->cluster.switch_Bps = 0;
		sc->cluster.oversubscription = 1e-6;	/* uplinks unbounded */
		return 1;
	case D_NETWORK:
		sc->network = NET_IDEAL;
		return 1;
	case D_N:
		break;
	}
	return 0;
}

/* In a child: scenario i of ctx's, simulated; its CSV report on out. */
static int
step_in_child(void *ctx, int i, FILE *out)
{
	const struct scenario *copies = ctx;

	return run_child_csv(&copies[i], out);
}

/* A field of a CSV report as a number, or -1. */
static double
field(const char *csv, const char *name)
{
	char *v = csv != NULL ? csv_field(csv, name) : NULL;
	double d = -1;

	if (v == NULL || sscanf(v, "%lf", &d) != 1)
		d = -1;
	free(v);
	return d;
}

void
explain_measure_gap(const struct scenario *sc, struct gap *g)
{
	struct scenario copy = *sc, copies[D_N + M_N];
	char *out[D_N + M_N];
	int failed[D_N + M_N], i, d, m, runs;
	double step, comp;

	memset(g, 0, sizeof *g);
	copy.run.replicates = 1;	/* the parts are of replicate 0 */
	for (d = 0; d < D_N; d++) {
		if (!remove_departure(&copy, (enum departure)d))
			continue;
		g->d[g->n] = (enum departure)d;
		copies[g->n++] = copy;
	}
	runs = g->n;
	copy = *sc;
	copy.run.replicates = 1;
	for (m = 0; sc->published_efficiency > 0 && m < M_N; m++) {
		if (!mechanism_on(&copy, (enum mechanism)m))
			continue;
		mechanism_off(&copy, (enum mechanism)m);
		g->m[g->nm++] = (enum mechanism)m;
		copies[runs++] = copy;
	}
	child_map(runs, runs, step_in_child, copies, out, failed, NULL);
	for (i = 0; i < runs; i++) {
		step = failed[i] ? -1 : field(out[i], "step_time_mean_s");
		comp = failed[i] ? -1 : field(out[i], "compute_s");
		if (i < g->n)
			g->step[i] = step;
		else
			g->eff[i - g->n] = step > 0 && comp >= 0 ?
			    comp / step : -1;
		free(out[i]);
	}
}
