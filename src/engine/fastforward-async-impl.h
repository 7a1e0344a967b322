/* fastforward-async-impl.h: what the asynchronous PS's fast-forward
 * files share; nothing else includes it.
 *
 *   fastforward-async.c   the period: every worker's step the one
 *                         before shifted by T; the freezer, its freeze
 *                         and its bookkeeping
 *   fastforward-window.c  the checkpoint window: under faults each
 *                         shard checkpoints every faults.checkpoint.every
 *                         steps, which a period's skip stops short of;
 *                         once whole windows repeat, whole windows are
 *                         skipped, checkpoints and all
 */
#ifndef PSIM_FASTFORWARD_ASYNC_IMPL_H
#define PSIM_FASTFORWARD_ASYNC_IMPL_H

#include <stddef.h>

#include <simgrid/forward.h>

struct sim;

#define FFA_ARRAYS	8	/* the counters' arrays at most */
#define FFA_DOUBLES	2	/* the fault figures a window adds to */
#define FFA_TRIES	8	/* instants tried for a freeze */

/* A repeat: how long it lasts (simulated s), how many steps each live
 * worker does in it, and its numbers (a snapshot's, [nv]). */
struct ffa_repeat {
	double		 T;
	int		 steps;
	const double	*inc;
};

struct ffa {
	int		 n;
	size_t		 nl;		/* the metrics' ledgers */
	size_t		 nv;		/* a snapshot's numbers: the ledgers,
					   the updates, the counters, the
					   fault figures */
	int		 narr;
	long		*arr[FFA_ARRAYS];
	size_t		 len[FFA_ARRAYS];
	int		 as[FFA_ARRAYS];	/* strategy.h's counters */
	double		*dbl[FFA_DOUBLES];
	double		*s0, *s1;	/* [nv]: snapshots a period apart */
	double		*inc;		/* [nv]: a period's numbers */
	double		*add;		/* [nl]: the skip's ledgers */
	int		*last;		/* per worker: last step recorded */
	int		*moved;		/* per worker: steps its step under
					   way moves on */
	sg_actor_t	*computing;	/* per worker, while it computes */
	sg_actor_t	*held;		/* per worker, suspended by a freeze */
	double		 at, shift;	/* the last freeze: when, how long */
	double		 T;		/* the period */
	double		 since;		/* the proof's first step's start */
	int		 asked;		/* a skip is asked of the freezer */
	long		 skipped, messages;
	struct ffw	*win;		/* the windows' (fastforward-window.c) */
};

/* fastforward-async.c */
int ffa_live(const struct sim *, int w);
/* The tolerance of two instants near e being a period T apart. */
double ffa_tol(double T, double e);
/* The numbers into v ([nv]); the numbers that move on as others do
 * made so in inc (strategy.h: counters). */
void ffa_take(struct sim *, struct ffa *, double *v);
void ffa_follow(const struct ffa *, double *inc);
/* Freeze the run now for m repeats of r: 0, or -1 if the instant does
 * not allow it (nothing changed then). */
int ffa_freeze(struct sim *, struct ffa *, const struct ffa_repeat *r,
    long m);
/* The instants after t0 to try a freeze at (FFA_TRIES at most), into
 * at; how many. */
int ffa_instants(const struct sim *, const struct ffa *, double t0,
    double *at);
/* Sleep to instant t, and let the actors due then go first. */
void ffa_wait_until(double t);

/* fastforward-window.c */
struct ffw *ffw_create(int nworkers);
void ffw_free(struct ffw *);
/* Shard 0 begins a checkpoint now. */
void ffw_mark(struct sim *, struct ffa *);
/* A period's skip ended now: the window's snapshot instant chosen if
 * none is. */
void ffw_landed(struct sim *, struct ffa *);
/* The instant of the window's next snapshot (INFINITY for none), which
 * a period's skip ends a period before; and, at it, the snapshot, and
 * whole windows skipped when the last ones repeat. */
double ffw_next(const struct ffa *);
void ffw_at(struct sim *, struct ffa *);

#endif
