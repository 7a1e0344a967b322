/* options.c: every command's options, common and its own (cmd_parse),
 * its usage line, and the scenario it takes (cmd_load, cmd_start).  Apart
 * from the command table (cmd.c), so that a command that parses options
 * does not link every other command. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "errors.h"
#include "scenario.h"
#include "xmalloc.h"

/* getopt_long's value for a command's own option i given long; given
 * short, it is the letter. */
#define OWN	256

/* The common options; which a command takes depends on its flags. */
static const struct option common[] = {
	{ "set", required_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "json", required_argument, NULL, 'j' },
};
#define NCOMMON	(sizeof common / sizeof common[0])
/* What each of their values is, in common[]'s order, and the values of
 * those that take one of a list. */
static const enum cmd_value common_value[NCOMMON] = { CMD_KEY, CMD_NONE,
    CMD_VALUE, CMD_FILE, CMD_FILE };
static const char *const common_choices[NCOMMON] = { NULL, NULL,
    "text json csv", NULL, NULL };

/* cmd_parse_lists() was called: list the options, parse nothing. */
static int listing;

/* Whether common[i] is a command's option under flags. */
static int
common_here(int i, int flags)
{
	switch (common[i].val) {
	case 's':
		return !(flags & CMD_NOSET);
	case 'h':
		return 1;
	default:
		return (flags & CMD_OUTPUT) != 0;
	}
}

/* getopt_long's long options and option string for o, malloc'd. */
static struct option *
getopt_table(const struct cmd_options *o, char **optstring)
{
	struct option *opts;
	size_t n = 0, i, k = 0;
	char *p;

	while (o->own != NULL && o->own[n].name != NULL)
		n++;
	opts = xcalloc(n + NCOMMON + 1, sizeof *opts);
	p = *optstring = xmalloc(2 * (n + NCOMMON) + 2);
	*p++ = ':';	/* ':' for a missing value, '?' for an unknown option */
	for (i = 0; i < NCOMMON; i++) {
		if (!common_here((int)i, o->flags))
			continue;
		opts[k++] = common[i];
		*p++ = (char)common[i].val;
		if (common[i].has_arg)
			*p++ = ':';
	}
	for (i = 0; i < n; i++) {
		opts[k].name = o->own[i].name;
		opts[k].has_arg = o->own[i].value != CMD_NONE ?
		    required_argument : no_argument;
		opts[k++].val = OWN + (int)i;
		if (o->own[i].letter != 0) {
			*p++ = (char)o->own[i].letter;
			if (o->own[i].value != CMD_NONE)
				*p++ = ':';
		}
	}
	*p = '\0';
	return opts;
}

/* Which own option getopt_long's c is; -1 for none. */
static int
own_index(const struct cmd_options *o, int c)
{
	int i;

	if (c >= OWN)
		return c - OWN;
	for (i = 0; o->own != NULL && o->own[i].name != NULL; i++) {
		if (o->own[i].letter == c)
			return i;
	}
	return -1;
}

/* A common option, c; -1 to go on, or the exit status. */
static int
take_common(int c, char *arg, const struct cmd_entry *e,
    const struct cmd_options *o, struct cmd_args *a)
{
	switch (c) {
	case 's':
		a->sets[a->nsets++] = arg;
		break;
	case 'h':
		printf("usage: psim %s %s\n\n%s", e->name, e->usage, o->help);
		return 0;
	case 'f':
		a->format = arg;
		break;
	case 'o':
		a->output = arg;
		break;
	case 'j':
		a->json = arg;
		break;
	}
	return -1;
}

void
cmd_parse_lists(void)
{
	listing = 1;
}

/* An option as psim keys --options prints it: each spelling, with what
 * its value is and, for a value of a list, the list. */
static void
list_option(const char *name, int letter, enum cmd_value v,
    const char *choices)
{
	static const char *const what[] = { [CMD_NONE] = "",
	    [CMD_VALUE] = " value", [CMD_FILE] = " file", [CMD_DIR] = " dir",
	    [CMD_KEY] = " key", [CMD_COMMAND] = " command" };
	const char *c = choices != NULL ? choices : "";

	printf("--%s%s%s%s\n", name, what[v], *c ? " " : "", c);
	if (letter != 0)
		printf("-%c%s%s%s\n", letter, what[v], *c ? " " : "", c);
}

