/* fold.h: MPICH's fold onto a power of two (patterns.h) run on the
 * engine, for recursive doubling and halving-doubling on any n. */
#ifndef PSIM_FOLD_H
#define PSIM_FOLD_H

#include "patterns.h"
#include "sim.h"

/* Worker w's fold before the core: an even folding worker hands its
 * vector to w + 1 and waits for the result (and is then done: -1); the
 * odd one above it takes that vector.  Returns w's core rank.  w's inbox
 * for the fold is mbox[w * R], for the result mbox[w * R + R - 1]. */
int fold_enter(struct sim *, const struct fold *, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len);
/* After the core: an odd folding worker sends the result back. */
void fold_leave(struct sim *, const struct fold *, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len);

#endif
