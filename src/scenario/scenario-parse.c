/* scenario-parse.c: the block parsers, one per block of a scenario file
 * (model, cluster, placement, strategy, run, numerics, faults) and the
 * top level.  Each reads its block's keys into struct scenario over the
 * defaults (scenario-derive.c) and checks what it can check alone, so
 * the messages come in the file's order. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models.h"
#include "scenario-json.h"
#include "xmalloc.h"

/* model.layers or model.preset. */
static void
parse_layers(struct ctx *c, const cJSON *m, struct scenario *sc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, "layers"), *it;
	const cJSON *pre = cJSON_GetObjectItemCaseSensitive(m, "preset");
	struct model_layer *ml;
	const char *near;
	char p[64];
	int i = 0, n;

	if (pre != NULL && v != NULL)
		err_at(c, "/model/preset", "give either a preset or layers, "
		    "not both");
	if (pre != NULL) {
		if (!cJSON_IsString(pre) ||
		    (ml = models_preset(pre->valuestring, &n)) == NULL) {
			near = cJSON_IsString(pre) ?
			    names_closest(pre->valuestring, models_list) : NULL;
			if (near != NULL)
				err_at(c, "/model/preset", "unknown preset "
				    "\"%s\"; did you mean \"%s\"? (valid: %s)",
				    pre->valuestring, near, models_names());
			else
				err_at(c, "/model/preset", "expected one of %s",
				    models_names());
			return;
		}
		sc->model.preset = xstrdup(pre->valuestring);
		sc->model.layers = xcalloc((size_t)n, sizeof *sc->model.layers);
		for (i = 0; i < n; i++) {
			sc->model.layers[i].name = ml[i].name;
			sc->model.layers[i].params = ml[i].params;
			sc->model.layers[i].flops = ml[i].flops;
		}
		sc->model.nlayers = n;
		free(ml);
		return;
	}
	if (v == NULL)
		return;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
		err_at(c, "/model/layers", "expected a non-empty array of "
		    "layers such as {\"name\": \"fc\", \"params\": \"4M\"}, "
		    "got %s", json_type(v));
		return;
	}
	sc->model.layers = xcalloc((size_t)cJSON_GetArraySize(v),
	    sizeof *sc->model.layers);
	cJSON_ArrayForEach(it, v) {
		struct layer *l = &sc->model.layers[i];

		snprintf(p, sizeof p, "/model/layers/%d", i);
		if (!cJSON_IsObject(it)) {
			err_at(c, p, "expected a layer object, got %s",
			    json_type(it));
			i++;
			continue;
		}
		check_keys(c, it, p, layer_keys);
		l->name = get_string(c, it, p, "name", 0); /* NULL: derived */
		get_units(c, it, p, "params", 1, &range_params, &l->params);
		get_units(c, it, p, "flops", 0, &range_flops, &l->flops);
		get_units(c, it, p, "backward", 0, &range_step,
		    &l->backward_s);
		i++;
	}
	sc->model.nlayers = i;
}

/* model.compute: a duration when it has a time unit, else a flop count
 * (always a string), each within its range. */
static void
parse_compute(struct ctx *c, const cJSON *root, const cJSON *m,
    struct scenario *sc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, "compute");
	const cJSON *cl = cJSON_GetObjectItemCaseSensitive(root, "cluster");
	const cJSON *gpu = cJSON_IsObject(cl) ?
	    cJSON_GetObjectItemCaseSensitive(cl, "gpu") : NULL;
	char *cause, *f;
	double d;

	if (v != NULL && gpu != NULL) {
		err_at(c, "/model/compute", "give the compute or /cluster/gpu "
		    "(whose published throughput sets it), not both");
		return;
	}
	if (v == NULL && gpu != NULL)
		return;
	if (v == NULL) {
		err_at(c, "/model/compute", "missing; expected a duration such "
		    "as \"1s\" or a flop count such as \"2.5T\"");
		return;
	}
	if (!cJSON_IsString(v)) {
		err_at(c, "/model/compute", "expected a duration such as "
		    "\"1s\" or a flop count such as \"2.5T\", got %s",
		    json_type(v));
		return;
	}
	f = json_found(v);
	if (units_parse(v->valuestring, UNIT_TIME, &d, &cause) == 0) {
		if (range_check(c, "/model/compute", &range_step, d, f))
			sc->model.compute_s = d;
	} else {
		free(cause);
		if (units_parse(v->valuestring, UNIT_FLOPS, &d, &cause) != 0) {
			free(cause);
			err_at(c, "/model/compute", "expected a duration such "
			    "as \"1s\" or a flop count such as \"2.5T\", got "
			    "%s", f);
		} else if (range_check(c, "/model/compute", &range_flops, d,
		    f))
			sc->model.compute_flops = d;
	}
	free(f);
}

static void
parse_model(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	const cJSON *m = get_object(c, root, "", "model", 1);
	int d;

	if (m == NULL)
		return;
	check_keys(c, m, "/model", scenario_object_keys("model"));
	parse_layers(c, m, sc);
	/* params may come from strategy.variables; checked later. */
	g->params = get_units(c, m, "/model", "params", 0, &range_params,
	    &sc->model.params);
	if ((d = get_enum(c, m, "/model", "dtype", dtype_names,
	    sc->model.dtype)) >= 0)
		sc->model.dtype = (enum dtype)d;
	parse_scalars(c, m, "model", sc, NULL);

	parse_compute(c, root, m, sc);
}

static void
err_not_jitter(struct ctx *c, const cJSON *j)
{
	char *names = hw_spread_names(), *f = json_found(j);

	err_at(c, "/cluster/compute_jitter", "expected \"none\", a published "
	    "spread (%s), {\"lognormal\": SIGMA} or {\"exponential\": "
	    "MEAN}, got %s", names, f);
	free(names);
	free(f);
}

/* cluster.compute_jitter: "none", a published spread's name (hardware.def
 * SPREAD: a lognormal of its sigma), {"lognormal": SIGMA} or
 * {"exponential": MEAN}; cluster.slow_hosts: [{"host": H, "factor": F}]. */
