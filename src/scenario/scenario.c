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

#include "files.h"
#include "platform-xml.h"
#include "scenario-impl.h"
#include "xmalloc.h"

const char *const dtype_names[] = { "fp32", "fp16", "bf16", NULL };
const char *const network_names[] = { "realistic", "ideal", "cm02",
    NULL };
const char *const topology_names[] = { "star", "two-tier", NULL };
const char *const partition_names[] = { "even", "round-robin",
    "balanced", "mxnet", "largest-first", NULL };
const char *const numerics_names[] = { "off", "real", "proxy", NULL };
const char *const pull_names[] = { "eager", "forward", NULL };
const char *const apply_names[] = { "sum", "each", NULL };
const char *const optimizer_names[] = { "momentum", "sgd", "adam",
    NULL };
const char *const sync_names[] = { "sync", "async", "ssp", "backup",
    NULL };
const char *const family_names[] = { "ps", "allreduce", "bytesps", NULL };
const char *const nn_names[] = { "linear", "logistic", "mlp", NULL };

/* The bytes an optimizer's update moves a parameter, fp32: plain SGD
 * reads the parameter and the gradient and writes the parameter (12);
 * momentum reads and writes its accumulator too (20); Adam its two
 * moments (28). */
double
scenario_update_bytes(enum optimizer o)
{
	return o == OPT_SGD ? 12 : o == OPT_MOMENTUM ? 20 : 28;
}

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

/* The mean time between the drawn faults of all hosts (0 if none). */
static double
mean_between(const struct scenario *sc)
{
	const struct fault_spec *spec;
	int k, slots;
	double rate = 0;

	for (k = 0; k < 3; k++) {
		spec = scenario_faults_of(sc, (enum fault_of)k);
		slots = k == FAULTS_OF_SERVERS ? sc->placement.servers :
		    sc->placement.workers;
		if (spec->on && spec->source != FAULTS_TRACE)
			rate += slots / (fault_mean_life(spec) + spec->replace_s);
	}
	return rate > 0 ? 1 / rate : 0;
}

double
scenario_fault_horizon(const struct scenario *sc)
{
	double step = sc->model.compute_s + 2 * scenario_wire_bytes(sc) /
	    sc->cluster.nic_Bps, run;

	/* a platform file's NICs and speeds are the file's, unknown here:
	 * 10 Gbps and at least 1 s of compute (the draws go on as far as
	 * the run needs, up to 256 first horizons) */
	if (sc->cluster.topology == TOPO_PLATFORM)
		step = fmax(sc->model.compute_s, 1) + 2 *
		    scenario_wire_bytes(sc) / 1.25e9;

	/* run.duration: to its end and a few steps; run.min_fault_events:
	 * as long as they take on average, if longer */
	run = 4 * sc->run.steps * step;
	if (scenario_open_ended(sc))
		run = fmin(run, fmax(scenario_run_length_s(sc) + 4 * step,
		    sc->run.min_fault_events * mean_between(sc)));
	return run + sc->faults.workers.replace_s +
	    sc->faults.servers.replace_s + sc->faults.restart_s + 1;
}

double
scenario_run_length_s(const struct scenario *sc)
{
	return sc->run.duration_s;
}

int
scenario_open_ended(const struct scenario *sc)
{
	return sc->run.duration_s > 0 || sc->run.min_fault_events > 0;
}

int
scenario_all_pairs_symmetric(const struct scenario *sc)
{
	return (sc->strategy.info->flags & R_ALL_PAIRS) &&
	    sc->run.fast_forward && !sc->faults.on &&
	    sc->numerics.mode == NUM_OFF && sc->strategy.bucket_bytes == 0 &&
	    sc->job.name == NULL && sc->cluster.topology == TOPO_STAR &&
	    sc->cluster.gpus_per_host == 1 && sc->cluster.switch_Bps == 0 &&
	    sc->cluster.nslow == 0 && sc->cluster.jitter == JITTER_NONE &&
	    sc->placement.workers >= 3;
}

