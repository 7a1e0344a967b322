/* ps.h: the parameter server's private header (strategy_ps), shared by
 * its files, one actor role each:
 *
 *   strategy-ps.c      the strategy: the protocol (its top comment), the
 *                      state set up and freed, run.fast_forward's skip
 *   ps-server.c        the synchronous server, its receivers, and the
 *                      update every server applies (ps_update)
 *   ps-server-async.c  the asynchronous server (async, ssp, backup), and
 *                      the replies, holds and drops it shares with the
 *                      connections
 *   ps-conn.c          with faults: a connection actor per shard and
 *                      worker, in place of the servers
 *   ps-worker.c        the worker side: the pieces (BytePS), push/pull,
 *                      buckets, local_reduce, and with faults the round
 *                      trip to the connections
 *
 * Nothing outside these files includes it. */
#ifndef PSIM_PS_H
#define PSIM_PS_H

#include <simgrid/barrier.h>

#include "message.h"
#include "sim.h"
#include "tree.h"

struct ps_state {
	int		 chunks;	/* P: pipelined rounds of pushes */
	int		*pieces;	/* per shard: P q_j pieces, q_j a
					   round (shard_pieces; else 1) */
	int		*base;		/* per shard: its first piece's index
					   among all shards' */
	int		 pulls, pushes;	/* a worker's pieces, all shards, per
					   step and per round */
	sg_mailbox_t	*shard_mbox;	/* per shard, chunk and receiver:
					   [(j * P + c) * R + w / G] */
	int		 receivers;	/* R per shard (sync: ceil(n / G)) */
	int		 group;		/* G: the workers of a receiver */
	struct msg	**gin;		/* sync, [(j * P + c) * n + w]: the
					   pushes shard j has of chunk c */
	sg_sem_t	*ready;		/* sync, per shard: a receiver has
					   its chunk, or its replies sent */
	sg_sem_t	*go;		/* sync, [j * R + r]: receiver r may
					   go on */
	sg_comm_t	*comms;		/* per worker: k P pulls + k pushes */
	struct msg	**in;		/* per worker: k P */
	long		*version;	/* per shard: updates applied */
	long		*pulled;	/* [j * n + w]: version w last pulled */
	long		 sampled;	/* the least version last sampled */
	/* With faults, one connection actor per shard and worker: */
	sg_mailbox_t	*conn_mbox;	/* [j * n + w] */
	long		*wver;		/* [w * k + j]: version w pulled */
	int		*got;		/* sync, per shard: gradients in */
	struct msg	**pending;	/* sync, [j * n + i] */
	char		*contributed;	/* sync, [j * n + w] */
	sg_mailbox_t	*reply_to;	/* sync, [j * n + w] */
	int		*held;		/* ssp, [j * n + w] */
	long		*save_version;	/* async, ssp, per shard: the version */
	long		*save_applied;	/* a saver sends, and applied_total */
	/* The sync PS's participants: every worker, or with local_reduce
	 * each machine's first GPU. */
	int		 np;
	int		*part;		/* np: participant p's worker */
	int		*pidx;		/* per worker: its participant, or
					   -1 */
	struct groups	 g;		/* local_reduce: the machines */
	sg_mailbox_t	*tree_mbox;	/* per worker: 2 * levels rounds */
	/* With buckets: piece base[j] + c of shard j is bucket
	 * pbucket[...]'s share of it (layout's piece table, its empty
	 * pieces left out), in bucket order. */
	int		*pbucket;
	long		*poff, *pcnt;
	int		*posted;	/* per worker: the step's pulls posted
					   so far */
	/* strategy.pull "forward": */
	int		*bfirst;	/* [b]: bucket b's first pull among a
					   worker's comms (the same for every
					   worker), [nb] the end */
	sg_bar_t	 barrier;	/* the step's: every receiver of every
					   shard has its pushes summed */
	sg_mailbox_t	*pull_mbox;	/* [w * pulls + base[j] + c]: piece c
					   of shard j for worker w, so that a
					   bucket's wait takes its own */
};