static void
parse_stragglers(struct ctx *c, const cJSON *cl, struct scenario *sc)
{
	const cJSON *j = cJSON_GetObjectItemCaseSensitive(cl, "compute_jitter");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(cl, "slow_hosts");
	const cJSON *it;
	char p[64];
	int i = 0, k;

	sc->cluster.spread = NULL;
	if (j != NULL && cJSON_IsString(j) &&
	    strcmp(j->valuestring, "none") == 0)
		sc->cluster.jitter = JITTER_NONE;
	else if (j != NULL && cJSON_IsString(j) &&
	    (sc->cluster.spread = hw_spread_find(j->valuestring)) != NULL) {
		sc->cluster.jitter = JITTER_LOGNORMAL;
		sc->cluster.jitter_sigma = sc->cluster.spread->sigma;
	} else if (j != NULL && cJSON_IsObject(j) &&
	    cJSON_GetArraySize(j) == 1) {
		check_keys(c, j, "/cluster/compute_jitter", jitter_keys);
		if (get_units(c, j, "/cluster/compute_jitter", "lognormal", 0,
		    &range_sigma, &sc->cluster.jitter_sigma))
			sc->cluster.jitter = JITTER_LOGNORMAL;
		if (get_units(c, j, "/cluster/compute_jitter", "exponential", 0,
		    &range_step, &sc->cluster.jitter_mean_s))
			sc->cluster.jitter = JITTER_EXPONENTIAL;
	} else if (j != NULL)
		err_not_jitter(c, j);
	if (s == NULL)
		return;
	if (!cJSON_IsArray(s)) {
		err_at(c, "/cluster/slow_hosts", "expected an array of "
		    "{\"host\": NAME, \"factor\": F}, got %s", json_type(s));
		return;
	}
	sc->cluster.slow = xcalloc((size_t)cJSON_GetArraySize(s) + 1,
	    sizeof *sc->cluster.slow);
	cJSON_ArrayForEach(it, s) {
		struct slow_host *h = &sc->cluster.slow[i];

		snprintf(p, sizeof p, "/cluster/slow_hosts/%d", i);
		i++;
		if (!cJSON_IsObject(it)) {
			err_at(c, p, "expected {\"host\": NAME, \"factor\": "
			    "F}, got %s", json_type(it));
			continue;
		}
		check_keys(c, it, p, slow_host_keys);
		h->host = get_string(c, it, p, "host", 1);
		h->factor = 1;
		get_units(c, it, p, "factor", 1, &range_factor, &h->factor);
		for (k = 0; h->host != NULL && k < i - 1; k++) {
			if (sc->cluster.slow[k].host != NULL &&
			    strcmp(sc->cluster.slow[k].host, h->host) == 0) {
				err_at(c, p, "host \"%s\" is listed twice (also "
				    "at /cluster/slow_hosts/%d); give it once, "
				    "with one factor", h->host, k);
				break;
			}
		}
	}
	sc->cluster.nslow = i;
}

/* cluster.price_per_hour: what an hour of each role's host costs (spot
 * workers, on-demand servers and storage, say), in any currency. */
static void
parse_prices(struct ctx *c, const cJSON *cl, struct scenario *sc)
{
	const cJSON *p = get_object(c, cl, "/cluster", "price_per_hour", 0);

	if (p == NULL)
		return;
	sc->cluster.priced = 1;
	check_keys(c, p, "/cluster/price_per_hour",
	    scenario_object_keys("cluster.price_per_hour"));
	parse_scalars(c, p, "cluster.price_per_hour", sc, NULL);
}

/* cluster.price_per_hour.nic: what a host's NIC adds an hour, by speed
 * ({"10Gbps": 0, "100Gbps": 1.2}); the cluster's nic must be in it. */
static void
parse_nic_prices(struct ctx *c, const cJSON *cl, struct scenario *sc)
{
	static const char path[] = "/cluster/price_per_hour/nic";
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(cl,
	    "price_per_hour"), *t, *it;
	char where[256], *cause, *f;
	double bw;
	int found = 0;

	if (p == NULL || !cJSON_IsObject(p) ||
	    (t = get_object(c, p, "/cluster/price_per_hour", "nic", 0)) == NULL)
		return;
	if (sc->cluster.topology == TOPO_PLATFORM) {
		err_at(c, path, "not used with \"platform\": the platform "
		    "file's NICs are its own");
		return;
	}
	cJSON_ArrayForEach(it, t) {
		snprintf(where, sizeof where, "%s/%s", path, it->string);
		if (units_parse(it->string, UNIT_BANDWIDTH, &bw, &cause) != 0) {
			err_at(c, where, "expected a NIC speed as the key (such "
			    "as \"25Gbps\"): %s", cause);
			free(cause);
			continue;
		}
		if (!cJSON_IsNumber(it) || it->valuedouble < 0 ||
		    it->valuedouble > 1e9) {
			f = json_found(it);
			err_at(c, where, "expected a price from 0 to 1e9, got "
			    "%s", f);
			free(f);
			continue;
		}
		if (fabs(bw - sc->cluster.nic_Bps) <= 1e-9 * bw) {
			sc->cluster.price_nic = it->valuedouble;
			found = 1;
		}
	}
	if (!found && errors_count(&c->errors) == 0)
		err_at(c, path, "no price for the cluster's NIC of %.6g Gbps; "
		    "expected it among the table's speeds",
		    sc->cluster.nic_Bps * 8 / 1e9);
}

/* cluster.gpu: a GPU of hardware.def, whose published throughput for
 * the model's preset, batch and dtype sets the compute (batch / rate). */
