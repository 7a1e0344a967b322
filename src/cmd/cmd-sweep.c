/* cmd-sweep.c: psim sweep SCENARIO --vary PATH=V1,V2,... ... (the grid,
 * its processes and results.csv: sweep.c; --plot: plot.c) and psim merge
 * DIR (merge.c). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "files.h"
#include "merge.h"
#include "plot.h"
#include "report.h"
#include "scenario.h"
#include "sweep.h"
#include "xmalloc.h"

/* psim merge DIR: results.csv from the points a plan's commands ran. */
static int
cmd_merge_exec(int argc, char **argv)
{
	const struct cmd_options o = {
		.help = "Gather the reports of the points of a sweep run by its "
		    "--plan\ncommands into DIR/results.csv, in point order.\n",
		.flags = CMD_NOSET,
	};
	struct cmd_args args;
	int status;

	if ((status = cmd_parse(argc, argv, &cmd_merge_entry, &o,
	    &args)) >= 0)
		return status;
	free(args.sets);
	if (args.nargs != 1)
		return cmd_usage(&cmd_merge_entry);
	return merge(args.args[0], report_csv_header());
}

const struct cmd_entry cmd_merge_entry = {
	.name = "merge",
	.usage = "DIR",
	.summary = "gather the reports of a planned sweep's points",
	.exec = cmd_merge_exec,
};

/* What psim sweep's options say. */
struct sweep_args {
	struct sweep	 sw;		/* its vary */
	char		**base;		/* --set, nbase of them */
	int		 nbase;
	int		 jobs;		/* 0: the cores */
	const char	*dir;		/* NULL: sweep-NAME */
	const char	*plot;		/* --plot's spec */
	int		 plan;
	char		*scenario;	/* cmd_scenario_file's */
};

static const char sweep_help[] =
    "Run SCENARIO at every combination of the --vary values, each point a "
    "psim run\nin its own process, N at a time; write DIR/results.csv and "
    "each point's\nreports in DIR.  Points already in DIR are not run "
    "again; DIR must be empty\nor hold this same sweep (DIR/sweep.txt).  "
    "At most 10000 points.  A range's ends\nmay carry a unit: 1h..4h:30min, "
    "1Gbps..8Gbps:x2.\n\n"
    "  -v, --vary PATH=V1,V2,...         values of a scenario key "
    "(repeatable)\n"
    "  -v, --vary PATH=A..B[:STEP|xFACTOR] a range, added to or "
    "multiplied\n"
    "  -s, --set PATH=VALUE              fixed for every point "
    "(repeatable)\n"
    "  -j, --jobs N                      points at once (default: the "
    "cores)\n"
    "  -o, --out DIR                     default sweep-NAME\n"
    "  -P, --plan                        print a command per point, run "
    "nothing\n"
    "  -p, --plot x=PATH,y=COLUMN[+COLUMN...][,series=PATH][,logx]"
    "[,logy]\n"
    "                                    draw DIR/plot.png and .svg with "
    "gnuplot\n"
    "  -h, --help                        show this help\n";

/* --vary ARG: one more vary; an exit status if it is not one. */
static int
add_vary(struct sweep_args *a, const char *arg)
{
	struct sweep *sw = &a->sw;
	char *cause;

	sw->vary = xreallocarray(sw->vary, (size_t)sw->nvary + 1,
	    sizeof *sw->vary);
	if (sweep_vary_parse(arg, &sw->vary[sw->nvary], &cause) != 0) {
		fprintf(stderr, "psim: sweep: %s\n", cause);
		free(cause);
		return 2;
	}
	sw->nvary++;
	return 0;
}

/* psim sweep's own options, beside --set and --help. */
enum { OPT_VARY, OPT_JOBS, OPT_OUT, OPT_PLOT, OPT_PLAN };
static const struct cmd_option sweep_options[] = {
	[OPT_VARY] = { "vary", 'v', CMD_KEY },
	[OPT_JOBS] = { "jobs", 'j', CMD_VALUE },
	[OPT_OUT] = { "out", 'o', CMD_DIR },
	[OPT_PLOT] = { "plot", 'p', CMD_VALUE },
	[OPT_PLAN] = { "plan", 'P', CMD_NONE },
	{ NULL, 0, CMD_NONE }
};

