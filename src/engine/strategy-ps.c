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
 * done (daemon actors). */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>

#include "fastforward.h"
#include "metrics.h"
#include "numerics.h"
#include "recovery.h"
#include "sim.h"
#include "strategy.h"
#include "tree.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "sim-timeline.h"

/* BytePS: at most this many pushes in flight from a worker to a CPU
 * host (shard_pieces).  4 keeps k <= 7 CPU hosts of 10 workers exact;
 * k = 8 would take 5 and 63 s a step to simulate, k = 9 take 9 and 240 s
 * (man psim-scenario(5), bytesps). */
#define PS_CPU_PIECES 4

struct ps_state {
	int		 chunks;	/* P: pipelined rounds of pushes */
	int		*pieces;	/* per shard: P q_j pieces, q_j a
					   round (shard_pieces; else 1) */
	int		*base;		/* per shard: its first piece's index
					   among all shards' */
	int		 pulls, pushes;	/* a worker's pieces, all shards, per
					   step and per round */
	sg_mailbox_t	*shard_mbox;	/* per shard, chunk and receiver:
					   [(j * P + c) * R + w / G] */
	int		 receivers;	/* R per shard (sync: ceil(n / G)) */
	int		 group;		/* G: the workers of a receiver */
	struct msg	**gin;		/* sync, [(j * P + c) * n + w]: the
					   pushes shard j has of chunk c */
	sg_sem_t	*ready;		/* sync, per shard: a receiver has
					   its chunk, or its replies sent */
	sg_sem_t	*go;		/* sync, [j * R + r]: receiver r may
					   go on */
	sg_comm_t	*comms;		/* per worker: k P pulls + k pushes */
	struct msg	**in;		/* per worker: k P */
	long		*version;	/* per shard: updates applied */
	long		*pulled;	/* [j * n + w]: version w last pulled */
	long		 sampled;	/* the least version last sampled */
	/* With faults, one connection actor per shard and worker: */
	sg_mailbox_t	*conn_mbox;	/* [j * n + w] */
	long		*wver;		/* [w * k + j]: version w pulled */
	int		*got;		/* sync, per shard: gradients in */
	struct msg	**pending;	/* sync, [j * n + i] */
	char		*contributed;	/* sync, [j * n + w] */
	sg_mailbox_t	*reply_to;	/* sync, [j * n + w] */
	int		*held;		/* ssp, [j * n + w] */
	/* The sync PS's participants: every worker, or with local_reduce
	 * each machine's first GPU. */
	int		 np;
	int		*part;		/* np: participant p's worker */
	int		*pidx;		/* per worker: its participant, or
					   -1 */
	struct groups	 g;		/* local_reduce: the machines */
	sg_mailbox_t	*tree_mbox;	/* per worker: 2 * levels rounds */
	/* With buckets: piece base[j] + c of shard j is bucket
	 * pbucket[...]'s share of it (layout's piece table, its empty
	 * pieces left out), in bucket order. */
	int		*pbucket;
	long		*poff, *pcnt;
	int		*posted;	/* per worker: the step's pulls posted
					   so far */
};

/* Piece c of shard j (of P): an even cut of the shard, or with buckets
 * a bucket's share. */
static long
chunk_offset(const struct sim *sim, int j, int c, int P)
{
	const struct ps_state *st = sim->state;

	if (st->poff != NULL)
		return st->poff[st->base[j] + c];
	return sim->layout.shard_offset[j] + sim_part_offset(sim->layout.shard_count[j], P,
	    c);
}

static long
chunk_count(const struct sim *sim, int j, int c, int P)
{
	const struct ps_state *st = sim->state;

	if (st->pcnt != NULL)
		return st->pcnt[st->base[j] + c];
	return sim_part_count(sim->layout.shard_count[j], P, c);
}

/* The tag of piece c of shard j in a step: the step, or with buckets
 * the bucket's exchange (step * buckets + bucket). */
static int
piece_seq(const struct sim *sim, int j, int c, int step)
{
	const struct ps_state *st = sim->state;

	return st->pbucket == NULL ? step : step * sim->layout.nbuckets +
	    st->pbucket[st->base[j] + c];
}

static int
by_src(const void *a, const void *b)
{
	const struct msg *x = *(struct msg *const *)a;
	const struct msg *y = *(struct msg *const *)b;

	return (x->src > y->src) - (x->src < y->src);
}

