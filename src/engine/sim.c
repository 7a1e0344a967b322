/* sim.c: set up SimGrid for a scenario and run the workers' step loop.
 *
 * Every worker is an actor on its host that, each step, computes
 * (sg_actor_execute with the step's flops) and then runs its strategy's
 * exchange.  Messages carry a struct msg; the byte ledgers are kept here,
 * on the way out and on the way in, so that each is counted once by the
 * side that saw it. */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <unistd.h>

#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include "cluster.h"
#include "comm-rate.h"
#include "errors.h"
#include "metrics.h"
#include "patterns.h"
#include "platform.h"
#include "platform-probe.h"
#include "sim.h"
#include "timeline.h"
#include "fastforward.h"
#include "xmalloc.h"

struct spawn {
	struct sim	*sim;
	void		 (*fn)(struct sim *, int);
	int		 index;
};

/* An upper bound on the actors a run spawns: a worker (and with buckets
 * its comm actor) per worker, a helper per worker if the strategy's row
 * has R_HELPER (double-binary-tree's second tree), a server per PS shard and its receivers (one per 64
 * workers, strategy-ps.c), or with faults a connection per shard and
 * worker, and the fault machinery's few. */
static long
actors_bound(const struct scenario *sc)
{
	long n = sc->placement.workers, k = sc->strategy.shards;

	return n * (1 + (sc->strategy.bucket_bytes > 0) +
	    ((sc->strategy.info->flags & R_HELPER) != 0)) +
	    k * (sc->faults.on ? n + 2 : 2 + (n + PS_RECEIVER_WORKERS - 1) /
	    PS_RECEIVER_WORKERS) + 64;
}

/* Actor stacks.  SimGrid gives each actor an 8 MiB stack by default,
 * behind a guard page; a guarded stack costs the process two memory
 * mappings, and Linux allows vm.max_map_count (65530 by default) in all,
 * so about 32,000 actors abort in SimGrid ("Failed to protect stack").
 * psim's actors need under 8 KiB (make check passes with 8 KiB stacks,
 * guarded): they get ACTOR_STACK_KIB, 4 times that, and keep their guard
 * page while the mappings allow it. */
#define ACTOR_STACK_KIB	"32"
#define MAP_RESERVE	8192	/* mappings left for the rest */

static int
guard_pages_fit(long actors)
{
	long max_maps = 65530;
	FILE *f = fopen("/proc/sys/vm/max_map_count", "r");

	if (f != NULL) {
		if (fscanf(f, "%ld", &max_maps) != 1)
			max_maps = 65530;
		fclose(f);
	}
	return 2 * actors + MAP_RESERVE <= max_maps;
}

/* Memory per actor, measured (bench/RESULTS.md: 37 KB with 34,700
 * actors of a faulted PS, 58 KB with the 112,600 of a 100,000-worker
 * PS8): its stack, SimGrid's actor, its comms, its host and psim's
 * state. */
#define ACTOR_BYTES	(64.0 * 1024)

/* Memory per host of a generated cluster, measured: 300,000 hosts for
 * 10 workers take 1.12 GB, 100,000 take 392 MB. */
#define HOST_BYTES	(3.7 * 1024)

/* Memory per message in flight, measured: all-to-all over 256 workers
 * keeps 130,560 at once in 141 MB above the process floor. */
#define COMM_BYTES	1100.0

/* Refuse up front a run whose actors, or the n(n-1) messages in flight
 * at once of a strategy with R_ALL_PAIRS (all-to-all), would not fit in
 * the memory psim may use, rather than let SimGrid abort or the kernel
 * kill psim. */
static int
run_fits_memory(const struct scenario *sc, char **errors)
{
	double n = sc->placement.workers;
	long actors = actors_bound(sc);
	double need = (double)actors * ACTOR_BYTES;
	double comms = (sc->strategy.info->flags & R_ALL_PAIRS) ?
	    2 * n * (n - 1) : 0;
	const char *what;
	double have = xmemory_allowed(&what);
	double hosts = sc->cluster.topology == TOPO_PLATFORM ? 0 :
	    (double)cluster_host_count(sc);
	struct errors e = ERRORS_INIT;

	if (have <= 0 || (need <= have && comms * COMM_BYTES <= have &&
	    hosts * HOST_BYTES <= have))
		return 1;
	if (hosts * HOST_BYTES > have && hosts * HOST_BYTES >= need)
		errors_add(&e, NULL, "psim: %s: /cluster/hosts: a generated "
		    "cluster of %.0f hosts needs about %.1f GB in SimGrid "
		    "(%.1f KB a host and its links), whatever the workers; "
		    "%s %.1f GB", sc->file, hosts, hosts * HOST_BYTES / 1e9,
		    HOST_BYTES / 1024, what, have / 1e9);
	else if (need > have)
		errors_add(&e, NULL, "psim: %s: /placement/workers: %d workers "
		    "make about %ld SimGrid actors, which need about %.1f GB "
		    "(%.0f KB each: a stack and the engine's state); %s "
		    "%.1f GB", sc->file, sc->placement.workers, actors,
		    need / 1e9, ACTOR_BYTES / 1024, what, have / 1e9);
	else
		errors_add(&e, NULL, "psim: %s: /placement/workers: %s "
		    "over %d workers keeps %.0f messages in flight at once, "
		    "which need about %.1f GB (about 1 KB each in SimGrid); "
		    "%s %.1f GB", sc->file, sc->strategy.info->name,
		    sc->placement.workers, comms,
		    comms * COMM_BYTES / 1e9, what, have / 1e9);
	*errors = errors_take(&e);
	return 0;
}

