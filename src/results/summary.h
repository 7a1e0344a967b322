/* summary.h: a finished run's figures (struct results) from plain data:
 * the step records, the byte ledgers per host and per link, the counts
 * of a parameter server that does not run in lock step, the fault
 * counts, and the scenario (its prices, warm-up, batch).  The engine's
 * metrics.c copies its ledgers into a struct summary_in at the end of a
 * run; no SimGrid here, so unit-summary works the figures out by hand. */
#ifndef PSIM_SUMMARY_H
#define PSIM_SUMMARY_H

#include <stddef.h>

#include "results.h"

struct scenario;

/* A host with a role, workers first, then dedicated servers, then the
 * checkpoint storage. */
struct summary_host {
	const char	*name;
	int		 worker;	/* worker rank, or -1 */
	int		 server;	/* dedicated server rank, or -1 */
	int		 storage;	/* the checkpoint storage */
	int		 shards;	/* PS shards it holds */
	int		 group;		/* multi-GPU: its machine, else -1 */
	double		 sent;		/* bytes to other hosts */
	double		 received;	/* bytes from other hosts */
	int		 nic_up;	/* its NIC's links, into links: the */
	int		 nic_down;	/* first out, the last in; or -1 */
	double		 cpu_s;		/* its CPU's seconds for a PS's
					   batches, if it is a machine's
					   first host (strategy.server_cpu) */
};

/* A link of the platform, and the bytes the routes charged it. */
struct summary_link {
	const char	*name;
	double		 bytes;
	double		 Bps;		/* its bandwidth at the end */
	int		 remote;	/* it carried traffic between hosts
					   (else a loopback) */
};

struct summary_in {
	const struct scenario *sc;
	/* Step records, [step * nworkers + worker], simulated seconds: when
	 * the worker began the step, ended its compute, ended the step (0:
	 * it never ran the step); with gradient buckets, busy is the
	 * seconds its comm actor spent reducing and held the seconds its
	 * compute waited for parameters, inside t_start..t_compute (else
	 * NULL).  steps: the job's. */
	int		 nworkers;
	int		 steps;
	const double	*t_start, *t_compute, *t_end, *busy, *held;
	/* A parameter server that does not run in lock step (async, ssp,
	 * backup): when each of the applied updates was applied; the
	 * staleness of the gradients applied, as a histogram of stale_bins
	 * bins (the last takes the rest), their count, sum and maximum; the
	 * gradients dropped; the most clocks a worker began ahead (-1:
	 * none). */
	long		 applied;
	const double	*update_t;
	const long	*stale_hist;
	long		 stale_bins;
	long		 stale_count, stale_max;
	double		 stale_sum;
	double		 dropped;
	long		 ahead;
	int		 nhosts;
	const struct summary_host *hosts;
	size_t		 nlinks;
	const struct summary_link *links;
	struct fault_stats fstats;	/* with faults */
	long		 messages;
	long		 fast_forwarded;	/* steps skipped (run.fast_forward) */
	long		 ff_messages;	/* messages counted, never simulated */
};

/* The run's results beside its closed form a; wall_s is the engine's
 * wall-clock time.  The training figures are left empty (the engine's
 * numerics fill them). */
struct results *summary_results(const struct summary_in *,
    const struct analytic *a, double wall_s);

#endif