/* Take count gradient messages for elements [offset, + len) on server
 * host me: sum them in worker order (so that every run sums alike) and
 * update the servers' parameters with their mean. */
static void
update(struct sim *sim, int me, struct msg **msgs, int count, long offset,
    long len)
{
	struct numerics *nm = sim->num;
	long lo = 0, flen = 0;
	int i;

	if (nm != NULL) {
		numerics_range(nm, offset, len, &lo, &flen);
		memset(nm->ps_acc + lo, 0, (size_t)flen * sizeof(float));
		qsort(msgs, (size_t)count, sizeof *msgs, by_src);
	}
	if (count > 0)
		sim_mark(sim, me, "apply", msgs[0]->step);
	for (i = 0; i < count; i++)
		sim_apply(sim, me, msgs[i], nm != NULL ? nm->ps_acc : NULL,
		    SIM_ADD);
	if (nm != NULL)
		numerics_ps_update(nm, lo, flen, count);
}

/* The version every shard has reached. */
static long
least_version(const struct sim *sim)
{
	const struct ps_state *st = sim->state;
	long least = st->version[0];
	int j;

	for (j = 1; j < sim->layout.nshards; j++) {
		if (st->version[j] < least)
			least = st->version[j];
	}
	return least;
}

/* The loss of the servers' parameters, once every shard has applied the
 * updates of another step (for async and ssp: n gradients). */
static void
sample(struct sim *sim, int per_step)
{
	struct ps_state *st = sim->state;
	long least = least_version(sim);

	if (sim->num == NULL)
		return;
	if (least % per_step == 0 && least > st->sampled) {
		st->sampled = least;
		numerics_sample(sim->num, sim, (double)(least / per_step),
		    sim->num->ps_param, simgrid_get_clock());
	}
}

/* The mailbox of shard j's receiver r for chunk c (a worker w pushes to
 * receiver w / G), and the pushes shard j has of chunk c, by worker. */
static sg_mailbox_t
push_mbox(const struct ps_state *st, int j, int c, int r)
{
	return st->shard_mbox[(st->base[j] + c) * st->receivers + r];
}

static struct msg **
pushes(const struct ps_state *st, int n, int j, int c)
{
	return st->gin + ((size_t)st->base[j] + (size_t)c) *
	    (size_t)n;
}

/* Receiver r of shard j's sync server (idx = j * R + r): the pushes of
 * workers rG .. rG + G - 1 and the replies to them.  Per step, once the
 * server lets it go, it posts its receives of every chunk; for each chunk
 * in turn it waits for it from its workers, tells the server, and once
 * the server has summed it from all workers sends the new parameters
 * back without waiting, so that pulls of one chunk overlap pushes of the
 * next; then it waits for its replies to go out.  One actor holding all
 * n comms of a shard pays O(n) per comm in SimGrid (a posted receive
 * scans its mailbox's queue; a finished comm leaves its actor's list),
 * O(n^2) a step: 40,000 workers took 600 s.  G workers per receiver make
 * that O(nG) (bench/RESULTS.md: 10,000 workers, 40 s a step before, 8.2 s
 * with G = 256, 5.6 s with G = 64). */
static void
ps_receiver(struct sim *sim, int idx)
{
	struct ps_state *st = sim->state;
	int R = st->receivers, j = idx / R, r = idx % R, n = st->np;
	int P = st->pieces[j], me = sim->shard_hidx[j], lo = r * st->group;
	int g = n - lo < st->group ? n - lo : st->group, it, step, c, i;
	sg_comm_t *recv = xcalloc((size_t)g * (size_t)P, sizeof *recv);
	sg_comm_t *send = xcalloc((size_t)g * (size_t)P, sizeof *send);
	const float *params = sim->num != NULL ? sim->num->ps_param : NULL;
	struct msg **in;

	if (scenario_open_ended(sim->sc))
		sg_actor_daemonize(sg_actor_self());	/* the workers end */
	for (it = 0; ff_step(sim->ff, it) < sim->steps; it++) {
		sg_sem_acquire(st->go[idx]);
		for (c = 0; c < P; c++) {
			in = pushes(st, n, j, c) + lo;
			for (i = 0; i < g; i++)
				recv[c * g + i] = sim_recv(push_mbox(st, j, c,
				    r), &in[i]);
		}
		for (c = 0; c < P; c++) {
			sim_wait_all(recv + c * g, (size_t)g);
			step = ff_step(sim->ff, it);
			sg_sem_release(st->ready[j]);
			sg_sem_acquire(st->go[idx]);	/* summed */
			for (i = 0; i < g; i++)
				send[c * g + i] = sim_send_data(sim,
				    sim->worker_mbox[st->part[lo + i]], me,
				    st->part[lo + i], piece_seq(sim, j, c, step),
				    chunk_offset(sim, j, c, P),
				    chunk_count(sim, j, c, P), params);
		}
		sim_wait_all(send, (size_t)g * (size_t)P);
		sg_sem_release(st->ready[j]);
	}
	free(recv);
	free(send);
}

