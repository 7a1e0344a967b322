/* psim.c: main(), global options and usage; the commands do the rest. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "xmalloc.h"

static void
usage(FILE *f)
{
	const struct cmd_entry *const *e;

	fputs("usage: psim [--version] [--help] COMMAND [ARGS]\n"
	    "       psim help [COMMAND]\n", f);
	if (f == stderr)
		return;
	fputs("\npsim simulates data-parallel training on SimGrid: the real "
	    "parameter-server\nand all-reduce protocols, with step times, "
	    "traffic and the bottleneck beside\nthe closed-form cost.\n\n"
	    "commands:\n", f);
	for (e = cmd_table; *e != NULL; e++)
		fprintf(f, "  %-10s %s\n", (*e)->name, (*e)->summary);
	fputs("\n'psim COMMAND --help' for a command's options, 'psim help "
	    "COMMAND' for its\nmanual; psim(1) and psim-scenario(5) for "
	    "more.\n", f);
}

/* psim(1) to show: the build tree's man/psim.1 beside src/psim when
 * psim runs from there, else the installed page ("psim"); NULL without
 * man. */
static char *
manual(void)
{
	char exe[4096], *slash, *page;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	FILE *p;
	int found;

	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			xasprintf(&page, "%s/../man/psim.1", exe);
			if (access(page, R_OK) == 0)
				return page;
			free(page);
		}
	}
	if ((p = popen("man -w 1 psim 2>/dev/null", "r")) == NULL)
		return NULL;
	found = fgetc(p) != EOF;
	if (pclose(p) != 0 || !found)
		return NULL;
	return xstrdup("psim");
}

/* psim help [COMMAND]: on a terminal, psim(1) (opened at COMMAND's entry
 * when the pager is less); otherwise, or without man, the usage or the
 * command's --help. */
static int
help(int argc, char **argv)
{
	static char help_option[] = "--help";
	const struct cmd_entry *e = NULL;
	char *cause, *page, *less;
	const char *old = getenv("LESS");
	char *hv[3];

	if (argc > 3) {
		fputs("usage: psim help [COMMAND]\n", stderr);
		return 2;
	}
	if (argc == 3 && (e = cmd_find(argv[2], &cause)) == NULL) {
		fprintf(stderr, "psim: help: %s\n", cause);
		free(cause);
		return 2;
	}
	if (isatty(1) && (page = manual()) != NULL) {
		if (e != NULL) {
			/* no space and no $ in the pattern: less splits
			 * $LESS at spaces and ends an option at a $ (less
			 * 590: "There is no -) option") */
			xasprintf(&less, "%s%s+/^[[:space:]]{5}%s\\>",
			    old != NULL ? old : "", old != NULL ? " " : "",
			    e->name);
			setenv("LESS", less, 1);
		}
		fflush(NULL);
		if (strcmp(page, "psim") == 0)
			execlp("man", "man", "1", "psim", (char *)NULL);
		else
			execlp("man", "man", "-l", page, (char *)NULL);
		free(page);	/* no man after all: the text */
	}
	if (e == NULL) {
		usage(stdout);
		return 0;
	}
	hv[0] = argv[2];
	hv[1] = help_option;
	hv[2] = NULL;
	return e->exec(2, hv);
}

int
main(int argc, char **argv)
{
	const struct cmd_entry *e;
	char *cause;

	atexit(close_stdout);
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
	if (strcmp(argv[1], "help") == 0)
		return help(argc, argv);
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
