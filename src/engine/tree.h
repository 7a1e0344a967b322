/* tree.h: a binomial tree over a list of workers (patterns.h) run on the
 * engine: the building block of binomial-tree all-reduce and of the
 * in-host (or in-rack) steps of hierarchical all-reduce. */
#ifndef PSIM_TREE_H
#define PSIM_TREE_H

#include "patterns.h"
#include "sim.h"

/* Member me's part of a reduce of elements [lo, lo + len) to member 0,
 * and of the broadcast back: round i of either uses the inbox
 * mbox[worker * stride + first + i]. */
void tree_reduce(struct sim *, const struct tree *, int me,
    const sg_mailbox_t *mbox, int stride, int first, int step, long lo,
    long len);
void tree_bcast(struct sim *, const struct tree *, int me,
    const sg_mailbox_t *mbox, int stride, int first, int step, long lo,
    long len);

#endif