/* Let shard j's R receivers go on, or wait until each has told. */
static void
receivers_go(struct ps_state *st, int j)
{
	int r;

	for (r = 0; r < st->receivers; r++)
		sg_sem_release(st->go[j * st->receivers + r]);
}

static void
receivers_wait(struct ps_state *st, int j)
{
	int r;

	for (r = 0; r < st->receivers; r++)
		sg_sem_acquire(st->ready[j]);
}

/* Shard j's server, sync: for each chunk in turn, once its receivers
 * have it from every worker, sum it and update the shard; the next step
 * starts once every reply of this one is out (ps_receiver). */
static void
ps_server(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	int n = st->np, P = st->pieces[j], me = sim->shard_hidx[j];
	int it, step, w, c;
	struct msg **in;

	if (scenario_open_ended(sim->sc))
		sg_actor_daemonize(sg_actor_self());	/* the workers end */
	for (it = 0; ff_step(sim->ff, it) < sim->steps; it++) {
		receivers_go(st, j);
		for (c = 0; c < P; c++) {
			in = pushes(st, n, j, c);
			receivers_wait(st, j);
			step = ff_step(sim->ff, it);
			for (w = 0; w < n; w++) {
				assert(in[w]->step == piece_seq(sim, j, c,
				    step));
				assert(in[w]->offset ==
				    chunk_offset(sim, j, c, P));
			}
			update(sim, me, in, n, chunk_offset(sim, j, c, P),
			    chunk_count(sim, j, c, P));
			receivers_go(st, j);
		}
		receivers_wait(st, j);
	}
}

/* Send worker w shard j as it is now, tagged with its version, without
 * waiting, to mailbox to. */
static void
reply_to(struct sim *sim, int j, int w, sg_mailbox_t to)
{
	struct ps_state *st = sim->state;

	st->pulled[(size_t)j * sim->nworkers + w] = st->version[j];
	sim_send_detached(sim, to, sim->shard_hidx[j], w,
	    (int)st->version[j], sim->layout.shard_offset[j], sim->layout.shard_count[j],
	    sim->num != NULL ? sim->num->ps_param : NULL);
}

static void
reply(struct sim *sim, int j, int w)
{
	reply_to(sim, j, w, sim->worker_mbox[w]);
}

/* ssp: reply to every held worker that is no more than s clocks ahead of
 * the slowest one, or has no step left (to[w] if given: the inbox of the
 * worker that pushed, so that a replacement never gets its reply). */
static void
release(struct sim *sim, int j, int *held, const sg_mailbox_t *to)
{
	const long *clock = sim->clock + (size_t)j * sim->nworkers;
	long least = clock[0];
	int n = sim->nworkers, w;

	for (w = 1; w < n; w++) {
		if (clock[w] < least)
			least = clock[w];
	}
	/* no step left: its own steps done, or with faults (where a worker
	 * runs until the servers have all the gradients) the job's */
	for (w = 0; w < n; w++) {
		if (held[w] && (clock[w] - least <= sim->sc->strategy.staleness ||
		    (sim->sc->faults.on ? sim->applied_total >= (long)n *
		    sim->steps : clock[w] >= sim->steps))) {
			held[w] = 0;
			if (to != NULL)
				reply_to(sim, j, w, to[w]);
			else
				reply(sim, j, w);
		}
	}
}

/* backup: a gradient computed on parameters older than shard j's is
 * dropped, and its worker gets the shard as it is now. */
static void
drop(struct sim *sim, int j, struct msg *m)
{
	int w = m->src;

	sim_received(sim, sim->shard_hidx[j], m);
	metrics_dropped(sim->metrics, 1.0 / sim->layout.nshards);
	reply(sim, j, w);
}

