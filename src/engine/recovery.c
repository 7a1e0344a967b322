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
 * ends when the job has its steps (recovery_job_done).
 *
 * This file is the controller; the storage host's checkpoints and
 * restores are recovery-storage.c's, the relaunches recovery-launch.c's
 * (recovery-impl.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>

#include "fastforward-async.h"
#include "metrics.h"
#include "recovery-impl.h"
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
		lost += ctl->down != NULL &&
		    h < sim->nworkers + sim->nservers &&
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
void
recovery_account(struct sim *sim)
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
	const struct fault_spec *spec;

	ctl->horizon_s = horizon_s;
	for (k = FAULTS_OF_WORKERS; k <= FAULTS_OF_LINKS; k++) {
		spec = scenario_faults_of(sc, (enum fault_of)k);
		fault_schedule_of(spec, (enum fault_of)k, sc->faults.notice_s,
		    nslots[k], sc->seed, horizon_s, out[k]);
		sim->fstats.slots[k] = nslots[k];
		if (spec->on && spec->source == FAULTS_TRACE)
			sim->fstats.unreplayed_hosts[k] = trace_unreplayed(
			    spec->tr, nslots[k],
			    &sim->fstats.unreplayed_events[k]);
	}
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

/* The steps since step are lost: counted, and their records dropped. */
void
recovery_forget(struct sim *sim, int step)
{
	sim->fstats.lost_steps += sim->steps_done - step;
	metrics_forget(sim->metrics, step);
	sim->steps_done = step;
}

/* Every actor but the controller killed. */
static void
kill_all(struct sim *sim)
{
	int w;

	sg_actor_kill_all();
	for (w = 0; w < sim->nworkers; w++)
		sim_worker_gone(sim, w, 1);
	sim->saving = 0;	/* (the savers are gone too) */
	ffa_stopped(sim);
}

/* The job stops: every actor but the controller is killed, and what the
 * job had not saved is lost (an elastic ring's survivors keep theirs). */
static void
stop(struct sim *sim)
{
	struct recovery *ctl = sim->rec;
	double now = simgrid_get_clock();

	recovery_account(sim);
	if (ctl->state != JOB_DOWN)
		kill_all(sim);
	if (ctl->state == JOB_RESTARTING && ctl->started)
		sim->fstats.restart_s += now - ctl->restart_from;
	if (ctl->state == JOB_RUNNING && !sim->sc->faults.elastic)
		recovery_forget(sim, sim->checkpoint_step);
	ctl->state = JOB_DOWN;
	ctl->ckpt_asap = 0;
	recovery_account(sim);
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
			recovery_elastic_restart(sim);
	} else if (ctl->state == JOB_DOWN && shards_lost(sim) == 0 &&
	    (!ar || ctl->wdown == 0))
		recovery_restart(sim);
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
		if (idx[k] < sched[k]->n && (best < 0 ||
		    sched[k]->ev[idx[k]].t < sched[best]->ev[idx[best]].t))
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
	else if (sim->worker_actor[h] != NULL) {	/* a PS worker */
		sg_actor_kill(sim->worker_actor[h]);
		sim_worker_gone(sim, h, 1);
	}
}

/* No more faults: wait for the job if it can finish with the hosts it
 * has now, else give it up (killing every actor). */
static void
no_more_faults(struct sim *sim)
{
	sim->faults_over = 1;
	if (!can_finish(sim)) {
		sim->fstats.done_s = -1;	/* never */
		recovery_account(sim);
		kill_all(sim);
		return;
	}
	sg_sem_acquire(sim->job_done);
}

/* A notice for host h (worker or server): counted; with
 * faults.on_notice, a running all-reduce saves at the end of the step
 * under way. */
static void
play_notice(struct sim *sim, int h)
{
	struct recovery *ctl = sim->rec;

	sim->fstats.notices++;
	/* all-reduce: save at the end of the step under way */
	if (sim->sc->faults.on_notice && is_allreduce(sim) &&
	    h < sim->nworkers && !ctl->down[h] && ctl->state == JOB_RUNNING)
		ctl->ckpt_asap = 1;
}

/* Worker h's NIC fails or comes back (event kind): it is cut off, its
 * host stays. */
static void
play_link(struct sim *sim, int h, enum fault_kind kind)
{
	struct recovery *ctl = sim->rec;

	if (kind == FAULT_PREEMPT && !ctl->down[h]) {
		sim->fstats.link_failures++;
		sim_mark(sim, h, "link-failure", -1);
		ctl->down[h] = 2;
		ctl->wdown++;
		lost(sim, h);
		links(sim, h, 0);
	} else if (kind == FAULT_RETURN && ctl->down[h] == 2) {
		ctl->down[h] = 0;
		ctl->wdown--;
		links(sim, h, 1);
		sim_mark(sim, h, "link-return", -1);
		back(sim, h, 0);
	}
}

