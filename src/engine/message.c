/* message.c: the message layer every protocol sends through.  A message
 * is a struct msg in a SimGrid mailbox; the byte ledgers (metrics.c) are
 * kept here, on the way out and on the way in, so that each is counted
 * once by the side that saw it, and with numerics on the message carries
 * a copy of the floats it stands for. */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>

#include "comm-rate.h"
#include "hardware.h"
#include "message.h"
#include "metrics.h"
#include "sim.h"
#include "sim-timeline.h"
#include "xmalloc.h"
#include "numerics.h"

long
sim_part_offset(long len, int n, int i)
{
	return layout_part_offset(len, n, i);
}

long
sim_part_count(long len, int n, int i)
{
	return layout_part_count(len, n, i);
}

/* After sim->generation restarts a job's mailboxes have fresh names, so
 * no message of the old job can reach the new one. */
sg_mailbox_t
sim_mailbox(const struct sim *sim, const char *prefix, int i)
{
	char name[64];

	if (sim->generation > 0)
		snprintf(name, sizeof name, "%s%s-%d.%d", sim->mbox_prefix,
		    prefix, i, sim->generation);
	else
		snprintf(name, sizeof name, "%s%s-%d", sim->mbox_prefix,
		    prefix, i);
	return sg_mailbox_by_name(name);
}

void
sim_new_generation(struct sim *sim)
{
	int w;

	sim->generation++;
	for (w = 0; w < sim->nworkers; w++)
		sim->worker_mbox[w] = sim_mailbox(sim, "worker", w);
}

void
sim_new_incarnation(struct sim *sim, int w)
{
	char name[64];

	snprintf(name, sizeof name, "%sworker-%d.r%d", sim->mbox_prefix, w,
	    ++sim->rejoin[w]);
	sim->worker_mbox[w] = sg_mailbox_by_name(name);
}

/* The data of a worker's own actors (worker.c's worker_main and
 * comm_main), once spawn_main has freed their start-up data: a PS
 * message they send is a push, one the others send a pull. */
static char worker_tag;

void
sim_tag_worker_actor(void)
{
	sg_actor_set_data(sg_actor_self(), &worker_tag);
}

/* A message carrying count elements from offset, bytes on the wire. */
static struct msg *
message(struct sim *sim, int src, int dst, int step, long offset, long count,
    double bytes, const float *base)
{
	struct msg *m = xmalloc(sizeof *m);
	long lo, len;

	m->src = src;
	m->step = step;
	m->offset = offset;
	m->count = count;
	m->bytes = bytes;
	m->wire = sim_local_free(sim, src, dst) ? 0 : bytes;
	m->posted_s = simgrid_get_clock();
	m->src_tid = sim_timeline_sender(sim, src);
	m->from_worker = sg_actor_self_get_data() == &worker_tag;
	m->round = src < sim->nworkers ? sim->round[src] : -1;
	m->data = NULL;
	if (sim->num != NULL && base != NULL) {
		numerics_range(sim->num, offset, count, &lo, &len);
		m->data = xmalloc((size_t)(len > 0 ? len : 1) * sizeof(float));
		memcpy(m->data, base + lo, (size_t)len * sizeof(float));
	}
	metrics_sent(sim->metrics, src, dst, m->bytes);
	return m;
}

static void
free_msg(void *p)
{
	struct msg *m = p;

	free(m->data);
	free(m);
}

int
sim_pays_latency(const struct scenario *sc)
{
	return sc->network == NET_IDEAL &&
	    sc->cluster.topology == TOPO_PLATFORM;
}

/* With SimGrid's latency factor 0 (engine_init), the sender waits out
 * the route's latency before the transfer starts, as SimGrid would have
 * before giving it bandwidth.  The messages an actor posts at one
 * instant share that wait: each starts a route latency after the first
 * (a PS worker's k pushes start together), unless an earlier one waited
 * longer.  The cost: an asynchronous sender's next computation starts a
 * latency later too. */
static void
pay_latency(struct sim *sim, int src, int dst)
{
	const int *links;
	double now = simgrid_get_clock(), lat = 0;
	long pid = (long)sg_actor_self_get_pid();
	int i, len;

	if (!sim->pays_latency || src == dst)
		return;
	len = metrics_route(sim->metrics, src, dst, &links);
	for (i = 0; i < len; i++)
		lat += sim->link_lat[links[i]];
	if (pid >= sim->lat_cap) {
		i = (int)sim->lat_cap;
		sim->lat_cap = 2 * pid + 64;
		sim->lat_base = xreallocarray(sim->lat_base,
		    (size_t)sim->lat_cap, sizeof *sim->lat_base);
		sim->lat_end = xreallocarray(sim->lat_end,
		    (size_t)sim->lat_cap, sizeof *sim->lat_end);
		for (; i < sim->lat_cap; i++)
			sim->lat_base[i] = sim->lat_end[i] = -1;
	}
	if (now != sim->lat_end[pid])
		sim->lat_base[pid] = now;
	if (sim->lat_base[pid] + lat > now)
		sg_actor_sleep_until(sim->lat_base[pid] + lat);
	sim->lat_end[pid] = simgrid_get_clock();
}

/* Whether a message from host src to host dst crosses the network: two
 * hosts, and on a multi-GPU cluster two machines. */
static int
crosses_network(const struct sim *sim, int src, int dst)
{
	return sim_between_machines(sim->hosts[src].host, sim->hosts[dst].host);
}

/* Put m in mbox: a comm to wait for, or detached (NULL): the message is
 * then the receiver's, or freed if the comm fails. */
