/* strategy-double-binary-tree.c: NCCL's double binary tree all-reduce.
 *
 * Two binary trees over the workers, each reducing and broadcasting half
 * of the gradient, built so that a worker that is a leaf of one is an
 * inner node of the other: tree A is NCCL's in-order tree (worker r's
 * level is its lowest set bit, worker 0 the root above the largest power
 * of two), tree B the mirror image of A (r -> n-1-r) for an even n, A
 * shifted by one (r -> r+1 mod n) for an odd n.
 *
 * Message schedule: each half is cut into P chunks (strategy.chunks,
 * default 16).  Reduce: for chunk c, a worker receives chunk c of each
 * tree's half from its children in that tree, adds, and sends it to its
 * parent without waiting, so chunks flow up both trees as a pipeline.
 * Broadcast: the same down the trees.  2(P + D - 1) chunk steps for trees
 * of depth D, each moving M/P into and out of every worker. */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"

struct job {
	int		 seq;
	long		 lo, len;
};

struct dbt_state {
	struct btree	 t[2];
	int		 chunks;
	/* inboxes per worker: [w * 6 + tree * 3 + slot], slot 0 and 1
	 * for the children (reduce), 2 for the parent (broadcast) */
	sg_mailbox_t	*mbox;
	/* tree B runs in a helper actor per worker, so that the two trees'
	 * pipelines never wait for each other */
	struct job	*job;
	sg_sem_t	*start, *done;
};

/* Chunk c of tree t's half of [lo, lo + len). */
static void
chunk(long lo, long len, int t, int c, int P, long *off, long *count)
{
	long half0 = sim_part_count(len, 2, 0);
	long start = lo + (t == 0 ? 0 : half0);
	long size = t == 0 ? half0 : len - half0;

	*off = start + sim_part_offset(size, P, c);
	*count = sim_part_count(size, P, c);
}

/* Worker w's part of tree t's pass up (bcast 0) or down (bcast 1), chunk
 * by chunk: wait for the chunk from the children (up) or the parent
 * (down), send it on without waiting. */
static void
pass(struct sim *sim, int w, int t, const struct job *j, int bcast)
{
	struct dbt_state *st = sim->state;
	const struct btree *b = &st->t[t];
	int P = st->chunks, c, s, nin, sent = 0, peer;
	sg_comm_t in[2], *out = xcalloc(2 * (size_t)P, sizeof *out);
	struct msg *got[2];
	long off, count;

	for (c = 0; c < P; c++) {
		nin = 0;
		if (bcast && b->parent[w] >= 0) {
			in[nin] = sim_recv(st->mbox[w * 6 + t * 3 + 2],
			    &got[nin]);
			nin++;
		}
		for (s = 0; !bcast && s < 2; s++) {
			if (b->child[w][s] >= 0) {
				in[nin] = sim_recv(st->mbox[w * 6 + t * 3 + s],
				    &got[nin]);
				nin++;
			}
		}
		sim_wait_all(in, (size_t)nin);
		for (s = 0; s < nin; s++) {
			assert(got[s]->step == j->seq);
			sim_take(sim, w, got[s], bcast ? SIM_COPY : SIM_ADD);
		}
		chunk(j->lo, j->len, t, c, P, &off, &count);
		sim_round(sim, w, bcast ? P + c : c);	/* (the pipeline's) */
		if (!bcast && (peer = b->parent[w]) >= 0) {
			s = b->child[peer][0] == w ? 0 : 1;
			out[sent++] = sim_send(sim,
			    st->mbox[peer * 6 + t * 3 + s], w, peer, j->seq,
			    off, count);
		}
		for (s = 0; bcast && s < 2; s++) {
			if ((peer = b->child[w][s]) >= 0)
				out[sent++] = sim_send(sim,
				    st->mbox[peer * 6 + t * 3 + 2], w, peer,
				    j->seq, off, count);
		}
	}
	sim_wait_all(out, (size_t)sent);
	free(out);
}

/* The helper actor of worker w: tree B's passes, whenever asked. */
static void
tree_b(struct sim *sim, int w)
{
	struct dbt_state *st = sim->state;

	sg_actor_daemonize(sg_actor_self());
	for (;;) {
		sg_sem_acquire(st->start[w]);
		pass(sim, w, 1, &st->job[w], 0);
		pass(sim, w, 1, &st->job[w], 1);
		sg_sem_release(st->done[w]);
	}
}

static void
dbt_setup(struct sim *sim)
{
	struct dbt_state *st = xcalloc(1, sizeof *st);
	int n = sim->nworkers, w;
	char name[64];

	btree_make(&st->t[0], n, 0);
	btree_make(&st->t[1], n, n % 2 == 0 ? 1 : 2);
	st->chunks = sim->sc->strategy.chunks;
	st->mbox = sim_round_mailboxes(sim, "dbt", n, 6);
	st->job = xcalloc((size_t)n, sizeof *st->job);
	st->start = xcalloc((size_t)n, sizeof *st->start);
	st->done = xcalloc((size_t)n, sizeof *st->done);
	sim->state = st;
	for (w = 0; w < n; w++) {
		st->start[w] = sg_sem_init(0);
		st->done[w] = sg_sem_init(0);
		snprintf(name, sizeof name, "tree-b-%d", w);
		sim_spawn(sim, name, w, tree_b, w);
	}
}

static void
dbt_exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	struct dbt_state *st = sim->state;

	st->job[w] = (struct job){ seq, lo, len };
	sg_sem_release(st->start[w]);
	pass(sim, w, 0, &st->job[w], 0);
	pass(sim, w, 0, &st->job[w], 1);
	sg_sem_acquire(st->done[w]);
}

static void
dbt_cleanup(struct sim *sim)
{
	struct dbt_state *st = sim->state;
	int t;

	for (t = 0; t < 2; t++)
		btree_release(&st->t[t]);
	for (t = 0; t < sim->nworkers; t++) {
		sg_sem_destroy(st->start[t]);
		sg_sem_destroy(st->done[t]);
	}
	free(st->start);
	free(st->done);
	free(st->job);
	free(st->mbox);
	free(st);
	sim->state = NULL;
}

const struct strategy strategy_double_binary_tree = {
	.setup = dbt_setup,
	.exchange = dbt_exchange,
	.cleanup = dbt_cleanup,
};