/* actors_bound of each job, or of the one. */
static long
actors_all(const struct scenario *sc)
{
	long n = 0;
	int i;

	for (i = 0; i < sc->njobs; i++)
		n += actors_bound(sc->jobs[i]);
	return sc->njobs > 0 ? n : actors_bound(sc);
}

/* The SimGrid options of each network model; see DESIGN.md.  Several
 * jobs (and a job of several run alone) get the exact full solver: the
 * lazy one's trouble is flows that share links unevenly, which is what
 * jobs on one cluster do. */
static void
engine_init(const struct scenario *sc)
{
	const char *argv[16];
	const char *solver;
	int argc = 0, lazy, guarded;

	argv[argc++] = "psim";
	argv[argc++] = "--log=root.thresh:warning";
	argv[argc++] = "--log=root.fmt:simgrid:%e%m%n";
	/* a deadlock is psim's to report (sim_ended), in one line */
	argv[argc++] = "--log=ker_engine.app:file:/dev/null";
	argv[argc++] = "--log=ker_engine.additivity:off";
	/* SimGrid 3.32's lazy (selective) max-min update gives flows more
	 * than a link's capacity when flows that share links unevenly leave
	 * their latency phase together: 8 PS shards pulling 1 GB to each of
	 * 4 workers deliver it to 3 of them in 0.34 s over 10 Gbps NICs
	 * (0.8 s is right).  The full solver is exact but costs O(flows) per
	 * event, so it runs unless the strategy's flow pattern is known to be
	 * safe.  Under the realistic model the reverse cross-traffic ties all
	 * flows into one component anyway, where the full solver is also the
	 * faster (bench/RESULTS.md: a 1024-worker ring step 103 s against
	 * 137 s).  PSIM_SOLVER=full|lazy overrides, to compare the two. */
	solver = getenv("PSIM_SOLVER");
	if (solver != NULL && strcmp(solver, "lazy") == 0)
		lazy = 1;
	else if (solver != NULL && strcmp(solver, "full") == 0)
		lazy = 0;
	else
		lazy = (sc->strategy.info->flags & R_LAZY) &&
		    sc->network != NET_REALISTIC && sc->njobs == 0 &&
		    sc->job.name == NULL;
	if (!lazy)
		argv[argc++] = "--cfg=network/optim:Full";
	argv[argc++] = "--cfg=contexts/stack-size:" ACTOR_STACK_KIB;
	/* Under AddressSanitizer, no guard pages either: LeakSanitizer
	 * scans the stack blocks of actors SimGrid killed (faults) and
	 * crashes on their guard page (tests/asan-check.sh). */
	guarded = guard_pages_fit(actors_all(sc));
#ifdef __SANITIZE_ADDRESS__
	guarded = 0;
#endif
	if (!guarded)
		argv[argc++] = "--cfg=contexts/guard-size:0";
	switch (sc->network) {
	case NET_REALISTIC:
		if (!sc->crosstraffic)
			argv[argc++] = "--cfg=network/crosstraffic:0";
		break;
	case NET_IDEAL:
		argv[argc++] = "--cfg=network/model:CM02";
		/* CM02 shares a link among flows in inverse proportion to
		 * their routes' latencies (a TCP effect: RTT unfairness); on
		 * a platform file, whose routes differ in latency, that keeps
		 * a round off its busiest link (lab-2x4: 5%).  There SimGrid
		 * gets no latency, so every flow weighs the same, and psim
		 * pays each route's latency itself (pay_latency). */
		argv[argc++] = sim_pays_latency(sc) ?
		    "--cfg=network/latency-factor:0" :
		    "--cfg=network/latency-factor:1";
		argv[argc++] = "--cfg=network/bandwidth-factor:1";
		argv[argc++] = "--cfg=network/crosstraffic:0";
		argv[argc++] = "--cfg=network/TCP-gamma:1e300";
		break;
	case NET_CM02:
		argv[argc++] = "--cfg=network/model:CM02";
		if (!sc->crosstraffic)
			argv[argc++] = "--cfg=network/crosstraffic:0";
		break;
	}

	argv[argc] = NULL;
	/* simgrid_init takes the options out of argv, moving pointers; it
	 * never writes the strings */
	simgrid_init(&argc, (char **)argv);
}

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

