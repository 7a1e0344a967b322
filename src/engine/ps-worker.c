/* ps-worker.c: the parameter server's worker side: the pieces each
 * shard is pushed in (BytePS's CPU hosts take several at once), a
 * worker's pushes and pulls of a step, or of a bucket, a machine's
 * local reduce to the GPU that pushes for it (local_reduce), and with
 * faults the round trip to the shards' connections (ps-conn.c). */
#include "config.h"

#include <assert.h>
#include <stdlib.h>

#include "ps.h"
#include "sim.h"
#include "tree.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "numerics.h"

/* BytePS: at most this many pushes in flight from a worker to a CPU
 * host (shard_pieces).  4 keeps k <= 7 CPU hosts of 10 workers exact;
 * k = 8 would take 5 and 63 s a step to simulate, k = 9 take 9 and 240 s
 * (man psim-scenario(5), bytesps). */
#define PS_CPU_PIECES 4

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
void
ps_shard_pieces(const struct sim *sim, struct ps_state *st)
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
 * The step's last bucket waits for all the step's pulls, or with
 * strategy.pull "forward" leaves them to ps_pull. */
static void
bucket_push_pull(struct sim *sim, int w, int seq)
{
	struct ps_state *st = sim->state;
	int nb = sim->layout.nbuckets, b = seq % nb;
	int r = st->pidx[w] / st->group;
	int j, c, m = st->posted[w], first = m;
	size_t pulls = (size_t)st->pulls;
	sg_comm_t *comms = st->comms + (size_t)w * (pulls +
	    (size_t)st->pushes);
	struct msg **in = st->in + (size_t)w * pulls;

	for (j = 0; j < sim->layout.nshards; j++) {
		for (c = 0; c < st->pieces[j]; c++) {
			if (st->pbucket[st->base[j] + c] != b)
				continue;
			comms[m] = sim_recv(pull_mbox(sim, w, j, c), &in[m]);
			comms[pulls + (size_t)m++] = sim_send(sim,
			    push_mbox(st, j, c, r), w, sim->shard_hidx[j], seq,
			    chunk_offset(sim, j, c, 1),
			    chunk_count(sim, j, c, 1));
		}
	}
	sim_wait_all(comms + pulls + first, (size_t)(m - first));
	st->posted[w] = m;
	if (b < nb - 1 || st->bfirst != NULL)
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
	if (st->bfirst != NULL)	/* ps_pull broadcasts */
		return;
	tree_bcast(sim, &t, me, st->tree_mbox, R, st->g.levels, seq, lo,
	    len);
	sim->version[w] = sim->version[st->g.leaders[k]];
}

/* strategy.pull "forward": worker w reads step's parameters once its
 * pushes are out, bucket by bucket in forward order (the last bucket
 * first: the first layers), and lets its forward pass have each
 * (sim->pulled); a participant waits for its pulls of the bucket, and
 * with local_reduce its machine's first GPU broadcasts them inside the
 * machine, as TensorFlow's caching devices pass a variable on. */
void
ps_pull(struct sim *sim, int w, int step)
{
	struct ps_state *st = sim->state;
	int nb = sim->layout.nbuckets, b, i, p = st->pidx[w];
	const int *first = st->bfirst;
	sg_comm_t *comms = st->comms + (size_t)w * (size_t)(st->pulls +
	    st->pushes);
	struct msg **in = st->in + (size_t)w * (size_t)st->pulls;
	struct tree t;
	int k = -1, me = 0;

	if (st->tree_mbox != NULL) {
		k = st->g.of[w];
		me = st->g.index[w];
		tree_init(&t, st->g.members[k], st->g.size[k]);
	}
	for (b = nb - 1; b >= 0; b--) {
		if (p >= 0) {
			sim_wait_all(comms + first[b], (size_t)(first[b + 1] -
			    first[b]));
			for (i = first[b]; i < first[b + 1]; i++) {
				assert(in[i]->step / nb == step);
				sim_apply(sim, w, in[i], NULL, SIM_COPY);
			}
		}
		if (k >= 0) {
			/* the rounds after the reduce's and the push's */
			sim->round_base[w] = st->g.levels + 1;
			tree_bcast(sim, &t, me, st->tree_mbox, 2 *
			    st->g.levels, st->g.levels, step * nb + b,
			    sim->layout.bucket_lo[b], sim->layout.bucket_len[b]);
			sim->round[w] = -1;
		}
		sg_sem_release(sim->pulled[w]);
	}
	if (p >= 0)
		st->posted[w] = 0;
	sim->version[w] = step;
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

void
ps_join(struct sim *sim, int w)
{
	round_trip(sim, w, 1);
}

void
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
