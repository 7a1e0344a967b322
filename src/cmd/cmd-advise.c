/* cmd-advise.c: psim advise SCENARIO --target EXPR... --space
 * PATH=VALUES...: size a cluster backwards from a target (issue 15).
 *
 * Every point of the space (the sweep's value syntax and grid) is the
 * scenario with --set PATH=VALUE for each --space.  Each point's closed
 * form comes from a child process that loads it and computes it without
 * a simulation (run_closed_form_of: no SimGrid, but a platform file's
 * probe); then the promising points (the closed form within
 * ADVISE_SLACK of every target) and the cheapest few it rules out are
 * simulated, in child processes too, their CSV reports read back
 * (drive/advise-run.c).  The logic, ranking and answers are advise.c's;
 * this file is the options and the order of the phases. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "advise-run.h"
#include "cmd.h"
#include "registry.h"
#include "scenario.h"
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
		return cmd_int_option("advise", "jobs", "an integer",
		    value, 1, 1024, &x->jobs);
	case OPT_BEST:
		return cmd_int_option("advise", "best", "an integer",
		    value, 1, 1000, &x->a.nbest);
	case OPT_PROBES:
		return cmd_int_option("advise", "probes", "an integer",
		    value, 0, 1000, &x->a.probes);
	case OPT_MAX_SIMS:
		return cmd_int_option("advise", "max-sims", "an integer",
		    value, 0, SWEEP_MAX_POINTS, &x->a.max_sims);
	case OPT_ALL:
		x->a.all = 1;
		break;
	}
	return 0;
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
	if ((status = advise_make_candidates(&x)) >= 0 ||
	    (status = advise_closed_forms(&x)) >= 0)
		goto out;
	advise_plan(&x.a);
	advise_simulations(&x);
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
