/* fold.h: MPICH's way to run a power-of-two algorithm (recursive
 * doubling, recursive halving) on any n.  With p the largest power of two
 * <= n and r = n - p, the first 2r workers pair up: each even one hands
 * its whole vector to the odd one above it before the core and gets the
 * result back after, so that p workers run the core. */
#ifndef PSIM_FOLD_H
#define PSIM_FOLD_H

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

#endif
