/* cmd-advise.c: psim advise SCENARIO --target EXPR... --space
 * PATH=VALUES...: size a cluster backwards from a target (issue 15).
 *
 * Every point of the space (the sweep's value syntax and grid) is the
 * scenario with --set PATH=VALUE for each --space.  Each point's closed
 * form comes from a child process that loads it and computes it without
 * a simulation (run_closed_form_of: no SimGrid, but a platform file's
 * probe); then the promising points (the closed form within
 * ADVISE_SLACK of every target) and the cheapest few it rules out are
 * simulated, in child processes too, their CSV reports read back.  The
 * logic, ranking and answers are advise.c's. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "analytic.h"
#include "child.h"
#include "cluster.h"
#include "cmd.h"
#include "registry.h"
#include "run.h"
#include "scenario.h"
#include "shape.h"
#include "sweep.h"
#include "xmalloc.h"

enum { OPT_TARGET, OPT_SPACE, OPT_JOBS, OPT_BEST, OPT_PROBES, OPT_MAX_SIMS,
	OPT_ALL };
static const struct cmd_option advise_options[] = {
	[OPT_TARGET] = { "target", 't', CMD_VALUE },
	[OPT_SPACE] = { "space", 'S', CMD_KEY },
	[OPT_JOBS] = { "jobs", 'J', CMD_VALUE },
	[OPT_BEST] = { "best", 'n', CMD_VALUE },
	[OPT_PROBES] = { "probes", 0, CMD_VALUE },
	[OPT_MAX_SIMS] = { "max-sims", 0, CMD_VALUE },
	[OPT_ALL] = { "all", 0, CMD_NONE },
	{ NULL, 0, CMD_NONE }
};

/* What the options say, and what the children need. */
struct advise_args {
	struct advise	 a;
	struct sweep	 sw;		/* its vary: the --space values */
	int		 jobs;
	char		*file;		/* cmd_scenario_file's */
	char		**base;		/* --set, nbase of them */
	int		 nbase;
	int		*sims;		/* candidates to simulate, nsims */
	int		 nsims;
	const char	**names;	/* each candidate's strategy.name */
	const char	*file_name;	/* the scenario's */
	const char	*phase;		/* for the progress bar */
	int		 tty;
};

static const char advise_help[] =
    "Size a cluster backwards from a target: the cheapest settings of the "
    "--space\nkeys under which SCENARIO meets every --target.  Each point's "
    "closed form\nranks it; the promising ones and the cheapest few the "
    "closed form rules out\nare simulated, N at a time.  Exit 1 when "
    "nothing meets the targets.\n\n"
    "  -t, --target FIGURE<=VALUE   or >=; FIGURE one of step_time, "
    "goodput,\n"
    "                               efficiency, throughput, "
    "cost_per_1k_steps,\n"
    "                               required_gbps (repeatable), such as "
    "step_time<=3.5s\n"
    "  -S, --space PATH=V1,V2,...   values of a scenario key "
    "(repeatable), or\n"
    "  -S, --space PATH=A..B[:STEP|xFACTOR]  a range, as psim sweep's "
    "--vary\n"
    "  -s, --set PATH=VALUE         fixed for every point (repeatable)\n"
    "  -f, --format FORMAT          text (default) or json\n"
    "  -o, --output FILE            write the answer to FILE, not stdout\n"
    "  -J, --jobs N                 children at once (default: the cores)\n"
    "  -n, --best N                 meeting configurations to list "
    "(default 3)\n"
    "      --probes N               simulate the N cheapest the closed "
    "form rules out\n"
    "                               (default 3)\n"
    "      --max-sims N             simulate at most N promising ones "
    "(default 64)\n"
    "      --all                    simulate every point\n"
    "  -h, --help                   show this help\n";

/* An integer option from lo to hi; an exit status if it is not one. */
static int
int_option(const char *name, const char *arg, int lo, int hi, int *v)
{
	char *end;
	long x = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || x < lo || x > hi) {
		fprintf(stderr, "psim: advise: --%s: expected an integer from "
		    "%d to %d, got \"%s\"\n", name, lo, hi, arg);
		return 2;
	}
	*v = (int)x;
	return 0;
}

