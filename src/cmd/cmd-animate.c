/* cmd-animate.c: psim animate [-o FILE] [--steps A..B] SCENARIO...: one
 * self-contained HTML page that draws each scenario's cluster and plays
 * the chosen steps of its run, side by side (animate.c).  Each scenario
 * runs in a child, as SimGrid can be set up once per process; the
 * children send back their panels' JSON. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animate.h"
#include "child.h"
#include "cmd.h"
#include "results.h"
#include "run.h"
#include "scenario.h"
#include "timeline.h"
#include "xmalloc.h"

/* Side by side, a page holds at most this many scenarios. */
#define ANIMATE_MAX_PANELS	8

enum { OPT_OUTPUT, OPT_STEPS };
static const struct cmd_option animate_options[] = {
	[OPT_OUTPUT] = { "output", 'o', CMD_FILE },
	[OPT_STEPS] = { "steps", 0, CMD_VALUE },
	{ NULL, 0, 0 }
};

static const char animate_help[] =
    "Write one HTML page that plays the chosen steps of each SCENARIO's "
    "run, side by\nside: the cluster's hosts and links, each link coloured "
    "and labelled by the\nGbps it carries, messages moving along their "
    "routes, each NIC's load, the step\ntime and the bottleneck.  The page "
    "needs no network.\n\n"
    "  -o, --output FILE     write the page to FILE (default: stdout)\n"
    "      --steps A..B      the steps to play, 0-based (default: the "
    "first after the\n"
    "                        warm-up)\n"
    "  -s, --set PATH=VALUE  override a key in every SCENARIO "
    "(repeatable)\n"
    "  -h, --help            show this help\n";

struct animate_args {
	const char	*output;
	int		 lo, hi;	/* lo -1: the default */
};

struct animate_ctx {
	struct scenario	**sc;
	int		 n;
	int		 lo, hi;
	long		 marks, points;	/* the page's bounds */
};

/* A bound, or the tests' smaller one from the environment. */
static long
bound(const char *env, long dflt)
{
	const char *v = getenv(env);

	return v != NULL && atol(v) > 0 ? atol(v) : dflt;
}

static int
animate_option(void *ctx, int which, const char *value)
{
	struct animate_args *aa = ctx;
	char *cause;

	if (which == OPT_OUTPUT)
		aa->output = value;
	else if (timeline_parse_steps(value, &aa->lo, &aa->hi, &cause) != 0) {
		fprintf(stderr, "psim: animate: --steps: %s\n", cause);
		free(cause);
		return 2;
	}
	return 0;
}

/* In a child: scenario i simulated with its timeline of the steps
 * chosen; its panel on out, or "!" and why. */
static int
animate_child(void *ctx, int i, FILE *out)
{
	const struct animate_ctx *c = ctx;
	const struct scenario *sc = c->sc[i];
	int lo = c->lo, hi = c->hi;
	struct timeline *tl;
	struct results *r;
	char *errors;

	if (lo < 0)	/* the first step after the warm-up */
		lo = hi = sc->run.warmup < sc->run.steps ? sc->run.warmup : 0;
	tl = timeline_create(lo, hi, 0);
	tl->want_routes = 1;
	if ((r = run_simulate_timeline(sc, tl, &errors)) == NULL) {
		fprintf(out, "!%s", errors);
		free(errors);
		timeline_free(tl);
		return 1;
	}
	if (lo >= r->steps) {
		fprintf(out, "!psim: animate: %s: --steps %d..%d: the run has "
		    "%d step%s (0..%d)\n", sc->file, lo, hi, r->steps,
		    r->steps == 1 ? "" : "s", r->steps - 1);
		results_free(r);
		timeline_free(tl);
		return 1;
	}
	animate_panel(out, sc, r, tl, c->marks / c->n, c->points);
	results_free(r);
	timeline_free(tl);
	return 0;
}

/* Each operand (or the built-in seed) loaded with the --set values, as
 * cmd_load loads one; 0, or the exit status. */
