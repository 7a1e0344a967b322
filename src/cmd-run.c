/* cmd-run.c: psim run [--format F] [--set P=V]... [SCENARIO]: simulate
 * one scenario and report it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "cmd.h"
#include "csv.h"
#include "jobs.h"
#include "metrics.h"
#include "platform.h"
#include "recovery.h"
#include "replicates.h"
#include "report.h"
#include "scenario.h"
#include "sim.h"
#include "timeline.h"
#include "xmalloc.h"

/* The closed form of the bucket pipeline, bucket by bucket. */
static void
bucket_analytic(const struct sim *sim, const struct shape *shape,
    struct analytic *a)
{
	double *bytes = xcalloc((size_t)sim->nbuckets, sizeof *bytes);
	double *ready = xcalloc((size_t)sim->nbuckets, sizeof *ready);
	int b;

	for (b = 0; b < sim->nbuckets; b++) {
		bytes[b] = (double)sim->bucket_len[b] * sim->elem_bytes;
		ready[b] = sim_bucket_ready_s(sim, b, shape->compute_s);
	}
	analytic_buckets(sim->sc->strategy.info->closed_form, shape,
	    sim->nbuckets, bytes, ready, a);
	free(bytes);
	free(ready);
}

void
cmd_closed_form(const struct sim *sim, struct shape *shape,
    struct analytic *a)
{
	sim_shape(sim, shape);
	memset(a, 0, sizeof *a);
	sim->sc->strategy.info->closed_form(shape, a);
	if (sim->nbuckets > 0)
		bucket_analytic(sim, shape, a);
	analytic_finish(shape, a);
}

/* A run in which no step after the warm-up finished, or that did not
 * get its steps by the time psim stops drawing faults (recovery.c's
 * GIVE_UP first horizons), is an error, not a report of zeros or of a
 * job that never ended: faults came faster than the job could get a
 * step (or a checkpoint's worth of steps) done, or took the hosts it
 * needed for good.  The error is at the fault process that did it (the
 * workers' unless only servers or links fail), or at the top without
 * faults, which no scenario should reach. */
static char *
no_progress(const struct scenario *sc, const struct results *r)
{
	static const char *const paths[] = { "/faults/preemption",
	    "/faults/servers", "/faults/links" };
	static const char *const keys[] = { "mttp", "weibull", "trace" };
	const struct fault_spec *fs = NULL;
	const struct fault_stats *f = &r->fstats;
	char path[64], done[96], *text;
	int k;

	for (k = 0; sc->faults.on && k < 3; k++) {
		fs = scenario_faults_of(sc, (enum fault_of)k);
		if (fs->on)
			break;
	}
	if (fs == NULL || k == 3) {
		xasprintf(&text, "psim: %s: the job cannot finish: no step "
		    "after the warm-up was done\n", sc->file);
		return text;
	}
	if (f->no_spare > 0)
		snprintf(path, sizeof path, "/faults/spares");
	else
		snprintf(path, sizeof path, "%s/%s", paths[k],
		    keys[fs->source == FAULTS_WEIBULL ? 1 :
		    fs->source == FAULTS_TRACE ? 2 : 0]);
	if (r->timed == 0)
		snprintf(done, sizeof done, "no step after the warm-up was "
		    "done");
	else
		snprintf(done, sizeof done, "%d of its %d steps were done "
		    "(psim draws faults no further)", r->timed + sc->run.warmup,
		    sc->run.steps);
	xasprintf(&text, "psim: %s: %s: the job cannot finish: in %.3g "
	    "simulated s, %s, through %d preemptions, %d server and %d link "
	    "failures: %s\n", sc->file, path, f->end_s, done, f->preemptions,
	    f->server_failures, f->link_failures, f->no_spare > 0 ?
	    "the spares ran out" : r->timed == 0 ?
	    "its hosts were never all up through a step" :
	    "its hosts were seldom all up for long enough; expected a longer "
	    "mean lifetime, shorter replacements or restarts, or more "
	    "frequent checkpoints");
	return text;
}

struct results *
cmd_simulate(const struct scenario *sc, char **errors)
{
	return cmd_simulate_timeline(sc, NULL, errors);
}

struct results *
cmd_simulate_timeline(const struct scenario *sc, struct timeline *tl,
    char **errors)
{
	struct analytic analytic;
	struct results *r;
	struct shape shape;
	struct sim *sim;
	double wall;
	char **rcsv = NULL;
	int i;

	/* several jobs: cmd_simulate_jobs, where the command takes them */
	if ((*errors = scenario_single(sc, "this command")) != NULL)
		return NULL;
	/* the other replicates first: SimGrid is not set up here yet */
	if (sc->run.replicates > 1 &&
	    (rcsv = replicates_run(sc, errors)) == NULL)
		return NULL;
	if ((sim = sim_create(sc, errors)) == NULL)
		goto fail;
	if (sc->faults.on)
		recovery_attach(sim);
	if (tl != NULL)
		sim_timeline(sim, tl);
	wall = sim_run(sim);
	if (sim_ended(sim, errors) != 0) {
		sim_free(sim);
		goto fail;
	}
	cmd_closed_form(sim, &shape, &analytic);
	r = metrics_results(sim->metrics, &analytic, wall);
	sim_free(sim);
	if (r->timed == 0 || (sc->faults.on && r->fstats.done_s < 0)) {
		*errors = no_progress(sc, r);
		results_free(r);
		goto fail;
	}
	if (rcsv != NULL)
		replicates_fill(sc, r, rcsv);
	return r;
fail:
	for (i = 0; rcsv != NULL && i < sc->run.replicates - 1; i++)
		free(rcsv[i]);
	free(rcsv);
	return NULL;
}

