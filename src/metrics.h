/* metrics.h: what a run measured.  Per-step times of every worker, byte
 * ledgers per host and per link (psim's own, built from the routes), and
 * the summary a report prints, with the bottleneck named. */
#ifndef PSIM_METRICS_H
#define PSIM_METRICS_H

#include "analytic.h"
#include "sim.h"
#include "numerics.h"

struct sim;

struct metrics;

struct metrics *metrics_create(struct sim *, int steps);
void metrics_free(struct metrics *);

/* Step records, simulated seconds. */
void metrics_step(struct metrics *, int worker, int step, double start,
    double compute_end, double end);
/* The step records from step on are forgotten (a job rolled back). */
void metrics_forget(struct metrics *, int step);
/* With gradient buckets: the seconds worker w's comm actor spent reducing
 * in a step (some of it hidden behind backprop). */
void metrics_comm(struct metrics *, int worker, int step, double busy_s);

/* Parameter servers that do not run in lock step (async, ssp, backup):
 * a gradient applied after `stale` other updates; an update applied to
 * the parameters; a fraction of a gradient dropped (1/k per shard that
 * drops it); a worker starting a step `ahead` clocks ahead of the
 * slowest. */
void metrics_staleness(struct metrics *, long stale);
void metrics_applied(struct metrics *);
void metrics_dropped(struct metrics *, double);
void metrics_ahead(struct metrics *, long ahead);

/* Host h's NIC link, sending (up 1) or receiving, or NULL if none. */
sg_link_t metrics_nic_link(const struct metrics *, int h, int up);

/* Bytes leaving host src for dst (counted when posted). */
void metrics_sent(struct metrics *, int src, int dst, double bytes);
/* Bytes arriving at host dst from src (counted when received); charges
 * every link of the route. */
void metrics_received(struct metrics *, int src, int dst, double bytes);

struct host_result {
	char		*name;
	char		 role[48];	/* "worker 3", "server 0", "worker 0 + 1 shard" */
	int		 is_worker;
	int		 shards;
	double		 bytes_sent;
	double		 bytes_received;
	double		 nic_Bps;
	double		 nic_utilization;
};

struct link_result {
	char		*name;
	double		 bytes;
	double		 bandwidth_Bps;
	double		 utilization;
	int		 host;		/* host index whose NIC it is, or -1 */
	int		 up;		/* NIC direction: 1 sending, 0 receiving */
};

struct traffic {
	int		 present;
	int		 host;		/* busiest host index */
	double		 bytes_sent_per_step;
	double		 bytes_received_per_step;
	double		 required_gbps;
};

struct bottleneck {
	const char	*kind;	/* worker-nic server-nic switch compute latency */
	char		 resource[128];
	double		 utilization;
	char		 explanation[512];
};

/* How the parameter server applied gradients (async, ssp, backup). */
struct protocol {
	int		 present;
	long		 applied;	/* updates to the parameters */
	double		 updates_per_s;
	double		 dropped;	/* gradients */
	long		 stale_count;	/* gradients applied */
	double		 stale_mean;
	long		 stale_p95, stale_max;
	long		*stale_hist;	/* [0 .. stale_bins) */
	int		 stale_bins;
	long		 max_ahead;	/* ssp, else -1 */
};

/* Real gradients (numerics "real" or "proxy"): what training reached. */
struct training {
	int		 present;
	double		 teacher_loss, initial_loss, final_loss;
	double		 time_to_target_s;	/* < 0: not reached */
	double		 serial_deviation;	/* < 0: not comparable */
	double		 reduce_error;		/* < 0: not checked */
	struct loss_point *curve;
	int		 ncurve;
};

struct results {
	int		 steps;
	int		 measured;	/* steps after warm-up */
	double		 step_mean_s, step_p50_s, step_p95_s, step_max_s;
	double		 compute_s, communication_s, wait_s;
	double		 exposed_s;	/* communication not hidden by compute */
	double		 overlap_ratio;	/* 1 - exposed / communication */
	double		 throughput_samples_per_s;
	double		 simulated_s;	/* the whole run */
	struct traffic	 worker, server;
	int		 nhosts;
	struct host_result *hosts;
	int		 nlinks;
	struct link_result *links;	/* by utilization, highest first */
	struct bottleneck bottleneck;
	struct analytic	 analytic;
	struct protocol	 protocol;
	struct training	 training;
	int		 faults;	/* fstats is meaningful */
	struct fault_stats fstats;
	double		 goodput_steps_per_s;
	/* cluster.price_per_hour: hours each role's hosts were up, and what
	 * they cost (per 1000 useful steps: < 0 when the job gave up) */
	struct cost {
		int	 present;
		double	 worker_h, server_h, storage_h;
		double	 total, per_1000_steps;
	} cost;
	double		 total_sent, total_received;
	long		 messages;
	double		 wall_s;	/* wall-clock seconds of the engine */
};

/* Summarise a finished run beside its closed form; wall_s as sim_run()
 * returned it. */
struct results *metrics_results(struct metrics *, const struct analytic *,
    double wall_s);
void results_free(struct results *);

#endif
