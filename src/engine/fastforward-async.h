/* fastforward-async.h: run.fast_forward for an asynchronous PS, whose
 * steady state has no quiet cut: the whole run frozen and moved on by
 * whole periods (fastforward-async.c says when and what it keeps). */
#ifndef PSIM_FASTFORWARD_ASYNC_H
#define PSIM_FASTFORWARD_ASYNC_H

#include <simgrid/forward.h>

struct ffa;
struct sim;

/* The state of it for sim (after its metrics), or NULL where it does not
 * apply. */
struct ffa *ffa_create(struct sim *);
void ffa_free(struct ffa *);
/* Its actor started, with the job's (and again at a relaunch); every
 * actor of the job was killed (a fault stopped it). */
void ffa_start(struct sim *);
void ffa_stopped(struct sim *);
/* Worker w's actor computes (me) or no longer does (NULL), or is gone
 * or starts afresh (ffa_worker, its step under way forgotten). */
void ffa_computing(struct sim *, int w, sg_actor_t me);
void ffa_worker(struct sim *, int w);
/* At worker w's end of a step, before its record: the steps a skip
 * moved its step on (0 but after one), seq, start and compute_end (the
 * step's times, simulated s) moved with it. */
int ffa_adjust(struct sim *, int w, int *seq, double *start,
    double *compute_end);
/* After its record: whether the run repeats there, and a skip asked. */
void ffa_step_end(struct sim *, int w, int seq);
/* Shard j begins a checkpoint (ps-conn.c's save). */
void ffa_checkpoint(struct sim *, int j);
/* The steps skipped (each worker's, once), their messages. */
long ffa_skipped(const struct ffa *);
long ffa_messages(const struct ffa *);

#endif
