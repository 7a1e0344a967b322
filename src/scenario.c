/* scenario.c: a scenario file (JSON) to a validated struct scenario:
 * scenario_load runs the loader's steps (scenario-impl.h), and the small
 * public helpers.
 *
 * Every problem in a file is collected, each as one line naming the file,
 * the JSON path, what was expected and what was found, before the load
 * fails; nothing unvalidated goes on to SimGrid. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faults.h"
#include "scenario-impl.h"
#include "xmalloc.h"

const char *const dtype_names[] = { "fp32", "fp16", "bf16", NULL };
const char *const network_names[] = { "realistic", "ideal", "cm02",
    NULL };
const char *const topology_names[] = { "star", "two-tier", NULL };
const char *const partition_names[] = { "even", "round-robin",
    "balanced", "mxnet", NULL };
const char *const numerics_names[] = { "off", "real", "proxy", NULL };
const char *const sync_names[] = { "sync", "async", "ssp", "backup",
    NULL };

double
scenario_dtype_bytes(enum dtype d)
{
	return d == DTYPE_FP32 ? 4 : 2;
}

const char *
scenario_dtype_name(enum dtype d)
{
	return dtype_names[d];
}

const char *
scenario_network_name(enum network_model m)
{
	return network_names[m];
}

const char *
scenario_topology_name(enum topology t)
{
	return t == TOPO_PLATFORM ? "platform" : topology_names[t];
}

const char *
scenario_partition_name(enum partition p)
{
	return partition_names[p];
}

const char *
scenario_numerics_name(enum numerics_mode m)
{
	return numerics_names[m];
}

const char *
scenario_sync_name(enum sync_mode m)
{
	return sync_names[m];
}

double
scenario_model_bytes(const struct scenario *sc)
{
	return sc->model.params * scenario_dtype_bytes(sc->model.dtype);
}

double
scenario_wire_bytes(const struct scenario *sc)
{
	return sc->model.params * scenario_dtype_bytes(sc->strategy.wire_dtype);
}

const struct fault_spec *
scenario_faults_of(const struct scenario *sc, enum fault_of which)
{
	return which == FAULTS_OF_SERVERS ? &sc->faults.servers :
	    which == FAULTS_OF_LINKS ? &sc->faults.links : &sc->faults.workers;
}

double
scenario_fault_horizon(const struct scenario *sc)
{
	double step = sc->model.compute_s + 2 * scenario_wire_bytes(sc) /
	    sc->cluster.nic_Bps;

	return 4 * sc->run.steps * step + sc->faults.workers.replace_s +
	    sc->faults.servers.replace_s + sc->faults.restart_s + 1;
}

void
scenario_shard_home(const struct scenario *sc, int j, int *worker,
    int *server)
{
	int w0 = sc->strategy.worker_shards;

	*worker = j < w0 ? j : -1;
	*server = j < w0 ? -1 : (sc->strategy.info->flags & R_SERVICES) ?
	    j - w0 : j % sc->placement.servers;
}

/* Checks that need several blocks at once. */
static void
cross_check(struct ctx *c, struct scenario *sc, const struct given *g)
{
	const struct strategy_info *info = sc->strategy.info;
	int servers_given = g->servers, shards_given = g->shards;
	int nwh = g->nworker_hosts, nsh = g->nserver_hosts;
	double sum = 0, mem;
	int i, need;

	if (sc->numerics.mode == NUM_REAL) {
		/* the model's own floats travel: its size is the model's */
		const char *const given[] = { "/model/params", "/model/layers",
		    "/strategy/variables" };
		int which = sc->model.nlayers > 0 ? 1 :
		    sc->strategy.variables != NULL ? 2 :
		    sc->model.params != 0 ? 0 : -1;

		if (which >= 0)
			err_at(c, given[which], "numerics mode \"real\" sends the "
			    "%s model's own %ld parameters; leave this out, or "
			    "use mode \"proxy\"",
			    nn_kind_name(sc->numerics.model.kind),
			    sc->numerics.model.params);
		else
			sc->model.params = (double)sc->numerics.model.params;
	}

	if (sc->model.nlayers > 0) {
		double back = 0;

		for (i = 0; i < sc->model.nlayers; i++) {
			sum += sc->model.layers[i].params;
			back += sc->model.layers[i].backward_s;
		}
		if (sc->model.params == 0)
			sc->model.params = sum;
		else if (sum != sc->model.params)
			err_at(c, "/model/params", "the layers add up to %.0f "
			    "parameters but /model/params is %.0f", sum,
			    sc->model.params);
		if (back > 0 && sc->model.compute_s == 0)
			err_at(c, "/model/layers", "a layer's backward time needs "
			    "/model/compute as a duration");
		else if (back > sc->model.backward_share * sc->model.compute_s *
		    (1 + 1e-12) && back > 0)
			err_at(c, "/model/layers", "the layers' backward times add "
			    "up to %g s, more than the backward share (%g) of "
			    "the %g s of compute", back,
			    sc->model.backward_share, sc->model.compute_s);
		sum = 0;
		if (sc->strategy.variables == NULL &&
		    sc->strategy.partition != PART_EVEN) {
			sc->strategy.nvariables = sc->model.nlayers;
			sc->strategy.variables = xcalloc((size_t)sc->model.nlayers,
			    sizeof *sc->strategy.variables);
			for (i = 0; i < sc->model.nlayers; i++)
				sc->strategy.variables[i] =
				    sc->model.layers[i].params;
		}
	}
	if (sc->strategy.variables != NULL) {
		for (i = 0; i < sc->strategy.nvariables; i++)
			sum += sc->strategy.variables[i];
		if (sc->model.params == 0)
			sc->model.params = sum;
		else if (sum != sc->model.params)
			err_at(c, "/strategy/variables", "the variables add up to "
			    "%.0f parameters but /model/params is %.0f", sum,
			    sc->model.params);
	} else if (sc->model.params == 0 && errors_count(&c->errors) == 0)
		err_at(c, "/model/params", "missing; expected a count such as "
		    "\"250M\"");
	else if (sc->model.params != floor(sc->model.params) ||
	    sc->model.params > 1e15)
		err_at(c, "/model/params", "expected a whole number of parameters "
		    "up to 1e15, got %.17g", sc->model.params);

	if (sc->model.compute_flops > 0 && errors_count(&c->errors) == 0)
		sc->model.compute_s = 0;	/* the host speed decides */

	if (info != NULL && (info->flags & R_SERVICES)) {
		/* a summation service on every worker while the k CPU hosts
		 * are fewer than the workers (sim.c), and on each CPU host */
		if (!servers_given)
			sc->placement.servers = 0;
		sc->strategy.worker_shards = sc->placement.servers <
		    sc->placement.workers ? sc->placement.workers : 0;
		sc->strategy.shards = sc->strategy.worker_shards +
		    sc->placement.servers;
		sc->strategy.colocate = 1;
	} else if (info != NULL && info->family == FAMILY_PS) {
		if (sc->strategy.colocate) {
			if (servers_given && sc->placement.servers != 0)
				err_at(c, "/placement/servers", "colocated shards "
				    "live on workers, so expected 0 dedicated "
				    "servers, got %d", sc->placement.servers);
			sc->placement.servers = 0;
			if (sc->strategy.shards > sc->placement.workers)
				err_at(c, "/strategy/shards", "colocated shards go "
				    "one per worker, so expected at most %d, got "
				    "%d", sc->placement.workers,
				    sc->strategy.shards);
			sc->strategy.worker_shards = sc->strategy.shards;
		} else {
			if (!servers_given)
				sc->placement.servers = sc->strategy.shards;
			else if (!shards_given)
				sc->strategy.shards = sc->placement.servers;
			if (sc->placement.servers == 0)
				err_at(c, "/placement/servers", "a parameter "
				    "server needs at least 1 server host, or "
				    "\"colocate\": true in /strategy, got 0");
			else if (sc->strategy.shards < sc->placement.servers)
				err_at(c, "/strategy/shards", "expected at least "
				    "one shard per server (%d), got %d",
				    sc->placement.servers, sc->strategy.shards);
		}
		if (sc->strategy.variables != NULL &&
		    (sc->strategy.partition == PART_ROUND_ROBIN ||
		    sc->strategy.partition == PART_BALANCED) &&
		    sc->strategy.nvariables < sc->strategy.shards)
			err_at(c, "/strategy/variables", "%d variables cannot "
			    "fill %d shards", sc->strategy.nvariables,
			    sc->strategy.shards);
	} else if (info != NULL) {
		if (servers_given && sc->placement.servers != 0)
			err_at(c, "/placement/servers", "all-reduce uses no "
			    "servers, expected 0, got %d",
			    sc->placement.servers);
		sc->placement.servers = 0;
		if (nsh != 0)
			err_at(c, "/placement/server_hosts", "all-reduce uses no "
			    "servers");
	}

	if (sc->faults.on) {
		if (sc->faults.ckpt_bytes == 0)
			sc->faults.ckpt_bytes = scenario_model_bytes(sc);
		/* what the fault model covers so far */
		if (info != NULL && !(info->flags & R_FAULTS))
			err_at(c, "/faults", "preemptions are modelled for \"ps\" "
			    "and \"allreduce\", not yet for \"%s\"", info->name);
		if (sc->strategy.chunks > 1 && info != NULL &&
		    info->family == FAMILY_PS && (info->flags & R_FAULTS))
			err_at(c, "/faults", "preemptions are not modelled with "
			    "pipelined chunks (/strategy/chunks)");
		if (sc->cluster.gpus_per_host > 1)
			err_at(c, "/faults", "preemptions are not modelled on "
			    "multi-GPU hosts");
		if (sc->faults.servers.on && (info == NULL ||
		    info->family != FAMILY_PS))
			err_at(c, "/faults/servers", "only used with strategy "
			    "\"ps\" (all-reduce has no servers)");
		else if (sc->faults.servers.on && sc->strategy.sync == SYNC_SSP)
			err_at(c, "/faults/servers", "server failures are not "
			    "modelled with sync \"ssp\" yet");
		else if (sc->faults.servers.on &&
		    sc->faults.checkpoint_every == 0)
			err_at(c, "/faults/checkpoint", "missing; a server "
			    "restores its shard from the last checkpoint, so "
			    "expected {\"every\": STEPS}");
		if (sc->faults.on_notice && (sc->faults.notice_s == 0 ||
		    info == NULL || info->family != FAMILY_ALLREDUCE))
			err_at(c, "/faults/checkpoint/on_notice", "a checkpoint on "
			    "notice needs /faults/notice and an all-reduce");
		if (sc->faults.elastic && (info == NULL ||
		    !(info->flags & R_ELASTIC)))
			err_at(c, "/faults/elastic", "elastic training is modelled "
			    "for algorithm %s only", registry_names_with(R_ELASTIC));
		else if (sc->faults.elastic && sc->faults.min_workers >
		    sc->placement.workers)
			err_at(c, "/faults/elastic/min_workers", "expected at most "
			    "the %d workers, got %d", sc->placement.workers,
			    sc->faults.min_workers);
		if (sc->faults.checkpoint_every == 0 && info != NULL &&
		    info->family == FAMILY_ALLREDUCE &&
		    !sc->faults.elastic)
			err_at(c, "/faults/checkpoint", "missing; synchronous "
			    "all-reduce restarts from its last checkpoint, so "
			    "expected {\"every\": STEPS}");
	}
	if (sc->strategy.sync == SYNC_BACKUP &&
	    sc->strategy.backup >= sc->placement.workers)
		err_at(c, "/strategy/backup_workers", "expected fewer backup "
		    "workers than the %d workers, got %d", sc->placement.workers,
		    sc->strategy.backup);
	if (sc->run.target_loss > 0 && sc->numerics.mode == NUM_OFF)
		err_at(c, "/run/target_loss", "a loss needs real gradients: add "
		    "/numerics (mode \"proxy\" or \"real\")");
	/* a parameter vector, its gradient and momentum per worker and for
	 * the servers, about as much again in flight, and the data */
	mem = 4.0 * (double)sc->numerics.model.params *
	    (6.0 * sc->placement.workers + 4) + 4.0 *
	    (double)(sc->numerics.samples + sc->numerics.test_samples) *
	    (sc->numerics.model.features + 1);
	if (sc->numerics.mode != NUM_OFF && mem > sc->numerics.max_memory)
		err_at(c, "/numerics/max_memory", "the %ld parameters of the %s "
		    "model on %d workers and its data need about %.3g GB, "
		    "over the limit of %.3g GB; use a smaller model (mode "
		    "\"proxy\" trains a small one while the wire carries "
		    "/model/params) or raise /numerics/max_memory",
		    sc->numerics.model.params,
		    nn_kind_name(sc->numerics.model.kind),
		    sc->placement.workers, mem / 1e9,
		    sc->numerics.max_memory / 1e9);

	if (sc->strategy.grid_rows > 0 && (long)sc->strategy.grid_rows *
	    sc->strategy.grid_cols != sc->placement.workers)
		err_at(c, "/strategy/grid", "a %d x %d grid holds %ld workers, "
		    "but there are %d", sc->strategy.grid_rows,
		    sc->strategy.grid_cols, (long)sc->strategy.grid_rows *
		    sc->strategy.grid_cols, sc->placement.workers);
	if (nwh != 0 && nwh != sc->placement.workers)
		err_at(c, "/placement/worker_hosts", "expected %d host names (one "
		    "per worker), got %d", sc->placement.workers, nwh);
	if (nsh != 0 && info != NULL && info->family == FAMILY_PS &&
	    nsh != sc->placement.servers)
		err_at(c, "/placement/server_hosts", "expected %d host names (one "
		    "per server), got %d", sc->placement.servers, nsh);
	if (sc->placement.worker_hosts != NULL &&
	    sc->placement.server_hosts != NULL) {
		for (i = 0; i < nsh; i++) {
			for (need = 0; need < nwh; need++) {
				if (strcmp(sc->placement.server_hosts[i],
				    sc->placement.worker_hosts[need]) == 0)
					err_at(c, "/placement/server_hosts",
					    "host \"%s\" is also a worker; use "
					    "\"colocate\": true in /strategy to "
					    "put shards on workers",
					    sc->placement.server_hosts[i]);
			}
		}
	}

	if (sc->cluster.gpus_per_host > 1 && sc->placement.servers > 0)
		err_at(c, "/placement/servers", "dedicated servers are not modelled "
		    "on multi-GPU hosts; colocate the shards on workers, or "
		    "expected 0, got %d", sc->placement.servers);
	if (sc->cluster.topology != TOPO_PLATFORM) {
		int gpus = sc->cluster.gpus_per_host;

		/* with faults, one more: the checkpoint storage */
		need = sc->placement.workers + sc->placement.servers +
		    (sc->faults.on ? 1 : 0);
		if (sc->cluster.hosts == 0)
			sc->cluster.hosts = (need + gpus - 1) / gpus;
		else if ((long)sc->cluster.hosts * gpus < need && gpus > 1)
			err_at(c, "/cluster/hosts", "%d hosts of %d GPUs cannot "
			    "hold %d workers", sc->cluster.hosts, gpus,
			    sc->placement.workers);
		else if (sc->cluster.hosts < need)
			err_at(c, "/cluster/hosts", "%d hosts cannot hold %d "
			    "workers and %d servers%s", sc->cluster.hosts,
			    sc->placement.workers, sc->placement.servers,
			    sc->faults.on ? " and the checkpoint storage" : "");
		if (sc->cluster.topology == TOPO_TWO_TIER &&
		    sc->cluster.racks > sc->cluster.hosts)
			err_at(c, "/cluster/racks", "expected at most one rack per "
			    "host (%d), got %d", sc->cluster.hosts,
			    sc->cluster.racks);
	}
}

