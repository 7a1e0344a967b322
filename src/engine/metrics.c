/* metrics.c: the ledgers of a run and the summary a report prints.
 *
 * psim keeps its own per-link byte ledger: each received message charges
 * every link of its route (sg_host_get_route, looked up once per host
 * pair and cached), because SimGrid 3.32's link_load plugin cannot handle
 * split-duplex links.  Utilisation is bytes / (nominal bandwidth x
 * simulated time). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include "cluster.h"
#include "metrics.h"
#include "platform.h"
#include "sim.h"
#include "units.h"
#include "xmalloc.h"

struct route {
	long		 key;		/* src * nhosts + dst + 1; 0: empty */
	int		 off;		/* into pool */
	int		 len;
};

struct metrics {
	struct sim	*sim;
	int		 nworkers;
	int		 steps;		/* the job's */
	int		 rows;		/* of records allocated, <= steps */
	double		*t_start, *t_compute, *t_end;	/* [step][worker] */
	double		*busy;		/* buckets: comm actor's time */

	int		 nhosts;
	double		*sent, *received;

	size_t		 nlinks;
	sg_link_t	*links;
	double		*link_bytes;
	char		*link_remote;	/* carried traffic between hosts */
	int		*nic_up, *nic_down;	/* per host, link or -1 */

	struct route	*routes;
	size_t		 cap, used;
	int		*pool;
	size_t		 pool_len, pool_cap;

	long		 messages;

	long		*stale_hist;	/* capped: the last bin takes the rest */
	long		 stale_cap, stale_count, stale_max, applied, ahead;
	double		 stale_sum, dropped;
	double		*update_t;	/* when each update was applied */
	long		 update_cap;
};

static int
link_index(sg_link_t l)
{
	return (int)(intptr_t)sg_link_get_data(l) - 1;
}

/* The cached route from host src to host dst. */
static struct route *
route_get(struct metrics *m, int src, int dst)
{
	long key = (long)src * m->nhosts + dst + 1;
	size_t i, mask, n, j;
	struct route *r, *old;
	xbt_dynar_t links;
	sg_link_t l;

	if (m->used * 2 >= m->cap) {
		old = m->routes;
		n = m->cap;
		m->cap = m->cap ? m->cap * 2 : 1024;
		m->routes = xcalloc(m->cap, sizeof *m->routes);
		mask = m->cap - 1;
		for (j = 0; j < n; j++) {
			if (old[j].key == 0)
				continue;
			for (i = (size_t)old[j].key * 2654435761u & mask;
			    m->routes[i].key != 0; i = (i + 1) & mask)
				;
			m->routes[i] = old[j];
		}
		free(old);
	}
	mask = m->cap - 1;
	for (i = (size_t)key * 2654435761u & mask; m->routes[i].key != 0;
	    i = (i + 1) & mask) {
		if (m->routes[i].key == key)
			return &m->routes[i];
	}
	r = &m->routes[i];
	r->key = key;
	r->off = (int)m->pool_len;
	links = xbt_dynar_new(sizeof(sg_link_t), NULL);
	sg_host_get_route(m->sim->hosts[src].host, m->sim->hosts[dst].host,
	    links);
	r->len = (int)xbt_dynar_length(links);
	if (m->pool_len + (size_t)r->len > m->pool_cap) {
		m->pool_cap = (m->pool_cap + (size_t)r->len) * 2;
		m->pool = xreallocarray(m->pool, m->pool_cap, sizeof *m->pool);
	}
	for (j = 0; j < (size_t)r->len; j++) {
		l = xbt_dynar_get_as(links, j, sg_link_t);
		m->pool[m->pool_len++] = link_index(l);
	}
	xbt_dynar_free(&links);
	m->used++;
	return r;
}

/* A host's NIC: the first link out of it and the last link into it, on
 * its routes to another host psim uses. */
