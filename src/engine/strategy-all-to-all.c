/* strategy-all-to-all.c: every worker sends its whole gradient to every
 * other worker and sums what it receives (the seed answer's "each worker
 * exchanges its gradient with the 9 others").
 *
 * Message schedule: per step, n-1 sends of M and n-1 receives of M, all
 * posted at once.  A worker that finishes a step early may already send
 * the next step's gradient while a peer still receives this one, so each
 * worker has two inboxes, used on alternate steps.
 *
 * run.fast_forward on a symmetric star: every worker computes alike and
 * starts its exchange at one instant, every NIC is the same, and no
 * link but the NICs is shared (no backbone), so every flow of the step
 * meets the same load on its sender's NIC and its receiver's (n - 1
 * flows each way; with crosstraffic, the same n - 1 reverse ones) and
 * moves at the same rate.  Worker 0's flows and those to it then have
 * that rate alone: the senders and receivers of the others' flows are
 * loaded as in the whole exchange where it binds them (worker 0's NIC),
 * and less elsewhere, where no flow is bound.  So only worker 0 sends to
 * and receives from every other; worker k sends to and receives from
 * worker 0 alone, ends its step when it would have, and counts its other
 * n - 2 flows each way as sent and received on its NIC (to and from its
 * neighbours among 1..n-1, which loads every NIC as the whole exchange
 * does).  A million flows of 1024 workers become 2046. */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "numerics.h"

struct a2a_state {
	sg_mailbox_t	*mbox;		/* 2 per worker: by step parity */
	int		 symmetric;	/* the exchange is worker 0's flows
					   (the top comment) */
};

/* Whether every flow of a step moves at one rate: the top comment. */
static int
symmetric(const struct sim *sim)
{
	return scenario_all_pairs_symmetric(sim->sc) && sim->timeline == NULL;
}

static void
a2a_setup(struct sim *sim)
{
	struct a2a_state *st = xcalloc(1, sizeof *st);
	int w;

	st->mbox = xcalloc(2 * (size_t)sim->nworkers, sizeof *st->mbox);
	for (w = 0; w < 2 * sim->nworkers; w++)
		st->mbox[w] = sim_mailbox(sim, "a2a", w);
	st->symmetric = symmetric(sim);
	sim->state = st;
}

/* Worker w's sum of every worker's floats of [lo, + len), its own and
 * the n - 1 it received, in worker order, so that every worker adds them
 * alike and the replicas stay equal to the last bit. */
static void
sum_in_order(struct sim *sim, int w, struct msg **in, long lo, long len)
{
	int n = sim->nworkers, p;
	struct msg **from = xcalloc((size_t)n, sizeof *from);
	float *g = sim->num->grad[w], *acc;
	const float *x;
	long a, m, i;

	for (p = 0; p < n - 1; p++)
		from[in[p]->src] = in[p];
	numerics_range(sim->num, lo, len, &a, &m);
	acc = xcalloc((size_t)(m > 0 ? m : 1), sizeof *acc);
	for (p = 0; p < n; p++) {
		x = p == w ? g + a : from[p]->data;
		for (i = 0; i < m; i++)
			acc[i] += x[i];
	}
	memcpy(g + a, acc, (size_t)m * sizeof *acc);
	free(acc);
	free(from);
}

/* Worker w (not 0) of a symmetric exchange: its n - 2 flows each way
 * that are not worker 0's, counted on its NIC as sent to its next
 * neighbour among 1..n-1 and received from its previous one. */
static void
skip_flows(struct sim *sim, int w, double bytes)
{
	int n = sim->nworkers, next = w % (n - 1) + 1;
	int prev = (w + n - 3) % (n - 1) + 1;

	metrics_sent(sim->metrics, w, next, (n - 2) * bytes);
	metrics_received_n(sim->metrics, prev, w, (n - 2) * bytes,
	    !sim_local_free(sim, prev, w), n - 2);
	sim->rounds_skipped += n - 2;
}

static void
a2a_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct a2a_state *st = sim->state;
	int n = sim->nworkers, p, i = 0, k = n - 1;
	sg_comm_t *comms = xcalloc(2 * (size_t)n, sizeof *comms);
	struct msg **in = xcalloc((size_t)n, sizeof *in);

	if (st->symmetric && w != 0)
		k = 1;		/* with worker 0 alone */
	sim_round(sim, w, 0);
	for (p = 0; p < n; p++) {
		if (p != w && (k == n - 1 || p == 0))
			comms[i++] = sim_send(sim, st->mbox[2 * p + step % 2],
			    w, p, step, lo, len);
	}
	for (p = 0; p < k; p++)
		comms[i++] = sim_recv(st->mbox[2 * w + step % 2], &in[p]);
	sim_wait_all(comms, (size_t)i);
	if (sim->num != NULL)
		sum_in_order(sim, w, in, lo, len);
	for (p = 0; p < k; p++) {
		assert(in[p]->step == step);
		sim_received(sim, w, in[p]);
	}
	if (k < n - 1)
		skip_flows(sim, w, sim_bytes(sim, len));
	free(comms);
	free(in);
}

static void
a2a_cleanup(struct sim *sim)
{
	struct a2a_state *st = sim->state;

	free(st->mbox);
	free(st);
	sim->state = NULL;
}

const struct strategy strategy_all_to_all = {
	.setup = a2a_setup,
	.exchange = a2a_exchange,
	.cleanup = a2a_cleanup,
};
