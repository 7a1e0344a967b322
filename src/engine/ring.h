/* ring.h: a ring of workers (patterns.h) run on the engine: the building
 * block of ring all-reduce, of the rings of 2d-ring and of the ring of
 * hierarchical all-reduce. */
#ifndef PSIM_RING_H
#define PSIM_RING_H

#include "patterns.h"
#include "sim.h"

/* sim->round_ff for rings of `members' in all, side by side: members
 * where they may skip the rounds that repeat (ring.c), else 0. */
int ring_may_skip(const struct sim *, int members);
/* Member me's part of a ring reduce-scatter (phase even) or all-gather
 * (odd) of the elements [lo, lo + len), cut into g chunks: g - 1 steps
 * of sending one chunk to the next member's inbox[] and receiving one
 * from the previous member.  After the reduce-scatter member me holds
 * the sum of chunk (me + 1) mod g.  bytes: the wire size of the whole
 * range; each chunk goes as part_bytes(bytes, g).  phase (0-3) tells an
 * exchange's phases apart. */
void ring_phase(struct sim *, const struct ring *, int me,
    const sg_mailbox_t *inbox, int step, long lo, long len, double bytes,
    int phase);

#endif
