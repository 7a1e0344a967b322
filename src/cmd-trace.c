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
#include "recovery.h"
#include "scenario.h"
#include "units.h"
#include "xmalloc.h"

/* Every slot up at 0 but those down from the start, then the events:
 * workers named by their hosts, servers (faults.servers) too. */
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
	char **workers = NULL, **servers = NULL, *errors = NULL, *cause;
	double until = 0;
	int status, i, k, n;

	/* --until is ours: take it out before cmd_start sees the rest */
	for (i = k = 1; i < argc; i++) {
		if (strcmp(argv[i], "--until") == 0 && i + 1 < argc) {
			if (units_parse(argv[++i], UNIT_TIME, &until,
			    &cause) != 0) {
				fprintf(stderr, "psim: trace: --until: %s\n",
				    cause);
				free(cause);
				return 2;
			}
		} else
			argv[k++] = argv[i];
	}
	argc = k;
	argv[argc] = NULL;
	if ((status = cmd_start(argc, argv, &cmd_trace_entry,
	    "Print the preemptions SCENARIO's faults block makes, in the\n"
	    "trace format time_s,event,host, to replay them elsewhere:\n"
	    "workers, then servers (faults.servers), named by their hosts.\n\n"
	    "  -s, --set PATH=VALUE  override a scenario key (repeatable)\n"
	    "      --until DURATION  up to this time (default: four times\n"
	    "                        the fault-free run)\n"
	    "  -h, --help            show this help\n", 0, &args, &sc)) >= 0)
		return status;
	if (!sc->faults.on) {
		fprintf(stderr, "psim: %s: /faults: missing; the scenario has "
		    "no faults to print\n", sc->file);
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
		until = recovery_horizon(sc);
	memset(&s, 0, sizeof s);
	puts("time_s,event,host");
	for (k = 0; k < 2; k++) {
		for (n = 0; (k ? servers : workers)[n] != NULL; n++)
			;
		if (k == 1 && !sc->faults.servers.on)
			break;
		if (recovery_schedule(sc, k, n, until, &s, &errors) != 0) {
			fprintf(stderr, "psim: %s\n", errors);
			free(errors);
			status = 2;
			break;
		}
		print(&s, k ? servers : workers, until);
		fault_schedule_free(&s);
		status = 0;
	}
	xfreev(workers);
	xfreev(servers);
	scenario_free(sc);
	return status;
}

const struct cmd_entry cmd_trace_entry = {
	.name = "trace",
	.usage = "[-s PATH=VALUE]... [--until DURATION] [SCENARIO]",
	.summary = "print a scenario's preemptions as a trace file to replay",
	.exec = cmd_trace_exec,
};
