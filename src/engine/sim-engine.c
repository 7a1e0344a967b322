/* sim-engine.c: SimGrid itself, once per process: its options for the
 * scenario's network model (psim-scenario(5), NETWORK MODELS), the
 * actors' stacks, and whether the run fits in the memory psim may use
 * before SimGrid sees it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>

#include "cluster.h"
#include "comm-rate.h"
#include "hardware.h"
#include "errors.h"
#include "platform.h"
#include "sim.h"
#include "strategy.h"
#include "sim-engine.h"
#include "xmalloc.h"
#include "message.h"

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
 * 10 workers take 1.12 GB, 100,000 take 392 MB; under a limit on the
 * address space a synchronous PS of 12 hosts on 300,000 runs in 1.3 GB
 * and not 1.2, on 1,000,000 in 4.1 GB and not 4.0 (its fast-forward
 * off: fastforward.c). */
#define HOST_BYTES	(4.0 * 1024)

/* Memory per message in flight, measured: all-to-all over 256 workers
 * keeps 130,560 at once in 141 MB above the process floor. */
#define COMM_BYTES	1100.0

/* Refuse up front a run whose actors, or the n(n-1) messages in flight
 * at once of a strategy with R_ALL_PAIRS (all-to-all), would not fit in
 * the memory psim may use, rather than let SimGrid abort or the kernel
 * kill psim. */
int
sim_fits_memory(const struct scenario *sc, char **errors)
{
	double n = sc->placement.workers;
	long actors = actors_bound(sc);
	double need = (double)actors * ACTOR_BYTES;
	double comms = !(sc->strategy.info->flags & R_ALL_PAIRS) ? 0 :
	    scenario_all_pairs_symmetric(sc) ? 4 * (n - 1) : 2 * n * (n - 1);
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

/* The SimGrid options of each network model (psim-scenario(5)).  Several
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
		/* (CM02's own, which a transport's factor callback may not
		 * meet set on the command line) */
		if (sc->transport_factor.n == 0)
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

/* SimGrid and the platform, once per process: for one job, or for a
 * scenario's jobs. */
/* A transport's share of a route's bandwidth, for a message between two
 * machines. */
static double
transport_factor(void *ctx, double size, sg_host_t src, sg_host_t dst)
{
	const struct scenario *sc = ctx;

	if (!sim_between_machines(src, dst))
		return 1;
	return hw_curve_at(&sc->transport_factor, size, 1);
}

void
sim_engine_start(const struct scenario *sc)
{
	char *file;
	int is_temp;

	engine_init(sc);	/* (SimGrid's own SIGINT handler first) */
	file = platform_file(sc, &is_temp);
	simgrid_load_platform(file);
	platform_file_done(file, is_temp);
	free(file);
	if (sc->transport_factor.n > 0)
		engine_bw_factor(transport_factor, (void *)sc);
}
