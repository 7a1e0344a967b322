/* worker.c: the step loop every worker runs, whatever the strategy:
 * compute (one block, or layer by layer handing buckets to its comm
 * actor), exchange through the strategy, the SGD step with numerics, and
 * when the job has run its steps or its time. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <simgrid/engine.h>
#include <simgrid/exec.h>

#include "fastforward.h"
#include "fastforward-async.h"
#include "metrics.h"
#include "sim.h"
#include "sim-timeline.h"
#include "worker.h"
#include "xmalloc.h"
#include "message.h"
#include "numerics.h"
#include "strategy.h"

struct spawn {
	struct sim	*sim;
	void		 (*fn)(struct sim *, int);
	int		 index;
};

/* A step's compute: one block, or the forward pass and then each layer's
 * backward pass, from the last layer to the first, handing each bucket
 * to the comm actor as soon as its last layer is done.  With
 * strategy.pull "forward" a step after the first runs each bucket's
 * layers forward once its parameters are in (sim->pulled).  The seconds
 * it waited for them. */
static double
compute(struct sim *sim, int w, int pulls)
{
	const struct scenario *sc = sim->sc;
	double flops = sim->compute_flops[w] * sim->slow_factor[w];
	double held = 0, t0;
	int i, b = 0;

	/* Stragglers: a lognormal factor of mean 1, or an exponential
	 * extra time, drawn per worker and step from the seed. */
	if (sc->cluster.jitter == JITTER_LOGNORMAL)
		flops *= exp(sc->cluster.jitter_sigma * rng_normal(&sim->rng[w]) -
		    sc->cluster.jitter_sigma * sc->cluster.jitter_sigma / 2);
	else if (sc->cluster.jitter == JITTER_EXPONENTIAL)
		flops += rng_exponential(&sim->rng[w], sc->cluster.jitter_mean_s) *
		    sg_host_get_speed(sim->hosts[w].host);

	if (sim->layout.layer_share == NULL) {
		ffa_computing(sim, w, sg_actor_self());
		sg_actor_execute(flops);
		ffa_computing(sim, w, NULL);
		return 0;
	}
	if (pulls && sim->pulled != NULL) {
		for (b = sim->layout.nbuckets - 1; b >= 0; b--) {
			t0 = simgrid_get_clock();
			sg_sem_acquire(sim->pulled[w]);
			held += simgrid_get_clock() - t0;
			sg_actor_execute(flops * sim->layout.bucket_forward[b]);
		}
	} else
		sg_actor_execute(flops * sim->layout.forward_share);
	for (b = 0, i = sim->sc->model.nlayers - 1; i >= 0; i--) {
		if (sim->layout.layer_share[i] > 0)
			sg_actor_execute(flops * sim->layout.layer_share[i]);
		for (; b < sim->layout.nbuckets && sim->layout.bucket_close[b] == i; b++)
			sg_sem_release(sim->ready[w]);
	}
	return held;
}

void
sim_round(struct sim *sim, int w, int r)
{
	sim->round[w] = sim->round_base[w] + r;
}

void
sim_rounds_done(struct sim *sim, int w, int k)
{
	sim->round_base[w] += k;
}

/* Worker w's exchange of a step (or bucket) seq, its rounds numbered
 * from 0. */
static void
exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	sim->round_base[w] = 0;
	sim->round[w] = -1;
	sim->strategy->exchange(sim, w, seq, lo, len);
	sim->round[w] = -1;
}

/* A worker's comm actor: reduces the buckets in order as they become
 * ready (with strategy.cycle, as a framework's coordination loop finds
 * them), then tells the compute actor the step is reduced. */
static void
comm_main(struct sim *sim, int w)
{
	double cycle = sim->sc->strategy.cycle_s, t0, busy;
	int step, b, taken = 0;

	sim_tag_worker_actor();

	/* the controller ends; by the clock, the last worker */
	if (sim->sc->faults.on || scenario_open_ended(sim->sc))
		sg_actor_daemonize(sg_actor_self());
	for (step = sim->sc->faults.on ? sim->start_step : 0;
	    step < sim->steps; step++) {
		busy = 0;
		for (b = 0; b < sim->layout.nbuckets; b++) {
			/* strategy.cycle, Horovod's background loop: it
			 * sleeps a cycle, takes the buckets ready then and
			 * reduces them back to back, then sleeps again */
			while (cycle > 0 && taken == 0) {
				sg_actor_sleep_for(cycle);
				taken = sg_sem_get_capacity(sim->ready[w]);
			}
			if (taken > 0)
				taken--;
			sg_sem_acquire(sim->ready[w]);
			t0 = simgrid_get_clock();
			exchange(sim, w, step * sim->layout.nbuckets + b,
			    sim->layout.bucket_lo[b], sim->layout.bucket_len[b]);
			busy += simgrid_get_clock() - t0;
		}
		sg_sem_release(sim->done[w]);
		/* strategy.pull "forward": the reads overlap the next step's
		 * forward pass */
		if (sim->pulled != NULL) {
			t0 = simgrid_get_clock();
			sim->strategy->pull(sim, w, step);
			busy += simgrid_get_clock() - t0;
		}
		metrics_comm(sim->metrics, w, step, busy);
	}
}

