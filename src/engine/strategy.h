/* strategy.h: one communication strategy's protocol code (a parameter
 * server or an all-reduce algorithm) behind a small vtable: the per-step
 * exchange a worker runs after its compute, any extra actors it needs (PS
 * shards).  Its name, family, flags and closed form (closed-forms.c) are
 * in the registry (registry.h); the engine looks the code up by id.
 * Strategies never print. */
#ifndef PSIM_STRATEGY_H
#define PSIM_STRATEGY_H

struct sim;
struct strategy_info;

/* A strategy's protocol code (strategy-*.c), found by the engine from the
 * registry's id (registry.h holds its name, family and flags). */
struct strategy {
	/* Create strategy state and any actors besides the workers. */
	void		 (*setup)(struct sim *);
	/* One worker's part of reducing elements [lo, lo + len) of the
	 * gradient: the whole of it after a step's compute, or one bucket of
	 * it while backprop goes on.  seq numbers these exchanges (the
	 * step, or step * buckets + bucket) for message tags and inboxes. */
	void		 (*exchange)(struct sim *, int worker, int seq, long lo,
			    long len);
	/* strategy.pull "forward": worker's reads of a step's parameters
	 * once its pushes are out, bucket by bucket in forward order, each
	 * bucket's releasing sim->pulled[worker] (NULL: exchange brings the
	 * parameters back). */
	void		 (*pull)(struct sim *, int worker, int step);
	/* With faults: a replacement worker's first pull (NULL: none). */
	void		 (*join)(struct sim *, int worker);
	/* Release what setup made (after the simulation ends). */
	void		 (*cleanup)(struct sim *);
	/* run.fast_forward skips `steps' steps (fastforward.c): the shared
	 * state (worker -1), when the first worker to end a step decides
	 * it, then each worker's own, at its end of that step (NULL: the
	 * strategy keeps no count of steps). */
	void		 (*skipped)(struct sim *, int worker, int steps);
	/* An asynchronous PS's fast-forward (fastforward-async.c): the
	 * counters that a steady state moves on by the same amount each
	 * period, up to max arrays into v and len, how many, and for each
	 * the earlier array whose amounts it moves on by (as[a], element i
	 * by element i / (len[a] / len[as[a]]) of it: a worker's last pull
	 * of a shard moves on as the shard's version, whatever the order of
	 * the pushes that came at one instant), or -1; the periods of per
	 * updates each it may skip before its next checkpoint (NULL: the
	 * strategy has no such steady state). */
	int		 (*counters)(struct sim *, long **v, size_t *len,
			    int *as, int max);
	long		 (*cycles_left)(struct sim *, long per);
};

/* The workers one receiver actor of a sync PS shard serves
 * (ps-server.c: ps_receiver); sim-engine.c counts the actors. */
#define PS_RECEIVER_WORKERS	64

/* The protocol code of a registered strategy. */
const struct strategy *strategy_of(const struct strategy_info *);

#endif
