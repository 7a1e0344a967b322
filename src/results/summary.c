/* summary.c: a run's figures from its records and ledgers, plain data
 * (summary.h): step times (the whole job's steps in lock step, or each
 * worker's own), where a step's time goes, the protocol's counts,
 * goodput and its steady state, the cost, each host's traffic and NIC
 * utilization, each link's load; then results_summarize() finds the
 * busiest hosts and the bottleneck.  Utilization is bytes / (nominal
 * bandwidth x simulated time). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "results.h"
#include "scenario.h"
#include "stats.h"
#include "summary.h"
#include "xmalloc.h"

/* Nearest-rank percentile of sorted v. */
static double
percentile(const double *v, int n, double p)
{
	int rank = (int)ceil(p / 100 * n);

	if (rank < 1)
		rank = 1;
	return v[rank - 1];
}

/* The mean, median, 95th percentile and maximum of k step times (their
 * sum given); sorts times. */
static void
step_times(struct results *r, double *times, int k, double sum)
{
	r->step_mean_s = sum / k;
	qsort(times, (size_t)k, sizeof *times, stats_cmp_double);
	r->step_p50_s = percentile(times, k, 50);
	r->step_p95_s = percentile(times, k, 95);
	r->step_max_s = times[k - 1];
}

/* A step's breakdown, summed over the workers that ran it. */
struct cells {
	double		 n, compute, between, wait, exposed, comm;
};

/* Worker cell i of a step whose previous step ended at prev, and whose
 * slowest compute ended at ready: compute; before it, a fault's stall,
 * restart or checkpoint; waiting for the slowest peer to finish
 * computing; the rest is communication. */
static void
cell_add(const struct summary_in *m, size_t i, double prev, double ready,
    struct cells *c)
{
	double wait = ready - m->t_compute[i];
	double held = m->held != NULL ? m->held[i] : 0;

	if (wait > m->t_end[i] - m->t_compute[i])
		wait = m->t_end[i] - m->t_compute[i];
	/* rounding of the clock over many executions */
	if (wait < 1e-6 * (m->t_end[i] - m->t_start[i]))
		wait = 0;
	c->n++;
	/* the same rounding (a fast-forward's sums leave 1e-15 s) */
	if (m->t_start[i] - prev > 1e-6 * (m->t_end[i] - m->t_start[i]))
		c->between += m->t_start[i] - prev;
	c->compute += m->t_compute[i] - m->t_start[i] - held;
	c->wait += wait;
	c->exposed += m->t_end[i] - m->t_compute[i] - wait + held;
	c->comm += m->busy != NULL ? m->busy[i] : m->t_end[i] -
	    m->t_compute[i] - wait;
}

/* The breakdown is each step's mean over the workers that ran it (an
 * elastic ring has fewer, a PS worker that died has none for its step),
 * averaged over the steps as the step time is: so that it adds up to
 * the step time under faults too, where a long step has fewer cells. */
static void
step_stats(const struct summary_in *m, struct results *r)
{
	const struct scenario *sc = m->sc;
	int n = m->nworkers, s, w, k = 0;
	double *times = xcalloc((size_t)m->steps, sizeof *times);
	/* a job of several may start later: its first step from then */
	double prev = sc->job.start_s, end, ready, sum = 0, cells = 0;
	struct cells c;
	size_t i;

	r->steps = m->steps;
	r->measured = m->steps - sc->run.warmup;
	for (s = 0; s < m->steps; s++) {
		end = ready = 0;
		for (w = 0; w < n; w++) {
			i = (size_t)s * (size_t)n + (size_t)w;
			if (m->t_end[i] > end)
				end = m->t_end[i];
			if (m->t_compute[i] > ready)
				ready = m->t_compute[i];
		}
		if (end == 0)
			continue;	/* never run: a job that gave up */
		if (s >= sc->run.warmup) {
			times[k++] = end - prev;
			sum += end - prev;
			memset(&c, 0, sizeof c);
			for (w = 0; w < n; w++) {
				i = (size_t)s * (size_t)n + (size_t)w;
				if (m->t_end[i] != 0)
					cell_add(m, i, prev, ready, &c);
			}
			if (c.n > 0) {
				cells += c.n;
				r->compute_s += c.compute / c.n;
				r->between_s += c.between / c.n;
				r->wait_s += c.wait / c.n;
				r->exposed_s += c.exposed / c.n;
				r->communication_s += c.comm / c.n;
			}
		}
		prev = end;
	}
	r->simulated_s = prev;
	r->timed = k;
	if (k == 0)
		times[k++] = 0;		/* no step measured */
	if (cells == 0)
		cells = 1;
	r->compute_s /= k;
	r->between_s /= k;
	r->wait_s /= k;
	r->communication_s /= k;
	r->exposed_s /= k;
	r->overlap_ratio = r->communication_s > 0 ?
	    1 - r->exposed_s / r->communication_s : 0;
	if (r->overlap_ratio < 1e-9)
		r->overlap_ratio = 0;
	step_times(r, times, k, sum);
	r->throughput_samples_per_s = r->step_mean_s > 0 ?
	    cells / k * sc->model.batch / r->step_mean_s : 0;
	free(times);
}

