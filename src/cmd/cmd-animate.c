/* cmd-animate.c: psim animate [-o FILE] [--steps A..B | --fault K]
 * SCENARIO...: one self-contained HTML page that draws each scenario's
 * cluster and plays the chosen steps of its run, or the time around a
 * fault, side by side (animate.c).  Each scenario runs in a child, as
 * SimGrid can be set up once per process, twice: once for the window's
 * time, once to record every event in it; the children send back their
 * panels' JSON. */
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

enum { OPT_OUTPUT, OPT_STEPS, OPT_FAULT };
static const struct cmd_option animate_options[] = {
	[OPT_OUTPUT] = { "output", 'o', CMD_FILE },
	[OPT_STEPS] = { "steps", 0, CMD_VALUE },
	[OPT_FAULT] = { "fault", 0, CMD_VALUE },
	{ NULL, 0, 0 }
};

static const char animate_help[] =
    "Write one HTML page that plays the chosen steps of each SCENARIO's "
    "run, side by\nside on one clock: the cluster's hosts and links, each "
    "link coloured by the\nshare of its capacity it carries, the "
    "bottleneck marked, every message in\nflight moving along its route, "
    "each NIC's load and the bytes it has left to\nmove, hosts computing "
    "or down, the step time and why the bottleneck binds.\nThe page needs "
    "no network.\n\n"
    "  -o, --output FILE     write the page to FILE (default: stdout)\n"
    "      --steps A..B      the steps to play, 0-based (default: the "
    "first after the\n"
    "                        warm-up)\n"
    "      --fault K         play around the K-th fault instead: from its "
    "notice and two\n"
    "                        steps before it to the relaunch and three steps "
    "after the\n"
    "                        host returns\n"
    "  -s, --set PATH=VALUE  override a key in every SCENARIO "
    "(repeatable)\n"
    "  -h, --help            show this help\n";

struct animate_args {
	const char	*output;
	int		 lo, hi;	/* lo -1: the default */
	int		 fault;		/* --fault K, or 0 */
};

struct animate_ctx {
	struct scenario	**sc;
	int		 n;
	int		 lo, hi;
	int		 fault;		/* --fault K, or 0 */
	long		 marks, points;	/* the page's bounds */
	double		*win;		/* [2 n]: each run's window, once
					   known */
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
	else if (which == OPT_FAULT)
		return cmd_int_option("animate", "fault", "a fault's number",
		    value, 1, 1000000, &aa->fault);
	else if (timeline_parse_steps(value, &aa->lo, &aa->hi, &cause) != 0) {
		fprintf(stderr, "psim: animate: --steps: %s\n", cause);
		free(cause);
		return 2;
	}
	return 0;
}

/* In a child: scenario i simulated with its timeline; in the first
 * round (c->win NULL) of the steps chosen, whose window (their first
 * start and last end) it writes, "T0 T1"; in the second of every event
 * in that window, whatever its step (an asynchronous PS's workers each
 * count their own), whose panel it writes.  The two runs are the same
 * run: the same scenario and seed.  Or "!" and why. */
static int
animate_child(void *ctx, int i, FILE *out)
{
	const struct animate_ctx *c = ctx;
	const struct scenario *sc = c->sc[i];
	int lo = c->lo, hi = c->hi, status = 1, faults;
	struct timeline *tl;
	struct results *r;
	char *errors;
	double t0, t1, step;

	if (lo < 0)	/* the first step after the warm-up */
		lo = hi = sc->run.warmup < sc->run.steps ? sc->run.warmup : 0;
	tl = timeline_create(lo, hi, 0);
	tl->want_routes = c->win != NULL;
	if (c->win != NULL)
		timeline_window(tl, c->win[2 * i], c->win[2 * i + 1]);
	if ((r = run_simulate_timeline(sc, tl, &errors)) == NULL) {
		fprintf(out, "!%s", errors);
		free(errors);
		timeline_free(tl);
		return 1;
	}
	/* around a fault: a fault-free step (the closed form's), and from
	 * the notice and two of them before the fault to the relaunch and
	 * three after the host's return */
	step = r->analytic.step_time_s > 0 ? r->analytic.step_time_s :
	    r->step_mean_s;
	if (lo >= r->steps)
		fprintf(out, "!psim: animate: %s: --steps %d..%d: the run has "
		    "%d step%s (0..%d)\n", sc->file, lo, hi, r->steps,
		    r->steps == 1 ? "" : "s", r->steps - 1);
	else if (c->win == NULL && c->fault > 0 && animate_fault_window(tl,
	    c->fault, sc->faults.notice_s + 2 * step, sc->faults.restart_s +
	    3 * step, r->simulated_s, &t0, &t1) != 0) {
		faults = animate_faults(tl);
		fprintf(out, "!psim: animate: %s: --fault %d: the run has %d "
		    "fault%s\n", sc->file, c->fault, faults,
		    faults == 1 ? "" : "s");
	} else if (c->win == NULL) {
		if (c->fault == 0)
			animate_window(tl, &t0, &t1);
		fprintf(out, "%.17g %.17g\n", t0, t1);
		status = 0;
	} else {
		animate_panel(out, sc, r, tl, c->fault, c->marks / c->n,
		    c->points);
		status = 0;
	}
	results_free(r);
	timeline_free(tl);
	return status;
}

