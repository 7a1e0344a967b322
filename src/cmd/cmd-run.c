/* cmd-run.c: psim run [--format F] [--set P=V]... [SCENARIO]: simulate
 * one scenario and report it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "jobs.h"
#include "mechanisms.h"
#include "report.h"
#include "run.h"
#include "scenario.h"
#include "timeline.h"
#include "xmalloc.h"

/* psim run's own options. */
enum { OPT_TIMELINE, OPT_TIMELINE_STEPS, OPT_NOMINAL };
static const struct cmd_option run_options[] = {
	[OPT_TIMELINE] = { "timeline", 0, CMD_FILE },
	[OPT_TIMELINE_STEPS] = { "timeline-steps", 0, CMD_VALUE },
	[OPT_NOMINAL] = { "nominal", 0, CMD_NONE },
	{ NULL, 0, CMD_NONE }
};

struct run_args {
	const char	*timeline;	/* --timeline FILE, or NULL */
	int		 lo, hi;	/* --timeline-steps; lo -1: none */
	int		 nominal;	/* --nominal */
};

static const char run_help[] =
    "Simulate the training steps of SCENARIO on SimGrid and report step "
    "times,\ntraffic and the bottleneck beside the closed-form cost.  "
    "SCENARIO is a JSON\nfile; the name of a shipped one, as "
    "seed-250m-10w-10g-ps8, when no file has\nthat name; - for standard "
    "input; the built-in seed scenario without one.\nA scenario of "
    "several \"jobs\" on one cluster is simulated with each job alone,\n"
    "then all together: the report gives each job both ways, the links "
    "they share\nand who slows whom.\n"
    "\n"
    "  -f, --format FORMAT   text (default), json or csv\n"
    "  -s, --set PATH=VALUE  override a scenario key, e.g. "
    "--set strategy.shards=4\n"
    "                        (repeatable; VALUE is JSON or a string)\n"
    "  -o, --output FILE     write the report to FILE, not stdout\n"
    "  -j, --json FILE       also write the JSON report to FILE\n"
    "      --timeline FILE   write the run's events to FILE as trace-event "
    "JSON\n"
    "                        (open it in ui.perfetto.dev or "
    "chrome://tracing)\n"
    "      --timeline-steps A..B\n"
    "                        only the events of steps A to B (0-based, "
    "inclusive);\n"
    "                        without it, at most 1000000 events\n"
    "      --nominal         links at their nominal rates and hosts free: "
    "every\n"
    "                        host-side mechanism off (network.transport,\n"
    "                        strategy.cycle, strategy.pull,\n"
    "                        strategy.server_cpu, a published spread in\n"
    "                        cluster.compute_jitter, cluster.machine;\n"
    "                        psim-scenario(5), HOST COSTS)\n"
    "  -h, --help            show this help\n"
    "\nSee psim(1) for the report and psim-scenario(5) for the file "
    "format.\n";

static int
run_option(void *ctx, int which, const char *value)
{
	struct run_args *ra = ctx;
	char *cause;

	switch (which) {
	case OPT_TIMELINE:
		if (*value == '\0') {
			fprintf(stderr, "psim: run: --timeline: expected a "
			    "file name, got \"\"\n");
			return 2;
		}
		ra->timeline = value;
		break;
	case OPT_NOMINAL:
		ra->nominal = 1;
		break;
	case OPT_TIMELINE_STEPS:
		if (timeline_parse_steps(value, &ra->lo, &ra->hi,
		    &cause) != 0) {
			fprintf(stderr, "psim: run: --timeline-steps: %s\n",
			    cause);
			free(cause);
			return 2;
		}
		break;
	}
	return 0;
}

/* The timeline of --timeline, or NULL; its cap is PSIM_TIMELINE_CAP
 * (for the tests) or TIMELINE_CAP unless steps bound it. */
static struct timeline *
run_timeline(const struct run_args *ra)
{
	const char *env = getenv("PSIM_TIMELINE_CAP");
	long cap = ra->lo >= 0 ? 0 : TIMELINE_CAP;

	if (ra->timeline == NULL)
		return NULL;
	if (env != NULL && atol(env) > 0)
		cap = atol(env);
	return timeline_create(ra->lo, ra->hi, cap);
}

/* --timeline-steps past the run's steps: nothing to trace. */
static void
timeline_steps_past(const struct run_args *ra, int steps)
{
	fprintf(stderr, "psim: run: --timeline-steps %d..%d: the run has %d "
	    "step%s (0..%d), so the trace would be empty\n", ra->lo, ra->hi,
	    steps, steps == 1 ? "" : "s", steps - 1);
}

/* Write tl to file, saying on stderr if it was capped. */
static void
write_timeline(struct timeline *tl, const char *file)
{
	FILE *f = strcmp(file, "-") == 0 ? stdout : fopen(file, "w");

	if (f == NULL)
		fatal("cannot write %s: %m", file);
	if (timeline_write(tl, f) != 0 || (f != stdout && fclose(f) != 0))
		fatal("cannot write %s", file);
	if (tl->capped)
		fprintf(stderr, "psim: timeline: capped at %ld events; use "
		    "--timeline-steps\n", tl->cap);
}