/* The worker of colocated shard j on multi-GPU machines: round the
 * machines first, as a PS task per machine does (shard j on GPU j / m of
 * machine j mod m, m the machines that hold workers; the last machine
 * may hold fewer GPUs). */
static int
spread_over_machines(const struct scenario *sc, int j)
{
	int g = sc->cluster.gpus_per_host, n = sc->placement.workers;
	int m = (n + g - 1) / g, r = n - (m - 1) * g;

	if (j < r * m)
		return (j % m) * g + j / m;
	j -= r * m;
	return (j % (m - 1)) * g + r + j / (m - 1);
}

int
scenario_ps_members(const struct scenario *sc)
{
	int g = sc->cluster.gpus_per_host;

	return sc->strategy.local_reduce ?
	    (sc->placement.workers + g - 1) / g : sc->placement.workers;
}

void
scenario_shard_home(const struct scenario *sc, int j, int *worker,
    int *server)
{
	int w0 = sc->strategy.worker_shards;

	*worker = j >= w0 ? -1 : sc->cluster.gpus_per_host > 1 &&
	    (sc->strategy.local_reduce ||
	    !(sc->strategy.info->flags & R_SERVICES)) ?
	    spread_over_machines(sc, j) : j;
	*server = j < w0 ? -1 : (sc->strategy.info->flags & R_SERVICES) ?
	    j - w0 : j % sc->placement.servers;
}

/* The files the scenario names (their paths resolved), after the
 * checks: the platform must open; each trace is read, once, into its
 * fault spec (the schedules replay it from memory). */
/* The platform file's text: what psim models of SimGrid's elements and
 * attributes, and nothing else, before SimGrid reads it. */
static void
read_platform(struct ctx *c, const char *path, FILE *f)
{
	char *text, *cause;
	size_t len;
	int line;

	if ((text = files_slurp(f, FILES_MAX_DATA, &len, &cause)) == NULL) {
		err_at(c, "/cluster/platform", "cannot read \"%s\": %s", path,
		    cause);
		free(cause);
	} else if (platform_xml_check(text, len, &line, &cause) != 0) {
		err_at(c, "/cluster/platform", "%s:%d: %s", path, line, cause);
		free(cause);
	}
	free(text);
	fclose(f);
}

static void
read_files(struct ctx *c, struct scenario *sc)
{
	static const char *const paths[] = { "/faults/preemption/trace",
	    "/faults/servers/trace", "/faults/links/trace" };
	struct fault_spec *specs[] = { &sc->faults.workers,
	    &sc->faults.servers, &sc->faults.links };
	char *where, *cause;
	FILE *f;
	int i;

	if (sc->cluster.platform != NULL) {
		if ((f = files_open(sc->cluster.platform, FILES_MAX_DATA,
		    &cause)) == NULL) {
			err_at(c, "/cluster/platform", "cannot open \"%s\": %s",
			    sc->cluster.platform, cause);
			free(cause);
		} else
			read_platform(c, sc->cluster.platform, f);
	}
	for (i = 0; i < 3; i++) {
		if (specs[i]->trace == NULL)
			continue;
		specs[i]->tr = xcalloc(1, sizeof *specs[i]->tr);
		where = err_where(c, paths[i]);
		if (trace_read(specs[i]->trace, specs[i]->tr, &c->errors,
		    where) != 0) {
			free(specs[i]->tr);
			specs[i]->tr = NULL;
		}
		free(where);
	}
}

struct scenario *
scenario_load(const char *path, char *const *sets, int nsets, char **errors)
{
	struct ctx c = { path == NULL ? "(built-in seed)" :
	    strcmp(path, "-") == 0 ? SCENARIO_STDIN : path, ERRORS_INIT,
	    NULL, ERRORS_INIT };
	struct scenario *sc;
	char *text;
	size_t len;

	if ((text = scenario_read_text(&c, path, &len)) == NULL) {
		*errors = errors_take(&c.errors);
		return NULL;
	}
	sc = scenario_load_buffer(c.file, text, len, sets, nsets, errors);
	free(text);
	return sc;
}

