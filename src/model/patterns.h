/* patterns.h: who talks to whom, and in which round, in the all-reduce
 * algorithms: rings, binomial trees, MPICH's fold onto a power of two,
 * NCCL's binary trees, groups of workers and grids.  Pure: the protocol
 * code (ring.h, tree.h, fold.h and strategy-*.c) runs these patterns on
 * the engine, the closed forms (closed-forms.c) cost their rounds, and
 * neither can drift from the other. */
#ifndef PSIM_PATTERNS_H
#define PSIM_PATTERNS_H

struct round;

/* One ring of workers: members base, base + stride, ...,
 * base + (g-1)*stride, or the list members; each sends to the next. */
struct ring {
	int		 base;
	int		 stride;
	int		 g;		/* members */
	const int	*members;	/* or, if not NULL, these workers */
};

/* The worker of member m. */
int ring_worker(const struct ring *, int m);
/* The flows of one step of the ring, chunk bytes per member. */
void ring_round(struct round *, const struct ring *, double chunk);

/* A binomial tree over a list of workers, rooted at the first.  Reduce
 * round i (d = 2^i): a member whose lowest set bit is i sends to member
 * me - d and is done; the broadcast retraces the rounds backwards. */
struct tree {
	const int	*members;	/* worker of member i; NULL: i itself */
	int		 g;		/* members */
	int		 levels;	/* ceil(lg g) */
};

void tree_init(struct tree *, const int *members, int g);
int tree_worker(const struct tree *, int member);
/* The flows of reduce round i, bytes each (the broadcast's round i is
 * its mirror image). */
void tree_round(struct round *, const struct tree *, int i, double bytes);
void tree_round_down(struct round *, const struct tree *, int i,
    double bytes);

/* MPICH's way to run a power-of-two algorithm (recursive doubling,
 * recursive halving) on any n.  With p the largest power of two <= n and
 * r = n - p, the first 2r workers pair up: each even one hands its whole
 * vector to the odd one above it before the core and gets the result
 * back after, so that p workers run the core. */
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
/* The transfer time of the fold and the unfold, M bytes each (0 for a
 * power of two). */
double fold_rounds(struct round *, const struct fold *, double M);
/* The flows of the fold (each extra worker's M to its partner) or, out,
 * the unfold (back). */
void fold_round(struct round *, const struct fold *, double M, int out);

/* NCCL's in-order binary tree over workers 0..n-1 (rank r > 0 hangs
 * under (r ^ b) | 2b for b its lowest set bit, or under r ^ b if that is
 * past the end), relabelled: mirror 0 as is, 1 r -> n-1-r (tree B for an
 * even n), 2 r -> r+1 mod n (tree B for an odd n). */
struct btree {
	int		*parent;	/* -1 for the root */
	int		(*child)[2];	/* -1 for none */
	int		 depth;
};

void btree_make(struct btree *, int n, int mirror);
void btree_release(struct btree *);

/* Workers 0..n-1 grouped by rack_of (NULL: one each), in order of first
 * appearance: the groups of hierarchical all-reduce. */
struct groups {
	int		 n;		/* groups */
	int		*of;		/* per worker: its group */
	int		*index;		/* per worker: its place in it */
	int		*size;		/* per group */
	int		**members;	/* per group: its workers in order */
	int		*leaders;	/* per group: its first worker */
	int		 levels;	/* the deepest group tree */
};

void groups_make(struct groups *, int n, const int *rack_of);
void groups_release(struct groups *);

/* The bytes on the wire of each part when bytes are cut into n parts:
 * all n alike, bytes / n rounded up to a whole byte.  The elements of a
 * part differ by one when n does not divide them (sim_part_count); their
 * wire sizes do not, so that a round's n transfers end at one instant
 * (SimGrid re-solves the sharing at each end) and the closed form's
 * chunk is the simulated one.  At most a byte per message more than
 * bytes / n. */
double part_bytes(double bytes, int n);

/* 2d-ring's grid of n workers: want_rows rows (the scenario checked that
 * they divide n), or with want_rows 0 the squarest one. */
void grid_shape(int n, int want_rows, int *rows, int *cols);

#endif
