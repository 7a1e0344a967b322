/* advise-run.c: psim advise's phases in child processes
 * (advise-run.h): each candidate is the scenario with --set PATH=VALUE
 * for each --space; its closed form comes from a child that loads it
 * and computes it without a simulation (run_closed_form_of: no
 * SimGrid, but a platform file's probe), and the chosen ones' runs from
 * children too, their CSV reports read back. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advise-run.h"
#include "analytic.h"
#include "child.h"
#include "cluster.h"
#include "run.h"
#include "scenario.h"
#include "shape.h"
#include "xmalloc.h"

/* Candidate i's scenario: the file with its strategy block anew if it
 * asks for one, --set base... that apply, then its own settings. */
static struct scenario *
load_candidate(const struct advise_args *x, int i, char **errors)
{
	const struct advise_candidate *c = &x->a.c[i];
	char **sets = xcalloc((size_t)(c->npre + x->nbase + c->nsets) + 1,
	    sizeof *sets);
	struct scenario *sc;
	int k, n = 0;

	for (k = 0; k < c->npre; k++)
		sets[n++] = c->pre[k];
	for (k = 0; k < x->nbase; k++) {
		if (c->npre == 0 || advise_applies(x->base[k], x->names[i]))
			sets[n++] = x->base[k];
	}
	for (k = 0; k < c->nsets; k++)
		sets[n++] = c->sets[k];
	sc = scenario_load(x->file, sets, n, errors);
	free(sets);
	return sc;
}

/* In a child: candidate i's closed form, as advise_read_closed reads it,
 * without a simulation (run_closed_form_of). */
static int
closed_child(void *ctx, int i, FILE *out)
{
	const struct advise_args *x = ctx;
	const struct analytic *an;
	struct closed c;
	struct scenario *sc;
	char *errors = NULL;
	double wb, sb, cost;
	int storage, machines, gpus, n, servers;

	if ((sc = load_candidate(x, i, &errors)) == NULL ||
	    run_closed_form_of(sc, &c, &errors) != 0) {
		fprintf(out, "!%s", errors != NULL ? errors : "\n");
		return 2;
	}
	an = &c.a;
	n = sc->placement.workers;
	servers = sc->placement.servers;
	wb = an->worker_sent_bytes > an->worker_received_bytes ?
	    an->worker_sent_bytes : an->worker_received_bytes;
	sb = an->server_received_bytes > an->server_sent_bytes ?
	    an->server_received_bytes : an->server_sent_bytes;
	storage = sc->faults.on ? 1 : 0;
	gpus = sc->cluster.gpus_per_host > 1 ? sc->cluster.gpus_per_host : 1;
	machines = (n + gpus - 1) / gpus + servers + storage;
	cost = sc->cluster.priced ? cluster_cost(sc, n, servers, storage,
	    machines) : machines;
	fprintf(out, "step_time_s %.12g\nthroughput %.12g\ngoodput %.12g\n"
	    "required_gbps %.12g\ncompute_s %.12g\nworker_bytes %.12g\n"
	    "server_bytes %.12g\nnic_gbps %.12g\nworkers %d\nservers %d\n"
	    "storage %d\nmachines %d\nbatch %.12g\ncost %.12g\npriced %d\n"
	    "bottleneck %s (%s)\n", an->step_time_s, n * sc->model.batch /
	    an->step_time_s, 1 / an->step_time_s,
	    an->required_gbps_worker > an->required_gbps_server ?
	    an->required_gbps_worker : an->required_gbps_server,
	    an->compute_s, wb, sb, c.shape.B * 8 / 1e9, n, servers, storage,
	    machines, sc->model.batch, cost, sc->cluster.priced,
	    an->paced_by[0] != '\0' ? an->paced_by : "compute",
	    an->dominant != NULL ? an->dominant : "compute");
	closed_free(&c);
	scenario_free(sc);
	return 0;
}

/* In a child: simulate the i-th candidate chosen, its CSV report on
 * out. */