/* Workers that do not wait for each other (async, ssp, backup): the
 * statistics of each worker's own steps; a worker with backup workers
 * may have run fewer steps than the scenario's (it never ran the rest). */
static void
step_stats_own(const struct summary_in *m, struct results *r)
{
	const struct scenario *sc = m->sc;
	int n = m->nworkers, s, w, k = 0;
	long done = 0;
	/* room for every step of every worker, and for every update (more
	 * than the steps when a server failure rolled some back) */
	size_t room = (size_t)m->steps * (size_t)n > (size_t)m->applied ?
	    (size_t)m->steps * (size_t)n : (size_t)m->applied;
	double *times = xcalloc(room + 1, sizeof *times);
	double sum = 0;
	size_t i;

	r->steps = m->steps;
	r->measured = m->steps - sc->run.warmup;
	for (s = 0; s < m->steps; s++) {
		for (w = 0; w < n; w++) {
			i = (size_t)s * (size_t)n + (size_t)w;
			if (m->t_end[i] <= 0)
				continue;
			done++;
			if (m->t_end[i] > r->simulated_s)
				r->simulated_s = m->t_end[i];
			if (s < sc->run.warmup)
				continue;
			times[k++] = m->t_end[i] - m->t_start[i];
			sum += m->t_end[i] - m->t_start[i];
			r->compute_s += m->t_compute[i] - m->t_start[i];
			r->communication_s += m->t_end[i] - m->t_compute[i];
		}
	}
	r->timed = k;
	if (k == 0)
		times[k++] = 0;
	r->compute_s /= k;
	r->communication_s /= k;
	r->exposed_s = r->communication_s;
	step_times(r, times, k, sum);
	r->throughput_samples_per_s = r->simulated_s > sc->job.start_s ?
	    (double)done * sc->model.batch / (r->simulated_s -
	    sc->job.start_s) : 0;
	if (sc->strategy.sync == SYNC_BACKUP && m->applied > sc->run.warmup) {
		/* the servers' steps: from one update to the next, which
		 * the slowest workers do not hold up */
		for (k = 0, sum = 0; k + sc->run.warmup < m->applied; k++) {
			i = (size_t)(k + sc->run.warmup);
			times[k] = m->update_t[i] - (i > 0 ?
			    m->update_t[i - 1] : 0);
			sum += times[k];
		}
		step_times(r, times, k, sum);
	}
	free(times);
}

static void
protocol_stats(const struct summary_in *m, struct results *r)
{
	struct protocol *p = &r->protocol;
	long seen = 0, rank;
	int b;

	p->max_ahead = m->ahead;
	if (m->sc->strategy.sync == SYNC_SYNC) {
		p->applied = r->steps;
		p->updates_per_s = r->step_mean_s > 0 ? 1 / r->step_mean_s : 0;
		return;
	}
	p->present = 1;
	p->applied = m->applied;
	p->updates_per_s = m->applied > 0 && m->update_t[m->applied - 1] > 0 ?
	    (double)m->applied / m->update_t[m->applied - 1] : 0;
	p->dropped = m->dropped;
	p->stale_count = m->stale_count;
	p->stale_mean = m->stale_count > 0 ?
	    m->stale_sum / (double)m->stale_count : 0;
	p->stale_max = m->stale_max;
	for (b = 0; b < m->stale_bins; b++) {
		if (m->stale_hist[b] > 0)
			p->stale_bins = b + 1;
	}
	p->stale_hist = xcalloc((size_t)p->stale_bins + 1,
	    sizeof *p->stale_hist);
	/* nearest rank: the first bin that brings 95% of them */
	rank = (long)ceil(0.95 * (double)m->stale_count);
	for (b = p->stale_bins - 1; b >= 0; b--)
		p->stale_hist[b] = m->stale_hist[b];
	for (b = 0; b < p->stale_bins && seen < rank; b++) {
		seen += m->stale_hist[b];
		p->stale_p95 = b;
	}
}

