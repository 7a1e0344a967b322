/* simulation.c: one simulation's life: the hosts of its roles, its layout and
 * ledgers, its start, its end and its results.  The state it builds is
 * struct sim (sim.h), which the rest of the engine shares; SimGrid's
 * own set-up is in sim-engine.c. */
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
#include "sim-engine.h"
#include "sim.h"
#include "simulation.h"
#include "summary.h"
#include "timeline.h"
#include "fastforward.h"
#include "fastforward-async.h"
#include "xmalloc.h"
#include "message.h"
#include "worker.h"
#include "numerics.h"
#include "strategy.h"



/* strategy.server_cpu: each host's CPU is its machine's, named by the
 * machine's first host: on a multi-GPU cluster the machines are the
 * facts' groups (as for sim_between_machines), else every host is one. */
static void
cpu_slots(struct sim *sim)
{
	const int *m = sim->sc->cluster.gpus_per_host > 1 ?
	    sim->facts.rack_of : NULL;
	int h, n = 0, *first;

	sim->cpu_of = xcalloc((size_t)sim->nhosts, sizeof *sim->cpu_of);
	sim->cpu_free_s = xcalloc((size_t)sim->nhosts,
	    sizeof *sim->cpu_free_s);
	for (h = 0; m != NULL && h < sim->nhosts; h++)
		n = m[h] >= n ? m[h] + 1 : n;
	first = xcalloc((size_t)n + 1, sizeof *first);	/* first host + 1 */
	for (h = 0; h < sim->nhosts; h++) {
		sim->cpu_of[h] = h;
		if (m == NULL || m[h] < 0)
			continue;
		if (first[m[h]] == 0)
			first[m[h]] = h + 1;
		sim->cpu_of[h] = first[m[h]] - 1;
	}
	free(first);
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

static struct sim *build(const struct scenario *, char **workers,
    char **servers, char *storage);

int
sim_place(const struct scenario *sc, char ***workers, char ***servers,
    char **storage, char **errors)
{
	if (!sim_fits_memory(sc, errors) ||
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
	sim_engine_start(sc);
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
		bad = !sim_fits_memory(top->jobs[i], errors) ||
		    platform_place(top->jobs[i], &workers[i], &servers[i],
		    NULL, errors) != 0;
	if (!bad) {
		sim_engine_start(top);
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
	sg_host_t *hosts;
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
	for (i = 0; i < RING_CUTS; i++)
		sim->ring_cut[i].key = -1;
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
	if (sim->layout.nbuckets > 0 && sc->strategy.pull == PULL_FORWARD) {
		sim->pulled = xcalloc((size_t)sim->nworkers,
		    sizeof *sim->pulled);
		for (i = 0; i < sim->nworkers; i++)
			sim->pulled[i] = sg_sem_init(0);
	}
	sim->steps = sc->run.steps;
	hosts = xcalloc((size_t)sim->nhosts + 1, sizeof *hosts);
	for (i = 0; i < sim->nhosts; i++)
		hosts[i] = sim->hosts[i].host;
	sim->metrics = metrics_create(sc, hosts, sim->nhosts, sim->nworkers,
	    sim->layout.nbuckets > 0);
	free(hosts);
	sim->next_fault_s = INFINITY;
	sim->last_fault_s = -INFINITY;
	sim->last_save_s = -INFINITY;
	sim->ff = ff_create(sim);
	facts(sim);
	/* a host's machine, for sim_between_machines (sim.h) */
	for (i = 0; sc->cluster.gpus_per_host > 1 &&
	    sim->facts.rack_of != NULL && i < sim->nhosts; i++)
		sg_host_set_data(sim->hosts[i].host,
		    (void *)(intptr_t)(sim->facts.rack_of[i] + 1));
	if (sc->strategy.server_cpu != NULL && sim->layout.nshards > 0)
		cpu_slots(sim);
	if (sc->cluster.topology == TOPO_PLATFORM)
		link_table(sim);
	sim->ffa = ffa_create(sim);	/* (after link_table: pays_latency) */
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

double
sim_run(struct sim *sim)
{
	return sim_run_jobs(&sim, 1);
}

/* PSIM_TIE_PROBE=S, for the tests: an actor that wakes every S
 * simulated seconds and does nothing.  Each wake-up splits SimGrid's
 * update of the transfers' bytes in two, an ulp apart from one update,
 * so transfers that end at one instant may end in another order: a
 * sample of that order, which an asynchronous PS's staleness follows
 * (tests/t3005, psim(1)). */
static void
tie_probe(int argc, char **argv)
{
	double s = atof(getenv("PSIM_TIE_PROBE"));

	(void)argc;
	(void)argv;
	sg_actor_daemonize(sg_actor_self());
	for (;;)
		sg_actor_sleep_for(s);
}

/* Before the run: the strategy's set-up, the workers. */
static void
start(struct sim *sim)
{
	/* with faults, a job that starts down (a host it needs is down from
	 * the start) is set up and started by the controller once it can */
	int down = sim->start_down;
	int w;
	const char *probe = getenv("PSIM_TIE_PROBE");

	if (probe != NULL && atof(probe) > 0)
		sg_actor_start(sg_actor_init("tie-probe",
		    sim->hosts[sim->storage >= 0 ? sim->storage : 0].host),
		    tie_probe, 0, NULL);
	if (down == 0 && sim->strategy->setup != NULL)
		sim->strategy->setup(sim);
	if (down == 0)
		ffa_start(sim);
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
	/* an asynchronous PS's workers stopped at the run's end (the
	 * clock, or the target loss): the job's steps are the most any of
	 * them began */
	if (!sim->sc->faults.on && sim->begun < sim->steps &&
	    sim_past_end(sim)) {
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

/* The hosts with a role, as the summary reads them (metrics_summary
 * adds their ledgers). */
static struct summary_host *
summary_hosts(const struct sim *sim)
{
	struct summary_host *hosts = xcalloc((size_t)sim->nhosts + 1,
	    sizeof *hosts), *h;
	int i;

	for (i = 0; i < sim->nhosts; i++) {
		h = &hosts[i];
		h->name = sim->hosts[i].name;
		h->worker = sim->hosts[i].worker;
		h->server = sim->hosts[i].server;
		h->storage = i == sim->storage;
		h->shards = sim->hosts[i].shards;
		h->group = sim->facts.rack_of != NULL ?
		    sim->facts.rack_of[i] : -1;
	}
	return hosts;
}

struct results *
sim_results(struct sim *sim, const struct analytic *a, double wall_s)
{
	struct summary_in in = { .sc = sim->sc };
	struct summary_host *hosts = summary_hosts(sim);
	struct results *r;

	metrics_summary(sim->metrics, &in, hosts);
	in.fstats = sim->fstats;
	in.fast_forwarded = ff_skipped(sim->ff) + ffa_skipped(sim->ffa);
	in.ff_messages = ff_messages(sim->ff) + ffa_messages(sim->ffa) +
	    sim->rounds_skipped;
	r = summary_results(&in, a, wall_s);
	numerics_training(sim->num, &r->training);
	free(hosts);
	return r;
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
	ffa_free(sim->ffa);
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
	for (i = 0; sim->pulled != NULL && i < sim->nworkers; i++)
		sg_sem_destroy(sim->pulled[i]);
	free(sim->ready);
	free(sim->done);
	free(sim->pulled);
	free(sim->worker_mbox);
	free(sim->shard_hidx);
	free(sim->cpu_of);
	free(sim->cpu_free_s);
	layout_free(&sim->layout);
	cluster_facts_free(&sim->facts);
	free(sim->link_lat);
	free(sim->lat_base);
	free(sim->lat_end);
	free(sim);
}