static int
add_target(struct advise *a, const char *arg)
{
	char *cause;

	a->t = xreallocarray(a->t, (size_t)a->nt + 1, sizeof *a->t);
	if (advise_target_parse(arg, &a->t[a->nt], &cause) != 0) {
		fprintf(stderr, "psim: advise: %s\n", cause);
		free(cause);
		return 2;
	}
	a->nt++;
	return 0;
}

static int
add_space(struct sweep *sw, const char *arg)
{
	char *cause;

	sw->vary = xreallocarray(sw->vary, (size_t)sw->nvary + 1,
	    sizeof *sw->vary);
	if (sweep_vary_parse(arg, &sw->vary[sw->nvary], &cause) != 0) {
		/* the sweep's words, this command's option */
		fprintf(stderr, "psim: advise: %s%s\n", strncmp(cause,
		    "--vary ", 7) == 0 ? "--space " : "", strncmp(cause,
		    "--vary ", 7) == 0 ? cause + 7 : cause);
		free(cause);
		return 2;
	}
	sw->nvary++;
	return 0;
}

static int
advise_option(void *ctx, int which, const char *value)
{
	struct advise_args *x = ctx;

	switch (which) {
	case OPT_TARGET:
		return add_target(&x->a, value);
	case OPT_SPACE:
		return add_space(&x->sw, value);
	case OPT_JOBS:
		return int_option("jobs", value, 1, 1024, &x->jobs);
	case OPT_BEST:
		return int_option("best", value, 1, 1000, &x->a.nbest);
	case OPT_PROBES:
		return int_option("probes", value, 0, 1000, &x->a.probes);
	case OPT_MAX_SIMS:
		return int_option("max-sims", value, 0, SWEEP_MAX_POINTS,
		    &x->a.max_sims);
	case OPT_ALL:
		x->a.all = 1;
		break;
	}
	return 0;
}

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

/* The grid of the --space values into x->a.c; an exit status if it is
 * too big. */
static int
make_candidates(struct advise_args *x)
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

/* Every candidate's closed form; an exit status when none can be built
 * (the first one's errors said). */
static int
closed_forms(struct advise_args *x)
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

/* The chosen candidates' simulations. */
static void
simulations(struct advise_args *x)
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

/* The answer, in the format asked for: 0, or 1 when nothing meets the
 * targets. */
static int
answer(struct advise_args *x, const struct cmd_args *args, int json)
{
	FILE *out = stdout;
	int *best = xcalloc((size_t)x->a.nc + 1, sizeof *best), n;

	if (args->output != NULL && (out = fopen(args->output, "w")) == NULL)
		fatal("cannot write %s: %m", args->output);
	if (json)
		advise_json(out, &x->a);
	else
		advise_text(out, &x->a);
	if (fflush(out) != 0 || ferror(out))
		fatal("cannot write %s", args->output != NULL ? args->output :
		    "stdout");
	if (out != stdout)
		fclose(out);
	n = advise_best(&x->a, best);
	free(best);
	return n > 0 ? 0 : 1;
}

/* The options make sense: a target, a space, a format we write. */
static int
check_args(struct advise_args *x, const struct cmd_args *args, int *json)
{
	*json = 0;
	if (args->nargs > 1)
		return cmd_usage(&cmd_advise_entry);
	if (x->a.nt == 0 || x->sw.nvary == 0) {
		fprintf(stderr, "psim: advise: expected at least one --%s, "
		    "such as %s\n", x->a.nt == 0 ? "target" : "space",
		    x->a.nt == 0 ? "--target step_time<=3.5s" :
		    "--space strategy.shards=1..8");
		return 2;
	}
	if (args->format != NULL && strcmp(args->format, "json") == 0)
		*json = 1;
	else if (args->format != NULL && strcmp(args->format, "text") != 0) {
		fprintf(stderr, "psim: advise: unknown format \"%s\"; expected "
		    "text or json\n", args->format);
		return 2;
	}
	if (args->json != NULL) {
		fprintf(stderr, "psim: advise: --json: not with advise; use "
		    "--format json\n");
		return 2;
	}
	return -1;
}