static void
find_nics(struct metrics *m)
{
	struct route *r;
	int h, peer;

	for (h = 0; h < m->nhosts; h++) {
		m->nic_up[h] = m->nic_down[h] = -1;
		peer = h == 0 ? 1 : 0;
		if (peer >= m->nhosts)
			continue;
		r = route_get(m, h, peer);
		if (r->len > 0)
			m->nic_up[h] = m->pool[r->off];
		r = route_get(m, peer, h);
		if (r->len > 0)
			m->nic_down[h] = m->pool[r->off + r->len - 1];
	}
}

/* Room for the records of steps 0 to step (and more, up to the job's
 * steps), the new ones zero: a run by run.duration has as many steps as
 * fit, run.steps (up to RUN_STEPS_MAX) at most. */
static void
grow(struct metrics *m, int step)
{
	size_t n = (size_t)m->nworkers, old = (size_t)m->rows * n, cells;
	int rows = m->rows;

	if (step < m->rows)
		return;
	while (rows <= step && rows < m->steps)
		rows = rows < m->steps / 2 ? 2 * rows + 1 : m->steps;
	cells = (size_t)rows * n;
	m->t_start = xreallocarray(m->t_start, cells, sizeof *m->t_start);
	m->t_compute = xreallocarray(m->t_compute, cells,
	    sizeof *m->t_compute);
	m->t_end = xreallocarray(m->t_end, cells, sizeof *m->t_end);
	memset(m->t_start + old, 0, (cells - old) * sizeof *m->t_start);
	memset(m->t_compute + old, 0, (cells - old) * sizeof *m->t_compute);
	memset(m->t_end + old, 0, (cells - old) * sizeof *m->t_end);
	if (m->busy != NULL) {
		m->busy = xreallocarray(m->busy, cells, sizeof *m->busy);
		memset(m->busy + old, 0, (cells - old) * sizeof *m->busy);
	}
	m->rows = rows;
}

struct metrics *
metrics_create(struct sim *sim, int steps)
{
	struct metrics *m = xcalloc(1, sizeof *m);
	size_t i;

	m->sim = sim;
	m->nworkers = sim->nworkers;
	m->steps = steps;
	/* by run.duration the steps are not known: the rows grow */
	m->busy = sim->nbuckets > 0 ? xcalloc(1, sizeof *m->busy) : NULL;
	grow(m, scenario_open_ended(sim->sc) && steps > 1024 ? 1023 :
	    steps - 1);
	m->nhosts = sim->nhosts;
	m->sent = xcalloc((size_t)m->nhosts, sizeof *m->sent);
	m->received = xcalloc((size_t)m->nhosts, sizeof *m->received);
	m->nlinks = sg_link_count();
	m->links = sg_link_list();
	m->link_bytes = xcalloc(m->nlinks, sizeof *m->link_bytes);
	m->link_remote = xcalloc(m->nlinks, 1);
	for (i = 0; i < m->nlinks; i++)
		sg_link_set_data(m->links[i], (void *)(intptr_t)(i + 1));
	m->nic_up = xcalloc((size_t)m->nhosts, sizeof *m->nic_up);
	m->nic_down = xcalloc((size_t)m->nhosts, sizeof *m->nic_down);
	find_nics(m);
	m->stale_cap = 4L * m->nworkers + 16;
	m->stale_hist = xcalloc((size_t)m->stale_cap, sizeof *m->stale_hist);
	m->ahead = -1;
	return m;
}

void
metrics_free(struct metrics *m)
{
	if (m == NULL)
		return;
	free(m->t_start);
	free(m->t_compute);
	free(m->t_end);
	free(m->busy);
	free(m->sent);
	free(m->received);
	free(m->links);
	free(m->link_bytes);
	free(m->link_remote);
	free(m->nic_up);
	free(m->nic_down);
	free(m->routes);
	free(m->pool);
	free(m->stale_hist);
	free(m->update_t);
	free(m);
}

void
metrics_step(struct metrics *m, int w, int step, double start,
    double compute_end, double end)
{
	size_t i = (size_t)step * (size_t)m->nworkers + (size_t)w;

	grow(m, step);
	m->t_start[i] = start;
	m->t_compute[i] = compute_end;
	m->t_end[i] = end;
}