static void
parse_gpu(struct ctx *c, const cJSON *root, const cJSON *cl,
    struct scenario *sc)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(root, "model");
	const char *dt = dtype_names[sc->model.dtype];
	char *name, *names, *rows;

	if (cJSON_GetObjectItemCaseSensitive(cl, "gpu") == NULL ||
	    (name = get_string(c, cl, "/cluster", "gpu", 1)) == NULL)
		return;
	rows = hw_rates_of(name);
	if (rows == NULL) {
		names = hw_gpu_names();
		err_at(c, "/cluster/gpu", "no published throughput of a GPU "
		    "named \"%s\"; expected one of %s", name, names);
		free(names);
	} else if (sc->model.preset == NULL) {
		/* a preset given but refused has its own error */
		if (!cJSON_IsObject(m) ||
		    cJSON_GetObjectItemCaseSensitive(m, "preset") == NULL)
			err_at(c, "/cluster/gpu", "needs /model/preset: "
			    "%s's published throughputs are per model (%s)",
			    name, rows);
	} else if ((sc->cluster.gpu = hw_rate_find(name, sc->model.preset,
	    (int)sc->model.batch, dt)) == NULL)
		err_at(c, "/cluster/gpu", "no published throughput of %s for "
		    "%s at batch %.0f in %s; psim has %s", name,
		    sc->model.preset, sc->model.batch, dt, rows);
	else
		sc->model.compute_s = sc->model.batch / sc->cluster.gpu->per_s;
	free(rows);
	free(name);
}

/* At path, v names no row of hardware.def: expected a bandwidth such as
 * example (NULL: none) or one of kind's names. */
static void
err_not_named(struct ctx *c, const char *path, const char *example,
    const char *kind, char *names, const cJSON *v)
{
	char *f = json_found(v);

	err_at(c, path, "expected %s%s%sa %s (%s), got %s",
	    example != NULL ? "a bandwidth such as \"" : "",
	    example != NULL ? example : "", example != NULL ? "\" or " : "",
	    kind, names, f);
	free(names);
	free(f);
}

/* A link's bandwidth (key) and latency (lat): a bandwidth, or the name
 * of a link of hardware.def, which sets both unless lat is given. */
static void
get_link(struct ctx *c, const cJSON *cl, const char *key, const char *lat,
    int required, double *Bps, double *latency_s)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(cl, key);
	const struct hw_link *l;
	char p[64], *cause;
	double d;

	if (cJSON_IsString(v) && (l = hw_link_find(v->valuestring)) != NULL) {
		*Bps = l->bps / 8;
		if (cJSON_GetObjectItemCaseSensitive(cl, lat) == NULL)
			*latency_s = l->latency_s;
	} else if (cJSON_IsString(v) && units_parse(v->valuestring,
	    UNIT_BANDWIDTH, &d, &cause) != 0) {
		free(cause);
		snprintf(p, sizeof p, "/cluster/%s", key);
		err_not_named(c, p, "10Gbps", "link", hw_link_names(), v);
		return;
	} else
		get_units(c, cl, "/cluster", key, required, &range_bandwidth,
		    Bps);
	get_units(c, cl, "/cluster", lat, 0, &range_latency, latency_s);
}

/* cluster.machine: a machine of hardware.def, whose GPUs (its
 * gpus_per_host, unless given alike) sit behind its PCIe switches; each
 * GPU's link is the machine's, so intra_bw is not given with it. */
static void
parse_machine(struct ctx *c, const cJSON *cl, struct scenario *sc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(cl, "machine");
	const struct hw_machine *m;

	if (v == NULL)
		return;
	if (!cJSON_IsString(v) || (m = hw_machine_find(v->valuestring)) ==
	    NULL) {
		err_not_named(c, "/cluster/machine", NULL, "machine",
		    hw_machine_names(), v);
		return;
	}
	if (cJSON_GetObjectItemCaseSensitive(cl, "gpus_per_host") != NULL &&
	    sc->cluster.gpus_per_host != m->gpus)
		err_at(c, "/cluster/gpus_per_host", "expected %d, the GPUs of "
		    "machine \"%s\" (/cluster/machine), got %d", m->gpus,
		    m->name, sc->cluster.gpus_per_host);
	reject_keys(c, cl, "/cluster", (const char *const[]){ "intra_bw",
	    NULL }, "not used with \"machine\": the machine sets its "
	    "GPUs' links");
	sc->cluster.machine = m;
	sc->cluster.gpus_per_host = m->gpus;
	sc->cluster.intra_Bps = m->gpu_Bps;
}

static void
parse_cluster(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	static const char *const generated_only[] = { "topology", "hosts",
	    "nic", "latency", "switch_bw", "speed", "racks",
	    "oversubscription", "gpus_per_host", "intra_bw",
	    "intra_latency", "machine", NULL };
	const cJSON *cl = get_object(c, root, "", "cluster", 1);
	int t;

	if (cl == NULL)
		return;
	check_keys(c, cl, "/cluster", scenario_object_keys("cluster"));
	parse_gpu(c, root, cl, sc);
	parse_stragglers(c, cl, sc);
	parse_prices(c, cl, sc);
	if (cJSON_GetObjectItemCaseSensitive(cl, "platform") != NULL) {
		sc->cluster.topology = TOPO_PLATFORM;
		sc->cluster.platform = get_string(c, cl, "/cluster", "platform",
		    1);
		reject_keys(c, cl, "/cluster", generated_only, "not used with "
		    "\"platform\": the platform file describes the hosts and "
		    "links");
		parse_nic_prices(c, cl, sc);
		return;
	}
	if ((t = get_enum(c, cl, "/cluster", "topology", topology_names,
	    sc->cluster.topology)) >= 0)
		sc->cluster.topology = (enum topology)t;
	parse_scalars(c, cl, "cluster", sc, g);
	get_link(c, cl, "nic", "latency", 1, &sc->cluster.nic_Bps,
	    &sc->cluster.latency_s);
	parse_machine(c, cl, sc);
	if (sc->cluster.gpus_per_host > 1) {
		get_link(c, cl, "intra_bw", "intra_latency", 0,
		    &sc->cluster.intra_Bps, &sc->cluster.intra_latency_s);
		if (sc->cluster.topology != TOPO_STAR)
			err_at(c, sc->cluster.machine != NULL ?
			    "/cluster/machine" : "/cluster/gpus_per_host",
			    "multi-GPU hosts are modelled on a star only, not "
			    "on \"%s\"", topology_names[sc->cluster.topology]);
		if (sc->cluster.switch_Bps > 0)
			err_at(c, "/cluster/switch_bw", "not modelled with "
			    "gpus_per_host > 1 (the machines' NICs meet in a "
			    "non-blocking switch)");
	} else
		reject_keys(c, cl, "/cluster", (const char *const[]){
		    "intra_bw", "intra_latency", NULL },
		    "only used with gpus_per_host > 1");
	if (sc->cluster.topology == TOPO_TWO_TIER) {
		get_int(c, cl, "/cluster", "racks", 1, 1, 1 << 20,
		    &sc->cluster.racks);
		get_units(c, cl, "/cluster", "oversubscription", 0,
		    &range_ratio, &sc->cluster.oversubscription);
	} else
		reject_keys(c, cl, "/cluster", (const char *const[]){ "racks",
		    "oversubscription", NULL },
		    "only used with topology \"two-tier\"");
	parse_nic_prices(c, cl, sc);
}

