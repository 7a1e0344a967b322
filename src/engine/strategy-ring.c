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

#include "ring.h"
#include "sim.h"
#include "strategy.h"
#include "message.h"

/* With elastic faults the ring is the workers left (sim->members). */
static void
ring_exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	struct ring r = { 0, 1, sim->nworkers, NULL };
	double bytes = sim_bytes(sim, len);
	int me = w;

	if (sim->members != NULL) {
		r.g = sim->nmembers;
		r.members = sim->members;
		for (me = 0; sim->members[me] != w; me++)
			;
	}
	sim->round_ff = ring_may_skip(sim, r.g);
	ring_phase(sim, &r, me, sim->worker_mbox, seq, lo, len, bytes, 0);
	ring_phase(sim, &r, me, sim->worker_mbox, seq, lo, len, bytes, 1);
}

const struct strategy strategy_ring = {
	.exchange = ring_exchange,
};
