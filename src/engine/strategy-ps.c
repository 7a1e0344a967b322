/* strategy-ps.c: the parameter server, synchronous or not.
 *
 * Message schedule, per step: every worker pushes shard j of its gradient
 * to shard j's server, all k pushes at once, and posts its k pulls at the
 * same time.  A colocated shard's own worker talks to it over the host's
 * loopback.  What a server does with the pushes is strategy.sync:
 *
 *   sync    server j posts n receives at once (one per worker: a single
 *           blocking receive at a time would serialise the flows), waits
 *           for all n, sums them, updates the shard and sends it back to
 *           every worker.
 *   async   Downpour: it applies each gradient as it arrives and sends
 *           that worker the shard as it now is.
 *   ssp     as async, but holds the reply to a worker that would start a
 *           step more than `staleness` clocks ahead of the slowest worker
 *           (a worker's clock: its gradients applied).
 *   backup  as TensorFlow's SyncReplicasOptimizer: the parameters carry a
 *           version; the server sums the first n - b gradients computed
 *           on the current version, updates, and replies to those
 *           workers; a gradient computed on an older version is dropped
 *           and its worker gets the current parameters at once.
 *
 * With strategy.local_reduce (multi-GPU machines, sync only) the PS's
 * participants are the machines: a machine's GPUs first reduce their
 * gradients to its first GPU over the machine's links (a binomial tree,
 * tree.c), that GPU pushes and pulls for the machine, and broadcasts the
 * parameters back inside it, as TensorFlow's tf_cnn_benchmarks (the
 * towers' gradients summed on the worker) and BytePS do.
 *
 * A gradient's staleness is the number of updates the shard applied
 * between the pull its worker computed on and its own application.  The
 * servers of the protocols other than sync serve until the workers are
 * done (daemon actors).
 *
 * One role per file, as ps.h lists them: this one sets the state up and
 * frees it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ps.h"
#include "recovery.h"
#include "sim.h"
#include "strategy.h"
#include "tree.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "sim-timeline.h"

/* The sync PS's participants: every worker, or with local_reduce each
 * machine's first GPU (and the machines' tree mailboxes). */
static void
participants(struct sim *sim, struct ps_state *st)
{
	int n = sim->nworkers, w, p;

	st->pidx = xcalloc((size_t)n, sizeof *st->pidx);
	if (sim->sc->strategy.local_reduce) {
		groups_make(&st->g, n, sim->facts.rack_of);
		st->np = st->g.n;
		st->part = xcalloc((size_t)st->np, sizeof *st->part);
		for (p = 0; p < st->np; p++)
			st->part[p] = st->g.leaders[p];
		st->tree_mbox = sim_round_mailboxes(sim, "ps-tree", n,
		    2 * st->g.levels);
	} else {
		st->np = n;
		st->part = xcalloc((size_t)n, sizeof *st->part);
		for (p = 0; p < n; p++)
			st->part[p] = p;
	}
	for (w = 0; w < n; w++)
		st->pidx[w] = -1;
	for (p = 0; p < st->np; p++)
		st->pidx[st->part[p]] = p;
}

static void
ps_setup(struct sim *sim)
{
	struct ps_state *st = xcalloc(1, sizeof *st);
	int k = sim->layout.nshards, P = sim->sc->strategy.chunks, j;
	char name[64];

	st->chunks = sim->layout.nbuckets > 0 ? 1 : P;
	st->receivers = 1;
	st->group = sim->nworkers;
	participants(sim, st);
	if (!sim->sc->faults.on && sim->sc->strategy.sync == SYNC_SYNC) {
		st->group = PS_RECEIVER_WORKERS;
		st->receivers = (st->np + st->group - 1) / st->group;
	}
	ps_shard_pieces(sim, st);
	st->shard_mbox = sim_round_mailboxes(sim, "shard", st->pulls,
	    st->receivers);
	/* per worker: its pulls and a round's pushes, or round_trip's 2k */
	st->comms = xcalloc((size_t)sim->nworkers * (size_t)(st->pulls +
	    st->pushes > 2 * k ? st->pulls + st->pushes : 2 * k),
	    sizeof *st->comms);
	st->in = xcalloc((size_t)sim->nworkers * (size_t)st->pulls,
	    sizeof *st->in);
	st->version = xcalloc((size_t)k, sizeof *st->version);
	st->pulled = xcalloc((size_t)k * (size_t)sim->nworkers,
	    sizeof *st->pulled);
	sim->state = st;
	if (sim->sc->faults.on) {
		size_t kn = (size_t)k * (size_t)sim->nworkers;

		/* after a restart: the shards as their checkpoints had them */
		for (j = 0; j < k && sim->generation > 0; j++)
			st->version[j] = sim->ckpt_version[j];
		st->conn_mbox = sim_round_mailboxes(sim, "conn", k,
		    sim->nworkers);
		st->wver = xcalloc(kn, sizeof *st->wver);
		st->got = xcalloc((size_t)k, sizeof *st->got);
		st->pending = xcalloc(kn, sizeof *st->pending);
		st->contributed = xcalloc(kn, 1);
		st->reply_to = xcalloc(kn, sizeof *st->reply_to);
		st->held = xcalloc(kn, sizeof *st->held);
		st->save_version = xcalloc((size_t)k,
		    sizeof *st->save_version);
		st->save_applied = xcalloc((size_t)k,
		    sizeof *st->save_applied);
		for (j = 0; j < (int)kn; j++) {
			snprintf(name, sizeof name, "ps-conn-%d-%d",
			    j / sim->nworkers, j % sim->nworkers);
			sim_spawn(sim, name, sim->shard_hidx[j /
			    sim->nworkers], ps_conn, j);
		}
		return;
	}
	if (sim->pulled != NULL) {
		/* bucket_push_pull posts the pulls bucket by bucket */
		st->bfirst = xcalloc((size_t)sim->layout.nbuckets + 1,
		    sizeof *st->bfirst);
		for (j = 0; j < st->pulls; j++)
			st->bfirst[st->pbucket[j] + 1]++;
		for (j = 0; j < sim->layout.nbuckets; j++)
			st->bfirst[j + 1] += st->bfirst[j];
		st->pull_mbox = sim_round_mailboxes(sim, "pull",
		    sim->nworkers, st->pulls);
	}
	if (sim->sc->strategy.sync == SYNC_SYNC)
		ps_receivers_setup(sim);
	for (j = 0; j < k; j++) {
		snprintf(name, sizeof name, "ps-shard-%d", j);
		sim_spawn(sim, name, sim->shard_hidx[j],
		    sim->sc->strategy.sync == SYNC_SYNC ? ps_server :
		    ps_server_async, j);
	}
}

