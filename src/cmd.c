/* cmd.c: the command table and command lookup (as tmux's cmd_find). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "scenario.h"
#include "xmalloc.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_run_entry,
	&cmd_validate_entry,
	&cmd_platform_entry,
	&cmd_explain_entry,
	&cmd_sweep_entry,
	&cmd_merge_entry,
	&cmd_trace_entry,
	NULL
};

const struct cmd_entry *
cmd_find(const char *name, char **cause)
{
	const struct cmd_entry *const *e, *found = NULL;
	char list[256] = "";
	int ambiguous = 0;

	for (e = cmd_table; *e != NULL; e++) {
		if (strcmp((*e)->name, name) == 0)
			return *e;
		if (strncmp((*e)->name, name, strlen(name)) == 0) {
			if (found != NULL)
				ambiguous = 1;
			found = *e;
			if (list[0] != '\0')
				strncat(list, ", ", sizeof list - strlen(list) - 1);
			strncat(list, (*e)->name, sizeof list - strlen(list) - 1);
		}
	}
	if (ambiguous) {
		xasprintf(cause, "ambiguous command: %s, could be: %s", name,
		    list);
		return NULL;
	}
	if (found == NULL) {
		for (e = cmd_table; *e != NULL; e++) {
			if (list[0] != '\0')
				strncat(list, ", ", sizeof list - strlen(list) - 1);
			strncat(list, (*e)->name, sizeof list - strlen(list) - 1);
		}
		xasprintf(cause, "unknown command: %s (commands: %s)", name,
		    list);
	}
	return found;
}

static int
parse_args(int argc, char **argv, const struct cmd_entry *e,
    const char *help, int flags, struct cmd_args *a)
{
	static const struct option longopts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "json", required_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct option scenario_only[] = {
		{ "set", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(a, 0, sizeof *a);
	a->sets = xcalloc((size_t)argc + 1, sizeof *a->sets);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, flags & CMD_OUTPUT ? ":s:hf:o:j:" :
	    ":s:h", flags & CMD_OUTPUT ? longopts : scenario_only, NULL)) != -1) {
		switch (c) {
		case 's':
			a->sets[a->nsets++] = optarg;
			break;
		case 'h':
			printf("usage: psim %s %s\n\n%s", e->name, e->usage,
			    help);
			return 0;
		case 'f':
			a->format = optarg;
			break;
		case 'o':
			a->output = optarg;
			break;
		case 'j':
			a->json = optarg;
			break;
		default:
			if (c == ':')
				fprintf(stderr, "psim: %s: option %s needs a "
				    "value\n", e->name, argv[optind - 1]);
			else
				fprintf(stderr, "psim: %s: unknown option %s\n",
				    e->name, argv[optind - 1]);
			fprintf(stderr, "usage: psim %s %s\n", e->name, e->usage);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "usage: psim %s %s\n", e->name, e->usage);
		return 2;
	}
	a->file = optind < argc ? argv[optind] : NULL;
	return -1;
}

int
cmd_start(int argc, char **argv, const struct cmd_entry *e, const char *help,
    int flags, struct cmd_args *a, struct scenario **sc)
{
	char *errors;
	int status;

	*sc = NULL;
	status = parse_args(argc, argv, e, help, flags, a);
	if (status < 0) {
		*sc = scenario_load(a->file, a->sets, a->nsets, &errors);
		if (*sc == NULL) {
			fputs(errors, stderr);
			free(errors);
			status = 2;
		}
	}
	free(a->sets);
	a->sets = NULL;
	return status;
}
