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

#include "sim.h"
#include "strategy.h"
#include "tree.h"
#include "message.h"

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

const struct strategy strategy_binomial_tree = {
	.setup = bt_setup,
	.exchange = bt_exchange,
	.cleanup = bt_cleanup,
};
