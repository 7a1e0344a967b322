/* sim.h: one simulation run on SimGrid.  sim.c sets up the engine and the
 * platform, places the roles on hosts, runs the workers' step loop and
 * hands each strategy the pieces it needs: hosts, mailboxes and a message
 * layer that keeps the byte ledgers. */
#ifndef PSIM_SIM_H
#define PSIM_SIM_H

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/semaphore.h>

#include "faults.h"
#include "layout.h"
#include "numerics.h"
#include "results.h"
#include "rng.h"
#include "scenario.h"
#include "shape.h"
#include "strategy.h"

struct metrics;
struct recovery;
struct results;
struct timeline;

/* What a fault controller does at the engine's points (recovery.c
 * registers them with recovery_attach; NULL without faults): an
 * all-reduce worker (re)starts, worker 0 has done steps, the job has its
 * steps, the simulation is freed. */
struct sim_hooks {
	void		 (*restore)(struct sim *, int w);
	void		 (*step_done)(struct sim *, int steps);
	void		 (*job_done)(struct sim *);
	void		 (*release)(struct sim *);
};

/* A message on the wire.  offset and count say which elements of the
 * flat gradient it carries; data is NULL while payloads are virtual (sizes
 * only) and will hold those count floats when numerics are on.  The
 * sender allocates it, the receiver frees it with sim_received(). */
struct msg {
	int		 src;		/* sender's host index */
	int		 step;
	long		 offset;
	long		 count;
	double		 bytes;
	double		 wire;		/* what SimGrid moves: bytes, or 0
					   between actors of one host of a
					   platform file (sim_local_free) */
	double		 posted_s;	/* simulated s when sent: --timeline */
	int		 from_worker;	/* sent by a worker's own actor */
	int		 round;		/* all-reduce: the round of its step's
					   exchange it is sent in, or -1 */
	float		*data;
};

/* A host psim gives a role to. */
struct sim_host {
	char		*name;
	sg_host_t	 host;
	int		 worker;	/* worker rank, or -1 */
	int		 server;	/* dedicated server rank, or -1 */
	int		 shards;	/* PS shards it holds */
};

struct sim {
	const struct scenario *sc;
	const struct strategy *strategy;

	int		 nworkers;
	int		 nservers;	/* dedicated server hosts */
	int		 nhosts;	/* workers first, then servers */
	struct sim_host	*hosts;

	/* The gradient's layout (layout.h, which the closed form reads
	 * too): its elements, the PS shards, the buckets, the layers'
	 * shares of the compute. */
	struct layout	 layout;
	double		*compute_flops;	/* per worker per step */
	double		*slow_factor;	/* per worker: stragglers, >= 1 */
	struct rng	*rng;		/* per worker: compute jitter */

	/* Gradient buckets (Horovod's tensor fusion, PyTorch DDP's
	 * buckets, layout.nbuckets of them): each worker's comm actor
	 * reduces them in order while its compute actor goes on with
	 * backprop. */
	sg_sem_t	*ready;		/* per worker: buckets ready */
	sg_sem_t	*done;		/* per worker: step reduced */

	sg_mailbox_t	*worker_mbox;	/* one inbox per worker */
	/* all-reduce, per worker: the round of the exchange its sends are
	 * in (-1 out of one), and where the pattern under way numbers its
	 * rounds from (sim_round) */
	int		*round;
	int		*round_base;

	/* PS: shard j of the layout is on host shard_hidx[j]. */
	int		*shard_hidx;	/* host index of each shard */
	long		*version;	/* ps, per worker: the oldest parameter
					   version of its last pull */
	long		*clock;		/* ps, [shard * n + worker]: the
					   worker's gradients applied there */
	/* What the closed form knows of the cluster (shape.h): on a
	 * generated one its groups (rack_of: each host's rack or machine,
	 * or NULL), on a platform file its links and routes (metrics'). */
	struct cluster_facts facts;
	double		*link_lat;	/* a platform file: each link's */
	/* the ideal network on a platform file: psim pays each message's
	 * route latency (pay_latency in sim.c); per actor pid, when its
	 * last such wait began and ended */
	int		 pays_latency;
	double		*lat_base, *lat_end;
	long		 lat_cap;