static void
parse_placement(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	const cJSON *pl = get_object(c, root, "", "placement", 1);

	if (pl == NULL)
		return;
	check_keys(c, pl, "/placement", placement_keys);
	get_int(c, pl, "/placement", "workers", 1, 1, 1 << 20,
	    &sc->placement.workers);
	if (get_int(c, pl, "/placement", "servers", 0, 0, 1 << 20,
	    &sc->placement.servers))
		g->servers = sc->placement.servers;
	sc->placement.worker_hosts = get_names(c, pl, "/placement",
	    "worker_hosts", &g->nworker_hosts);
	sc->placement.server_hosts = get_names(c, pl, "/placement",
	    "server_hosts", &g->nserver_hosts);
}

static void
parse_variables(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(st, "variables"), *it;
	char p[64], *cause, *f;
	double d;
	int i = 0;

	if (v == NULL)
		return;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
		err_at(c, "/strategy/variables", "expected a non-empty array "
		    "of parameter counts, got %s", json_type(v));
		return;
	}
	sc->strategy.variables = xcalloc((size_t)cJSON_GetArraySize(v),
	    sizeof *sc->strategy.variables);
	cJSON_ArrayForEach(it, v) {
		snprintf(p, sizeof p, "/strategy/variables/%d", i);
		d = -1;
		if (cJSON_IsNumber(it))
			d = it->valuedouble;
		else if (cJSON_IsString(it)) {
			if (units_parse(it->valuestring, UNIT_COUNT, &d,
			    &cause) != 0) {
				err_at(c, p, "%s", cause);
				free(cause);
				i++;
				continue;
			}
		}
		f = json_found(it);
		if (range_check(c, p, &range_params, d, f))
			sc->strategy.variables[sc->strategy.nvariables++] = d;
		free(f);
		i++;
	}
}

/* strategy.grid: [rows, cols] for the algorithms with R_GRID
 * (2d-ring). */
static void
parse_grid(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(st, "grid");
	const cJSON *r, *k;
	char *f;

	if (g == NULL)
		return;
	if (sc->strategy.info == NULL ||
	    !(sc->strategy.info->flags & R_GRID)) {
		err_at(c, "/strategy/grid", "only used with algorithm %s",
		    registry_names_with(R_GRID));
		return;
	}
	r = cJSON_GetArrayItem(g, 0);
	k = cJSON_GetArrayItem(g, 1);
	if (!cJSON_IsArray(g) || cJSON_GetArraySize(g) != 2 ||
	    !cJSON_IsNumber(r) || !cJSON_IsNumber(k) || r->valuedouble < 1 ||
	    k->valuedouble < 1 || r->valuedouble != floor(r->valuedouble) ||
	    k->valuedouble != floor(k->valuedouble) ||
	    r->valuedouble > 1 << 20 || k->valuedouble > 1 << 20) {
		f = json_found(g);
		err_at(c, "/strategy/grid", "expected [rows, columns], two "
		    "integers >= 1, got %s", f);
		free(f);
		return;
	}
	sc->strategy.grid_rows = (int)r->valuedouble;
	sc->strategy.grid_cols = (int)k->valuedouble;
}

/* strategy.sync for a parameter server, with its bound: ssp's staleness
 * or backup's number of gradients dropped per step. */
static void
parse_sync(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	int f;

	if ((f = get_enum(c, st, "/strategy", "sync", sync_names,
	    sc->strategy.sync)) >= 0)
		sc->strategy.sync = (enum sync_mode)f;
	if (sc->strategy.sync == SYNC_SSP)
		get_int(c, st, "/strategy", "staleness", 1, 0, 1000000,
		    &sc->strategy.staleness);
	else if (cJSON_GetObjectItemCaseSensitive(st, "staleness") != NULL)
		err_at(c, "/strategy/staleness", "only used with sync \"ssp\"");
	if (sc->strategy.sync == SYNC_BACKUP)
		get_int(c, st, "/strategy", "backup_workers", 1, 1, 1000000,
		    &sc->strategy.backup);
	else if (cJSON_GetObjectItemCaseSensitive(st, "backup_workers") !=
	    NULL)
		err_at(c, "/strategy/backup_workers", "only used with sync "
		    "\"backup\"");
	if (sc->strategy.sync != SYNC_SYNC &&
	    cJSON_GetObjectItemCaseSensitive(st, "chunks") != NULL)
		err_at(c, "/strategy/chunks", "pipelined chunks are modelled "
		    "for sync \"sync\" only, got sync \"%s\"",
		    sync_names[sc->strategy.sync]);
}

/* Refuse each key of st that strategy info does not take (with info
 * NULL: that no strategy of family f takes), in the registry's order
 * (registry_keys), with why, or else "only used with strategy ..." and
 * the strategies that take it. */
static void
refuse_keys(struct ctx *c, const cJSON *st, const struct strategy_info *info,
    enum family f, const char *why)
{
	const struct strategy_key *k;
	char p[64];

	for (k = registry_keys; k->key != NULL; k++) {
		if ((info != NULL ? registry_takes(info, k) :
		    registry_family_takes(f, k)) ||
		    cJSON_GetObjectItemCaseSensitive(st, k->key) == NULL)
			continue;
		snprintf(p, sizeof p, "/strategy/%s", k->key);
		if (why != NULL)
			err_at(c, p, "%s", why);
		else
			err_at(c, p, "only used with strategy %s",
			    registry_takers(k));
	}
}

