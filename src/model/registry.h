/* registry.h: what psim knows about each strategy, as data: its name, its
 * family, a summary and what it supports.  No engine here: the scenario
 * parser, the reports and the closed forms read it without linking
 * SimGrid; the engine finds a strategy's protocol code by its id
 * (strategy.h).  The rows are in strategies.def. */
#ifndef PSIM_REGISTRY_H
#define PSIM_REGISTRY_H

#include <stddef.h>

#include "analytic.h"

enum family { FAMILY_PS, FAMILY_ALLREDUCE };

/* What a strategy supports (strategies.def says which has which). */
#define R_GRID		0x01	/* strategy.grid: a grid of workers */
#define R_CHUNKS	0x02	/* strategy.chunks: pipelined chunks */
#define R_FAULTS	0x04	/* preemptions and restarts */
#define R_ELASTIC	0x08	/* faults.elastic: go on with fewer */
#define R_LAZY		0x10	/* SimGrid's lazy solver is exact for it */
#define R_SERVICES	0x20	/* BytePS: a summation service on every
				   worker and on each CPU host */
/* What its protocol costs the engine (sim-engine.c's up-front checks). */
#define R_HELPER	0x40	/* a second actor on every worker's host
				   (actors_bound) */
#define R_ALL_PAIRS	0x80	/* each worker has a message in flight to
				   every other at once: n(n-1) of them
				   (run_fits_memory) */
/* Which keys of /strategy it takes, besides R_GRID's and R_CHUNKS' (the
 * parser and advise read them through registry_keys). */
#define R_SHARDS	0x100	/* strategy.shards, colocate, partition,
				   variables, bigarray_bound: a PS's own
				   shards and their placement */
#define R_SYNC		0x200	/* strategy.sync, staleness,
				   backup_workers: how a PS applies
				   gradients */

enum strategy_id {
#define STRATEGY(id, proto, name, family, flags, chunks, summary) \
	STRATEGY_##id,
#include "strategies.def"
#undef STRATEGY
	STRATEGY_COUNT
};

struct strategy_info {
	enum strategy_id id;
	const char	*name;		/* "ps", "ring", "all-to-all" */
	enum family	 family;
	unsigned	 flags;		/* R_* */
	int		 chunks;	/* R_CHUNKS: strategy.chunks' default */
	const char	*summary;	/* one line for help and reports */
	analytic_fn	 closed_form;	/* closed-forms.c */
};

extern const struct strategy_info registry[STRATEGY_COUNT];

/* The keys of a /strategy block and which strategies take them: a
 * strategy takes a key when it is of the key's family (if the key has
 * one) and its row has all of the key's flags.  In the order the parser
 * reports them; the last entry's key is NULL. */
struct strategy_key {
	const char	*key;		/* "shards" */
	int		 family;	/* enum family, or -1: any */
	unsigned	 flags;		/* R_*: a row must have them all */
};

extern const struct strategy_key registry_keys[];

/* The strategy of family called name, or NULL. */
const struct strategy_info *registry_find(enum family, const char *name);
/* "ring, all-to-all, ...": the names of a family, for messages. */
const char *registry_names(enum family);
/* The names of the strategies with all of flags, quoted and joined as
 * "\"a\", \"b\" and \"c\"", for messages. */
const char *registry_names_with(unsigned flags);
/* The /strategy key called key (its first len bytes: "shards" of
 * "shards=4"), or NULL. */
const struct strategy_key *registry_key(const char *key, size_t len);
/* Whether the strategy takes the key. */
int registry_takes(const struct strategy_info *, const struct strategy_key *);
/* Whether some strategy of family f takes the key. */
int registry_family_takes(enum family, const struct strategy_key *);
/* The strategy.name that selects the strategy: its own name for a PS
 * ("ps", "bytesps"), its family's for an all-reduce ("allreduce"). */
const char *registry_block_name(const struct strategy_info *);
/* Whether a strategy block of strategy.name name may take the key: a
 * key every strategy takes, or one that a strategy name selects
 * (registry_block_name) takes. */
int registry_block_takes(const char *name, const struct strategy_key *);
/* The strategies that take the key, quoted as registry_names_with()
 * quotes them, for messages. */
const char *registry_takers(const struct strategy_key *);
/* The keys' names, NULL-terminated (the parser's list of known keys). */
const char *const *registry_key_names(void);
/* "ps" or "allreduce", as the reports say. */
const char *registry_family_name(enum family);

#endif
