/* scenario.c: a scenario file (JSON) to a validated struct scenario.
 *
 * This is the only file that includes cJSON.  Every problem in a file is
 * collected, each as one line naming the file, the JSON path, what was
 * expected and what was found, before the load fails; nothing unvalidated
 * goes on to SimGrid. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "errors.h"
#include "models.h"
#include "faults.h"
#include "scenario.h"
#include "units.h"
#include "xmalloc.h"

struct ctx {
	const char	*file;
	struct errors	 errors;	/* one line per problem */
};

static const char *const dtype_names[] = { "fp32", "fp16", "bf16", NULL };
static const char *const network_names[] = { "realistic", "ideal", "cm02",
    NULL };
static const char *const topology_names[] = { "star", "two-tier", NULL };
static const char *const partition_names[] = { "even", "round-robin",
    "balanced", "mxnet", NULL };
static const char *const family_names[] = { "ps", "allreduce", "bytesps",
    NULL };
static const char *const numerics_names[] = { "off", "real", "proxy", NULL };
static const char *const sync_names[] = { "sync", "async", "ssp", "backup",
    NULL };
static const char *const nn_names[] = { "linear", "logistic", "mlp", NULL };

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

static void
err(struct ctx *c, const char *path, const char *fmt, ...)
{
	va_list ap;
	char *where;

	if (path != NULL && *path != '\0')
		xasprintf(&where, "psim: %s: %s", c->file, path);
	else
		xasprintf(&where, "psim: %s", c->file);
	va_start(ap, fmt);
	errors_vadd(&c->errors, where, fmt, ap);
	va_end(ap);
	free(where);
}

/* Levenshtein distance, for did-you-mean. */
static int
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *row = xcalloc(lb + 1, sizeof *row), d, prev, tmp;

	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			tmp = row[j];
			d = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < d)
				d = row[j] + 1;
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			row[j] = d;
			prev = tmp;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

/* The closest name within a small distance, or NULL. */
static const char *
closest(const char *s, const char *const *names)
{
	const char *best = NULL;
	int bestd = INT_MAX, d;

	for (; *names != NULL; names++) {
		d = edit_distance(s, *names);
		if (d < bestd) {
			bestd = d;
			best = *names;
		}
	}
	return bestd <= 2 || (best != NULL && bestd <= (int)strlen(s) / 3) ?
	    best : NULL;
}

static void
join(const char *const *names, char *buf, size_t len)
{
	buf[0] = '\0';
	for (; *names != NULL; names++) {
		if (buf[0] != '\0')
			strncat(buf, ", ", len - strlen(buf) - 1);
		strncat(buf, *names, len - strlen(buf) - 1);
	}
}

static const char *
type_name(const cJSON *v)
{
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsString(v))
		return "a string";
	if (cJSON_IsBool(v))
		return "a boolean";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsArray(v))
		return "an array";
	if (cJSON_IsObject(v))
		return "an object";
	return "an invalid value";
}

/* "got ..." text for a found value: its JSON, shortened. */
static char *
found(const cJSON *v)
{
	char *s, *r;

	if (cJSON_IsObject(v) || cJSON_IsArray(v))
		return xstrdup(type_name(v));
	s = cJSON_PrintUnformatted(v);
	if (s == NULL)
		fatal("out of memory");
	if (strlen(s) > 40)
		strcpy(s + 37, "...");
	r = xstrdup(s);
	cJSON_free(s);
	return r;
}

static void
path_join(char *out, size_t len, const char *path, const char *key)
{
	snprintf(out, len, "%s/%s", path, key);
}

/* Report keys of obj not in allowed, with a did-you-mean. */
static void
check_keys(struct ctx *c, const cJSON *obj, const char *path,
    const char *const *allowed)
{
	const cJSON *item;
	const char *const *a, *near;
	char p[256], list[512];

	cJSON_ArrayForEach(item, obj) {
		for (a = allowed; *a != NULL; a++) {
			if (strcmp(*a, item->string) == 0)
				break;
		}
		if (*a != NULL)
			continue;
		path_join(p, sizeof p, path, item->string);
		if ((near = closest(item->string, allowed)) != NULL) {
			err(c, p, "unknown key \"%s\"; did you mean \"%s\"?",
			    item->string, near);
		} else {
			join(allowed, list, sizeof list);
			err(c, p, "unknown key \"%s\"; expected one of: %s",
			    item->string, list);
		}
	}
}

/* The object at obj[key]; NULL (and an error when present but of another
 * type, or missing and required). */
static const cJSON *
get_object(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256];

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err(c, p, "missing; expected an object");
		return NULL;
	}
	if (!cJSON_IsObject(v)) {
		err(c, p, "expected an object, got %s", type_name(v));
		return NULL;
	}
	return v;
}

/* An integer in [min, max]; returns 1 when present and valid. */
static int
get_int(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required, long min, long max, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;
	double d;

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err(c, p, "missing; expected an integer >= %ld", min);
		return 0;
	}
	d = cJSON_IsNumber(v) ? v->valuedouble : NAN;
	if (!cJSON_IsNumber(v) || d != floor(d) || d < (double)min ||
	    d > (double)max) {
		f = found(v);
		if (max < INT_MAX)
			err(c, p, "expected an integer from %ld to %ld, got %s",
			    min, max, f);
		else
			err(c, p, "expected an integer >= %ld, got %s", min, f);
		free(f);
		return 0;
	}
	*out = (int)d;
	return 1;
}

/* A plain number in [min, max]; returns 1 when present and valid. */
static int
get_number(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    double min, double max, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;

	if (v == NULL)
		return 0;
	path_join(p, sizeof p, path, key);
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= min) ||
	    !(v->valuedouble <= max)) {
		f = found(v);
		err(c, p, "expected a number from %g to %g, got %s", min, max,
		    f);
		free(f);
		return 0;
	}
	*out = v->valuedouble;
	return 1;
}

/* A value with units: a JSON string with a unit, or a bare number in the
 * base unit (not for bandwidths, where bits and bytes are easy to mix
 * up).  It must be > 0 (or >= 0 when zero_ok).  Returns 1 when valid. */
static int
get_units(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required, enum unit_kind kind, int zero_ok, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *cause, *f;
	double d;

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err(c, p, "missing; expected %s", units_example(kind));
		return 0;
	}
	if (cJSON_IsNumber(v) && kind != UNIT_BANDWIDTH)
		d = v->valuedouble;
	else if (cJSON_IsString(v)) {
		if (units_parse(v->valuestring, kind, &d, &cause) != 0) {
			err(c, p, "%s", cause);
			free(cause);
			return 0;
		}
	} else {
		f = found(v);
		err(c, p, "expected %s, got %s", units_example(kind), f);
		free(f);
		return 0;
	}
	if (d < 0 || (d == 0 && !zero_ok)) {
		f = found(v);
		err(c, p, "expected a value %s 0 (%s), got %s",
		    zero_ok ? ">=" : ">", units_example(kind), f);
		free(f);
		return 0;
	}
	*out = d;
	return 1;
}