static int
animate_load(struct cmd_args *args, const struct animate_args *aa,
    struct animate_ctx *c)
{
	struct cmd_args one;
	int i, status;

	c->n = args->nargs > 0 ? args->nargs : 1;
	c->sc = xcalloc((size_t)c->n, sizeof *c->sc);
	for (i = 0; i < c->n; i++) {
		one = *args;
		one.args = args->nargs > 0 ? &args->args[i] : NULL;
		one.nargs = args->nargs > 0;
		one.output = aa->output;
		one.sets = xreallocarray(NULL, (size_t)args->nsets + 1,
		    sizeof *one.sets);
		memcpy(one.sets, args->sets, (size_t)args->nsets *
		    sizeof *one.sets);
		if ((status = cmd_load(&cmd_animate_entry, &one,
		    &c->sc[i])) >= 0)
			return status;
	}
	return 0;
}

/* The page of the panels on aa's output; 0, or 1 if it cannot be
 * written. */
static int
animate_write(const struct animate_args *aa, char **outs, int n)
{
	FILE *f = aa->output == NULL || strcmp(aa->output, "-") == 0 ?
	    stdout : fopen(aa->output, "w");

	if (f == NULL) {
		fprintf(stderr, "psim: animate: cannot write %s: %m\n",
		    aa->output);
		return 1;
	}
	if (animate_page(f, (const char *const *)outs, n) != 0 ||
	    (f != stdout && fclose(f) != 0) ||
	    (f == stdout && fflush(f) != 0))
		fatal("animate: cannot write %s", f == stdout ? "stdout" :
		    aa->output);
	return 0;
}

static int
cmd_animate_exec(int argc, char **argv)
{
	struct animate_args aa = { NULL, -1, -1 };
	const char *choices[OPT_STEPS + 1] = { [OPT_STEPS] =
	    CMD_STEP_RANGES };
	const struct cmd_options o = {
		.help = animate_help,
		.own = animate_options,
		.take = animate_option,
		.ctx = &aa,
		.choices = choices,
	};
	struct animate_ctx c = { NULL, 0, -1, -1, 0, 0 };
	struct cmd_args args;
	char **outs = NULL;
	int *failed = NULL, status, i;

	if ((status = cmd_parse(argc, argv, &cmd_animate_entry, &o,
	    &args)) >= 0)
		return status;
	if (args.nargs > ANIMATE_MAX_PANELS) {
		fprintf(stderr, "psim: animate: %d scenarios: a page holds at "
		    "most %d side by side\n", args.nargs, ANIMATE_MAX_PANELS);
		free(args.sets);
		return 2;
	}
	c.lo = aa.lo;
	c.hi = aa.hi;
	c.marks = bound("PSIM_ANIMATE_MARKS", ANIMATE_MAX_MARKS);
	c.points = bound("PSIM_ANIMATE_POINTS", ANIMATE_MAX_POINTS);
	if ((status = animate_load(&args, &aa, &c)) == 0) {
		outs = xcalloc((size_t)c.n, sizeof *outs);
		failed = xcalloc((size_t)c.n, sizeof *failed);
		if (child_map(c.n, 0, animate_child, &c, outs, failed,
		    NULL) > 0) {
			for (i = 0; i < c.n; i++)
				if (failed[i])
					fputs(outs[i][0] == '!' ? outs[i] + 1 :
					    "psim: animate: a run failed\n",
					    stderr);
			status = 2;
		} else
			status = animate_write(&aa, outs, c.n);
	}
	for (i = 0; i < c.n; i++) {
		scenario_free(c.sc[i]);
		free(outs != NULL ? outs[i] : NULL);
	}
	free(c.sc);
	free(outs);
	free(failed);
	free(args.sets);
	return status;
}

const struct cmd_entry cmd_animate_entry = {
	.name = "animate",
	.usage = "[-o FILE] [--steps A..B] [-s PATH=VALUE]... [SCENARIO]...",
	.summary = "write an HTML page that plays runs on their network",
	.exec = cmd_animate_exec,
};
