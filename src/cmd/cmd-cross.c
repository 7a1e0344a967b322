/* cmd-cross.c: psim cross --key PATH=LO..HI --compare PATH=A,B
 * [--figure COLUMN] [-s PATH=VALUE]... SCENARIO: where two settings'
 * figures cross as one key varies, found by bisection, each probe the
 * mean of run.replicates runs with its 95% interval (issue 13).
 *
 * Each probe is a pair of runs in child processes (SimGrid runs once per
 * process), at once: the scenario with --set KEY=x and --set COMPARE=A,
 * then =B.  The difference d(x) = A's figure - B's must change sign
 * between LO and HI; the bisection halves the bracket (geometrically
 * when LO > 0 and HI / LO > 10) until it is within 5%, or 10 probes.
 * The crossing is where the line through the last bracket's two d
 * values is 0; the interval is between the nearest probes on each side
 * whose d is significant: |d| beyond the two intervals combined. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "cmd.h"
#include "csv.h"
#include "figures.h"
#include "report.h"
#include "results.h"
#include "run.h"
#include "scenario.h"
#include "sweep.h"
#include "xmalloc.h"

#define CROSS_PROBES	10

enum { OPT_KEY, OPT_COMPARE, OPT_FIGURE };
static const struct cmd_option cross_options[] = {
	[OPT_KEY] = { "key", 'k', CMD_KEY },
	[OPT_COMPARE] = { "compare", 'c', CMD_KEY },
	[OPT_FIGURE] = { "figure", 'F', CMD_VALUE },
	{ NULL, 0, CMD_NONE }
};

struct cross {
	char		*key;		/* PATH */
	double		 lo, hi;	/* its range, in the unit below */
	char		*unit;		/* what follows the numbers: "h", "" */
	char		*cmp;		/* PATH */
	char		*a, *b;		/* its two values */
	const char	*figure;	/* a CSV column */
};

/* PATH=LO..HI, in one unit (sweep.h's ranges): lo and hi in LO's. */
static int
parse_key(struct cross *x, const char *arg)
{
	const char *eq = strchr(arg, '=');
	struct range r;
	char *cause;

	if (eq == NULL || eq == arg)
		return -1;
	if (sweep_range_parse(eq + 1, 0, &r, &cause) != 0) {
		free(cause);
		return -1;
	}
	x->key = xstrndup(arg, (size_t)(eq - arg));
	x->lo = r.lo / r.scale;
	x->hi = r.hi / r.scale;
	x->unit = r.unit;
	return 0;
}

static int
parse_compare(struct cross *x, const char *arg)
{
	const char *eq = strchr(arg, '='), *comma;

	if (eq == NULL || eq == arg || (comma = strchr(eq, ',')) == NULL ||
	    comma == eq + 1 || comma[1] == '\0' || strchr(comma + 1, ','))
		return -1;
	x->cmp = xstrndup(arg, (size_t)(eq - arg));
	x->a = xstrndup(eq + 1, (size_t)(comma - eq - 1));
	x->b = xstrdup(comma + 1);
	return 0;
}

static int
cross_option(void *ctx, int which, const char *value)
{
	struct cross *x = ctx;

	if (which == OPT_FIGURE) {
		x->figure = value;
		return 0;
	}
	if (which == OPT_KEY ? parse_key(x, value) : parse_compare(x,
	    value)) {
		fprintf(stderr, "psim: cross: --%s %s: expected %s\n", which ==
		    OPT_KEY ? "key" : "compare", value, which == OPT_KEY ?
		    "PATH=LO..HI, LO < HI, both in one unit (such as "
		    "faults.preemption.mttp=5h..40h or model.params=100K..10M)" :
		    "PATH=A,B (such as strategy.sync=async,sync)");
		return 2;
	}
	return 0;
}

/* The value at x, as the scenario reads it. */
static char *
setting(const char *path, double v, const char *unit)
{
	char *s;

	xasprintf(&s, "%s=%.6g%s", path, v, unit);
	return s;
}

struct probe {
	double		 x, d, e;	/* d = A - B, e its 95% half-width */
	double		 events;	/* the fewer fault events of the two
					   runs (a mean with replicates);
					   NAN without faults */
};

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

/* The pair of runs at x, at once: 0, or -1 with what went wrong said. */
static int
probe(const struct cross *c, char *const *files, char **base, int nbase,
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

/* Bisect [lo, hi] on the sign of d: the probes in pr (LO and HI first),
 * how many, and the last bracket's ends in *ilo, *ihi. */
static int
bisect(const struct cross *c, char *const *files, char **base, int nbase,
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
		if (probe(c, files, base, nbase, x, &pr[n]) != 0)
			return -1;
		if ((pr[n].d > 0) == (pr[*ilo].d > 0))
			*ilo = n;
		else
			*ihi = n;
		n++;
	}
	return n;
}

/* As psim run says of one run: probes whose runs saw fewer than
 * FEW_FAULT_EVENTS fault events, whose difference is mostly chance (and
 * is not counted significant above). */
static void
few_events(const struct cross *c, const struct probe *pr, int n)
{
	int i, few = 0, at = -1;

	for (i = 0; i < n; i++) {
		if (!(pr[i].events < FEW_FAULT_EVENTS))
			continue;
		few++;
		if (at < 0 || pr[i].events < pr[at].events)
			at = i;
	}
	if (few == 0)
		return;
	printf("  %d of the %d probes saw fewer than %d fault events (%.3g "
	    "at %.4g%s): what faults cost there is mostly chance, and no "
	    "such probe counts as significant (a longer run.duration, or "
	    "run.min_fault_events)\n", few, n, FEW_FAULT_EVENTS,
	    pr[at].events, pr[at].x, c->unit);
}