/* One of names; returns the index or -1 (with an error when present). */
static int
get_enum(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    const char *const *names, int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	const char *near;
	char p[256], list[512], *f;
	int i;

	path_join(p, sizeof p, path, key);
	if (v == NULL)
		return def;
	join(names, list, sizeof list);
	if (!cJSON_IsString(v)) {
		f = found(v);
		err(c, p, "expected one of %s, got %s", list, f);
		free(f);
		return -1;
	}
	for (i = 0; names[i] != NULL; i++) {
		if (strcmp(names[i], v->valuestring) == 0)
			return i;
	}
	if ((near = closest(v->valuestring, names)) != NULL)
		err(c, p, "unknown value \"%s\"; did you mean \"%s\"? "
		    "(valid: %s)", v->valuestring, near, list);
	else
		err(c, p, "unknown value \"%s\"; expected one of %s",
		    v->valuestring, list);
	return -1;
}

static char *
get_string(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err(c, p, "missing; expected a string");
		return NULL;
	}
	if (!cJSON_IsString(v) || v->valuestring[0] == '\0') {
		f = found(v);
		err(c, p, "expected a non-empty string, got %s", f);
		free(f);
		return NULL;
	}
	return xstrdup(v->valuestring);
}

static int
get_bool(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;

	if (v == NULL)
		return def;
	if (!cJSON_IsBool(v)) {
		path_join(p, sizeof p, path, key);
		f = found(v);
		err(c, p, "expected true or false, got %s", f);
		free(f);
		return def;
	}
	return cJSON_IsTrue(v);
}

/* An array of distinct host names; NULL when absent or bad. */
static char **
get_names(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int *count)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key), *item;
	char p[256], q[300], **names, *f;
	int i = 0, j, bad = 0;

	*count = 0;
	if (v == NULL)
		return NULL;
	path_join(p, sizeof p, path, key);
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
		err(c, p, "expected a non-empty array of host names, got %s",
		    type_name(v));
		return NULL;
	}
	names = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof *names);
	cJSON_ArrayForEach(item, v) {
		snprintf(q, sizeof q, "%s/%d", p, i);
		if (!cJSON_IsString(item) || item->valuestring[0] == '\0') {
			f = found(item);
			err(c, q, "expected a host name, got %s", f);
			free(f);
			bad = 1;
		} else {
			for (j = 0; j < i; j++) {
				if (names[j] != NULL &&
				    strcmp(names[j], item->valuestring) == 0) {
					err(c, q, "host \"%s\" listed twice",
					    item->valuestring);
					bad = 1;
				}
			}
			names[i] = xstrdup(item->valuestring);
		}
		i++;
	}
	*count = i;
	if (bad) {
		for (j = 0; j < i; j++)
			free(names[j]);
		free(names);
		return NULL;
	}
	return names;
}

/* model.layers or model.preset, and model.backward_share. */
static void
parse_layers(struct ctx *c, const cJSON *m, struct scenario *sc)
{
	static const char *const lkeys[] = { "name", "params", "backward",
	    NULL };
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, "layers"), *it;
	const cJSON *pre = cJSON_GetObjectItemCaseSensitive(m, "preset");
	struct model_layer *ml;
	const char *near;
	char p[64], name[32];
	int i = 0, n;

	if (cJSON_GetObjectItemCaseSensitive(m, "backward_share") != NULL &&
	    get_units(c, m, "/model", "backward_share", 0, UNIT_COUNT, 0,
	    &sc->model.backward_share) && sc->model.backward_share > 1)
		err(c, "/model/backward_share", "expected a fraction from 0 to "
		    "1, got %g", sc->model.backward_share);
	if (pre != NULL && v != NULL)
		err(c, "/model/preset", "give either a preset or layers, not "
		    "both");
	if (pre != NULL) {
		if (!cJSON_IsString(pre) ||
		    (ml = models_preset(pre->valuestring, &n)) == NULL) {
			near = cJSON_IsString(pre) ?
			    closest(pre->valuestring, models_list) : NULL;
			if (near != NULL)
				err(c, "/model/preset", "unknown preset \"%s\"; "
				    "did you mean \"%s\"? (valid: %s)",
				    pre->valuestring, near, models_names());
			else
				err(c, "/model/preset", "expected one of %s",
				    models_names());
			return;
		}
		sc->model.preset = xstrdup(pre->valuestring);
		sc->model.layers = xcalloc((size_t)n, sizeof *sc->model.layers);
		for (i = 0; i < n; i++) {
			sc->model.layers[i].name = ml[i].name;
			sc->model.layers[i].params = ml[i].params;
		}
		sc->model.nlayers = n;
		free(ml);
		return;
	}
	if (v == NULL)
		return;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
		err(c, "/model/layers", "expected a non-empty array of layers "
		    "such as {\"name\": \"fc\", \"params\": \"4M\"}, got %s",
		    type_name(v));
		return;
	}
	sc->model.layers = xcalloc((size_t)cJSON_GetArraySize(v),
	    sizeof *sc->model.layers);
	cJSON_ArrayForEach(it, v) {
		struct layer *l = &sc->model.layers[i];

		snprintf(p, sizeof p, "/model/layers/%d", i);
		if (!cJSON_IsObject(it)) {
			err(c, p, "expected a layer object, got %s",
			    type_name(it));
			i++;
			continue;
		}
		check_keys(c, it, p, lkeys);
		snprintf(name, sizeof name, "layer-%d", i);
		l->name = cJSON_GetObjectItemCaseSensitive(it, "name") != NULL ?
		    get_string(c, it, p, "name", 0) : xstrdup(name);
		if (get_units(c, it, p, "params", 1, UNIT_COUNT, 0,
		    &l->params) && l->params != floor(l->params)) {
			err(c, p, "expected a whole number of parameters, got "
			    "%g", l->params);
		}
		get_units(c, it, p, "backward", 0, UNIT_TIME, 0,
		    &l->backward_s);
		i++;
	}
	sc->model.nlayers = i;
}

static void
parse_model(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	static const char *const keys[] = { "params", "dtype", "compute",
	    "batch", "layers", "preset", "backward_share", NULL };
	const cJSON *m = get_object(c, root, "", "model", 1), *v;
	char *cause;
	int d;

	sc->model.batch = 32;
	sc->model.backward_share = 2.0 / 3;
	if (m == NULL)
		return;
	check_keys(c, m, "/model", keys);
	parse_layers(c, m, sc);
	/* params may come from strategy.variables; checked later. */
	get_units(c, m, "/model", "params", 0, UNIT_COUNT, 0, &sc->model.params);
	if ((d = get_enum(c, m, "/model", "dtype", dtype_names, DTYPE_FP32)) >= 0)
		sc->model.dtype = (enum dtype)d;
	get_units(c, m, "/model", "batch", 0, UNIT_COUNT, 0, &sc->model.batch);

	v = cJSON_GetObjectItemCaseSensitive(m, "compute");
	if (v == NULL)
		err(c, "/model/compute", "missing; expected a duration such as "
		    "\"1s\" or a flop count such as \"2.5T\"");
	else if (cJSON_IsString(v) &&
	    units_parse(v->valuestring, UNIT_TIME, &sc->model.compute_s,
	    &cause) == 0) {
		if (sc->model.compute_s <= 0)
			err(c, "/model/compute", "expected a duration > 0, "
			    "got \"%s\"", v->valuestring);
	} else if (cJSON_IsString(v)) {
		free(cause);
		sc->model.compute_s = 0;
		if (units_parse(v->valuestring, UNIT_FLOPS,
		    &sc->model.compute_flops, &cause) != 0) {
			free(cause);
			err(c, "/model/compute", "expected a duration such as "
			    "\"1s\" or a flop count such as \"2.5T\", got "
			    "\"%s\"", v->valuestring);
		} else if (sc->model.compute_flops <= 0)
			err(c, "/model/compute", "expected a value > 0, got "
			    "\"%s\"", v->valuestring);
	} else {
		err(c, "/model/compute", "expected a duration such as \"1s\" "
		    "or a flop count such as \"2.5T\", got %s", type_name(v));
	}
}

