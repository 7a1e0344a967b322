/* cmd-cross.c: psim cross --key PATH=LO..HI --compare PATH=A,B
 * [--figure COLUMN] [-s PATH=VALUE]... SCENARIO: where two settings'
 * figures cross as one key varies, each probe the mean of
 * run.replicates runs with its 95% interval (issue 13): the options and
 * the words; the search is drive/cross.c's. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cross.h"
#include "figures.h"
#include "sweep.h"
#include "xmalloc.h"

enum { OPT_KEY, OPT_COMPARE, OPT_FIGURE };
static const struct cmd_option cross_options[] = {
	[OPT_KEY] = { "key", 'k', CMD_KEY },
	[OPT_COMPARE] = { "compare", 'c', CMD_KEY },
	[OPT_FIGURE] = { "figure", 'F', CMD_VALUE },
	{ NULL, 0, CMD_NONE }
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

/* The crossing, where the difference is significant on each side, and
 * as psim run says of one run, probes whose runs saw fewer than
 * FEW_FAULT_EVENTS fault events, whose difference is mostly chance (and
 * is not counted significant). */
static void
report_cross(const struct cross *c, const struct probe *pr, int n,
    int ilo, int ihi)
{
	struct crossing x;

	cross_find(pr, n, ilo, ihi, &x);
	if (c->cmp != NULL)
		printf("%s: %s=%s and %s=%s", c->figure, c->cmp, c->a, c->cmp,
		    c->b);
	else
		printf("%s: %s and %s", c->figure, c->a, c->b);
	printf(" cross at %s = %.4g%s (between %.4g%s and %.4g%s, %d "
	    "probes)\n", c->key, x.x, c->unit, x.lo->x, c->unit, x.hi->x,
	    c->unit, n);
	printf("  %s is %s below and %s above", c->a, x.lo->d > 0 ? "higher" :
	    "lower", x.hi->d > 0 ? "higher" : "lower");
	if (!x.intervals)
		printf("; one run per probe, so no interval (--set "
		    "run.replicates=N gives one)\n");
	else if (isfinite(x.significant_lo) && isfinite(x.significant_hi))
		printf("; the difference is significant (95%%) at %.4g%s and "
		    "below, and at %.4g%s and above\n", x.significant_lo,
		    c->unit, x.significant_hi, c->unit);
	else
		printf("; no probe on %s side is significant (95%%): more "
		    "run.replicates would narrow it\n",
		    isfinite(x.significant_lo) ? "the upper" :
		    isfinite(x.significant_hi) ? "the lower" : "either");
	if (x.few > 0)
		printf("  %d of the %d probes saw fewer than %d fault events "
		    "(%.3g at %.4g%s): what faults cost there is mostly "
		    "chance, and no such probe counts as significant (a "
		    "longer run.duration, or run.min_fault_events)\n", x.few,
		    n, FEW_FAULT_EVENTS, pr[x.fewest].events, pr[x.fewest].x,
		    c->unit);
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
	if (cross_probe(&c, files, args.sets, args.nsets, c.lo, &pr[0]) != 0 ||
	    cross_probe(&c, files, args.sets, args.nsets, c.hi, &pr[1]) != 0)
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
	if ((n = cross_bisect(&c, files, args.sets, args.nsets, pr, &ilo,
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
