/* scenario-keys.c: every key a scenario takes, as the tables the block
 * parsers check each object against (check_keys: its unknown keys, the
 * did-you-mean, the "expected one of" list), and the walk of them that
 * lists every key path (psim keys, the shell's completion).  A key added
 * to its object's table here is listed with nothing else to do; an
 * object added needs its row in blocks[].  The top level's keys are
 * scenario_keys (with their places in a file of several jobs), the
 * strategy's the registry's (registry_keys, with the strategies that
 * take them). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hardware.h"
#include "models.h"
#include "registry.h"
#include "scenario-impl.h"
#include "xmalloc.h"

/* Every top-level key, in a single job's order (scenario-impl.h). */
const struct top_key scenario_keys[] = {
	{ "name",		TOP_SHARED },
	{ "description",	TOP_SHARED },
	{ "seed",		TOP_SHARED },
	{ "model",		TOP_JOB },
	{ "cluster",		TOP_SHARED },
	{ "placement",		TOP_JOB },
	{ "strategy",		TOP_JOB },
	{ "run",		TOP_JOB },
	{ "network",		TOP_SHARED },
	{ "numerics",		TOP_SINGLE },
	{ "faults",		TOP_SINGLE },
	{ "published",		TOP_SINGLE },
	{ "jobs",		TOP_JOBS },
	{ NULL,			TOP_SHARED }
};

/* Each object's keys, in the order of the messages about them. */
const char *const model_keys[] = { "params", "dtype", "compute", "layers",
    "preset", NULL };	/* and scalars.def's */
const char *const layer_keys[] = { "name", "params", "flops", "backward",
    NULL };
const char *const cluster_keys[] = { "topology", "nic",
    "latency", "racks", "oversubscription",
    "platform", "intra_bw", "intra_latency",
    "compute_jitter", "slow_hosts", "price_per_hour", "gpu", "machine",
    NULL };
const char *const jitter_keys[] = { "lognormal", "exponential", NULL };
const char *const slow_host_keys[] = { "host", "factor", NULL };
const char *const price_keys[] = { "nic", NULL };	/* and scalars.def's */
const char *const placement_keys[] = { "workers", "servers",
    "worker_hosts", "server_hosts", NULL };
/* (run, numerics, faults, faults.checkpoint, faults.elastic: and their
 * rows of scalars.def) */
const char *const run_keys[] = { "steps", "duration", "warmup", NULL };
const char *const numerics_keys[] = { "mode", "model", "features",
    "hidden", NULL };
const char *const faults_keys[] = { "preemption", "servers", "links",
    "checkpoint", "elastic", NULL };
/* The three fault processes, each with the key of its own delay last
 * (the workers' replacement is faults.replacement). */
const char *const preemption_keys[] = { "mttp", "weibull", "trace",
    "offset", "time_scale", NULL };
const char *const server_faults_keys[] = { "mttp", "weibull", "trace",
    "offset", "time_scale", "replacement", NULL };
const char *const link_faults_keys[] = { "mttp", "weibull", "trace",
    "offset", "time_scale", "repair", NULL };
const char *const weibull_keys[] = { "shape", "scale", NULL };
const char *const checkpoint_keys[] = { "every", "storage", NULL };
const char *const elastic_keys[] = { NULL };
const char *const network_keys[] = { "model", "crosstraffic", "flow_cap",
    "transport", NULL };
const char *const published_keys[] = { "efficiency", "source", NULL };
/* A job's keys: its name and start, and the top-level keys that are
 * each job's own (TOP_JOB in scenario_keys). */
const char *const job_keys[] = { "name", "model", "placement", "strategy",
    "run", "start", NULL };

/* Whether a key of place p is in pass (0, 1, 2) of the list of a file of
 * jobs (or of one job). */
static int
top_pass(enum top_place p, int jobs, int pass)
{
	if (!jobs)
		return pass == 0 && p != TOP_JOBS;
	return pass == (p == TOP_JOB ? 1 : p == TOP_SINGLE ? 2 : 0);
}