/* The report of one job (r) or of several (jb). */
static void
report_any(FILE *f, enum report_format fmt, const struct scenario *sc,
    const struct results *r, const struct jobs *jb)
{
	if (jb != NULL)
		report_jobs_write(f, fmt, sc, jb);
	else
		report_write(f, fmt, sc, r);
}

/* The report to --output (or stdout) and --json. */
static void
write_reports(const struct cmd_args *args, enum report_format fmt,
    const struct scenario *sc, const struct results *r,
    const struct jobs *jb)
{
	FILE *out = stdout, *json = NULL;

	/* both open before either is written: a --json that cannot be
	 * written leaves no report half out */
	if (args->output != NULL && (out = fopen(args->output, "w")) == NULL)
		fatal("cannot write %s: %m", args->output);
	if (args->json != NULL && (json = fopen(args->json, "w")) == NULL)
		fatal("cannot write %s: %m", args->json);
	report_any(out, fmt, sc, r, jb);
	if (fflush(out) != 0 || ferror(out))
		fatal("cannot write %s", args->output != NULL ? args->output :
		    "stdout");
	if (out != stdout)
		fclose(out);
	if (json != NULL) {
		report_any(json, REPORT_JSON, sc, r, jb);
		if (fclose(json) != 0)
			fatal("cannot write %s", args->json);
	}
}

/* psim run of several jobs (not with --timeline); frees sc. */
static int
run_jobs(const struct cmd_args *args, enum report_format fmt,
    struct scenario *sc, int timeline)
{
	struct jobs *jb;
	char *errors;

	if (timeline)
		errors = scenario_single(sc, "psim run --timeline");
	else if ((jb = run_simulate_jobs(sc, &errors)) != NULL) {
		write_reports(args, fmt, sc, NULL, jb);
		jobs_free(jb);
		scenario_free(sc);
		return 0;
	}
	fputs(errors, stderr);
	free(errors);
	scenario_free(sc);
	return 2;
}

static int
cmd_run_exec(int argc, char **argv)
{
	struct run_args ra = { NULL, -1, -1, 0 };
	const char *choices[OPT_NOMINAL + 1] = { [OPT_TIMELINE_STEPS] =
	    CMD_STEP_RANGES };
	const struct cmd_options o = {
		.help = run_help,
		.flags = CMD_OUTPUT,
		.own = run_options,
		.take = run_option,
		.ctx = &ra,
		.choices = choices,
	};
	struct cmd_args args;
	struct scenario *sc;
	struct results *r;
	struct timeline *tl;
	enum report_format fmt = REPORT_TEXT;
	char *errors;
	int status, f;

	if ((status = cmd_parse(argc, argv, &cmd_run_entry, &o, &args)) >= 0)
		return status;
	if (ra.lo >= 0 && ra.timeline == NULL) {
		fprintf(stderr, "psim: run: --timeline-steps: expected "
		    "--timeline FILE with it, got none\n");
		free(args.sets);
		return 2;
	}
	if (ra.timeline != NULL && strcmp(ra.timeline, "-") == 0 &&
	    args.output == NULL) {
		fprintf(stderr, "psim: run: --timeline -: expected --output "
		    "FILE for the report, got none (both on the standard "
		    "output)\n");
		free(args.sets);
		return 2;
	}
	args.more = ra.timeline;
	if ((status = cmd_load(&cmd_run_entry, &args, &sc)) >= 0)
		return status;
	if (ra.nominal)
		mechanisms_off(sc);
	if (ra.lo >= 0 && !scenario_open_ended(sc) && sc->njobs == 0 &&
	    ra.lo >= sc->run.steps) {
		timeline_steps_past(&ra, sc->run.steps);
		scenario_free(sc);
		return 2;
	}
	if (args.format != NULL &&
	    (f = report_format_parse(args.format)) < 0) {
		fprintf(stderr, "psim: run: unknown format \"%s\"; expected "
		    "text, json or csv\n", args.format);
		scenario_free(sc);
		return 2;
	} else if (args.format != NULL)
		fmt = (enum report_format)f;
	if (sc->njobs > 0)
		return run_jobs(&args, fmt, sc, ra.timeline != NULL);
	tl = run_timeline(&ra);
	if ((r = run_simulate_timeline(sc, tl, &errors)) == NULL) {
		fputs(errors, stderr);
		free(errors);
		timeline_free(tl);
		scenario_free(sc);
		return 2;
	}
	if (tl != NULL && ra.lo >= r->steps) {	/* an open-ended run */
		timeline_steps_past(&ra, r->steps);
		timeline_free(tl);
		results_free(r);
		scenario_free(sc);
		return 2;
	}
	if (tl != NULL)
		write_timeline(tl, ra.timeline);
	timeline_free(tl);
	write_reports(&args, fmt, sc, r, NULL);
	results_free(r);
	scenario_free(sc);
	return 0;
}

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.usage = "[-f text|json|csv] [-s PATH=VALUE]... [-o FILE] [-j FILE] "
	    "[--timeline FILE [--timeline-steps A..B]] [--nominal] [SCENARIO]",
	.summary = "simulate a scenario and report step times, traffic and "
	    "the bottleneck",
	.exec = cmd_run_exec,
};
