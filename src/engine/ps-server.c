/* ps-server.c: the synchronous parameter server (strategy.sync sync,
 * without faults): per shard a server actor and its receivers, which
 * take the workers' pushes chunk by chunk and send the summed
 * parameters back; and ps_update, the update every PS server applies.
 * The protocol: strategy-ps.c's top comment. */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>

#include "fastforward.h"
#include "hardware.h"
#include "metrics.h"
#include "numerics.h"
#include "ps.h"
#include "sim.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "sim-timeline.h"

static int
by_src(const void *a, const void *b)
{
	const struct msg *x = *(struct msg *const *)a;
	const struct msg *y = *(struct msg *const *)b;

	return (x->src > y->src) - (x->src < y->src);
}

void
ps_cpu(struct sim *sim, int me, int count, long len)
{
	const struct scenario *sc = sim->sc;
	int h;
	double now = simgrid_get_clock(), start;

	if (sim->cpu_of == NULL || count == 0)
		return;
	h = sim->cpu_of[me];
	start = sim->cpu_free_s[h] > now ? sim->cpu_free_s[h] : now;
	sim->cpu_free_s[h] = start + hw_cpu_batch_s(sc->strategy.server_cpu,
	    sc->strategy.apply == APPLY_EACH, count, (double)len,
	    scenario_update_bytes(sc->strategy.optimizer));
	metrics_cpu(sim->metrics, h, sim->cpu_free_s[h] - start);
	sg_actor_sleep_for(sim->cpu_free_s[h] - now);
}

/* Take count gradient messages for elements [offset, + len) on server
 * host me: sum them in worker order (so that every run sums alike) and
 * update the servers' parameters with their mean. */
void
ps_update(struct sim *sim, int me, struct msg **msgs, int count, long offset,
    long len)
{
	struct numerics *nm = sim->num;
	long lo = 0, flen = 0;
	int i;

	if (nm != NULL) {
		numerics_range(nm, offset, len, &lo, &flen);
		memset(nm->ps_acc + lo, 0, (size_t)flen * sizeof(float));
		qsort(msgs, (size_t)count, sizeof *msgs, by_src);
	}
	if (count > 0)
		sim_mark(sim, me, "apply", msgs[0]->step);
	for (i = 0; i < count; i++)
		sim_apply(sim, me, msgs[i], nm != NULL ? nm->ps_acc : NULL,
		    SIM_ADD);
	if (nm != NULL)
		numerics_ps_update(nm, lo, flen, count);
}

/* The pushes shard j has of chunk c, by worker. */
static struct msg **
pushes(const struct ps_state *st, int n, int j, int c)
{
	return st->gin + ((size_t)st->base[j] + (size_t)c) *
	    (size_t)n;
}

/* Receiver idx (of shard idx / R) sends piece c of step's parameters to
 * each of its workers, the comms into send. */
static void
reply(struct sim *sim, int idx, sg_comm_t *send, int c, int step)
{
	struct ps_state *st = sim->state;
	int R = st->receivers, j = idx / R, lo = (idx % R) * st->group;
	int g = st->np - lo < st->group ? st->np - lo : st->group, i;
	int P = st->pieces[j];

	for (i = 0; i < g; i++)
		send[i] = sim_send_data(sim, pull_mbox(sim, st->part[lo + i], j, c),
		    sim->shard_hidx[j], st->part[lo + i],
		    piece_seq(sim, j, c, step), chunk_offset(sim, j, c, P),
		    chunk_count(sim, j, c, P), sim->num != NULL ?
		    sim->num->ps_param : NULL);
}

/* Receiver r of shard j's sync server (idx = j * R + r): the pushes of
 * workers rG .. rG + G - 1 and the replies to them.  Per step, once the
 * server lets it go, it posts its receives of every chunk; for each chunk
 * in turn it waits for it from its workers, tells the server, and once
 * the server has summed it from all workers sends the new parameters
 * back without waiting, so that pulls of one chunk overlap pushes of the
 * next; then it waits for its replies to go out.  (With strategy.pull
 * "forward" it sends none until every receiver of every shard has its
 * step summed, TensorFlow's barrier at the step's end, and then sends
 * the pieces in forward order, one at a time on each connection.)  One
 * actor holding all
 * n comms of a shard pays O(n) per comm in SimGrid (a posted receive
 * scans its mailbox's queue; a finished comm leaves its actor's list),
 * O(n^2) a step: 40,000 workers took 600 s.  G workers per receiver make
 * that O(nG) (bench/RESULTS.md: 10,000 workers, 40 s a step before, 8.2 s
 * with G = 256, 5.6 s with G = 64). */
