/* recovery.c: faults in a simulation, and how each strategy recovers.
 *
 * A controller actor on the storage host (a host of its own that never
 * fails) plays the fault schedule (faults.c).  A preemption turns the
 * worker's host off with SimGrid, so its actors die and its transfers
 * fail; a return turns it on again, as the replacement host.
 *
 *   all-reduce (MultiWorkerMirroredStrategy): a lost worker stops the
 *     job: every actor of the job is killed at once (the collective
 *     cannot go on); once every host is back, after faults.restart, each
 *     worker takes the last checkpoint from the storage host over the
 *     network and the job goes on from that step, the steps since the
 *     checkpoint lost.  Worker 0 saves a checkpoint every
 *     faults.checkpoint.every steps, a real transfer to the storage host.
 *   ps: a lost worker's in-flight gradient fails on the wire and is
 *     never applied; the others go on (async, ssp, backup within its b)
 *     or wait for it (sync); the replacement pulls the parameters and
 *     joins (strategy->join).  A lost server (faults.servers) stops the
 *     job: every actor is killed, and once every server is back, after
 *     faults.restart, each restores its shards from the checkpoints it
 *     sent to the storage host; the workers join again.
 *
 * The controller is the one actor that is not a daemon: the simulation
 * ends when the job has its steps (recovery_job_done). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>

#include "metrics.h"
#include "recovery.h"
#include "sim.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "sim-timeline.h"
#include "numerics.h"
#include "strategy.h"

/* A job that cannot get its steps done (its hosts are never all up at
 * once) is given up when the draws reach this many first horizons, or
 * would pass FAULT_EVENTS_MAX events. */
#define GIVE_UP		256

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
	int		 ckpt_asap;	/* a notice came: save after this step */
	int		 spares_used;
	int		 started;	/* the job has run */
	char		*join;		/* ps: workers back, to join */
	char		*lost_for_good;	/* no spare for it */
	long		 committed;	/* ps: a checkpoint's version, whole */
	long		 pending_applied;
};

static int
is_allreduce(const struct sim *sim)
{
	return sim->sc->strategy.info->family == FAMILY_ALLREDUCE;
}

/* Whether the job can make no progress now: it is down, or a synchronous
 * PS misses a worker, or a PS that needs fewer misses too many. */
static int
stalled_now(const struct sim *sim)
{
	const struct recovery *ctl = sim->rec;
	enum sync_mode m = sim->sc->strategy.sync;

	if (ctl->state == JOB_DOWN)
		return 1;
	if (ctl->state != JOB_RUNNING || is_allreduce(sim))
		return 0;
	if (m == SYNC_SYNC)
		return ctl->wdown > 0;
	if (m == SYNC_BACKUP)
		return ctl->wdown > sim->sc->strategy.backup;
	return ctl->wdown == sim->nworkers;
}

/* Hosts down that hold PS shards: servers, or workers with colocated
 * shards. */
static int
shards_lost(const struct sim *sim)
{
	const struct recovery *ctl = sim->rec;
	int h, lost = 0;

	for (h = 0; h < sim->nhosts; h++)
		lost += ctl->down != NULL && h < sim->nworkers + sim->nservers &&
		    ctl->down[h] && sim->hosts[h].shards > 0;
	return lost;
}

/* Whether the job can get its steps with the hosts up now, for good. */
static int
can_finish(const struct sim *sim)
{
	const struct recovery *ctl = sim->rec;
	const struct scenario *sc = sim->sc;

	if (ctl->state == JOB_DOWN)
		return 0;
	if (is_allreduce(sim))
		return sc->faults.elastic ? sim->nworkers - ctl->wdown >=
		    sc->faults.min_workers : ctl->wdown == 0;
	if (shards_lost(sim) > 0)
		return 0;
	switch (sc->strategy.sync) {
	case SYNC_BACKUP:
		return ctl->wdown <= sc->strategy.backup;
	case SYNC_ASYNC:
		return ctl->wdown < sim->nworkers;
	default:	/* sync, and ssp, held by a worker that never comes */
		return ctl->wdown == 0;
	}
}