static void
spawn_main(int argc, char **argv)
{
	struct spawn *data = sg_actor_self_get_data(), sp = *data;

	(void)argc;
	(void)argv;
	free(data);	/* first: a daemon actor never returns */
	sp.fn(sp.sim, sp.index);
}

sg_actor_t
sim_spawn(struct sim *sim, const char *name, int hidx,
    void (*fn)(struct sim *, int), int index)
{
	struct spawn *sp = xmalloc(sizeof *sp);
	sg_actor_t a;

	sp->sim = sim;
	sp->fn = fn;
	sp->index = index;
	a = sg_actor_init(name, sim->hosts[hidx].host);
	sg_actor_set_data(a, sp);
	sg_actor_start(a, spawn_main, 0, NULL);
	return a;
}

int
sim_local_free(const struct sim *sim, int src, int dst)
{
	return src == dst && sim->sc->cluster.topology == TOPO_PLATFORM;
}

/* The data of a worker's own actors (worker_main, comm_main), once
 * spawn_main has freed their start-up data: a PS message they send is a
 * push, one the others send a pull. */
static char worker_tag;

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
	if (src == dst)
		return 0;
	if (sim->sc->cluster.gpus_per_host > 1 && sim->facts.rack_of != NULL)
		return sim->facts.rack_of[src] != sim->facts.rack_of[dst];
	return 1;
}

/* Put m in mbox: a comm to wait for, or detached (NULL): the message is
 * then the receiver's, or freed if the comm fails. */
