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
 *   ps (sync and async): the servers keep their state and never fail
 *     here; the lost worker's in-flight gradient fails on the wire and is
 *     never applied; the others go on (async) or wait for it (sync); the
 *     replacement pulls the parameters and joins (strategy->join).
 *
 * The controller is the one actor that is not a daemon: the simulation
 * ends when the job has its steps (recovery_job_done). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>

#include "metrics.h"
#include "recovery.h"
#include "sim.h"
#include "xmalloc.h"

#define STREAM_FAULTS	(1ULL << 41)	/* clear of the other streams */

/* A job that cannot get its steps done (its hosts are never all up at
 * once) is given up when the draws reach this many first horizons. */
#define GIVE_UP		256

static struct {
	double		 horizon_s;	/* of the drawn schedule */
	double		 first_horizon_s;
	double		 restart_from;	/* when the last host came back */
	int		 done;
	enum { JOB_RUNNING, JOB_DOWN, JOB_RESTARTING } state; /* all-reduce */
} ctl;

static int
is_allreduce(const struct sim *sim)
{
	return strcmp(sim->strategy->family, "allreduce") == 0;
}

/* The faults drawn up to horizon_s: the same seed draws the same first
 * events whatever the horizon, so a longer one only adds events. */
static void
draw(struct sim *sim, double horizon_s)
{
	const struct scenario *sc = sim->sc;
	struct fault_process p;

	memset(&p, 0, sizeof p);
	p.dist = sc->faults.source == FAULTS_WEIBULL ? FAULT_WEIBULL :
	    FAULT_EXPONENTIAL;
	p.mean_s = sc->faults.mttp_s;
	p.shape = sc->faults.shape;
	p.scale_s = sc->faults.scale_s;
	p.notice_s = sc->faults.notice_s;
	p.replace_s = sc->faults.replace_s;
	fault_schedule_free(sim->schedule);
	fault_generate(&p, sim->nworkers, sc->seed, STREAM_FAULTS, horizon_s,
	    sim->schedule);
	ctl.horizon_s = horizon_s;
}

/* A storage receiver: takes the checkpoints one sender slot sends. */
static void
storage_main(struct sim *sim, int slot)
{
	struct msg *m;
	sg_comm_t c;

	sg_actor_daemonize(sg_actor_self());
	for (;;) {
		c = sim_recv(sim_mailbox("storage", slot), &m);
		if (sg_comm_wait(c) == SG_OK)	/* the sender may die */
			sim_received(sim, sim->storage, m);
	}
}

static void
spawn_storage(struct sim *sim)
{
	int i, n = is_allreduce(sim) ? 1 : sim->nshards;
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
	sg_comm_t c = sim_send_bytes(sim, sim_mailbox("storage", slot), src,
	    sim->storage, -1, bytes, 0);

	sg_comm_wait(c);
	return simgrid_get_clock() - t0;
}

void
recovery_step_done(struct sim *sim, int steps)
{
	int every = sim->sc->faults.checkpoint_every;
	struct numerics *nm = sim->num;

	sim->steps_done = steps;
	if (every == 0 || steps % every != 0 || steps >= sim->sc->run.steps)
		return;
	sim->fstats.checkpoint_s += recovery_checkpoint(sim, 0, 0,
	    scenario_model_bytes(sim->sc));
	sim->checkpoint_step = steps;
	if (nm != NULL)
		numerics_checkpoint(nm, 0);
}

void
recovery_restore(struct sim *sim, int w)
{
	struct msg *m;
	sg_comm_t c;

	if (sim->generation == 0)
		return;		/* the first start: nothing to restore */
	c = sim_recv(sim->worker_mbox[w], &m);
	if (sg_comm_wait(c) != SG_OK)
		return;
	sim_received(sim, w, m);
	if (w == 0 && ctl.state == JOB_RESTARTING) {
		sim->fstats.restart_s += simgrid_get_clock() - ctl.restart_from;
		sim->fstats.restarts++;
		ctl.state = JOB_RUNNING;
	}
}

void
recovery_job_done(struct sim *sim)
{
	if (ctl.done)
		return;
	ctl.done = 1;
	sim->fstats.done_s = simgrid_get_clock();
	sg_sem_release(sim->job_done);
}

/* After faults.restart, start the workers of the relaunched job, each
 * sent the checkpoint.  A preemption meanwhile kills this actor too. */
static void
launcher(struct sim *sim, int unused)
{
	int w;

	(void)unused;
	sg_actor_daemonize(sg_actor_self());
	if (sim->sc->faults.restart_s > 0)
		sg_actor_sleep_for(sim->sc->faults.restart_s);
	for (w = 0; w < sim->nworkers; w++) {
		sim_send_bytes(sim, sim->worker_mbox[w], sim->storage, w, -1,
		    scenario_model_bytes(sim->sc), 1);
		sim_spawn_worker(sim, w);
	}
}

/* Every host is back: relaunch the all-reduce job from its checkpoint,
 * under fresh mailbox names (set up here, at once, so that a kill never
 * finds it half done). */
static void
restart(struct sim *sim)
{
	ctl.restart_from = simgrid_get_clock();
	ctl.state = JOB_RESTARTING;
	if (sim->strategy->cleanup != NULL)
		sim->strategy->cleanup(sim);
	sim_new_generation(sim);
	if (sim->strategy->setup != NULL)
		sim->strategy->setup(sim);
	spawn_storage(sim);
	sim->start_step = sim->steps_done = sim->checkpoint_step;
	if (sim->num != NULL)
		numerics_restore(sim->num, sim->checkpoint_step);
	sim_spawn(sim, "launcher", sim->storage, launcher, 0);
}