/* Count the stall up to now; called around every change of state. */
static void
account(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	double now = simgrid_get_clock();

	if (ctl->stalling)
		sim->fstats.stalled_s += now - ctl->t_last;
	ctl->t_last = now;
	ctl->stalling = stalled_now(sim);
}

/* The three schedules, drawn (or replayed) up to horizon_s. */
static void
draw(struct sim *sim, double horizon_s)
{
	struct recovery *ctl = sim->rec;
	const struct scenario *sc = sim->sc;
	struct fault_schedule *out[3] = { sim->schedule, &ctl->servers,
	    &ctl->links };
	int nslots[3] = { sim->nworkers, sim->nservers, sim->nworkers }, k;

	ctl->horizon_s = horizon_s;
	for (k = FAULTS_OF_WORKERS; k <= FAULTS_OF_LINKS; k++)
		fault_schedule_of(scenario_faults_of(sc, (enum fault_of)k),
		    (enum fault_of)k, sc->faults.notice_s, nslots[k], sc->seed,
		    horizon_s, out[k]);
}

static void forget(struct sim *, int);

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

static void
spawn_storage(struct sim *sim)
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
	sg_comm_t c = sim_send_bytes(sim, sim_mailbox(sim, "storage", slot), src,
	    sim->storage, -1, bytes, 0);

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

/* The job trains (again): a relaunch is done (the first start is not a
 * restart). */
static void
running(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	account(sim);
	if (ctl->started) {
		sim->fstats.restart_s += simgrid_get_clock() - ctl->restart_from;
		sim->fstats.restarts++;
		sim_mark(sim, sim->storage, "restart", -1);
	}
	ctl->started = 1;
	ctl->state = JOB_RUNNING;
	account(sim);
}

/* ps: shard j saved its share at version (shard 0: with applied
 * gradients so far).  A checkpoint is whole, and the one a restart
 * restores, once every shard has saved that same version; until then
 * the shards' shares wait in the numerics' pending copy. */
void
recovery_ps_checkpointed(struct sim *sim, int j, long version,
    long applied)
{
	struct recovery *ctl = sim->rec;
	struct numerics *nm = sim->num;
	long lo, len;
	int i;

	sim->ckpt_version[j] = version;
	if (j == 0)
		ctl->pending_applied = applied;
	if (nm != NULL) {
		numerics_range(nm, sim->layout.shard_offset[j], sim->layout.shard_count[j],
		    &lo, &len);
		numerics_checkpoint_range(nm, lo, len);
	}
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
		running(sim);
}

void
recovery_job_done(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	if (ctl->done)
		return;
	ctl->done = 1;
	sim->fstats.done_s = simgrid_get_clock();
	sg_sem_release(sim->job_done);
}

/* ps: a server restores shard j from the storage host. */
static void
restore_main(struct sim *sim, int j)
{
	struct recovery *ctl = sim->rec;
	struct msg *m;

	sg_actor_daemonize(sg_actor_self());
	if (sg_comm_wait(sim_recv(sim_mailbox(sim, "restore", j), &m)) == SG_OK)
		sim_received(sim, sim->shard_hidx[j], m);
	sg_sem_release(ctl->restored);
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
			running(sim);
		return;
	}
	for (j = 0; j < sim->layout.nshards && restore; j++) {
		sim_send_bytes(sim, sim_mailbox(sim, "restore", j), sim->storage,
		    sim->shard_hidx[j], -1, sim->sc->faults.ckpt_bytes *
		    (double)sim->layout.shard_count[j] / (double)sim->layout.elements, 1);
		sim_spawn(sim, "restore", sim->shard_hidx[j], restore_main, j);
	}
	for (j = 0; j < sim->layout.nshards && restore; j++)
		sg_sem_acquire(ctl->restored);
	/* from here on nothing blocks: the job is whole again at once */
	sim->strategy->setup(sim);
	for (w = 0; w < sim->nworkers; w++) {
		if (ctl->down[w])
			continue;
		if (ctl->started)
			sim_new_incarnation(sim, w);
		sim_spawn_worker(sim, w);
	}
	running(sim);
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
static void
elastic_restart(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	int w, survivor = 0;

	account(sim);
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
	spawn_storage(sim);
	if (!survivor) {
		forget(sim, sim->checkpoint_step);
		for (w = 0; w < sim->nmembers && !sim->checkpointed; w++)
			sim->need_state[sim->members[w]] = 0;
		if (sim->num != NULL)	/* the checkpoint's, or the start's */
			numerics_restore(sim->num, sim->checkpoint_step);
	}
	sim->start_step = sim->steps_done;
	sim_spawn(sim, "launcher", sim->storage, elastic_launcher, 0);
	account(sim);
}