void
metrics_forget(struct metrics *m, int step)
{
	size_t i = (size_t)step * (size_t)m->nworkers;
	size_t cells = (size_t)m->rows * (size_t)m->nworkers;

	for (; i < cells; i++)
		m->t_start[i] = m->t_compute[i] = m->t_end[i] = 0;
}

void
metrics_end(struct metrics *m, int steps)
{
	m->steps = steps;
	grow(m, steps - 1);
}

void
metrics_comm(struct metrics *m, int w, int step, double busy_s)
{
	grow(m, step);
	m->busy[(size_t)step * (size_t)m->nworkers + (size_t)w] = busy_s;
}

void
metrics_staleness(struct metrics *m, long stale)
{
	m->stale_hist[stale < m->stale_cap ? stale : m->stale_cap - 1]++;
	m->stale_count++;
	m->stale_sum += (double)stale;
	if (stale > m->stale_max)
		m->stale_max = stale;
}

void
metrics_applied(struct metrics *m)
{
	if (m->applied == m->update_cap) {
		m->update_cap = m->update_cap ? 2 * m->update_cap : 256;
		m->update_t = xreallocarray(m->update_t, (size_t)m->update_cap,
		    sizeof *m->update_t);
	}
	m->update_t[m->applied++] = simgrid_get_clock();
}

void
metrics_dropped(struct metrics *m, double count)
{
	m->dropped += count;
}

void
metrics_ahead(struct metrics *m, long ahead)
{
	if (ahead > m->ahead)
		m->ahead = ahead;
}

sg_link_t
metrics_nic_link(const struct metrics *m, int h, int up)
{
	int l = up ? m->nic_up[h] : m->nic_down[h];

	return l >= 0 ? m->links[l] : NULL;
}

size_t
metrics_links(const struct metrics *m, sg_link_t **links)
{
	*links = m->links;
	return m->nlinks;
}

int
metrics_route(struct metrics *m, int src, int dst, const int **links)
{
	struct route *r = route_get(m, src, dst);

	*links = m->pool + r->off;
	return r->len;
}

void
metrics_sent(struct metrics *m, int src, int dst, double bytes)
{
	if (src != dst)
		m->sent[src] += bytes;
}

void
metrics_received(struct metrics *m, int src, int dst, double bytes)
{
	struct route *r;
	int i;

	m->messages++;
	if (src != dst)
		m->received[dst] += bytes;
	if (sim_local_free(m->sim, src, dst))
		return;		/* memory, not links */
	r = route_get(m, src, dst);
	for (i = 0; i < r->len; i++) {
		m->link_bytes[m->pool[r->off + i]] += bytes;
		if (src != dst)
			m->link_remote[m->pool[r->off + i]] = 1;
	}
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

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
	qsort(times, (size_t)k, sizeof *times, cmp_double);
	r->step_p50_s = percentile(times, k, 50);
	r->step_p95_s = percentile(times, k, 95);
	r->step_max_s = times[k - 1];
}