	/* Faults (recovery.c): the storage host's index (-1: no faults),
	 * the schedule the controller plays, what it counted. */
	int		 storage;
	struct fault_schedule *schedule;
	int		 faults_over;	/* no fault left to draw: the run
					   waits for no run.min_fault_events */
	struct fault_stats fstats;
	const struct sim_hooks *hooks;	/* NULL without faults */
	struct recovery	*rec;		/* the controller's state */
	int		 start_down;	/* the controller starts the job */
	int		 generation;	/* all-reduce restarts: fresh names */
	int		 start_step;	/* all-reduce: where a start begins */
	int		 checkpoint_step; /* the last checkpoint's step */
	int		 steps_done;	/* all-reduce: by worker 0 */
	int		 steps;		/* all-reduce: the job's steps, run.steps
					   until run.duration passes */
	int		 begun;		/* all-reduce: steps any worker began */
	int		*members;	/* elastic: the ring's workers, in order */
	int		 checkpointed;	/* a checkpoint exists to restore */
	char		*need_state;	/* all-reduce, per worker: to be sent
					   the model when it (re)starts */
	int		 nmembers;
	long		*ckpt_version;	/* ps, per shard: its checkpoint's */
	long		 ckpt_applied;	/* ps async: shard 0's at it */
	int		*rejoin;	/* per worker: a replacement, to join */
	long		*local_step;	/* per worker, across replacements */
	long		 applied_total;	/* async: gradients applied, shard 0 */
	sg_sem_t	 job_done;
	int		 live_workers;	/* worker actors alive */
	int		 workers_done;	/* worker loops run to their end */
	sg_actor_t	*worker_actor;	/* per worker while it runs, or NULL */
	sg_sem_t	 worker_exit;	/* released as each one ends */

	char		 mbox_prefix[24]; /* a job of several: "job<i>:",
					   before every mailbox name */
	void		*state;		/* the strategy's own */
	struct metrics	*metrics;
	struct timeline	*timeline;	/* --timeline: NULL without */
	struct ff	*ff;		/* run.fast_forward: NULL where it
					   does not apply */
	double		 next_fault_s;	/* the fault controller's next
					   event, or INFINITY */
	double		 last_fault_s;	/* the last it played, or -INFINITY */
	struct numerics	*num;		/* NULL: sizes only */
};

/* Whether a message between two actors on one host is memory traffic,
 * free, rather than SimGrid's route from the host to itself: on a
 * platform file, whose hosts may have no loopback (a <cluster> without
 * one routes a host to itself over its own NIC).  The generated clusters
 * give every host a 1 Tbps loopback instead. */
int sim_local_free(const struct sim *, int src, int dst);
/* The ideal network on a platform file: psim, not SimGrid, pays each
 * message's route latency, so that flows share links fairly. */
int sim_pays_latency(const struct scenario *);

/* run.duration and run.min_fault_events: whether the run is past its
 * end, the clock at or past the duration and the faults seen at least
 * that many (either 0 when not given); never for a run of steps alone.
 * No step begins after it: the workers stop, all-reduce's and a sync
 * PS's together, and with faults a PS's servers cut the job's steps
 * (sim->steps) to those under way at their next update. */
int sim_past_end(const struct sim *);

/* All-reduce's rounds, for --timeline's messages: an exchange numbers
 * its rounds from 0, pattern after pattern (ring, tree, fold ...).
 * Worker w's next sends are in its pattern's round r; a pattern done,
 * the next one numbers on from its k rounds (every worker moves on,
 * those that sat it out too). */
void sim_round(struct sim *, int w, int r);
void sim_rounds_done(struct sim *, int w, int k);

/* What sim_create checks and chooses before it sets SimGrid up: that
 * the run fits in memory, and the hosts of the roles (platform_place:
 * workers, servers, with faults the storage).  0, or -1 with *errors. */
int sim_place(const struct scenario *sc, char ***workers, char ***servers,
    char **storage, char **errors);
/* Set up SimGrid, the platform and the roles for sc. */
struct sim *sim_create(const struct scenario *sc, char **errors);
/* Several jobs on one engine (sc->jobs): SimGrid and the platform
 * once, then each job's simulation into sims[0 .. njobs), on the hosts
 * its placement names (platform_place_jobs gives the rest out).  0, or
 * -1 with *errors. */
int sim_create_jobs(const struct scenario *sc, struct sim **sims,
    char **errors);
/* Run the steps; fills the ledgers.  Returns the wall-clock seconds the
 * engine took. */
double sim_run(struct sim *);
/* The same for n jobs on one engine, run together. */
double sim_run_jobs(struct sim **, int n);
/* After sim_run: 0 when the job ended (every worker did its steps, or
 * with faults the job reached its steps or was found unable to), else -1
 * with *error: SimGrid stopped with actors still waiting, a deadlock. */
int sim_ended(const struct sim *, char **error);
void sim_free(struct sim *);

