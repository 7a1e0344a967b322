/* metrics.h: what a run measures, in the engine.  Per-step times of every
 * worker, byte ledgers per host and per link (psim's own, built from the
 * routes), copied at the end into the summary's plain inputs (summary.h),
 * which makes the results (results.h). */
#ifndef PSIM_METRICS_H
#define PSIM_METRICS_H

#include <simgrid/host.h>
#include <simgrid/link.h>

#include "results.h"

struct metrics;
struct scenario;
struct summary_host;
struct summary_in;

/* The ledgers of a run of sc on nhosts hosts (by index, as the engine
 * numbers them: workers first), nworkers of them workers, with or
 * without gradient buckets (a comm actor's busy time). */
struct metrics *metrics_create(const struct scenario *sc,
    const sg_host_t *hosts, int nhosts, int nworkers, int buckets);
void metrics_free(struct metrics *);

/* Step records, simulated seconds. */
void metrics_step(struct metrics *, int worker, int step, double start,
    double compute_end, double end);
/* run.duration: the job ends with its first steps steps (the rows beyond
 * were never begun). */
void metrics_end(struct metrics *, int steps);
/* The step records from step on are forgotten (a job rolled back). */
void metrics_forget(struct metrics *, int step);
/* Worker w's record of step (start, end of compute, end): 0, or -1 if
 * none was made. */
int metrics_record(const struct metrics *, int w, int step, double *start,
    double *compute_end, double *end);
/* Host h's CPU (a machine's first host) was busy busy_s with a PS's
 * batch (strategy.server_cpu). */
void metrics_cpu(struct metrics *, int h, double busy_s);
/* The ledgers as numbers (messages, each host's bytes sent and
 * received and CPU seconds, each link's bytes, the staleness counts): how many
 * (metrics_ledgers(m, NULL)), or copied into v.  metrics_add_ledgers
 * adds v to them. */
size_t metrics_ledgers(const struct metrics *, double *v);
#define METRICS_LEDGER_MESSAGES	0	/* the messages' place in v */
void metrics_add_ledgers(struct metrics *, const double *v);
/* With gradient buckets: the seconds worker w's comm actor spent reducing
 * in a step (some of it hidden behind backprop). */
void metrics_comm(struct metrics *, int worker, int step, double busy_s);
/* With buckets: the seconds worker's compute of step waited for its
 * parameters (strategy.pull "forward"): communication, not compute. */
void metrics_held(struct metrics *, int worker, int step, double held_s);

/* Parameter servers that do not run in lock step (async, ssp, backup):
 * a gradient applied after `stale` other updates; an update applied to
 * the parameters; a fraction of a gradient dropped (1/k per shard that
 * drops it); a worker starting a step `ahead` clocks ahead of the
 * slowest. */
void metrics_staleness(struct metrics *, long stale);
void metrics_applied(struct metrics *);
/* The updates applied so far; and a fast-forward's: the last `per' again
 * `times' times, each time T later than the time before, then the first
 * `more' of them once more, (times + 1) T later than the originals. */
long metrics_updates(const struct metrics *);
void metrics_repeat_updates(struct metrics *, long per, long times,
    long more, double T);
void metrics_dropped(struct metrics *, double);
void metrics_ahead(struct metrics *, long ahead);

/* Host h's NIC link, sending (up 1) or receiving, or NULL if none. */
sg_link_t metrics_nic_link(const struct metrics *, int h, int up);

/* psim's table of the engine's links, in the ledgers' order; the route
 * from host src to host dst as indices into it (valid until the next
 * call), its length returned. */
size_t metrics_links(const struct metrics *, sg_link_t **);
int metrics_route(struct metrics *, int src, int dst, const int **links);

/* Bytes leaving host src for dst (counted when posted). */
void metrics_sent(struct metrics *, int src, int dst, double bytes);
/* Bytes arriving at host dst from src (counted when received); with
 * on_links, charges every link of the route (not for memory traffic
 * between two actors of one host: sim_local_free). */
void metrics_received(struct metrics *, int src, int dst, double bytes,
    int on_links);
/* The same for n messages of bytes in all (a fast-forward's). */
void metrics_received_n(struct metrics *, int src, int dst, double bytes,
    int on_links, long n);
/* The ledgers into the summary's inputs (summary.h): the step records,
 * the PS's counts, the links, and each host's bytes and NIC into
 * hosts[0 .. nhosts), whose roles the caller fills (sim_results).  What
 * in points to stays the metrics' until metrics_free. */
void metrics_summary(struct metrics *, struct summary_in *in,
    struct summary_host *hosts);

#endif
