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

#include "ring.h"
#include "sim.h"
#include "strategy.h"
#include "tree.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"

struct hier_state {
	struct groups	 g;
	sg_mailbox_t	*tree_mbox;	/* per worker: 2 * levels rounds */
	sg_mailbox_t	*ring_mbox;	/* per worker */
};

static void
hier_setup(struct sim *sim)
{
	struct hier_state *st = xcalloc(1, sizeof *st);

	groups_make(&st->g, sim->nworkers, sim->facts.rack_of);
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
	double bytes = sim_bytes(sim, len);
	struct tree t;

	tree_init(&t, st->g.members[k], st->g.size[k]);
	/* rounds: a smaller group's tree takes the deepest one's, and
	 * the leaders' ring 2(groups - 1), in every group */
	tree_reduce(sim, &t, me, st->tree_mbox, R, 0, step, lo, len);
	sim_rounds_done(sim, w, st->g.levels - t.levels);
	if (me == 0) {
		/* the one ring at a time: the groups' trees are done by its
		 * second round, and the other workers wait */
		sim->round_ff = ring_may_skip(sim, r.g);
		ring_phase(sim, &r, k, st->ring_mbox, step, lo, len, bytes, 0);
		ring_phase(sim, &r, k, st->ring_mbox, step, lo, len, bytes, 1);
	} else
		sim_rounds_done(sim, w, 2 * (st->g.n - 1));
	sim_rounds_done(sim, w, st->g.levels - t.levels);
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

const struct strategy strategy_hierarchical = {
	.setup = hier_setup,
	.exchange = hier_exchange,
	.cleanup = hier_cleanup,
};
