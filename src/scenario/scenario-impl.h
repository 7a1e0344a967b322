/* scenario-impl.h: what the scenario loader's files share (scenario.c,
 * scenario-json.c, scenario-parse.c, scenario-derive.c,
 * scenario-check.c); nothing else includes it.  cJSON is not here but in
 * scenario-json.h, for the two files that read the tree.
 *
 * scenario_load (scenario.c) runs the steps in this order, each problem
 * one line in the ctx's collector, in the order users see them:
 *   scenario_read_text  the file's text (scenario_load)   scenario-json.c
 *   scenario_parse_json the text to a JSON tree           scenario-json.c
 *   scenario_apply_set  each --set applied to the tree    scenario-json.c
 *   scenario_defaults   each key's value when left out    scenario-derive.c
 *   scenario_parse      each block's keys, each value
 *                       checked on its own                scenario-parse.c
 *   scenario_derive     the values that follow from
 *                       other keys                        scenario-derive.c
 *   scenario_check      the checks across blocks          scenario-check.c
 *   read_files          the platform opens, each trace is
 *                       read into its fault spec          scenario.c
 */
#ifndef PSIM_SCENARIO_IMPL_H
#define PSIM_SCENARIO_IMPL_H

#include "errors.h"
#include "ranges.h"
#include "scenario.h"
#include "units.h"

struct ctx {
	const char	*file;		/* the scenario file, for messages */
	struct errors	 errors;	/* one line per problem */
	const char	*job;		/* a job of several: "/jobs/1", which
					   err_at puts before the paths of the
					   job's own keys; else NULL */
	struct errors	 notes;		/* a word on a valid value (note_at) */
};

/* An error at path if s (NULL: none) holds a line break. */
void one_line(struct ctx *, const char *path, const char *s);

/* Add the error "psim: FILE: PATH: MESSAGE" ("psim: FILE: MESSAGE" when
 * path is NULL or ""). */