static sg_comm_t
post(struct sim *sim, sg_mailbox_t mbox, struct msg *m, int dst,
    int detached)
{
	const struct scenario *sc = sim->sc;
	sg_comm_t comm;
	double cap;

	pay_latency(sim, m->src, dst);
	comm = sg_mailbox_put_init(mbox, m, (long)m->wire);
	/* network.flow_cap, and network.transport's rate for a message of
	 * its size: what one connection's software moves */
	if ((sc->flow_cap_Bps > 0 || sc->transport_rate.n > 0) &&
	    crosses_network(sim, m->src, dst) && (cap = hw_flow_cap(
	    &sc->transport_rate, sc->flow_cap_Bps, m->bytes)) > 0)
		comm_set_rate(comm, cap);
	if (!detached)
		return comm_start(comm);
	sg_comm_detach(comm, free_msg);
	return NULL;
}

sg_comm_t
sim_send_data(struct sim *sim, sg_mailbox_t mbox, int src, int dst, int step,
    long offset, long count, const float *base)
{
	return post(sim, mbox, message(sim, src, dst, step, offset, count,
	    sim_bytes(sim, count), base), dst, 0);
}

void
sim_send_detached(struct sim *sim, sg_mailbox_t mbox, int src, int dst,
    int step, long offset, long count, const float *base)
{
	post(sim, mbox, message(sim, src, dst, step, offset, count,
	    sim_bytes(sim, count), base), dst, 1);
}

sg_comm_t
sim_send_bytes(struct sim *sim, sg_mailbox_t mbox, int src, int dst,
    int step, double bytes, int detached)
{
	return post(sim, mbox, message(sim, src, dst, step, 0, 0, bytes,
	    NULL), dst, detached);
}

double
sim_bytes(const struct sim *sim, long count)
{
	return (double)count * sim->layout.elem_bytes;
}

sg_comm_t
sim_send_sized(struct sim *sim, sg_mailbox_t mbox, int src, int dst,
    int step, long offset, long count, double bytes)
{
	return post(sim, mbox, message(sim, src, dst, step, offset, count,
	    bytes, sim->num != NULL ? sim->num->grad[src] : NULL), dst, 0);
}

sg_comm_t
sim_send(struct sim *sim, sg_mailbox_t mbox, int src, int dst, int step,
    long offset, long count)
{
	return sim_send_sized(sim, mbox, src, dst, step, offset, count,
	    sim_bytes(sim, count));
}

sg_comm_t
sim_recv(sg_mailbox_t mbox, struct msg **slot)
{
	return sg_mailbox_get_async(mbox, (void **)slot);
}

void
sim_received(struct sim *sim, int dst, struct msg *m)
{
	metrics_received(sim->metrics, m->src, dst, m->bytes,
	    !sim_local_free(sim, m->src, dst));
	if (sim->timeline != NULL)
		sim_timeline_message(sim, dst, m);
	free_msg(m);
}

void
sim_apply(struct sim *sim, int dst, struct msg *m, float *base,
    enum sim_op op)
{
	long lo, len, i;

	if (m->data != NULL && base != NULL && op != SIM_DROP) {
		numerics_range(sim->num, m->offset, m->count, &lo, &len);
		if (op == SIM_ADD) {
			for (i = 0; i < len; i++)
				base[lo + i] += m->data[i];
		} else
			memcpy(base + lo, m->data, (size_t)len * sizeof(float));
	}
	sim_received(sim, dst, m);
}

void
sim_take(struct sim *sim, int dst, struct msg *m, enum sim_op op)
{
	sim_apply(sim, dst, m, sim->num != NULL ? sim->num->grad[dst] : NULL,
	    op);
}

void
sim_wait_all(sg_comm_t *comms, size_t n)
{
	sg_comm_wait_all(comms, n);
}

long
sim_exchange(struct sim *sim, int w, int peer, int step, sg_mailbox_t to,
    sg_mailbox_t from, long offset, long count, long expect_offset,
    enum sim_op op)
{
	sg_comm_t comms[2];
	struct msg *in;
	long got;

	comms[0] = sim_send(sim, to, w, peer, step, offset, count);
	comms[1] = sim_recv(from, &in);
	sim_wait_all(comms, 2);
	assert(in->step == step && in->src == peer);
	assert(expect_offset < 0 || in->offset == expect_offset);
	got = in->count;
	sim_take(sim, w, in, op);
	return got;
}

void
sim_send_wait(struct sim *sim, int w, int peer, int step, sg_mailbox_t to,
    long offset, long count)
{
	sg_comm_t c = sim_send(sim, to, w, peer, step, offset, count);

	sim_wait_all(&c, 1);
}

long
sim_recv_wait(struct sim *sim, int w, int step, sg_mailbox_t from,
    long expect_offset, enum sim_op op)
{
	struct msg *in;
	sg_comm_t c = sim_recv(from, &in);
	long got;

	sim_wait_all(&c, 1);
	assert(in->step == step);
	assert(expect_offset < 0 || in->offset == expect_offset);
	got = in->count;
	sim_take(sim, w, in, op);
	return got;
}

sg_mailbox_t *
sim_round_mailboxes(const struct sim *sim, const char *prefix, int n,
    int rounds)
{
	sg_mailbox_t *m = xcalloc((size_t)n * (size_t)rounds, sizeof *m);
	int i;

	for (i = 0; i < n * rounds; i++)
		m[i] = sim_mailbox(sim, prefix, i);
	return m;
}
