/* strategy-all-to-all.c: every worker sends its whole gradient to every
 * other worker and sums what it receives (the seed answer's "each worker
 * exchanges its gradient with the 9 others").
 *
 * Message schedule: per step, n-1 sends of M and n-1 receives of M, all
 * posted at once.  A worker that finishes a step early may already send
 * the next step's gradient while a peer still receives this one, so each
 * worker has two inboxes, used on alternate steps. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "sim.h"
#include "xmalloc.h"

struct a2a_state {
	sg_mailbox_t	*mbox;		/* 2 per worker: by step parity */
};

static void
a2a_setup(struct sim *sim)
{
	struct a2a_state *st = xcalloc(1, sizeof *st);
	int w;

	st->mbox = xcalloc(2 * (size_t)sim->nworkers, sizeof *st->mbox);
	for (w = 0; w < 2 * sim->nworkers; w++)
		st->mbox[w] = sim_mailbox("a2a", w);
	sim->state = st;
}

static void
a2a_exchange(struct sim *sim, int w, int step)
{
	struct a2a_state *st = sim->state;
	int n = sim->nworkers, p, i = 0;
	sg_comm_t *comms = xcalloc(2 * (size_t)n, sizeof *comms);
	struct msg **in = xcalloc((size_t)n, sizeof *in);

	for (p = 0; p < n; p++) {
		if (p != w)
			comms[i++] = sim_send(sim, st->mbox[2 * p + step % 2],
			    w, p, step, 0, sim->elements);
	}
	for (p = 0; p < n - 1; p++)
		comms[i++] = sim_recv(st->mbox[2 * w + step % 2], &in[p]);
	sim_wait_all(comms, (size_t)i);
	for (p = 0; p < n - 1; p++) {
		assert(in[p]->step == step);
		sim_received(sim, w, in[p]);
	}
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

/* All n-1 flows out of a NIC share it: (n-1)M at B after one latency.
 * A shared switch backplane carries n(n-1)M; a rack of h workers sends
 * and receives h(n-h)M over its uplink.  The slowest of these binds. */
static void
a2a_analytic(const struct shape *s, struct analytic *a)
{
	int n = s->n, r, w, rack;
	double t = (n - 1) * s->M / s->B, u;
	double *out = xcalloc((size_t)s->racks + 1, sizeof *out);
	double *h = xcalloc((size_t)s->racks + 1, sizeof *h);

	a->latency_s = n > 1 ? s->alpha : 0;
	snprintf(a->formula, sizeof a->formula, "alpha + (n-1) * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %d * %.6g B / "
	    "%.6g B/s", a->latency_s, n - 1, s->M, s->B);
	if (s->switch_Bps > 0 && n * (n - 1) * s->M / s->switch_Bps > t) {
		t = n * (n - 1) * s->M / s->switch_Bps;
		snprintf(a->formula, sizeof a->formula,
		    "alpha + n(n-1) * M/S (the switch backplane binds)");
		snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %d * %d "
		    "* %.6g B / %.6g B/s", a->latency_s, n, n - 1, s->M,
		    s->switch_Bps);
	}
	for (w = 0; w < n && s->racks > 0; w++)
		h[s->rack_of[w]]++;
	for (r = 0; r < s->racks; r++)
		out[r] = h[r] * (n - h[r]) * s->M;
	if ((u = analytic_uplinks(s, out, out, &rack)) > t) {
		t = u;
		snprintf(a->formula, sizeof a->formula, "alpha + h(n-h) * M/U "
		    "(rack %d's uplink binds: h workers in it, U its "
		    "bandwidth)", rack);
		snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %g * %g "
		    "* %.6g B / %.6g B/s", a->latency_s, h[rack], n - h[rack],
		    s->M, s->uplink_Bps[rack]);
	}
	a->communication_s = a->latency_s + t;
	a->worker_sent_bytes = a->worker_received_bytes = (n - 1) * s->M;
	snprintf(a->evaluated + strlen(a->evaluated), sizeof a->evaluated -
	    strlen(a->evaluated), " = %.6g s", a->communication_s);
	free(out);
	free(h);
}

const struct strategy strategy_all_to_all = {
	.name = "all-to-all",
	.family = "allreduce",
	.summary = "every worker sends its whole gradient to every other "
	    "worker",
	.setup = a2a_setup,
	.exchange = a2a_exchange,
	.cleanup = a2a_cleanup,
	.analytic = a2a_analytic,
};
