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

#include "analytic.h"
#include "sim.h"
#include "xmalloc.h"

struct btree {
	int		*parent;	/* -1 for the root */
	int		(*child)[2];	/* -1 for none */
	int		 depth;
};

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

/* NCCL's in-order binary tree over 0..n-1 (rank r > 0 hangs under
 * (r ^ b) | 2b for b its lowest set bit, or under r ^ b if that is past
 * the end), relabelled: mirror 0 as is, 1 r -> n-1-r, 2 r -> r+1 mod n. */
static void
btree_make(struct btree *t, int n, int mirror)
{
	int *p = xcalloc((size_t)n, sizeof *p), r, bit, up, x, d, k;

	p[0] = -1;
	for (r = 1; r < n; r++) {
		bit = r & -r;
		up = (r ^ bit) | (bit << 1);
		p[r] = up < n ? up : r ^ bit;
	}
	t->parent = xcalloc((size_t)n, sizeof *t->parent);
	t->child = xcalloc((size_t)n, sizeof *t->child);
	for (r = 0; r < n; r++) {
		t->parent[r] = -1;
		t->child[r][0] = t->child[r][1] = -1;
	}
	for (r = 0; r < n; r++) {
		x = mirror == 0 ? r : mirror == 1 ? n - 1 - r : (r + 1) % n;
		if (p[r] < 0)
			continue;
		up = mirror == 0 ? p[r] : mirror == 1 ? n - 1 - p[r] :
		    (p[r] + 1) % n;
		t->parent[x] = up;
		k = t->child[up][0] < 0 ? 0 : 1;
		assert(t->child[up][k] < 0);
		t->child[up][k] = x;
	}
	for (t->depth = 0, r = 0; r < n; r++) {
		for (d = 0, x = r; t->parent[x] >= 0; x = t->parent[x])
			d++;
		if (d > t->depth)
			t->depth = d;
	}
	free(p);
}

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

	for (t = 0; t < 2; t++) {
		free(st->t[t].parent);
		free(st->t[t].child);
	}
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

/* The hops of tree b's pipeline, each a chunk going one edge in one
 * step: up, a node sends chunk c once it has it from all its children and
 * has sent chunk c - 1; down, once it has it from its parent, has sent
 * chunk c - 1 and has finished its part going up. */
struct hop {
	int	 step, src, dst;
};

static void
hop_add(struct hop **h, int *n, int *cap, int step, int src, int dst)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		*h = xreallocarray(*h, (size_t)*cap, sizeof **h);
	}
	(*h)[*n].step = step;
	(*h)[*n].src = src;
	(*h)[*n].dst = dst;
	(*n)++;
}

static void
pipeline_hops(const struct btree *b, int n, int P, struct hop **h, int *nh,
    int *cap)
{
	int *up = xcalloc((size_t)n, sizeof *up), *down = xcalloc((size_t)n,
	    sizeof *down), *order = xcalloc((size_t)n, sizeof *order);
	int *depth = xcalloc((size_t)n, sizeof *depth);
	int c, i, x, k, t;

	for (x = 0; x < n; x++)
		for (i = x; b->parent[i] >= 0; i = b->parent[i])
			depth[x]++;
	for (k = 0, i = n; i >= 0; i--)		/* deepest first */
		for (x = 0; x < n; x++)
			if (depth[x] == i)
				order[k++] = x;
	for (c = 0; c < P; c++) {
		for (k = 0; k < n; k++) {
			x = order[k];
			for (t = up[x], i = 0; i < 2; i++)
				if (b->child[x][i] >= 0 &&
				    up[b->child[x][i]] > t)
					t = up[b->child[x][i]];
			if (b->parent[x] >= 0)
				hop_add(h, nh, cap, t++, x, b->parent[x]);
			up[x] = t;
		}
	}
	memcpy(down, up, (size_t)n * sizeof *down);
	for (c = 0; c < P; c++) {
		for (k = n - 1; k >= 0; k--) {	/* the root first */
			x = order[k];
			t = down[x];
			if (b->parent[x] >= 0 && down[b->parent[x]] > t)
				t = down[b->parent[x]];
			for (i = 0; i < 2; i++)
				if (b->child[x][i] >= 0)
					hop_add(h, nh, cap, t, x,
					    b->child[x][i]);
			if (b->child[x][0] >= 0 || b->child[x][1] >= 0)
				t++;
			down[x] = t;
		}
	}
	free(up);
	free(down);
	free(order);
	free(depth);
}

/* Both trees' pipelines, step by step: each step one latency plus the
 * time its hops need at once (analytic.c), so that the first and last
 * steps, when only leaves send, go faster. */
static void
dbt_analytic(const struct shape *s, struct analytic *a)
{
	struct btree t[2];
	struct round rd;
	struct hop *h = NULL;
	int P = s->chunks > 0 ? s->chunks : 16, D, k, nh = 0, cap = 0;
	int steps = 0, st, i;
	double bw = 0;

	btree_make(&t[0], s->n, 0);
	btree_make(&t[1], s->n, s->n % 2 == 0 ? 1 : 2);
	D = t[0].depth > t[1].depth ? t[0].depth : t[1].depth;
	for (k = 0; k < 2; k++)
		pipeline_hops(&t[k], s->n, P, &h, &nh, &cap);
	for (i = 0; i < nh; i++)
		if (h[i].step + 1 > steps)
			steps = h[i].step + 1;
	analytic_round_init(&rd, s);
	for (st = 0; st < steps; st++) {
		for (i = 0; i < nh; i++)
			if (h[i].step == st)
				analytic_round_flow(&rd, h[i].src, h[i].dst,
				    s->M / 2 / P);
		bw += analytic_round_time(&rd);
	}
	analytic_round_release(&rd, a);
	a->latency_s = steps * s->alpha;
	a->communication_s = a->latency_s + bw;
	a->worker_sent_bytes = a->worker_received_bytes = s->n > 1 ?
	    2 * s->M : 0;
	snprintf(a->formula, sizeof a->formula, "about 2(P + D - 1)*(alpha + "
	    "M/(P*B)): %d chunks up and down trees of depth %d", P, D);
	snprintf(a->evaluated, sizeof a->evaluated, "%d pipeline steps: "
	    "%d*%.6g s + %.6g s = %.6g s", steps, steps, s->alpha, bw,
	    a->communication_s);
	free(h);
	for (k = 0; k < 2; k++) {
		free(t[k].parent);
		free(t[k].child);
	}
}

const struct strategy strategy_double_binary_tree = {
	.setup = dbt_setup,
	.exchange = dbt_exchange,
	.cleanup = dbt_cleanup,
	.analytic = dbt_analytic,
};
