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
extern const struct cmd_entry cmd_explain_entry;
extern const struct cmd_entry cmd_sweep_entry;
extern const struct cmd_entry cmd_merge_entry;
extern const struct cmd_entry cmd_trace_entry;

extern const struct cmd_entry *const cmd_table[];

/* The command called name (or the only one it abbreviates); NULL with
 * *cause set otherwise. */
const struct cmd_entry *cmd_find(const char *name, char **cause);

/* The arguments of a command that takes a scenario. */
struct cmd_args {
	const char	*file;		/* NULL: the built-in seed */
	char		**sets;		/* --set PATH=VALUE, nsets of them */
	int		 nsets;
	const char	*format;	/* --format, with CMD_OUTPUT */
	const char	*output;	/* --output, with CMD_OUTPUT */
	const char	*json;		/* --json, with CMD_OUTPUT */
};
#define CMD_OUTPUT	0x1	/* the command takes --format and --output */

/* Simulate a validated scenario and summarise it beside its closed
 * form; NULL with *errors (bad platform input) on failure. */
struct results;
struct scenario;
struct results *cmd_simulate(const struct scenario *, char **errors);

/* The start of every command that takes a scenario: parse [options]
 * [SCENARIO] for command e (--set, --help printing help after the usage
 * line, and with CMD_OUTPUT --format and --output), then load and
 * validate the scenario, printing every error.  Returns -1 with *sc set
 * to go on, or the exit status to return (0 after --help, 2 on a usage
 * error or bad input).  args->format and args->output point into argv. */
struct scenario;
int cmd_start(int argc, char **argv, const struct cmd_entry *e,
    const char *help, int flags, struct cmd_args *args,
    struct scenario **sc);

#endif
