/* tree.h: a binomial tree over a list of workers, rooted at the first:
 * the building block of binomial-tree all-reduce and of the in-host (or
 * in-rack) steps of hierarchical all-reduce. */
#ifndef PSIM_TREE_H
#define PSIM_TREE_H

#include "sim.h"

struct round;

struct tree {
	const int	*members;	/* worker of member i; NULL: i itself */
	int		 g;		/* members */
	int		 levels;	/* ceil(lg g) */
};

void tree_init(struct tree *, const int *members, int g);
int tree_worker(const struct tree *, int member);

/* Member me's part of a reduce of elements [lo, lo + len) to member 0,
 * and of the broadcast back: round i of either uses the inbox
 * mbox[worker * stride + first + i]. */
void tree_reduce(struct sim *, const struct tree *, int me,
    const sg_mailbox_t *mbox, int stride, int first, int step, long lo,
    long len);
void tree_bcast(struct sim *, const struct tree *, int me,
    const sg_mailbox_t *mbox, int stride, int first, int step, long lo,
    long len);

/* The flows of reduce round i, bytes each, for a closed form (the
 * broadcast's round i is its mirror image). */
void tree_round(struct round *, const struct tree *, int i, double bytes);

#endif
