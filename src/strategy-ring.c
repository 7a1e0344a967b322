/* strategy-ring.c: ring all-reduce.
 *
 * Message schedule: the gradient is cut into n near-equal chunks.  In
 * reduce-scatter step s (0..n-2) worker w sends chunk (w-s) mod n to its
 * right neighbour and receives chunk (w-s-1) mod n from its left one,
 * adding it to its own; after n-1 steps it holds the sum of chunk
 * (w+1) mod n.  In all-gather step s it sends chunk (w+1-s) mod n and
 * receives chunk (w-s) mod n.  2(n-1) steps, each moving M/n each way.
 * Each worker has one sender (its left neighbour), so its inbox is FIFO. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "analytic.h"
#include "sim.h"
#include "xmalloc.h"

static int
mod(int a, int n)
{
	return ((a % n) + n) % n;
}

static void
ring_exchange(struct sim *sim, int w, int step)
{
	int n = sim->nworkers, right = (w + 1) % n, s, send, recv;
	long len = sim->elements;
	sg_comm_t comms[2];
	struct msg *in;

	for (s = 0; s < 2 * (n - 1); s++) {
		if (s < n - 1) {
			send = mod(w - s, n);
			recv = mod(w - s - 1, n);
		} else {
			send = mod(w + 1 - (s - (n - 1)), n);
			recv = mod(w - (s - (n - 1)), n);
		}
		comms[0] = sim_send(sim, sim->worker_mbox[right], w, right, step,
		    sim_part_offset(len, n, send), sim_part_count(len, n, send));
		comms[1] = sim_recv(sim->worker_mbox[w], &in);
		sim_wait_all(comms, 2);
		assert(in->step == step);
		assert(in->offset == sim_part_offset(len, n, recv));
		sim_received(sim, w, in);
	}
}

/* 2(n-1) steps, each one latency plus a chunk of M/n over a NIC; or,
 * if slower, the n chunks of a step through a shared switch backplane,
 * or the chunks that cross a rack's uplink (one per ring neighbour pair
 * that straddles racks). */
static void
ring_analytic(const struct shape *s, struct analytic *a)
{
	int n = s->n, w, rack;
	double chunk = s->M / n, per = chunk / s->B, u;
	double *out = xcalloc((size_t)s->racks + 1, sizeof *out);
	double *in = xcalloc((size_t)s->racks + 1, sizeof *in);
	char what[96];

	snprintf(a->formula, sizeof a->formula,
	    "2(n-1)*alpha + 2(n-1)/n * M/B");
	snprintf(what, sizeof what, "%.6g B / %.6g B/s", chunk, s->B);
	if (s->switch_Bps > 0 && s->M / s->switch_Bps > per) {
		per = s->M / s->switch_Bps;
		snprintf(a->formula, sizeof a->formula, "2(n-1)*(alpha + M/S) "
		    "(the switch backplane binds)");
		snprintf(what, sizeof what, "%.6g B / %.6g B/s", s->M,
		    s->switch_Bps);
	}
	for (w = 0; w < n && s->racks > 0; w++) {
		if (s->rack_of[w] != s->rack_of[(w + 1) % n]) {
			out[s->rack_of[w]] += chunk;
			in[s->rack_of[(w + 1) % n]] += chunk;
		}
	}
	if ((u = analytic_uplinks(s, out, in, &rack)) > per) {
		per = u;
		snprintf(a->formula, sizeof a->formula, "2(n-1)*(alpha + c*M/"
		    "(n*U)) (rack %d's uplink binds: c chunks cross it)",
		    rack);
		snprintf(what, sizeof what, "%.6g B / %.6g B/s",
		    out[rack] > in[rack] ? out[rack] : in[rack],
		    s->uplink_Bps[rack]);
	}
	a->latency_s = 2.0 * (n - 1) * s->alpha;
	a->communication_s = 2.0 * (n - 1) * (s->alpha + per);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (n - 1) * chunk;
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %s) = "
	    "%.6g s", n - 1, s->alpha, what, a->communication_s);
	free(out);
	free(in);
}

const struct strategy strategy_ring = {
	.name = "ring",
	.family = "allreduce",
	.summary = "ring all-reduce: reduce-scatter then all-gather, "
	    "2(n-1) steps",
	.lazy_solver_ok = 1,
	.exchange = ring_exchange,
	.analytic = ring_analytic,
};
