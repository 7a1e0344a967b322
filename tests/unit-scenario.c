/* unit-scenario.c: loading, defaults and --set overrides. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "scenario.h"
#include "tap.h"

/* A trace is read once, when the scenario loads: its schedule is made
 * from memory, even with the file gone. */
static void
trace_read_once(void)
{
	char dir[] = "/tmp/psim-unit-scenario.XXXXXX", json[64], csv[64];
	char *errors = NULL;
	struct scenario *sc;
	struct fault_schedule s = { 0 };
	FILE *f;

	if (mkdtemp(dir) == NULL)
		return;
	snprintf(json, sizeof json, "%s/s.json", dir);
	snprintf(csv, sizeof csv, "%s/t.csv", dir);
	f = fopen(csv, "w");
	fputs("time_s,event,host\n0,return,a\n0,return,b\n25,preempt,b\n"
	    "85,return,b\n", f);
	fclose(f);
	f = fopen(json, "w");
	fputs("{\"model\": {\"params\": \"1M\", \"compute\": \"1s\"}, "
	    "\"cluster\": {\"nic\": \"10Gbps\"}, "
	    "\"placement\": {\"workers\": 2}, \"strategy\": {\"name\": "
	    "\"allreduce\", \"algorithm\": \"ring\"}, \"faults\": "
	    "{\"preemption\": {\"trace\": \"t.csv\"}, \"checkpoint\": "
	    "{\"every\": 10}}}", f);
	fclose(f);
	sc = scenario_load(json, NULL, 0, &errors);
	tap_ok(sc != NULL && sc->faults.workers.tr != NULL,
	    "a trace is parsed when the scenario loads");
	unlink(csv);
	unlink(json);
	rmdir(dir);
	if (sc == NULL) {
		printf("# %s", errors);
		free(errors);
		return;
	}
	fault_schedule_of(scenario_faults_of(sc, FAULTS_OF_WORKERS),
	    FAULTS_OF_WORKERS, 0, 2, sc->seed, 1e9, &s);
	tap_ok(s.n == 2 && s.ev[0].t == 25 && s.ev[0].slot == 1 &&
	    s.ev[0].kind == FAULT_PREEMPT && s.ev[1].t == 85 &&
	    s.ev[1].kind == FAULT_RETURN,
	    "its schedule comes from memory, the file gone: b goes at 25 s, "
	    "returns at 85 s");
	fault_schedule_free(&s);
	scenario_free(sc);
}

int
main(void)
{
	char *errors = NULL;
	/* writable, as argv's strings are */
	char s0[] = "strategy.shards=4", s1[] = "cluster.nic=25Gbps";
	char s2[] = "run.steps=3", s3[] = "name=\"renamed\"";
	char b0[] = "strategy=3", b1[] = "novalue";
	char *sets[] = { s0, s1, s2, s3 }, *bad[] = { b0, b1 };
	struct scenario *sc;

	sc = scenario_load(NULL, NULL, 0, &errors);
	tap_ok(sc != NULL, "the built-in seed scenario loads");
	if (sc == NULL) {
		printf("# %s", errors);
		return tap_done();
	}
	tap_str(sc->name, "seed-250m-10w-10g-ps8", "its name");
	tap_near(sc->model.params, 250e6, 0, "250M parameters");
	tap_near(scenario_model_bytes(sc), 1e9, 0, "fp32: 1 GB of gradient");
	tap_near(sc->model.compute_s, 1, 0, "1 s of compute");
	tap_near(sc->cluster.nic_Bps, 1.25e9, 0, "10 Gbps NICs");
	tap_ok(sc->placement.workers == 10 && sc->placement.servers == 8,
	    "10 workers, 8 servers");
	tap_ok(sc->cluster.hosts == 18, "hosts default to workers + servers");
	tap_ok(sc->strategy.info == &registry[STRATEGY_PS] && sc->strategy.shards == 8,
	    "ps over 8 shards");
	tap_ok(sc->network == NET_REALISTIC, "realistic network");
	scenario_free(sc);

	sc = scenario_load(NULL, sets, 4, &errors);
	tap_ok(sc != NULL, "--set overrides load");
	if (sc == NULL)
		printf("# %s", errors);
	if (sc != NULL) {
		tap_ok(sc->strategy.shards == 4, "--set strategy.shards=4");
		tap_ok(sc->placement.servers == 4,
		    "servers follow the shards when the file leaves them out");
		tap_near(sc->cluster.nic_Bps, 25e9 / 8, 0,
		    "--set cluster.nic=25Gbps (a bare string)");
		tap_ok(sc->run.steps == 3, "--set run.steps=3 (a number)");
		tap_str(sc->name, "renamed", "--set name=\"renamed\" (JSON)");
		scenario_free(sc);
	}

	sc = scenario_load(NULL, bad, 2, &errors);
	tap_ok(sc == NULL, "bad --set values fail");
	tap_str(errors,
	    "psim: (built-in seed): --set novalue: expected PATH=VALUE\n"
	    "psim: (built-in seed): /strategy: expected an object, got a "
	    "number\n", "each bad --set is named");
	free(errors);
	trace_read_once();
	return tap_done();
}