static int
sweep_option(void *ctx, int which, const char *value)
{
	struct sweep_args *a = ctx;

	switch (which) {
	case OPT_VARY:
		return add_vary(a, value);
	case OPT_JOBS:
		return cmd_int_option("sweep", "jobs", "an integer", value,
		    1, 1024, &a->jobs);
	case OPT_OUT:
		a->dir = value;
		break;
	case OPT_PLOT:
		a->plot = value;
		break;
	case OPT_PLAN:
		a->plan = 1;
		break;
	}
	return 0;
}

/* The options, then exactly one SCENARIO and at least one --vary. */
static int
sweep_parse(int argc, char **argv, struct sweep_args *a)
{
	const struct cmd_options o = {
		.help = sweep_help,
		.own = sweep_options,
		.take = sweep_option,
		.ctx = a,
	};
	struct cmd_args args;
	int status;

	if ((status = cmd_parse(argc, argv, &cmd_sweep_entry, &o,
	    &args)) >= 0)
		return status;
	if (args.nargs != 1 || a->sw.nvary == 0) {
		free(args.sets);
		return cmd_usage(&cmd_sweep_entry);
	}
	if (strcmp(args.args[0], "-") == 0) {
		fprintf(stderr, "psim: sweep: -: every point reads the "
		    "scenario again; give it as a file, not on standard "
		    "input\n");
		free(args.sets);
		return 2;
	}
	a->base = args.sets;
	a->nbase = args.nsets;
	if ((status = cmd_scenario_file(args.args[0], &a->scenario)) != 0)
		return status;
	return -1;
}

/* s onto text, its control bytes as %XX, then a newline. */
static void
id_line(char **text, const char *what, const char *s)
{
	char *t = xstrdup(s), *p, *line;
	size_t n = 0;

	for (p = t; *p != '\0'; p++)
		n += (unsigned char)*p < 0x20 || *p == '%';
	line = xmalloc(strlen(t) + 2 * n + 1);
	for (p = t, n = 0; *p != '\0'; p++) {
		if ((unsigned char)*p < 0x20 || *p == '%')
			n += (size_t)sprintf(line + n, "%%%02X",
			    (unsigned char)*p);
		else
			line[n++] = *p;
	}
	line[n] = '\0';
	p = *text;
	xasprintf(text, "%s%s %s\n", p, what, line);
	free(p);
	free(line);
	free(t);
}

/* What makes this sweep this one (sweep.txt): the psim, the scenario's
 * bytes and those of the files it reads, the --set values and the
 * points.  NULL with the error printed if a file cannot be read. */
static char *
sweep_identity(const struct sweep_args *a, const struct scenario *sc)
{
	const char *files[64];
	char *text = xstrdup("psim " PACKAGE_VERSION " sweep\n"), *fp,
	    *cause, *real, *what;
	int n, i;

	n = scenario_inputs(sc, files, 64);
	for (i = -1; i < n; i++) {
		if ((fp = files_fingerprint(i < 0 ? a->scenario : files[i],
		    &cause)) == NULL) {
			fprintf(stderr, "psim: sweep: %s: %s\n", i < 0 ?
			    a->scenario : files[i], cause);
			free(cause);
			free(text);
			return NULL;
		}
		real = i < 0 ? NULL : realpath(files[i], NULL);
		xasprintf(&what, "%s%s", i < 0 ? "scenario" : "input ",
		    i < 0 ? "" : real != NULL ? real : files[i]);
		id_line(&text, what, fp);
		free(what);
		free(real);
		free(fp);
	}
	for (i = 0; i < a->nbase; i++)
		id_line(&text, "set", a->base[i]);
	for (i = 0; i < a->sw.npts; i++)
		id_line(&text, "point", a->sw.pts[i].name);
	return text;
}

/* The base scenario, or with the first point's values (a key that
 * needs a varied one, as strategy.apply needs strategy.server_cpu):
 * NULL, with the base's errors printed, when neither loads. */
