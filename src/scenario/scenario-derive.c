/* scenario-derive.c: every default and every derived value of a
 * scenario, in one place.
 *
 * scenario_defaults runs before the block parsers: each key's value when
 * the file leaves it out, where that value is a constant.  A parser
 * writes only what the file gives and is valid, so a key with a bad value
 * keeps its default too, and a block's own checks see the defaults of
 * its other keys (run.warmup against the 5 steps of a run that gives
 * none).
 *
 * scenario_derive runs after the parsers and before the checks
 * (scenario-check.c): the defaults that depend on other keys, and the
 * values computed from several keys, in the order they depend on each
 * other.  It reports nothing.  A check that needs a derived value reads
 * it after this; one that needs to know what the file itself said reads
 * struct given (scenario-impl.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-impl.h"
#include "xmalloc.h"

void
scenario_defaults(struct scenario *sc)
{
	sc->seed = 1;
	sc->network = NET_REALISTIC;

	sc->model.dtype = DTYPE_FP32;

	sc->cluster.topology = TOPO_STAR;
	sc->cluster.latency_s = 5e-6;
	sc->cluster.racks = 1;
	sc->cluster.oversubscription = 1;
	sc->cluster.intra_Bps = 16e9;		/* PCIe 3.0 x16 */
	sc->cluster.intra_latency_s = 1e-6;
	sc->cluster.jitter = JITTER_NONE;

	sc->strategy.shards = 1;
	sc->strategy.partition = PART_EVEN;
	sc->strategy.bigarray_bound = 1e6;	/* MXNet's */
	sc->strategy.sync = SYNC_SYNC;

	sc->run.steps = 5;
	sc->run.warmup = 1;
	scalars_default(sc);		/* scalars.def's rows */

	sc->numerics.mode = NUM_OFF;
	/* the small model's shape; its size is derived */
	sc->numerics.model.kind = NN_LINEAR;
	sc->numerics.model.features = 32;
	sc->numerics.model.hidden[0] = 32;	/* mlp */
	sc->numerics.model.hidden[1] = 0;

	sc->faults.workers.trace_scale = 1;	/* a trace's seconds as is */
	sc->faults.servers.trace_scale = 1;
	sc->faults.links.trace_scale = 1;
}

/* The file's base name without ".json". */
static char *
default_name(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t len;

	if (strcmp(file, SCENARIO_STDIN) == 0)
		return xstrdup("stdin");
	base = base == NULL ? file : base + 1;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	return xstrndup(base, len);
}

/* A path in the file, relative to the scenario file's folder (or
 * absolute), replaced by the path from here. */
static void
resolve(const char *scenario_file, char **path)
{
	const char *slash = strrchr(scenario_file, '/');
	char *out;

	if (*path == NULL || (*path)[0] == '/' || slash == NULL)
		return;
	xasprintf(&out, "%.*s/%s", (int)(slash - scenario_file),
	    scenario_file, *path);
	free(*path);
	*path = out;
}

/* What comes from the file itself. */
static void
derive_file(struct scenario *sc)
{
	char name[32];
	int i;

	/* name: the file's base name unless the file gives one */
	if (sc->name == NULL)
		sc->name = default_name(sc->file);
	/* model.layers[i].name: layer-I unless the layer gives one */
	for (i = 0; i < sc->model.nlayers; i++) {
		if (sc->model.layers[i].name != NULL)
			continue;
		snprintf(name, sizeof name, "layer-%d", i);
		sc->model.layers[i].name = xstrdup(name);
	}
	/* cluster.platform and each fault process's trace: relative to
	 * the scenario file's folder */
	resolve(sc->file, &sc->cluster.platform);
	resolve(sc->file, &sc->faults.workers.trace);
	resolve(sc->file, &sc->faults.servers.trace);
	resolve(sc->file, &sc->faults.links.trace);
}

/* The small model psim trains for real. */
static void
derive_numerics(struct scenario *sc, const struct given *g)
{
	struct nn *m = &sc->numerics.model;
	int hidden[2] = { m->hidden[0], m->hidden[1] };

	/* numerics.mode: a numerics block asks for numerics, so "proxy"
	 * when it names no mode ("off" without the block) */
	if (g->numerics && !g->numerics_mode)
		sc->numerics.mode = NUM_PROXY;
	/* numerics.model.params: the floats of its flat vector, from its
	 * kind and shape (hidden only for mlp) */
	nn_init(m, m->kind, m->features, hidden);
}

/* model.params, M in the formulas: as given; else, with numerics "real",
 * the small model's own (the file may give no other size then); else the
 * layers' sum (model.layers or model.preset); else the variables' sum
 * (strategy.variables).  The checks say when the sizes disagree. */
static void
derive_params(struct scenario *sc)
{
	double sum;
	int i;

	if (sc->model.params == 0 && sc->numerics.mode == NUM_REAL &&
	    sc->model.nlayers == 0 && sc->strategy.variables == NULL)
		sc->model.params = (double)sc->numerics.model.params;
	if (sc->model.params == 0 && sc->model.nlayers > 0) {
		for (sum = 0, i = 0; i < sc->model.nlayers; i++)
			sum += sc->model.layers[i].params;
		sc->model.params = sum;
	}
	if (sc->model.params == 0 && sc->strategy.variables != NULL) {
		for (sum = 0, i = 0; i < sc->strategy.nvariables; i++)
			sum += sc->strategy.variables[i];
		sc->model.params = sum;
	}
}

