/* cmd-platform.c: psim platform [--set P=V]... [SCENARIO]: print the
 * SimGrid XML psim generates for a scenario's cluster block, to read it
 * or to start a platform file of one's own from it. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "platform.h"
#include "scenario.h"
#include "xmalloc.h"

static int
cmd_platform_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct scenario *sc;
	char **sets = xcalloc((size_t)argc + 1, sizeof *sets);
	int nsets = 0, c, status = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			sets[nsets++] = optarg;
			break;
		case 'h':
			printf("usage: psim platform %s\n\nPrint the SimGrid "
			    "platform XML generated from SCENARIO's cluster "
			    "block.\n", cmd_platform_entry.usage);
			free(sets);
			return 0;
		default:
			fprintf(stderr, "usage: psim platform %s\n",
			    cmd_platform_entry.usage);
			free(sets);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "usage: psim platform %s\n",
		    cmd_platform_entry.usage);
		free(sets);
		return 2;
	}
	sc = cmd_load_scenario(optind < argc ? argv[optind] : NULL, sets,
	    nsets);
	free(sets);
	if (sc == NULL)
		return 2;
	if (sc->cluster.topology == TOPO_PLATFORM) {
		fprintf(stderr, "psim: %s: /cluster/platform: the scenario "
		    "uses its own platform file, %s\n", sc->file,
		    sc->cluster.platform);
		status = 2;
	} else
		platform_write(sc, stdout);
	scenario_free(sc);
	return status;
}

const struct cmd_entry cmd_platform_entry = {
	.name = "platform",
	.usage = "[-s PATH=VALUE]... [SCENARIO]",
	.summary = "print the SimGrid XML generated for a scenario's cluster",
	.exec = cmd_platform_exec,
};