/* The steps since step are lost: counted, and their records dropped. */
static void
forget(struct sim *sim, int step)
{
	sim->fstats.lost_steps += sim->steps_done - step;
	metrics_forget(sim->metrics, step);
	sim->steps_done = step;
}

/* The job stops: every actor but the controller is killed, and what the
 * job had not saved is lost (an elastic ring's survivors keep theirs). */
static void
stop(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	double now = simgrid_get_clock();

	account(sim);
	if (ctl->state != JOB_DOWN)
		sg_actor_kill_all();
	if (ctl->state == JOB_RESTARTING && ctl->started)
		sim->fstats.restart_s += now - ctl->restart_from;
	if (ctl->state == JOB_RUNNING && !sim->sc->faults.elastic)
		forget(sim, sim->checkpoint_step);
	ctl->state = JOB_DOWN;
	ctl->ckpt_asap = 0;
	account(sim);
}

/* Every host the job needs is back: relaunch it from its checkpoint (or
 * afresh without one), under fresh mailbox names, the strategy's state
 * set up here, at once, so that a kill never finds it half done (a PS
 * sets up once its shards are restored). */
static void
restart(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	account(sim);
	ctl->restart_from = simgrid_get_clock();
	ctl->state = JOB_RESTARTING;
	ctl->ckpt_asap = 0;
	if (sim->strategy->cleanup != NULL && sim->state != NULL)
		sim->strategy->cleanup(sim);
	sim_new_generation(sim);
	sim_reset_buckets(sim);
	if (is_allreduce(sim) && sim->strategy->setup != NULL)
		sim->strategy->setup(sim);
	spawn_storage(sim);	/* under the new names */
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
	account(sim);
}

/* After the events of an instant: relaunch or re-form the job if it can,
 * and let the PS replacements that came back join. */
static void
settle(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	int h, ar = is_allreduce(sim);

	if (ctl->state == JOB_DOWN && sim->sc->faults.elastic) {
		if (sim->nworkers - ctl->wdown >= sim->sc->faults.min_workers)
			elastic_restart(sim);
	} else if (ctl->state == JOB_DOWN && shards_lost(sim) == 0 &&
	    (!ar || ctl->wdown == 0))
		restart(sim);
	for (h = 0; h < sim->nworkers; h++) {
		if (!ctl->join[h])
			continue;
		ctl->join[h] = 0;
		if (ctl->state != JOB_RUNNING || ctl->down[h])
			continue;	/* the relaunch takes it in */
		sim_new_incarnation(sim, h);
		sim_spawn_worker(sim, h);
	}
}

/* Whether every drawn schedule has played all its events (none drawn:
 * never), and how many events the schedules hold. */
static int
draws_out(struct sim *sim, struct fault_schedule *const *sched,
    const int *idx, double *events)
{
	const struct fault_spec *spec;
	int k, drawn = 0, out = 1;

	for (k = 0, *events = 0; k < 3; k++) {
		spec = scenario_faults_of(sim->sc, (enum fault_of)k);
		*events += sched[k]->n;
		if (spec->on && spec->source != FAULTS_TRACE) {
			drawn = 1;
			out &= idx[k] == sched[k]->n;
		}
	}
	return drawn && out;
}