static void
ps_receiver(struct sim *sim, int idx)
{
	struct ps_state *st = sim->state;
	int R = st->receivers, j = idx / R, r = idx % R, n = st->np;
	int P = st->pieces[j], lo = r * st->group;
	int g = n - lo < st->group ? n - lo : st->group, it, step = 0, c, i;
	sg_comm_t *recv = xcalloc((size_t)g * (size_t)P, sizeof *recv);
	sg_comm_t *send = xcalloc((size_t)g * (size_t)P, sizeof *send);
	struct msg **in;

	if (scenario_open_ended(sim->sc))
		sg_actor_daemonize(sg_actor_self());	/* the workers end */
	for (it = 0; ff_step(sim->ff, it) < sim->steps; it++) {
		sg_sem_acquire(st->go[idx]);
		for (c = 0; c < P; c++) {
			in = pushes(st, n, j, c) + lo;
			for (i = 0; i < g; i++)
				recv[c * g + i] = sim_recv(push_mbox(st, j, c,
				    r), &in[i]);
		}
		for (c = 0; c < P; c++) {
			sim_wait_all(recv + c * g, (size_t)g);
			/* (a skip decided while this receiver waited moves
			 * the step it serves: fastforward.c) */
			step = ff_step(sim->ff, it);
			sg_sem_release(st->ready[j]);
			sg_sem_acquire(st->go[idx]);	/* summed */
			if (st->barrier == NULL)
				reply(sim, idx, send + c * g, c, step);
		}
		if (st->barrier == NULL) {
			sim_wait_all(send, (size_t)g * (size_t)P);
		} else {
			/* strategy.pull "forward": once every shard has the
			 * step's pushes summed, the pieces in forward order,
			 * one at a time on each worker's connection */
			sg_barrier_wait(st->barrier);
			for (c = P - 1; c >= 0; c--) {
				reply(sim, idx, send, c, step);
				sim_wait_all(send, (size_t)g);
			}
		}
		sg_sem_release(st->ready[j]);
	}
	free(recv);
	free(send);
}

/* Let shard j's R receivers go on, or wait until each has told. */
static void
receivers_go(struct ps_state *st, int j)
{
	int r;

	for (r = 0; r < st->receivers; r++)
		sg_sem_release(st->go[j * st->receivers + r]);
}

static void
receivers_wait(struct ps_state *st, int j)
{
	int r;

	for (r = 0; r < st->receivers; r++)
		sg_sem_acquire(st->ready[j]);
}

/* Shard j's server, sync: for each chunk in turn, once its receivers
 * have it from every worker, sum it and update the shard; the next step
 * starts once every reply of this one is out (ps_receiver). */
void
ps_server(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	int n = st->np, P = st->pieces[j], me = sim->shard_hidx[j];
	int it, step, w, c;
	struct msg **in;

	if (scenario_open_ended(sim->sc))
		sg_actor_daemonize(sg_actor_self());	/* the workers end */
	for (it = 0; ff_step(sim->ff, it) < sim->steps; it++) {
		receivers_go(st, j);
		for (c = 0; c < P; c++) {
			in = pushes(st, n, j, c);
			receivers_wait(st, j);
			step = ff_step(sim->ff, it);
			for (w = 0; w < n; w++) {
				assert(in[w]->step == piece_seq(sim, j, c,
				    step));
				assert(in[w]->offset ==
				    chunk_offset(sim, j, c, P));
			}
			ps_update(sim, me, in, n, chunk_offset(sim, j, c, P),
			    chunk_count(sim, j, c, P));
			ps_cpu(sim, me, n, chunk_count(sim, j, c, P));
			receivers_go(st, j);
		}
		receivers_wait(st, j);
	}
}

/* The sync servers' receivers (ps_receiver), R per shard. */
void
ps_receivers_setup(struct sim *sim)
{
	struct ps_state *st = sim->state;
	int k = sim->layout.nshards, R = st->receivers, i;
	char name[64];

	st->gin = xcalloc((size_t)st->pulls * (size_t)st->np,
	    sizeof *st->gin);
	st->ready = xcalloc((size_t)k, sizeof *st->ready);
	st->go = xcalloc((size_t)k * (size_t)R, sizeof *st->go);
	if (sim->pulled != NULL)
		st->barrier = sg_barrier_init((unsigned)(k * R));
	for (i = 0; i < k; i++)
		st->ready[i] = sg_sem_init(0);
	for (i = 0; i < k * R; i++) {
		st->go[i] = sg_sem_init(0);
		snprintf(name, sizeof name, "ps-recv-%d-%d", i / R, i % R);
		sim_spawn(sim, name, sim->shard_hidx[i / R], ps_receiver, i);
	}
}
