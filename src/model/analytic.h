/* analytic.h: the closed-form alpha-beta cost of a scenario, shown beside
 * every simulated result. */
#ifndef PSIM_ANALYTIC_H
#define PSIM_ANALYTIC_H

#include "closed-shape.h"




struct analytic {
	double		 compute_s;		/* a mean worker's */
	double		 wait_s;		/* for the slowest one */
	double		 communication_s;
	double		 step_time_s;
	double		 worker_sent_bytes;	/* per step, busiest worker */
	double		 worker_received_bytes;
	double		 server_received_bytes;	/* per step, busiest server */
	double		 server_sent_bytes;
	double		 required_gbps_worker;
	double		 required_gbps_server;	/* 0 without servers */
	double		 latency_s;		/* the alpha terms */
	double		 exposed_s;		/* not hidden by backprop */
	double		 server_cpu_s;		/* strategy.server_cpu: the
						   busiest machine's CPU a
						   step, else 0 */
	double		 lower_s;		/* > 0: communication_s may be
						   above the run's, which is at
						   least this (every flow alone) */
	int		 buckets;		/* 0: reduce after compute */
	char		 formula[256];		/* in symbols */
	char		 evaluated[512];	/* with the numbers */
	char		 paced_by[96];		/* the slowest round's resource */
	const char	*dominant;		/* "latency" or "bandwidth" */
};

/* Fill the figures common to all strategies (compute, step time,
 * required bandwidths) once a strategy has set its volumes and time. */
void analytic_finish(const struct shape *, struct analytic *);

/* Gradient buckets: bucket b of bytes[b] is ready ready_s[b] seconds
 * into the step and is reduced after the one before it, taking what the
 * strategy's closed form gives for its size (a PS's: for its share of
 * each shard, shard_bytes[b * k + j]; NULL for all-reduce).  Sets the
 * communication time (the buckets' sum) and the part of it the compute
 * does not hide; call before analytic_finish().  forward_s (a PS's
 * strategy.pull "forward"; else NULL): the forward pass's time on bucket
 * b's layers, which wait for its pull after the step's barrier. */
/* A strategy's closed form (struct strategy's analytic). */
typedef void (*analytic_fn)(const struct shape *, struct analytic *);

void analytic_buckets(analytic_fn, const struct shape *,
    int n, const double *bytes, const double *ready_s,
    const double *shard_bytes, const double *forward_s, struct analytic *);

/* One round of concurrent flows between hosts, for algorithms that
 * proceed in rounds: add flows, then analytic_round_time() gives the
 * time the round's most loaded resource needs (a NIC direction, the
 * switch backplane or a rack uplink; on a platform file, any link of
 * the routes), without latency. */
struct round {
	const struct shape *s;
	double		*up, *down;	/* per host */
	double		*out, *in;	/* per rack: over its uplink */
	double		*sw;		/* per rack (or the one star): over
					   its switch backplane */
	double		*load;		/* per platform link */
	/* analytic_round_schedule(): the flows of the round under way, and
	 * when each host is done with the rounds before (else NULL); and
	 * the same with every flow alone (lo_), and whether a round's flows
	 * shared a link while starting at different times (staggered) */
	int		*fsrc, *fdst, *fround, nflows, cap, staggered;
	int		 round, first;	/* this round, and its first flow */
	double		*fbytes, *ready, *next, *lo_ready, *lo_next, lat;
	char		 binding[96];	/* what bound the last round */
	char		 worst[96];	/* what bound the slowest round */
	double		 worst_s;
	double		 flow_s;	/* the round's slowest flow between
					   machines at its own cap alone */
};
void analytic_round_init(struct round *, const struct shape *);
void analytic_round_flow(struct round *, int src, int dst, double bytes);
double analytic_round_time(struct round *);	/* and clears the round */
/* Rounds that do not wait for each other (a tree's levels, halving's
 * steps): from now on each flow of a round starts alpha after both its
 * hosts are done with their flows of the rounds before.
 * analytic_round_span() is when the last host is done: on a generated
 * cluster, with the flows as a fluid at their max-min fair rates
 * (fluid.h), so that flows of one round that start at different times
 * share a link only while both move; on a platform file, or beyond
 * FLUID_MAX_FLOWS, each flow takes the time its own busiest resource
 * needs in its round, as if the round's flows all moved together (then
 * a->lower_s may say what that leaves open). */
void analytic_round_schedule(struct round *, double alpha);
double analytic_round_span(struct round *);
/* Free the round; a->paced_by names what bound its slowest round, and
 * a->lower_s is set when the schedule was staggered: flows of one round
 * that start at different times share a link for part of the round
 * only, where the schedule counts them sharing throughout; lower_s is
 * the schedule with every flow alone, which no run can beat. */
void analytic_round_release(struct round *, struct analytic *a);

/* A parameter server's pushes and pulls as fluid flows on a generated
 * cluster (no route()): each of the nsend hosts in senders sends each
 * shard j it does not hold a flow of shard_bytes[j] to the shard's host
 * holder[j], and pulls it back as soon as every push of shard j is in;
 * every flow at its max-min fair rate over what it crosses (NIC
 * directions, switch backplanes, rack uplinks, as analytic_round_flow
 * loads them; flow_Bps), by progressive filling, recomputed as flows
 * end and begin.  Returns
 * when the last pull ends, or -1 for more than 100000 flows.  With equal
 * shards on dedicated servers it is 2 * the busiest NIC's bytes / B;
 * unequal ones end sooner (the small shards' pulls go out while the
 * large ones are still pushed) or, with shards on workers, later (those
 * pulls come in beside the pushes). */
double analytic_ps_fluid(const struct shape *, const int *holder,
    const int *senders, int nsend);

/* Gbps needed to move bytes within seconds. */
double analytic_gbps(double bytes, double seconds);

#endif