/* async, ssp: worker m->src's gradient applied to shard j as it comes,
 * with its staleness; the worker's clock on the shard advances. */
static void
apply(struct sim *sim, int j, struct msg *m)
{
	struct ps_state *st = sim->state;
	size_t jw = (size_t)j * (size_t)sim->nworkers + (size_t)m->src;

	if (j == 0) {
		metrics_staleness(sim->metrics, st->version[j] - st->pulled[jw]);
		metrics_applied(sim->metrics);
		sim->applied_total++;
	}
	update(sim, sim->shard_hidx[j], &m, 1, sim->layout.shard_offset[j],
	    sim->layout.shard_count[j]);
	st->version[j]++;
	sim->clock[jw]++;
}

/* Shard j's server for async, ssp and backup: n receives always posted,
 * each gradient handled as it arrives. */
static void
ps_server_async(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	const struct scenario *sc = sim->sc;
	int n = sim->nworkers, me = sim->shard_hidx[j], i, w, a = 0;
	int quorum = n - sc->strategy.backup;
	sg_comm_t *recv = xcalloc((size_t)n, sizeof *recv);
	struct msg **in = xcalloc((size_t)n, sizeof *in), *m;
	struct msg **acc = xcalloc((size_t)n, sizeof *acc);
	int *held = xcalloc((size_t)n, sizeof *held);
	int *who = xcalloc((size_t)n, sizeof *who);
	long off = sim->layout.shard_offset[j], count = sim->layout.shard_count[j];

	sg_actor_daemonize(sg_actor_self());	/* serves until the end */
	for (i = 0; i < n; i++)
		recv[i] = sim_recv(push_mbox(st, j, 0, 0), &in[i]);
	for (;;) {
		i = (int)sg_comm_wait_any(recv, (size_t)n);
		m = in[i];
		recv[i] = sim_recv(push_mbox(st, j, 0, 0), &in[i]);
		w = m->src;
		if (sc->strategy.sync == SYNC_BACKUP) {
			if (m->step < st->version[j] ||
			    st->version[j] >= sim->steps) {
				drop(sim, j, m);
				continue;
			}
			who[a] = w;
			acc[a++] = m;
			if (j == 0)
				metrics_staleness(sim->metrics, 0);
			if (a < quorum)
				continue;
			update(sim, me, acc, a, off, count);
			st->version[j]++;
			if (j == 0)
				metrics_applied(sim->metrics);
			for (i = 0; i < a; i++)
				reply(sim, j, who[i]);
			a = 0;
			sample(sim, 1);
			continue;
		}
		apply(sim, j, m);
		sample(sim, n);
		if (sc->strategy.sync == SYNC_SSP) {
			held[w] = 1;
			release(sim, j, held, NULL);
		} else
			reply(sim, j, w);
	}
}

/* With faults, at a server's first update once the run is past its end
 * (sim_past_end): the job's steps become those under way, which the
 * workers have begun and finish: sync's and backup's the newest version
 * of any shard, async's and ssp's the gradients applied in whole steps
 * of n, rounded up.  The job ends once the servers have them (ps_conn). */
static void
cut(struct sim *sim, int stepped)
{
	struct ps_state *st = sim->state;
	long steps = 0, n = sim->nworkers;
	int j;

	if (!sim_past_end(sim))
		return;
	for (j = 0; stepped && j < sim->layout.nshards; j++) {
		if (st->version[j] > steps)
			steps = st->version[j];
	}
	if (!stepped)
		steps = (sim->applied_total + n - 1) / n;
	if (steps < sim->steps) {
		sim->steps = (int)steps;
		metrics_end(sim->metrics, sim->steps);
	}
}

/* With faults: the connection of shard j (idx / n) to worker w (idx % n)
 * on the shard's host.  A push that fails on the wire (its worker died)
 * is lost.  sync and backup take a step's gradients until they have
 * their quorum (n, or n - b) and reply to those who gave them; backup
 * drops a gradient of an older version and replies at once.  async and
 * ssp apply each gradient and reply (ssp holds the reply while that
 * worker is too far ahead).  A replacement's join gets the shard at
 * once, unless its slot already gave this step its gradient: then the
 * step's reply goes to the replacement.  The servers checkpoint their
 * shards every faults.checkpoint.every steps (async and ssp: that many
 * times n gradients). */