static sg_comm_t
post(struct sim *sim, sg_mailbox_t mbox, struct msg *m, int dst,
    int detached)
{
	sg_comm_t comm;

	pay_latency(sim, m->src, dst);
	comm = sg_mailbox_put_init(mbox, m, (long)m->wire);
	/* network.flow_cap: a transport's rate for one transfer */
	if (sim->sc->flow_cap_Bps > 0 && crosses_network(sim, m->src, dst))
		comm_set_rate(comm, sim->sc->flow_cap_Bps);
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

/* The step a message or a compute belongs to: with buckets the
 * strategies number their messages step * buckets + bucket. */
static int
step_of(const struct sim *sim, int seq)
{
	return sim->layout.nbuckets > 0 && seq >= 0 ? seq / sim->layout.nbuckets : seq;
}

/* The calling actor as a thread of host h's process. */
static int
self_tid(struct sim *sim, int h)
{
	int tid = (int)sg_actor_self_get_pid();

	timeline_thread(sim->timeline, h, tid, sg_actor_self_get_name());
	return tid;
}

/* Every received message passes here: its comm event, from its post to
 * now, over its route's links (none between actors of one host of a
 * platform file, as in the ledger).  A message never received (its
 * receiver killed by a fault) has none. */
static void
timeline_message(struct sim *sim, int dst, const struct msg *m)
{
	const int *links = NULL;
	const char *phase = NULL;
	int n = 0, step = step_of(sim, m->step);

	if (!timeline_keeps(sim->timeline, step))
		return;
	if (!sim_local_free(sim, m->src, dst))
		n = metrics_route(sim->metrics, m->src, dst, &links);
	if (sim->storage >= 0 && dst == sim->storage)
		phase = "checkpoint";
	else if (sim->storage >= 0 && m->src == sim->storage)
		phase = "restore";
	else if (sim->sc->strategy.info->family == FAMILY_PS)
		phase = m->from_worker ? "push" : "pull";
	timeline_comm(sim->timeline, m->src, dst, self_tid(sim, dst), step,
	    phase == NULL ? m->round : -1, phase, m->bytes, m->posted_s, simgrid_get_clock(), links, n);
}

void
sim_mark(struct sim *sim, int h, const char *name, int step)
{
	step = step_of(sim, step);
	if (sim->timeline == NULL || !timeline_keeps(sim->timeline, step))
		return;
	timeline_instant(sim->timeline, name, h, self_tid(sim, h), step,
	    simgrid_get_clock());
}

void
sim_received(struct sim *sim, int dst, struct msg *m)
{
	metrics_received(sim->metrics, m->src, dst, m->bytes);
	if (sim->timeline != NULL)
		timeline_message(sim, dst, m);
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

/* The step loop every worker runs, whatever the strategy. */
/* A step's compute: one block, or the forward pass and then each layer's
 * backward pass, from the last layer to the first, handing each bucket
 * to the comm actor as soon as its last layer is done. */
static void
compute(struct sim *sim, int w)
{
	const struct scenario *sc = sim->sc;
	double flops = sim->compute_flops[w] * sim->slow_factor[w];
	int i, b = 0;

	/* Stragglers: a lognormal factor of mean 1, or an exponential
	 * extra time, drawn per worker and step from the seed. */
	if (sc->cluster.jitter == JITTER_LOGNORMAL)
		flops *= exp(sc->cluster.jitter_sigma * rng_normal(&sim->rng[w]) -
		    sc->cluster.jitter_sigma * sc->cluster.jitter_sigma / 2);
	else if (sc->cluster.jitter == JITTER_EXPONENTIAL)
		flops += rng_exponential(&sim->rng[w], sc->cluster.jitter_mean_s) *
		    sg_host_get_speed(sim->hosts[w].host);

	if (sim->layout.layer_share == NULL) {
		sg_actor_execute(flops);
		return;
	}
	sg_actor_execute(flops * sim->layout.forward_share);
	for (i = sim->sc->model.nlayers - 1; i >= 0; i--) {
		if (sim->layout.layer_share[i] > 0)
			sg_actor_execute(flops * sim->layout.layer_share[i]);
		for (; b < sim->layout.nbuckets && sim->layout.bucket_close[b] == i; b++)
			sg_sem_release(sim->ready[w]);
	}
}

void
sim_round(struct sim *sim, int w, int r)
{
	sim->round[w] = sim->round_base[w] + r;
}

void
sim_rounds_done(struct sim *sim, int w, int k)
{
	sim->round_base[w] += k;
}

/* Worker w's exchange of a step (or bucket) seq, its rounds numbered
 * from 0. */
static void
exchange(struct sim *sim, int w, int seq, long lo, long len)
{
	sim->round_base[w] = 0;
	sim->round[w] = -1;
	sim->strategy->exchange(sim, w, seq, lo, len);
	sim->round[w] = -1;
}

/* A worker's comm actor: reduces the buckets in order as they become
 * ready, then tells the compute actor the step is reduced. */
static void
comm_main(struct sim *sim, int w)
{
	int step, b;
	double t0, busy;

	sg_actor_set_data(sg_actor_self(), &worker_tag);

	/* the controller ends; by the clock, the last worker */
	if (sim->sc->faults.on || scenario_open_ended(sim->sc))
		sg_actor_daemonize(sg_actor_self());
	for (step = sim->sc->faults.on ? sim->start_step : 0;
	    step < sim->steps; step++) {
		busy = 0;
		for (b = 0; b < sim->layout.nbuckets; b++) {
			sg_sem_acquire(sim->ready[w]);
			t0 = simgrid_get_clock();
			exchange(sim, w, step * sim->layout.nbuckets + b,
			    sim->layout.bucket_lo[b], sim->layout.bucket_len[b]);
			busy += simgrid_get_clock() - t0;
		}
		metrics_comm(sim->metrics, w, step, busy);
		sg_sem_release(sim->done[w]);
	}
}

/* ssp: how many clocks ahead of the slowest worker worker w is, a
 * worker's clock being its gradients applied on every shard. */
static long
clocks_ahead(const struct sim *sim, int w)
{
	long least = -1, own = -1, c;
	int j, v;

	for (j = 0; j < sim->layout.nshards; j++) {
		for (v = 0; v < sim->nworkers; v++) {
			c = sim->clock[(size_t)j * sim->nworkers + v];
			if (least < 0 || c < least)
				least = c;
			if (v == w && (own < 0 || c < own))
				own = c;
		}
	}
	return own - least;
}

/* A PS worker that goes by the parameter versions it pulls, not by its
 * own steps: with backup workers, or sync under faults. */
static int
by_version(const struct sim *sim)
{
	enum sync_mode m = sim->sc->strategy.sync;

	return sim->version != NULL && (m == SYNC_BACKUP ||
	    (sim->sc->faults.on && m == SYNC_SYNC));
}

int
sim_past_end(const struct sim *sim)
{
	const struct scenario *sc = sim->sc;

	return scenario_open_ended(sc) &&
	    simgrid_get_clock() >= sc->run.duration_s && (sim->faults_over ||
	    fault_stats_events(&sim->fstats) >= sc->run.min_fault_events);
}

/* All-reduce and a synchronous PS: once the run is past its end
 * (sim_past_end), no worker begins a step that no worker has begun, so
 * that the steps under way end (a synchronous step needs every worker)
 * and the job stops with the steps begun by then: sim->steps falls to
 * sim->begun, once.  Whether worker w may begin step (it counts as
 * begun). */
static int
in_time(struct sim *sim, int step)
{
	if (sim->steps > sim->begun && sim_past_end(sim)) {
		sim->steps = sim->begun;
		metrics_end(sim->metrics, sim->steps);
	}
	if (step >= sim->steps)
		return 0;
	if (step >= sim->begun)
		sim->begun = step + 1;
	return 1;
}

/* Whether worker w has another step to run: by the versions it pulls,
 * by the gradients the servers applied (async and ssp under faults; in
 * both, sim->steps falls when the run is past its end: strategy-ps.c),
 * by the job's steps in time (all-reduce, sync PS), or by its own steps
 * until the run's end (an asynchronous PS's workers, each alone). */
static int
more(struct sim *sim, int w, int step)
{
	const struct scenario *sc = sim->sc;

	if (by_version(sim))
		return sim->version[w] < sim->steps;
	if (sim->sc->faults.on && sim->version != NULL)
		return sim->applied_total < (long)sim->nworkers * sim->steps;
	if (sc->strategy.info->family == FAMILY_ALLREDUCE ||
	    sc->strategy.sync == SYNC_SYNC)
		return in_time(sim, step);
	if (step >= sim->steps || sim_past_end(sim))
		return 0;
	if (step >= sim->begun)
		sim->begun = step + 1;
	return 1;
}

static void
worker_exit(int failed, void *arg)
{
	struct sim *sim = arg;
	int w;

	(void)failed;
	sim->live_workers--;
	for (w = 0; w < sim->nworkers; w++) {
		if (sim->worker_actor[w] == sg_actor_self())
			sim->worker_actor[w] = NULL;
	}
	sg_sem_release(sim->worker_exit);
}

/* --timeline: worker w's compute of a step as a span from t0_s to now,
 * or (exchange 1) its exchange after it (with buckets, its wait for the
 * last bucket's): recorded as each ends, so that a worker killed in its
 * exchange keeps its compute. */
static void
timeline_step(struct sim *sim, int w, int seq, double t0_s, int exchange)
{
	int ps = sim->sc->strategy.info->family == FAMILY_PS;

	if (sim->timeline == NULL || !timeline_keeps(sim->timeline, seq))
		return;
	timeline_span(sim->timeline, exchange ? TL_WAIT : TL_COMPUTE,
	    !exchange ? "compute" : ps ? "push-pull" : "exchange", w,
	    self_tid(sim, w), seq, t0_s, simgrid_get_clock());
}

/* A worker: compute, exchange, and for all-reduce the SGD step; with
 * faults, a restarted all-reduce worker first takes the checkpoint from
 * the storage host and a PS replacement first pulls the parameters. */
static void
worker_main(struct sim *sim, int w)
{
	const struct scenario *sc = sim->sc;
	struct numerics *nm = sim->num;
	int step, seq;
	int allreduce = sc->strategy.info->family == FAMILY_ALLREDUCE;
	int byversion = by_version(sim);
	double start, computed;
	/* the worker that checkpoints: worker 0, or the elastic ring's first */
	int lead = sim->members != NULL ? sim->members[0] : 0;

	sg_actor_set_data(sg_actor_self(), &worker_tag);

	if (sim->sc->faults.on) {
		sg_actor_daemonize(sg_actor_self());	/* the controller ends */
		sim->live_workers++;
		sim->worker_actor[w] = sg_actor_self();
		sg_actor_on_exit(worker_exit, sim);	/* killed or not */
		if (allreduce)
			sim->hooks->restore(sim, w);
		else if (sim->rejoin[w] > 0)
			sim->strategy->join(sim, w);
	}
	/* a job of several that starts later */
	if (sc->job.start_s > simgrid_get_clock())
		sg_actor_sleep_for(sc->job.start_s - simgrid_get_clock());
	for (step = allreduce ? sim->start_step : 0; more(sim, w, step);
	    step++) {
		seq = byversion ? (int)sim->version[w] : step;
		if (sim->sc->faults.on && !allreduce && !byversion)
			seq = (int)sim->local_step[w]++;
		if (sc->strategy.sync == SYNC_SSP)
			metrics_ahead(sim->metrics, clocks_ahead(sim, w));
		start = simgrid_get_clock();
		if (nm != NULL)
			numerics_gradient(nm, w, seq);
		compute(sim, w);
		computed = simgrid_get_clock();
		timeline_step(sim, w, seq, start, 0);
		if (sim->layout.nbuckets > 0)
			sg_sem_acquire(sim->done[w]);
		else
			exchange(sim, w, seq, 0, sim->layout.elements);
		if (nm != NULL && allreduce)
			numerics_allreduce_update(nm, w, step, sim->members !=
			    NULL ? sim->nmembers : sim->nworkers);
		if (nm != NULL && w == lead && sc->strategy.sync == SYNC_SYNC &&
		    (!sim->sc->faults.on || allreduce))
			numerics_sample(nm, sim, step + 1, nm->param[w],
			    simgrid_get_clock());
		if (seq < sim->steps)
			metrics_step(sim->metrics, w, seq, start, computed,
			    simgrid_get_clock());
		timeline_step(sim, w, seq, computed, 1);
		step += ff_step_end(sim, w, seq);
		if (sc->faults.on && allreduce && w == lead)
			sim->hooks->step_done(sim, step + 1);
	}
	if (sc->faults.on && allreduce && w == lead)
		sim->hooks->job_done(sim);
	sim->workers_done++;
}

void
sim_spawn_worker(struct sim *sim, int w)
{
	char name[64];

	snprintf(name, sizeof name, "worker-%d", w);
	sim_spawn(sim, name, w, worker_main, w);
	if (sim->layout.nbuckets > 0) {
		snprintf(name, sizeof name, "comm-%d", w);
		sim_spawn(sim, name, w, comm_main, w);
	}
}

void
sim_reset_buckets(struct sim *sim)
{
	int w;

	for (w = 0; sim->ready != NULL && w < sim->nworkers; w++) {
		sg_sem_destroy(sim->ready[w]);
		sg_sem_destroy(sim->done[w]);
		sim->ready[w] = sg_sem_init(0);
		sim->done[w] = sg_sem_init(0);
	}
}

/* The gradient's layout (layout.c, which the closed form reads too)
 * and the PS shards' hosts. */
static void
use_layout(struct sim *sim)
{
	struct layout *l = &sim->layout;
	int j;

	layout_make(sim->sc, l);
	if (sim->layout.nshards == 0)
		return;
	sim->shard_hidx = xcalloc((size_t)sim->layout.nshards,
	    sizeof *sim->shard_hidx);
	sim->version = xcalloc((size_t)sim->nworkers, sizeof *sim->version);
	sim->clock = xcalloc((size_t)sim->layout.nshards * (size_t)sim->nworkers,
	    sizeof *sim->clock);
	for (j = 0; j < sim->layout.nshards; j++) {
		sim->shard_hidx[j] = sim->layout.shard_worker[j] >= 0 ?
		    sim->layout.shard_worker[j] : sim->nworkers + sim->layout.shard_server[j];
		sim->hosts[sim->shard_hidx[j]].shards++;
	}
}

static void
add_host(struct sim *sim, const char *name, int worker, int server)
{
	struct sim_host *h = &sim->hosts[sim->nhosts++];

	h->name = xstrdup(name);
	h->host = sg_host_by_name(name);
	h->worker = worker;
	h->server = server;
	h->shards = 0;
}

static void facts(struct sim *);
static void link_table(struct sim *);

/* SimGrid and the platform, once per process: for one job, or for a
 * scenario's jobs. */
static void
engine_start(const struct scenario *sc)
{
	char *file;
	int is_temp;

	engine_init(sc);	/* (SimGrid's own SIGINT handler first) */
	file = platform_file(sc, &is_temp);
	simgrid_load_platform(file);
	platform_file_done(file, is_temp);
	free(file);
}

static struct sim *build(const struct scenario *, char **workers,
    char **servers, char *storage);

int
sim_place(const struct scenario *sc, char ***workers, char ***servers,
    char **storage, char **errors)
{
	if (!run_fits_memory(sc, errors) ||
	    platform_place(sc, workers, servers, storage, errors) != 0)
		return -1;
	return 0;
}

struct sim *
sim_create(const struct scenario *sc, char **errors)
{
	char **workers, **servers, *storage;

	if (sim_place(sc, &workers, &servers, &storage, errors) != 0)
		return NULL;
	engine_start(sc);
	return build(sc, workers, servers, storage);
}

int
sim_create_jobs(const struct scenario *top, struct sim **sims,
    char **errors)
{
	char ***workers, ***servers;
	int i, n = top->njobs, bad = 0;

	if (platform_place_jobs(top, errors) != 0)
		return -1;
	workers = xcalloc((size_t)n, sizeof *workers);
	servers = xcalloc((size_t)n, sizeof *servers);
	for (i = 0; i < n && !bad; i++)
		bad = !run_fits_memory(top->jobs[i], errors) ||
		    platform_place(top->jobs[i], &workers[i], &servers[i],
		    NULL, errors) != 0;
	if (!bad) {
		engine_start(top);
		for (i = 0; i < n; i++)
			sims[i] = build(top->jobs[i], workers[i], servers[i],
			    NULL);
	}
	for (i = 0; bad && i < n; i++) {
		xfreev(workers[i]);
		xfreev(servers[i]);
	}
	free(workers);
	free(servers);
	return bad ? -1 : 0;
}

/* The simulation of sc on the engine set up, on the hosts chosen (which
 * it takes). */
static struct sim *
build(const struct scenario *sc, char **workers, char **servers,
    char *storage)
{
	struct sim *sim;
	int i, k;

	sim = xcalloc(1, sizeof *sim);
	sim->sc = sc;
	/* a job of several: its own mailboxes */
	if (sc->job.name != NULL)
		snprintf(sim->mbox_prefix, sizeof sim->mbox_prefix, "job%d:",
		    sc->job.index);
	sim->strategy = strategy_of(sc->strategy.info);
	sim->nworkers = sc->placement.workers;
	sim->nservers = sc->placement.servers;
	sim->hosts = xcalloc((size_t)(sim->nworkers + sim->nservers + 1),
	    sizeof *sim->hosts);
	sim->round = xcalloc((size_t)sim->nworkers + 1, sizeof *sim->round);
	sim->round_base = xcalloc((size_t)sim->nworkers + 1,
	    sizeof *sim->round_base);
	for (i = 0; i < sim->nworkers; i++)
		sim->round[i] = -1;
	for (i = 0; i < sim->nworkers; i++)
		add_host(sim, workers[i], i, -1);
	for (i = 0; i < sim->nservers; i++)
		add_host(sim, servers[i], -1, i);
	xfreev(workers);
	xfreev(servers);
	sim->storage = -1;
	if (storage != NULL) {	/* the checkpoint storage: the last host */
		sim->storage = sim->nhosts;
		add_host(sim, storage, -1, -1);
		free(storage);
	}

	use_layout(sim);
	sim->compute_flops = xcalloc((size_t)sim->nworkers,
	    sizeof *sim->compute_flops);
	sim->worker_mbox = xcalloc((size_t)sim->nworkers,
	    sizeof *sim->worker_mbox);
	sim->slow_factor = xcalloc((size_t)sim->nworkers,
	    sizeof *sim->slow_factor);
	sim->rng = xcalloc((size_t)sim->nworkers, sizeof *sim->rng);
	for (i = 0; i < sim->nworkers; i++) {
		sim->slow_factor[i] = 1;
		for (k = 0; k < sc->cluster.nslow; k++) {
			if (strcmp(sc->cluster.slow[k].host,
			    sim->hosts[i].name) == 0)
				sim->slow_factor[i] = sc->cluster.slow[k].factor;
		}
		rng_init(&sim->rng[i], sc->seed, (uint64_t)i);
		sim->compute_flops[i] = layout_compute_flops(sc,
		    sg_host_get_speed(sim->hosts[i].host));
		sim->worker_mbox[i] = sim_mailbox(sim, "worker", i);
	}
	if (sim->layout.nbuckets > 0) {
		sim->ready = xcalloc((size_t)sim->nworkers, sizeof *sim->ready);
		sim->done = xcalloc((size_t)sim->nworkers, sizeof *sim->done);
		for (i = 0; i < sim->nworkers; i++) {
			sim->ready[i] = sg_sem_init(0);
			sim->done[i] = sg_sem_init(0);
		}
	}
	sim->steps = sc->run.steps;
	sim->metrics = metrics_create(sim, sc->run.steps);
	sim->next_fault_s = INFINITY;
	sim->last_fault_s = -INFINITY;
	sim->ff = ff_create(sim);
	facts(sim);
	if (sc->cluster.topology == TOPO_PLATFORM)
		link_table(sim);
	sim->num = numerics_create(sim);
	return sim;
}

static int
route_of(void *metrics, int src, int dst, const int **links)
{
	return metrics_route(metrics, src, dst, links);
}

/* The cluster's facts for the closed form (shape.c): a generated
 * cluster's from the scenario and the hosts' names, a platform file's
 * from SimGrid (as the probe reads them in a child, platform-probe.c)
 * with the routes of the ledger (metrics.c). */
static void
facts(struct sim *sim)
{
	const char **names;
	sg_host_t *hosts;
	sg_link_t *links;
	size_t n;
	int i;

	if (sim->sc->cluster.topology != TOPO_PLATFORM) {
		names = xcalloc((size_t)sim->nhosts + 1, sizeof *names);
		for (i = 0; i < sim->nhosts; i++)
			names[i] = sim->hosts[i].name;
		cluster_facts_generated(sim->sc, names, sim->nhosts,
		    &sim->facts);
		free(names);
		return;
	}
	hosts = xcalloc((size_t)sim->nhosts + 1, sizeof *hosts);
	for (i = 0; i < sim->nhosts; i++)
		hosts[i] = sim->hosts[i].host;
	n = metrics_links(sim->metrics, &links);
	probe_loaded_facts(hosts, sim->nhosts, links, n, &sim->facts);
	sim->facts.route = route_of;
	sim->facts.route_ctx = sim->metrics;
	cluster_facts_routes(&sim->facts, sim->nworkers + sim->nservers);
	free(hosts);
}

/* A platform file's links' latencies, which psim pays itself on the
 * ideal network (pay_latency). */
static void
link_table(struct sim *sim)
{
	sg_link_t *links;
	size_t i, n = metrics_links(sim->metrics, &links);

	sim->link_lat = xcalloc(n, sizeof *sim->link_lat);
	sim->pays_latency = sim_pays_latency(sim->sc);
	for (i = 0; i < n; i++)
		sim->link_lat[i] = sg_link_get_latency(links[i]);
}

/* The route from src to dst into the timeline, if it has links. */
static void
timeline_host_route(struct sim *sim, int src, int dst)
{
	const int *links = NULL;
	int n = 0;

	if (!sim_local_free(sim, src, dst))
		n = metrics_route(sim->metrics, src, dst, &links);
	if (n > 0)
		timeline_route(sim->timeline, src, dst, links, n);
}

void
sim_timeline(struct sim *sim, struct timeline *tl)
{
	const struct sim_host *h;
	sg_link_t *links;
	size_t l, n = metrics_links(sim->metrics, &links);
	char role[64];
	int i;

	sim->timeline = tl;
	for (i = 0; i < sim->nhosts; i++) {
		h = &sim->hosts[i];
		if (h->worker >= 0 && h->shards > 0)
			snprintf(role, sizeof role, "worker %d, %d PS shard%s",
			    h->worker, h->shards, h->shards == 1 ? "" : "s");
		else if (h->worker >= 0)
			snprintf(role, sizeof role, "worker %d", h->worker);
		else if (h->server >= 0)
			snprintf(role, sizeof role, "server %d", h->server);
		else
			snprintf(role, sizeof role, "storage");
		timeline_host(tl, i, h->name, role);
	}
	for (l = 0; l < n; l++)
		timeline_link(tl, (int)l, sg_link_get_name(links[l]),
		    sg_link_get_bandwidth(links[l]));
	/* psim animate draws the network from the routes: host 0's to and
	 * from every host join them all */
	for (i = 1; tl->want_routes && i < sim->nhosts; i++) {
		timeline_host_route(sim, 0, i);
		timeline_host_route(sim, i, 0);
	}
}

double
sim_run(struct sim *sim)
{
	return sim_run_jobs(&sim, 1);
}

/* Before the run: the strategy's set-up, the workers. */
static void
start(struct sim *sim)
{
	/* with faults, a job that starts down (a host it needs is down from
	 * the start) is set up and started by the controller once it can */
	int down = sim->start_down;
	int w;

	if (down == 0 && sim->strategy->setup != NULL)
		sim->strategy->setup(sim);
	for (w = 0; w < sim->nworkers && down == 0; w++) {
		/* a PS worker down from the start joins later */
		if (sim->schedule != NULL && sim->schedule->initially_down[w])
			continue;
		sim_spawn_worker(sim, w);
	}
}

/* After the run: the numerics' last figures, the strategy's state. */
static void
finish(struct sim *sim)
{
	/* an asynchronous PS's workers stopped by the clock: the job's
	 * steps are the most any of them began */
	if (!sim->sc->faults.on && sim->begun < sim->steps &&
	    scenario_open_ended(sim->sc)) {
		sim->steps = sim->begun;
		metrics_end(sim->metrics, sim->steps);
	}
	if (sim->num != NULL)
		numerics_finish(sim->num, sim, sim->num->ps_param != NULL ?
		    sim->num->ps_param : sim->num->param[0]);
	if (sim->strategy->cleanup != NULL && sim->state != NULL)
		sim->strategy->cleanup(sim);	/* (NULL: a job given up) */
}

double
sim_run_jobs(struct sim **sims, int n)
{
	struct timespec t0, t1;
	int i;

	for (i = 0; i < n; i++)
		start(sims[i]);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	simgrid_run();
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (i = 0; i < n; i++)
		finish(sims[i]);
	return (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

int
sim_ended(const struct sim *sim, char **error)
{
	const struct scenario *sc = sim->sc;

	*error = NULL;
	if (sc->faults.on ? sim->fstats.done_s != 0 :
	    sim->workers_done == sim->nworkers)
		return 0;
	xasprintf(error, "psim: %s: the simulation stopped at %.6g simulated s "
	    "with %d of %d workers through their %d steps and nothing left "
	    "that could move (a SimGrid deadlock): a time, speed or bandwidth "
	    "so extreme that no transfer or computation can end, or a bug in "
	    "psim; no report\n", sc->file, simgrid_get_clock(),
	    sim->workers_done, sim->nworkers, sc->run.steps);
	return -1;
}

void
sim_free(struct sim *sim)
{
	int i;

	if (sim == NULL)
		return;
	ff_free(sim->ff);
	metrics_free(sim->metrics);
	numerics_free(sim->num);
	if (sim->hooks != NULL)
		sim->hooks->release(sim);
	free(sim->version);
	free(sim->clock);
	for (i = 0; i < sim->nhosts; i++)
		free(sim->hosts[i].name);
	free(sim->hosts);
	free(sim->round);
	free(sim->round_base);
	free(sim->compute_flops);
	free(sim->slow_factor);
	free(sim->rng);
	for (i = 0; sim->ready != NULL && i < sim->nworkers; i++) {
		sg_sem_destroy(sim->ready[i]);
		sg_sem_destroy(sim->done[i]);
	}
	free(sim->ready);
	free(sim->done);
	free(sim->worker_mbox);
	free(sim->shard_hidx);
	layout_free(&sim->layout);
	cluster_facts_free(&sim->facts);
	free(sim->link_lat);
	free(sim->lat_base);
	free(sim->lat_end);
	free(sim);
}