/* cluster.compute_jitter: "none", {"lognormal": SIGMA} or
 * {"exponential": MEAN}; cluster.slow_hosts: [{"host": H, "factor": F}]. */
static void
parse_stragglers(struct ctx *c, const cJSON *cl, struct scenario *sc)
{
	static const char *const jkeys[] = { "lognormal", "exponential", NULL };
	static const char *const skeys[] = { "host", "factor", NULL };
	const cJSON *j = cJSON_GetObjectItemCaseSensitive(cl, "compute_jitter");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(cl, "slow_hosts");
	const cJSON *it;
	char p[64];
	int i = 0;

	if (j != NULL && cJSON_IsString(j) &&
	    strcmp(j->valuestring, "none") == 0)
		sc->cluster.jitter = JITTER_NONE;
	else if (j != NULL && cJSON_IsObject(j) &&
	    cJSON_GetArraySize(j) == 1) {
		check_keys(c, j, "/cluster/compute_jitter", jkeys);
		if (get_units(c, j, "/cluster/compute_jitter", "lognormal", 0,
		    UNIT_COUNT, 0, &sc->cluster.jitter_sigma))
			sc->cluster.jitter = JITTER_LOGNORMAL;
		if (get_units(c, j, "/cluster/compute_jitter", "exponential", 0,
		    UNIT_TIME, 0, &sc->cluster.jitter_mean_s))
			sc->cluster.jitter = JITTER_EXPONENTIAL;
	} else if (j != NULL)
		err(c, "/cluster/compute_jitter", "expected \"none\", "
		    "{\"lognormal\": SIGMA} or {\"exponential\": MEAN}, got %s",
		    type_name(j));
	if (s == NULL)
		return;
	if (!cJSON_IsArray(s)) {
		err(c, "/cluster/slow_hosts", "expected an array of "
		    "{\"host\": NAME, \"factor\": F}, got %s", type_name(s));
		return;
	}
	sc->cluster.slow = xcalloc((size_t)cJSON_GetArraySize(s) + 1,
	    sizeof *sc->cluster.slow);
	cJSON_ArrayForEach(it, s) {
		struct slow_host *h = &sc->cluster.slow[i];

		snprintf(p, sizeof p, "/cluster/slow_hosts/%d", i);
		i++;
		if (!cJSON_IsObject(it)) {
			err(c, p, "expected {\"host\": NAME, \"factor\": F}, "
			    "got %s", type_name(it));
			continue;
		}
		check_keys(c, it, p, skeys);
		h->host = get_string(c, it, p, "host", 1);
		h->factor = 1;
		if (get_units(c, it, p, "factor", 1, UNIT_COUNT, 0,
		    &h->factor) && h->factor < 1)
			err(c, p, "expected a slow-down factor >= 1, got %g",
			    h->factor);
	}
	sc->cluster.nslow = i;
}

/* cluster.price_per_hour: what an hour of each role's host costs (spot
 * workers, on-demand servers and storage, say), in any currency. */
static void
parse_prices(struct ctx *c, const cJSON *cl, struct scenario *sc)
{
	static const char *const keys[] = { "workers", "servers", "storage",
	    NULL };
	const cJSON *p = get_object(c, cl, "/cluster", "price_per_hour", 0);

	if (p == NULL)
		return;
	sc->cluster.priced = 1;
	check_keys(c, p, "/cluster/price_per_hour", keys);
	get_number(c, p, "/cluster/price_per_hour", "workers", 0, 1e9,
	    &sc->cluster.price_worker);
	get_number(c, p, "/cluster/price_per_hour", "servers", 0, 1e9,
	    &sc->cluster.price_server);
	get_number(c, p, "/cluster/price_per_hour", "storage", 0, 1e9,
	    &sc->cluster.price_storage);
}

static void
parse_cluster(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	static const char *const keys[] = { "topology", "hosts", "nic",
	    "latency", "switch_bw", "speed", "racks", "oversubscription",
	    "platform", "gpus_per_host", "intra_bw", "intra_latency",
	    "compute_jitter", "slow_hosts", "price_per_hour", NULL };
	static const char *const generated_only[] = { "topology", "hosts",
	    "nic", "latency", "switch_bw", "speed", "racks",
	    "oversubscription", "gpus_per_host", "intra_bw",
	    "intra_latency", NULL };
	const cJSON *cl = get_object(c, root, "", "cluster", 1);
	const char *const *k;
	char p[64];
	int t;

	sc->cluster.latency_s = 5e-6;
	sc->cluster.speed_flops = 1e12;
	sc->cluster.racks = 1;
	sc->cluster.oversubscription = 1;
	sc->cluster.gpus_per_host = 1;
	sc->cluster.intra_Bps = 16e9;		/* PCIe 3.0 x16 */
	sc->cluster.intra_latency_s = 1e-6;
	if (cl == NULL)
		return;
	check_keys(c, cl, "/cluster", keys);
	parse_stragglers(c, cl, sc);
	parse_prices(c, cl, sc);
	if (cJSON_GetObjectItemCaseSensitive(cl, "platform") != NULL) {
		sc->cluster.topology = TOPO_PLATFORM;
		sc->cluster.platform = get_string(c, cl, "/cluster", "platform",
		    1);
		for (k = generated_only; *k != NULL; k++) {
			if (cJSON_GetObjectItemCaseSensitive(cl, *k) == NULL)
				continue;
			snprintf(p, sizeof p, "/cluster/%s", *k);
			err(c, p, "not used with \"platform\": the platform "
			    "file describes the hosts and links");
		}
		return;
	}
	if ((t = get_enum(c, cl, "/cluster", "topology", topology_names,
	    TOPO_STAR)) >= 0)
		sc->cluster.topology = (enum topology)t;
	get_int(c, cl, "/cluster", "hosts", 0, 1, 1 << 20, &sc->cluster.hosts);
	get_units(c, cl, "/cluster", "nic", 1, UNIT_BANDWIDTH, 0,
	    &sc->cluster.nic_Bps);
	get_units(c, cl, "/cluster", "latency", 0, UNIT_TIME, 1,
	    &sc->cluster.latency_s);
	get_units(c, cl, "/cluster", "switch_bw", 0, UNIT_BANDWIDTH, 0,
	    &sc->cluster.switch_Bps);
	get_units(c, cl, "/cluster", "speed", 0, UNIT_SPEED, 0,
	    &sc->cluster.speed_flops);
	get_int(c, cl, "/cluster", "gpus_per_host", 0, 1, 1024,
	    &sc->cluster.gpus_per_host);
	if (sc->cluster.gpus_per_host > 1) {
		get_units(c, cl, "/cluster", "intra_bw", 0, UNIT_BANDWIDTH, 0,
		    &sc->cluster.intra_Bps);
		get_units(c, cl, "/cluster", "intra_latency", 0, UNIT_TIME, 1,
		    &sc->cluster.intra_latency_s);
		if (sc->cluster.topology != TOPO_STAR)
			err(c, "/cluster/gpus_per_host", "multi-GPU hosts are "
			    "modelled on a star only, not on \"%s\"",
			    topology_names[sc->cluster.topology]);
		if (sc->cluster.switch_Bps > 0)
			err(c, "/cluster/switch_bw", "not modelled with "
			    "gpus_per_host > 1 (the machines' NICs meet in a "
			    "non-blocking switch)");
	} else {
		for (k = (const char *const[]){ "intra_bw", "intra_latency",
		    NULL }; *k != NULL; k++) {
			if (cJSON_GetObjectItemCaseSensitive(cl, *k) == NULL)
				continue;
			snprintf(p, sizeof p, "/cluster/%s", *k);
			err(c, p, "only used with gpus_per_host > 1");
		}
	}
	if (sc->cluster.topology == TOPO_TWO_TIER) {
		get_int(c, cl, "/cluster", "racks", 1, 1, 1 << 20,
		    &sc->cluster.racks);
		if (get_units(c, cl, "/cluster", "oversubscription", 0,
		    UNIT_COUNT, 0, &sc->cluster.oversubscription) &&
		    sc->cluster.oversubscription < 1)
			err(c, "/cluster/oversubscription", "expected a ratio "
			    ">= 1, got %g", sc->cluster.oversubscription);
	} else {
		for (k = (const char *const[]){ "racks", "oversubscription",
		    NULL }; *k != NULL; k++) {
			if (cJSON_GetObjectItemCaseSensitive(cl, *k) == NULL)
				continue;
			snprintf(p, sizeof p, "/cluster/%s", *k);
			err(c, p, "only used with topology \"two-tier\"");
		}
	}
}

