/* strategy-ring.c: ring all-reduce.
 *
 * Message schedule: the gradient is cut into n near-equal chunks.  In
 * reduce-scatter step s (0..n-2) worker w sends chunk (w-s) mod n to its
 * right neighbour and receives chunk (w-s-1) mod n from its left one,
 * adding it to its own; after n-1 steps it holds the sum of chunk
 * (w+1) mod n.  In all-gather step s it sends chunk (w+1-s) mod n and
 * receives chunk (w-s) mod n.  2(n-1) steps, each moving M/n each way
 * (ring.c). */
#include "config.h"

#include <stdio.h>

#include "analytic.h"
#include "ring.h"
#include "sim.h"

/* With elastic faults the ring is the workers left (sim->members). */
static void
ring_exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	struct ring r = { 0, 1, sim->nworkers, NULL };
	int me = w;

	if (sim->members != NULL) {
		r.g = sim->nmembers;
		r.members = sim->members;
		for (me = 0; sim->members[me] != w; me++)
			;
	}
	ring_phase(sim, &r, me, sim->worker_mbox, seq, lo, len, 0);
	ring_phase(sim, &r, me, sim->worker_mbox, seq, lo, len, 1);
}

/* 2(n-1) steps, each one latency plus a chunk of M/n from every worker
 * to the next, at the pace of the most loaded resource: a NIC, or a
 * switch backplane or rack uplink that several chunks cross. */
static void
ring_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct ring r = { 0, 1, s->n, NULL };
	int n = s->n;
	double chunk = s->M / n, per;

	analytic_round_init(&rd, s);
	ring_round(&rd, &r, chunk);
	per = analytic_round_time(&rd);
	a->latency_s = 2.0 * (n - 1) * s->alpha;
	a->communication_s = 2.0 * (n - 1) * (s->alpha + per);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (n - 1) * chunk;
	snprintf(a->formula, sizeof a->formula,
	    "2(n-1)*alpha + 2(n-1)/n * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %.6g s "
	    "for a %.6g B chunk, paced by %s) = %.6g s", n - 1, s->alpha, per,
	    chunk, rd.binding, a->communication_s);
	analytic_round_release(&rd, a);
}

const struct strategy strategy_ring = {
	.exchange = ring_exchange,
	.analytic = ring_analytic,
};
