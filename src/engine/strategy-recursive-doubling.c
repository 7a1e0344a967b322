/* strategy-recursive-doubling.c: recursive-doubling all-reduce.
 *
 * Message schedule: with n a power of two, lg n rounds; in round i worker
 * w swaps its whole (partly reduced) vector with worker w XOR 2^i and
 * adds what it receives.  Any other n is folded as MPICH does (fold.h):
 * one full-vector step before the core and one after.  Every round has
 * its own inbox, since a partner of a later round may already be there. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fold.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"

struct rd_state {
	struct fold	 f;
	int		 rounds;	/* fold, lg p core rounds, unfold */
	sg_mailbox_t	*mbox;
};

static void
rd_setup(struct sim *sim)
{
	struct rd_state *st = xcalloc(1, sizeof *st);

	fold_init(&st->f, sim->nworkers);
	st->rounds = st->f.lg + 2;
	st->mbox = sim_round_mailboxes(sim, "rd", sim->nworkers, st->rounds);
	sim->state = st;
}

static void
rd_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct rd_state *st = sim->state;
	int R = st->rounds, rank, i, peer;

	if ((rank = fold_enter(sim, &st->f, w, st->mbox, R, step, lo,
	    len)) < 0)
		return;
	for (i = 0; i < st->f.lg; i++) {
		peer = fold_worker(&st->f, rank ^ (1 << i));
		sim_round(sim, w, i);
		sim_exchange(sim, w, peer, step, st->mbox[peer * R + 1 + i],
		    st->mbox[w * R + 1 + i], lo, len, lo, SIM_ADD);
	}
	sim_rounds_done(sim, w, st->f.lg);
	fold_leave(sim, &st->f, w, st->mbox, R, step, lo, len);
}

static void
rd_cleanup(struct sim *sim)
{
	struct rd_state *st = sim->state;

	free(st->mbox);
	free(st);
	sim->state = NULL;
}

const struct strategy strategy_recursive_doubling = {
	.setup = rd_setup,
	.exchange = rd_exchange,
	.cleanup = rd_cleanup,
};