void err_at(struct ctx *, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A note on a valid value, "psim: FILE: PATH: note: MESSAGE": what it
 * will cost (scenario_check's check_cost); the commands print it before
 * they run (struct scenario's notes). */
void note_at(struct ctx *, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "psim: FILE: PATH" (or "psim: FILE"), malloc'd: where err_at's lines
 * start, for another reader that adds to c->errors (trace_read). */
char *err_where(const struct ctx *, const char *path);

/* 1 when v is in r; else 0 and the error "expected WHAT between MIN and
 * MAX, got FOUND" at path (found: the value as the file gave it). */
int range_check(struct ctx *, const char *path, const struct range *,
    double v, const char *found);

/* What the file said, where a later step needs more than the value in
 * struct scenario (which a default or a derivation may have set): 1
 * where the file gives the key and its value is valid.  Filled in by
 * scenario_parse, read by scenario_derive and scenario_check. */
struct given {
	int		 params;	/* model.params */
	int		 hosts;		/* cluster.hosts */
	int		 servers;	/* placement.servers: its value, -1
					   when not given */
	int		 nworker_hosts;	/* placement.worker_hosts' length
					   (valid or not), 0: none */
	int		 nserver_hosts;	/* placement.server_hosts' length */
	int		 shards;	/* strategy.shards */
	int		 wire_dtype;	/* strategy.wire_dtype */
	int		 steps;		/* run.steps */
	int		 warmup;	/* run.warmup */
	int		 numerics;	/* a numerics block, */
	int		 numerics_mode;	/* with a mode key (valid or not) */
	int		 checkpoint;	/* a faults.checkpoint block (valid or
					   not) */
	int		 local_reduce;	/* strategy.local_reduce */
};

#define GIVEN_INIT	{ .servers = -1 }

/* The names of the enums' values, in the enums' order (scenario.c). */
extern const char *const dtype_names[];
extern const char *const network_names[];
extern const char *const topology_names[];
extern const char *const partition_names[];
extern const char *const numerics_names[];
extern const char *const sync_names[];
extern const char *const pull_names[];	/* strategy.pull */
extern const char *const apply_names[];	/* strategy.apply */
extern const char *const optimizer_names[]; /* strategy.optimizer */
extern const char *const family_names[];	/* strategy.name */
extern const char *const nn_names[];		/* numerics.model */

struct cJSON;

/* The steps from scenario_defaults to read_files on a tree whose --sets
 * are applied: a scenario, even after errors (c's count says). */
struct scenario *scenario_load_tree(struct ctx *, const struct cJSON *root,
    char *const *sets, int nsets);
/* A tree with "jobs" (scenario-jobs.c): each job loaded on its own, as
 * the tree without "jobs" and with the job's keys, their errors under
 * /jobs/i; the hosts they claim checked and the rest given out in
 * order.  Returns the scenario of jobs (struct scenario's njobs), or
 * NULL after errors, which are in c. */
struct scenario *scenario_load_jobs(struct ctx *, const struct cJSON *root,
    char *const *sets, int nsets);
/* Whether path is one of a job's own keys' ("/model/params"): what
 * err_at puts a job's "/jobs/i" before. */
int scenario_job_path(const char *path);

/* The text of the scenario file at path (NULL: the built-in seed, "-":
 * standard input), malloc'd and NUL-terminated, its length in *len; or
 * NULL after an error (it cannot be read). */
char *scenario_read_text(struct ctx *, const char *path, size_t *len);
/* The text (len bytes and a NUL) as a JSON tree, or NULL after an error
 * (it holds a NUL byte, it is not JSON, or its top is not an object). */
struct cJSON *scenario_parse_json(struct ctx *, const char *text,
    size_t len);
/* Apply "a.b.c=value" to the tree: value is JSON when it parses as JSON,
 * a string otherwise ("10Gbps"). */
void scenario_apply_set(struct ctx *, struct cJSON *root, const char *set);
void scenario_json_free(struct cJSON *root);
/* Whether the top of the tree gives key. */
int scenario_tree_has(const struct cJSON *root, const char *key);

/* The keys of a scenario's top level, each with its place in a file of
 * several jobs (scenario-keys.c); the last entry's key is NULL. */
enum top_place {
	TOP_SHARED,	/* the file's, its jobs' too: name, cluster, ... */
	TOP_JOB,	/* each job's own, in /jobs: model, strategy, ... */
	TOP_SINGLE,	/* a single job only (not yet with several) */
	TOP_JOBS	/* several jobs only: "jobs" */
};
struct top_key {
	const char	*key;
	enum top_place	 place;
};
extern const struct top_key scenario_keys[];
/* The top level's keys, NULL-terminated, in the order of the messages
 * about them: a single job's file (jobs 0), or a file of jobs (1): the
 * shared keys and "jobs", then the jobs' own, then the rest. */
const char *const *scenario_top_keys(int jobs);
/* The keys of each object (scenario-keys.c), NULL-terminated: what
 * check_keys checks the object against.  The top level's are
 * scenario_top_keys', the strategy's registry_key_names'. */
extern const char *const model_keys[];
extern const char *const layer_keys[];		/* model.layers' elements */
extern const char *const cluster_keys[];
extern const char *const jitter_keys[];		/* cluster.compute_jitter */
extern const char *const slow_host_keys[];	/* cluster.slow_hosts' */
extern const char *const price_keys[];		/* cluster.price_per_hour */
extern const char *const placement_keys[];
extern const char *const run_keys[];		/* and scalars.def's */
extern const char *const numerics_keys[];	/* and scalars.def's */
/* All the keys of the object at path ("run"; NULL if none), its
 * scalars' too. */
const char *const *scenario_object_keys(const char *path);
extern const char *const faults_keys[];
extern const char *const preemption_keys[];	/* faults.preemption */
extern const char *const server_faults_keys[];	/* faults.servers */
extern const char *const link_faults_keys[];	/* faults.links */
extern const char *const weibull_keys[];	/* a process's weibull */
extern const char *const checkpoint_keys[];	/* faults.checkpoint */
extern const char *const elastic_keys[];	/* faults.elastic */
extern const char *const network_keys[];
extern const char *const published_keys[];
extern const char *const job_keys[];		/* jobs' elements */

/* The scalar keys, one row each of scalars.def (scenario-scalars.c). */
enum scalar_type { S_INT, S_LONG, S_NUMBER, S_POSITIVE, S_BOOL, S_UNITS };
struct scalar {
	const char	*block, *key;
	enum scalar_type type;
	double		 min, max, dflt;
	size_t		 offset;	/* of its field in struct scenario */
	const char	*what;
	const struct range *range;	/* S_UNITS */
};
extern const struct scalar scalars[];	/* ends with a NULL key */
/* Every row's default into sc. */
void scalars_default(struct scenario *);
/* The rows of block ("run", "faults.elastic") from obj, the object at
 * "/run" ("/faults/elastic"), into sc: those given, each held to its
 * range; a GIVEN row given and good sets its flag in g (unless NULL). */
void parse_scalars(struct ctx *, const struct cJSON *obj,
    const char *block, struct scenario *, struct given *);
/* others (NULL-terminated), then the keys of block's rows (malloc'd). */
const char *const *scalar_keys(const char *block,
    const char *const *others);

/* Each key's default, where it is a constant. */
void scenario_defaults(struct scenario *);
/* Every block of the tree into sc, over the defaults. */
void scenario_parse(struct ctx *, const struct cJSON *root,
    struct scenario *, struct given *);
/* The defaults that follow from other keys, and the derived values. */
void scenario_derive(struct scenario *, const struct given *);
/* The checks across blocks. */
void scenario_check(struct ctx *, const struct scenario *,
    const struct given *);

#endif