/* In a child: job i of the scenario ctx, alone on its hosts; its CSV
 * report on out. */
static int
job_alone(void *ctx, int i, FILE *out)
{
	const struct scenario *top = ctx;

	return child_csv(top->jobs[i], out);
}

/* Each job alone, in child processes (before SimGrid is set up here):
 * its step time into jb, or its error. */
static int
jobs_alone(const struct scenario *top, struct jobs *jb, char **errors)
{
	char **outs = xcalloc((size_t)top->njobs, sizeof *outs), *v;
	int *failed = xcalloc((size_t)top->njobs, sizeof *failed), i, bad = 0;

	child_map(top->njobs, 0, job_alone, (void *)top, outs, failed, NULL);
	for (i = 0; i < top->njobs; i++) {
		jb->alone_step_s[i] = -1;
		if (failed[i] && !bad && outs[i][0] == '!') {
			*errors = xstrdup(outs[i] + 1);
			bad = 1;
		}
		v = failed[i] ? NULL : csv_field(outs[i], "step_time_mean_s");
		if (v == NULL || sscanf(v, "%lf", &jb->alone_step_s[i]) != 1)
			jb->alone_step_s[i] = -1;
		free(v);
		free(outs[i]);
	}
	free(outs);
	free(failed);
	return bad ? -1 : 0;
}

struct jobs *
cmd_simulate_jobs(const struct scenario *top, char **errors)
{
	struct sim **sims = xcalloc((size_t)top->njobs, sizeof *sims);
	struct analytic analytic;
	struct shape shape;
	struct jobs *jb = jobs_create(top);
	int i, bad;

	*errors = NULL;
	bad = platform_place_jobs(top, errors) != 0 ||
	    jobs_alone(top, jb, errors) != 0 ||
	    sim_create_jobs(top, sims, errors) != 0;
	if (!bad)
		jb->wall_s = sim_run_jobs(sims, top->njobs);
	for (i = 0; !bad && i < top->njobs; i++)
		bad = sim_ended(sims[i], errors) != 0;
	for (i = 0; !bad && i < top->njobs; i++) {
		cmd_closed_form(sims[i], &shape, &analytic);
		jb->r[i] = metrics_results(sims[i]->metrics, &analytic,
		    jb->wall_s);
		if (jb->r[i]->timed == 0) {
			xasprintf(errors, "psim: %s: /jobs/%d: the job cannot "
			    "finish: no step after the warm-up was done\n",
			    top->file, i);
			bad = 1;
		}
	}
	for (i = 0; i < top->njobs; i++)
		sim_free(sims[i]);
	free(sims);
	if (bad) {
		jobs_free(jb);
		return NULL;
	}
	jobs_summarize(jb);
	return jb;
}

/* psim run's own options. */
enum { OPT_TIMELINE, OPT_TIMELINE_STEPS };
static const struct cmd_option run_options[] = {
	[OPT_TIMELINE] = { "timeline", 0, 1 },
	[OPT_TIMELINE_STEPS] = { "timeline-steps", 0, 1 },
	{ NULL, 0, 0 }
};

struct run_args {
	const char	*timeline;	/* --timeline FILE, or NULL */
	int		 lo, hi;	/* --timeline-steps; lo -1: none */
};

static const char run_help[] =
    "Simulate the training steps of SCENARIO (a JSON file, - for "
    "standard input;\nthe built-in seed scenario without one) on "
    "SimGrid and report step times,\ntraffic and the bottleneck "
    "beside the closed-form cost.  A scenario of several \"jobs\" on one "
    "cluster is\nsimulated with each job alone, then all together: the "
    "report gives each job\nboth ways, the links they share and who "
    "slows whom.\n"
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
	FILE *out = stdout;

	if (args->output != NULL && (out = fopen(args->output, "w")) == NULL)
		fatal("cannot write %s: %m", args->output);
	report_any(out, fmt, sc, r, jb);
	if (fflush(out) != 0 || ferror(out))
		fatal("cannot write %s", args->output != NULL ? args->output :
		    "stdout");
	if (out != stdout)
		fclose(out);
	if (args->json != NULL) {
		if ((out = fopen(args->json, "w")) == NULL)
			fatal("cannot write %s: %m", args->json);
		report_any(out, REPORT_JSON, sc, r, jb);
		if (fclose(out) != 0)
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
	else if ((jb = cmd_simulate_jobs(sc, &errors)) != NULL) {
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
	struct run_args ra = { NULL, -1, -1 };
	const struct cmd_options o = {
		.help = run_help,
		.flags = CMD_OUTPUT,
		.own = run_options,
		.take = run_option,
		.ctx = &ra,
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
	if ((status = cmd_load(&cmd_run_entry, &args, &sc)) >= 0)
		return status;
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
	if ((r = cmd_simulate_timeline(sc, tl, &errors)) == NULL) {
		fputs(errors, stderr);
		free(errors);
		timeline_free(tl);
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
	    "[--timeline FILE [--timeline-steps A..B]] [SCENARIO]",
	.summary = "simulate a scenario and report step times, traffic and "
	    "the bottleneck",
	.exec = cmd_run_exec,
};