struct scenario *
scenario_load_tree(struct ctx *c, const struct cJSON *root,
    char *const *sets, int nsets)
{
	struct given g = GIVEN_INIT;
	struct scenario *sc;
	int i;

	sc = xcalloc(1, sizeof *sc);
	sc->file = xstrdup(c->file);
	sc->sets = xcalloc((size_t)nsets + 1, sizeof *sc->sets);
	for (i = 0; i < nsets; i++)
		sc->sets[i] = xstrdup(sets[i]);
	sc->nsets = nsets;
	scenario_defaults(sc);
	scenario_parse(c, root, sc, &g);
	scenario_derive(sc, &g);
	scenario_check(c, sc, &g);
	read_files(c, sc);
	return sc;
}

struct scenario *
scenario_load_buffer(const char *name, const char *buf, size_t len,
    char *const *sets, int nsets, char **errors)
{
	struct ctx c = { name, ERRORS_INIT, NULL, ERRORS_INIT };
	struct scenario *sc;
	struct cJSON *root;
	char *text;
	int i;

	*errors = NULL;
	text = xmalloc(len + 1);
	memcpy(text, buf, len);
	text[len] = '\0';
	root = scenario_parse_json(&c, text, len);
	free(text);
	if (root == NULL) {
		*errors = errors_take(&c.errors);
		return NULL;
	}
	for (i = 0; i < nsets; i++)
		scenario_apply_set(&c, root, sets[i]);

	if (scenario_tree_has(root, "jobs"))
		sc = scenario_load_jobs(&c, root, sets, nsets);
	else
		sc = scenario_load_tree(&c, root, sets, nsets);
	scenario_json_free(root);
	if (errors_count(&c.errors) != 0) {
		*errors = errors_take(&c.errors);
		errors_free(&c.notes);
		scenario_free(sc);
		return NULL;
	}
	sc->notes = errors_take(&c.notes);
	return sc;
}

char *
scenario_single(const struct scenario *sc, const char *what)
{
	char *text;

	if (sc->njobs == 0)
		return NULL;
	xasprintf(&text, "psim: %s: /jobs: expected a single job for %s "
	    "(several jobs on one cluster are not supported there), found "
	    "%d jobs\n", sc->file, what, sc->njobs);
	return text;
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
	free(sc->notes);
	xfreev(sc->sets);
	free(sc->model.preset);
	for (i = 0; i < sc->model.nlayers; i++)
		free(sc->model.layers[i].name);
	free(sc->model.layers);
	free(sc->cluster.platform);
	free(sc->published_source);
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
	for (i = 0; i < sc->njobs; i++)
		scenario_free(sc->jobs[i]);
	free(sc->jobs);
	free(sc->job.name);
	free(sc);
}

/* path onto files unless it is there. */
static int
input_add(const char *path, const char **files, int n, int max)
{
	int i;

	if (path == NULL || n >= max)
		return n;
	for (i = 0; i < n; i++) {
		if (strcmp(files[i], path) == 0)
			return n;
	}
	files[n] = path;
	return n + 1;
}

/* sc's files onto the n in files. */
static int
inputs_of(const struct scenario *sc, const char **files, int n, int max)
{
	int j;

	n = input_add(sc->cluster.platform, files, n, max);
	n = input_add(sc->faults.workers.trace, files, n, max);
	n = input_add(sc->faults.servers.trace, files, n, max);
	n = input_add(sc->faults.links.trace, files, n, max);
	for (j = 0; j < sc->njobs; j++) {
		if (sc->jobs[j] != sc)
			n = inputs_of(sc->jobs[j], files, n, max);
	}
	return n;
}

int
scenario_inputs(const struct scenario *sc, const char **files, int max)
{
	return inputs_of(sc, files, 0, max);
}

unsigned long
scenario_replicate_seed(unsigned long seed, int i)
{
	return (seed + (unsigned long)i) & 0xffffffffUL;
}
