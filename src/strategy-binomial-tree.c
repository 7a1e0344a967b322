/* strategy-binomial-tree.c: all-reduce as a binomial-tree reduce to
 * worker 0 followed by a binomial-tree broadcast from it.
 *
 * Message schedule: R = ceil(lg n) rounds each way.  Reduce round i
 * (d = 2^i): a worker whose lowest set bit is i sends its whole partial
 * sum to w - d and is done; one whose rank is a multiple of 2d receives
 * from w + d (if it exists) and adds.  The broadcast retraces the rounds
 * backwards: round i's receivers of the reduce send the result to w + d.
 * 2R rounds of the whole vector; worker 0 sends and receives R of them. */
#include <stdio.h>
#include <stdlib.h>

#include "analytic.h"
#include "sim.h"
#include "xmalloc.h"

struct bt_state {
	int		 levels;	/* ceil(lg n) */
	sg_mailbox_t	*mbox;		/* 2 * levels per worker */
};

static void
bt_setup(struct sim *sim)
{
	struct bt_state *st = xcalloc(1, sizeof *st);

	while ((1 << st->levels) < sim->nworkers)
		st->levels++;
	st->mbox = sim_round_mailboxes("bt", sim->nworkers,
	    2 * st->levels + 1);
	sim->state = st;
}

static void
bt_exchange(struct sim *sim, int w, int step)
{
	struct bt_state *st = sim->state;
	int n = sim->nworkers, L = st->levels, R = 2 * L + 1, i, d;
	int top = L;	/* the round w sends up in; L for worker 0 */
	long len = sim->elements;

	for (i = 0; i < L; i++) {	/* reduce */
		d = 1 << i;
		if (w % (2 * d) == d) {
			sim_send_wait(sim, w, w - d, step,
			    st->mbox[(w - d) * R + i], 0, len);
			top = i;
			break;
		}
		if (w + d < n)
			sim_recv_wait(sim, w, step, st->mbox[w * R + i], 0);
	}
	for (i = L - 1; i >= 0; i--) {	/* broadcast */
		d = 1 << i;
		if (i == top)
			sim_recv_wait(sim, w, step, st->mbox[w * R + L + i], 0);
		else if (i < top && w + d < n)
			sim_send_wait(sim, w, w + d, step,
			    st->mbox[(w + d) * R + L + i], 0, len);
	}
}

static void
bt_cleanup(struct sim *sim)
{
	struct bt_state *st = sim->state;

	free(st->mbox);
	free(st);
	sim->state = NULL;
}

/* 2 ceil(lg n) rounds of alpha + M/B; each round costs its most loaded
 * NIC, switch or uplink (analytic.c), the broadcast mirroring the reduce. */
static void
bt_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	double bw = 0;
	int levels = 0, i, w, d;

	while ((1 << levels) < s->n)
		levels++;
	analytic_round_init(&rd, s);
	for (i = 0; i < levels; i++) {
		d = 1 << i;
		for (w = d; w < s->n; w += 2 * d)
			analytic_round_flow(&rd, w, w - d, s->M);
		bw += 2 * analytic_round_time(&rd);
	}
	analytic_round_release(&rd);
	a->latency_s = 2.0 * levels * s->alpha;
	a->communication_s = a->latency_s + bw;
	a->worker_sent_bytes = a->worker_received_bytes = levels * s->M;
	snprintf(a->formula, sizeof a->formula,
	    "2 ceil(lg n)*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", levels, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}

const struct strategy strategy_binomial_tree = {
	.name = "binomial-tree",
	.family = "allreduce",
	.summary = "binomial-tree reduce to worker 0, then broadcast",
	.setup = bt_setup,
	.exchange = bt_exchange,
	.cleanup = bt_cleanup,
	.analytic = bt_analytic,
};
