/* cross.c: psim cross's search (cross.h), issue 13.
 *
 * Each probe is a pair of runs in child processes (SimGrid runs once per
 * process), at once: the scenario with --set KEY=x and --set COMPARE=A,
 * then =B.  The difference d(x) = A's figure - B's must change sign
 * between LO and HI; the bisection halves the bracket until it is
 * within 5%, or CROSS_PROBES probes.  The crossing is where the line
 * through the last bracket's two d values is 0; the interval is between
 * the nearest probes on each side whose d is significant. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "cross.h"
#include "csv.h"
#include "figures.h"
#include "run.h"
#include "scenario.h"
#include "xmalloc.h"

/* The value at x, as the scenario reads it. */
static char *
setting(const char *path, double v, const char *unit)
{
	char *s;

	xasprintf(&s, "%s=%.6g%s", path, v, unit);
	return s;
}

/* The two runs of a probe: scenario files[k] with sets[k]. */
struct pair {
	char *const	*files;
	char		**sets[2];
	int		 nsets[2];
};

/* In a child: run k of the pair, its CSV report (or "!" and the errors)
 * on out. */
static int
probe_child(void *ctx, int k, FILE *out)
{
	const struct pair *p = ctx;
	struct scenario *sc;
	char *errors = NULL;

	if ((sc = scenario_load(p->files[k], p->sets[k], p->nsets[k],
	    &errors)) == NULL || (errors = scenario_single(sc,
	    "psim cross")) != NULL) {
		fprintf(out, "!%s", errors);
		return 2;
	}
	return run_child_csv(sc, out);
}

/* figure's mean and ci95 in a run's CSV report (the figure and 0
 * without replicates); -1 when it has no such figure. */
static int
figure_of(const char *csv, const char *figure, double *mean, double *ci)
{
	char name[128], *m, *c, *one;
	int rc = -1;

	snprintf(name, sizeof name, "%s_mean", figure);
	m = csv_field(csv, name);
	snprintf(name, sizeof name, "%s_ci95", figure);
	c = csv_field(csv, name);
	one = csv_field(csv, figure);
	if (m != NULL && c != NULL && m[0] != '\0' && c[0] != '\0' &&
	    sscanf(m, "%lf", mean) == 1 && sscanf(c, "%lf", ci) == 1)
		rc = 0;
	else if (one != NULL && one[0] != '\0' && sscanf(one, "%lf",
	    mean) == 1) {
		*ci = 0;
		rc = 0;
	}
	free(m);
	free(c);
	free(one);
	return rc;
}

int
cross_probe(const struct cross *c, char *const *files, char **base, int nbase,
    double x, struct probe *p)
{
	struct pair pair = { .files = files };
	double mean[2], ci[2], ev, evci;
	char *out[2], *set;
	int failed[2], k, bad = 0;

	set = setting(c->key, x, c->unit);
	for (k = 0; k < 2; k++) {
		pair.sets[k] = xcalloc((size_t)nbase + 3, sizeof *pair.sets[k]);
		memcpy(pair.sets[k], base, (size_t)nbase * sizeof *base);
		pair.sets[k][nbase] = set;
		pair.nsets[k] = nbase + 1;
		if (c->cmp != NULL)
			xasprintf(&pair.sets[k][pair.nsets[k]++], "%s=%s",
			    c->cmp, k ? c->b : c->a);
	}
	child_map(2, 2, probe_child, &pair, out, failed, NULL);
	p->events = NAN;
	for (k = 0; k < 2; k++) {
		if (!failed[k] && figure_of(out[k], "fault_events", &ev,
		    &evci) == 0 && !(p->events <= ev))
			p->events = ev;
		if (bad == 0 && failed[k]) {
			fputs(out[k][0] == '!' ? out[k] + 1 :
			    "psim: cross: a probe gave no figure\n", stderr);
			bad = 1;
		} else if (bad == 0 && figure_of(out[k], c->figure, &mean[k],
		    &ci[k]) != 0) {
			fprintf(stderr, "psim: %s: cross: the run has no figure "
			    "\"%s\"\n", files[k], c->figure);
			bad = 1;
		}
		if (c->cmp != NULL)
			free(pair.sets[k][nbase + 1]);
		free(pair.sets[k]);
		free(out[k]);
	}
	free(set);
	p->x = x;
	p->d = bad ? NAN : mean[0] - mean[1];
	p->e = bad ? NAN : sqrt(ci[0] * ci[0] + ci[1] * ci[1]);
	return bad ? -1 : 0;
}

int
cross_bisect(const struct cross *c, char *const *files, char **base, int nbase,
    struct probe *pr, int *ilo, int *ihi)
{
	int n = 2, geo = c->lo > 0 && c->hi / c->lo > 10;
	double x;

	*ilo = 0;
	*ihi = 1;
	while (n < CROSS_PROBES + 2 &&
	    pr[*ihi].x - pr[*ilo].x > 0.05 * fabs(pr[*ilo].x)) {
		x = geo ? sqrt(pr[*ilo].x * pr[*ihi].x) :
		    (pr[*ilo].x + pr[*ihi].x) / 2;
		if (cross_probe(c, files, base, nbase, x, &pr[n]) != 0)
			return -1;
		if ((pr[n].d > 0) == (pr[*ilo].d > 0))
			*ilo = n;
		else
			*ihi = n;
		n++;
	}
	return n;
}

void
cross_find(const struct probe *pr, int n, int ilo, int ihi,
    struct crossing *x)
{
	const struct probe *lo = &pr[ilo], *hi = &pr[ihi];
	int i;

	x->lo = lo;
	x->hi = hi;
	x->x = lo->x + (hi->x - lo->x) * lo->d / (lo->d - hi->d);
	x->significant_lo = -INFINITY;
	x->significant_hi = INFINITY;
	x->intervals = 0;
	x->few = 0;
	x->fewest = -1;
	for (i = 0; i < n; i++) {
		x->intervals |= pr[i].e != 0;
		if (pr[i].events < FEW_FAULT_EVENTS) {
			x->few++;
			if (x->fewest < 0 || pr[i].events < pr[x->fewest].events)
				x->fewest = i;
			/* a probe of too few fault events tells nothing
			 * apart */
			continue;
		}
		if (fabs(pr[i].d) <= pr[i].e)
			continue;
		if ((pr[i].d > 0) == (lo->d > 0) && pr[i].x <= lo->x &&
		    pr[i].x > x->significant_lo)
			x->significant_lo = pr[i].x;
		if ((pr[i].d > 0) == (hi->d > 0) && pr[i].x >= hi->x &&
		    pr[i].x < x->significant_hi)
			x->significant_hi = pr[i].x;
	}
}