static void
parse_placement(struct ctx *c, const cJSON *root, struct scenario *sc,
    int *servers_given, int *nwh, int *nsh)
{
	static const char *const keys[] = { "workers", "servers",
	    "worker_hosts", "server_hosts", NULL };
	const cJSON *pl = get_object(c, root, "", "placement", 1);

	*servers_given = 0;
	*nwh = *nsh = 0;
	if (pl == NULL)
		return;
	check_keys(c, pl, "/placement", keys);
	get_int(c, pl, "/placement", "workers", 1, 1, 1 << 20,
	    &sc->placement.workers);
	*servers_given = get_int(c, pl, "/placement", "servers", 0, 0, 1 << 20,
	    &sc->placement.servers);
	sc->placement.worker_hosts = get_names(c, pl, "/placement",
	    "worker_hosts", nwh);
	sc->placement.server_hosts = get_names(c, pl, "/placement",
	    "server_hosts", nsh);
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
		err(c, "/strategy/variables", "expected a non-empty array of "
		    "parameter counts, got %s", type_name(v));
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
				err(c, p, "%s", cause);
				free(cause);
				i++;
				continue;
			}
		}
		if (d < 1 || d != floor(d)) {
			f = found(it);
			err(c, p, "expected a parameter count >= 1, got %s", f);
			free(f);
		} else
			sc->strategy.variables[sc->strategy.nvariables++] = d;
		i++;
	}
}

/* strategy.grid: [rows, cols] for 2d-ring. */
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
		err(c, "/strategy/grid", "only used with algorithm \"2d-ring\"");
		return;
	}
	r = cJSON_GetArrayItem(g, 0);
	k = cJSON_GetArrayItem(g, 1);
	if (!cJSON_IsArray(g) || cJSON_GetArraySize(g) != 2 ||
	    !cJSON_IsNumber(r) || !cJSON_IsNumber(k) || r->valuedouble < 1 ||
	    k->valuedouble < 1 || r->valuedouble != floor(r->valuedouble) ||
	    k->valuedouble != floor(k->valuedouble) ||
	    r->valuedouble > 1 << 20 || k->valuedouble > 1 << 20) {
		f = found(g);
		err(c, "/strategy/grid", "expected [rows, columns], two "
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
	    SYNC_SYNC)) >= 0)
		sc->strategy.sync = (enum sync_mode)f;
	sc->strategy.algorithm = xstrdup(sync_names[sc->strategy.sync]);
	if (sc->strategy.sync == SYNC_SSP)
		get_int(c, st, "/strategy", "staleness", 1, 0, 1000000,
		    &sc->strategy.staleness);
	else if (cJSON_GetObjectItemCaseSensitive(st, "staleness") != NULL)
		err(c, "/strategy/staleness", "only used with sync \"ssp\"");
	if (sc->strategy.sync == SYNC_BACKUP)
		get_int(c, st, "/strategy", "backup_workers", 1, 1, 1000000,
		    &sc->strategy.backup);
	else if (cJSON_GetObjectItemCaseSensitive(st, "backup_workers") !=
	    NULL)
		err(c, "/strategy/backup_workers", "only used with sync "
		    "\"backup\"");
	if (sc->strategy.sync != SYNC_SYNC &&
	    cJSON_GetObjectItemCaseSensitive(st, "chunks") != NULL)
		err(c, "/strategy/chunks", "pipelined chunks are modelled for "
		    "sync \"sync\" only, got sync \"%s\"",
		    sync_names[sc->strategy.sync]);
}