/* ssp: how many clocks ahead of the slowest worker worker w is, a
 * worker's clock being its gradients applied on every shard. */
static long
clocks_ahead(const struct sim *sim, int w)
{
	long least = -1, own = -1, c;
	int j, v;

	for (j = 0; j < sim->layout.nshards; j++) {
		for (v = 0; v < sim->nworkers; v++) {
			c = sim->clock[(size_t)j * sim->nworkers + v];
			if (least < 0 || c < least)
				least = c;
			if (v == w && (own < 0 || c < own))
				own = c;
		}
	}
	return own - least;
}

/* A PS worker that goes by the parameter versions it pulls, not by its
 * own steps: with backup workers, or sync under faults. */
static int
by_version(const struct sim *sim)
{
	enum sync_mode m = sim->sc->strategy.sync;

	return sim->version != NULL && (m == SYNC_BACKUP ||
	    (sim->sc->faults.on && m == SYNC_SYNC));
}

int
sim_past_end(const struct sim *sim)
{
	const struct scenario *sc = sim->sc;

	if (sc->run.stop_at_target && sim->num != NULL &&
	    sim->num->time_to_target_s >= 0)
		return 1;	/* the target loss reached */
	return scenario_open_ended(sc) &&
	    simgrid_get_clock() >= sc->run.duration_s && (sim->faults_over ||
	    fault_stats_events(&sim->fstats) >= sc->run.min_fault_events);
}

/* All-reduce and a synchronous PS: once the run is past its end
 * (sim_past_end), no worker begins a step that no worker has begun, so
 * that the steps under way end (a synchronous step needs every worker)
 * and the job stops with the steps begun by then: sim->steps falls to
 * sim->begun, once.  Whether worker w may begin step (it counts as
 * begun). */
static int
in_time(struct sim *sim, int step)
{
	if (sim->steps > sim->begun && sim_past_end(sim)) {
		sim->steps = sim->begun;
		metrics_end(sim->metrics, sim->steps);
	}
	if (step >= sim->steps)
		return 0;
	if (step >= sim->begun)
		sim->begun = step + 1;
	return 1;
}

/* Whether worker w has another step to run: by the versions it pulls,
 * by the gradients the servers applied (async and ssp under faults; in
 * both, sim->steps falls when the run is past its end: strategy-ps.c),
 * by the job's steps in time (all-reduce, sync PS), or by its own steps
 * until the run's end (an asynchronous PS's workers, each alone). */
static int
more(struct sim *sim, int w, int step)
{
	const struct scenario *sc = sim->sc;

	if (by_version(sim))
		return sim->version[w] < sim->steps;
	if (sim->sc->faults.on && sim->version != NULL)
		return sim->applied_total < (long)sim->nworkers * sim->steps;
	if (sc->strategy.info->family == FAMILY_ALLREDUCE ||
	    sc->strategy.sync == SYNC_SYNC)
		return in_time(sim, step);
	if (step >= sim->steps || sim_past_end(sim))
		return 0;
	if (step >= sim->begun)
		sim->begun = step + 1;
	return 1;
}

/* With faults: worker w's actor is gone, killed (by the controller,
 * which says so) or at its loop's end (which tells a controller waiting
 * for the last one).  Not an on_exit callback: a simcall from a killed
 * actor's exit callback, while it was waiting for a comm, kept it (its
 * stack and two memory mappings) alive to the end of the run, and some
 * 30,000 restarts reached vm.max_map_count (issue 38). */
void
sim_worker_gone(struct sim *sim, int w, int killed)
{
	if (sim->worker_actor[w] == NULL)
		return;
	sim->worker_actor[w] = NULL;
	sim->live_workers--;
	ffa_worker(sim, w);
	if (!killed)
		sg_sem_release(sim->worker_exit);
}


/* A worker: compute, exchange, and for all-reduce the SGD step; with
 * faults, a restarted all-reduce worker first takes the checkpoint from
 * the storage host and a PS replacement first pulls the parameters. */
