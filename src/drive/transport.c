/* transport.c: psim transport --check's simulations (transport.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "csv.h"
#include "hardware.h"
#include "mechanisms.h"
#include "run.h"
#include "scenario.h"
#include "transport.h"
#include "xmalloc.h"

#define CHECK_TOLERANCE	0.05
/* The message size a curve of one point (any size alike) is checked
 * at: a large one, as the sources measured them. */
#define CHECK_BYTES	64e6

struct check {
	const struct hw_transport *t;
	const struct calibration *points;
	double		 link_Bps;	/* bench_link's */
	int		 nominal;
};

/* The microbenchmark's link: its own, or on a loopback one a hundred
 * times the fastest rate of the curve. */
static double
bench_link(const struct hw_transport *t, const struct hw_curve *rate)
{
	double most = 0;
	int i;

	if (t->bench_Bps > 0)
		return t->bench_Bps;
	for (i = 0; i < rate->n; i++)
		if (rate->value[i] > most)
			most = rate->value[i];
	return 100 * (most > 0 ? most : 1e9);
}

/* In a child: point i of the check simulated, its CSV report on out. */
static int
point_in_child(void *ctx, int i, FILE *out)
{
	const struct check *c = ctx;
	const struct calibration *p = &c->points[i];
	struct scenario *sc;
	char *text, *errors;
	int status;

	/* a ring of 2 moves M/2 each way in each of its 2 rounds: M = 2 x
	 * the size, in fp32 parameters */
	xasprintf(&text, "{ \"name\": \"calibrate %s\", "
	    "\"model\": { \"params\": %.17g, \"compute\": \"1us\" }, "
	    "\"cluster\": { \"nic\": \"%.17gBps\", \"latency\": \"0s\" }, "
	    "\"placement\": { \"workers\": 2 }, "
	    "\"strategy\": { \"name\": \"allreduce\", \"algorithm\": \"ring\" },"
	    " \"network\": { \"model\": \"ideal\", \"transport\": \"%s\" }, "
	    "\"run\": { \"steps\": 1, \"warmup\": 0 } }", c->t->name,
	    2 * p->bytes / 4, c->link_Bps, c->t->name);
	sc = scenario_load_buffer("calibration", text, strlen(text), NULL, 0,
	    &errors);
	free(text);
	if (sc == NULL) {
		fprintf(out, "!%s", errors);
		free(errors);
		return 2;
	}
	if (c->nominal)
		mechanisms_off(sc);
	status = run_child_csv(sc, out);
	scenario_free(sc);
	return status;
}

/* psim's rate from a point's CSV report: the two rounds' bytes over the
 * step less its compute; -1 if it failed. */
static double
psim_rate(const char *csv, double bytes)
{
	char *step = csv_field(csv, "step_time_mean_s");
	char *comp = csv_field(csv, "compute_s");
	double s, c, r = -1;

	if (step != NULL && comp != NULL && sscanf(step, "%lf", &s) == 1 &&
	    sscanf(comp, "%lf", &c) == 1 && s > c)
		r = 2 * bytes / (s - c);
	free(step);
	free(comp);
	return r;
}

int
transport_calibrate(const struct hw_transport *t, int nominal,
    struct calibration **points)
{
	struct hw_curve rate, factor, *by;
	struct calibration *p;
	struct check c;
	char *errors, **out;
	int i, n, *failed;

	if (hw_curve_parse(t->rate, &rate, &errors) != 0 ||
	    hw_curve_parse(t->factor, &factor, &errors) != 0)
		fatal("hardware.def: transport %s: %s", t->name, errors);
	by = rate.n > 0 ? &rate : &factor;
	n = by->n;
	p = xcalloc((size_t)n + 1, sizeof *p);
	for (i = 0; i < n; i++) {
		p[i].bytes = n == 1 && by->size[0] < CHECK_BYTES ? CHECK_BYTES :
		    by->size[i];
		p[i].source_Bps = rate.n > 0 ? rate.value[i] :
		    factor.value[i] * t->bench_Bps;
	}
	c.t = t;
	c.points = p;
	c.link_Bps = bench_link(t, &rate);
	c.nominal = nominal;
	out = xcalloc((size_t)n + 1, sizeof *out);
	failed = xcalloc((size_t)n + 1, sizeof *failed);
	child_map(n, 0, point_in_child, &c, out, failed, NULL);
	for (i = 0; i < n; i++) {
		p[i].psim_Bps = failed[i] ? -1 : psim_rate(out[i],
		    p[i].bytes);
		free(out[i]);
	}
	free(out);
	free(failed);
	*points = p;
	return n;
}

int
transport_ok(const struct calibration *p)
{
	return p->psim_Bps > 0 &&
	    fabs(p->psim_Bps / p->source_Bps - 1) <= CHECK_TOLERANCE;
}
