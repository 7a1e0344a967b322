/* cmd-keys.c: psim keys [--values | --commands | --options COMMAND |
 * --scenarios | --complete COMMAND]: what
 * psim takes, from its own tables, for people and for the shell's
 * completion (completion/psim.bash): every scenario key path (the tables
 * the parser checks a scenario's keys against, scenario-keys.c), the
 * values of the keys that take one of a list, the commands (the command
 * table), and a command's options (as its cmd_parse takes them). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "scenario.h"
#include "xmalloc.h"

/* psim keys' own options: one of them at most. */
enum { OPT_VALUES, OPT_COMMANDS, OPT_OPTIONS, OPT_SCENARIOS, OPT_COMPLETE };
static const struct cmd_option keys_options[] = {
	[OPT_VALUES] = { "values", 0, CMD_NONE },
	[OPT_COMMANDS] = { "commands", 0, CMD_NONE },
	[OPT_OPTIONS] = { "options", 0, CMD_COMMAND },
	[OPT_SCENARIOS] = { "scenarios", 0, CMD_NONE },
	[OPT_COMPLETE] = { "complete", 0, CMD_COMMAND },
	{ NULL, 0, CMD_NONE }
};

static const char keys_help[] =
    "List what psim takes, from the tables psim itself checks it against: "
    "every\nscenario key path that --set, --vary, --space and --key take, "
    "one a line, an\nobject before its keys and the elements of an array "
    "as N (jobs.N.run.steps\nstands for jobs.0.run.steps, "
    "jobs.1.run.steps, ...).\n"
    "\n"
    "      --values          instead, PATH=VALUE for each value of each "
    "key whose\n"
    "                        value is one of a list (strategy.sync=ssp)\n"
    "      --commands        instead, the commands\n"
    "      --options COMMAND instead, COMMAND's options, a spelling a "
    "line, each with\n"
    "                        what its value is: key (PATH=...), file, "
    "dir, command\n"
    "                        or value, and the values of a value of "
    "a list\n"
    "      --scenarios       instead, the shipped scenarios' names\n"
    "      --complete COMMAND  instead, all the shell's completion of "
    "COMMAND\n"
    "                        needs at once: \"[options]\", then "
    "\"[keys]\", \"[values]\",\n"
    "                        \"[scenarios]\" and \"[commands]\", each "
    "a line before its\n                        list\n"
    "  -h, --help            show this help\n"
    "\nThe shell's completion (completion/psim.bash) reads them.\n";

struct keys_args {
	int		 what;		/* OPT_*, -1: the key paths */
	const char	*command;	/* --options' */
};

static int
keys_option(void *ctx, int which, const char *value)
{
	struct keys_args *k = ctx;

	if (k->what >= 0) {
		fprintf(stderr, "psim: keys: expected one of --values, "
		    "--commands, --options, --scenarios and --complete, got "
		    "--%s and --%s\n",
		    keys_options[k->what].name, keys_options[which].name);
		return 2;
	}
	k->what = which;
	k->command = value;
	return 0;
}

/* Every key path, or with values each key's values as PATH=VALUE. */
static void
print_keys(int values)
{
	char **paths = scenario_key_paths(), **v;
	int i, j;

	for (i = 0; paths[i] != NULL; i++) {
		if (!values) {
			puts(paths[i]);
			continue;
		}
		if ((v = scenario_key_values(paths[i])) == NULL)
			continue;
		for (j = 0; v[j] != NULL; j++)
			printf("%s=%s\n", paths[i], v[j]);
		xfreev(v);
	}
	xfreev(paths);
}

/* The options of the command called name, as its own cmd_parse lists
 * them; psim help takes none. */
static int
print_options(const char *name)
{
	const struct cmd_entry *e;
	char *cause, *argv[2];
	int status;

	if (strcmp(name, "help") == 0)
		return 0;
	if ((e = cmd_find(name, &cause)) == NULL) {
		fprintf(stderr, "psim: keys: --options: %s\n", cause);
		free(cause);
		return 2;
	}
	cmd_parse_lists();
	argv[0] = xstrdup(e->name);
	argv[1] = NULL;
	status = e->exec(1, argv);
	free(argv[0]);
	return status;
}

static void
print_commands(void)
{
	const struct cmd_entry *const *e;

	for (e = cmd_table; *e != NULL; e++)
		puts((*e)->name);
	puts("help");	/* psim.c's own */
}

static void
print_scenarios(void)
{
	char **names = cmd_shipped_scenarios();
	int i;

	for (i = 0; names[i] != NULL; i++)
		puts(names[i]);
	xfreev(names);
}

/* All the completion of a command needs, in one run of psim (one a TAB):
 * its options, the key paths, their values, the shipped scenarios. */
static int
print_complete(const char *name)
{
	int status;

	puts("[options]");
	fflush(stdout);
	if ((status = print_options(name)) != 0)
		return status;
	fflush(stdout);
	puts("[keys]");
	print_keys(0);
	puts("[values]");
	print_keys(1);
	puts("[scenarios]");
	print_scenarios();
	puts("[commands]");
	print_commands();
	return 0;
}

static int
cmd_keys_exec(int argc, char **argv)
{
	struct keys_args k = { -1, NULL };
	const struct cmd_options o = {
		.help = keys_help,
		.flags = CMD_NOSET,
		.own = keys_options,
		.take = keys_option,
		.ctx = &k,
	};
	struct cmd_args args;
	int status;

	if ((status = cmd_parse(argc, argv, &cmd_keys_entry, &o, &args)) >= 0)
		return status;
	free(args.sets);
	if (args.nargs != 0)
		return cmd_usage(&cmd_keys_entry);
	if (k.what == OPT_OPTIONS)
		return print_options(k.command);
	if (k.what == OPT_SCENARIOS)
		print_scenarios();
	else if (k.what == OPT_COMPLETE)
		return print_complete(k.command);
	else if
 (k.what == OPT_COMMANDS)
		print_commands();
	else
		print_keys(k.what == OPT_VALUES);
	return 0;
}

const struct cmd_entry cmd_keys_entry = {
	.name = "keys",
	.usage = "[--values | --commands | --options COMMAND | --scenarios | "
	    "--complete COMMAND]",
	.summary = "list the scenario key paths, commands and their options",
	.exec = cmd_keys_exec,
};