/* Piece c of shard j (of P): an even cut of the shard, or with buckets
 * a bucket's share. */
static inline long
chunk_offset(const struct sim *sim, int j, int c, int P)
{
	const struct ps_state *st = sim->state;

	if (st->poff != NULL)
		return st->poff[st->base[j] + c];
	return sim->layout.shard_offset[j] +
	    sim_part_offset(sim->layout.shard_count[j], P, c);
}

static inline long
chunk_count(const struct sim *sim, int j, int c, int P)
{
	const struct ps_state *st = sim->state;

	if (st->pcnt != NULL)
		return st->pcnt[st->base[j] + c];
	return sim_part_count(sim->layout.shard_count[j], P, c);
}

/* The tag of piece c of shard j in a step: the step, or with buckets
 * the bucket's exchange (step * buckets + bucket). */
static inline int
piece_seq(const struct sim *sim, int j, int c, int step)
{
	const struct ps_state *st = sim->state;

	return st->pbucket == NULL ? step : step * sim->layout.nbuckets +
	    st->pbucket[st->base[j] + c];
}

/* The mailbox of shard j's receiver r for chunk c (a worker w pushes to
 * receiver w / G). */
static inline sg_mailbox_t
push_mbox(const struct ps_state *st, int j, int c, int r)
{
	return st->shard_mbox[(st->base[j] + c) * st->receivers + r];
}

/* Where worker w takes piece c of shard j: its inbox, or with
 * strategy.pull "forward" the piece's own. */
static inline sg_mailbox_t
pull_mbox(const struct sim *sim, int w, int j, int c)
{
	const struct ps_state *st = sim->state;

	return st->pull_mbox == NULL ? sim->worker_mbox[w] :
	    st->pull_mbox[(size_t)w * (size_t)st->pulls + (size_t)st->base[j] +
	    (size_t)c];
}

/* ps-server.c: update shard data on server host me with the mean of
 * count gradients (in worker order); start the sync servers' receivers;
 * shard j's sync server (an actor). */
void ps_update(struct sim *, int me, struct msg **msgs, int count,
    long offset, long len);
/* strategy.server_cpu (psim-scenario(5), HOST COSTS): host me's CPU
 * takes a batch of count pushes of len elements once it is through the
 * batches before (one after another on a machine), and the calling
 * server waits until it is; a no-op without a server CPU.  Called once
 * the server's state has the batch (its version moved on), before its
 * replies. */
void ps_cpu(struct sim *, int me, int count, long len);
void ps_receivers_setup(struct sim *);
void ps_server(struct sim *, int j);

/* ps-server-async.c: the version every shard has reached; the loss
 * sampled once every shard has another step (per_step updates); reply
 * to worker w with shard j (to mailbox to, or its inbox); ssp's release
 * of held workers; backup's drop of a stale gradient; async's apply of
 * one; shard j's async, ssp or backup server (an actor). */
long ps_least_version(const struct sim *);
void ps_sample(struct sim *, int per_step);
void ps_reply_to(struct sim *, int j, int w, sg_mailbox_t to);
void ps_reply(struct sim *, int j, int w);
void ps_release(struct sim *, int j, int *held, const sg_mailbox_t *to);
void ps_drop(struct sim *, int j, struct msg *m);
void ps_apply(struct sim *, int j, struct msg *m);
void ps_server_async(struct sim *, int j);

/* ps-conn.c: with faults, the connection of shard idx / n to worker
 * idx % n (an actor). */
void ps_conn(struct sim *, int idx);

/* ps-worker.c: the pieces of each shard (st->pieces, base, pulls,
 * pushes, and with buckets their table); worker w's exchange seq of
 * [lo, lo + len) (strategy->exchange); a replacement's join. */
void ps_shard_pieces(const struct sim *, struct ps_state *);
void ps_exchange(struct sim *, int w, int seq, long lo, long len);
void ps_pull(struct sim *, int w, int step);
void ps_join(struct sim *, int w);

#endif