/* The children's failures on stderr. */
static void
animate_failed(const struct animate_ctx *c, char **outs, const int *failed)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (failed[i])
			fputs(outs[i][0] == '!' ? outs[i] + 1 :
			    "psim: animate: a run failed\n", stderr);
}

/* Both rounds of animate_child, the windows of the first read into
 * c->win: the panels into outs; 0, or 2. */
static int
animate_rounds(struct animate_ctx *c, char **outs, int *failed)
{
	int i, round;

	for (round = 0; round < 2; round++) {
		if (child_map(c->n, 0, animate_child, c, outs, failed,
		    NULL) > 0) {
			animate_failed(c, outs, failed);
			return 2;
		}
		if (round == 1)
			break;
		c->win = xcalloc(2 * (size_t)c->n, sizeof *c->win);
		for (i = 0; i < c->n; i++) {
			if (sscanf(outs[i], "%lf %lf", &c->win[2 * i],
			    &c->win[2 * i + 1]) != 2)
				fatal("animate: a run's window: %s", outs[i]);
			free(outs[i]);
			outs[i] = NULL;
		}
	}
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
	struct animate_args aa = { NULL, -1, -1, 0 };
	const char *choices[OPT_FAULT + 1] = { [OPT_STEPS] =
	    CMD_STEP_RANGES, [OPT_FAULT] = "1 2 3" };
	const struct cmd_options o = {
		.help = animate_help,
		.own = animate_options,
		.take = animate_option,
		.ctx = &aa,
		.choices = choices,
	};
	struct animate_ctx c = { NULL, 0, -1, -1, 0, 0, 0, NULL };
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
	if (aa.fault > 0 && aa.lo >= 0) {
		fprintf(stderr, "psim: animate: --fault and --steps: give one "
		    "or the other\n");
		free(args.sets);
		return 2;
	}
	c.lo = aa.lo;
	c.hi = aa.hi;
	c.fault = aa.fault;
	c.marks = bound("PSIM_ANIMATE_MARKS", ANIMATE_MAX_MARKS);
	c.points = bound("PSIM_ANIMATE_POINTS", ANIMATE_MAX_POINTS);
	if ((status = animate_load(&args, &aa, &c)) == 0) {
		/* around a fault, every step simulated: no skip may leave the
		 * window without its messages */
		for (i = 0; i < c.n && c.fault > 0; i++)
			c.sc[i]->run.fast_forward = 0;
		outs = xcalloc((size_t)c.n, sizeof *outs);
		failed = xcalloc((size_t)c.n, sizeof *failed);
		if ((status = animate_rounds(&c, outs, failed)) == 0)
			status = animate_write(&aa, outs, c.n);
	}
	for (i = 0; i < c.n; i++) {
		scenario_free(c.sc[i]);
		free(outs != NULL ? outs[i] : NULL);
	}
	free(c.sc);
	free(c.win);
	free(outs);
	free(failed);
	free(args.sets);
	return status;
}

const struct cmd_entry cmd_animate_entry = {
	.name = "animate",
	.usage = "[-o FILE] [--steps A..B | --fault K] [-s PATH=VALUE]... "
	    "[SCENARIO]...",
	.summary = "write an HTML page that plays runs on their network",
	.exec = cmd_animate_exec,
};