static void
step_stats(struct metrics *m, struct results *r)
{
	const struct scenario *sc = m->sim->sc;
	int n = m->nworkers, s, w, k = 0;
	double *times = xcalloc((size_t)m->steps, sizeof *times);
	/* a job of several may start later: its first step from then */
	double prev = sc->job.start_s, end, ready, wait, sum = 0, cells = 0;
	size_t i;

	/* the cells of workers that ran the step (an elastic ring has
	 * fewer, a PS worker that died has none for its step) */
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
			/* Per worker: compute; waiting for the slowest peer to
			 * finish computing; the rest is communication. */
			for (w = 0; w < n; w++) {
				i = (size_t)s * (size_t)n + (size_t)w;
				if (m->t_end[i] == 0)
					continue;
				cells++;
				wait = ready - m->t_compute[i];
				if (wait > m->t_end[i] - m->t_compute[i])
					wait = m->t_end[i] - m->t_compute[i];
				/* rounding of the clock over many executions */
				if (wait < 1e-6 * (m->t_end[i] - m->t_start[i]))
					wait = 0;
				r->compute_s += m->t_compute[i] - m->t_start[i];
				r->wait_s += wait;
				r->exposed_s += m->t_end[i] - m->t_compute[i] -
				    wait;
				r->communication_s += m->busy != NULL ?
				    m->busy[i] : m->t_end[i] - m->t_compute[i] -
				    wait;
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
	r->compute_s /= cells;
	r->wait_s /= cells;
	r->communication_s /= cells;
	r->exposed_s /= cells;
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
step_stats_own(struct metrics *m, struct results *r)
{
	const struct scenario *sc = m->sim->sc;
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
protocol_stats(struct metrics *m, struct results *r)
{
	struct protocol *p = &r->protocol;
	long seen = 0, rank;
	int b;

	p->max_ahead = m->ahead;
	if (m->sim->sc->strategy.sync == SYNC_SYNC) {
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
	for (b = 0; b < m->stale_cap; b++) {
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
cost(const struct sim *sim, struct results *r)
{
	const struct scenario *sc = sim->sc;
	struct cost *c = &r->cost;
	double end = sim->sc->faults.on ? sim->fstats.end_s : r->simulated_s;

	if (!sc->cluster.priced)
		return;
	c->present = 1;
	c->worker_h = (sim->sc->faults.on ? sim->fstats.worker_up_s :
	    sim->nworkers * end) / 3600;
	c->server_h = sim->nservers * end / 3600;
	c->storage_h = sim->sc->faults.on ? end / 3600 : 0;
	c->total = cluster_cost(sc, c->worker_h, c->server_h, c->storage_h,
	    c->worker_h / (sc->cluster.gpus_per_host > 1 ?
	    sc->cluster.gpus_per_host : 1) + c->server_h + c->storage_h);
	c->per_1000_steps = sim->sc->faults.on && sim->fstats.done_s < 0 ? -1 :
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
steady_open(const struct metrics *m, double end_s, int *before)
{
	const struct scenario *sc = m->sim->sc;
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
steady(const struct metrics *m, struct results *r, double end_s)
{
	double open, overall;
	long k;
	int before;

	r->goodput_steady_steps_per_s = 0;
	if (end_s <= 0)
		return;
	if (m->sim->sc->strategy.sync == SYNC_SYNC) {
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
goodput(const struct metrics *m, struct results *r)
{
	const struct sim *sim = m->sim;
	const struct scenario *sc = sim->sc;

	if (sim->sc->faults.on) {
		r->faults = 1;
		r->fstats = sim->fstats;
		r->goodput_steps_per_s = sim->fstats.done_s > 0 ?
		    r->steps / sim->fstats.done_s : 0;
	} else if (sc->strategy.sync == SYNC_ASYNC ||
	    sc->strategy.sync == SYNC_SSP)
		r->goodput_steps_per_s = r->protocol.updates_per_s /
		    sim->nworkers;
	else if (sc->strategy.sync == SYNC_BACKUP)
		r->goodput_steps_per_s = r->protocol.updates_per_s;
	else
		r->goodput_steps_per_s = r->simulated_s > sc->job.start_s ?
		    r->steps / (r->simulated_s - sc->job.start_s) : 0;
	steady(m, r, sim->sc->faults.on ? sim->fstats.done_s : r->simulated_s);
	cost(sim, r);
}

static void
training_stats(const struct numerics *nm, struct training *t)
{
	if (nm == NULL)
		return;
	t->present = 1;
	t->teacher_loss = nm->teacher_loss;
	t->initial_loss = nm->initial_loss;
	t->final_loss = nm->final_loss;
	t->time_to_target_s = nm->time_to_target_s;
	t->serial_deviation = nm->serial_deviation;
	t->reduce_error = nm->orig[0] != NULL ? nm->reduce_error : -1;
	t->ncurve = nm->ncurve;
	t->curve = xcalloc((size_t)nm->ncurve + 1, sizeof *t->curve);
	memcpy(t->curve, nm->curve, (size_t)nm->ncurve * sizeof *t->curve);
}

/* GPUs per machine: 1 but on a generated multi-GPU cluster. */
static int
metrics_gpus(const struct scenario *sc)
{
	return sc->cluster.topology == TOPO_PLATFORM ? 1 :
	    sc->cluster.gpus_per_host;
}

static void
host_stats(struct metrics *m, struct results *r)
{
	struct sim *sim = m->sim;
	struct host_result *h;
	double T = r->simulated_s - sim->sc->job.start_s, u;
	int i, d, gpus = metrics_gpus(sim->sc);

	r->nhosts = m->nhosts;
	r->hosts = xcalloc((size_t)m->nhosts, sizeof *r->hosts);
	for (i = 0; i < m->nhosts; i++) {
		h = &r->hosts[i];
		h->name = xstrdup(sim->hosts[i].name);
		h->worker = sim->hosts[i].worker;
		h->server = sim->hosts[i].server;
		h->storage = i == sim->storage;
		h->shards = sim->hosts[i].shards;
		h->group = gpus > 1 && sim->rack_of != NULL ?
		    sim->rack_of[i] : -1;
		h->bytes_sent = m->sent[i];
		h->bytes_received = m->received[i];
		r->total_sent += m->sent[i];
		r->total_received += m->received[i];
		for (d = 0; d < 2; d++) {
			int l = d == 0 ? m->nic_up[i] : m->nic_down[i];

			if (l < 0)
				continue;
			h->nic_Bps = sg_link_get_bandwidth(m->links[l]);
			u = T > 0 ? m->link_bytes[l] / (h->nic_Bps * T) : 0;
			if (u > h->nic_utilization)
				h->nic_utilization = u;
		}
	}
}

static void
link_stats(struct metrics *m, struct results *r)
{
	const struct scenario *sc = m->sim->sc;
	struct link_result *l;
	double T = r->simulated_s - sc->job.start_s;
	size_t i;
	int h, up, gpus = metrics_gpus(sc);
	int *owner = xcalloc(m->nlinks, sizeof *owner);
	char name[64];

	/* the host whose NIC a link is (the lowest, if several), or -1 */
	for (i = 0; i < m->nlinks; i++)
		owner[i] = -1;
	for (h = m->nhosts - 1; h >= 0; h--) {
		if (m->nic_down[h] >= 0)
			owner[m->nic_down[h]] = h;
		if (m->nic_up[h] >= 0)
			owner[m->nic_up[h]] = h;
	}
	r->links = xcalloc(m->nlinks, sizeof *r->links);
	for (i = 0; i < m->nlinks; i++) {
		if (m->link_bytes[i] == 0)
			continue;
		l = &r->links[r->nlinks++];
		l->name = xstrdup(sg_link_get_name(m->links[i]));
		l->bytes = m->link_bytes[i];
		l->bandwidth_Bps = sg_link_get_bandwidth(m->links[i]);
		l->utilization = T > 0 ? l->bytes / (l->bandwidth_Bps * T) : 0;
		l->host = -1;
		/* Loopback links carry a host's talk to itself: not a
		 * network bottleneck. */
		if (!m->link_remote[i])
			l->host = -2;
		if (owner[i] >= 0) {
			l->host = owner[i];
			l->up = m->nic_up[owner[i]] == (int)i;
		}
		/* a multi-GPU machine's NIC, which its GPUs share */
		l->group = gpus > 1 ? cluster_machine_nic(sc, l->name, &up) :
		    -1;
		if (l->group >= 0) {
			cluster_group_name(sc, l->group, name, sizeof name);
			l->group_name = xstrdup(name);
			l->up = up;
		}
	}
	free(owner);
}

struct results *
metrics_results(struct metrics *m, const struct analytic *a, double wall_s)
{
	struct results *r = xcalloc(1, sizeof *r);

	r->analytic = *a;
	grow(m, m->steps - 1);	/* the rows of a job that gave up */
	if (m->sim->sc->strategy.sync == SYNC_SYNC)
		step_stats(m, r);
	else
		step_stats_own(m, r);
	protocol_stats(m, r);
	training_stats(m->sim->num, &r->training);
	goodput(m, r);
	host_stats(m, r);
	link_stats(m, r);
	results_summarize(r, m->sim->sc->strategy.info->family == FAMILY_PS,
	    metrics_gpus(m->sim->sc));
	r->messages = m->messages;
	r->wall_s = wall_s;
	return r;
}