static void
ps_cleanup(struct sim *sim)
{
	struct ps_state *st = sim->state;
	int j;

	for (j = 0; st->go != NULL &&
	    j < sim->layout.nshards * st->receivers; j++)
		sg_sem_destroy(st->go[j]);
	for (j = 0; st->ready != NULL && j < sim->layout.nshards; j++)
		sg_sem_destroy(st->ready[j]);
	if (st->barrier != NULL)
		sg_barrier_destroy(st->barrier);
	free(st->bfirst);
	free(st->pull_mbox);
	free(st->go);
	free(st->ready);
	free(st->pieces);
	free(st->base);
	free(st->gin);
	free(st->shard_mbox);
	free(st->comms);
	free(st->in);
	free(st->version);
	free(st->pulled);
	free(st->conn_mbox);
	free(st->wver);
	free(st->got);
	free(st->pending);
	free(st->contributed);
	free(st->reply_to);
	free(st->held);
	free(st->save_version);
	free(st->save_applied);
	free(st->part);
	free(st->pidx);
	free(st->pbucket);
	free(st->posted);
	free(st->poff);
	free(st->pcnt);
	if (st->tree_mbox != NULL)
		groups_release(&st->g);
	free(st->tree_mbox);
	free(st);
	sim->state = NULL;
}

/* run.fast_forward under faults: the versions the servers and each
 * worker have reached, and the servers' last checkpoint, `steps' later
 * (without faults the servers count the steps they serve, ff_step). */
static void
ps_skipped(struct sim *sim, int w, int steps)
{
	struct ps_state *st = sim->state;
	int k = sim->layout.nshards, j;
	int every = sim->sc->faults.checkpoint_every;
	long v;

	if (!sim->sc->faults.on)
		return;
	if (w >= 0) {
		for (j = 0; j < k; j++)
			st->wver[(size_t)w * k + j] += steps;
		sim->version[w] += steps;
		sim->local_step[w] += steps;
		return;
	}
	for (j = 0; j < k; j++) {
		st->version[j] += steps;
		if (every > 0 && (v = st->version[j] / every * every) >
		    sim->ckpt_version[j])
			recovery_ps_checkpointed(sim, j, v,
			    sim->applied_total, 1);
	}
	sim->steps_done = (int)ps_least_version(sim);
}

/* An asynchronous PS's counters for its fast-forward: each shard's
 * version, each worker's last pull (as the version) and clock there,
 * the gradients applied. */
static int
ps_counters(struct sim *sim, long **v, size_t *len, int *as, int max)
{
	struct ps_state *st = sim->state;
	size_t k = (size_t)sim->layout.nshards, kn = k * (size_t)sim->nworkers;

	if (max < 4 || st == NULL)
		return 0;
	v[0] = st->version;
	len[0] = k;
	v[1] = st->pulled;
	len[1] = kn;
	v[2] = sim->clock;
	len[2] = kn;
	v[3] = &sim->applied_total;
	len[3] = 1;
	as[0] = as[2] = as[3] = -1;
	as[1] = 0;
	return 4;
}

/* With faults, async and ssp checkpoint a shard at every multiple of
 * every n of its version (ps-conn.c): the periods of per updates of
 * each shard before the first of them reaches its next. */
static long
ps_cycles_left(struct sim *sim, long per)
{
	struct ps_state *st = sim->state;
	long every = (long)sim->sc->faults.checkpoint_every * sim->nworkers;
	long least = 1000000000L, left;
	int j;

	if (!sim->sc->faults.on || every <= 0 || st == NULL)
		return least;
	for (j = 0; j < sim->layout.nshards; j++) {
		left = (st->version[j] / every + 1) * every - st->version[j];
		if (left / per < least)
			least = left / per;
	}
	return least;
}

/* Also BytePS (OSDI '20): the PS protocol, with a summation service on
 * every worker and on k CPU-only hosts, the bytes split between them as
 * the paper's optimum says (sim-engine.c), pipelined in chunks. */
const struct strategy strategy_ps = {
	.setup = ps_setup,
	.exchange = ps_exchange,
	.pull = ps_pull,
	.join = ps_join,
	.cleanup = ps_cleanup,
	.skipped = ps_skipped,
	.counters = ps_counters,
	.cycles_left = ps_cycles_left,
};
