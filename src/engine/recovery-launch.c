/* recovery-launch.c: relaunching a job under faults.  A restart (once
 * every host the job needs is back) relaunches it from its checkpoint
 * under fresh mailbox names, and its launcher, after faults.restart,
 * sends the all-reduce workers their state or has the PS servers restore
 * their shards, then starts the workers.  An elastic ring re-forms with
 * the workers up, and its launcher, after the rendezvous, has a
 * survivor send its state to those without.  The job runs again once
 * it has its state (recovery_running). */
#include "config.h"

#include <string.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>

#include "fastforward-async.h"
#include "recovery-impl.h"
#include "sim.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "sim-timeline.h"
#include "numerics.h"
#include "strategy.h"

/* The job trains (again): a relaunch is done (the first start is not a
 * restart). */
void
recovery_running(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	recovery_account(sim);
	if (ctl->started) {
		sim->fstats.restart_s += simgrid_get_clock() -
		    ctl->restart_from;
		sim->fstats.restarts++;
		sim_mark(sim, sim->storage, "restart", -1);
	}
	ctl->started = 1;
	ctl->state = JOB_RUNNING;
	recovery_account(sim);
}

/* After faults.restart, start the relaunched job: all-reduce workers are
 * sent the checkpoint as they start; PS servers first restore every
 * shard from the storage host, then the workers that are up join.  A
 * failure meanwhile kills this actor too. */
static void
launcher(struct sim *sim, int unused)
{
	struct recovery *ctl = sim->rec;
	int w, j, restore = sim->checkpointed;

	(void)unused;
	sg_actor_daemonize(sg_actor_self());
	if (sim->sc->faults.restart_s > 0 && ctl->started)
		sg_actor_sleep_for(sim->sc->faults.restart_s);
	if (is_allreduce(sim)) {
		for (w = 0; w < sim->nworkers; w++) {
			if (sim->need_state[w])
				sim_send_bytes(sim, sim->worker_mbox[w],
				    sim->storage, w, -1,
				    sim->sc->faults.ckpt_bytes, 1);
			sim_spawn_worker(sim, w);
		}
		if (!ctl->started)	/* nobody to take a state: go */
			recovery_running(sim);
		return;
	}
	for (j = 0; j < sim->layout.nshards && restore; j++) {
		sim_send_bytes(sim, sim_mailbox(sim, "restore", j),
		    sim->storage, sim->shard_hidx[j], -1,
		    sim->sc->faults.ckpt_bytes *
		    (double)sim->layout.shard_count[j] /
		    (double)sim->layout.elements, 1);
		sim_spawn(sim, "restore", sim->shard_hidx[j],
		    recovery_restore_main, j);
	}
	for (j = 0; j < sim->layout.nshards && restore; j++)
		sg_sem_acquire(ctl->restored);
	/* from here on nothing blocks: the job is whole again at once */
	sim->strategy->setup(sim);
	ffa_start(sim);
	for (w = 0; w < sim->nworkers; w++) {
		if (ctl->down[w])
			continue;
		if (ctl->started)
			sim_new_incarnation(sim, w);
		sim_spawn_worker(sim, w);
	}
	recovery_running(sim);
}

/* Elastic: a survivor (or, with none, the storage host) sends its state
 * to a worker that has none. */
static void
state_sender(struct sim *sim, int w)
{
	int src = sim->storage, i;

	for (i = 0; i < sim->nmembers; i++) {
		if (!sim->need_state[sim->members[i]]) {
			src = sim->members[i];
			break;
		}
	}
	sim_send_bytes(sim, sim->worker_mbox[w], src, w, -1, src ==
	    sim->storage ? sim->sc->faults.ckpt_bytes :
	    scenario_model_bytes(sim->sc), 1);
}

/* Elastic: after the rendezvous the ring re-forms with the workers up;
 * those without state get it from a survivor's host. */
