/* strategy.h: one communication strategy's protocol code (a parameter
 * server or an all-reduce algorithm) behind a small vtable: the per-step
 * exchange a worker runs after its compute, any extra actors it needs (PS
 * shards), and its closed-form cost.  Its name, family and flags are data
 * in the registry (registry.h); the engine looks the code up by id.
 * Strategies never print. */
#ifndef PSIM_STRATEGY_H
#define PSIM_STRATEGY_H

struct sim;
struct analytic;
struct strategy_info;

/* The numbers a closed form needs, filled by the simulator from the
 * scenario and the platform. */
struct shape {
	int		 n;		/* workers */
	int		 k;		/* PS shards (0 for all-reduce) */
	int		 servers;	/* dedicated server hosts */
	double		 M;		/* gradient bytes per worker */
	double		 B;		/* NIC bytes/s per direction */
	double		 alpha;		/* one-way latency to the farthest host */
	double		 alpha_local;	/* to worker 1 when in worker 0's group
					   (rack or machine), else alpha */
	double		 switch_Bps;	/* switch backplane, 0: unlimited */
	double		 compute_s;	/* compute time per step */
	const double	*shard_bytes;	/* k */
	const int	*shard_worker;	/* k: worker hosting it, or -1 */
	const int	*shard_server;	/* k: dedicated server index or -1 */
	/* Two-tier clusters: the rack of each host (workers 0..n-1, then
	 * dedicated servers), and each rack's uplink; racks 0 otherwise. */
	int		 racks;
	const int	*rack_of;
	const double	*uplink_Bps;
	int		 grid_rows;	/* 2d-ring: 0 for the squarest */
	int		 chunks;	/* ps: pipelined chunks per shard */
	int		 bytesps;	/* ps: BytePS's layout */
	int		 groups_are_hosts; /* the groups are multi-GPU machines,
					   their uplinks the NICs */
};

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
	/* With faults: a replacement worker's first pull (NULL: none). */
	void		 (*join)(struct sim *, int worker);
	/* Release what setup made (after the simulation ends). */
	void		 (*cleanup)(struct sim *);
	/* Closed-form alpha-beta cost for the same case. */
	void		 (*analytic)(const struct shape *, struct analytic *);
};

/* The protocol code of a registered strategy. */
const struct strategy *strategy_of(const struct strategy_info *);

#endif