/* psim run --timeline: record the run's events into tl (timeline.h),
 * which the caller writes and frees after sim_run; names its hosts and
 * links. */
void sim_timeline(struct sim *, struct timeline *tl);
/* An instant event on host h's process, by the calling actor (PS apply,
 * preemptions, returns, restarts, checkpoints); a no-op without a
 * timeline.  name: a static string; step as its messages number it
 * (with buckets, step * buckets + bucket), or -1 for none. */
void sim_mark(struct sim *, int h, const char *name, int step);

/* Start an actor running fn(sim, index) on a host. */
sg_actor_t sim_spawn(struct sim *, const char *name, int hidx,
    void (*fn)(struct sim *, int), int index);

/* sim_send, at a wire size of bytes instead of count elements': a part
 * of an n-way split goes as part_bytes() of the whole (patterns.h), as
 * every other part of it does. */
sg_comm_t sim_send_sized(struct sim *, sg_mailbox_t, int src, int dst,
    int step, long offset, long count, double bytes);
/* The wire size of count elements. */
double sim_bytes(const struct sim *, long count);
/* Post a message of count elements from host src to host dst's mailbox.
 * With numerics on it carries a copy of the floats those elements map to
 * in base (sim_send: worker src's gradient). */
sg_comm_t sim_send(struct sim *, sg_mailbox_t, int src, int dst, int step,
    long offset, long count);
sg_comm_t sim_send_data(struct sim *, sg_mailbox_t, int src, int dst,
    int step, long offset, long count, const float *base);
/* A message of bytes that carries no elements (a checkpoint). */
sg_comm_t sim_send_bytes(struct sim *, sg_mailbox_t, int src, int dst,
    int step, double bytes, int detached);
/* Start worker w's actors: the worker, and its comm actor with buckets. */
void sim_spawn_worker(struct sim *, int w);
/* After a relaunch: the bucket semaphores empty again. */
void sim_reset_buckets(struct sim *);
/* After an all-reduce restart: fresh mailbox names, worker_mbox too. */
void sim_new_generation(struct sim *);
/* A replacement for worker w: a fresh inbox, and rejoin[w] counts it. */
void sim_new_incarnation(struct sim *, int w);
/* sim_send_data without waiting ever: the message is the receiver's. */
void sim_send_detached(struct sim *, sg_mailbox_t, int src, int dst,
    int step, long offset, long count, const float *base);
/* Post a receive into *slot. */
sg_comm_t sim_recv(sg_mailbox_t, struct msg **slot);
/* Account for and free a message host dst has received. */
void sim_received(struct sim *, int dst, struct msg *);

/* What a receiver does with a message's floats: nothing, add them to its
 * own (a reduction), or take them (a broadcast, a gather). */
enum sim_op { SIM_DROP, SIM_ADD, SIM_COPY };
/* sim_received, after applying the floats to base (sim_take: worker
 * dst's gradient). */
void sim_apply(struct sim *, int dst, struct msg *, float *base,
    enum sim_op);
void sim_take(struct sim *, int dst, struct msg *, enum sim_op);

/* Wait for all comms, then release them. */
void sim_wait_all(sg_comm_t *, size_t);

/* Point-to-point steps of the all-reduce algorithms, between workers w
 * and peer: send count elements from offset to peer's mailbox `to`
 * and/or receive one message on w's mailbox `from` (checking it carries
 * the expected offset), and wait.  The received message is accounted and
 * freed; its element count is returned. */
long sim_exchange(struct sim *, int w, int peer, int step, sg_mailbox_t to,
    sg_mailbox_t from, long offset, long count, long expect_offset,
    enum sim_op);
void sim_send_wait(struct sim *, int w, int peer, int step, sg_mailbox_t to,
    long offset, long count);
long sim_recv_wait(struct sim *, int w, int step, sg_mailbox_t from,
    long expect_offset, enum sim_op);

/* Per-round inboxes: n workers x rounds mailboxes named prefix-<i>,
 * the one of worker w in round r at [w * rounds + r]. */
sg_mailbox_t *sim_round_mailboxes(const struct sim *, const char *prefix,
    int n, int rounds);

/* "name-<i>" mailbox handle, looked up once (after an all-reduce
 * restart, a fresh name: "name-<i>.<generation>"). */
sg_mailbox_t sim_mailbox(const struct sim *, const char *prefix, int i);

/* The elements of part i when len elements are cut into n near-equal
 * parts (the first len % n parts one longer). */
long sim_part_offset(long len, int n, int i);
long sim_part_count(long len, int n, int i);

#endif
