/* fluid.h: flows as a fluid on a generated cluster (no platform file):
 * every flow moves at its max-min fair rate over the NIC directions,
 * switch backplanes and rack uplinks it crosses (as analytic_round_flow
 * loads them) and the flow cap, the rates found by progressive filling
 * and found again whenever a flow ends or starts.  A flow starts when
 * the caller's rule says: after other flows (a PS's pulls after their
 * shard's pushes; a round's flows after their hosts' flows of the rounds
 * before).  This is the closed forms' model of what SimGrid's max-min
 * solver does on the ideal network, written from the definition: the
 * closed forms that follow flows (analytic.c) use it.  Pure. */
#ifndef PSIM_FLUID_H
#define PSIM_FLUID_H

#include "closed-shape.h"

/* The most flows fluid_run takes; the closed forms fall back on rounds
 * beyond it. */
#define FLUID_MAX_FLOWS	100000

struct fluid_flow {
	int		 src, dst;	/* hosts: workers, then servers */
	double		 bytes;
	int		 tag;		/* the caller's: a shard, a round */
	/* fluid_run's */
	int		 nres, res[6], state;
	double		 left, rate, cap, gain;
};

struct fluid_rules {
	/* Whether flow f may start, now or at *at (>= now) */
	int		(*may_start)(void *ctx, const struct fluid_flow *f,
			    double now, double *at);
	/* Flow f ended at t. */
	void		(*ended)(void *ctx, const struct fluid_flow *f,
			    double t);
	void		*ctx;
};

/* Run the n flows on s's generated cluster (s->route NULL) by rules;
 * when the last one ends.  -1 if some flow never starts, or n is above
 * FLUID_MAX_FLOWS. */
double fluid_run(const struct shape *s, struct fluid_flow *f, int n,
    const struct fluid_rules *rules);

#endif
