/* cmd.h: the command table and the one option path.  Each command lives
 * in its own file, declares its own options and parses them, with the
 * common ones, through cmd_parse. */
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
extern const struct cmd_entry cmd_cross_entry;
extern const struct cmd_entry cmd_advise_entry;
extern const struct cmd_entry cmd_keys_entry;
extern const struct cmd_entry cmd_transport_entry;
extern const struct cmd_entry cmd_animate_entry;

extern const struct cmd_entry *const cmd_table[];

/* The command called name (or the only one it abbreviates); NULL with
 * *cause set otherwise. */
const struct cmd_entry *cmd_find(const char *name, char **cause);

/* What a command's options and operands say (cmd_parse). */
struct cmd_args {
	const char	*file;		/* cmd_start: the scenario's file as
					   loaded (cmd_scenario_file), NULL
					   for the built-in seed */
	char		**sets;		/* --set PATH=VALUE, nsets of them */
	int		 nsets;
	const char	*format;	/* --format, with CMD_OUTPUT */
	const char	*output;	/* --output, with CMD_OUTPUT */
	const char	*json;		/* --json, with CMD_OUTPUT */
	const char	*more;		/* another file the command writes
					   (run's --timeline), or NULL */
	char		**args;		/* the operands, nargs of them */
	int		 nargs;
};
#define CMD_OUTPUT	0x1	/* the command takes --format and --output */
#define CMD_NOSET	0x2	/* the command takes no --set (no scenario) */

/* What an option's value is: psim keys --options says, for the shell's
 * completion (a scenario key path, a file's name, ...). */
enum cmd_value {
	CMD_NONE,	/* it takes no value */
	CMD_VALUE,	/* a value of another kind */
	CMD_FILE,	/* a file's name */
	CMD_DIR,	/* a directory's name */
	CMD_KEY,	/* PATH=..., PATH a scenario key's */
	CMD_COMMAND	/* a command's name */
};

/* An option of a command's own, beside the common ones. */
struct cmd_option {
	const char	*name;		/* --NAME */
	int		 letter;	/* -L, or 0 for none; not a common one's */
	enum cmd_value	 value;		/* CMD_NONE, or what its value is */
};

/* How a command's options are parsed: the common ones (--help, --set
 * unless CMD_NOSET, and with CMD_OUTPUT --format, --output and --json)
 * and the command's own. */
struct cmd_options {
	const char	*help;		/* --help prints it after the usage line */
	int		 flags;		/* CMD_OUTPUT, CMD_NOSET */
	const struct cmd_option *own;	/* up to a NULL name; NULL for none */
	/* Called with each own option in the order given: its index in
	 * own, its value (NULL if it takes none) and ctx; returns 0 to go
	 * on, or the exit status to stop with, having said why. */
	int		(*take)(void *ctx, int which, const char *value);
	void		*ctx;
	/* own[i]'s values for the shell's completion, space-separated
	 * (psim keys --options lists them after what the value is); NULL,
	 * or NULL for an option without a list */
	const char *const *choices;
};

/* What the shell's completion offers for a range of steps (animate
 * --steps, run --timeline-steps): the form A..B, 0-based, inclusive. */
#define CMD_STEP_RANGES	"0..0 0..4 0..9 0..49"

/* The one option path of every command: parse argv (argv[0] the
 * command's name) for command e, options and operands in any order
 * until "--".  --help prints help and stops with 0; an unknown option
 * or an option without its value says so, with the usage line, and
 * stops with 2.  Returns -1 to go on, with *a set (args->sets malloc'd:
 * free it; the strings point into argv), or the exit status to return. */
int cmd_parse(int argc, char **argv, const struct cmd_entry *e,
    const struct cmd_options *o, struct cmd_args *a);
/* From now on, cmd_parse parses nothing: it prints the command's
 * options, common and its own, a spelling a line ("--set key", "-s
 * key", "--help"), each with what its value is, and returns 0 (psim
 * keys --options: a command's options as its cmd_parse sees them). */
void cmd_parse_lists(void);
/* The shipped scenarios' names (a bare name that cmd_scenario_file
 * finds), sorted, NULL-terminated, malloc'd (xfreev). */
char **cmd_shipped_scenarios(void);

/* Print e's usage line on stderr; returns 2, the exit status of a usage
 * error. */
int cmd_usage(const struct cmd_entry *e);

/* Command cmd's option --opt: an integer from lo to hi into *v, 0; or
 * "psim: CMD: --OPT: expected WHAT from LO to HI, got "ARG"" on stderr
 * and 2 (what: "an integer", "a fault's number"). */
int cmd_int_option(const char *cmd, const char *opt, const char *what,
    const char *arg, int lo, int hi, int *v);

/* The file a command's SCENARIO operand names, into *path (malloc'd;
 * the caller frees it): arg itself (NULL, "-", a name with a '/', or a
 * file that exists: a file in the current directory always wins),
 * else the shipped scenario of that name, DATADIR/scenarios/ARG or
 * DATADIR/scenarios/ARG.json, where DATADIR is $PSIM_DATADIR or, unset
 * or empty, the installed PKGDATADIR.  0, or 2 with the error printed:
 * ARG not found, and where psim looked.  Every command that loads a
 * scenario takes its file from here. */
int cmd_scenario_file(const char *arg, char **path);

/* After cmd_parse, for a command that takes [SCENARIO]: at most one
 * operand (a usage error otherwise), then load and validate the
 * scenario with a's --set values, printing every error; the files
 * the command writes (--output, --json, a->more) must be distinct and
 * none of them the scenario or a file it reads.  Returns -1
 * with *sc set to go on, or the exit status to return (2 on a usage
 * error or bad input).  Frees a->sets either way. */
struct scenario;
int cmd_load(const struct cmd_entry *e, struct cmd_args *a,
    struct scenario **sc);
/* The files the command writes (a's --output, --json, more): distinct,
 * and none of them sc's file (a->file) or a file it reads.  0, or 2 with
 * the error printed.  cmd_load checks; a command that loads its scenario
 * itself calls this. */
int cmd_outputs_check(const struct cmd_entry *e, const struct cmd_args *a,
    const struct scenario *sc);

/* The start of a command that takes [SCENARIO] and no options of its
 * own: cmd_parse with help and flags, then cmd_load.  Returns -1 with
 * *sc set to go on, or the exit status to return (0 after --help, 2 on
 * a usage error or bad input).  args->format and args->output point
 * into argv. */
int cmd_start(int argc, char **argv, const struct cmd_entry *e,
    const char *help, int flags, struct cmd_args *args,
    struct scenario **sc);

#endif