/* The crossing, and where the difference is significant on each side. */
static void
report_cross(const struct cross *c, const struct probe *pr, int n,
    int ilo, int ihi)
{
	const struct probe *lo = &pr[ilo], *hi = &pr[ihi];
	double x0 = lo->x + (hi->x - lo->x) * lo->d / (lo->d - hi->d);
	double sl = -INFINITY, sh = INFINITY;
	int i;

	for (i = 0; i < n; i++) {
		/* a probe of too few fault events tells nothing apart */
		if (fabs(pr[i].d) <= pr[i].e || pr[i].events < FEW_FAULT_EVENTS)
			continue;
		if ((pr[i].d > 0) == (lo->d > 0) && pr[i].x <= lo->x &&
		    pr[i].x > sl)
			sl = pr[i].x;
		if ((pr[i].d > 0) == (hi->d > 0) && pr[i].x >= hi->x &&
		    pr[i].x < sh)
			sh = pr[i].x;
	}
	if (c->cmp != NULL)
		printf("%s: %s=%s and %s=%s", c->figure, c->cmp, c->a, c->cmp,
		    c->b);
	else
		printf("%s: %s and %s", c->figure, c->a, c->b);
	printf(" cross at %s = %.4g%s (between %.4g%s and %.4g%s, %d "
	    "probes)\n", c->key, x0, c->unit, lo->x, c->unit, hi->x, c->unit,
	    n);
	printf("  %s is %s below and %s above", c->a, lo->d > 0 ? "higher" :
	    "lower", hi->d > 0 ? "higher" : "lower");
	for (i = 0; i < n && pr[i].e == 0; i++)
		;
	if (i == n)
		printf("; one run per probe, so no interval (--set "
		    "run.replicates=N gives one)\n");
	else if (isfinite(sl) && isfinite(sh))
		printf("; the difference is significant (95%%) at %.4g%s and "
		    "below, and at %.4g%s and above\n", sl, c->unit, sh,
		    c->unit);
	else
		printf("; no probe on %s side is significant (95%%): more "
		    "run.replicates would narrow it\n", isfinite(sl) ?
		    "the upper" : isfinite(sh) ? "the lower" : "either");
	few_events(c, pr, n);
}

static const char cross_help[] =
    "Find where two settings' figures (or two scenarios') cross as one "
    "key varies:\nbisect KEY's range on the sign of A's figure minus B's, "
    "each probe a pair of\nruns (with run.replicates, their means and "
    "95% intervals).\n\n"
    "  -k, --key PATH=LO..HI       the key to vary, such as "
    "faults.preemption.mttp=5h..40h\n"
    "  -c, --compare PATH=A,B      the two settings, such as "
    "strategy.sync=async,sync\n"
    "  -F, --figure COLUMN         a CSV report column (default "
    "goodput_steps_per_s)\n"
    "  -s, --set PATH=VALUE        fixed for every run (repeatable), "
    "such as\n"
    "                              --set run.replicates=5\n"
    "  -h, --help                  show this help\n";

static int
cmd_cross_exec(int argc, char **argv)
{
	struct cross c = { NULL, 0, 0, NULL, NULL, NULL, NULL,
	    "goodput_steps_per_s" };
	const struct cmd_options o = { .help = cross_help, .own =
	    cross_options, .take = cross_option, .ctx = &c };
	struct probe pr[CROSS_PROBES + 2];
	struct cmd_args args;
	char *files[2] = { NULL, NULL };
	int status, n, ilo, ihi;

	memset(&args, 0, sizeof args);
	if ((status = cmd_parse(argc, argv, &cmd_cross_entry, &o,
	    &args)) >= 0)
		goto out;
	status = 2;
	/* one scenario and --compare, or two scenarios */
	if (c.key == NULL || (c.cmp != NULL) != (args.nargs == 1) ||
	    args.nargs < 1 || args.nargs > 2) {
		status = cmd_usage(&cmd_cross_entry);
		goto out;
	}
	if ((status = cmd_scenario_file(args.args[0], &files[0])) != 0 ||
	    (status = cmd_scenario_file(args.args[args.nargs - 1],
	    &files[1])) != 0)
		goto out;
	status = 2;
	if (c.cmp == NULL) {
		c.a = xstrdup(args.args[0]);
		c.b = xstrdup(args.args[args.nargs - 1]);
	}
	if (probe(&c, files, args.sets, args.nsets, c.lo, &pr[0]) != 0 ||
	    probe(&c, files, args.sets, args.nsets, c.hi, &pr[1]) != 0)
		goto out;
	if ((pr[0].d > 0) == (pr[1].d > 0) || pr[0].d == 0 ||
	    pr[1].d == 0) {
		fprintf(stderr, "psim: cross: %s - %s of %s is %+.4g at %s = "
		    "%.4g%s and %+.4g at %.4g%s: no crossing in between\n",
		    c.a, c.b, c.figure, pr[0].d, c.key, c.lo, c.unit,
		    pr[1].d, c.hi, c.unit);
		status = 1;
		goto out;
	}
	if ((n = bisect(&c, files, args.sets, args.nsets, pr, &ilo,
	    &ihi)) < 0)
		goto out;
	report_cross(&c, pr, n, ilo, ihi);
	status = 0;
out:
	free(args.sets);
	free(files[0]);
	free(files[1]);
	free(c.key);
	free(c.unit);
	free(c.cmp);
	free(c.a);
	free(c.b);
	return status;
}

const struct cmd_entry cmd_cross_entry = {
	.name = "cross",
	.usage = "-k PATH=LO..HI [-F COLUMN] [-s PATH=VALUE]... "
	    "{-c PATH=A,B SCENARIO | SCENARIO_A SCENARIO_B}",
	.summary = "find where two settings' figures cross as a key varies",
	.exec = cmd_cross_exec,
};