/* strategy.bucket: gradient buckets, which fill layer by layer. */
static void
parse_bucket(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	if (get_units(c, st, "/strategy", "bucket", 0, &range_bytes,
	    &sc->strategy.bucket_bytes) && sc->model.nlayers == 0)
		err_at(c, "/strategy/bucket", "buckets fill layer by layer "
		    "during backprop: they need /model/layers or "
		    "/model/preset");
}

/* The keys both parameter servers take: strategy.local_reduce and
 * strategy.bucket. */
static void
parse_ps_both(struct ctx *c, const cJSON *st, struct scenario *sc,
    struct given *g)
{
	g->local_reduce = cJSON_GetObjectItemCaseSensitive(st,
	    "local_reduce") != NULL;
	sc->strategy.local_reduce = get_bool(c, st, "/strategy",
	    "local_reduce", sc->strategy.local_reduce);
	parse_bucket(c, st, sc);
	if (cJSON_GetObjectItemCaseSensitive(st, "cycle") != NULL)
		err_at(c, "/strategy/cycle", "only used with an all-reduce's "
		    "buckets (a framework's coordination loop, as Horovod's)");
}

/* strategy "bytesps": BytePS's layout is all derived; only its chunks,
 * buckets and local reduce are the file's. */
static void
parse_bytesps(struct ctx *c, const cJSON *st, struct scenario *sc,
    struct given *g)
{
	sc->strategy.info = registry_find(FAMILY_PS, "bytesps");
	get_int(c, st, "/strategy", "chunks", 0, 1, 4096, &sc->strategy.chunks);
	parse_ps_both(c, st, sc, g);
	refuse_keys(c, st, sc->strategy.info, FAMILY_PS, "not used with "
	    "\"bytesps\" (a summation service on every worker and on "
	    "/placement/servers CPU hosts)");
}

/* strategy.server_cpu: the processor of the hosts that hold the
 * shards, "none" by default (their CPU free); with one, how it takes a
 * batch of pushes (strategy.apply) and the update it applies
 * (strategy.optimizer), which need it given (if only as "none", as a
 * sweep over it gives it). */
static void
parse_server_cpu(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(st, "server_cpu");
	static const char *const keys[] = { "apply", "optimizer", NULL };
	char p[64];
	int e, i;

	if (v != NULL && !(cJSON_IsString(v) &&
	    strcmp(v->valuestring, "none") == 0) &&
	    (!cJSON_IsString(v) ||
	    (sc->strategy.server_cpu = hw_cpu_find(v->valuestring)) == NULL))
		err_not_named(c, "/strategy/server_cpu", NULL, "processor",
		    hw_cpu_none_names(), v);
	if ((e = get_enum(c, st, "/strategy", "apply", apply_names,
	    sc->strategy.apply)) >= 0)
		sc->strategy.apply = (enum apply_mode)e;
	if ((e = get_enum(c, st, "/strategy", "optimizer", optimizer_names,
	    sc->strategy.optimizer)) >= 0)
		sc->strategy.optimizer = (enum optimizer)e;
	for (i = 0; keys[i] != NULL && v == NULL; i++)
		if (cJSON_GetObjectItemCaseSensitive(st, keys[i]) != NULL) {
			snprintf(p, sizeof p, "/strategy/%s", keys[i]);
			err_at(c, p, "only used with /strategy/server_cpu (what "
			    "the servers' CPU does with the pushes)");
		}
}

/* strategy "ps": how it applies gradients, its shards and where they
 * live, and how the variables are cut into them. */
static void
parse_ps(struct ctx *c, const cJSON *st, struct scenario *sc,
    struct given *g)
{
	int part;

	sc->strategy.info = registry_find(FAMILY_PS, "ps");
	if (cJSON_GetObjectItemCaseSensitive(st, "algorithm") != NULL)
		err_at(c, "/strategy/algorithm", "not used with \"ps\" "
		    "(/strategy/sync says how it applies gradients)");
	parse_sync(c, st, sc);
	if ((part = get_enum(c, st, "/strategy", "pull", pull_names,
	    sc->strategy.pull)) >= 0)
		sc->strategy.pull = (enum pull_mode)part;
	g->shards = get_int(c, st, "/strategy", "shards", 0, 1, 1 << 20,
	    &sc->strategy.shards);
	get_int(c, st, "/strategy", "chunks", 0, 1, 4096, &sc->strategy.chunks);
	sc->strategy.colocate = get_bool(c, st, "/strategy", "colocate",
	    sc->strategy.colocate);
	parse_ps_both(c, st, sc, g);
	if ((part = get_enum(c, st, "/strategy", "partition", partition_names,
	    sc->strategy.partition)) >= 0)
		sc->strategy.partition = (enum partition)part;
	parse_variables(c, st, sc);
	parse_server_cpu(c, st, sc);
	if (sc->strategy.partition == PART_MXNET)
		get_units(c, st, "/strategy", "bigarray_bound", 0,
		    &range_params, &sc->strategy.bigarray_bound);
	else if (cJSON_GetObjectItemCaseSensitive(st, "bigarray_bound") !=
	    NULL)
		err_at(c, "/strategy/bigarray_bound", "only used with "
		    "partition \"mxnet\"");
	if (sc->strategy.partition != PART_EVEN &&
	    sc->strategy.variables == NULL && sc->model.nlayers == 0 &&
	    cJSON_GetObjectItemCaseSensitive(st, "variables") == NULL)
		err_at(c, "/strategy/variables", "missing; partition \"%s\" "
		    "places whole variables, so it needs their sizes (or "
		    "/model/layers)", partition_names[sc->strategy.partition]);
	parse_grid(c, st, sc);
}

/* strategy.algorithm of an all-reduce: a registry row, with a
 * did-you-mean. */
