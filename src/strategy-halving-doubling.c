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

#include "analytic.h"
#include "fold.h"
#include "sim.h"
#include "xmalloc.h"

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
		sim_exchange(sim, w, peer, step,
		    st->mbox[peer * R + 1 + 2 * L - 1 - i],
		    st->mbox[w * R + 1 + 2 * L - 1 - i], lo, hi - lo,
		    low ? hi : range[i][0], SIM_COPY);
		lo = range[i][0];
		hi = range[i][1];
	}
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

/* 2 lg p alpha + 2(p-1)/p M/B, plus 2(alpha + M/B) for the fold when n
 * is not a power of two.  Each round costs its most loaded NIC, switch or
 * uplink (analytic.c); halving round i and its mirror in the all-gather
 * move M/2^(i+1) each way between partners p/2^(i+1) apart. */
static void
hd_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct fold f;
	double core, bw = 0;
	int i, k;

	fold_init(&f, s->n);
	core = 2.0 * (f.p - 1) / f.p * s->M;
	analytic_round_init(&rd, s);
	bw = fold_rounds(&rd, &f, s->M);
	for (i = 0; i < f.lg; i++) {
		for (k = 0; k < f.p; k++)
			analytic_round_flow(&rd, fold_worker(&f, k),
			    fold_worker(&f, k ^ (f.p >> (i + 1))),
			    s->M / (2 << i));
		bw += 2 * analytic_round_time(&rd);
	}
	analytic_round_release(&rd, a);
	a->latency_s = (2 * f.lg + (f.r > 0 ? 2 : 0)) * s->alpha;
	a->communication_s = a->latency_s + bw;
	a->worker_sent_bytes = a->worker_received_bytes = core +
	    (f.r > 0 ? s->M : 0);
	if (f.r > 0)
		snprintf(a->formula, sizeof a->formula, "2(lg p + 1)*alpha + "
		    "2(p-1)/p * M/B + 2M/B, p = %d the largest power of two "
		    "<= n", f.p);
	else
		snprintf(a->formula, sizeof a->formula,
		    "2 lg n*alpha + 2(n-1)/n * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %.6g s of "
	    "transfers (%.6g B at %.6g B/s, unless a switch or uplink binds) "
	    "= %.6g s", a->latency_s, bw, core + (f.r > 0 ? 2 * s->M : 0),
	    s->B, a->communication_s);
}

const struct strategy strategy_halving_doubling = {
	.setup = hd_setup,
	.exchange = hd_exchange,
	.cleanup = hd_cleanup,
	.analytic = hd_analytic,
};
