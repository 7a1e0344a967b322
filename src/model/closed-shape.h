/* closed-shape.h: what a closed form knows of a scenario (struct
 * shape, which scenario/shape.c fills), and what a flow between two
 * machines pays there: the one place both the rounds of analytic.c and
 * the fluid of fluid.c read it from. */
#ifndef PSIM_CLOSED_SHAPE_H
#define PSIM_CLOSED_SHAPE_H

struct hw_curve;
struct hw_cpu;

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
	double		 compute_s;	/* compute time per step, the
					   slowest worker's (cluster.
					   compute_jitter) */
	double		 wait_s;	/* of it, the wait for the slowest
					   beyond a mean worker's compute */
	int		 steps, warmup;	/* the run's (run.steps, run.warmup):
					   a step as the run measures it */
	const double	*shard_bytes;	/* k */
	/* strategy.server_cpu: the shards' hosts' processor, NULL: free;
	 * whether it applies each push apart, and its update's bytes a
	 * parameter */
	const struct hw_cpu *server_cpu;
	int		 cpu_each;
	double		 update_B;
	double		 elem_bytes;	/* a parameter's on the wire */
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
	int		 local_reduce;	/* ps: each group (machine) reduces to
					   its first worker, which alone
					   pushes and pulls */
	double		 cycle_s;	/* all-reduce's buckets: the
					   framework's coordination loop
					   (strategy.cycle), 0: none */
	int		 groups_are_hosts; /* the groups are multi-GPU machines,
					   their uplinks the NICs */
	double		 flow_Bps;	/* network.flow_cap: no flow between
					   machines faster; 0: none */
	/* network.transport's curves (hardware.h), for flows between
	 * machines: one connection's rate by message size, and the share
	 * of its route's bandwidth it gets; NULL or no point: none. */
	const struct hw_curve *flow_rate;
	const struct hw_curve *flow_factor;
	/* A platform file's own links: route() gives the links from host
	   src to host dst as indices into the tables below (valid until its
	   next call), and a round loads every link on each flow's route
	   instead of the NIC, rack and switch model above.  NULL on a
	   generated cluster, whose routes that model is. */
	int		(*route)(void *ctx, int src, int dst, const int **links);
	void		*route_ctx;
	int		 nlinks;
	const double	*link_Bps;
	const char	*const *link_name;
	const unsigned char *link_shared; /* 0: a fat pipe, where every
					   flow gets the whole bandwidth */
	const int	*link_host;	/* the host whose NIC it is, or -1 */
};

/* Whether a flow from host src to dst crosses the network between
 * machines, where network.flow_cap and the transport apply (a machine:
 * a host, or a group on a multi-GPU cluster). */
int shape_between_machines(const struct shape *, int src, int dst);
/* For such a flow of bytes: its own cap in bytes/s (network.flow_cap
 * and the transport's rate, the lower; 0: none), and the share of its
 * route's bandwidth it gets (the transport's factor; 1: all). */
double shape_flow_cap(const struct shape *, double bytes);
double shape_flow_gain(const struct shape *, double bytes);

#endif
