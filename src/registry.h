/* registry.h: what psim knows about each strategy, as data: its name, its
 * family, a summary and what it supports.  No engine here: the scenario
 * parser, the reports and the closed forms read it without linking
 * SimGrid; the engine finds a strategy's protocol code by its id
 * (strategy.h).  The rows are in strategies.def. */
#ifndef PSIM_REGISTRY_H
#define PSIM_REGISTRY_H

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
/* What its protocol costs the engine (sim.c's up-front checks). */
#define R_HELPER	0x40	/* a second actor on every worker's host
				   (actors_bound) */
#define R_ALL_PAIRS	0x80	/* each worker has a message in flight to
				   every other at once: n(n-1) of them
				   (run_fits_memory) */

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

/* The strategy of family called name, or NULL. */
const struct strategy_info *registry_find(enum family, const char *name);
/* "ring, all-to-all, ...": the names of a family, for messages. */
const char *registry_names(enum family);
/* The names of the strategies with all of flags, quoted and joined as
 * "\"a\", \"b\" and \"c\"", for messages. */
const char *registry_names_with(unsigned flags);
/* "ps" or "allreduce", as the reports say. */
const char *registry_family_name(enum family);

#endif
