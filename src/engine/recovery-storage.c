/* recovery-storage.c: the storage host under faults.  Its receivers take
 * the checkpoints: all-reduce's worker 0 saves every
 * faults.checkpoint.every steps, a PS's servers their shards' shares,
 * whole once every shard has the same version.  A (re)started job's
 * workers take their state from it, and a relaunched PS's servers
 * their shards. */
#include "config.h"

#include <stdio.h>

#include <simgrid/engine.h>

#include "recovery-impl.h"
#include "recovery.h"
#include "sim.h"
#include "message.h"
#include "worker.h"
#include "sim-timeline.h"
#include "numerics.h"

/* A storage receiver: takes the checkpoints one sender slot sends. */
static void
storage_main(struct sim *sim, int slot)
{
	struct msg *m;
	sg_comm_t c;

	sg_actor_daemonize(sg_actor_self());
	for (;;) {
		c = sim_recv(sim_mailbox(sim, "storage", slot), &m);
		if (sg_comm_wait(c) == SG_OK)	/* the sender may die */
			sim_received(sim, sim->storage, m);
	}
}

void
recovery_spawn_storage(struct sim *sim)
{
	int i, n = is_allreduce(sim) ? 1 : sim->layout.nshards;
	char name[64];

	for (i = 0; i < n; i++) {
		snprintf(name, sizeof name, "storage-%d", i);
		sim_spawn(sim, name, sim->storage, storage_main, i);
	}
}

double
recovery_checkpoint(struct sim *sim, int src, int slot, double bytes)
{
	double t0 = simgrid_get_clock();
	sg_comm_t c = sim_send_bytes(sim, sim_mailbox(sim, "storage", slot),
	    src, sim->storage, -1, bytes, 0);

	sg_comm_wait(c);
	sim_mark(sim, src, "checkpoint", -1);
	return simgrid_get_clock() - t0;
}

void
recovery_step_done(struct sim *sim, int steps)
{
	struct recovery *ctl = sim->rec;
	int every = sim->sc->faults.checkpoint_every;
	struct numerics *nm = sim->num;

	sim->steps_done = steps;
	if (steps >= sim->steps || ((every == 0 || steps % every != 0) &&
	    !ctl->ckpt_asap))
		return;
	ctl->ckpt_asap = 0;
	sim->fstats.checkpoint_s += recovery_checkpoint(sim, 0, 0,
	    sim->sc->faults.ckpt_bytes);
	sim->checkpoint_step = steps;
	sim->checkpointed = 1;
	if (nm != NULL)
		numerics_checkpoint(nm, 0);
}

/* ps: shard j saved its share at version (shard 0: with applied
 * gradients so far).  A checkpoint is whole, and the one a restart
 * restores, once every shard has saved that same version; until then
 * the shards' shares wait in the numerics' pending copy. */
void
recovery_ps_capture(struct sim *sim, int j)
{
	struct numerics *nm = sim->num;
	long lo, len;

	if (nm == NULL)
		return;
	numerics_range(nm, sim->layout.shard_offset[j],
	    sim->layout.shard_count[j], &lo, &len);
	numerics_checkpoint_range(nm, lo, len);
}

void
recovery_ps_checkpointed(struct sim *sim, int j, long version,
    long applied, int capture)
{
	struct recovery *ctl = sim->rec;
	struct numerics *nm = sim->num;
	int i;

	sim->ckpt_version[j] = version;
	if (j == 0)
		ctl->pending_applied = applied;
	if (capture)
		recovery_ps_capture(sim, j);
	for (i = 0; i < sim->layout.nshards; i++) {
		if (sim->ckpt_version[i] != version)
			return;
	}
	ctl->committed = version;
	sim->ckpt_applied = ctl->pending_applied;
	sim->checkpoint_step = sim->sc->strategy.sync == SYNC_ASYNC ?
	    (int)(sim->ckpt_applied / sim->nworkers) : (int)version;
	sim->checkpointed = 1;
	if (nm != NULL)
		numerics_commit(nm);
}

int
recovery_ps_counters(struct sim *sim, long **v, size_t *len, int max)
{
	struct recovery *ctl = sim->rec;

	if (ctl == NULL || sim->ckpt_version == NULL || max < 4)
		return 0;
	v[0] = sim->ckpt_version;
	len[0] = (size_t)sim->layout.nshards;
	v[1] = &ctl->committed;
	v[2] = &ctl->pending_applied;
	v[3] = &sim->ckpt_applied;
	len[1] = len[2] = len[3] = 1;
	return 4;
}

void
recovery_ps_moved(struct sim *sim)
{
	if (sim->checkpointed && sim->sc->strategy.sync == SYNC_ASYNC)
		sim->checkpoint_step = (int)(sim->ckpt_applied /
		    sim->nworkers);
}

void
recovery_restore(struct sim *sim, int w)
{
	struct recovery *ctl = sim->rec;
	struct msg *m;
	sg_comm_t c;

	/* a survivor of an elastic ring keeps its state; the others take
	 * it (with no checkpoint yet, a relaunch starts afresh) */
	if (sim->need_state[w]) {
		c = sim_recv(sim->worker_mbox[w], &m);
		if (sg_comm_wait(c) != SG_OK)
			return;
		/* the sender: a survivor's host, or the storage's */
		if (sim->num != NULL && sim->sc->faults.elastic)
			numerics_take(sim->num, w, m->src < sim->nworkers ?
			    m->src : -1);
		sim_received(sim, w, m);
	}
	sim->need_state[w] = 0;
	if (w == (sim->members != NULL ? sim->members[0] : 0) &&
	    ctl->state == JOB_RESTARTING)
		recovery_running(sim);
}

/* ps: a server restores shard j from the storage host. */
void
recovery_restore_main(struct sim *sim, int j)
{
	struct recovery *ctl = sim->rec;
	struct msg *m;

	sg_actor_daemonize(sg_actor_self());
	if (sg_comm_wait(sim_recv(sim_mailbox(sim, "restore", j), &m)) == SG_OK)
		sim_received(sim, sim->shard_hidx[j], m);
	sg_sem_release(ctl->restored);
}