static void
parse_algorithm(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	const cJSON *alg = cJSON_GetObjectItemCaseSensitive(st, "algorithm");
	const char *names[STRATEGY_COUNT + 1], *near;
	int f, i;

	for (i = 0, f = 0; f < STRATEGY_COUNT; f++) {
		if (registry[f].family == FAMILY_ALLREDUCE)
			names[i++] = registry[f].name;
	}
	names[i] = NULL;
	if (alg == NULL) {
		err_at(c, "/strategy/algorithm", "missing; expected one of %s",
		    registry_names(FAMILY_ALLREDUCE));
	} else if (!cJSON_IsString(alg)) {
		err_at(c, "/strategy/algorithm", "expected one of %s, got %s",
		    registry_names(FAMILY_ALLREDUCE), json_type(alg));
	} else if ((sc->strategy.info = registry_find(FAMILY_ALLREDUCE,
	    alg->valuestring)) != NULL) {
		return;
	} else if ((near = names_closest(alg->valuestring, names)) != NULL) {
		err_at(c, "/strategy/algorithm", "unknown algorithm \"%s\"; "
		    "did you mean \"%s\"? (valid: %s)", alg->valuestring, near,
		    registry_names(FAMILY_ALLREDUCE));
	} else {
		err_at(c, "/strategy/algorithm", "unknown algorithm \"%s\"; "
		    "expected one of %s", alg->valuestring,
		    registry_names(FAMILY_ALLREDUCE));
	}
}

/* strategy "allreduce": its algorithm and the keys that algorithm
 * takes (the registry's flags), none of the PS keys. */
static void
parse_allreduce(struct ctx *c, const cJSON *st, struct scenario *sc)
{
	const struct strategy_info *info;

	refuse_keys(c, st, NULL, FAMILY_ALLREDUCE, NULL);
	parse_algorithm(c, st, sc);
	info = sc->strategy.info;
	parse_grid(c, st, sc);
	if (info != NULL && (info->flags & R_CHUNKS))
		get_int(c, st, "/strategy", "chunks", 0, 1, 4096,
		    &sc->strategy.chunks);
	else if (cJSON_GetObjectItemCaseSensitive(st, "chunks") != NULL &&
	    info != NULL)
		err_at(c, "/strategy/chunks", "only used with %s",
		    registry_names_with(R_CHUNKS));
	parse_bucket(c, st, sc);
	/* strategy.cycle: Horovod's background loop wakes every cycle and
	 * reduces the buckets ready on every worker then */
	if (get_units(c, st, "/strategy", "cycle", 0, &range_latency,
	    &sc->strategy.cycle_s) && sc->strategy.cycle_s > 0 &&
	    sc->strategy.bucket_bytes == 0)
		err_at(c, "/strategy/cycle", "a framework's coordination loop "
		    "hands it the buckets backprop fills: it needs "
		    "/strategy/bucket");
}

/* strategy: the family ("name") and the wire's dtype, then the family's
 * own keys. */
static void
parse_strategy(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	const cJSON *st = get_object(c, root, "", "strategy", 1);
	char list[512];
	int f;

	if (st == NULL)
		return;
	check_keys(c, st, "/strategy", registry_key_names());
	if ((f = get_enum(c, st, "/strategy", "wire_dtype", dtype_names,
	    -1)) >= 0) {
		sc->strategy.wire_dtype = (enum dtype)f;
		g->wire_dtype = 1;
	}
	if (cJSON_GetObjectItemCaseSensitive(st, "name") == NULL) {
		names_join(family_names, list, sizeof list);
		err_at(c, "/strategy/name", "missing; expected one of %s",
		    list);
		return;
	}
	if ((f = get_enum(c, st, "/strategy", "name", family_names, -1)) < 0)
		return;
	if (f == 0)
		parse_ps(c, st, sc, g);
	else if (f == 1)
		parse_allreduce(c, st, sc);
	else
		parse_bytesps(c, st, sc, g);
}

/* A fault process at path with keys: exactly one of mttp, weibull or
 * trace (with offset and time_scale), and its delay key, if any: the
 * duration to a replacement or a repair. */
static void
parse_process(struct ctx *c, const cJSON *p, const char *path,
    const char *const *keys, struct fault_spec *fs, const char *delay)
{
	const cJSON *w;
	char q[96], r[128];
	int kinds;

	check_keys(c, p, path, keys);
	fs->on = 1;
	kinds = (cJSON_GetObjectItemCaseSensitive(p, "mttp") != NULL) +
	    (cJSON_GetObjectItemCaseSensitive(p, "weibull") != NULL) +
	    (cJSON_GetObjectItemCaseSensitive(p, "trace") != NULL);
	if (kinds != 1)
		err_at(c, path, "expected one of \"mttp\" (exponential), "
		    "\"weibull\" or \"trace\", got %d of them", kinds);
	if (get_units(c, p, path, "mttp", 0, &range_lifetime, &fs->mttp_s))
		fs->source = FAULTS_EXPONENTIAL;
	snprintf(q, sizeof q, "%s/weibull", path);
	if ((w = get_object(c, p, path, "weibull", 0)) != NULL) {
		fs->source = FAULTS_WEIBULL;
		check_keys(c, w, q, weibull_keys);
		get_number(c, w, q, "shape", 0.01, 100, &fs->shape);
		if (cJSON_GetObjectItemCaseSensitive(w, "shape") == NULL) {
			snprintf(r, sizeof r, "%s/shape", q);
			err_at(c, r, "missing; expected a number such as 0.8");
		}
		get_units(c, w, q, "scale", 1, &range_lifetime, &fs->scale_s);
	}
	if ((fs->trace = get_string(c, p, path, "trace", 0)) != NULL)
		fs->source = FAULTS_TRACE;
	snprintf(q, sizeof q, "%s/offset", path);
	if (get_units(c, p, path, "offset", 0, &range_offset,
	    &fs->trace_offset_s) && fs->trace == NULL)
		err_at(c, q, "only used with \"trace\"");
	snprintf(q, sizeof q, "%s/time_scale", path);
	if (get_number(c, p, path, "time_scale", 1e-9, 1e9, &fs->trace_scale) &&
	    fs->trace == NULL)
		err_at(c, q, "only used with \"trace\"");
	if (delay != NULL)
		get_units(c, p, path, delay, 0, &range_delay, &fs->replace_s);
}

/* faults: worker preemptions and server failures from a distribution or
 * a trace, their notice and replacement, the relaunch cost, and
 * checkpoints. */