/* What the hosts cost: workers for the hours they were up (a preempted
 * spot instance is not billed until its replacement starts), servers and
 * the storage host for the whole run. */
static void
cost(const struct summary_in *m, struct results *r)
{
	const struct scenario *sc = m->sc;
	struct cost *c = &r->cost;
	double end = sc->faults.on ? m->fstats.end_s : r->simulated_s;

	if (!sc->cluster.priced)
		return;
	c->present = 1;
	c->worker_h = (sc->faults.on ? m->fstats.worker_up_s :
	    m->nworkers * end) / 3600;
	c->server_h = sc->placement.servers * end / 3600;
	c->storage_h = sc->faults.on ? end / 3600 : 0;
	/* a NIC a machine */
	c->total = cluster_cost(sc, c->worker_h, c->server_h, c->storage_h,
	    c->worker_h / (sc->cluster.gpus_per_host > 1 ?
	    sc->cluster.gpus_per_host : 1) + c->server_h + c->storage_h);
	c->per_1000_steps = sc->faults.on && m->fstats.done_s < 0 ? -1 :
	    1000 * c->total / r->steps;
}

/* The steady state: the run after its warm-up steps and its first 10%
 * of simulated time (the first faults' transients).  The window opens
 * at the end of the first step that ends at or after both (the first
 * update, for servers that do not run in lock step) and closes at the
 * job's end; steady goodput is goodput's count over that window: the
 * steps after the one that opens it, over the seconds from it to the
 * end.  0 when the window is empty (a run of one step). */
static double
steady_open(const struct summary_in *m, double end_s, int *before)
{
	const struct scenario *sc = m->sc;
	int n = m->nworkers, s, w;
	double e, from = 0.1 * end_s;
	size_t i;

	for (s = 0, *before = 0; s < m->steps; s++) {
		for (w = 0, e = 0; w < n; w++) {
			i = (size_t)s * (size_t)n + (size_t)w;
			if (m->t_end[i] > e)
				e = m->t_end[i];
		}
		if (e == 0)
			continue;	/* never run: a job that gave up */
		*before = s + 1;
		if (s == sc->run.warmup - 1 && e > from)
			from = e;
		if (s >= sc->run.warmup - 1 && e >= from)
			return e;
	}
	return end_s;
}

static void
steady(const struct summary_in *m, struct results *r, double end_s)
{
	double open, overall;
	long k;
	int before;

	r->goodput_steady_steps_per_s = 0;
	if (end_s <= 0)
		return;
	if (m->sc->strategy.sync == SYNC_SYNC) {
		open = steady_open(m, end_s, &before);
		if (end_s > open)
			r->goodput_steady_steps_per_s = (r->steps - before) /
			    (end_s - open);
		return;
	}
	/* async, ssp, backup: goodput scaled by the updates' rate in the
	 * window over their rate in the whole run */
	if (m->applied < 2 || r->goodput_steps_per_s <= 0)
		return;
	end_s = m->update_t[m->applied - 1];
	for (k = 0; k < m->applied - 1 && m->update_t[k] < 0.1 * end_s; k++)
		;
	overall = (double)m->applied / end_s;
	if (end_s > m->update_t[k])
		r->goodput_steady_steps_per_s = r->goodput_steps_per_s *
		    (double)(m->applied - 1 - k) / (end_s - m->update_t[k]) /
		    overall;
}

/* Useful steps per simulated second: the job's steps over the time
 * the job had them (with faults: rolled-back steps redone, stalls and
 * restarts included); for async and ssp a step is n gradients.  Then the
 * same over the steady state. */
static void
goodput(const struct summary_in *m, struct results *r)
{
	const struct scenario *sc = m->sc;

	if (sc->faults.on) {
		r->faults = 1;
		r->fstats = m->fstats;
		r->goodput_steps_per_s = m->fstats.done_s > 0 ?
		    r->steps / m->fstats.done_s : 0;
	} else if (sc->strategy.sync == SYNC_ASYNC ||
	    sc->strategy.sync == SYNC_SSP)
		r->goodput_steps_per_s = r->protocol.updates_per_s /
		    m->nworkers;
	else if (sc->strategy.sync == SYNC_BACKUP)
		r->goodput_steps_per_s = r->protocol.updates_per_s;
	else
		r->goodput_steps_per_s = r->simulated_s > sc->job.start_s ?
		    r->steps / (r->simulated_s - sc->job.start_s) : 0;
	steady(m, r, sc->faults.on ? m->fstats.done_s : r->simulated_s);
	cost(m, r);
}

