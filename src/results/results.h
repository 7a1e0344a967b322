/* results.h: what a run found, as plain data: step times, traffic per
 * host and link, the bottleneck, protocol and training figures, fault
 * counts, beside the closed form.  No SimGrid and no engine here:
 * metrics.c fills it from its ledgers, results.c derives the summary
 * figures (busiest hosts, the bottleneck) from numbers, and the reports
 * (report.c) turn it into words. */
#ifndef PSIM_RESULTS_H
#define PSIM_RESULTS_H

#include "analytic.h"

/* A point of the loss curve (numerics real or proxy). */
struct loss_point {
	double		 step;		/* synchronous-step equivalents */
	double		 simulated_s;
	double		 loss;
};

/* What the fault controller counted (recovery.c). */
struct fault_stats {
	int		 preemptions, notices, restarts, joins;
	int		 server_failures;
	int		 no_spare;	/* returns with no spare left */
	int		 link_failures;	/* worker NICs down */
	long		 lost_steps;
	double		 stalled_s, restart_s, checkpoint_s;
	double		 saved_beside_s;	/* of checkpoint_s, an asynchronous
					   PS's: sent beside its steps */
	double		 done_s;	/* when the job reached its steps */
	double		 end_s;		/* when the run ended */
	double		 worker_up_s;	/* worker hosts' time up, summed */
	/* by enum fault_of: a trace's hosts that map to no slot (the
	 * first is the trace's host number slots[k]), and their events */
	int		 unreplayed_hosts[3], unreplayed_events[3], slots[3];
};

/* A host psim gave a role: a worker, a dedicated server, or the
 * checkpoint storage (report_role() says it in words). */
struct host_result {
	char		*name;
	int		 worker;	/* worker rank, or -1 */
	int		 server;	/* dedicated server rank, or -1 */
	int		 storage;	/* the checkpoint storage host */
	int		 shards;	/* PS shards it holds */
	int		 group;		/* multi-GPU: its machine, else -1 */
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
	int		 host;		/* host index whose NIC it is, -1, or -2
					   for a loopback (no network) */
	int		 up;		/* NIC direction: 1 sending, 0 receiving */
	int		 both_ways;	/* one link for both directions (a
					   SimGrid SHARED NIC, half-duplex):
					   its bytes are both ways' */
	int		 group;		/* multi-GPU: the machine whose NIC it
					   is, else -1 */
	char		*group_name;	/* that machine's name, or NULL */
	int		 cpu_host;	/* multi-GPU: the NIC is a dedicated
					   server's CPU-only host's */
};

struct traffic {
	int		 present;
	int		 host;		/* busiest host index */
	double		 bytes_sent_per_step;
	double		 bytes_received_per_step;
	double		 required_gbps;
};

/* What a step waits for (report_bottleneck() says it in words); or,
 * BN_FAULTS, that the job stood still (stalled, restarting,
 * checkpointing) for more than half the run. */
enum bottleneck_kind { BN_COMPUTE, BN_LATENCY, BN_INTRA_HOST, BN_WORKER_NIC,
	BN_SERVER_NIC, BN_SWITCH, BN_SERVER_CPU, BN_FAULTS };
struct bottleneck {
	enum bottleneck_kind kind;
	int		 link;		/* into links: the busiest, or -1 */
	double		 utilization;	/* BN_FAULTS: of the run, stood
					   still */
	enum bottleneck_kind step;	/* BN_FAULTS: what a step waits for
					   between faults; else kind */
	double		 step_utilization; /* of that; else utilization */
	int		 gpus;		/* multi-GPU: GPUs sharing the NIC */
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

/* run.replicates: the same scenario under n seeds, each run's figures
 * by the CSV report's column names (replicates.c). */
struct replicates {
	int		 n;
	unsigned long	*seeds;		/* [n]: seeds[0] is the scenario's */
	int		 nfig;
	char		**names;	/* [nfig] */
	double		*v;		/* [n * nfig]; NaN: no such figure */
};

/* The index of the figure called name (its CSV column's name) in rep, or
 * -1 (also when rep is NULL). */
int replicates_figure(const struct replicates *, const char *name);
/* Figure j's mean, sd and ci95 over the replicates; the runs that have
 * it (stats_of's count). */
int replicates_stats(const struct replicates *, int j, double *mean,
    double *sd, double *ci);

struct results {
	int		 steps;
	int		 measured;	/* steps after warm-up */
	int		 timed;		/* of them, the steps that finished
					   (0: the averages are no step's) */
	double		 step_mean_s, step_p50_s, step_p95_s, step_max_s;
	double		 compute_s, communication_s, wait_s;
	double		 between_s;	/* before a step's compute starts,
					   after the step before it ended:
					   stalls, restarts, checkpoints */
	double		 exposed_s;	/* communication not hidden by compute */
	double		 server_cpu_s;	/* strategy.server_cpu: the busiest
					   machine's CPU seconds a step for a
					   PS's sums and updates, else 0 */
	int		 server_cpu_host; /* that machine's first host */
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
	double		 goodput_steady_steps_per_s; /* after the warm-up and
						   the first 10% of the run */
	/* cluster.price_per_hour: hours each role's hosts were up, and what
	 * they cost (per 1000 useful steps: < 0 when the job gave up) */
	struct cost {
		int	 present;
		double	 worker_h, server_h, storage_h;
		double	 total, per_1000_steps;
	} cost;
	double		 total_sent, total_received;
	long		 messages;
	long		 fast_forwarded; /* steps skipped, run.fast_forward */
	long		 ff_messages;	/* of messages: skipped steps' and
					   rounds', never simulated */
	double		 wall_s;	/* wall-clock seconds of the engine */
	struct replicates *rep;		/* run.replicates > 1, else NULL */
};

/* The busiest worker and server (results.worker, .server; servers
 * too: whether the strategy has any) and the bottleneck, from the hosts,
 * links and step figures; gpus is the GPUs per machine (1 but on a
 * generated multi-GPU cluster).  Sorts the links by utilization. */
void results_summarize(struct results *, int servers, int gpus);
/* The fault events a run saw: preemptions, server and link failures
 * (what run.min_fault_events counts). */
int fault_stats_events(const struct fault_stats *);
/* The simulated seconds the job stood still: stalled, restarting and
 * checkpointing, but for the checkpoints sent beside its steps. */
double fault_stats_still(const struct fault_stats *);

void results_free(struct results *);

#endif