static void
parse_faults(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	/* the workers' preemptions, the servers' and the links' failures,
	 * each with the key of its own delay (the workers' replacement is
	 * faults.replacement) */
	static const char *const procs[] = { "preemption", "servers", "links" };
	static const char *const delays[] = { NULL, "replacement", "repair" };
	static const char *const *const keys[] = { preemption_keys,
	    server_faults_keys, link_faults_keys };
	struct fault_spec *specs[3];
	const cJSON *f = get_object(c, root, "", "faults", 0), *p, *ck, *e;
	char path[32];
	int i;

	if (f == NULL)
		return;
	sc->faults.on = 1;
	check_keys(c, f, "/faults", scenario_object_keys("faults"));
	specs[0] = &sc->faults.workers;
	specs[1] = &sc->faults.servers;
	specs[2] = &sc->faults.links;
	for (i = 0; i < 3; i++) {
		/* preemption is required unless servers or links is given */
		if ((p = get_object(c, f, "/faults", procs[i], i == 0 &&
		    cJSON_GetObjectItemCaseSensitive(f, "servers") == NULL &&
		    cJSON_GetObjectItemCaseSensitive(f, "links") == NULL)) ==
		    NULL)
			continue;
		snprintf(path, sizeof path, "/faults/%s", procs[i]);
		parse_process(c, p, path, keys[i], specs[i], delays[i]);
	}
	parse_scalars(c, f, "faults", sc, NULL);
	if ((ck = get_object(c, f, "/faults", "checkpoint", 0)) != NULL) {
		g->checkpoint = 1;
		check_keys(c, ck, "/faults/checkpoint",
		    scenario_object_keys("faults.checkpoint"));
		get_int(c, ck, "/faults/checkpoint", "every", 1, 1, 100000000,
		    &sc->faults.checkpoint_every);
		sc->faults.storage = get_string(c, ck, "/faults/checkpoint",
		    "storage", 0);
		parse_scalars(c, ck, "faults.checkpoint", sc, NULL);
	}
	if ((e = get_object(c, f, "/faults", "elastic", 0)) != NULL) {
		sc->faults.elastic = 1;
		check_keys(c, e, "/faults/elastic",
		    scenario_object_keys("faults.elastic"));
		parse_scalars(c, e, "faults.elastic", sc, NULL);
	}
}

/* numerics: the small model psim trains for real. */
static void
parse_numerics(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	const cJSON *nm = get_object(c, root, "", "numerics", 0), *h, *it;
	struct nn *m = &sc->numerics.model;
	int f, features = m->features, i = 0;
	int hidden[2] = { m->hidden[0], m->hidden[1] };
	char p[64], *fs;

	if (nm == NULL)
		return;
	g->numerics = 1;
	g->numerics_mode = cJSON_GetObjectItemCaseSensitive(nm, "mode") != NULL;
	check_keys(c, nm, "/numerics", scenario_object_keys("numerics"));
	if ((f = get_enum(c, nm, "/numerics", "mode", numerics_names,
	    sc->numerics.mode)) >= 0)
		sc->numerics.mode = (enum numerics_mode)f;
	f = get_enum(c, nm, "/numerics", "model", nn_names, m->kind);
	get_int(c, nm, "/numerics", "features", 0, 1, 1 << 20, &features);
	if ((h = cJSON_GetObjectItemCaseSensitive(nm, "hidden")) != NULL &&
	    f != NN_MLP)
		err_at(c, "/numerics/hidden", "only used with model \"mlp\"");
	else if (h != NULL && (!cJSON_IsArray(h) || cJSON_GetArraySize(h) < 1 ||
	    cJSON_GetArraySize(h) > 2)) {
		fs = json_found(h);
		err_at(c, "/numerics/hidden", "expected one or two layer "
		    "widths such as [64] or [64, 32], got %s", fs);
		free(fs);
	} else if (h != NULL) {
		hidden[1] = 0;
		cJSON_ArrayForEach(it, h) {
			snprintf(p, sizeof p, "/numerics/hidden/%d", i);
			if (!cJSON_IsNumber(it) || it->valuedouble < 1 ||
			    it->valuedouble > 65536 ||
			    it->valuedouble != floor(it->valuedouble)) {
				fs = json_found(it);
				err_at(c, p, "expected a layer width from 1 to "
				    "65536, got %s", fs);
				free(fs);
			} else
				hidden[i] = (int)it->valuedouble;
			i++;
		}
	}
	parse_scalars(c, nm, "numerics", sc, NULL);
	/* the model's shape when its kind is known (its size is derived) */
	if (f >= 0) {
		m->kind = (enum nn_kind)f;
		m->features = features;
		m->hidden[0] = hidden[0];
		m->hidden[1] = hidden[1];
	}
}

static void
parse_run(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	const cJSON *r = get_object(c, root, "", "run", 0);
	int duration;

	if (r == NULL)
		return;
	check_keys(c, r, "/run", scenario_object_keys("run"));
	/* given, valid or not: a bad one is its own error, not also the
	 * steps' */
	duration = cJSON_GetObjectItemCaseSensitive(r, "duration") != NULL;
	get_units(c, r, "/run", "duration", 0, &range_run,
	    &sc->run.duration_s);
	/* (min_fault_events before the steps: it makes a run open-ended) */
	parse_scalars(c, r, "run", sc, NULL);
	/* with a duration, "steps": null is no steps (--set run.steps=null
	 * on a file that gives them) */
	if (!(scenario_open_ended(sc) || duration) || !cJSON_IsNull(
	    cJSON_GetObjectItemCaseSensitive(r, "steps")))
		g->steps = get_int(c, r, "/run", "steps", 0, 1, RUN_STEPS_MAX,
		    &sc->run.steps);
	g->warmup = get_int(c, r, "/run", "warmup", 0, 0, 1000000,
	    &sc->run.warmup);
	/* (left out, the warm-up is shorter than the run: 1, or 0 in a
	 * one-step run; a run by duration alone has as many steps as fit) */
	if (g->warmup && (g->steps || !scenario_open_ended(sc)) &&
	    sc->run.warmup >= sc->run.steps)
		err_at(c, "/run/warmup", "expected fewer warm-up steps than "
		    "the %d steps, got %d (set run.warmup below run.steps, "
		    "e.g. --set run.warmup=0, or leave it out: 1, or 0 in a "
		    "one-step run)", sc->run.steps, sc->run.warmup);
}