static void
worker_main(struct sim *sim, int w)
{
	const struct scenario *sc = sim->sc;
	struct numerics *nm = sim->num;
	int step, seq;
	int allreduce = sc->strategy.info->family == FAMILY_ALLREDUCE;
	int byversion = by_version(sim);
	double start, computed, held;
	/* the worker that checkpoints: worker 0, or the elastic ring's first */
	int lead = sim->members != NULL ? sim->members[0] : 0;

	sim_tag_worker_actor();
	ffa_worker(sim, w);

	if (sim->sc->faults.on) {
		sg_actor_daemonize(sg_actor_self());	/* the controller ends */
		sim->live_workers++;
		sim->worker_actor[w] = sg_actor_self();
		if (allreduce)
			sim->hooks->restore(sim, w);
		else if (sim->rejoin[w] > 0)
			sim->strategy->join(sim, w);
	}
	/* a job of several that starts later */
	if (sc->job.start_s > simgrid_get_clock())
		sg_actor_sleep_for(sc->job.start_s - simgrid_get_clock());
	for (step = allreduce ? sim->start_step : 0; more(sim, w, step);
	    step++) {
		seq = byversion ? (int)sim->version[w] : step;
		if (sim->sc->faults.on && !allreduce && !byversion)
			seq = (int)sim->local_step[w]++;
		if (sc->strategy.sync == SYNC_SSP)
			metrics_ahead(sim->metrics, clocks_ahead(sim, w));
		start = simgrid_get_clock();
		if (nm != NULL)
			numerics_gradient(nm, w, seq);
		held = compute(sim, w, step > (allreduce ? sim->start_step : 0));
		computed = simgrid_get_clock();
		sim_timeline_step(sim, w, seq, start, 0);
		if (sim->layout.nbuckets > 0)
			sg_sem_acquire(sim->done[w]);
		else
			exchange(sim, w, seq, 0, sim->layout.elements);
		if (nm != NULL && allreduce)
			numerics_allreduce_update(nm, w, step, sim->members !=
			    NULL ? sim->nmembers : sim->nworkers);
		if (nm != NULL && w == lead && sc->strategy.sync == SYNC_SYNC &&
		    (!sim->sc->faults.on || allreduce))
			numerics_sample(nm, sim, step + 1, nm->param[w],
			    simgrid_get_clock());
		step += ffa_adjust(sim, w, &seq, &start, &computed);
		if (seq < sim->steps) {
			metrics_step(sim->metrics, w, seq, start, computed,
			    simgrid_get_clock());
			if (sim->pulled != NULL)
				metrics_held(sim->metrics, w, seq, held);
		}
		sim_timeline_step(sim, w, seq, computed, 1);
		step += ff_step_end(sim, w, seq);
		ffa_step_end(sim, w, seq);
		if (sc->faults.on && allreduce && w == lead)
			sim->hooks->step_done(sim, step + 1);
	}
	if (sc->faults.on && allreduce && w == lead)
		sim->hooks->job_done(sim);
	sim->workers_done++;
	if (sc->faults.on)
		sim_worker_gone(sim, w, 0);
}

void
sim_spawn_worker(struct sim *sim, int w)
{
	char name[64];

	snprintf(name, sizeof name, "worker-%d", w);
	sim_spawn(sim, name, w, worker_main, w);
	if (sim->layout.nbuckets > 0) {
		snprintf(name, sizeof name, "comm-%d", w);
		sim_spawn(sim, name, w, comm_main, w);
	}
}

void
sim_reset_buckets(struct sim *sim)
{
	int w;

	for (w = 0; sim->ready != NULL && w < sim->nworkers; w++) {
		sg_sem_destroy(sim->ready[w]);
		sg_sem_destroy(sim->done[w]);
		sim->ready[w] = sg_sem_init(0);
		sim->done[w] = sg_sem_init(0);
	}
}

static void
spawn_main(int argc, char **argv)
{
	struct spawn *data = sg_actor_self_get_data(), sp = *data;

	(void)argc;
	(void)argv;
	free(data);	/* first: a daemon actor never returns */
	sp.fn(sp.sim, sp.index);
}

sg_actor_t
sim_spawn(struct sim *sim, const char *name, int hidx,
    void (*fn)(struct sim *, int), int index)
{
	struct spawn *sp = xmalloc(sizeof *sp);
	sg_actor_t a;

	sp->sim = sim;
	sp->fn = fn;
	sp->index = index;
	a = sg_actor_init(name, sim->hosts[hidx].host);
	sg_actor_set_data(a, sp);
	sg_actor_start(a, spawn_main, 0, NULL);
	return a;
}