/* The next event of the three schedules, or NULL; *which says whose.
 * When the draws run out they go on four times further, again while
 * that adds no event yet (a run by run.duration or run.min_fault_events
 * outlasts its first horizon), up to GIVE_UP first horizons. */
static const struct fault_event *
next_event(struct sim *sim, int *idx, int *which)
{
	struct recovery *ctl = sim->rec;
	struct fault_schedule *sched[3] = { sim->schedule, &ctl->servers,
	    &ctl->links };
	int k, best = -1;
	double t = simgrid_get_clock(), events;

	/* (four times the horizon, about four times the events) */
	while (draws_out(sim, sched, idx, &events) &&
	    ctl->horizon_s < GIVE_UP * ctl->first_horizon_s &&
	    4 * events <= FAULT_EVENTS_MAX) {
		draw(sim, 4 * ctl->horizon_s);
		for (k = 0; k < 3; k++) {
			for (idx[k] = 0; idx[k] < sched[k]->n &&
			    sched[k]->ev[idx[k]].t <= t; idx[k]++)
				;
		}
	}
	for (k = 0; k < 3; k++) {
		if (idx[k] < sched[k]->n && (best < 0 || sched[k]->ev[idx[k]].t <
		    sched[best]->ev[idx[best]].t))
			best = k;
	}
	if (best < 0)
		return NULL;
	*which = best;
	return &sched[best]->ev[idx[best]++];
}

/* Worker h's NIC goes down or comes back up.  SimGrid 3.32's C API
 * cannot turn a link off, so a link that is down carries 1 byte/s: the
 * worker's actors are killed first (lost()), so no transfer of its own
 * is left on it, and nothing reaches it until the repair. */
#define LINK_DOWN_BPS	1.0
static void
links(struct sim *sim, int h, int on)
{
	struct recovery *ctl = sim->rec;
	sg_link_t l;
	int up;

	for (up = 0; up < 2; up++) {
		if ((l = metrics_nic_link(sim->metrics, h, up)) == NULL)
			continue;
		if (!on)
			ctl->nic_Bps[2 * h + up] = sg_link_get_bandwidth(l);
		sg_link_set_bandwidth(l, on ? ctl->nic_Bps[2 * h + up] :
		    LINK_DOWN_BPS);
	}
}

/* Host h is back: an elastic ring breaks to take it in, a PS worker
 * joins (settle()); the rest waits for settle() to relaunch. */
static void
back(struct sim *sim, int h, int replacement)
{
	struct recovery *ctl = sim->rec;
	if (h >= sim->nworkers)
		return;
	sim->fstats.joins += replacement && (sim->sc->faults.elastic ||
	    !is_allreduce(sim));
	if (sim->sc->faults.elastic) {
		sim->need_state[h] = 1;
		stop(sim);	/* to re-form with it */
	} else if (!is_allreduce(sim))
		ctl->join[h] = 1;
}

/* Worker or server host h is lost (its host, or a worker's link): stop
 * what cannot go on without it, before any peer sees a failed comm. */
static void
lost(struct sim *sim, int h)
{
	struct recovery *ctl = sim->rec;
	if (h < sim->nworkers)
		ctl->join[h] = 0;
	if (sim->sc->faults.elastic) {
		sim->need_state[h] = 1;
		stop(sim);
	} else if (h >= sim->nworkers || is_allreduce(sim) ||
	    sim->hosts[h].shards > 0)
		stop(sim);	/* a worker with colocated shards too */
	else if (sim->worker_actor[h] != NULL)
		sg_actor_kill(sim->worker_actor[h]);	/* a PS worker */
}

/* The controller: plays the schedules until the job is done, or until
 * it can never be (its hosts never all up again).  ctl->down[h]: 1 for a
 * host that is down, 2 for a worker whose link is.  After the events of
 * each instant, settle() relaunches what can be. */
