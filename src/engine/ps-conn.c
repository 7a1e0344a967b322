/* ps-conn.c: the parameter server under faults.  Its shards are served
 * by one connection actor per shard and worker (ps_conn) in place of
 * ps-server.c's and ps-server-async.c's servers, because code that may
 * see a dead peer waits on one comm at a time (HACKING.md); the workers'
 * side is ps-worker.c's round trip. */
#include "config.h"

#include <assert.h>

#include <simgrid/engine.h>

#include "fastforward-async.h"
#include "metrics.h"
#include "ps.h"
#include "recovery.h"
#include "sim.h"
#include "message.h"
#include "worker.h"

/* With faults, at a server's first update once the run is past its end
 * (sim_past_end): the job's steps become those under way, which the
 * workers have begun and finish: sync's and backup's the newest version
 * of any shard, async's and ssp's the gradients applied in whole steps
 * of n, rounded up.  The job ends once the servers have them (ps_conn). */
static void
cut(struct sim *sim, int stepped)
{
	struct ps_state *st = sim->state;
	long steps = 0, n = sim->nworkers;
	int j;

	if (!sim_past_end(sim))
		return;
	for (j = 0; stepped && j < sim->layout.nshards; j++) {
		if (st->version[j] > steps)
			steps = st->version[j];
	}
	if (!stepped)
		steps = (sim->applied_total + n - 1) / n;
	if (steps < sim->steps) {
		sim->steps = (int)steps;
		metrics_end(sim->metrics, sim->steps);
	}
}

/* Shard j's share of a checkpoint's bytes. */
static double
share(const struct sim *sim, int j)
{
	return sim->sc->faults.ckpt_bytes * (double)sim->layout.shard_count[j] /
	    (double)sim->layout.elements;
}

/* async and ssp: shard j's share of a checkpoint at the version it has
 * now, sent by an actor of its own on the shard's host while the shard
 * goes on serving.  The gradient that brings the version to a multiple
 * of every n is whichever of the pushes that arrive at one instant the
 * shard applies first; had the checkpoint held that worker's reply, the
 * run's times would hang on the order of simultaneous pushes, which is
 * SimGrid's and not the protocol's (issue 37).  A PS's saver does not
 * hold one worker's update either (TensorFlow's Saver runs on the
 * chief, reading the variables).  The numbers are taken now, the
 * checkpoint counts once its bytes are at the storage host. */
static void
saver(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;
	long version = st->save_version[j], applied = st->save_applied[j];
	double t = recovery_checkpoint(sim, sim->shard_hidx[j], j,
	    share(sim, j));

	if (j == 0) {
		sim->fstats.checkpoint_s += t;
		sim->fstats.saved_beside_s += t;
	}
	recovery_ps_checkpointed(sim, j, version, applied, 0);
	sim->saving--;
}

static void
save(struct sim *sim, int j)
{
	struct ps_state *st = sim->state;

	st->save_version[j] = st->version[j];
	st->save_applied[j] = sim->applied_total;
	recovery_ps_capture(sim, j);
	sim->saving++;
	sim->last_save_s = simgrid_get_clock();
	ffa_checkpoint(sim, j);
	sim_spawn(sim, "ps-saver", sim->shard_hidx[j], saver, j);
}

/* With faults: the connection of shard j (idx / n) to worker w (idx % n)
 * on the shard's host.  A push that fails on the wire (its worker died)
 * is lost.  sync and backup take a step's gradients until they have
 * their quorum (n, or n - b) and reply to those who gave them; backup
 * drops a gradient of an older version and replies at once.  async and
 * ssp apply each gradient and reply (ssp holds the reply while that
 * worker is too far ahead).  A replacement's join gets the shard at
 * once, unless its slot already gave this step its gradient: then the
 * step's reply goes to the replacement.  The servers checkpoint their
 * shards every faults.checkpoint.every steps (async and ssp: that many
 * times n gradients, sent by a saver of their own). */
