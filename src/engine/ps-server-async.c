/* ps-server-async.c: the parameter server's shards for strategy.sync
 * async (Downpour), ssp and backup, without faults: a server actor per
 * shard with a receive always posted for each worker, each gradient
 * handled as it arrives.  Its replies, ssp's holds, backup's drops and
 * async's apply serve the fault-tolerant connections too (ps-conn.c).
 * The protocol: strategy-ps.c's top comment. */
#include "config.h"

#include <simgrid/engine.h>

#include "metrics.h"
#include "numerics.h"
#include "ps.h"
#include "sim.h"
#include "xmalloc.h"
#include "message.h"

/* The version every shard has reached. */
long
ps_least_version(const struct sim *sim)
{
	const struct ps_state *st = sim->state;
	long least = st->version[0];
	int j;

	for (j = 1; j < sim->layout.nshards; j++) {
		if (st->version[j] < least)
			least = st->version[j];
	}
	return least;
}

/* The loss of the servers' parameters, once every shard has applied the
 * updates of another step (for async and ssp: n gradients). */
void
ps_sample(struct sim *sim, int per_step)
{
	struct ps_state *st = sim->state;
	long least = ps_least_version(sim);

	if (sim->num == NULL)
		return;
	if (least % per_step == 0 && least > st->sampled) {
		st->sampled = least;
		numerics_sample(sim->num, sim, (double)(least / per_step),
		    sim->num->ps_param, simgrid_get_clock());
	}
}

/* Send worker w shard j as it is now, tagged with its version, without
 * waiting, to mailbox to. */
void
ps_reply_to(struct sim *sim, int j, int w, sg_mailbox_t to)
{
	struct ps_state *st = sim->state;

	st->pulled[(size_t)j * sim->nworkers + w] = st->version[j];
	sim_send_detached(sim, to, sim->shard_hidx[j], w,
	    (int)st->version[j], sim->layout.shard_offset[j],
	    sim->layout.shard_count[j],
	    sim->num != NULL ? sim->num->ps_param : NULL);
}

void
ps_reply(struct sim *sim, int j, int w)
{
	ps_reply_to(sim, j, w, sim->worker_mbox[w]);
}

/* ssp: reply to every held worker that is no more than s clocks ahead of
 * the slowest one, or has no step left (to[w] if given: the inbox of the
 * worker that pushed, so that a replacement never gets its reply). */
void
ps_release(struct sim *sim, int j, int *held, const sg_mailbox_t *to)
{
	const long *clock = sim->clock + (size_t)j * sim->nworkers;
	long least = clock[0];
	int n = sim->nworkers, w;

	for (w = 1; w < n; w++) {
		if (clock[w] < least)
			least = clock[w];
	}
	/* no step left: its own steps done, or with faults (where a worker
	 * runs until the servers have all the gradients) the job's */
	for (w = 0; w < n; w++) {
		if (held[w] && (clock[w] - least <=
		    sim->sc->strategy.staleness || (sim->sc->faults.on ?
		    sim->applied_total >= (long)n * sim->steps :
		    clock[w] >= sim->steps))) {
			held[w] = 0;
			if (to != NULL)
				ps_reply_to(sim, j, w, to[w]);
			else
				ps_reply(sim, j, w);
		}
	}
}

/* backup: a gradient computed on parameters older than shard j's is
 * dropped (counted), and its worker gets the shard as it is now; sync
 * under faults: a push past the job's last step, likewise, not counted
 * (ps_conn). */
void
ps_drop(struct sim *sim, int j, struct msg *m)
{
	int w = m->src;

	sim_received(sim, sim->shard_hidx[j], m);
	if (sim->sc->strategy.sync == SYNC_BACKUP)
		metrics_dropped(sim->metrics, 1.0 / sim->layout.nshards);
	ps_reply(sim, j, w);
}

/* async, ssp: worker m->src's gradient applied to shard j as it comes,
 * with its staleness; the worker's clock on the shard advances. */
void
ps_apply(struct sim *sim, int j, struct msg *m)
{
	struct ps_state *st = sim->state;
	size_t jw = (size_t)j * (size_t)sim->nworkers + (size_t)m->src;

	if (j == 0) {
		metrics_staleness(sim->metrics,
		    st->version[j] - st->pulled[jw]);
		metrics_applied(sim->metrics);
		sim->applied_total++;
	}
	ps_update(sim, sim->shard_hidx[j], &m, 1, sim->layout.shard_offset[j],
	    sim->layout.shard_count[j]);
	st->version[j]++;
	sim->clock[jw]++;
}

/* Shard j's server for async, ssp and backup: n receives always posted,
 * each gradient handled as it arrives. */
void
ps_server_async(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	const struct scenario *sc = sim->sc;
	int n = sim->nworkers, me = sim->shard_hidx[j], i, w, a = 0;
	int quorum = n - sc->strategy.backup;
	sg_comm_t *recv = xcalloc((size_t)n, sizeof *recv);
	struct msg **in = xcalloc((size_t)n, sizeof *in), *m;
	struct msg **acc = xcalloc((size_t)n, sizeof *acc);
	int *held = xcalloc((size_t)n, sizeof *held);
	int *who = xcalloc((size_t)n, sizeof *who);
	long off = sim->layout.shard_offset[j];
	long count = sim->layout.shard_count[j];

	sg_actor_daemonize(sg_actor_self());	/* serves until the end */
	for (i = 0; i < n; i++)
		recv[i] = sim_recv(push_mbox(st, j, 0, 0), &in[i]);
	for (;;) {
		i = (int)sg_comm_wait_any(recv, (size_t)n);
		m = in[i];
		recv[i] = sim_recv(push_mbox(st, j, 0, 0), &in[i]);
		w = m->src;
		if (sc->strategy.sync == SYNC_BACKUP) {
			if (m->step < st->version[j] ||
			    st->version[j] >= sim->steps) {
				ps_drop(sim, j, m);
				continue;
			}
			who[a] = w;
			acc[a++] = m;
			if (j == 0)
				metrics_staleness(sim->metrics, 0);
			if (a < quorum)
				continue;
			ps_update(sim, me, acc, a, off, count);
			st->version[j]++;
			if (j == 0)
				metrics_applied(sim->metrics);
			ps_cpu(sim, me, a, count);
			for (i = 0; i < a; i++)
				ps_reply(sim, j, who[i]);
			a = 0;
			ps_sample(sim, 1);
			continue;
		}
		ps_apply(sim, j, m);
		ps_cpu(sim, me, 1, count);
		ps_sample(sim, n);
		if (sc->strategy.sync == SYNC_SSP) {
			held[w] = 1;
			ps_release(sim, j, held, NULL);
		} else
			ps_reply(sim, j, w);
	}
}