static void
parse_strategy(struct ctx *c, const cJSON *root, struct scenario *sc,
    int *shards_given)
{
	static const char *const keys[] = { "name", "algorithm", "shards",
	    "colocate", "partition", "variables", "wire_dtype",
	    "bigarray_bound", "grid", "bucket", "chunks", "sync", "staleness",
	    "backup_workers", NULL };
	const cJSON *st = get_object(c, root, "", "strategy", 1), *alg;
	const char *const *k;
	char p[64], list[512];
	const char *near;
	const char *names[16];
	int f, i, part;

	*shards_given = 0;
	sc->strategy.shards = 1;
	sc->strategy.chunks = 1;
	sc->strategy.wire_dtype = sc->model.dtype;
	if (st == NULL)
		return;
	check_keys(c, st, "/strategy", keys);
	if ((f = get_enum(c, st, "/strategy", "wire_dtype", dtype_names,
	    sc->model.dtype)) >= 0)
		sc->strategy.wire_dtype = (enum dtype)f;
	if (cJSON_GetObjectItemCaseSensitive(st, "name") == NULL) {
		join(family_names, list, sizeof list);
		err(c, "/strategy/name", "missing; expected one of %s", list);
		return;
	}
	if ((f = get_enum(c, st, "/strategy", "name", family_names, -1)) < 0)
		return;
	if (f == 2) {
		sc->strategy.info = registry_find(FAMILY_PS, "bytesps");
		sc->strategy.algorithm = xstrdup("bytesps");
		sc->strategy.chunks = sc->strategy.info->chunks;
		get_int(c, st, "/strategy", "chunks", 0, 1, 4096,
		    &sc->strategy.chunks);
		for (k = (const char *const[]){ "algorithm", "shards",
		    "colocate", "partition", "variables", "bigarray_bound",
		    "grid", "bucket", "sync", "staleness", "backup_workers",
		    NULL }; *k != NULL; k++) {
			if (cJSON_GetObjectItemCaseSensitive(st, *k) == NULL)
				continue;
			snprintf(p, sizeof p, "/strategy/%s", *k);
			err(c, p, "not used with \"bytesps\" (a summation "
			    "service on every worker and on /placement/servers "
			    "CPU hosts)");
		}
		return;
	}
	if (f == 0) {
		sc->strategy.info = registry_find(FAMILY_PS, "ps");
		if (cJSON_GetObjectItemCaseSensitive(st, "algorithm") != NULL)
			err(c, "/strategy/algorithm", "not used with \"ps\" "
			    "(/strategy/sync says how it applies gradients)");
		parse_sync(c, st, sc);
		*shards_given = get_int(c, st, "/strategy", "shards", 0, 1,
		    1 << 20, &sc->strategy.shards);
		get_int(c, st, "/strategy", "chunks", 0, 1, 4096,
		    &sc->strategy.chunks);
		sc->strategy.colocate = get_bool(c, st, "/strategy",
		    "colocate", 0);
		if ((part = get_enum(c, st, "/strategy", "partition",
		    partition_names, PART_EVEN)) >= 0)
			sc->strategy.partition = (enum partition)part;
		parse_variables(c, st, sc);
		sc->strategy.bigarray_bound = 1e6;	/* MXNet's default */
		if (sc->strategy.partition == PART_MXNET)
			get_units(c, st, "/strategy", "bigarray_bound", 0,
			    UNIT_COUNT, 0, &sc->strategy.bigarray_bound);
		else if (cJSON_GetObjectItemCaseSensitive(st,
		    "bigarray_bound") != NULL)
			err(c, "/strategy/bigarray_bound", "only used with "
			    "partition \"mxnet\"");
		if (sc->strategy.partition != PART_EVEN &&
		    sc->strategy.variables == NULL && sc->model.nlayers == 0 &&
		    cJSON_GetObjectItemCaseSensitive(st, "variables") == NULL)
			err(c, "/strategy/variables", "missing; partition "
			    "\"%s\" places whole variables, so it needs their "
			    "sizes (or /model/layers)",
			    partition_names[sc->strategy.partition]);
		parse_grid(c, st, sc);
		if (cJSON_GetObjectItemCaseSensitive(st, "bucket") != NULL)
			err(c, "/strategy/bucket", "gradient buckets are "
			    "modelled for all-reduce, not yet for \"ps\"");
		return;
	}
	for (k = (const char *const[]){ "shards", "colocate", "partition",
	    "variables", "bigarray_bound", "sync", "staleness",
	    "backup_workers", NULL }; *k != NULL; k++) {
		if (cJSON_GetObjectItemCaseSensitive(st, *k) == NULL)
			continue;
		snprintf(p, sizeof p, "/strategy/%s", *k);
		err(c, p, "only used with strategy \"ps\"");
	}
	alg = cJSON_GetObjectItemCaseSensitive(st, "algorithm");
	for (i = 0, f = 0; f < STRATEGY_COUNT && i < 15; f++) {
		if (registry[f].family == FAMILY_ALLREDUCE)
			names[i++] = registry[f].name;
	}
	names[i] = NULL;
	if (alg == NULL) {
		err(c, "/strategy/algorithm", "missing; expected one of %s",
		    registry_names(FAMILY_ALLREDUCE));
	} else if (!cJSON_IsString(alg)) {
		err(c, "/strategy/algorithm", "expected one of %s, got %s",
		    registry_names(FAMILY_ALLREDUCE), type_name(alg));
	} else if ((sc->strategy.info = registry_find(FAMILY_ALLREDUCE,
	    alg->valuestring)) != NULL) {
		sc->strategy.algorithm = xstrdup(alg->valuestring);
	} else if ((near = closest(alg->valuestring, names)) != NULL) {
		err(c, "/strategy/algorithm", "unknown algorithm \"%s\"; did "
		    "you mean \"%s\"? (valid: %s)", alg->valuestring, near,
		    registry_names(FAMILY_ALLREDUCE));
	} else {
		err(c, "/strategy/algorithm", "unknown algorithm \"%s\"; "
		    "expected one of %s", alg->valuestring,
		    registry_names(FAMILY_ALLREDUCE));
	}
	parse_grid(c, st, sc);
	if (sc->strategy.info != NULL &&
	    (sc->strategy.info->flags & R_CHUNKS)) {
		sc->strategy.chunks = sc->strategy.info->chunks;
		get_int(c, st, "/strategy", "chunks", 0, 1, 4096,
		    &sc->strategy.chunks);
	} else if (cJSON_GetObjectItemCaseSensitive(st, "chunks") != NULL &&
	    sc->strategy.info != NULL)
		err(c, "/strategy/chunks", "only used with %s",
		    registry_names_with(R_CHUNKS));
	if (get_units(c, st, "/strategy", "bucket", 0, UNIT_BYTES, 0,
	    &sc->strategy.bucket_bytes) && sc->model.nlayers == 0)
		err(c, "/strategy/bucket", "buckets fill layer by layer during "
		    "backprop: they need /model/layers or /model/preset");
}

/* A fault process at path: exactly one of mttp, weibull or trace (with
 * offset and time_scale), and its delay key, if any: the duration to a
 * replacement or a repair. */
static void
parse_process(struct ctx *c, const cJSON *p, const char *path,
    struct fault_spec *fs, const char *delay)
{
	static const char *const wkeys[] = { "shape", "scale", NULL };
	const char *keys[] = { "mttp", "weibull", "trace", "offset",
	    "time_scale", delay, NULL };
	const cJSON *w;
	char q[96], r[128];
	int kinds;

	check_keys(c, p, path, keys);
	fs->on = 1;
	kinds = (cJSON_GetObjectItemCaseSensitive(p, "mttp") != NULL) +
	    (cJSON_GetObjectItemCaseSensitive(p, "weibull") != NULL) +
	    (cJSON_GetObjectItemCaseSensitive(p, "trace") != NULL);
	if (kinds != 1)
		err(c, path, "expected one of \"mttp\" (exponential), "
		    "\"weibull\" or \"trace\", got %d of them", kinds);
	if (get_units(c, p, path, "mttp", 0, UNIT_TIME, 0, &fs->mttp_s))
		fs->source = FAULTS_EXPONENTIAL;
	snprintf(q, sizeof q, "%s/weibull", path);
	if ((w = get_object(c, p, path, "weibull", 0)) != NULL) {
		fs->source = FAULTS_WEIBULL;
		check_keys(c, w, q, wkeys);
		get_number(c, w, q, "shape", 0.01, 100, &fs->shape);
		if (cJSON_GetObjectItemCaseSensitive(w, "shape") == NULL) {
			snprintf(r, sizeof r, "%s/shape", q);
			err(c, r, "missing; expected a number such as 0.8");
		}
		get_units(c, w, q, "scale", 1, UNIT_TIME, 0, &fs->scale_s);
	}
	if ((fs->trace = get_string(c, p, path, "trace", 0)) != NULL)
		fs->source = FAULTS_TRACE;
	snprintf(q, sizeof q, "%s/offset", path);
	if (get_units(c, p, path, "offset", 0, UNIT_TIME, 1,
	    &fs->trace_offset_s) && fs->trace == NULL)
		err(c, q, "only used with \"trace\"");
	snprintf(q, sizeof q, "%s/time_scale", path);
	if (get_number(c, p, path, "time_scale", 1e-9, 1e9, &fs->trace_scale) &&
	    fs->trace == NULL)
		err(c, q, "only used with \"trace\"");
	if (delay != NULL)
		get_units(c, p, path, delay, 0, UNIT_TIME, 1, &fs->replace_s);
}

/* faults: worker preemptions and server failures from a distribution or
 * a trace, their notice and replacement, the relaunch cost, and
 * checkpoints. */
