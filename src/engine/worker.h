/* worker.h: the actors of a simulation (worker.c): how any is started,
 * and the workers' step loop, as the strategies, the fault controller and
 * fast-forward start and steer it. */
#ifndef PSIM_WORKER_H
#define PSIM_WORKER_H

#include <simgrid/actor.h>

struct sim;

/* Start an actor running fn(sim, index) on a host. */
sg_actor_t sim_spawn(struct sim *, const char *name, int hidx,
    void (*fn)(struct sim *, int), int index);

/* Start worker w's actors: the worker, and its comm actor with buckets. */
void sim_spawn_worker(struct sim *, int w);
/* With faults: worker w's actor is gone, killed or at its end. */
void sim_worker_gone(struct sim *, int w, int killed);
/* After a relaunch: the bucket semaphores empty again. */
void sim_reset_buckets(struct sim *);

/* run.duration and run.min_fault_events: whether the run is past its
 * end, the clock at or past the duration and the faults seen at least
 * that many (either 0 when not given); never for a run of steps alone,
 * unless run.stop_at_target and the test loss has reached the target.
 * No step begins after it: the workers stop, all-reduce's and a sync
 * PS's together, and with faults a PS's servers cut the job's steps
 * (sim->steps) to those under way at their next update. */
int sim_past_end(const struct sim *);

/* All-reduce's rounds, for --timeline's messages: an exchange numbers
 * its rounds from 0, pattern after pattern (ring, tree, fold ...).
 * Worker w's next sends are in its pattern's round r; a pattern done,
 * the next one numbers on from its k rounds (every worker moves on,
 * those that sat it out too). */
void sim_round(struct sim *, int w, int r);
void sim_rounds_done(struct sim *, int w, int k);

#endif