/* A transport of hardware.def at /network/key, or NULL (an error if the
 * value is not one; "none" for network.transport is none). */
static const struct hw_transport *
get_transport(struct ctx *c, const cJSON *n, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(n, key);
	const struct hw_transport *t;
	int cap = strcmp(key, "flow_cap") == 0;
	char p[64];

	if (cJSON_IsString(v) && (t = hw_transport_find(v->valuestring)))
		return t;
	if (!cap && cJSON_IsString(v) && strcmp(v->valuestring, "none") == 0)
		return NULL;
	snprintf(p, sizeof p, "/network/%s", key);
	err_not_named(c, p, cap ? "5Gbps" : NULL, cap ? "transport of one "
	    "rate" : "transport", cap ? hw_transport_cap_names() :
	    hw_transport_none_names(), v);
	return NULL;
}

/* A transport's curves into the scenario (a row that does not parse is
 * psim's bug: hardware.def is tested whole, unit-models). */
static void
take_transport(struct scenario *sc, const struct hw_transport *t)
{
	char *error;

	sc->transport = t;
	if (hw_curve_parse(t->rate, &sc->transport_rate, &error) != 0 ||
	    hw_curve_parse(t->factor, &sc->transport_factor, &error) != 0)
		fatal("hardware.def: transport %s: %s", t->name, error);
}

/* network.transport (a transport's name, or "none") and network.flow_cap
 * (a bandwidth, or the name of a transport of one rate for any size). */
static void
parse_transport(struct ctx *c, const cJSON *n, struct scenario *sc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(n, "flow_cap");
	const struct hw_transport *t;
	struct hw_curve rate;
	char *cause;
	double d;

	if (cJSON_GetObjectItemCaseSensitive(n, "transport") != NULL &&
	    (t = get_transport(c, n, "transport")) != NULL)
		take_transport(sc, t);
	if (v == NULL)
		return;
	if (cJSON_IsString(v) && units_parse(v->valuestring, UNIT_BANDWIDTH,
	    &d, &cause) != 0) {
		free(cause);
		if ((t = get_transport(c, n, "flow_cap")) == NULL)
			return;
		if (hw_curve_parse(t->rate, &rate, &cause) != 0 ||
		    rate.n != 1) {
			free(cause);
			err_at(c, "/network/flow_cap", "expected a bandwidth "
			    "or a transport of one rate, got \"%s\", whose "
			    "rate %s (name it in network.transport instead)",
			    t->name, rate.n == 0 ? "is a share of its link's "
			    "bandwidth" : "depends on the message size");
			return;
		}
		sc->flow_cap_Bps = rate.value[0];
		return;
	}
	get_units(c, n, "/network", "flow_cap", 0, &range_bandwidth,
	    &sc->flow_cap_Bps);
}

/* published: {"efficiency": FRACTION, "source": TEXT}, what was measured
 * on the real machines the scenario describes, for psim explain. */
static void
parse_published(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	const cJSON *p = get_object(c, root, "", "published", 0);

	if (p == NULL)
		return;
	check_keys(c, p, "/published", published_keys);
	get_units(c, p, "/published", "efficiency", 1, &range_fraction,
	    &sc->published_efficiency);
	sc->published_source = get_string(c, p, "/published", "source", 0);
}

/* network: a model's name, or {"model": NAME, "crosstraffic": BOOL}.
 * Cross-traffic (each flow's 5% reverse load, SimGrid's TCP ACKs) is on
 * with the realistic model unless turned off, and off with the others;
 * the ideal model is the closed form's assumptions, so never. */
static void
parse_network(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(root, "network");
	int d;

	if (n != NULL && cJSON_IsObject(n)) {
		check_keys(c, n, "/network", network_keys);
		parse_transport(c, n, sc);
		if ((d = get_enum(c, n, "/network", "model", network_names,
		    sc->network)) >= 0)
			sc->network = (enum network_model)d;
		sc->crosstraffic = get_bool(c, n, "/network", "crosstraffic",
		    sc->network == NET_REALISTIC);
	} else {
		if ((d = get_enum(c, root, "", "network", network_names,
		    sc->network)) >= 0)
			sc->network = (enum network_model)d;
		sc->crosstraffic = sc->network == NET_REALISTIC;
	}
	if (sc->crosstraffic && sc->network == NET_IDEAL)
		err_at(c, "/network/crosstraffic", "the ideal network has no "
		    "cross-traffic (it is the closed form's assumptions); "
		    "expected false, or model \"cm02\" or \"realistic\"");
	if (sc->flow_cap_Bps > 0 && sc->cluster.topology == TOPO_PLATFORM)
		err_at(c, "/network/flow_cap", "modelled on a generated "
		    "cluster, not a platform file");
	if (sc->transport != NULL && sc->cluster.topology == TOPO_PLATFORM)
		err_at(c, "/network/transport", "modelled on a generated "
		    "cluster, not a platform file (expected \"none\")");
}

/* A name or description is one line: it heads reports and names files
 * and rows (a line break would reach the text report raw). */
void
one_line(struct ctx *c, const char *path, const char *s)
{
	if (s != NULL && strpbrk(s, "\n\r") != NULL)
		err_at(c, path, "expected one line, got a line break in it");
}

/* The top level: its keys, name, description and seed, each block in
 * turn, and the network. */
void
scenario_parse(struct ctx *c, const cJSON *root, struct scenario *sc,
    struct given *g)
{
	long seed;

	check_keys(c, root, "", scenario_top_keys(0));
	sc->name = get_string(c, root, "", "name", 0);	/* NULL: derived */
	one_line(c, "/name", sc->name);
	sc->description = get_string(c, root, "", "description", 0);
	one_line(c, "/description", sc->description);
	if (get_long(c, root, "", "seed", 0, 0, 4294967295L, &seed))
		sc->seed = (unsigned long)seed;
	parse_model(c, root, sc, g);
	parse_cluster(c, root, sc, g);
	parse_placement(c, root, sc, g);
	parse_strategy(c, root, sc, g);
	parse_run(c, root, sc, g);
	parse_numerics(c, root, sc, g);
	parse_faults(c, root, sc, g);
	parse_network(c, root, sc);
	parse_published(c, root, sc);
}
