/* recovery.h: faults played in a simulation, and each strategy's
 * recovery from them (recovery.c, recovery-storage.c,
 * recovery-launch.c). */
#ifndef PSIM_RECOVERY_H
#define PSIM_RECOVERY_H

struct sim;

/* With faults: draw the fault schedules (faults.c), start the
 * controller and the storage host's receivers, and register the
 * controller's hooks with the simulation (sim->hooks), before sim_run.
 * The controller's state is the simulation's (sim->rec), freed by
 * sim_free through the hooks.  Sets sim->start_down when the job starts
 * down (the controller sets it up and starts it when it can). */
void recovery_attach(struct sim *);

/* All-reduce: worker w of a (re)started job takes the checkpoint from
 * the storage host (nothing at the first start). */
void recovery_restore(struct sim *, int w);
/* All-reduce, worker 0: steps are done; checkpoint when it is time. */
void recovery_step_done(struct sim *, int steps);
/* The job has all its steps (all-reduce worker 0, or a PS's shard 0). */
void recovery_job_done(struct sim *);

/* ps: shard j saved its checkpoint at version (shard 0: with applied
 * gradients so far); its floats for a restore kept now (capture), or
 * kept by recovery_ps_capture when its bytes left. */
void recovery_ps_checkpointed(struct sim *, int j, long version,
    long applied, int capture);
void recovery_ps_capture(struct sim *, int j);

/* Send bytes from host src to the storage host and wait: a checkpoint
 * (slot: the storage receiver to use, one per sender).  Returns the
 * seconds it took. */
double recovery_checkpoint(struct sim *, int src, int slot, double bytes);

#endif