static int
sim_child(void *ctx, int i, FILE *out)
{
	const struct advise_args *x = ctx;
	struct scenario *sc;
	char *errors = NULL;
	int status;

	if ((sc = load_candidate(x, x->sims[i], &errors)) == NULL) {
		fprintf(out, "!%s", errors);
		return 2;
	}
	status = run_child_csv(sc, out);
	scenario_free(sc);
	return status;
}

/* The progress bar, on a terminal only. */
static void
progress(void *ctx, int done, int n)
{
	const struct advise_args *x = ctx;
	int width = 30, fill = n > 0 ? done * width / n : width, i;

	if (!x->tty)
		return;
	fputs("\r[", stderr);
	for (i = 0; i < width; i++)
		fputc(i < fill ? '=' : ' ', stderr);
	fprintf(stderr, "] %s %d/%d", x->phase, done, n);
	if (done == n)
		fputs("\r\033[K", stderr);
}

int
advise_make_candidates(struct advise_args *x)
{
	struct advise *a = &x->a;
	char *cause;
	int i, k;

	if (sweep_grid(&x->sw, x->base, x->nbase, &cause) != 0) {
		fprintf(stderr, "psim: advise: %s\n", cause);
		free(cause);
		return 2;
	}
	a->c = xcalloc((size_t)x->sw.npts, sizeof *a->c);
	x->names = xcalloc((size_t)x->sw.npts, sizeof *x->names);
	for (i = 0; i < x->sw.npts; i++) {
		struct advise_candidate *c = &a->c[a->nc];

		x->names[a->nc] = advise_candidate_make(c, x->sw.pts[i].sets,
		    x->sw.nvary, x->file_name);
		c->index = a->nc;
		/* a point whose settings do not all apply may be another's */
		for (k = 0; k < a->nc && !advise_same(&a->c[k], c); k++)
			;
		if (k == a->nc) {
			a->nc++;
			continue;
		}
		for (k = 0; k < c->nsets; k++)
			free(c->sets[k]);
		for (k = 0; k < c->npre; k++)
			free(c->pre[k]);
		free(c->sets);
		free(c->pre);
		memset(c, 0, sizeof *c);
	}
	return -1;
}

int
advise_closed_forms(struct advise_args *x)
{
	struct advise *a = &x->a;
	char **out = xcalloc((size_t)a->nc, sizeof *out);
	int *failed = xcalloc((size_t)a->nc, sizeof *failed);
	int i, good = 0, status = -1;

	x->phase = "closed forms";
	child_map(a->nc, x->jobs, closed_child, x, out, failed, progress);
	for (i = 0; i < a->nc; i++) {
		if (!failed[i] && advise_read_closed(&a->c[i], out[i]) == 0)
			good++;
		else
			a->c[i].error = xstrdup(out[i][0] == '!' ? out[i] + 1 :
			    "psim: advise: the closed form gave no figures\n");
	}
	if (good == 0) {
		fputs(a->c[0].error, stderr);
		status = 2;
	}
	for (i = 0; i < a->nc; i++)
		free(out[i]);
	free(out);
	free(failed);
	return status;
}

void
advise_simulations(struct advise_args *x)
{
	struct advise *a = &x->a;
	char **out;
	int *failed, i;
	struct advise_candidate *c;

	x->sims = xcalloc((size_t)a->nc + 1, sizeof *x->sims);
	for (i = 0; i < a->nc; i++) {
		if (a->c[a->rank[i]].simulate)
			x->sims[x->nsims++] = a->rank[i];
	}
	out = xcalloc((size_t)x->nsims + 1, sizeof *out);
	failed = xcalloc((size_t)x->nsims + 1, sizeof *failed);
	x->phase = "simulations";
	child_map(x->nsims, x->jobs, sim_child, x, out, failed, progress);
	for (i = 0; i < x->nsims; i++) {
		c = &a->c[x->sims[i]];
		if (failed[i] || advise_read_simulated(c, out[i]) != 0) {
			c->sim_failed = 1;
			c->sim_error = xstrdup(out[i][0] == '!' ? out[i] + 1 :
			    "psim: advise: the run gave no figures\n");
		}
		free(out[i]);
	}
	free(out);
	free(failed);
}