static void
controller(struct sim *sim, int unused)
{
	const struct scenario *sc = sim->sc;
	struct fault_schedule *fs = sim->schedule;
	int n = sim->nworkers, ndown = 0, i = 0, w;
	int ar = is_allreduce(sim), sync = sc->strategy.sync == SYNC_SYNC;
	char *down = xcalloc((size_t)n, 1);
	double now, stall_from = 0, t, *up_since = xcalloc((size_t)n,
	    sizeof *up_since);
	struct fault_event ev;

	(void)unused;
	for (w = 0; w < n; w++) {
		if (!fs->initially_down[w])
			continue;
		down[w] = 1;
		ndown++;
		sg_host_turn_off(sim->hosts[w].host);
	}
	ctl.state = ar && ndown > 0 ? JOB_DOWN : JOB_RUNNING;
	for (;;) {
		if (i == fs->n && sc->faults.source != FAULTS_TRACE &&
		    ctl.horizon_s < GIVE_UP * ctl.first_horizon_s) {
			/* more of the same draws, further out */
			t = ctl.horizon_s;
			draw(sim, 4 * ctl.horizon_s);
			for (i = 0; i < fs->n && fs->ev[i].t <= t; i++)
				;
		}
		now = simgrid_get_clock();
		if (i == fs->n) {
			/* no more faults: wait for the job if it can go on */
			if ((ar && ctl.state == JOB_DOWN) || (!ar && ((sync &&
			    ndown > 0) || (!sync && ndown == n)))) {
				sim->fstats.done_s = -1;	/* never */
				sg_actor_kill_all();
				break;
			}
			sg_sem_acquire(sim->job_done);
			break;
		}
		/* (a zero timeout would not wait: events due now are
		 * played at once, unless the job is done) */
		if (ctl.done || (fs->ev[i].t > now && sg_sem_acquire_timeout(
		    sim->job_done, fs->ev[i].t - now) == 0))
			break;		/* the job is done */
		ev = fs->ev[i++];
		now = simgrid_get_clock();
		w = ev.slot;
		if (ev.kind == FAULT_NOTICE) {
			sim->fstats.notices++;
			continue;
		}
		if (ev.kind == FAULT_PREEMPT) {
			if (down[w])
				continue;
			sim->fstats.preemptions++;
			if ((ar && ctl.state != JOB_DOWN) || (!ar && ((sync &&
			    ndown == 0) || (!sync && ndown == n - 1))))
				stall_from = now;
			down[w] = 1;
			ndown++;
			sim->fstats.worker_up_s += now - up_since[w];
			if (ar && ctl.state != JOB_DOWN) {
				/* the collective cannot go on: the job dies */
				sg_actor_kill_all();
				if (ctl.state == JOB_RESTARTING)
					sim->fstats.restart_s += now -
					    ctl.restart_from;
				sim->fstats.lost_steps += sim->steps_done -
				    sim->checkpoint_step;
				ctl.state = JOB_DOWN;
			}
			sg_host_turn_off(sim->hosts[w].host);
			continue;
		}
		/* FAULT_RETURN: the replacement host is up */
		if (!down[w])
			continue;
		down[w] = 0;
		ndown--;
		up_since[w] = now;
		sg_host_turn_on(sim->hosts[w].host);
		if (ar && ndown == 0 && ctl.state == JOB_DOWN) {
			sim->fstats.stalled_s += now - stall_from;
			restart(sim);
		} else if (!ar) {
			if ((sync && ndown == 0) || (!sync && ndown == n - 1))
				sim->fstats.stalled_s += now - stall_from;
			sim_new_incarnation(sim, w);
			sim->fstats.joins++;
			sim_spawn_worker(sim, w);
		}
	}
	now = simgrid_get_clock();
	if ((ar && ctl.state == JOB_DOWN) || (!ar && ((sync && ndown > 0) ||
	    (!sync && ndown == n))))
		sim->fstats.stalled_s += now - stall_from;
	/* the workers end their last exchange before the simulation ends */
	while (sim->live_workers > 0)
		sg_sem_acquire(sim->worker_exit);
	sim->fstats.end_s = now = simgrid_get_clock();
	for (w = 0; w < n; w++) {
		if (!down[w])
			sim->fstats.worker_up_s += now - up_since[w];
	}
	free(up_since);
	free(down);
}

int
recovery_setup(struct sim *sim, char **error)
{
	const struct scenario *sc = sim->sc;
	struct trace tr;
	double step;

	sim->schedule = xcalloc(1, sizeof *sim->schedule);
	if (sc->faults.source == FAULTS_TRACE) {
		if (trace_read(sc->faults.trace, &tr, error) != 0)
			return -1;
		trace_schedule(&tr, sim->nworkers, sc->faults.trace_offset_s,
		    sc->faults.trace_scale, sc->faults.notice_s, sim->schedule);
		trace_free(&tr);
	} else {
		/* a first horizon: a few times the fault-free run */
		step = sc->model.compute_s + 2 * scenario_wire_bytes(sc) /
		    sc->cluster.nic_Bps;
		draw(sim, 4 * sc->run.steps * step + sc->faults.replace_s +
		    sc->faults.restart_s + 1);
		ctl.first_horizon_s = ctl.horizon_s;
	}
	sim->job_done = sg_sem_init(0);
	sim->worker_exit = sg_sem_init(0);
	sim->rejoin = xcalloc((size_t)sim->nworkers, sizeof *sim->rejoin);
	sim->local_step = xcalloc((size_t)sim->nworkers,
	    sizeof *sim->local_step);
	spawn_storage(sim);
	sim_spawn(sim, "controller", sim->storage, controller, 0);
	return 0;
}
