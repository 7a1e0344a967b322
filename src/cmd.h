/* cmd.h: the command table.  Each command lives in its own file and
 * parses its own options. */
#ifndef PSIM_CMD_H
#define PSIM_CMD_H

struct cmd_entry {
	const char	*name;
	const char	*usage;		/* after "psim NAME " */
	const char	*summary;
	int		 (*exec)(int argc, char **argv);
};

extern const struct cmd_entry cmd_run_entry;
extern const struct cmd_entry cmd_validate_entry;
extern const struct cmd_entry cmd_platform_entry;

extern const struct cmd_entry *const cmd_table[];

/* The command called name (or the only one it abbreviates); NULL with
 * *cause set otherwise. */
const struct cmd_entry *cmd_find(const char *name, char **cause);

/* Shared by the commands that take a scenario: parse "--set P=V" and the
 * file argument, load and validate.  Prints errors; NULL on failure. */
struct scenario;
struct scenario *cmd_load_scenario(const char *file, char **sets, int nsets);

#endif
