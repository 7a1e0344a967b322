/* recovery.h: faults played in a simulation, and each strategy's
 * recovery from them (recovery.c). */
#ifndef PSIM_RECOVERY_H
#define PSIM_RECOVERY_H

#include "faults.h"

struct sim;
struct scenario;

/* The schedule of the workers', the servers' or the worker links' fault
 * process (which) for nslots hosts, drawn up to horizon_s or from its trace:
 * the same seed draws the same first events whatever the horizon.
 * Returns -1 with *error set when the trace cannot be read. */
enum { FAULTS_OF_WORKERS, FAULTS_OF_SERVERS, FAULTS_OF_LINKS };
int recovery_schedule(const struct scenario *, int which, int nslots,
    double horizon_s, struct fault_schedule *, char **error);
/* The first horizon drawn: a few times the fault-free run. */
double recovery_horizon(const struct scenario *);

/* Draw or read the fault schedules and start the controller and the
 * storage host's receivers; sim_run calls it before the workers start.
 * Returns 1 when the job starts down (the controller sets it up and
 * starts it when it can), 0 when sim_run starts it, or -1 with *error
 * set when a trace cannot be read. */
int recovery_setup(struct sim *, char **error);

/* Free what the controller kept (after the run). */
void recovery_free(void);

/* All-reduce: worker w of a (re)started job takes the checkpoint from
 * the storage host (nothing at the first start). */
void recovery_restore(struct sim *, int w);
/* All-reduce, worker 0: steps are done; checkpoint when it is time. */
void recovery_step_done(struct sim *, int steps);
/* The job has all its steps (all-reduce worker 0, or a PS's shard 0). */
void recovery_job_done(struct sim *);

/* ps: shard j saved its checkpoint at version (shard 0: with applied
 * gradients so far); keep its floats for a restore. */
void recovery_ps_checkpointed(struct sim *, int j, long version,
    long applied);

/* Send bytes from host src to the storage host and wait: a checkpoint
 * (slot: the storage receiver to use, one per sender).  Returns the
 * seconds it took. */
double recovery_checkpoint(struct sim *, int src, int slot, double bytes);

#endif