static struct scenario *
sweep_base(const struct sweep_args *a)
{
	struct scenario *sc;
	char *errors, *again, **sets;
	int n = a->nbase + a->sw.nvary, i;

	if ((sc = scenario_load(a->scenario, a->base, a->nbase,
	    &errors)) != NULL)
		return sc;
	sets = xcalloc((size_t)n + 1, sizeof *sets);
	for (i = 0; i < a->nbase; i++)
		sets[i] = a->base[i];
	for (i = 0; i < a->sw.nvary && a->sw.npts > 0; i++)
		sets[a->nbase + i] = a->sw.pts[0].sets[i];
	if (a->sw.npts > 0 && (sc = scenario_load(a->scenario, sets, n,
	    &again)) == NULL)
		free(again);
	free(sets);
	if (sc == NULL)
		fputs(errors, stderr);
	free(errors);
	return sc;
}

/* The base scenario must be valid before anything runs (alone, or with
 * the first point's values); DIR is made (sweep-NAME by default) and
 * claimed for this sweep.  -1 to go on, or the exit status. */
static int
sweep_prepare(struct sweep_args *a, char **dir)
{
	struct scenario *sc;
	char *errors, *identity;

	if ((sc = sweep_base(a)) == NULL)
		return 2;
	/* several jobs: a row per job, its columns first; no plot */
	if (sc->njobs > 0 && a->plot != NULL) {
		errors = scenario_single(sc, "psim sweep --plot");
		fputs(errors, stderr);
		free(errors);
		scenario_free(sc);
		return 2;
	}
	if (sc->njobs > 0)
		a->sw.columns = report_jobs_csv_header();
	*dir = NULL;
	if (a->dir == NULL)
		xasprintf(dir, "sweep-%s", sc->name);
	a->sw.dir = a->dir != NULL ? a->dir : *dir;
	identity = sweep_identity(a, sc);
	scenario_free(sc);
	if (identity == NULL)
		return 2;
	if (mkdir(a->sw.dir, 0755) != 0 && errno != EEXIST)
		fatal("cannot create %s: %s", a->sw.dir, strerror(errno));
	if (sweep_claim(&a->sw, identity, &errors) != 0) {
		fprintf(stderr, "psim: sweep: %s\n", errors);
		free(errors);
		free(identity);
		return 2;
	}
	free(identity);
	if (a->jobs == 0 && (a->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN)) < 1)
		a->jobs = 1;
	return -1;
}

static int
cmd_sweep_exec(int argc, char **argv)
{
	struct sweep_args a;
	struct plot pl;
	char *dir = NULL, *cause;
	int status, done, failed, plotting = 0;

	memset(&a, 0, sizeof a);
	a.sw.columns = report_csv_header();
	if ((status = sweep_parse(argc, argv, &a)) >= 0)
		goto out;
	if (a.plot != NULL && plot_parse(a.plot, &a.sw, &pl, &cause) != 0) {
		fprintf(stderr, "psim: sweep: %s\n", cause);
		free(cause);
		status = 2;
		goto out;
	}
	plotting = a.plot != NULL;
	if (sweep_grid(&a.sw, a.base, a.nbase, &cause) != 0) {
		fprintf(stderr, "psim: sweep: %s\n", cause);
		free(cause);
		status = 2;
		goto out;
	}
	if ((status = sweep_prepare(&a, &dir)) >= 0)
		goto out;
	sweep_write_points(&a.sw);
	done = sweep_done_before(&a.sw);
	if (a.plan) {
		sweep_plan(&a.sw, a.scenario, a.base, a.nbase);
		status = 0;
	} else {
		failed = sweep_run(&a.sw, a.scenario, a.base, a.nbase, a.jobs,
		    done);
		if (plotting)
			plot_write(&pl, &a.sw);
		status = failed > 0 ? 1 : 0;
	}
out:
	if (plotting)
		plot_free(&pl);
	sweep_free(&a.sw);
	free(a.base);
	free(a.scenario);
	free(dir);
	return status;
}

const struct cmd_entry cmd_sweep_entry = {
	.name = "sweep",
	.usage = "[-P] [-j N] [-o DIR] [-p SPEC] [-s PATH=VALUE]... "
	    "-v PATH=VALUES... SCENARIO",
	.summary = "run a scenario over a grid of values, in parallel",
	.exec = cmd_sweep_exec,
};
