/* psim.c: main(), global options and usage; the commands do the rest. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static void
usage(FILE *f)
{
	const struct cmd_entry *const *e;

	fputs("usage: psim [--version] [--help] COMMAND [ARGS]\n", f);
	if (f == stderr)
		return;
	fputs("\npsim simulates data-parallel training on SimGrid: the real "
	    "parameter-server\nand all-reduce protocols, with step times, "
	    "traffic and the bottleneck beside\nthe closed-form cost.\n\n"
	    "commands:\n", f);
	for (e = cmd_table; *e != NULL; e++)
		fprintf(f, "  %-10s %s\n", (*e)->name, (*e)->summary);
	fputs("\n'psim COMMAND --help' for a command; psim(1) and "
	    "psim-scenario(5) for more.\n", f);
}

int
main(int argc, char **argv)
{
	const struct cmd_entry *e;
	char *cause;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("psim %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (argv[1][0] == '-') {
		fprintf(stderr, "psim: unknown option: %s\n", argv[1]);
		usage(stderr);
		return 2;
	}
	if ((e = cmd_find(argv[1], &cause)) == NULL) {
		fprintf(stderr, "psim: %s\n", cause);
		free(cause);
		return 2;
	}
	return e->exec(argc - 1, argv + 1);
}
