/* fold.h: MPICH's way to run a power-of-two algorithm (recursive
 * doubling, recursive halving) on any n.  With p the largest power of two
 * <= n and r = n - p, the first 2r workers pair up: each even one hands
 * its whole vector to the odd one above it before the core and gets the
 * result back after, so that p workers run the core. */
#ifndef PSIM_FOLD_H
#define PSIM_FOLD_H

#include <simgrid/forward.h>

struct fold {
	int	 n;
	int	 p;	/* largest power of two <= n */
	int	 r;	/* n - p */
	int	 lg;	/* log2(p) */
};

void fold_init(struct fold *, int n);
/* Worker w's rank in the core, or -1 for an even worker that folds. */
int fold_rank(const struct fold *, int w);
/* The worker of core rank. */
int fold_worker(const struct fold *, int rank);

struct sim;
struct round;

/* Worker w's fold before the core: an even folding worker hands its
 * vector to w + 1 and waits for the result (and is then done: -1); the
 * odd one above it takes that vector.  Returns w's core rank.  w's inbox
 * for the fold is mbox[w * R], for the result mbox[w * R + R - 1]. */
int fold_enter(struct sim *, const struct fold *, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len);
/* After the core: an odd folding worker sends the result back. */
void fold_leave(struct sim *, const struct fold *, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len);
/* The transfer time of the fold and the unfold, M bytes each (0 for a
 * power of two), for a closed form. */
double fold_rounds(struct round *, const struct fold *, double M);

#endif