static void
controller(struct sim *sim, int unused)
{
	struct recovery *ctl = sim->rec;
	int n = sim->nworkers, nh = n + sim->nservers, idx[3] = { 0, 0, 0 };
	int which, h;
	double now, *up_since = xcalloc((size_t)nh, sizeof *up_since);
	const struct fault_event *ev;
	struct fault_event e;

	(void)unused;
	account(sim);	/* a job that starts down stalls from 0 */
	for (;;) {
		now = simgrid_get_clock();
		if (ctl->done)
			break;
		ev = next_event(sim, idx, &which);
		if (ev == NULL || ev->t > now)
			settle(sim);
		sim->next_fault_s = ev != NULL ? ev->t : INFINITY;
		if (ev == NULL) {
			/* no more faults: wait for the job if it can finish
			 * with the hosts it has now */
			sim->faults_over = 1;
			if (!can_finish(sim)) {
				sim->fstats.done_s = -1;	/* never */
				account(sim);
				sg_actor_kill_all();
				break;
			}
			sg_sem_acquire(sim->job_done);
			break;
		}
		e = *ev;
		/* (a zero timeout would not wait: events due now are
		 * played at once) */
		if (e.t > now && sg_sem_acquire_timeout(sim->job_done,
		    e.t - now) == 0)
			break;		/* the job is done */
		now = simgrid_get_clock();
		sim->last_fault_s = now;
		h = which == FAULTS_OF_SERVERS ? n + e.slot : e.slot;
		if (e.kind == FAULT_NOTICE) {
			sim->fstats.notices++;
			/* all-reduce: save at the end of the step under way */
			if (sim->sc->faults.on_notice && is_allreduce(sim) &&
			    h < n && !ctl->down[h] && ctl->state == JOB_RUNNING)
				ctl->ckpt_asap = 1;
			continue;
		}
		account(sim);
		if (which == FAULTS_OF_LINKS) {
			/* a worker's NIC: it is cut off, its host stays */
			if (e.kind == FAULT_PREEMPT && !ctl->down[h]) {
				sim->fstats.link_failures++;
				sim_mark(sim, h, "link-failure", -1);
				ctl->down[h] = 2;
				ctl->wdown++;
				lost(sim, h);
				links(sim, h, 0);
			} else if (e.kind == FAULT_RETURN && ctl->down[h] == 2) {
				ctl->down[h] = 0;
				ctl->wdown--;
				links(sim, h, 1);
				sim_mark(sim, h, "link-return", -1);
				back(sim, h, 0);
			}
		} else if (e.kind == FAULT_PREEMPT && ctl->down[h] != 1) {
			*(h >= n ? &sim->fstats.server_failures :
			    &sim->fstats.preemptions) += 1;
			if (ctl->down[h] == 2) {
				ctl->down[h] = 1;
				links(sim, h, 1);   /* its replacement's are up */
			} else {
				ctl->down[h] = 1;	/* first: lost() stops */
				ctl->wdown += h < n;
				lost(sim, h);
			}
			ctl->preempted[h] = 1;
			if (h < n)
				sim->fstats.worker_up_s += now - up_since[h];
			sim_mark(sim, h, h >= n ? "server-failure" :
			    "preemption", -1);
			sg_host_turn_off(sim->hosts[h].host);
		} else if (e.kind == FAULT_RETURN && ctl->down[h] == 1 &&
		    !ctl->lost_for_good[h]) {
			/* the replacement host is up, if a spare is left
			 * (faults.spares counts replacement workers) */
			if (h < n && ctl->preempted[h] &&
			    sim->sc->faults.spares >= 0 &&
			    ctl->spares_used == sim->sc->faults.spares) {
				sim->fstats.no_spare++;
				ctl->lost_for_good[h] = 1;
			} else {
				if (h < n && ctl->preempted[h])
					ctl->spares_used++;
				ctl->down[h] = 0;
				ctl->wdown -= h < n;
				up_since[h] = now;
				sg_host_turn_on(sim->hosts[h].host);
				sim_mark(sim, h, "return", -1);
				back(sim, h, ctl->preempted[h]);
			}
		}
		account(sim);
	}
	account(sim);
	/* the workers end their last exchange before the simulation ends */
	while (sim->live_workers > 0)
		sg_sem_acquire(sim->worker_exit);
	sim->fstats.end_s = now = simgrid_get_clock();
	for (h = 0; h < n; h++) {
		if (ctl->down[h] != 1)	/* billed unless the host is down */
			sim->fstats.worker_up_s += now - up_since[h];
	}
	free(up_since);
	fault_schedule_free(&ctl->servers);
	fault_schedule_free(&ctl->links);
}

