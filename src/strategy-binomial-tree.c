/* strategy-binomial-tree.c: all-reduce as a binomial-tree reduce to
 * worker 0 followed by a binomial-tree broadcast from it.
 *
 * Message schedule: R = ceil(lg n) rounds each way.  Reduce round i
 * (d = 2^i): a worker whose lowest set bit is i sends its whole partial
 * sum to w - d and is done; one whose rank is a multiple of 2d receives
 * from w + d (if it exists) and adds.  The broadcast retraces the rounds
 * backwards: round i's receivers of the reduce send the result to w + d.
 * 2R rounds of the whole vector; worker 0 sends and receives R of them
 * (tree.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "analytic.h"
#include "sim.h"
#include "tree.h"

static void
bt_setup(struct sim *sim)
{
	struct tree t;

	tree_init(&t, NULL, sim->nworkers);
	sim->state = sim_round_mailboxes(sim, "bt", sim->nworkers, 2 * t.levels + 1);
}

static void
bt_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct tree t;
	int R;

	tree_init(&t, NULL, sim->nworkers);
	R = 2 * t.levels + 1;
	tree_reduce(sim, &t, w, sim->state, R, 0, step, lo, len);
	tree_bcast(sim, &t, w, sim->state, R, t.levels, step, lo, len);
}

static void
bt_cleanup(struct sim *sim)
{
	free(sim->state);
	sim->state = NULL;
}

/* 2 ceil(lg n) rounds of alpha + M/B; each round costs its most loaded
 * NIC, switch or uplink (analytic.c), the broadcast mirroring the reduce. */
static void
bt_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct tree t;
	double bw = 0;
	int i;

	tree_init(&t, NULL, s->n);
	analytic_round_init(&rd, s);
	for (i = 0; i < t.levels; i++) {
		tree_round(&rd, &t, i, s->M);
		bw += 2 * analytic_round_time(&rd);
	}
	analytic_round_release(&rd, a);
	a->latency_s = 2.0 * t.levels * s->alpha;
	a->communication_s = a->latency_s + bw;
	a->worker_sent_bytes = a->worker_received_bytes = t.levels * s->M;
	snprintf(a->formula, sizeof a->formula,
	    "2 ceil(lg n)*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", t.levels, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}

const struct strategy strategy_binomial_tree = {
	.setup = bt_setup,
	.exchange = bt_exchange,
	.cleanup = bt_cleanup,
	.analytic = bt_analytic,
};