/* Host h (a worker, or n + a server) is preempted at now, unless it is
 * down already: lost() stops what needs it, and the host goes off. */
static void
play_preempt(struct sim *sim, int h, double now, const double *up_since)
{
	struct recovery *ctl = sim->rec;
	int n = sim->nworkers;

	*(h >= n ? &sim->fstats.server_failures :
	    &sim->fstats.preemptions) += 1;
	if (ctl->down[h] == 2) {
		ctl->down[h] = 1;
		links(sim, h, 1);	/* its replacement's are up */
	} else {
		ctl->down[h] = 1;	/* first: lost() stops */
		ctl->wdown += h < n;
		lost(sim, h);
	}
	ctl->preempted[h] = 1;
	if (h < n)
		sim->fstats.worker_up_s += now - up_since[h];
	sim_mark(sim, h, h >= n ? "server-failure" : "preemption", -1);
	sg_host_turn_off(sim->hosts[h].host);
}

/* Host h's replacement is up at now, if a spare is left (faults.spares
 * counts replacement workers); else h is lost for good. */
static void
play_return(struct sim *sim, int h, double now, double *up_since)
{
	struct recovery *ctl = sim->rec;
	int n = sim->nworkers;

	if (h < n && ctl->preempted[h] && sim->sc->faults.spares >= 0 &&
	    ctl->spares_used == sim->sc->faults.spares) {
		sim->fstats.no_spare++;
		ctl->lost_for_good[h] = 1;
		return;
	}
	if (h < n && ctl->preempted[h])
		ctl->spares_used++;
	ctl->down[h] = 0;
	ctl->wdown -= h < n;
	up_since[h] = now;
	sg_host_turn_on(sim->hosts[h].host);
	sim_mark(sim, h, "return", -1);
	back(sim, h, ctl->preempted[h]);
}

/* Play event e (of schedule which) on host h at now, the stall counted
 * around it. */
static void
play(struct sim *sim, int which, int h, const struct fault_event *e,
    double now, double *up_since)
{
	struct recovery *ctl = sim->rec;

	recovery_account(sim);
	if (which == FAULTS_OF_LINKS)
		play_link(sim, h, e->kind);
	else if (e->kind == FAULT_PREEMPT && ctl->down[h] != 1)
		play_preempt(sim, h, now, up_since);
	else if (e->kind == FAULT_RETURN && ctl->down[h] == 1 &&
	    !ctl->lost_for_good[h])
		play_return(sim, h, now, up_since);
	recovery_account(sim);
}

/* The controller's end: the workers end their last exchange before the
 * simulation ends, and every worker host not down is billed up to now. */
static void
controller_end(struct sim *sim, const double *up_since)
{
	struct recovery *ctl = sim->rec;
	double now;
	int h;

	recovery_account(sim);
	while (sim->live_workers > 0)
		sg_sem_acquire(sim->worker_exit);
	sim->fstats.end_s = now = simgrid_get_clock();
	for (h = 0; h < sim->nworkers; h++) {
		if (ctl->down[h] != 1)	/* billed unless the host is down */
			sim->fstats.worker_up_s += now - up_since[h];
	}
	fault_schedule_free(&ctl->servers);
	fault_schedule_free(&ctl->links);
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
	recovery_account(sim);	/* a job that starts down stalls from 0 */
	for (;;) {
		now = simgrid_get_clock();
		if (ctl->done)
			break;
		ev = next_event(sim, idx, &which);
		if (ev == NULL || ev->t > now)
			settle(sim);
		sim->next_fault_s = ev != NULL ? ev->t : INFINITY;
		if (ev == NULL) {
			no_more_faults(sim);
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
		if (e.kind == FAULT_NOTICE)
			play_notice(sim, h);
		else
			play(sim, which, h, &e, now, up_since);
	}
	controller_end(sim, up_since);
	free(up_since);
}

static void recovery_release(struct sim *);

static const struct sim_hooks hooks = {
	.restore = recovery_restore,
	.step_done = recovery_step_done,
	.job_done = recovery_job_done,
	.release = recovery_release,
	.counters = recovery_ps_counters,
	.moved = recovery_ps_moved,
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
	recovery_spawn_storage(sim);
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
