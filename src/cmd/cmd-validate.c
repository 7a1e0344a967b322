/* cmd-validate.c: psim validate [--set P=V]... SCENARIO: check a scenario
 * (and its platform file) without simulating it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "platform.h"
#include "scenario.h"
#include "xmalloc.h"

/* The scenario's hosts chosen as a run would (each job's, for several
 * jobs): 0, or -1 with *errors. */
static int
place(const struct scenario *sc, char **errors)
{
	char **workers, **servers;
	int i, bad = 0;

	if (sc->njobs == 0) {
		if (platform_place(sc, &workers, &servers, NULL, errors) != 0)
			return -1;
		xfreev(workers);
		xfreev(servers);
		return 0;
	}
	if (platform_place_jobs(sc, errors) != 0)
		return -1;
	for (i = 0; i < sc->njobs && !bad; i++) {
		bad = platform_place(sc->jobs[i], &workers, &servers, NULL,
		    errors) != 0;
		if (!bad) {
			xfreev(workers);
			xfreev(servers);
		}
	}
	return bad ? -1 : 0;
}

static int
cmd_validate_exec(int argc, char **argv)
{
	struct cmd_args args;
	struct scenario *sc;
	char *errors;
	int status;

	if ((status = cmd_start(argc, argv, &cmd_validate_entry,
	    "Check SCENARIO and its platform without running it; print "
	    "\"ok\" or every\nproblem found.\n\n"
	    "  -s, --set PATH=VALUE  override a scenario key (repeatable)\n"
	    "  -h, --help            show this help\n", 0, &args, &sc)) >= 0)
		return status;
	if (place(sc, &errors) != 0) {
		fputs(errors, stderr);
		free(errors);
		status = 2;
	} else {
		printf("%s: ok\n", sc->file);
		status = 0;
	}
	scenario_free(sc);
	return status;
}

const struct cmd_entry cmd_validate_entry = {
	.name = "validate",
	.usage = "[-s PATH=VALUE]... [SCENARIO]",
	.summary = "check a scenario file without running it",
	.exec = cmd_validate_exec,
};