static void
parse_faults(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	static const char *const keys[] = { "preemption", "servers", "links",
	    "notice", "replacement", "restart", "checkpoint", "spares",
	    "elastic", NULL };
	static const char *const ekeys[] = { "rendezvous", "min_workers",
	    NULL };
	static const char *const ckeys[] = { "every", "storage", "on_notice",
	    "size", NULL };
	/* the workers' preemptions, the servers' and the links' failures,
	 * each with the key of its own delay (the workers' replacement is
	 * faults.replacement) */
	static const char *const procs[] = { "preemption", "servers", "links" };
	static const char *const delays[] = { NULL, "replacement", "repair" };
	struct fault_spec *specs[3];
	const cJSON *f = get_object(c, root, "", "faults", 0), *p, *ck, *e;
	char path[32];
	int i;

	sc->faults.workers.trace_scale = sc->faults.servers.trace_scale =
	    sc->faults.links.trace_scale = 1;
	if (f == NULL)
		return;
	sc->faults.on = 1;
	check_keys(c, f, "/faults", keys);
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
		parse_process(c, p, path, specs[i], delays[i]);
	}
	get_units(c, f, "/faults", "notice", 0, UNIT_TIME, 1,
	    &sc->faults.notice_s);
	get_units(c, f, "/faults", "replacement", 0, UNIT_TIME, 1,
	    &sc->faults.workers.replace_s);
	get_units(c, f, "/faults", "restart", 0, UNIT_TIME, 1,
	    &sc->faults.restart_s);
	if ((ck = get_object(c, f, "/faults", "checkpoint", 0)) != NULL) {
		check_keys(c, ck, "/faults/checkpoint", ckeys);
		get_int(c, ck, "/faults/checkpoint", "every", 1, 1, 100000000,
		    &sc->faults.checkpoint_every);
		sc->faults.storage = get_string(c, ck, "/faults/checkpoint",
		    "storage", 0);
		sc->faults.on_notice = get_bool(c, ck, "/faults/checkpoint",
		    "on_notice", 0);
		get_units(c, ck, "/faults/checkpoint", "size", 0, UNIT_BYTES, 0,
		    &sc->faults.ckpt_bytes);
	}
	sc->faults.spares = -1;
	get_int(c, f, "/faults", "spares", 0, 0, 100000000,
	    &sc->faults.spares);
	if ((e = get_object(c, f, "/faults", "elastic", 0)) != NULL) {
		sc->faults.elastic = 1;
		sc->faults.min_workers = 1;
		check_keys(c, e, "/faults/elastic", ekeys);
		get_units(c, e, "/faults/elastic", "rendezvous", 0, UNIT_TIME,
		    1, &sc->faults.rendezvous_s);
		get_int(c, e, "/faults/elastic", "min_workers", 0, 1, 1 << 20,
		    &sc->faults.min_workers);
	}
}

/* numerics: the small model psim trains for real. */
static void
parse_numerics(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	static const char *const keys[] = { "mode", "model", "features",
	    "hidden", "samples", "test_samples", "noise", "lr", "momentum",
	    "loss_every", "max_memory", NULL };
	const cJSON *nm = get_object(c, root, "", "numerics", 0), *h, *it;
	int f, features = 32, hidden[2] = { 32, 0 }, i = 0, samples = 65536;
	int test = 4096;
	char p[64], *fs;

	sc->numerics.mode = NUM_OFF;
	sc->numerics.noise = 0.1;
	sc->numerics.lr = 0.05;
	sc->numerics.momentum = 0.9;
	sc->numerics.loss_every = 1;
	sc->numerics.max_memory = 4.0 * 1024 * 1024 * 1024;
	nn_init(&sc->numerics.model, NN_LINEAR, features, hidden);
	if (nm == NULL)
		return;
	check_keys(c, nm, "/numerics", keys);
	/* the block asks for numerics: proxy unless it says otherwise */
	if ((f = get_enum(c, nm, "/numerics", "mode", numerics_names,
	    NUM_PROXY)) >= 0)
		sc->numerics.mode = (enum numerics_mode)f;
	f = get_enum(c, nm, "/numerics", "model", nn_names, NN_LINEAR);
	get_int(c, nm, "/numerics", "features", 0, 1, 1 << 20, &features);
	if ((h = cJSON_GetObjectItemCaseSensitive(nm, "hidden")) != NULL &&
	    f != NN_MLP)
		err(c, "/numerics/hidden", "only used with model \"mlp\"");
	else if (h != NULL && (!cJSON_IsArray(h) || cJSON_GetArraySize(h) < 1 ||
	    cJSON_GetArraySize(h) > 2)) {
		fs = found(h);
		err(c, "/numerics/hidden", "expected one or two layer widths "
		    "such as [64] or [64, 32], got %s", fs);
		free(fs);
	} else if (h != NULL) {
		hidden[1] = 0;
		cJSON_ArrayForEach(it, h) {
			snprintf(p, sizeof p, "/numerics/hidden/%d", i);
			if (!cJSON_IsNumber(it) || it->valuedouble < 1 ||
			    it->valuedouble > 65536 ||
			    it->valuedouble != floor(it->valuedouble)) {
				fs = found(it);
				err(c, p, "expected a layer width from 1 to "
				    "65536, got %s", fs);
				free(fs);
			} else
				hidden[i] = (int)it->valuedouble;
			i++;
		}
	}
	get_int(c, nm, "/numerics", "samples", 0, 1, 1 << 26, &samples);
	get_int(c, nm, "/numerics", "test_samples", 0, 1, 1 << 24, &test);
	sc->numerics.samples = samples;
	sc->numerics.test_samples = test;
	get_number(c, nm, "/numerics", "noise", 0, 1e6, &sc->numerics.noise);
	if (get_number(c, nm, "/numerics", "lr", 0, 1e6, &sc->numerics.lr) &&
	    sc->numerics.lr == 0)
		err(c, "/numerics/lr", "expected a learning rate > 0, got 0");
	get_number(c, nm, "/numerics", "momentum", 0, 0.999999,
	    &sc->numerics.momentum);
	get_int(c, nm, "/numerics", "loss_every", 0, 1, 1000000,
	    &sc->numerics.loss_every);
	get_units(c, nm, "/numerics", "max_memory", 0, UNIT_BYTES, 0,
	    &sc->numerics.max_memory);
	if (f >= 0)
		nn_init(&sc->numerics.model, (enum nn_kind)f, features, hidden);
}

static void
parse_run(struct ctx *c, const cJSON *root, struct scenario *sc)
{
	static const char *const keys[] = { "steps", "warmup", "target_loss",
	    NULL };
	const cJSON *r = get_object(c, root, "", "run", 0);
	int have_warmup;

	sc->run.steps = 5;
	sc->run.warmup = 1;
	if (r == NULL)
		return;
	check_keys(c, r, "/run", keys);
	get_int(c, r, "/run", "steps", 0, 1, 1000000, &sc->run.steps);
	have_warmup = get_int(c, r, "/run", "warmup", 0, 0, 1000000,
	    &sc->run.warmup);
	if (!have_warmup && sc->run.steps == 1)
		sc->run.warmup = 0;
	if (get_number(c, r, "/run", "target_loss", 0, 1e300,
	    &sc->run.target_loss) && sc->run.target_loss == 0)
		err(c, "/run/target_loss", "expected a loss > 0, got 0");
	if (sc->run.warmup >= sc->run.steps)
		err(c, "/run/warmup", "expected fewer warm-up steps than the "
		    "%d steps, got %d", sc->run.steps, sc->run.warmup);
}