static void
host_stats(const struct summary_in *m, struct results *r)
{
	const struct summary_host *in;
	struct host_result *h;
	double T = r->simulated_s - m->sc->job.start_s, u;
	int i, d, l, gpus = cluster_gpus(m->sc);

	r->nhosts = m->nhosts;
	r->hosts = xcalloc((size_t)m->nhosts, sizeof *r->hosts);
	for (i = 0; i < m->nhosts; i++) {
		in = &m->hosts[i];
		h = &r->hosts[i];
		h->name = xstrdup(in->name);
		h->worker = in->worker;
		h->server = in->server;
		h->storage = in->storage;
		h->shards = in->shards;
		h->group = gpus > 1 ? in->group : -1;
		h->bytes_sent = in->sent;
		h->bytes_received = in->received;
		if (r->steps > 0 && in->cpu_s / r->steps > r->server_cpu_s) {
			r->server_cpu_s = in->cpu_s / r->steps;
			r->server_cpu_host = i;
		}
		r->total_sent += in->sent;
		r->total_received += in->received;
		for (d = 0; d < 2; d++) {
			l = d == 0 ? in->nic_up : in->nic_down;
			if (l < 0)
				continue;
			h->nic_Bps = m->links[l].Bps;
			u = T > 0 ? m->links[l].bytes / (h->nic_Bps * T) : 0;
			if (u > h->nic_utilization)
				h->nic_utilization = u;
		}
	}
}

/* The links that carried bytes; each NIC's host (the lowest, if several
 * share it) and direction, and on a multi-GPU cluster the machine whose
 * NIC it is. */
static void
link_stats(const struct summary_in *m, struct results *r)
{
	const struct scenario *sc = m->sc;
	const struct summary_link *in;
	struct link_result *l;
	double T = r->simulated_s - sc->job.start_s;
	size_t i;
	int h, up, gpus = cluster_gpus(sc);
	int *owner = xcalloc(m->nlinks + 1, sizeof *owner);
	char name[64];

	for (i = 0; i < m->nlinks; i++)
		owner[i] = -1;
	for (h = m->nhosts - 1; h >= 0; h--) {
		if (m->hosts[h].nic_down >= 0)
			owner[m->hosts[h].nic_down] = h;
		if (m->hosts[h].nic_up >= 0)
			owner[m->hosts[h].nic_up] = h;
	}
	r->links = xcalloc(m->nlinks + 1, sizeof *r->links);
	for (i = 0; i < m->nlinks; i++) {
		in = &m->links[i];
		if (in->bytes == 0)
			continue;
		l = &r->links[r->nlinks++];
		l->name = xstrdup(in->name);
		l->bytes = in->bytes;
		l->bandwidth_Bps = in->Bps;
		l->utilization = T > 0 ? l->bytes / (l->bandwidth_Bps * T) : 0;
		l->host = -1;
		/* Loopback links carry a host's talk to itself: not a
		 * network bottleneck. */
		if (!in->remote)
			l->host = -2;
		if (owner[i] >= 0) {
			l->host = owner[i];
			l->up = m->hosts[owner[i]].nic_up == (int)i;
			l->both_ways = m->hosts[owner[i]].nic_up ==
			    m->hosts[owner[i]].nic_down;
		}
		/* a multi-GPU machine's NIC, which its GPUs share */
		l->group = gpus > 1 ? cluster_machine_nic(sc, l->name, &up) :
		    -1;
		if (l->group >= 0) {
			cluster_group_name(sc, l->group, name, sizeof name);
			l->group_name = xstrdup(name);
			l->up = up;
			l->cpu_host = l->group >= sc->cluster.hosts;
		}
	}
	free(owner);
}

struct results *
summary_results(const struct summary_in *m, const struct analytic *a,
    double wall_s)
{
	struct results *r = xcalloc(1, sizeof *r);

	r->analytic = *a;
	if (m->sc->strategy.sync == SYNC_SYNC)
		step_stats(m, r);
	else
		step_stats_own(m, r);
	protocol_stats(m, r);
	goodput(m, r);
	host_stats(m, r);
	link_stats(m, r);
	results_summarize(r, m->sc->strategy.info->family == FAMILY_PS,
	    cluster_gpus(m->sc));
	r->messages = m->messages;
	r->fast_forwarded = m->fast_forwarded;
	r->ff_messages = m->ff_messages;
	r->wall_s = wall_s;
	return r;
}
