/* closed-forms.h: each strategy's closed-form alpha-beta cost, found
 * through its registry row (registry.h), one file each (closed-NAME.c,
 * beside engine/strategy-NAME.c).  Pure: a closed form reads a
 * struct shape and fills a struct analytic (analytic.h), without the
 * engine.  BytePS is closed_ps on its own layout (shape.bytesps). */
#ifndef PSIM_CLOSED_FORMS_H
#define PSIM_CLOSED_FORMS_H

#include "analytic.h"

#define STRATEGY(id, proto, name, family, flags, chunks, summary) \
	void closed_##proto(const struct shape *, struct analytic *);
#include "strategies.def"
#undef STRATEGY

struct groups;
struct round;
/* The reduce inside every group (a binomial tree of the whole vector,
 * all groups at once) and the broadcast back: 2 ceil(lg g) rounds, each
 * a latency inside the group and its slowest link; 0 for groups of one
 * (the PS's local_reduce, hierarchical's groups). */
double closed_local_trees(const struct shape *, const struct groups *,
    struct round *);

#endif
