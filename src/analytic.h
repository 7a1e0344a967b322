/* analytic.h: the closed-form alpha-beta cost of a scenario, shown beside
 * every simulated result. */
#ifndef PSIM_ANALYTIC_H
#define PSIM_ANALYTIC_H

struct shape;

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
	char		 formula[256];		/* in symbols */
	char		 evaluated[256];	/* with the numbers */
};

/* Fill the figures common to all strategies (compute, step time,
 * required bandwidths) once a strategy has set its volumes and time. */
void analytic_finish(const struct shape *, struct analytic *);

/* Two-tier clusters: the time the busiest rack uplink needs for out[r]
 * bytes leaving and in[r] bytes entering rack r at once (0 without
 * racks).  *rack names the rack. */
double analytic_uplinks(const struct shape *, const double *out,
    const double *in, int *rack);

/* Gbps needed to move bytes within seconds. */
double analytic_gbps(double bytes, double seconds);

#endif
