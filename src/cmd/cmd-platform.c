/* cmd-platform.c: psim platform [--set P=V]... [SCENARIO]: print the
 * SimGrid XML psim generates for a scenario's cluster block, to read it
 * or to start a platform file of one's own from it. */
#include "config.h"

#include <stdio.h>

#include "cmd.h"
#include "platform.h"
#include "scenario.h"

static int
cmd_platform_exec(int argc, char **argv)
{
	struct cmd_args args;
	struct scenario *sc;
	int status;

	if ((status = cmd_start(argc, argv, &cmd_platform_entry,
	    "Print the SimGrid platform XML generated from SCENARIO's cluster "
	    "block.\n\n"
	    "  -s, --set PATH=VALUE  override a scenario key (repeatable)\n"
	    "  -h, --help            show this help\n", 0, &args, &sc)) >= 0)
		return status;
	if (sc->cluster.topology == TOPO_PLATFORM) {
		fprintf(stderr, "psim: %s: /cluster/platform: the scenario "
		    "uses its own platform file, %s\n", sc->file,
		    sc->cluster.platform);
		status = 2;
	} else {
		platform_write(sc, stdout);
		status = 0;
	}
	scenario_free(sc);
	return status;
}

const struct cmd_entry cmd_platform_entry = {
	.name = "platform",
	.usage = "[-s PATH=VALUE]... [SCENARIO]",
	.summary = "print the SimGrid XML generated for a scenario's cluster",
	.exec = cmd_platform_exec,
};
