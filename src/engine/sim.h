/* sim.h: the state of one simulation run on SimGrid, which every part
 * of the engine shares: struct sim, its hosts, its messages and the
 * fault controller's hooks.  Data only, and two predicates on it; what
 * reads and changes it is in one file a role: the simulation's life
 * (simulation.h), the message layer (message.h), the workers' step loop
 * and actors (worker.h), the timeline's events (sim-timeline.h), the
 * strategies (strategy-*.c), faults (recovery*.c), fast-forward
 * (fastforward.h).  It includes no header of theirs, so the engine's
 * includes have no circle. */
#ifndef PSIM_SIM_H
#define PSIM_SIM_H

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/semaphore.h>

#include "faults.h"
#include "layout.h"
#include "results.h"
#include "rng.h"
#include "scenario.h"
#include "shape.h"

struct ff;
struct ffa;
struct metrics;
struct numerics;
struct recovery;
struct sim;
struct strategy;
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
	/* ps: the checkpoint's counters (each shard's version at it, the
	 * whole one's, the gradients applied at it, pending and whole), for
	 * a skip of whole checkpoint windows (fastforward-window.c): their
	 * arrays into v and len (max at most), how many; after a skip added
	 * to them, the step the checkpoint is at set by moved. */
	int		 (*counters)(struct sim *, long **v, size_t *len,
			    int max);
	void		 (*moved)(struct sim *);
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
	int		 src_tid;	/* the sending actor: --timeline's
					   flow from it */
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

#define RING_CUTS	4	/* the cuts between rounds ring.c keeps */

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
	sg_sem_t	*pulled;	/* per worker, strategy.pull "forward":
					   a bucket's parameters read, in
					   forward order (else NULL) */

	sg_mailbox_t	*worker_mbox;	/* one inbox per worker */
	/* all-reduce, per worker: the round of the exchange its sends are
	 * in (-1 out of one), and where the pattern under way numbers its
	 * rounds from (sim_round) */
	int		*round;
	int		*round_base;
	/* run.fast_forward inside a step (ring.c): whether a ring's rounds
	 * may be skipped, the last cuts between rounds, rounds skipped */
	int		 round_ff;
	struct ring_cut {
		long	 key;		/* -1: none */
		int	 n;		/* members that ended the round */
		double	 lo, hi;	/* their first and last end */
	}		 ring_cut[RING_CUTS];
	long		 rounds_skipped;

	/* PS: shard j of the layout is on host shard_hidx[j]. */
	int		*shard_hidx;	/* host index of each shard */
	/* strategy.server_cpu (ps-server.c, ps_cpu): per host, the host
	 * whose CPU it uses (its machine's first), and when that CPU is
	 * done with the batches it has; NULL without a server CPU */
	int		*cpu_of;
	double		*cpu_free_s;
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
	 * route latency (pay_latency in message.c); per actor pid, when its
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
	struct ffa	*ffa;		/* the same for an asynchronous PS
					   (fastforward-async.h) */
	double		 next_fault_s;	/* the fault controller's next
					   event, or INFINITY */
	double		 last_fault_s;	/* the last it played, or -INFINITY */
	double		 last_save_s;	/* a PS's last checkpoint's start */
	int		 saving;	/* a PS's checkpoints under way */
	struct numerics	*num;		/* NULL: sizes only */
};

/* Whether a message between two actors on one host is memory traffic,
 * free, rather than SimGrid's route from the host to itself: on a
 * platform file, whose hosts may have no loopback (a <cluster> without
 * one routes a host to itself over its own NIC).  The generated clusters
 * give every host a 1 Tbps loopback instead. */
/* Whether a message from host a to host b crosses the network between
 * machines, where network.flow_cap and a transport apply: two hosts, and
 * on a multi-GPU cluster two machines (a host's data is its machine's
 * number + 1 there, simulation.c; else none, every host its own). */
static inline int
sim_between_machines(sg_host_t a, sg_host_t b)
{
	void *x = sg_host_get_data(a), *y = sg_host_get_data(b);

	return a != b && (x == NULL || x != y);
}

/* Whether the run cannot end before its next fault event: it has seen
 * fewer than run.min_fault_events and more are to come, and it ends past
 * run.duration only once it has seen them (worker.h: sim_past_end), at
 * an event or later.  A fast-forward stops short of that event anyway,
 * so the duration does not bound it. */
static inline int
sim_waits_for_faults(const struct sim *sim)
{
	return sim->sc->faults.on && !sim->faults_over &&
	    fault_stats_events(&sim->fstats) < sim->sc->run.min_fault_events;
}

static inline int
sim_local_free(const struct sim *sim, int src, int dst)
{
	return src == dst && sim->sc->cluster.topology == TOPO_PLATFORM;
}

#endif
