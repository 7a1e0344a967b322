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

#include "analytic.h"
#include "fold.h"
#include "sim.h"
#include "xmalloc.h"

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
		sim_exchange(sim, w, peer, step, st->mbox[peer * R + 1 + i],
		    st->mbox[w * R + 1 + i], lo, len, lo, SIM_ADD);
	}
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

/* lg p rounds of alpha + M/B, and two more when n is not a power of two;
 * a core worker that also takes a folded vector sends lg p + 1 of M.
 * Each round costs its most loaded NIC, switch or uplink (analytic.c). */
static void
rd_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct fold f;
	double bw = 0;
	int rounds, i, k, w;

	fold_init(&f, s->n);
	rounds = f.lg + (f.r > 0 ? 2 : 0);
	analytic_round_init(&rd, s);
	bw = fold_rounds(&rd, &f, s->M);
	for (i = 0; i < f.lg; i++) {
		for (k = 0; k < f.p; k++) {
			w = fold_worker(&f, k);
			analytic_round_flow(&rd, w, fold_worker(&f, k ^ (1 << i)),
			    s->M);
		}
		bw += analytic_round_time(&rd);
	}
	analytic_round_release(&rd, a);
	a->latency_s = rounds * s->alpha;
	a->communication_s = a->latency_s + bw;
	a->worker_sent_bytes = a->worker_received_bytes =
	    (f.lg + (f.r > 0 ? 1 : 0)) * s->M;
	if (f.r > 0)
		snprintf(a->formula, sizeof a->formula, "(lg p + 2)*(alpha + "
		    "M/B), p = %d the largest power of two <= n", f.p);
	else
		snprintf(a->formula, sizeof a->formula, "lg n*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", rounds, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}

const struct strategy strategy_recursive_doubling = {
	.setup = rd_setup,
	.exchange = rd_exchange,
	.cleanup = rd_cleanup,
	.analytic = rd_analytic,
};