static void
elastic_launcher(struct sim *sim, int unused)
{
	int i, w, src;

	(void)unused;
	sg_actor_daemonize(sg_actor_self());
	if (sim->sc->faults.rendezvous_s > 0)
		sg_actor_sleep_for(sim->sc->faults.rendezvous_s);
	for (src = -1, i = 0; i < sim->nmembers && src < 0; i++) {
		if (!sim->need_state[sim->members[i]])
			src = sim->members[i];
	}
	for (i = 0; i < sim->nmembers; i++) {
		w = sim->members[i];
		if (sim->need_state[w])
			sim_spawn(sim, "state", src >= 0 ? src : sim->storage,
			    state_sender, w);
		sim_spawn_worker(sim, w);
	}
}

/* Elastic: re-form the ring with the workers that are up, from the step
 * the survivors hold (from the last checkpoint if none survived, or
 * afresh if there is none). */
void
recovery_elastic_restart(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	int w, survivor = 0;

	recovery_account(sim);
	ctl->restart_from = simgrid_get_clock();
	ctl->state = JOB_RESTARTING;
	if (sim->members == NULL)	/* the ring is no longer all workers */
		sim->members = xcalloc((size_t)sim->nworkers,
		    sizeof *sim->members);
	sim->nmembers = 0;
	for (w = 0; w < sim->nworkers; w++) {
		if (ctl->down[w])
			continue;
		if (!ctl->started || !sim->checkpointed)
			sim->need_state[w] &= ctl->started;
		sim->members[sim->nmembers++] = w;
		survivor |= !sim->need_state[w];
	}
	sim_new_generation(sim);
	sim_reset_buckets(sim);
	recovery_spawn_storage(sim);
	if (!survivor) {
		recovery_forget(sim, sim->checkpoint_step);
		for (w = 0; w < sim->nmembers && !sim->checkpointed; w++)
			sim->need_state[sim->members[w]] = 0;
		if (sim->num != NULL)	/* the checkpoint's, or the start's */
			numerics_restore(sim->num, sim->checkpoint_step);
	}
	sim->start_step = sim->steps_done;
	sim_spawn(sim, "launcher", sim->storage, elastic_launcher, 0);
	recovery_account(sim);
}

/* Every host the job needs is back: relaunch it from its checkpoint (or
 * afresh without one), under fresh mailbox names, the strategy's state
 * set up here, at once, so that a kill never finds it half done (a PS
 * sets up once its shards are restored). */
void
recovery_restart(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	recovery_account(sim);
	ctl->restart_from = simgrid_get_clock();
	ctl->state = JOB_RESTARTING;
	ctl->ckpt_asap = 0;
	if (sim->strategy->cleanup != NULL && sim->state != NULL)
		sim->strategy->cleanup(sim);
	sim_new_generation(sim);
	sim_reset_buckets(sim);
	if (sim->cpu_free_s != NULL)	/* the servers' CPUs: nothing due */
		memset(sim->cpu_free_s, 0, (size_t)sim->nhosts *
		    sizeof *sim->cpu_free_s);
	if (is_allreduce(sim) && sim->strategy->setup != NULL)
		sim->strategy->setup(sim);
	recovery_spawn_storage(sim);	/* under the new names */
	sim->start_step = sim->steps_done = sim->checkpoint_step;
	memset(sim->need_state, sim->checkpointed, (size_t)sim->nworkers);
	if (sim->num != NULL && is_allreduce(sim))
		numerics_restore(sim->num, sim->checkpoint_step);
	else if (sim->num != NULL)
		numerics_ps_restore(sim->num, sim->checkpoint_step);
	if (!is_allreduce(sim)) {
		sim->applied_total = sim->ckpt_applied;
		for (int j = 0; j < sim->layout.nshards; j++)
			sim->ckpt_version[j] = ctl->committed;
	}
	sim_spawn(sim, "launcher", sim->storage, launcher, 0);
	recovery_account(sim);
}
