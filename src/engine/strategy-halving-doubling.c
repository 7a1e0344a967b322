/* strategy-halving-doubling.c: Rabenseifner's all-reduce, a
 * reduce-scatter by recursive halving then an all-gather by recursive
 * doubling.
 *
 * Message schedule, n = p a power of two: in halving round i (distance
 * d = p/2^(i+1)) worker w swaps half of its current range with w XOR d,
 * keeping the lower half if (w & d) == 0, and adds what it receives;
 * after lg p rounds it holds 1/p of the sum.  The all-gather retraces the
 * rounds backwards, swapping the range it holds for its partner's.
 * 2 lg p rounds moving 2(p-1)/p M in all.  Any other n is folded as
 * MPICH does (fold.h): a full-vector step before and after. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fold.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"

struct hd_state {
	struct fold	 f;
	int		 rounds;	/* fold, 2 lg p core rounds, unfold */
	sg_mailbox_t	*mbox;
};

static void
hd_setup(struct sim *sim)
{
	struct hd_state *st = xcalloc(1, sizeof *st);

	fold_init(&st->f, sim->nworkers);
	st->rounds = 2 * st->f.lg + 2;
	st->mbox = sim_round_mailboxes(sim, "hd", sim->nworkers, st->rounds);
	sim->state = st;
}

static void
hd_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct hd_state *st = sim->state;
	int R = st->rounds, L = st->f.lg, rank;
	int i, d, peer, low;
	long hi = lo + len, mid, range[32][2];

	if ((rank = fold_enter(sim, &st->f, w, st->mbox, R, step, lo,
	    len)) < 0)
		return;
	for (i = 0; i < L; i++) {	/* reduce-scatter */
		d = st->f.p >> (i + 1);
		peer = fold_worker(&st->f, rank ^ d);
		low = (rank & d) == 0;
		range[i][0] = lo;
		range[i][1] = hi;
		mid = lo + (hi - lo) / 2;
		sim_round(sim, w, i);
		sim_exchange(sim, w, peer, step, st->mbox[peer * R + 1 + i],
		    st->mbox[w * R + 1 + i], low ? mid : lo,
		    low ? hi - mid : mid - lo, low ? lo : mid, SIM_ADD);
		if (low)
			hi = mid;
		else
			lo = mid;
	}
	for (i = L - 1; i >= 0; i--) {	/* all-gather */
		d = st->f.p >> (i + 1);
		peer = fold_worker(&st->f, rank ^ d);
		low = (rank & d) == 0;
		sim_round(sim, w, 2 * L - 1 - i);
		sim_exchange(sim, w, peer, step,
		    st->mbox[peer * R + 1 + 2 * L - 1 - i],
		    st->mbox[w * R + 1 + 2 * L - 1 - i], lo, hi - lo,
		    low ? hi : range[i][0], SIM_COPY);
		lo = range[i][0];
		hi = range[i][1];
	}
	sim_rounds_done(sim, w, 2 * L);
	fold_leave(sim, &st->f, w, st->mbox, R, step, lo, len);
}

static void
hd_cleanup(struct sim *sim)
{
	struct hd_state *st = sim->state;

	free(st->mbox);
	free(st);
	sim->state = NULL;
}

const struct strategy strategy_halving_doubling = {
	.setup = hd_setup,
	.exchange = hd_exchange,
	.cleanup = hd_cleanup,
};
