/* cmd-trace.c: psim trace [--set P=V]... [--until T] [SCENARIO]: print the
 * preemptions a scenario's faults block makes, as a trace file in the
 * events format (time_s,event,host), to read them, to edit them, or to
 * replay the very same ones under another strategy. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "csv.h"
#include "platform.h"
#include "scenario.h"
#include "units.h"
#include "xmalloc.h"

/* Every slot up at 0 but those down from the start, then the events,
 * each slot named by its host. */
/* A host's name as a CSV field: as it is, or quoted when it must be. */
static void
host_field(const char *name)
{
	if (strpbrk(name, ",\"\n\r") != NULL)
		csv_write_field(stdout, name);
	else
		fputs(name, stdout);
	putchar('\n');
}

static void
print(const struct fault_schedule *s, char *const *names, double until)
{
	int i;

	for (i = 0; names[i] != NULL; i++) {
		if (!s->initially_down[i]) {
			fputs("0,return,", stdout);
			host_field(names[i]);
		}
	}
	for (i = 0; i < s->n && s->ev[i].t <= until; i++) {
		if (s->ev[i].kind != FAULT_NOTICE) {
			printf("%.17g,%s,", s->ev[i].t, s->ev[i].kind ==
			    FAULT_PREEMPT ? "preempt" : "return");
			host_field(names[s->ev[i].slot]);
		}
	}
}

/* psim trace's own options. */
enum { OPT_UNTIL, OPT_SERVERS, OPT_LINKS };
static const struct cmd_option trace_options[] = {
	[OPT_UNTIL] = { "until", 0, CMD_VALUE },
	[OPT_SERVERS] = { "servers", 0, CMD_NONE },
	[OPT_LINKS] = { "links", 0, CMD_NONE },
	{ NULL, 0, CMD_NONE }
};

struct trace_args {
	double		 until;		/* 0: the first horizon a run draws */
	const char	*shown;		/* as given */
	int		 which;		/* FAULTS_OF_* */
};

static const char trace_help[] =
    "Print the preemptions SCENARIO's faults block makes, in the\n"
    "trace format time_s,event,host, to replay them elsewhere as\n"
    "faults.preemption.trace (--servers: faults.servers.trace,\n"
    "--links: faults.links.trace).\n\n"
    "  -s, --set PATH=VALUE  override a scenario key (repeatable)\n"
    "      --until DURATION  up to this time (default: the first\n"
    "                        horizon a run draws, four times its\n"
    "                        fault-free estimate; a run that lasts\n"
    "                        longer draws further)\n"
    "      --servers         the servers' failures\n"
    "      --links           the workers' link failures\n"
    "  -h, --help            show this help\n";

static int
trace_option(void *ctx, int which, const char *value)
{
	struct trace_args *t = ctx;
	char *cause;

	switch (which) {
	case OPT_UNTIL:
		if (units_parse(value, UNIT_TIME, &t->until, &cause) != 0) {
			fprintf(stderr, "psim: trace: --until: %s\n", cause);
			free(cause);
			return 2;
		}
		t->shown = value;
		if (!(t->until > 0) || !isfinite(t->until)) {
			fprintf(stderr, "psim: trace: --until: expected a "
			    "duration above 0, got \"%s\"\n", value);
			return 2;
		}
		break;
	case OPT_SERVERS:
		t->which = FAULTS_OF_SERVERS;
		break;
	case OPT_LINKS:
		t->which = FAULTS_OF_LINKS;
		break;
	}
	return 0;
}

static int
cmd_trace_exec(int argc, char **argv)
{
	struct trace_args t = { 0, NULL, FAULTS_OF_WORKERS };
	const struct cmd_options o = {
		.help = trace_help,
		.own = trace_options,
		.take = trace_option,
		.ctx = &t,
	};
	struct cmd_args args;
	struct scenario *sc;
	struct fault_schedule s;
	char **workers = NULL, **servers = NULL, **names, *errors = NULL;
	double until, expect;
	int status, n, which;

	if ((status = cmd_parse(argc, argv, &cmd_trace_entry, &o,
	    &args)) >= 0 || (status = cmd_load(&cmd_trace_entry, &args,
	    &sc)) >= 0)
		return status;
	if ((errors = scenario_single(sc, "psim trace")) != NULL) {
		fputs(errors, stderr);
		free(errors);
		scenario_free(sc);
		return 2;
	}
	until = t.until;
	which = t.which;
	if (!(which == FAULTS_OF_SERVERS ? sc->faults.servers.on :
	    which == FAULTS_OF_LINKS ? sc->faults.links.on :
	    sc->faults.workers.on)) {
		fprintf(stderr, "psim: %s: %s: missing; the scenario has no "
		    "such faults to print\n", sc->file, which ==
		    FAULTS_OF_SERVERS ? "/faults/servers" : which ==
		    FAULTS_OF_LINKS ? "/faults/links" : "/faults/preemption");
		scenario_free(sc);
		return 2;
	}
	if (platform_place(sc, &workers, &servers, NULL, &errors) != 0) {
		fputs(errors, stderr);
		free(errors);
		scenario_free(sc);
		return 2;
	}
	if (until <= 0)
		until = scenario_fault_horizon(sc);
	n = which == FAULTS_OF_SERVERS ? sc->placement.servers :
	    sc->placement.workers;
	if ((expect = fault_expected(scenario_faults_of(sc,
	    (enum fault_of)which), n, until)) > FAULT_EVENTS_MAX) {
		fprintf(stderr, "psim: %s: --until %s: about %.3g faults of %d "
		    "hosts, more than the %d psim draws; expected a shorter "
		    "time\n", sc->file, t.shown, expect, n, FAULT_EVENTS_MAX);
		xfreev(workers);
		xfreev(servers);
		scenario_free(sc);
		return 2;
	}
	memset(&s, 0, sizeof s);
	names = which == FAULTS_OF_SERVERS ? servers : workers;
	for (n = 0; names[n] != NULL; n++)
		;
	fault_schedule_of(scenario_faults_of(sc, (enum fault_of)which),
	    (enum fault_of)which, sc->faults.notice_s, n, sc->seed, until, &s);
	puts("time_s,event,host");
	print(&s, names, until);
	status = 0;
	fault_schedule_free(&s);
	xfreev(workers);
	xfreev(servers);
	scenario_free(sc);
	return status;
}

const struct cmd_entry cmd_trace_entry = {
	.name = "trace",
	.usage = "[-s PATH=VALUE]... [--until DURATION] [--servers | --links] "
	    "[SCENARIO]",
	.summary = "print a scenario's preemptions as a trace file to replay",
	.exec = cmd_trace_exec,
};