/* The options of o, common and own, as cmd_parse takes them. */
static void
list_options(const struct cmd_options *o)
{
	size_t i;

	for (i = 0; i < NCOMMON; i++) {
		if (common_here((int)i, o->flags))
			list_option(common[i].name, common[i].val,
			    common_value[i], common_choices[i]);
	}
	for (i = 0; o->own != NULL && o->own[i].name != NULL; i++)
		list_option(o->own[i].name, o->own[i].letter,
		    o->own[i].value, o->choices != NULL ? o->choices[i] :
		    NULL);
}

int
cmd_usage(const struct cmd_entry *e)
{
	fprintf(stderr, "usage: psim %s %s\n", e->name, e->usage);
	return 2;
}

int
cmd_int_option(const char *cmd, const char *opt, const char *what,
    const char *arg, int lo, int hi, int *v)
{
	char *end;
	long x = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || x < lo || x > hi) {
		fprintf(stderr, "psim: %s: --%s: expected %s from %d to %d, got "
		    "\"%s\"\n", cmd, opt, what, lo, hi, arg);
		return 2;
	}
	*v = (int)x;
	return 0;
}

int
cmd_parse(int argc, char **argv, const struct cmd_entry *e,
    const struct cmd_options *o, struct cmd_args *a)
{
	struct option *opts;
	char *optstring;
	int c, i, status = -1;

	memset(a, 0, sizeof *a);
	if (listing) {
		list_options(o);
		return 0;
	}
	a->sets = xcalloc((size_t)argc + 1, sizeof *a->sets);
	opts = getopt_table(o, &optstring);
	optind = 1;
	opterr = 0;
	while (status < 0 && (c = getopt_long(argc, argv, optstring, opts,
	    NULL)) != -1) {
		if (c == '?' && optopt != 0) {
			/* a short option: in a cluster (-Zs) optind has not
			 * moved past it yet, so name the letter */
			fprintf(stderr, "psim: %s: unknown option -%c\n",
			    e->name, optopt);
			status = cmd_usage(e);
		} else if (c == ':' || c == '?') {
			fprintf(stderr, c == ':' ? "psim: %s: option %s needs "
			    "a value\n" : "psim: %s: unknown option %s\n",
			    e->name, argv[optind - 1]);
			status = cmd_usage(e);
		} else if ((i = own_index(o, c)) >= 0) {
			if ((status = o->take(o->ctx, i, optarg)) == 0)
				status = -1;
		} else
			status = take_common(c, optarg, e, o, a);
	}
	free(opts);
	free(optstring);
	if (status >= 0) {
		free(a->sets);
		a->sets = NULL;
		return status;
	}
	a->args = argv + optind;
	a->nargs = argc - optind;
	return -1;
}

/* path as one file's name whether it exists or not: its real path, or
 * its folder's and its base name; malloc'd. */
static char *
canonical(const char *path)
{
	char *real = realpath(path, NULL), *dir, *slash, *out;

	if (real != NULL)
		return real;
	dir = xstrdup(path);
	if ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		real = realpath(*dir != '\0' ? dir : "/", NULL);
		xasprintf(&out, "%s/%s", real != NULL ? real : dir, slash + 1);
	} else {
		real = realpath(".", NULL);
		xasprintf(&out, "%s/%s", real != NULL ? real : ".", path);
	}
	free(real);
	free(dir);
	return out;
}

/* Whether a and b name one file (the same path, or links to it). */
static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	char *ca, *cb;
	int same;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	ca = canonical(a);
	cb = canonical(b);
	same = strcmp(ca, cb) == 0;
	free(ca);
	free(cb);
	return same;
}

int
cmd_outputs_check(const struct cmd_entry *e, const struct cmd_args *a,
    const struct scenario *sc)
{
	const char *out[3] = { a->output, a->json, a->more }, *in[65];
	static const char *const what[3] = { "--output", "--json",
	    "--timeline" };
	int i, j, nin;

	in[0] = a->file;
	nin = 1 + scenario_inputs(sc, in + 1, 64);
	for (i = 0; i < 3; i++) {
		if (out[i] == NULL || strcmp(out[i], "-") == 0)
			continue;
		for (j = 0; j < i; j++) {
			if (out[j] != NULL && strcmp(out[j], "-") != 0 &&
			    same_file(out[i], out[j])) {
				fprintf(stderr, "psim: %s: %s and %s both name "
				    "%s: each report needs its own file\n",
				    e->name, what[j], what[i], out[i]);
				return 2;
			}
		}
		for (j = 0; j < nin; j++) {
			if (in[j] != NULL && strcmp(in[j], "-") != 0 &&
			    same_file(out[i], in[j])) {
				fprintf(stderr, "psim: %s: %s %s would "
				    "overwrite %s, which psim reads\n", e->name,
				    what[i], out[i], j == 0 ? "the scenario" :
				    in[j]);
				return 2;
			}
		}
	}
	return 0;
}