static void
ps_conn(struct sim *sim, int idx)
{
	struct ps_state *st = sim->state;
	const struct scenario *sc = sim->sc;
	int n = sim->nworkers, j = idx / n, w = idx % n, i, got;
	int me = sim->shard_hidx[j], every = sc->faults.checkpoint_every;
	int stepped = sc->strategy.sync == SYNC_SYNC ||
	    sc->strategy.sync == SYNC_BACKUP;
	int quorum = n - sc->strategy.backup;
	long off = sim->layout.shard_offset[j], count = sim->layout.shard_count[j], least;
	struct msg *m, **pending = st->pending + (size_t)j * n;
	char *contributed = st->contributed + (size_t)j * n;
	sg_mailbox_t *to = st->reply_to + (size_t)j * n;
	double t;

	sg_actor_daemonize(sg_actor_self());
	for (;;) {
		if (sg_comm_wait(sim_recv(st->conn_mbox[idx], &m)) != SG_OK)
			continue;
		if (m->count == 0 && m->step < 0) {
			sim_received(sim, me, m);
			st->held[(size_t)j * n + w] = 0;
			if (sc->strategy.sync == SYNC_SSP) {
				/* the slot's clock stays: held like a push */
				to[w] = sim->worker_mbox[w];
				st->held[(size_t)j * n + w] = 1;
				release(sim, j, st->held + (size_t)j * n, to);
			} else if (stepped && contributed[w])
				to[w] = sim->worker_mbox[w];
			else
				reply(sim, j, w);
			continue;
		}
		if (stepped && (m->step < st->version[j] ||
		    st->version[j] >= sim->steps)) {
			assert(sc->strategy.sync == SYNC_BACKUP);
			drop(sim, j, m);
			continue;
		}
		/* the inbox of the worker that pushed (a replacement has
		 * another) */
		to[w] = sim->worker_mbox[w];
		if (stepped) {
			assert(m->step == st->version[j] && !contributed[w]);
			pending[st->got[j]++] = m;
			contributed[w] = 1;
			if (j == 0)
				metrics_staleness(sim->metrics, 0);
			if (st->got[j] < quorum)
				continue;
			got = st->got[j];
			update(sim, me, pending, got, off, count);
			st->got[j] = 0;
			st->version[j]++;
			if (j == 0)
				metrics_applied(sim->metrics);
		} else
			apply(sim, j, m);
		if (every > 0 && st->version[j] % (stepped ? every :
		    (long)every * n) == 0) {
			/* the shard's share of a checkpoint */
			t = recovery_checkpoint(sim, me, j, sc->faults.ckpt_bytes *
			    (double)count / (double)sim->layout.elements);
			if (j == 0)
				sim->fstats.checkpoint_s += t;
			recovery_ps_checkpointed(sim, j, st->version[j],
			    sim->applied_total);
		}
		for (i = 0; stepped && i < n; i++) {
			if (contributed[i])
				reply_to(sim, j, i, to[i]);
			contributed[i] = 0;
		}
		if (sc->strategy.sync == SYNC_SSP) {
			st->held[(size_t)j * n + w] = 1;
			release(sim, j, st->held + (size_t)j * n, to);
		} else if (!stepped)
			reply_to(sim, j, w, to[w]);
		sample(sim, stepped ? 1 : n);
		cut(sim, stepped);
		least = least_version(sim);
		sim->steps_done = stepped ? (int)least :
		    (int)(sim->applied_total / n);
		if (stepped ? least >= sim->steps :
		    sim->applied_total >= (long)n * sim->steps)
			recovery_job_done(sim);
	}
}

/* With faults: the shard a pulled message belongs to (its offset and
 * count; among empty shards at one offset, the first not taken yet). */
static int
shard_of(const struct sim *sim, const struct msg *m, const char *taken)
{
	int j;

	for (j = 0; j < sim->layout.nshards; j++) {
		if (!taken[j] && sim->layout.shard_offset[j] == m->offset &&
		    sim->layout.shard_count[j] == m->count)
			return j;
	}
	abort();
}

/* With faults: post k pulls, send what to each shard (a gradient, or a
 * join: count -1), and take the k replies: the parameters and each
 * shard's version. */
