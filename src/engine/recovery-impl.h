/* recovery-impl.h: what the fault controller's files share; nothing
 * else includes it.
 *
 *   recovery.c          the controller: it plays the fault schedules,
 *                       stops the job, settles after each instant; its
 *                       hooks, recovery_attach and the release
 *   recovery-storage.c  the storage host: its receivers, the checkpoints
 *                       (all-reduce's and the PS shards'), and restoring
 *                       them (a worker's state, a server's shard)
 *   recovery-launch.c   relaunching the job: the restart and its
 *                       launcher, an elastic ring's re-forming and its
 *                       launcher, and the job running again
 */
#ifndef PSIM_RECOVERY_IMPL_H
#define PSIM_RECOVERY_IMPL_H

#include "sim.h"

/* The controller's state, owned by the simulation (sim->rec). */
struct recovery {
	double		 horizon_s;	/* of the drawn schedules */
	double		 first_horizon_s;
	struct fault_schedule servers;	/* slots: server s is host n + s */
	struct fault_schedule links;	/* slots: worker w's NIC */
	double		*nic_Bps;	/* per worker and direction, when up */
	double		 restart_from;	/* when the last host came back */
	int		 done;
	enum { JOB_RUNNING, JOB_DOWN, JOB_RESTARTING } state;
	char		*down;		/* per host (workers, then servers) */
	char		*preempted;	/* per host: lost once at least */
	int		 wdown;	/* workers down (hosts or links) */
	int		 stalling;	/* since t_last */
	double		 t_last;
	sg_sem_t	 restored;	/* ps: a shard restored */
	int		 ckpt_asap;	/* a notice came: save after this
					   step */
	int		 spares_used;
	int		 started;	/* the job has run */
	char		*join;		/* ps: workers back, to join */
	char		*lost_for_good;	/* no spare for it */
	long		 committed;	/* ps: a checkpoint's version, whole */
	long		 pending_applied;
};

/* Whether the job is an all-reduce (else a PS). */
static inline int
is_allreduce(const struct sim *sim)
{
	return sim->sc->strategy.info->family == FAMILY_ALLREDUCE;
}

/* recovery.c: count the stall up to now (around every change of state);
 * the steps since step are lost. */
void recovery_account(struct sim *);
void recovery_forget(struct sim *, int step);

/* recovery-storage.c: start the storage host's receivers (under the
 * generation's mailbox names); a server's actor that restores shard j. */
void recovery_spawn_storage(struct sim *);
void recovery_restore_main(struct sim *, int j);

/* recovery-storage.c, sim_hooks' counters and moved (sim.h). */
int recovery_ps_counters(struct sim *, long **v, size_t *len, int max);
void recovery_ps_moved(struct sim *);

/* recovery-launch.c: the job trains (again); relaunch it once every host
 * it needs is back; re-form an elastic ring with the workers up. */
void recovery_running(struct sim *);
void recovery_restart(struct sim *);
void recovery_elastic_restart(struct sim *);

#endif
