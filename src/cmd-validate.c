/* cmd-validate.c: psim validate [--set P=V]... SCENARIO: check a scenario
 * (and its platform file) without simulating it. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "platform.h"
#include "scenario.h"
#include "xmalloc.h"

static int
cmd_validate_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct scenario *sc;
	char **sets = xcalloc((size_t)argc + 1, sizeof *sets), *errors;
	char **workers, **servers, **p;
	int nsets = 0, c, status = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			sets[nsets++] = optarg;
			break;
		case 'h':
			printf("usage: psim validate %s\n\nCheck SCENARIO and "
			    "its platform without running it; print \"ok\" or "
			    "every problem found.\n",
			    cmd_validate_entry.usage);
			free(sets);
			return 0;
		default:
			fprintf(stderr, "usage: psim validate %s\n",
			    cmd_validate_entry.usage);
			free(sets);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "usage: psim validate %s\n",
		    cmd_validate_entry.usage);
		free(sets);
		return 2;
	}
	sc = cmd_load_scenario(optind < argc ? argv[optind] : NULL, sets,
	    nsets);
	free(sets);
	if (sc == NULL)
		return 2;
	if (platform_place(sc, &workers, &servers, &errors) != 0) {
		fputs(errors, stderr);
		free(errors);
		status = 2;
	} else {
		printf("%s: ok\n", sc->file);
		for (p = workers; *p != NULL; p++)
			free(*p);
		for (p = servers; *p != NULL; p++)
			free(*p);
		free(workers);
		free(servers);
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