const char *const *
scenario_top_keys(int jobs)
{
	static const char *list[2][sizeof scenario_keys /
	    sizeof scenario_keys[0]];
	const char **l = list[jobs != 0];
	int pass, k, n = 0;

	for (pass = 0; pass < 3; pass++) {
		for (k = 0; scenario_keys[k].key != NULL; k++) {
			if (top_pass(scenario_keys[k].place, jobs, pass))
				l[n++] = scenario_keys[k].key;
		}
	}
	l[n] = NULL;
	return l;
}

/* The top level's keys in scenario_keys' order, "jobs" last. */
static const char *const *
top_keys(void)
{
	static const char *list[sizeof scenario_keys /
	    sizeof scenario_keys[0]];
	int k;

	for (k = 0; scenario_keys[k].key != NULL; k++)
		list[k] = scenario_keys[k].key;
	list[k] = NULL;
	return list;
}

/* Every object of a scenario whose keys the parser checks, by its path
 * as --set takes it, N standing for any element of an array, and its
 * table of keys (or the function that lists them).  A job's objects are
 * the top level's: a job loads as a scenario of its own
 * (scenario-jobs.c). */
static const struct block {
	const char		*path;
	const char *const	*keys;
	const char *const	*(*list)(void);
	int			 scalars;	/* and its rows of scalars.def */
} blocks[] = {
	{ "", NULL, top_keys, 0 },
	{ "model", model_keys, NULL, 1 },
	{ "model.layers.N", layer_keys, NULL, 0 },
	{ "cluster", cluster_keys, NULL, 1 },
	{ "cluster.compute_jitter", jitter_keys, NULL, 0 },
	{ "cluster.slow_hosts.N", slow_host_keys, NULL, 0 },
	{ "cluster.price_per_hour", price_keys, NULL, 1 },
	{ "placement", placement_keys, NULL, 0 },
	{ "strategy", NULL, registry_key_names, 0 },
	{ "run", run_keys, NULL, 1 },
	{ "numerics", numerics_keys, NULL, 1 },
	{ "faults", faults_keys, NULL, 1 },
	{ "faults.preemption", preemption_keys, NULL, 0 },
	{ "faults.preemption.weibull", weibull_keys, NULL, 0 },
	{ "faults.servers", server_faults_keys, NULL, 0 },
	{ "faults.servers.weibull", weibull_keys, NULL, 0 },
	{ "faults.links", link_faults_keys, NULL, 0 },
	{ "faults.links.weibull", weibull_keys, NULL, 0 },
	{ "faults.checkpoint", checkpoint_keys, NULL, 1 },
	{ "faults.elastic", elastic_keys, NULL, 1 },
	{ "network", network_keys, NULL, 0 },
	{ "published", published_keys, NULL, 0 },
	{ "jobs.N", job_keys, NULL, 0 },
	{ NULL, NULL, NULL, 0 }
};

/* A path under a job ("jobs.N.model.params") as the top level's. */
#define JOB_PREFIX	"jobs.N."

static const char *
unjob(const char *path)
{
	size_t n = strlen(JOB_PREFIX);

	return strncmp(path, JOB_PREFIX, n) == 0 ? path + n : path;
}

/* The keys of the object at path, or NULL when it is no object (with
 * its scalars', made once). */
static const char *const *
block_keys(const char *path)
{
	static const char *const *merged[sizeof blocks / sizeof blocks[0]];
	const struct block *b;

	path = unjob(path);
	for (b = blocks; b->path != NULL; b++) {
		if (strcmp(b->path, path) != 0)
			continue;
		if (b->scalars && merged[b - blocks] == NULL)
			merged[b - blocks] = scalar_keys(b->path, b->keys);
		return b->scalars ? merged[b - blocks] : b->keys != NULL ?
		    b->keys : b->list();
	}
	return NULL;
}

const char *const *
scenario_object_keys(const char *path)
{
	return block_keys(path);
}

struct walk {
	char	**paths;
	size_t	  n, size;
};

/* The paths under the object at path with keys, each key's before its
 * own keys' (an array of objects: their keys under PATH.N). */