/* The platform path is relative to the scenario file's folder. */
static char *
resolve_platform(const char *scenario_file, const char *platform)
{
	const char *slash = strrchr(scenario_file, '/');
	char *out;

	if (platform[0] == '/' || slash == NULL)
		return xstrdup(platform);
	xasprintf(&out, "%.*s/%s", (int)(slash - scenario_file),
	    scenario_file, platform);
	return out;
}

struct scenario *
scenario_load(const char *path, char *const *sets, int nsets, char **errors)
{
	struct ctx c = { path != NULL ? path : "(built-in seed)", ERRORS_INIT };
	struct given g = { 0 };
	struct scenario *sc;
	struct cJSON *root;
	char *resolved, *f;
	int i;
	FILE *pf;

	*errors = NULL;
	if ((root = scenario_read_json(&c, path)) == NULL) {
		*errors = errors_take(&c.errors);
		return NULL;
	}
	for (i = 0; i < nsets; i++)
		scenario_apply_set(&c, root, sets[i]);

	sc = xcalloc(1, sizeof *sc);
	sc->file = xstrdup(c.file);
	scenario_parse(&c, root, sc, &g);
	cross_check(&c, sc, &g);

	if (sc->cluster.platform != NULL) {
		resolved = resolve_platform(c.file, sc->cluster.platform);
		if ((pf = fopen(resolved, "r")) == NULL)
			err_at(&c, "/cluster/platform", "cannot open \"%s\": %s",
			    resolved, strerror(errno));
		else
			fclose(pf);
		free(sc->cluster.platform);
		sc->cluster.platform = resolved;
	}
	for (i = 0; i < 3; i++) {
		struct fault_spec *fs = i == 0 ? &sc->faults.workers : i == 1 ?
		    &sc->faults.servers : &sc->faults.links;

		if (fs->trace == NULL)
			continue;
		resolved = resolve_platform(c.file, fs->trace);
		/* read once: the schedules replay it from memory */
		fs->tr = xcalloc(1, sizeof *fs->tr);
		if (trace_read(resolved, fs->tr, &f) != 0) {
			err_at(&c, i == 0 ? "/faults/preemption/trace" : i == 1 ?
			    "/faults/servers/trace" : "/faults/links/trace",
			    "%s", f);
			free(f);
			free(fs->tr);
			fs->tr = NULL;
		}
		free(fs->trace);
		fs->trace = resolved;
	}
	scenario_json_free(root);

	if (errors_count(&c.errors) != 0) {
		*errors = errors_take(&c.errors);
		scenario_free(sc);
		return NULL;
	}
	return sc;
}

void
scenario_free(struct scenario *sc)
{
	int i;

	if (sc == NULL)
		return;
	free(sc->file);
	free(sc->name);
	free(sc->description);
	free(sc->model.preset);
	for (i = 0; i < sc->model.nlayers; i++)
		free(sc->model.layers[i].name);
	free(sc->model.layers);
	free(sc->cluster.platform);
	free(sc->faults.workers.trace);
	free(sc->faults.servers.trace);
	free(sc->faults.links.trace);
	fault_spec_release(&sc->faults.workers);
	fault_spec_release(&sc->faults.servers);
	fault_spec_release(&sc->faults.links);
	free(sc->faults.storage);
	for (i = 0; i < sc->cluster.nslow; i++)
		free(sc->cluster.slow[i].host);
	free(sc->cluster.slow);
	xfreev(sc->placement.worker_hosts);
	xfreev(sc->placement.server_hosts);
	free(sc->strategy.algorithm);
	free(sc->strategy.variables);
	free(sc);
}