static void
round_trip(struct sim *sim, int w, int join)
{
	struct ps_state *st = sim->state;
	int k = sim->layout.nshards, n = sim->nworkers, j, s;
	sg_comm_t *comms = st->comms + (size_t)w * (size_t)(2 * k);
	struct msg **in = st->in + (size_t)w * k;
	char *taken = xcalloc((size_t)k, 1);
	long oldest = -1;

	for (j = 0; j < k; j++)
		comms[j] = sim_recv(sim->worker_mbox[w], &in[j]);
	for (j = 0; j < k; j++)
		comms[k + j] = join ? sim_send(sim, st->conn_mbox[j * n + w],
		    w, sim->shard_hidx[j], -1, sim->layout.shard_offset[j], 0) :
		    sim_send(sim, st->conn_mbox[j * n + w], w,
		    sim->shard_hidx[j], (int)st->wver[(size_t)w * k + j],
		    sim->layout.shard_offset[j], sim->layout.shard_count[j]);
	sim_wait_all(comms, 2 * (size_t)k);
	for (j = 0; j < k; j++) {
		s = shard_of(sim, in[j], taken);
		taken[s] = 1;
		st->wver[(size_t)w * k + s] = in[j]->step;
		if (oldest < 0 || in[j]->step < oldest)
			oldest = in[j]->step;
		sim_apply(sim, w, in[j], sim->num != NULL ?
		    sim->num->param[w] : NULL, SIM_COPY);
	}
	sim->version[w] = oldest;
	free(taken);
}

static void
ps_join(struct sim *sim, int w)
{
	round_trip(sim, w, 1);
}

/* The sync servers' receivers (ps_receiver), R per shard. */
static void
receivers_setup(struct sim *sim)
{
	struct ps_state *st = sim->state;
	int k = sim->layout.nshards, R = st->receivers, i;
	char name[64];

	st->gin = xcalloc((size_t)st->pulls * (size_t)st->np,
	    sizeof *st->gin);
	st->ready = xcalloc((size_t)k, sizeof *st->ready);
	st->go = xcalloc((size_t)k * (size_t)R, sizeof *st->go);
	for (i = 0; i < k; i++)
		st->ready[i] = sg_sem_init(0);
	for (i = 0; i < k * R; i++) {
		st->go[i] = sg_sem_init(0);
		snprintf(name, sizeof name, "ps-recv-%d-%d", i / R, i % R);
		sim_spawn(sim, name, sim->shard_hidx[i / R], ps_receiver, i);
	}
}

/* The pieces of each shard: P, one a round; with BytePS, a CPU host's
 * shard q P, q a round, q = ceil((n-1)/(n-k)) up to PS_CPU_PIECES.  Fair
 * sharing gives every flow out of a worker's NIC the same rate: with one
 * push in flight to each service, a CPU host's larger piece finished
 * last and left the worker's NIC idle at the end of every round (k = 2
 * CPU hosts of 10 workers: 8.8% above the paper's optimum, and slower
 * than k = 1).  With q in flight, a CPU host's NIC carries n q of them,
 * so it, not the workers' (n - 1 + k q), sets their rate, and max-min
 * gives the rest of a worker's NIC to its pushes to the services: every
 * round ends with both NICs busy, as the paper's optimum has it.  The
 * cost is q times the pushes to a CPU host in flight at once. */