/* The scenario with the --set values alone, for its name and strategy;
 * failing that (a --set that needs a --space value), with the first
 * point's values too.  -1 to go on, or 2 with the errors said. */
static int
load_base(struct advise_args *x, struct scenario **sc)
{
	char **sets, *errors = NULL, *first = NULL;
	int k, n = x->nbase;

	if ((*sc = scenario_load(x->file, x->base, x->nbase, &first)) !=
	    NULL && (errors = scenario_single(*sc, "psim advise")) != NULL) {
		fputs(errors, stderr);
		free(errors);
		scenario_free(*sc);
		*sc = NULL;
		return 2;
	}
	if (*sc != NULL)
		return -1;
	sets = xcalloc((size_t)(x->nbase + x->sw.nvary) + 1, sizeof *sets);
	memcpy(sets, x->base, (size_t)x->nbase * sizeof *sets);
	for (k = 0; k < x->sw.nvary; k++)
		xasprintf(&sets[n++], "%s=%s", x->sw.vary[k].path,
		    x->sw.vary[k].values[0]);
	*sc = scenario_load(x->file, sets, n, &errors);
	for (k = x->nbase; k < n; k++)
		free(sets[k]);
	free(sets);
	if (*sc == NULL)
		fputs(first, stderr);
	free(first);
	free(errors);
	return *sc != NULL ? -1 : 2;
}

static int
cmd_advise_exec(int argc, char **argv)
{
	struct advise_args x = { .a = { .probes = 3, .max_sims = 64,
	    .nbest = 3 } };
	const char *choices[OPT_ALL + 1] = { [OPT_TARGET] =
	    advise_target_choices() };
	const struct cmd_options o = { .help = advise_help, .flags =
	    CMD_OUTPUT, .own = advise_options, .take = advise_option, .ctx =
	    &x, .choices = choices };
	struct cmd_args args;
	struct scenario *sc = NULL;
	int status, json, i;

	if ((status = cmd_parse(argc, argv, &cmd_advise_entry, &o,
	    &args)) >= 0)
		goto out;
	if ((status = check_args(&x, &args, &json)) >= 0) {
		free(args.sets);
		goto out;
	}
	x.base = xcalloc((size_t)args.nsets + 1, sizeof *x.base);
	for (i = 0; i < args.nsets; i++)
		x.base[x.nbase++] = args.sets[i];
	free(args.sets);
	if ((status = cmd_scenario_file(args.nargs == 1 ? args.args[0] :
	    NULL, &x.file)) != 0 || (status = load_base(&x, &sc)) >= 0)
		goto out;
	args.file = x.file;
	if ((status = cmd_outputs_check(&cmd_advise_entry, &args, sc)) != 0)
		goto out;
	status = -1;
	x.a.scenario = sc->name;
	x.file_name = registry_block_name(sc->strategy.info);
	x.tty = isatty(2);
	if ((status = make_candidates(&x)) >= 0 ||
	    (status = closed_forms(&x)) >= 0)
		goto out;
	advise_plan(&x.a);
	simulations(&x);
	status = answer(&x, &args, json);
out:
	advise_free(&x.a);
	sweep_free(&x.sw);
	free(x.base);
	free(x.sims);
	free(x.names);
	free(x.file);
	scenario_free(sc);
	return status;
}

const struct cmd_entry cmd_advise_entry = {
	.name = "advise",
	.usage = "-t FIGURE<=VALUE... -S PATH=VALUES... [-f text|json] "
	    "[-s PATH=VALUE]... [-J N] [-n N] [-o FILE] [SCENARIO]",
	.summary = "size a cluster backwards from a target: the cheapest "
	    "settings that meet it",
	.exec = cmd_advise_exec,
};
