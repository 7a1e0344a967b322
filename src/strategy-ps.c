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
	int		 chunks;	/* P: pipelined pieces per shard */
	sg_mailbox_t	*shard_mbox;	/* per shard and chunk: [j * P + c] */
	sg_comm_t	*comms;		/* per worker: k P pulls + k pushes */
	struct msg	**in;		/* per worker: k P */
};

static long
chunk_offset(const struct sim *sim, int j, int c, int P)
{
	return sim->shard_offset[j] + sim_part_offset(sim->shard_count[j], P,
	    c);
}

static long
chunk_count(const struct sim *sim, int j, int c, int P)
{
	return sim_part_count(sim->shard_count[j], P, c);
}

/* Shard j's server: for each chunk in turn, wait for it from every
 * worker, sum, and send the new parameters back without waiting, so that
 * pulls of one chunk overlap pushes of the next. */
static void
ps_server(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	int n = sim->nworkers, P = st->chunks, me = sim->shard_hidx[j];
	int step, w, c;
	sg_comm_t *recv = xcalloc((size_t)n * (size_t)P, sizeof *recv);
	sg_comm_t *send = xcalloc((size_t)n * (size_t)P, sizeof *send);
	struct msg **in = xcalloc((size_t)n * (size_t)P, sizeof *in);

	for (step = 0; step < sim->sc->run.steps; step++) {
		for (c = 0; c < P; c++) {
			for (w = 0; w < n; w++)
				recv[c * n + w] = sim_recv(
				    st->shard_mbox[j * P + c], &in[c * n + w]);
		}
		for (c = 0; c < P; c++) {
			sim_wait_all(recv + c * n, (size_t)n);
			for (w = 0; w < n; w++) {
				assert(in[c * n + w]->step == step);
				assert(in[c * n + w]->offset ==
				    chunk_offset(sim, j, c, P));
				sim_received(sim, me, in[c * n + w]);
			}
			/* The update itself is arithmetic on the shard:
			 * nothing to do while payloads are virtual. */
			for (w = 0; w < n; w++)
				send[c * n + w] = sim_send(sim,
				    sim->worker_mbox[w], me, w, step,
				    chunk_offset(sim, j, c, P),
				    chunk_count(sim, j, c, P));
		}
		sim_wait_all(send, (size_t)n * (size_t)P);
	}
	free(recv);
	free(send);
	free(in);
}

static void
ps_setup(struct sim *sim)
{
	struct ps_state *st = xcalloc(1, sizeof *st);
	int k = sim->nshards, P = sim->sc->strategy.chunks, j;
	char name[64];

	st->chunks = P;
	st->shard_mbox = sim_round_mailboxes("shard", k, P);
	st->comms = xcalloc((size_t)sim->nworkers * (size_t)k * (size_t)(P + 1),
	    sizeof *st->comms);
	st->in = xcalloc((size_t)sim->nworkers * (size_t)k * (size_t)P,
	    sizeof *st->in);
	sim->state = st;
	for (j = 0; j < k; j++) {
		snprintf(name, sizeof name, "ps-shard-%d", j);
		sim_spawn(sim, name, sim->shard_hidx[j], ps_server, j);
	}
}

/* A worker posts all its pulls, then pushes chunk c of every shard at
 * once, chunk after chunk, and waits for the pulls.  (Chaining each
 * shard's chunks on its own was tried: with fair sharing the small
 * shards' chains finish first and leave the NIC half used, which is
 * slower.) */
static void
ps_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct ps_state *st = sim->state;
	int k = sim->nshards, P = st->chunks, j, c;
	size_t pulls = (size_t)k * (size_t)P;
	sg_comm_t *comms = st->comms + (size_t)w * (pulls + (size_t)k);
	struct msg **in = st->in + (size_t)w * pulls;

	assert(lo == 0 && len == sim->elements);	/* no buckets */
	for (j = 0; j < (int)pulls; j++)
		comms[j] = sim_recv(sim->worker_mbox[w], &in[j]);
	for (c = 0; c < P; c++) {
		for (j = 0; j < k; j++)
			comms[pulls + j] = sim_send(sim,
			    st->shard_mbox[j * P + c], w, sim->shard_hidx[j],
			    step, chunk_offset(sim, j, c, P),
			    chunk_count(sim, j, c, P));
		sim_wait_all(comms + pulls, (size_t)k);
	}
	sim_wait_all(comms, pulls);
	for (j = 0; j < (int)pulls; j++) {
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
 * is still being pushed; the formula does not credit that overlap.)
 * With P pipelined chunks, pushes of chunk c + 1 overlap pulls of chunk
 * c: the step tends to T_both, the time of all pushes and pulls moving at
 * once, plus 1/P of what the phases add to it, and P + 1 latencies. */
static void
ps_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	int h, j, w, nh = s->n + s->servers, P = s->chunks > 0 ? s->chunks : 1;
	double *traffic = xcalloc((size_t)nh, sizeof *traffic);
	int *holds = xcalloc((size_t)nh, sizeof *holds);
	double phase, both;

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
	for (j = 0; j < s->k; j++) {	/* pushes and pulls at once */
		int holder = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];

		for (w = 0; w < s->n; w++) {
			if (w == holder)
				continue;
			analytic_round_flow(&rd, w, holder, s->shard_bytes[j]);
			analytic_round_flow(&rd, holder, w, s->shard_bytes[j]);
		}
	}
	both = analytic_round_time(&rd);
	for (h = 0; h < nh; h++) {
		if (h < s->n && traffic[h] > a->worker_sent_bytes)
			a->worker_sent_bytes = a->worker_received_bytes =
			    traffic[h];
		if (holds[h] && traffic[h] > a->server_received_bytes)
			a->server_sent_bytes = a->server_received_bytes =
			    traffic[h];
	}
	a->latency_s = (P + 1) * s->alpha;
	a->communication_s = a->latency_s + both + (2 * phase - both) / P;
	if (s->bytesps)
		snprintf(a->formula, sizeof a->formula, "2n(n-1)M / ((n^2 + kn "
		    "- 2k)B) with k CPU summation servers (BytePS), pipelined "
		    "in %d chunks", P);
	else if (P > 1)
		snprintf(a->formula, sizeof a->formula, "T_both + (2 T_phase - "
		    "T_both)/P + (P+1)*alpha, %d pipelined chunks", P);
	else
		snprintf(a->formula, sizeof a->formula, "2*(alpha + V/B), V = "
		    "the busiest NIC's bytes per phase = max(M, n*M/k) for k "
		    "even dedicated shards");
	snprintf(a->evaluated, sizeof a->evaluated, "%d*%.6g s + %.6g s + "
	    "(2*%.6g s - %.6g s)/%d = %.6g s", P + 1, s->alpha, both, phase,
	    both, P, a->communication_s);
	analytic_round_release(&rd, a);
	free(traffic);
	free(holds);
}

/* BytePS (OSDI '20): the PS protocol, with a summation service on every
 * worker and on k CPU-only hosts, the bytes split between them as the
 * paper's optimum says (sim.c), pipelined in chunks. */
const struct strategy strategy_bytesps = {
	.name = "bytesps",
	.family = "ps",
	.summary = "BytePS: summation on every worker and on k CPU hosts, "
	    "optimal byte split, pipelined",
	.setup = ps_setup,
	.exchange = ps_exchange,
	.cleanup = ps_cleanup,
	.analytic = ps_analytic,
};

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
