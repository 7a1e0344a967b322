/* cmd-transport.c: psim transport [--check [--nominal]] [NAME]...: the
 * software transports psim models (hardware.def), each with its curves
 * and its source; with --check, each one's microbenchmark run through
 * psim's model again against its source (drive/transport.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "hardware.h"
#include "transport.h"
#include "units.h"
#include "xmalloc.h"

enum { OPT_CHECK, OPT_NOMINAL };
static const struct cmd_option transport_options[] = {
	[OPT_CHECK] = { "check", 0, CMD_NONE },
	[OPT_NOMINAL] = { "nominal", 0, CMD_NONE },
	{ NULL, 0, CMD_NONE }
};

static const char transport_help[] =
    "List the software transports psim models (network.transport), each "
    "with what\nits microbenchmark measured alone: one connection's rate "
    "by message size, or\nthe share of its link's bandwidth it gets, and "
    "the source; NAME... only those.\n"
    "\n"
    "      --check           run each one's microbenchmark through psim's "
    "model again\n"
    "                        and compare with its source, point by point; "
    "exit 1\n"
    "                        unless every point is within 5%\n"
    "      --nominal         with --check: with the transport off, to see "
    "the check fail\n"
    "  -h, --help            show this help\n"
    "\nSee psim-scenario(5), HOST COSTS.\n";

struct transport_args {
	int		 check, nominal;
};

static int
transport_option(void *ctx, int which, const char *value)
{
	struct transport_args *ta = ctx;

	(void)value;
	if (which == OPT_CHECK)
		ta->check = 1;
	else
		ta->nominal = 1;
	return 0;
}

/* A rate in bytes/s, as sources print it: "569.3 MB/s". */
static void
fmt_Bps(double Bps, char *buf, size_t size)
{
	if (Bps >= 1e9)
		snprintf(buf, size, "%.4g GB/s", Bps / 1e9);
	else
		snprintf(buf, size, "%.4g MB/s", Bps / 1e6);
}

/* A curve's points in units: "VALUE at SIZE, ...", or "VALUE at any
 * size" for one point; nothing for none. */
static void
print_curve(const char *what, const char *text, int rate)
{
	struct hw_curve c;
	char s[32], v[32], *errors;
	int i;

	if (hw_curve_parse(text, &c, &errors) != 0)
		fatal("hardware.def: %s", errors);
	if (c.n == 0)
		return;
	printf("  %s:", what);
	for (i = 0; i < c.n; i++) {
		units_fmt_bytes(c.size[i], s, sizeof s);
		if (rate)
			fmt_Bps(c.value[i], v, sizeof v);
		else
			snprintf(v, sizeof v, "%.4g", c.value[i]);
		printf("%s %s at %s", i > 0 ? "," : "", v, c.n == 1 ?
		    "any size" : s);
	}
	printf("\n");
}

/* t's check; whether every point passed. */
static int
check(const struct hw_transport *t, int nominal)
{
	struct calibration *p;
	char s[32], a[32], b[32];
	int i, n = transport_calibrate(t, nominal, &p), ok = 1;

	for (i = 0; i < n; i++) {
		units_fmt_bytes(p[i].bytes, s, sizeof s);
		fmt_Bps(p[i].source_Bps, a, sizeof a);
		if (p[i].psim_Bps > 0)
			fmt_Bps(p[i].psim_Bps, b, sizeof b);
		else
			snprintf(b, sizeof b, "failed");
		printf("  %10s  source %12s  psim %12s  %+7.2f%%  %s\n", s, a,
		    b, p[i].psim_Bps > 0 ? 100 * (p[i].psim_Bps /
		    p[i].source_Bps - 1) : 0, transport_ok(&p[i]) ? "ok" :
		    "OFF");
		ok &= transport_ok(&p[i]);
	}
	free(p);
	return ok;
}

static int
cmd_transport_exec(int argc, char **argv)
{
	struct transport_args ta = { 0, 0 };
	const struct cmd_options o = {
		.help = transport_help,
		.flags = CMD_NOSET,
		.own = transport_options,
		.take = transport_option,
		.ctx = &ta,
	};
	const struct hw_transport *t;
	struct cmd_args args;
	int status, i, j, ok = 1;
	char *names;

	if ((status = cmd_parse(argc, argv, &cmd_transport_entry, &o,
	    &args)) >= 0)
		return status;
	free(args.sets);	/* (CMD_NOSET: none) */
	if (ta.nominal && !ta.check) {
		fprintf(stderr, "psim: transport: --nominal: expected --check "
		    "with it, got none\n");
		return 2;
	}
	for (j = 0; j < args.nargs; j++)
		if (hw_transport_find(args.args[j]) == NULL) {
			names = hw_transport_names();
			fprintf(stderr, "psim: transport: no transport named "
			    "\"%s\"; expected one of %s\n", args.args[j],
			    names);
			free(names);
			return 2;
		}
	for (i = 0; i < hw_ntransports; i++) {
		t = &hw_transports[i];
		for (j = 0; j < args.nargs; j++)
			if (hw_transport_find(args.args[j]) == t)
				break;
		if (args.nargs > 0 && j == args.nargs)
			continue;
		printf("%s\n", t->name);
		if (ta.check) {
			ok &= check(t, ta.nominal);
			continue;
		}
		print_curve("one connection", t->rate, 1);
		print_curve("share of the link", t->factor, 0);
		printf("  source: %s\n", t->source);
	}
	return ok ? 0 : 1;
}

const struct cmd_entry cmd_transport_entry = {
	.name = "transport",
	.usage = "[--check [--nominal]] [NAME]...",
	.summary = "list the software transports psim models, or check "
	    "their calibration",
	.exec = cmd_transport_exec,
};