static void
walk(struct walk *w, const char *path, const char *const *keys)
{
	const char *const *sub;
	char *p, *element;

	for (; *keys != NULL; keys++) {
		if (*path != '\0')
			xasprintf(&p, "%s.%s", path, *keys);
		else
			p = xstrdup(*keys);
		if (w->n + 2 > w->size) {
			w->size = w->size * 2 + 64;
			w->paths = xreallocarray(w->paths, w->size,
			    sizeof *w->paths);
		}
		w->paths[w->n++] = p;
		xasprintf(&element, "%s.N", p);
		if ((sub = block_keys(p)) != NULL)
			walk(w, p, sub);
		else if ((sub = block_keys(element)) != NULL)
			walk(w, element, sub);
		free(element);
	}
}

char **
scenario_key_paths(void)
{
	struct walk w = { NULL, 0, 0 };

	walk(&w, "", block_keys(""));
	w.paths[w.n] = NULL;
	return w.paths;
}

static const char *const bool_names[] = { "true", "false", NULL };

static char *
allreduce_names(void)
{
	return xstrdup(registry_names(FAMILY_ALLREDUCE));
}

/* cluster.compute_jitter's names: "none" and the published spreads. */
static char *
jitter_names(void)
{
	char *spreads = hw_spread_names(), *s;

	xasprintf(&s, "none, %s", spreads);
	free(spreads);
	return s;
}

/* The keys whose value is one of a list, with the list the parser takes
 * them from: its names, or a function that joins them as "a, b, c"
 * (the text of its messages).  For a link or a transport, a bandwidth
 * is good too; for a jitter, an object. */
static const struct key_values {
	const char		*path;
	const char *const	*names;
	char			*(*list)(void);
} key_values[] = {
	{ "model.dtype", dtype_names, NULL },
	{ "model.preset", models_list, NULL },
	{ "cluster.topology", topology_names, NULL },
	{ "cluster.nic", NULL, hw_link_names },
	{ "cluster.intra_bw", NULL, hw_link_names },
	{ "cluster.gpu", NULL, hw_gpu_names },
	{ "cluster.machine", NULL, hw_machine_names },
	{ "cluster.compute_jitter", NULL, jitter_names },
	{ "strategy.name", family_names, NULL },
	{ "strategy.algorithm", NULL, allreduce_names },
	{ "strategy.colocate", bool_names, NULL },
	{ "strategy.partition", partition_names, NULL },
	{ "strategy.wire_dtype", dtype_names, NULL },
	{ "strategy.sync", sync_names, NULL },
	{ "strategy.local_reduce", bool_names, NULL },
	{ "strategy.pull", pull_names, NULL },
	{ "strategy.server_cpu", NULL, hw_cpu_none_names },
	{ "strategy.apply", apply_names, NULL },
	{ "strategy.optimizer", optimizer_names, NULL },
	{ "network", network_names, NULL },
	{ "network.model", network_names, NULL },
	{ "network.crosstraffic", bool_names, NULL },
	{ "network.flow_cap", NULL, hw_transport_cap_names },
	{ "network.transport", NULL, hw_transport_none_names },
	{ "numerics.mode", numerics_names, NULL },
	{ "numerics.model", nn_names, NULL },
	{ "faults.checkpoint.on_notice", bool_names, NULL },
	{ NULL, NULL, NULL }
};

/* "a, b, c" as a NULL-terminated array, malloc'd. */
static char **
split_list(const char *list)
{
	char **v = xcalloc(strlen(list) / 2 + 2, sizeof *v);
	const char *p, *comma;
	size_t n = 0;

	for (p = list; *p != '\0'; p = comma + 2) {
		if ((comma = strstr(p, ", ")) == NULL) {
			v[n++] = xstrdup(p);
			break;
		}
		v[n++] = xstrndup(p, (size_t)(comma - p));
	}
	v[n] = NULL;
	return v;
}

char **
scenario_key_values(const char *path)
{
	const struct key_values *k;
	char **v, *list;
	size_t n;

	path = unjob(path);
	for (k = key_values; k->path != NULL; k++) {
		if (strcmp(k->path, path) != 0)
			continue;
		if (k->list != NULL) {
			list = k->list();
			v = split_list(list != NULL ? list : "");
			free(list);
			return v;
		}
		for (n = 0; k->names[n] != NULL; n++)
			;
		v = xcalloc(n + 1, sizeof *v);
		for (n = 0; k->names[n] != NULL; n++)
			v[n] = xstrdup(k->names[n]);
		return v;
	}
	return NULL;
}
