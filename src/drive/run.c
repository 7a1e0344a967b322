/* run.c: the run driver: simulate one scenario (its replicates in
 * child processes, faults, a timeline) or several jobs, and its closed
 * form, into results; a simulation in a child process, its CSV report
 * read back.  The commands call it; it calls the engine. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "csv.h"
#include "errors.h"
#include "jobs.h"
#include "metrics.h"
#include "platform.h"
#include "platform-probe.h"
#include "recovery.h"
#include "replicates.h"
#include "report.h"
#include "run.h"
#include "scenario.h"
#include "shape.h"
#include "sim.h"
#include "timeline.h"
#include "xmalloc.h"
#include "sim-timeline.h"
#include "simulation.h"

/* In a child: replicate i + 1 of ctx's scenario, its CSV report (or
 * "!" and its errors) on out. */
static int
replicate_child(void *ctx, int i, FILE *out)
{
	const struct scenario *sc = ctx;
	struct scenario one = *sc;

	one.seed = scenario_replicate_seed(sc->seed, i + 1);
	one.run.replicates = 1;
	return run_child_csv(&one, out);
}

/* Run replicates 1..n-1 of sc; their CSV reports (malloc'd, n - 1 of
 * them), or NULL with *errors naming the first that failed and why. */
static char **
replicates_run(const struct scenario *sc, char **errors)
{
	int n = sc->run.replicates, i, *failed;
	char **csv = xcalloc((size_t)n, sizeof *csv);

	*errors = NULL;
	failed = xcalloc((size_t)n, sizeof *failed);
	if (child_map(n - 1, 0, replicate_child, (void *)sc, csv, failed, NULL) == 0) {
		free(failed);
		return csv;
	}
	for (i = 0; !failed[i]; i++)
		;
	xasprintf(errors, "psim: %s: /run/replicates: replicate %d (seed "
	    "%lu) failed: %s", sc->file, i + 1, scenario_replicate_seed(sc->seed,
	    i + 1), csv[i][0] == '!' ? csv[i] + 1 : "no report\n");
	for (i = 0; i < n; i++)
		free(csv[i]);
	free(csv);
	free(failed);
	return NULL;
}

void
run_closed_form(const struct sim *sim, struct shape *shape,
    struct analytic *a)
{
	shape_closed_form(sim->sc, &sim->layout, &sim->facts, shape, a);
}

/* The role hosts' names, workers, servers, then the storage, into one
 * list (taking them); *n of them. */
static char **
role_hosts(char **workers, char **servers, char *storage, int *n)
{
	char **v;
	int i;

	for (*n = 0; workers[*n] != NULL; (*n)++)
		;
	for (i = 0; servers[i] != NULL; i++)
		;
	v = xcalloc((size_t)(*n + i) + 2, sizeof *v);
	memcpy(v, workers, (size_t)*n * sizeof *v);
	memcpy(v + *n, servers, (size_t)i * sizeof *v);
	*n += i;
	if (storage != NULL)
		v[(*n)++] = storage;
	free(workers);
	free(servers);
	return v;
}

int
run_closed_form_of(const struct scenario *sc, struct closed *c,
    char **errors)
{
	struct errors e = ERRORS_INIT;
	char **workers, **servers, *storage, **hosts;
	int n, roles = sc->placement.workers + sc->placement.servers, rc = 0;

	memset(c, 0, sizeof *c);
	if (sim_place(sc, &workers, &servers, &storage, errors) != 0)
		return -1;
	hosts = role_hosts(workers, servers, storage, &n);
	if (sc->cluster.topology != TOPO_PLATFORM)
		cluster_facts_generated(sc, (const char *const *)hosts, n,
		    &c->facts);
	else if (probe_facts(sc->cluster.platform, sc->file, hosts, n, roles,
	    &c->facts, &e) != 0) {
		*errors = errors_take(&e);
		rc = -1;
	}
	xfreev(hosts);
	if (rc != 0)
		return -1;
	layout_make(sc, &c->layout);
	shape_closed_form(sc, &c->layout, &c->facts, &c->shape, &c->a);
	return 0;
}

/* A run in which no step after the warm-up finished, or that did not
 * get its steps by the time psim stops drawing faults (recovery.c's
 * GIVE_UP first horizons), is an error, not a report of zeros or of a
 * job that never ended: faults came faster than the job could get a
 * step (or a checkpoint's worth of steps) done, or took the hosts it
 * needed for good.  The error is at the fault process that did it (the
 * one with the most faults), or at the top without faults, which no
 * scenario should reach. */
static char *
no_progress(const struct scenario *sc, const struct results *r)
{
	static const char *const paths[] = { "/faults/preemption",
	    "/faults/servers", "/faults/links" };
	static const char *const keys[] = { "mttp", "weibull", "trace" };
	const struct fault_spec *fs = NULL;
	const struct fault_stats *f = &r->fstats;
	const int counts[] = { f->preemptions, f->server_failures,
	    f->link_failures };
	char path[64], done[96], *text;
	int i, k = 3, lost = f->lost_steps > sc->run.warmup; /* rolled back */

	/* the process that failed most (the first on, where none did) */
	for (i = 0; sc->faults.on && i < 3; i++) {
		if (scenario_faults_of(sc, (enum fault_of)i)->on &&
		    (k == 3 || counts[i] > counts[k]))
			k = i;
	}
	if (k < 3)
		fs = scenario_faults_of(sc, (enum fault_of)k);
	if (fs == NULL) {
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
	if (r->timed == 0 && lost)
		snprintf(done, sizeof done, "no step after the warm-up was "
		    "kept (%ld done and lost to restarts)", f->lost_steps);
	else if (r->timed == 0)
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
	    "the spares ran out" : r->timed == 0 && !lost ?
	    "its hosts were never all up through a step" :
	    "its hosts were seldom all up for long enough; expected a longer "
	    "mean lifetime, shorter replacements or restarts, or more "
	    "frequent checkpoints");
	return text;
}

struct results *
run_simulate(const struct scenario *sc, char **errors)
{
	return run_simulate_timeline(sc, NULL, errors);
}

struct results *
run_simulate_timeline(const struct scenario *sc, struct timeline *tl,
    char **errors)
{
	struct analytic analytic;
	struct results *r;
	struct shape shape;
	struct sim *sim;
	double wall;
	char **rcsv = NULL;
	int i;

	/* several jobs: run_simulate_jobs, where the command takes them */
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
	run_closed_form(sim, &shape, &analytic);
	r = sim_results(sim, &analytic, wall);
	sim_free(sim);
	if (r->timed == 0 || (sc->faults.on && r->fstats.done_s < 0)) {
		*errors = no_progress(sc, r);
		results_free(r);
		goto fail;
	}
	if (rcsv != NULL)
		replicates_fill(sc, r, report_csv(sc, r), rcsv);
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

	return run_child_csv(top->jobs[i], out);
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
run_simulate_jobs(const struct scenario *top, char **errors)
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
		run_closed_form(sims[i], &shape, &analytic);
		jb->r[i] = sim_results(sims[i], &analytic, jb->wall_s);
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

/* In a child: simulate sc, its CSV report on out (or "!" and the
 * errors); the exit status. */
int
run_child_csv(const struct scenario *sc, FILE *out)
{
	struct results *r;
	char *errors = NULL;

	if ((r = run_simulate(sc, &errors)) == NULL) {
		fprintf(out, "!%s", errors != NULL ? errors : "\n");
		free(errors);
		return 2;
	}
	report_write(out, REPORT_CSV, sc, r);
	results_free(r);
	return 0;
}