static void
shard_pieces(const struct sim *sim, struct ps_state *st)
{
	int k = sim->layout.nshards, P = st->chunks, j, c, q = 1;
	int n = st->np, cpus = sim->nservers, nb = sim->layout.nbuckets;
	const struct layout *l = &sim->layout;

	if ((sim->sc->strategy.info->flags & R_SERVICES) && cpus < n &&
	    sim->sc->strategy.worker_shards > 0 && nb == 0) {
		q = (n - 1 + (n - cpus) - 1) / (n - cpus);
		if (q > PS_CPU_PIECES)
			q = PS_CPU_PIECES;
	}
	st->pieces = xcalloc((size_t)k, sizeof *st->pieces);
	st->base = xcalloc((size_t)k, sizeof *st->base);
	st->pulls = st->pushes = 0;
	if (nb > 0) {	/* the buckets' shares, one piece each */
		st->pbucket = xcalloc((size_t)k * (size_t)nb,
		    sizeof *st->pbucket);
		st->poff = xcalloc((size_t)k * (size_t)nb, sizeof *st->poff);
		st->pcnt = xcalloc((size_t)k * (size_t)nb, sizeof *st->pcnt);
		for (j = 0; j < k; j++) {
			st->base[j] = st->pulls;
			for (c = 0; c < nb; c++) {
				if (l->piece_count[j * nb + c] == 0)
					continue;
				st->pbucket[st->pulls] = c;
				st->poff[st->pulls] =
				    l->piece_offset[j * nb + c];
				st->pcnt[st->pulls++] =
				    l->piece_count[j * nb + c];
				st->pieces[j]++;
			}
		}
		st->pushes = st->pulls;
		st->posted = xcalloc((size_t)sim->nworkers,
		    sizeof *st->posted);
		return;
	}
	for (j = 0; j < k; j++) {
		st->pieces[j] = j < sim->sc->strategy.worker_shards ? 1 : q;
		st->base[j] = st->pulls;
		st->pushes += st->pieces[j];
		st->pieces[j] *= P;
		st->pulls += st->pieces[j];
	}
}

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
	shard_pieces(sim, st);
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
		st->conn_mbox = sim_round_mailboxes(sim, "conn", k, sim->nworkers);
		st->wver = xcalloc(kn, sizeof *st->wver);
		st->got = xcalloc((size_t)k, sizeof *st->got);
		st->pending = xcalloc(kn, sizeof *st->pending);
		st->contributed = xcalloc(kn, 1);
		st->reply_to = xcalloc(kn, sizeof *st->reply_to);
		st->held = xcalloc(kn, sizeof *st->held);
		for (j = 0; j < (int)kn; j++) {
			snprintf(name, sizeof name, "ps-conn-%d-%d",
			    j / sim->nworkers, j % sim->nworkers);
			sim_spawn(sim, name, sim->shard_hidx[j /
			    sim->nworkers], ps_conn, j);
		}
		return;
	}
	if (sim->sc->strategy.sync == SYNC_SYNC)
		receivers_setup(sim);
	for (j = 0; j < k; j++) {
		snprintf(name, sizeof name, "ps-shard-%d", j);
		sim_spawn(sim, name, sim->shard_hidx[j],
		    sim->sc->strategy.sync == SYNC_SYNC ? ps_server :
		    ps_server_async, j);
	}
}

/* A worker posts all its pulls, then pushes chunk c of every shard at
 * once, chunk after chunk, and waits for the pulls, which bring the
 * parameters it computes on next.  (Chaining each shard's chunks on its
 * own was tried: with fair sharing the small shards' chains finish first
 * and leave the NIC half used, which is slower.)  seq tags the pushes:
 * the step, or with backup workers the version the gradient was computed
 * on; sim->version[w] gets the oldest version pulled. */
static void
push_pull(struct sim *sim, int w, int seq)
{
	struct ps_state *st = sim->state;
	int k = sim->layout.nshards, P = st->chunks, j, c, i, q, pushed;
	int r = st->pidx[w] / st->group;
	size_t pulls = (size_t)st->pulls;
	sg_comm_t *comms = st->comms + (size_t)w * (pulls +
	    (size_t)st->pushes);
	struct msg **in = st->in + (size_t)w * pulls;
	long oldest = -1;

	for (j = 0; j < (int)pulls; j++)
		comms[j] = sim_recv(sim->worker_mbox[w], &in[j]);
	for (c = 0; c < P; c++) {
		for (j = 0, pushed = 0; j < k; j++) {
			q = st->pieces[j] / P;
			for (i = c * q; i < (c + 1) * q; i++)
				comms[pulls + (size_t)pushed++] = sim_send(sim,
				    push_mbox(st, j, i, r), w,
				    sim->shard_hidx[j], seq,
				    chunk_offset(sim, j, i, st->pieces[j]),
				    chunk_count(sim, j, i, st->pieces[j]));
		}
		sim_wait_all(comms + pulls, (size_t)pushed);
	}
	sim_wait_all(comms, pulls);
	for (j = 0; j < (int)pulls; j++) {
		assert(sim->sc->strategy.sync != SYNC_SYNC ||
		    in[j]->step == seq);
		if (oldest < 0 || in[j]->step < oldest)
			oldest = in[j]->step;
		sim_apply(sim, w, in[j], sim->num != NULL ?
		    sim->num->param[w] : NULL, SIM_COPY);
	}
	sim->version[w] = oldest;
}