/* The model and the strategy that follow from it. */
static void
derive_model(struct scenario *sc, const struct given *g)
{
	int i;

	derive_params(sc);
	/* model.compute_s: the compute per step as a duration; 0 when it is
	 * a flop count (model.compute_flops), for the host speed to decide */
	if (sc->model.compute_flops > 0)
		sc->model.compute_s = 0;
	/* strategy.variables: the layers, one variable each, for a
	 * partition that places whole variables (not "even") when the file
	 * gives none */
	if (sc->model.nlayers > 0 && sc->strategy.variables == NULL &&
	    sc->strategy.partition != PART_EVEN) {
		sc->strategy.nvariables = sc->model.nlayers;
		sc->strategy.variables = xcalloc((size_t)sc->model.nlayers,
		    sizeof *sc->strategy.variables);
		for (i = 0; i < sc->model.nlayers; i++)
			sc->strategy.variables[i] = sc->model.layers[i].params;
	}
	/* strategy.wire_dtype: the gradients' dtype on the wire; the
	 * model's unless given */
	if (!g->wire_dtype)
		sc->strategy.wire_dtype = sc->model.dtype;
}

/* The strategy's own defaults, from its registry row. */
static void
derive_strategy(struct scenario *sc)
{
	const struct strategy_info *info = sc->strategy.info;

	/* strategy.chunks: pipelined chunks per shard; unless given, the
	 * registry's default for an algorithm that takes them, else 1 */
	if (sc->strategy.chunks == 0)
		sc->strategy.chunks = info != NULL &&
		    (info->flags & R_CHUNKS) ? info->chunks : 1;
	if (info == NULL)
		return;
	/* strategy.algorithm, as the reports name it: a parameter server's
	 * sync mode ("sync", "async", ...), else the registry's name
	 * ("bytesps", "ring", ...) */
	sc->strategy.algorithm = xstrdup(info->family == FAMILY_PS &&
	    !(info->flags & R_SERVICES) ?
	    scenario_sync_name(sc->strategy.sync) : info->name);
}

/* Where the shards live: placement.servers, strategy.shards,
 * strategy.worker_shards and strategy.colocate. */
static void
derive_placement(struct scenario *sc, const struct given *g)
{
	const struct strategy_info *info = sc->strategy.info;

	if (info == NULL)
		return;
	/* strategy.local_reduce: a PS on multi-GPU machines sums each
	 * machine's gradients inside it unless told otherwise */
	if (!g->local_reduce)
		sc->strategy.local_reduce = info->family == FAMILY_PS &&
		    sc->cluster.topology != TOPO_PLATFORM &&
		    sc->cluster.gpus_per_host > 1;
	if (info->flags & R_SERVICES) {
		/* BytePS: placement.servers CPU hosts (none unless given),
		 * a summation service on each of them and on every worker
		 * (with local_reduce every machine) while they are fewer;
		 * the shards are the services, workers' first (simulation.c) */
		if (g->servers < 0)
			sc->placement.servers = 0;
		sc->strategy.worker_shards = sc->placement.servers <
		    scenario_ps_members(sc) ? scenario_ps_members(sc) : 0;
		sc->strategy.shards = sc->strategy.worker_shards +
		    sc->placement.servers;
		sc->strategy.colocate = 1;
	} else if (info->family == FAMILY_PS && sc->strategy.colocate) {
		/* colocated shards: shard i on worker i, no servers */
		sc->placement.servers = 0;
		sc->strategy.worker_shards = sc->strategy.shards;
	} else if (info->family == FAMILY_PS) {
		/* dedicated servers: placement.servers one per shard unless
		 * given; strategy.shards one per server when only the
		 * servers are given (1 when neither is) */
		if (g->servers < 0)
			sc->placement.servers = sc->strategy.shards;
		else if (!g->shards)
			sc->strategy.shards = sc->placement.servers;
	} else {
		/* all-reduce: no servers */
		sc->placement.servers = 0;
	}
}

/* run.steps: with run.duration or run.min_fault_events and no
 * run.steps, RUN_STEPS_MAX (the clock ends the run first unless its steps
 * are that fast).
 * run.warmup: the first steps, left out of the averages; 1 unless given,
 * 0 in a one-step run. */
static void
derive_run(struct scenario *sc, const struct given *g)
{
	if (scenario_open_ended(sc) && !g->steps)
		sc->run.steps = RUN_STEPS_MAX;
	if (!g->warmup && sc->run.steps == 1)
		sc->run.warmup = 0;
}

/* faults.ckpt_bytes: a checkpoint's size; the model's bytes in its own
 * dtype unless faults.checkpoint.size gives it. */
static void
derive_faults(struct scenario *sc)
{
	if (sc->faults.on && sc->faults.ckpt_bytes == 0)
		sc->faults.ckpt_bytes = scenario_model_bytes(sc);
}

/* cluster.hosts on a generated cluster, unless given: enough hosts for
 * the workers, the servers and, with faults, the checkpoint storage (a
 * host of its own); on a multi-GPU cluster enough machines of
 * cluster.gpus_per_host for the workers (the servers have CPU-only hosts
 * of their own). */
static void
derive_hosts(struct scenario *sc, const struct given *g)
{
	int gpus = sc->cluster.gpus_per_host, need;

	if (sc->cluster.topology == TOPO_PLATFORM || g->hosts)
		return;
	need = gpus > 1 ? sc->placement.workers : sc->placement.workers +
	    sc->placement.servers + (sc->faults.on ? 1 : 0);
	sc->cluster.hosts = (need + gpus - 1) / gpus;
}

/* In the order they depend on each other: the numerics model's size
 * before model.params (numerics "real"), model.params before the
 * checkpoint's size, the shards' placement before the hosts. */
void
scenario_derive(struct scenario *sc, const struct given *g)
{
	derive_file(sc);
	derive_numerics(sc, g);
	derive_model(sc, g);
	derive_strategy(sc);
	derive_placement(sc, g);
	derive_run(sc, g);
	derive_faults(sc);
	derive_hosts(sc, g);
}
