/* scenario-impl.h: what the scenario loader's files share (scenario.c,
 * scenario-json.c, scenario-parse.c); nothing else includes it.  cJSON
 * is not here but in scenario-json.h, for the files that read the tree.
 *
 * scenario_load (scenario.c) runs the steps in this order, each problem
 * one line in the ctx's collector:
 *   scenario_read_json    the text to a JSON tree (scenario-json.c)
 *   scenario_apply_set    each --set applied to the tree (scenario-json.c)
 *   scenario_parse        the blocks' keys, each checked on its own
 *                         (scenario-parse.c) */
#ifndef PSIM_SCENARIO_IMPL_H
#define PSIM_SCENARIO_IMPL_H

#include "errors.h"
#include "scenario.h"

struct ctx {
	const char	*file;		/* the scenario file, for messages */
	struct errors	 errors;	/* one line per problem */
};

/* Add the error "psim: FILE: PATH: MESSAGE" ("psim: FILE: MESSAGE" when
 * path is NULL or ""). */
void err_at(struct ctx *, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* What the file gave, where a later step needs more than the value in
 * struct scenario; filled in by scenario_parse. */
struct given {
	int		 servers;	/* placement.servers, valid */
	int		 shards;	/* strategy.shards, valid */
	int		 nworker_hosts;	/* placement.worker_hosts' length */
	int		 nserver_hosts;	/* placement.server_hosts' length */
};

/* The names of the enums' values, in the enums' order (scenario.c). */
extern const char *const dtype_names[];
extern const char *const network_names[];
extern const char *const topology_names[];
extern const char *const partition_names[];
extern const char *const numerics_names[];
extern const char *const sync_names[];

struct cJSON;

/* The scenario file at path (NULL: the built-in seed) as a JSON tree, or
 * NULL after an error (it cannot be read, it is not JSON, or its top is
 * not an object). */
struct cJSON *scenario_read_json(struct ctx *, const char *path);
/* Apply "a.b.c=value" to the tree: value is JSON when it parses as JSON,
 * a string otherwise ("10Gbps"). */
void scenario_apply_set(struct ctx *, struct cJSON *root, const char *set);
void scenario_json_free(struct cJSON *root);

/* Every block of the tree into sc. */
void scenario_parse(struct ctx *, const struct cJSON *root,
    struct scenario *sc, struct given *);

#endif