/* The folder of the shipped scenarios and platforms: $PSIM_DATADIR (the
 * build tree's tests set it to the source tree), else the installed
 * one.  PKGDATADIR comes from Makefile.am's AM_CPPFLAGS. */
static const char *
datadir(void)
{
	const char *d = getenv("PSIM_DATADIR");

	return d != NULL && *d != '\0' ? d : PKGDATADIR;
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
cmd_shipped_scenarios(void)
{
	char *dir, **names = NULL;
	struct dirent *d;
	size_t n = 0, len;
	DIR *dp;

	xasprintf(&dir, "%s/scenarios", datadir());
	if ((dp = opendir(dir)) != NULL) {
		while ((d = readdir(dp)) != NULL) {
			len = strlen(d->d_name);
			if (len <= 5 || d->d_name[0] == '.' ||
			    strcmp(d->d_name + len - 5, ".json") != 0)
				continue;
			names = xreallocarray(names, n + 2, sizeof *names);
			names[n++] = xstrndup(d->d_name, len - 5);
		}
		closedir(dp);
	}
	free(dir);
	names = xreallocarray(names, n + 1, sizeof *names);
	names[n] = NULL;
	qsort(names, n, sizeof *names, cmp_names);
	return names;
}

int
cmd_scenario_file(const char *arg, char **path)
{
	struct errors e = ERRORS_INIT;
	struct stat st;
	char *tried[2], *text;
	size_t len;
	int n = 0, i;

	*path = NULL;
	if (arg == NULL)
		return 0;
	/* only a bare name that names nothing here (not even a dangling
	 * link) is looked up */
	if (*arg == '\0' || strcmp(arg, "-") == 0 || strchr(arg, '/') !=
	    NULL || lstat(arg, &st) == 0 || errno != ENOENT) {
		*path = xstrdup(arg);
		return 0;
	}
	xasprintf(&tried[n++], "%s/scenarios/%s", datadir(), arg);
	len = strlen(arg);
	if (len < 5 || strcmp(arg + len - 5, ".json") != 0)
		xasprintf(&tried[n++], "%s/scenarios/%s.json", datadir(), arg);
	for (i = 0; i < n && *path == NULL; i++) {
		if (stat(tried[i], &st) == 0)
			*path = xstrdup(tried[i]);
	}
	if (*path == NULL) {
		errors_add(&e, NULL, "psim: %s: %s, nor a shipped scenario "
		    "(tried %s%s%s)", arg, strerror(ENOENT), tried[0],
		    n > 1 ? " and " : "", n > 1 ? tried[1] : "");
		text = errors_take(&e);
		fputs(text, stderr);
		free(text);
	}
	for (i = 0; i < n; i++)
		free(tried[i]);
	return *path != NULL ? 0 : 2;
}

int
cmd_load(const struct cmd_entry *e, struct cmd_args *a, struct scenario **sc)
{
	char *errors, *path = NULL;
	int status = -1;

	*sc = NULL;
	if (a->nargs > 1)
		status = cmd_usage(e);
	else if ((status = cmd_scenario_file(a->nargs == 1 ? a->args[0] :
	    NULL, &path)) == 0) {
		status = -1;
		a->file = path;
		if ((*sc = scenario_load(a->file, a->sets, a->nsets,
		    &errors)) == NULL) {
			fputs(errors, stderr);
			free(errors);
			status = 2;
		} else if (cmd_outputs_check(e, a, *sc) != 0) {
			scenario_free(*sc);
			*sc = NULL;
			status = 2;
		} else if ((*sc)->notes != NULL)
			fputs((*sc)->notes, stderr);	/* what it costs */
	}
	/* path goes: a->file is the scenario's own copy of it from here
	 * (the operand itself for standard input or on an error) */
	if (*sc != NULL && path != NULL && strcmp(path, "-") != 0)
		a->file = (*sc)->file;
	else
		a->file = a->nargs == 1 ? a->args[0] : NULL;
	free(path);
	free(a->sets);
	a->sets = NULL;
	return status;
}

int
cmd_start(int argc, char **argv, const struct cmd_entry *e, const char *help,
    int flags, struct cmd_args *a, struct scenario **sc)
{
	const struct cmd_options o = { .help = help, .flags = flags };
	int status;

	*sc = NULL;
	if ((status = cmd_parse(argc, argv, e, &o, a)) >= 0)
		return status;
	return cmd_load(e, a, sc);
}
