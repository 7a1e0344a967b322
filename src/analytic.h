/* analytic.h: the closed-form alpha-beta cost of a scenario, shown beside
 * every simulated result. */
#ifndef PSIM_ANALYTIC_H
#define PSIM_ANALYTIC_H

struct shape;
struct strategy;

struct analytic {
	double		 compute_s;
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
	int		 buckets;		/* 0: reduce after compute */
	char		 formula[256];		/* in symbols */
	char		 evaluated[256];	/* with the numbers */
	char		 paced_by[96];		/* the slowest round's resource */
	const char	*dominant;		/* "latency" or "bandwidth" */
};

/* Fill the figures common to all strategies (compute, step time,
 * required bandwidths) once a strategy has set its volumes and time. */
void analytic_finish(const struct shape *, struct analytic *);

/* Gradient buckets: bucket b of bytes[b] is ready ready_s[b] seconds
 * into the step and is reduced after the one before it, taking what the
 * strategy's closed form gives for its size.  Sets the communication
 * time (the buckets' sum) and the part of it the compute does not hide;
 * call before analytic_finish(). */
void analytic_buckets(const struct strategy *, const struct shape *,
    int n, const double *bytes, const double *ready_s, struct analytic *);

/* One round of concurrent flows between hosts, for algorithms that
 * proceed in rounds: add flows, then analytic_round_time() gives the
 * time the round's most loaded resource needs (a NIC direction, the
 * switch backplane or a rack uplink), without latency. */
struct round {
	const struct shape *s;
	double		*up, *down;	/* per host */
	double		*out, *in;	/* per rack: over its uplink */
	double		*sw;		/* per rack (or the one star): over
					   its switch backplane */
	char		 binding[96];	/* what bound the last round */
	char		 worst[96];	/* what bound the slowest round */
	double		 worst_s;
};
void analytic_round_init(struct round *, const struct shape *);
void analytic_round_flow(struct round *, int src, int dst, double bytes);
double analytic_round_time(struct round *);	/* and clears the round */
/* Free the round; a->paced_by names what bound its slowest round. */
void analytic_round_release(struct round *, struct analytic *a);

/* Gbps needed to move bytes within seconds. */
double analytic_gbps(double bytes, double seconds);

#endif
