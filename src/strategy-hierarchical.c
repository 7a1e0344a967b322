/* strategy-hierarchical.c: hierarchical all-reduce.  The workers of a
 * group (the GPUs of a multi-GPU host, or the hosts of a rack) first
 * reduce to their first member over the fast local links, the groups'
 * leaders run a ring all-reduce across the slower NICs or uplinks, and
 * each leader broadcasts the result back inside its group.
 *
 * Message schedule: a binomial-tree reduce inside every group at once
 * (tree.c, ceil(lg g) rounds of the whole vector), a ring all-reduce
 * among the h leaders (ring.c, 2(h-1) steps of M/h), a binomial-tree
 * broadcast inside every group.  Without groups (a plain star or a
 * platform file) every worker is its own group: a ring. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "analytic.h"
#include "ring.h"
#include "sim.h"
#include "tree.h"
#include "xmalloc.h"

struct groups {
	int		 n;		/* groups */
	int		*of;		/* per worker: its group */
	int		*index;		/* per worker: its place in it */
	int		*size;		/* per group */
	int		**members;	/* per group: its workers in order */
	int		*leaders;	/* per group: its first worker */
	int		 levels;	/* the deepest group tree */
};

/* Group workers 0..n-1 by rack_of (NULL: one each), in order of first
 * appearance. */
static void
groups_make(struct groups *g, int n, const int *rack_of)
{
	int *id = xcalloc((size_t)n, sizeof *id), w, k;
	struct tree t;

	g->n = 0;
	g->of = xcalloc((size_t)n, sizeof *g->of);
	g->index = xcalloc((size_t)n, sizeof *g->index);
	g->size = xcalloc((size_t)n, sizeof *g->size);
	g->members = xcalloc((size_t)n, sizeof *g->members);
	g->leaders = xcalloc((size_t)n, sizeof *g->leaders);
	for (w = 0; w < n; w++) {
		for (k = 0; k < g->n; k++) {
			if (rack_of != NULL && rack_of[w] == id[k])
				break;
		}
		if (k == g->n) {
			id[g->n] = rack_of != NULL ? rack_of[w] : w;
			g->leaders[g->n] = w;
			g->members[g->n] = xcalloc((size_t)n, sizeof **g->members);
			g->n++;
		}
		g->of[w] = k;
		g->index[w] = g->size[k];
		g->members[k][g->size[k]++] = w;
	}
	for (g->levels = 0, k = 0; k < g->n; k++) {
		tree_init(&t, g->members[k], g->size[k]);
		if (t.levels > g->levels)
			g->levels = t.levels;
	}
	free(id);
}

static void
groups_release(struct groups *g)
{
	int k;

	for (k = 0; k < g->n; k++)
		free(g->members[k]);
	free(g->members);
	free(g->of);
	free(g->index);
	free(g->size);
	free(g->leaders);
}

struct hier_state {
	struct groups	 g;
	sg_mailbox_t	*tree_mbox;	/* per worker: 2 * levels rounds */
	sg_mailbox_t	*ring_mbox;	/* per worker */
};

static void
hier_setup(struct sim *sim)
{
	struct hier_state *st = xcalloc(1, sizeof *st);

	groups_make(&st->g, sim->nworkers, sim->rack_of);
	st->tree_mbox = sim_round_mailboxes(sim, "hier-tree", sim->nworkers,
	    2 * st->g.levels);
	st->ring_mbox = sim_round_mailboxes(sim, "hier-ring", sim->nworkers, 1);
	sim->state = st;
}

static void
hier_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct hier_state *st = sim->state;
	int k = st->g.of[w], me = st->g.index[w], R = 2 * st->g.levels;
	struct ring r = { 0, 0, st->g.n, st->g.leaders };
	struct tree t;

	tree_init(&t, st->g.members[k], st->g.size[k]);
	tree_reduce(sim, &t, me, st->tree_mbox, R, 0, step, lo, len);
	if (me == 0) {
		ring_phase(sim, &r, k, st->ring_mbox, step, lo, len, 0);
		ring_phase(sim, &r, k, st->ring_mbox, step, lo, len, 1);
	}
	tree_bcast(sim, &t, me, st->tree_mbox, R, st->g.levels, step, lo, len);
}

static void
hier_cleanup(struct sim *sim)
{
	struct hier_state *st = sim->state;

	groups_release(&st->g);
	free(st->tree_mbox);
	free(st->ring_mbox);
	free(st);
	sim->state = NULL;
}

/* In-group tree rounds at the local latency, 2(h-1) ring steps of M/h
 * among the h leaders at the far one; each round at the pace of its
 * most loaded resource (analytic.c). */
static void
hier_analytic(const struct shape *s, struct analytic *a)
{
	struct groups g;
	struct round rd;
	struct ring r;
	struct tree t;
	double local = 0, across, lead;
	int i, k, h;

	groups_make(&g, s->n, s->racks > 0 ? s->rack_of : NULL);
	h = g.n;
	analytic_round_init(&rd, s);
	for (i = 0; i < g.levels; i++) {
		for (k = 0; k < h; k++) {
			tree_init(&t, g.members[k], g.size[k]);
			if (i < t.levels)
				tree_round(&rd, &t, i, s->M);
		}
		local += 2 * (s->alpha_local + analytic_round_time(&rd));
	}
	r = (struct ring){ 0, 0, h, g.leaders };
	ring_round(&rd, &r, s->M / h);
	across = 2.0 * (h - 1) * (s->alpha + analytic_round_time(&rd));
	analytic_round_release(&rd, a);
	lead = g.levels * s->M + 2.0 * (h - 1) / h * s->M;
	a->latency_s = 2.0 * g.levels * s->alpha_local + 2.0 * (h - 1) *
	    s->alpha;
	a->communication_s = local + across;
	a->worker_sent_bytes = a->worker_received_bytes = lead;
	snprintf(a->formula, sizeof a->formula, "2 ceil(lg g)*(alpha_local + "
	    "M/B_local) + 2(h-1)*(alpha + M/(h*B)), %d groups of up to %d",
	    h, 1 << g.levels);
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s in the groups + "
	    "%.6g s across = %.6g s", local, across, a->communication_s);
	groups_release(&g);
}

const struct strategy strategy_hierarchical = {
	.setup = hier_setup,
	.exchange = hier_exchange,
	.cleanup = hier_cleanup,
	.analytic = hier_analytic,
};
