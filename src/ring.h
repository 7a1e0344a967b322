/* ring.h: one ring of workers, the building block of ring all-reduce,
 * of the rings of 2d-ring and of the ring of hierarchical all-reduce:
 * members base, base + stride, ..., base + (g-1)*stride (or a list),
 * each sending to the next. */
#ifndef PSIM_RING_H
#define PSIM_RING_H

#include "sim.h"

struct round;

struct ring {
	int		 base;
	int		 stride;
	int		 g;		/* members */
	const int	*members;	/* or, if not NULL, these workers */
};

/* The worker of member m. */
int ring_worker(const struct ring *, int m);

/* Member me's part of a ring reduce-scatter (gather 0) or all-gather
 * (gather 1) of the elements [lo, lo + len), cut into g chunks: g - 1
 * steps of sending one chunk to the next member's inbox[] and receiving
 * one from the previous member.  After the reduce-scatter member me holds
 * the sum of chunk (me + 1) mod g. */
void ring_phase(struct sim *, const struct ring *, int me,
    const sg_mailbox_t *inbox, int step, long lo, long len, int gather);

/* The flows of one step of the ring, chunk bytes per member, for a
 * closed form. */
void ring_round(struct round *, const struct ring *, double chunk);

#endif