static void recovery_release(struct sim *);

static const struct sim_hooks hooks = {
	.restore = recovery_restore,
	.step_done = recovery_step_done,
	.job_done = recovery_job_done,
	.release = recovery_release,
};

void
recovery_attach(struct sim *sim)
{
	const struct scenario *sc = sim->sc;
	struct recovery *ctl;
	int h, nh = sim->nworkers + sim->nservers;

	ctl = sim->rec = xcalloc(1, sizeof *sim->rec);
	sim->hooks = &hooks;
	sim->schedule = xcalloc(1, sizeof *sim->schedule);
	draw(sim, scenario_fault_horizon(sc));
	ctl->first_horizon_s = ctl->horizon_s;
	ctl->restored = sg_sem_init(0);
	if (sim->layout.nshards > 0)
		sim->ckpt_version = xcalloc((size_t)sim->layout.nshards,
		    sizeof *sim->ckpt_version);
	sim->need_state = xcalloc((size_t)sim->nworkers, 1);
	sim->worker_actor = xcalloc((size_t)sim->nworkers,
	    sizeof *sim->worker_actor);
	sim->job_done = sg_sem_init(0);
	sim->worker_exit = sg_sem_init(0);
	sim->rejoin = xcalloc((size_t)sim->nworkers, sizeof *sim->rejoin);
	sim->local_step = xcalloc((size_t)sim->nworkers,
	    sizeof *sim->local_step);
	ctl->down = xcalloc((size_t)nh, 1);
	ctl->preempted = xcalloc((size_t)nh, 1);
	ctl->lost_for_good = xcalloc((size_t)nh, 1);
	ctl->join = xcalloc((size_t)sim->nworkers, 1);
	ctl->nic_Bps = xcalloc(2 * (size_t)sim->nworkers, sizeof *ctl->nic_Bps);
	for (h = 0; h < nh; h++) {
		if (!(h < sim->nworkers ? sim->schedule->initially_down[h] :
		    ctl->servers.initially_down[h - sim->nworkers]))
			continue;
		ctl->down[h] = 1;
		ctl->wdown += h < sim->nworkers;
		sg_host_turn_off(sim->hosts[h].host);
	}
	/* a job that needs a host that is down waits for it; the first
	 * start is no restart (ctl->started) */
	ctl->started = !(shards_lost(sim) > 0 || (is_allreduce(sim) &&
	    ctl->wdown > 0));
	ctl->state = ctl->started ? JOB_RUNNING : JOB_DOWN;
	spawn_storage(sim);
	sim_spawn(sim, "controller", sim->storage, controller, 0);
	sim->start_down = !ctl->started;
}

/* Free what recovery_attach made, the controller's and the simulation's
 * fault state (sim_free calls it). */
static void
recovery_release(struct sim *sim)
{
	struct recovery *ctl = sim->rec;

	fault_schedule_free(sim->schedule);
	free(sim->schedule);
	fault_schedule_free(&ctl->servers);
	fault_schedule_free(&ctl->links);
	sg_sem_destroy(sim->job_done);
	sg_sem_destroy(sim->worker_exit);
	sg_sem_destroy(ctl->restored);
	free(sim->rejoin);
	free(sim->ckpt_version);
	free(sim->members);
	free(sim->need_state);
	free(sim->worker_actor);
	free(sim->local_step);
	free(ctl->down);
	free(ctl->preempted);
	free(ctl->lost_for_good);
	free(ctl->join);
	free(ctl->nic_Bps);
	free(ctl);
	sim->rec = NULL;
}
