/* cmd-trace.c: psim trace [--set P=V]... [--until T] [SCENARIO]: print the
 * preemptions a scenario's faults block makes, as a trace file in the
 * events format (time_s,event,host), to read them, to edit them, or to
 * replay the very same ones under another strategy. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "platform.h"
#include "scenario.h"
#include "units.h"
#include "xmalloc.h"

/* Every slot up at 0 but those down from the start, then the events,
 * each slot named by its host. */
static void
print(const struct fault_schedule *s, char *const *names, double until)
{
	int i;

	for (i = 0; names[i] != NULL; i++) {
		if (!s->initially_down[i])
			printf("0,return,%s\n", names[i]);
	}
	for (i = 0; i < s->n && s->ev[i].t <= until; i++) {
		if (s->ev[i].kind != FAULT_NOTICE)
			printf("%.17g,%s,%s\n", s->ev[i].t, s->ev[i].kind ==
			    FAULT_PREEMPT ? "preempt" : "return",
			    names[s->ev[i].slot]);
	}
}

static int
cmd_trace_exec(int argc, char **argv)
{
	struct cmd_args args;
	struct scenario *sc;
	struct fault_schedule s;
	char **workers = NULL, **servers = NULL, **names, *errors = NULL;
	char *cause;
	const char *v;
	double until = 0;
	int status, i, k, n, which = FAULTS_OF_WORKERS;

	/* --until, --servers and --links are ours: take them out before
	 * cmd_start sees the rest */
	for (i = k = 1; i < argc; i++) {
		v = strncmp(argv[i], "--until=", 8) == 0 ? argv[i] + 8 :
		    strcmp(argv[i], "--until") == 0 && i + 1 < argc ?
		    argv[++i] : NULL;
		if (v != NULL) {
			if (units_parse(v, UNIT_TIME, &until, &cause) != 0) {
				fprintf(stderr, "psim: trace: --until: %s\n",
				    cause);
				free(cause);
				return 2;
			}
		} else if (strcmp(argv[i], "--servers") == 0)
			which = FAULTS_OF_SERVERS;
		else if (strcmp(argv[i], "--links") == 0)
			which = FAULTS_OF_LINKS;
		else
			argv[k++] = argv[i];
	}
	argc = k;
	argv[argc] = NULL;
	if ((status = cmd_start(argc, argv, &cmd_trace_entry,
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
	    "  -h, --help            show this help\n", 0, &args, &sc)) >= 0)
		return status;
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
