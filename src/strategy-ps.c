/* strategy-ps.c: the synchronous parameter server.
 *
 * Message schedule, per step: every worker pushes shard j of its gradient
 * to shard j's server, all k pushes at once, and posts its k pulls at the
 * same time.  Server j posts n receives at once (one per worker: a single
 * blocking receive at a time would serialise the flows), waits for all n,
 * applies the update and sends the new shard back to every worker.  A
 * colocated shard's own worker talks to it over the host's loopback. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "analytic.h"
#include "sim.h"
#include "xmalloc.h"

struct ps_state {
	sg_mailbox_t	*shard_mbox;	/* one inbox per shard */
	sg_comm_t	*comms;		/* per worker: 2k */
	struct msg	**in;		/* per worker: k */
};

static void
ps_server(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	int n = sim->nworkers, me = sim->shard_hidx[j], step, w;
	sg_comm_t *comms = xcalloc((size_t)n, sizeof *comms);
	struct msg **in = xcalloc((size_t)n, sizeof *in);

	for (step = 0; step < sim->sc->run.steps; step++) {
		for (w = 0; w < n; w++)
			comms[w] = sim_recv(st->shard_mbox[j], &in[w]);
		sim_wait_all(comms, (size_t)n);
		for (w = 0; w < n; w++) {
			assert(in[w]->step == step);
			assert(in[w]->offset == sim->shard_offset[j]);
			sim_received(sim, me, in[w]);
		}
		/* The update itself is arithmetic on the shard: nothing to
		 * do while payloads are virtual. */
		for (w = 0; w < n; w++)
			comms[w] = sim_send(sim, sim->worker_mbox[w], me, w, step,
			    sim->shard_offset[j], sim->shard_count[j]);
		sim_wait_all(comms, (size_t)n);
	}
	free(comms);
	free(in);
}

static void
ps_setup(struct sim *sim)
{
	struct ps_state *st = xcalloc(1, sizeof *st);
	int k = sim->nshards, j;
	char name[64];

	st->shard_mbox = xcalloc((size_t)k, sizeof *st->shard_mbox);
	st->comms = xcalloc((size_t)sim->nworkers * 2 * (size_t)k,
	    sizeof *st->comms);
	st->in = xcalloc((size_t)sim->nworkers * (size_t)k, sizeof *st->in);
	sim->state = st;
	for (j = 0; j < k; j++) {
		st->shard_mbox[j] = sim_mailbox("shard", j);
		snprintf(name, sizeof name, "ps-shard-%d", j);
		sim_spawn(sim, name, sim->shard_hidx[j], ps_server, j);
	}
}

static void
ps_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct ps_state *st = sim->state;
	int k = sim->nshards, j;
	sg_comm_t *comms = st->comms + (size_t)w * 2 * (size_t)k;
	struct msg **in = st->in + (size_t)w * (size_t)k;

	assert(lo == 0 && len == sim->elements);	/* no buckets */

	for (j = 0; j < k; j++)
		comms[j] = sim_send(sim, st->shard_mbox[j], w,
		    sim->shard_hidx[j], step,
		    sim->shard_offset[j], sim->shard_count[j]);
	for (j = 0; j < k; j++)
		comms[k + j] = sim_recv(sim->worker_mbox[w], &in[j]);
	sim_wait_all(comms, 2 * (size_t)k);
	for (j = 0; j < k; j++) {
		assert(in[j]->step == step);
		sim_received(sim, w, in[j]);
	}
}

static void
ps_cleanup(struct sim *sim)
{
	struct ps_state *st = sim->state;

	free(st->shard_mbox);
	free(st->comms);
	free(st->in);
	free(st);
	sim->state = NULL;
}

/* Two phases, push then pull, each one latency plus the time its most
 * loaded resource needs: in the push phase every worker sends each shard
 * it does not hold to that shard's host, so a host receives one copy of
 * its shards from every other worker; the pull phase is the mirror
 * image and takes as long.  (Pulls of one shard may start while another
 * is still being pushed; the formula does not credit that overlap.) */
static void
ps_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	int h, j, w, nh = s->n + s->servers;
	double *traffic = xcalloc((size_t)nh, sizeof *traffic);
	int *holds = xcalloc((size_t)nh, sizeof *holds);
	double phase;

	analytic_round_init(&rd, s);
	for (j = 0; j < s->k; j++) {
		int holder = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];

		holds[holder] = 1;
		for (w = 0; w < s->n; w++) {
			if (w == holder)
				continue;
			analytic_round_flow(&rd, w, holder, s->shard_bytes[j]);
			/* per step: push out and pull in, and the holder
			 * the mirror image */
			traffic[w] += s->shard_bytes[j];
			traffic[holder] += s->shard_bytes[j];
		}
	}
	phase = analytic_round_time(&rd);
	for (h = 0; h < nh; h++) {
		if (h < s->n && traffic[h] > a->worker_sent_bytes)
			a->worker_sent_bytes = a->worker_received_bytes =
			    traffic[h];
		if (holds[h] && traffic[h] > a->server_received_bytes)
			a->server_sent_bytes = a->server_received_bytes =
			    traffic[h];
	}
	a->latency_s = 2 * s->alpha;
	a->communication_s = 2 * (s->alpha + phase);
	snprintf(a->formula, sizeof a->formula, "2*(alpha + V/B), V = the "
	    "busiest NIC's bytes per phase = max(M, n*M/k) for k even "
	    "dedicated shards");
	snprintf(a->evaluated, sizeof a->evaluated, "2*(%.6g s + %.6g s, "
	    "paced by %s) = %.6g s", s->alpha, phase, rd.binding,
	    a->communication_s);
	analytic_round_release(&rd, a);
	free(traffic);
	free(holds);
}

const struct strategy strategy_ps = {
	.name = "ps",
	.family = "ps",
	.summary = "synchronous parameter server: push shards, servers sum, "
	    "pull parameters",
	.setup = ps_setup,
	.exchange = ps_exchange,
	.cleanup = ps_cleanup,
	.analytic = ps_analytic,
};