/* Checks that need several blocks at once. */
static void
cross_check(struct ctx *c, struct scenario *sc, int servers_given,
    int shards_given, int nwh, int nsh)
{
	const struct strategy_info *info = sc->strategy.info;
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
			err(c, given[which], "numerics mode \"real\" sends the "
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
			err(c, "/model/params", "the layers add up to %.0f "
			    "parameters but /model/params is %.0f", sum,
			    sc->model.params);
		if (back > 0 && sc->model.compute_s == 0)
			err(c, "/model/layers", "a layer's backward time needs "
			    "/model/compute as a duration");
		else if (back > sc->model.backward_share * sc->model.compute_s *
		    (1 + 1e-12) && back > 0)
			err(c, "/model/layers", "the layers' backward times add "
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
			err(c, "/strategy/variables", "the variables add up to "
			    "%.0f parameters but /model/params is %.0f", sum,
			    sc->model.params);
	} else if (sc->model.params == 0 && errors_count(&c->errors) == 0)
		err(c, "/model/params", "missing; expected a count such as "
		    "\"250M\"");
	else if (sc->model.params != floor(sc->model.params) ||
	    sc->model.params > 1e15)
		err(c, "/model/params", "expected a whole number of parameters "
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
				err(c, "/placement/servers", "colocated shards "
				    "live on workers, so expected 0 dedicated "
				    "servers, got %d", sc->placement.servers);
			sc->placement.servers = 0;
			if (sc->strategy.shards > sc->placement.workers)
				err(c, "/strategy/shards", "colocated shards go "
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
				err(c, "/placement/servers", "a parameter "
				    "server needs at least 1 server host, or "
				    "\"colocate\": true in /strategy, got 0");
			else if (sc->strategy.shards < sc->placement.servers)
				err(c, "/strategy/shards", "expected at least "
				    "one shard per server (%d), got %d",
				    sc->placement.servers, sc->strategy.shards);
		}
		if (sc->strategy.variables != NULL &&
		    (sc->strategy.partition == PART_ROUND_ROBIN ||
		    sc->strategy.partition == PART_BALANCED) &&
		    sc->strategy.nvariables < sc->strategy.shards)
			err(c, "/strategy/variables", "%d variables cannot "
			    "fill %d shards", sc->strategy.nvariables,
			    sc->strategy.shards);
	} else if (info != NULL) {
		if (servers_given && sc->placement.servers != 0)
			err(c, "/placement/servers", "all-reduce uses no "
			    "servers, expected 0, got %d",
			    sc->placement.servers);
		sc->placement.servers = 0;
		if (nsh != 0)
			err(c, "/placement/server_hosts", "all-reduce uses no "
			    "servers");
	}

	if (sc->faults.on) {
		if (sc->faults.ckpt_bytes == 0)
			sc->faults.ckpt_bytes = scenario_model_bytes(sc);
		/* what the fault model covers so far */
		if (info != NULL && !(info->flags & R_FAULTS))
			err(c, "/faults", "preemptions are modelled for \"ps\" "
			    "and \"allreduce\", not yet for \"%s\"", info->name);
		if (sc->strategy.chunks > 1 && info != NULL &&
		    info->family == FAMILY_PS && (info->flags & R_FAULTS))
			err(c, "/faults", "preemptions are not modelled with "
			    "pipelined chunks (/strategy/chunks)");
		if (sc->cluster.gpus_per_host > 1)
			err(c, "/faults", "preemptions are not modelled on "
			    "multi-GPU hosts");
		if (sc->faults.servers.on && (info == NULL ||
		    info->family != FAMILY_PS))
			err(c, "/faults/servers", "only used with strategy "
			    "\"ps\" (all-reduce has no servers)");
		else if (sc->faults.servers.on && sc->strategy.sync == SYNC_SSP)
			err(c, "/faults/servers", "server failures are not "
			    "modelled with sync \"ssp\" yet");
		else if (sc->faults.servers.on &&
		    sc->faults.checkpoint_every == 0)
			err(c, "/faults/checkpoint", "missing; a server "
			    "restores its shard from the last checkpoint, so "
			    "expected {\"every\": STEPS}");
		if (sc->faults.on_notice && (sc->faults.notice_s == 0 ||
		    info == NULL || info->family != FAMILY_ALLREDUCE))
			err(c, "/faults/checkpoint/on_notice", "a checkpoint on "
			    "notice needs /faults/notice and an all-reduce");
		if (sc->faults.elastic && (info == NULL ||
		    !(info->flags & R_ELASTIC)))
			err(c, "/faults/elastic", "elastic training is modelled "
			    "for algorithm %s only", registry_names_with(R_ELASTIC));
		else if (sc->faults.elastic && sc->faults.min_workers >
		    sc->placement.workers)
			err(c, "/faults/elastic/min_workers", "expected at most "
			    "the %d workers, got %d", sc->placement.workers,
			    sc->faults.min_workers);
		if (sc->faults.checkpoint_every == 0 && info != NULL &&
		    info->family == FAMILY_ALLREDUCE &&
		    !sc->faults.elastic)
			err(c, "/faults/checkpoint", "missing; synchronous "
			    "all-reduce restarts from its last checkpoint, so "
			    "expected {\"every\": STEPS}");
	}
	if (sc->strategy.sync == SYNC_BACKUP &&
	    sc->strategy.backup >= sc->placement.workers)
		err(c, "/strategy/backup_workers", "expected fewer backup "
		    "workers than the %d workers, got %d", sc->placement.workers,
		    sc->strategy.backup);
	if (sc->run.target_loss > 0 && sc->numerics.mode == NUM_OFF)
		err(c, "/run/target_loss", "a loss needs real gradients: add "
		    "/numerics (mode \"proxy\" or \"real\")");
	/* a parameter vector, its gradient and momentum per worker and for
	 * the servers, about as much again in flight, and the data */
	mem = 4.0 * (double)sc->numerics.model.params *
	    (6.0 * sc->placement.workers + 4) + 4.0 *
	    (double)(sc->numerics.samples + sc->numerics.test_samples) *
	    (sc->numerics.model.features + 1);
	if (sc->numerics.mode != NUM_OFF && mem > sc->numerics.max_memory)
		err(c, "/numerics/max_memory", "the %ld parameters of the %s "
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
		err(c, "/strategy/grid", "a %d x %d grid holds %ld workers, "
		    "but there are %d", sc->strategy.grid_rows,
		    sc->strategy.grid_cols, (long)sc->strategy.grid_rows *
		    sc->strategy.grid_cols, sc->placement.workers);
	if (nwh != 0 && nwh != sc->placement.workers)
		err(c, "/placement/worker_hosts", "expected %d host names (one "
		    "per worker), got %d", sc->placement.workers, nwh);
	if (nsh != 0 && info != NULL && info->family == FAMILY_PS &&
	    nsh != sc->placement.servers)
		err(c, "/placement/server_hosts", "expected %d host names (one "
		    "per server), got %d", sc->placement.servers, nsh);
	if (sc->placement.worker_hosts != NULL &&
	    sc->placement.server_hosts != NULL) {
		for (i = 0; i < nsh; i++) {
			for (need = 0; need < nwh; need++) {
				if (strcmp(sc->placement.server_hosts[i],
				    sc->placement.worker_hosts[need]) == 0)
					err(c, "/placement/server_hosts",
					    "host \"%s\" is also a worker; use "
					    "\"colocate\": true in /strategy to "
					    "put shards on workers",
					    sc->placement.server_hosts[i]);
			}
		}
	}

	if (sc->cluster.gpus_per_host > 1 && sc->placement.servers > 0)
		err(c, "/placement/servers", "dedicated servers are not modelled "
		    "on multi-GPU hosts; colocate the shards on workers, or "
		    "expected 0, got %d", sc->placement.servers);
	if (sc->cluster.topology != TOPO_PLATFORM) {
		int g = sc->cluster.gpus_per_host;

		/* with faults, one more: the checkpoint storage */
		need = sc->placement.workers + sc->placement.servers +
		    (sc->faults.on ? 1 : 0);
		if (sc->cluster.hosts == 0)
			sc->cluster.hosts = (need + g - 1) / g;
		else if ((long)sc->cluster.hosts * g < need && g > 1)
			err(c, "/cluster/hosts", "%d hosts of %d GPUs cannot "
			    "hold %d workers", sc->cluster.hosts, g,
			    sc->placement.workers);
		else if (sc->cluster.hosts < need)
			err(c, "/cluster/hosts", "%d hosts cannot hold %d "
			    "workers and %d servers%s", sc->cluster.hosts,
			    sc->placement.workers, sc->placement.servers,
			    sc->faults.on ? " and the checkpoint storage" : "");
		if (sc->cluster.topology == TOPO_TWO_TIER &&
		    sc->cluster.racks > sc->cluster.hosts)
			err(c, "/cluster/racks", "expected at most one rack per "
			    "host (%d), got %d", sc->cluster.hosts,
			    sc->cluster.racks);
	}
}

/* Line and column (from 1) of offset in text. */
static void
line_col(const char *text, size_t offset, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < offset && text[i] != '\0'; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else
			(*col)++;
	}
}

static char *
read_file(const char *path, char **errors)
{
	FILE *f;
	char *buf = NULL;
	size_t len = 0, n;

	if ((f = fopen(path, "rb")) == NULL) {
		xasprintf(errors, "psim: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		buf = xreallocarray(buf, len + 65536 + 1, 1);
		n = fread(buf + len, 1, 65536, f);
		len += n;
		if (n < 65536)
			break;
	}
	if (ferror(f)) {
		xasprintf(errors, "psim: %s: %s\n", path, strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	if (strlen(buf) != len) {
		xasprintf(errors, "psim: %s: not a JSON text (it holds a NUL "
		    "byte)\n", path);
		free(buf);
		return NULL;
	}
	return buf;
}

/* Apply "a.b.c=value" to the tree: value is JSON when it parses as JSON,
 * a string otherwise ("10Gbps"). */
static void
apply_set(struct ctx *c, cJSON *root, const char *set)
{
	const char *eq = strchr(set, '='), *p, *dot;
	cJSON *obj = root, *next, *val;
	char key[128], shown[300];

	snprintf(shown, sizeof shown, "--set %s", set);
	if (eq == NULL || eq == set) {
		err(c, NULL, "%s: expected PATH=VALUE", shown);
		return;
	}
	val = cJSON_ParseWithOpts(eq + 1, NULL, 1);
	if (val == NULL)
		val = cJSON_CreateString(eq + 1);
	for (p = set;; p = dot + 1) {
		dot = memchr(p, '.', (size_t)(eq - p));
		if (dot == NULL)
			dot = eq;
		if (dot == p || (size_t)(dot - p) >= sizeof key) {
			err(c, NULL, "%s: bad path", shown);
			cJSON_Delete(val);
			return;
		}
		memcpy(key, p, (size_t)(dot - p));
		key[dot - p] = '\0';
		if (dot == eq)
			break;
		next = cJSON_GetObjectItemCaseSensitive(obj, key);
		if (next == NULL)
			next = cJSON_AddObjectToObject(obj, key);
		else if (!cJSON_IsObject(next)) {
			err(c, NULL, "%s: \"%s\" is not an object", shown, key);
			cJSON_Delete(val);
			return;
		}
		obj = next;
	}
	if (cJSON_GetObjectItemCaseSensitive(obj, key) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(obj, key, val);
	else
		cJSON_AddItemToObject(obj, key, val);
}

static char *
default_name(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t len;

	base = base == NULL ? file : base + 1;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	return xstrndup(base, len);
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
	static const char *const keys[] = { "name", "description", "seed",
	    "model", "cluster", "placement", "strategy", "run", "network",
	    "numerics", "faults", NULL };
	struct ctx c = { path != NULL ? path : "(built-in seed)", ERRORS_INIT };
	struct scenario *sc;
	cJSON *root;
	const cJSON *seed;
	const char *end = NULL;
	char *text, *resolved, *f;
	int line, col, i, servers_given, shards_given, nwh, nsh, d;
	FILE *pf;

	*errors = NULL;
	if (path != NULL) {
		if ((text = read_file(path, errors)) == NULL)
			return NULL;
	} else
		text = xstrdup(seed_scenario_json);
	root = cJSON_ParseWithOpts(text, &end, 1);
	if (root == NULL) {
		end = cJSON_GetErrorPtr();
		line_col(text, end != NULL ? (size_t)(end - text) : 0, &line,
		    &col);
		xasprintf(errors, "psim: %s:%d:%d: syntax error: not valid "
		    "JSON\n", c.file, line, col);
		free(text);
		return NULL;
	}
	free(text);
	if (!cJSON_IsObject(root)) {
		xasprintf(errors, "psim: %s: expected a JSON object at the top, "
		    "got %s\n", c.file, type_name(root));
		cJSON_Delete(root);
		return NULL;
	}
	for (i = 0; i < nsets; i++)
		apply_set(&c, root, sets[i]);

	sc = xcalloc(1, sizeof *sc);
	sc->file = xstrdup(c.file);
	check_keys(&c, root, "", keys);
	sc->name = get_string(&c, root, "", "name", 0);
	if (sc->name == NULL)
		sc->name = default_name(c.file);
	sc->description = get_string(&c, root, "", "description", 0);
	sc->seed = 1;
	seed = cJSON_GetObjectItemCaseSensitive(root, "seed");
	if (seed != NULL) {
		if (!cJSON_IsNumber(seed) || seed->valuedouble < 0 ||
		    seed->valuedouble != floor(seed->valuedouble) ||
		    seed->valuedouble > 4294967295.0) {
			f = found(seed);
			err(&c, "/seed", "expected an integer from 0 to "
			    "4294967295, got %s", f);
			free(f);
		} else
			sc->seed = (unsigned long)seed->valuedouble;
	}
	parse_model(&c, root, sc);
	parse_cluster(&c, root, sc);
	parse_placement(&c, root, sc, &servers_given, &nwh, &nsh);
	parse_strategy(&c, root, sc, &shards_given);
	parse_run(&c, root, sc);
	parse_numerics(&c, root, sc);
	parse_faults(&c, root, sc);
	if ((d = get_enum(&c, root, "", "network", network_names,
	    NET_REALISTIC)) >= 0)
		sc->network = (enum network_model)d;
	cross_check(&c, sc, servers_given, shards_given, nwh, nsh);

	if (sc->cluster.platform != NULL) {
		resolved = resolve_platform(c.file, sc->cluster.platform);
		if ((pf = fopen(resolved, "r")) == NULL)
			err(&c, "/cluster/platform", "cannot open \"%s\": %s",
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
			err(&c, i == 0 ? "/faults/preemption/trace" : i == 1 ?
			    "/faults/servers/trace" : "/faults/links/trace",
			    "%s", f);
			free(f);
			free(fs->tr);
			fs->tr = NULL;
		}
		free(fs->trace);
		fs->trace = resolved;
	}
	cJSON_Delete(root);

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