void
ps_conn(struct sim *sim, int idx)
{
	struct ps_state *st = sim->state;
	const struct scenario *sc = sim->sc;
	int n = sim->nworkers, j = idx / n, w = idx % n, i, got;
	int me = sim->shard_hidx[j], every = sc->faults.checkpoint_every;
	int stepped = sc->strategy.sync == SYNC_SYNC ||
	    sc->strategy.sync == SYNC_BACKUP;
	int quorum = n - sc->strategy.backup;
	long off = sim->layout.shard_offset[j];
	long count = sim->layout.shard_count[j], least;
	struct msg *m, **pending = st->pending + (size_t)j * n;
	char *contributed = st->contributed + (size_t)j * n;
	sg_mailbox_t *to = st->reply_to + (size_t)j * n;
	double t;

	sg_actor_daemonize(sg_actor_self());
	for (;;) {
		if (sg_comm_wait(sim_recv(st->conn_mbox[idx], &m)) != SG_OK)
			continue;
		if (m->count == 0 && m->step < 0) {
			sim_received(sim, me, m);
			st->held[(size_t)j * n + w] = 0;
			if (sc->strategy.sync == SYNC_SSP) {
				/* the slot's clock stays: held like a push */
				to[w] = sim->worker_mbox[w];
				st->held[(size_t)j * n + w] = 1;
				ps_release(sim, j, st->held + (size_t)j * n,
				    to);
			} else if (stepped && contributed[w])
				to[w] = sim->worker_mbox[w];
			else
				ps_reply(sim, j, w);
			continue;
		}
		/* backup: a gradient of an older version; sync: a
		 * replacement's push of the step after the job's last to a
		 * shard that finished it, its predecessor's pushes having
		 * reached this shard and not another before it died (the
		 * others still wait for that step).  The worker gets the
		 * shard as it is, and stops once every shard has the last
		 * step. */
		if (stepped && (m->step < st->version[j] ||
		    st->version[j] >= sim->steps)) {
			assert(sc->strategy.sync == SYNC_BACKUP ||
			    (st->version[j] >= sim->steps &&
			    m->step == st->version[j]));
			ps_drop(sim, j, m);
			continue;
		}
		/* the inbox of the worker that pushed (a replacement has
		 * another) */
		to[w] = sim->worker_mbox[w];
		if (stepped) {
			assert(m->step == st->version[j] && !contributed[w]);
			pending[st->got[j]++] = m;
			contributed[w] = 1;
			if (j == 0)
				metrics_staleness(sim->metrics, 0);
			if (st->got[j] < quorum)
				continue;
			got = st->got[j];
			ps_update(sim, me, pending, got, off, count);
			st->got[j] = 0;
			st->version[j]++;
			if (j == 0)
				metrics_applied(sim->metrics);
			ps_cpu(sim, me, got, count);
		} else {
			ps_apply(sim, j, m);
			ps_cpu(sim, me, 1, count);
		}
		if (every > 0 && stepped && st->version[j] % every == 0) {
			/* the shard's share of a checkpoint, before the
			 * replies: every worker of the step waits for it */
			t = recovery_checkpoint(sim, me, j, share(sim, j));
			if (j == 0)
				sim->fstats.checkpoint_s += t;
			recovery_ps_checkpointed(sim, j, st->version[j],
			    sim->applied_total, 1);
		} else if (every > 0 && !stepped &&
		    st->version[j] % ((long)every * n) == 0)
			save(sim, j);
		for (i = 0; stepped && i < n; i++) {
			if (contributed[i])
				ps_reply_to(sim, j, i, to[i]);
			contributed[i] = 0;
		}
		if (sc->strategy.sync == SYNC_SSP) {
			st->held[(size_t)j * n + w] = 1;
			ps_release(sim, j, st->held + (size_t)j * n, to);
		} else if (!stepped)
			ps_reply_to(sim, j, w, to[w]);
		ps_sample(sim, stepped ? 1 : n);
		cut(sim, stepped);
		least = ps_least_version(sim);
		sim->steps_done = stepped ? (int)least :
		    (int)(sim->applied_total / n);
		if (stepped ? least >= sim->steps :
		    sim->applied_total >= (long)n * sim->steps)
			recovery_job_done(sim);
	}
}
