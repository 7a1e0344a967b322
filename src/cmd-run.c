/* cmd-run.c: psim run [--format F] [--set P=V]... [SCENARIO]: simulate
 * one scenario and report it. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "metrics.h"
#include "report.h"
#include "scenario.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"

static void
run_usage(FILE *f)
{
	fprintf(f, "usage: psim run %s\n", cmd_run_entry.usage);
	if (f == stderr)
		return;
	fputs("\nSimulate the training steps of SCENARIO (a JSON file; the "
	    "built-in seed\nscenario without one) on SimGrid and report step "
	    "times, traffic and the\nbottleneck beside the closed-form cost.\n"
	    "\n"
	    "  -f, --format FORMAT   text (default), json or csv\n"
	    "  -s, --set PATH=VALUE  override a scenario key, e.g. "
	    "--set strategy.shards=4\n"
	    "                        (repeatable; VALUE is JSON or a string)\n"
	    "  -o, --output FILE     write the report to FILE, not stdout\n"
	    "  -h, --help            show this help\n"
	    "\nSee psim(1) for the report and psim-scenario(5) for the file "
	    "format.\n", f);
}

static int
cmd_run_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "set", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	enum report_format fmt = REPORT_TEXT;
	struct scenario *sc;
	struct results *r;
	struct shape shape;
	struct analytic analytic;
	struct sim *sim;
	char **sets = xcalloc((size_t)argc + 1, sizeof *sets), *errors;
	const char *output = NULL;
	double wall;
	FILE *out = stdout;
	int nsets = 0, c, f;

	optind = 1;
	while ((c = getopt_long(argc, argv, "f:s:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if ((f = report_format_parse(optarg)) < 0) {
				fprintf(stderr, "psim: run: unknown format \"%s\"; "
				    "expected text, json or csv\n", optarg);
				free(sets);
				return 2;
			}
			fmt = (enum report_format)f;
			break;
		case 's':
			sets[nsets++] = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			run_usage(stdout);
			free(sets);
			return 0;
		default:
			run_usage(stderr);
			free(sets);
			return 2;
		}
	}
	if (argc - optind > 1) {
		run_usage(stderr);
		free(sets);
		return 2;
	}
	sc = cmd_load_scenario(optind < argc ? argv[optind] : NULL, sets,
	    nsets);
	free(sets);
	if (sc == NULL)
		return 2;
	if ((sim = sim_create(sc, &errors)) == NULL) {
		fputs(errors, stderr);
		free(errors);
		scenario_free(sc);
		return 2;
	}
	wall = sim_run(sim);
	sim_shape(sim, &shape);
	memset(&analytic, 0, sizeof analytic);
	sc->strategy.impl->analytic(&shape, &analytic);
	analytic_finish(&shape, &analytic);
	r = metrics_results(sim->metrics, &analytic, wall);
	if (output != NULL && (out = fopen(output, "w")) == NULL)
		fatal("cannot write %s: %m", output);
	report_write(out, fmt, sc, r);
	if (fflush(out) != 0 || ferror(out))
		fatal("cannot write %s", output != NULL ? output : "stdout");
	if (out != stdout)
		fclose(out);
	results_free(r);
	sim_free(sim);
	scenario_free(sc);
	return 0;
}

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.usage = "[-f text|json|csv] [-s PATH=VALUE]... [-o FILE] [SCENARIO]",
	.summary = "simulate a scenario and report step times, traffic and "
	    "the bottleneck",
	.exec = cmd_run_exec,
};