/* With buckets: worker w's exchange seq (step * buckets + b) posts the
 * pulls of bucket b's share of every shard that has one and pushes it,
 * and goes on once the pushes are out: the next bucket's pushes overlap
 * this one's pulls, as a PS's pushes and pulls of different tensors do.
 * The step's last bucket waits for all the step's pulls. */
static void
bucket_push_pull(struct sim *sim, int w, int seq)
{
	struct ps_state *st = sim->state;
	int nb = sim->layout.nbuckets, b = seq % nb, r = st->pidx[w] / st->group;
	int j, c, m = st->posted[w], first = m;
	size_t pulls = (size_t)st->pulls;
	sg_comm_t *comms = st->comms + (size_t)w * (pulls +
	    (size_t)st->pushes);
	struct msg **in = st->in + (size_t)w * pulls;

	for (j = 0; j < sim->layout.nshards; j++) {
		for (c = 0; c < st->pieces[j]; c++) {
			if (st->pbucket[st->base[j] + c] != b)
				continue;
			comms[m] = sim_recv(sim->worker_mbox[w], &in[m]);
			comms[pulls + (size_t)m++] = sim_send(sim,
			    push_mbox(st, j, c, r), w, sim->shard_hidx[j], seq,
			    chunk_offset(sim, j, c, 1), chunk_count(sim, j, c, 1));
		}
	}
	sim_wait_all(comms + pulls + first, (size_t)(m - first));
	st->posted[w] = m;
	if (b < nb - 1)
		return;
	sim_wait_all(comms, (size_t)m);
	for (j = 0; j < m; j++) {
		assert(in[j]->step / nb == seq / nb);
		sim_apply(sim, w, in[j], NULL, SIM_COPY);
	}
	st->posted[w] = 0;
	sim->version[w] = seq / nb;
}

/* A participant's pushes and pulls of exchange seq. */
static void
participate(struct sim *sim, int w, int seq)
{
	if (sim->layout.nbuckets > 0)
		bucket_push_pull(sim, w, seq);
	else
		push_pull(sim, w, seq);
}

/* local_reduce: worker w's machine reduces to its first GPU, which
 * pushes and pulls for it (a round of its own), and broadcasts back. */
static void
local_exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	struct ps_state *st = sim->state;
	int k = st->g.of[w], me = st->g.index[w], R = 2 * st->g.levels;
	struct tree t;

	tree_init(&t, st->g.members[k], st->g.size[k]);
	tree_reduce(sim, &t, me, st->tree_mbox, R, 0, seq, lo, len);
	sim_rounds_done(sim, w, st->g.levels - t.levels);
	if (me == 0) {
		sim_round(sim, w, 0);
		participate(sim, w, seq);
	}
	sim_rounds_done(sim, w, 1);
	tree_bcast(sim, &t, me, st->tree_mbox, R, st->g.levels, seq, lo,
	    len);
	sim->version[w] = sim->version[st->g.leaders[k]];
}

static void
ps_exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	struct ps_state *st = sim->state;

	if (sim->sc->faults.on)
		round_trip(sim, w, 0);
	else if (st->tree_mbox != NULL)
		local_exchange(sim, w, seq, lo, len);
	else
		participate(sim, w, seq);
}

static void
ps_cleanup(struct sim *sim)
{
	struct ps_state *st = sim->state;
	int j;

	for (j = 0; st->go != NULL && j < sim->layout.nshards * st->receivers; j++)
		sg_sem_destroy(st->go[j]);
	for (j = 0; st->ready != NULL && j < sim->layout.nshards; j++)
		sg_sem_destroy(st->ready[j]);
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
	int k = sim->layout.nshards, every = sim->sc->faults.checkpoint_every, j;
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
			    sim->applied_total);
	}
	sim->steps_done = (int)least_version(sim);
}

/* Also BytePS (OSDI '20): the PS protocol, with a summation service on
 * every worker and on k CPU-only hosts, the bytes split between them as
 * the paper's optimum says (sim.c), pipelined in chunks. */
const struct strategy strategy_ps = {
	.setup = ps_setup,
	.exchange = ps_exchange,
	.join = ps_join,
	.cleanup = ps_cleanup,
	.skipped = ps_skipped,
};
