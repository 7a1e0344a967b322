/* unit-scenario.c: loading, defaults and --set overrides. */
#include <stdlib.h>

#include "scenario.h"
#include "tap.h"

int
main(void)
{
	char *errors = NULL;
	char *sets[] = { "strategy.shards=4", "cluster.nic=25Gbps",
	    "run.steps=3", "name=\"renamed\"" };
	char *bad[] = { "strategy=3" , "novalue" };
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
	return tap_done();
}
