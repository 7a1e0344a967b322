/* metrics.c: the ledgers of a run: step records, bytes per host and per
 * link, a parameter server's counts; at the end they are copied, as
 * plain data, into the summary (results/summary.c), which makes the
 * figures a report prints.
 *
 * psim keeps its own per-link byte ledger: each received message charges
 * every link of its route (sg_host_get_route, looked up once per host
 * pair and cached), because SimGrid 3.32's link_load plugin cannot handle
 * split-duplex links. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include "metrics.h"
#include "scenario.h"
#include "summary.h"
#include "xmalloc.h"

struct route {
	long		 key;		/* src * nhosts + dst + 1; 0: empty */
	int		 off;		/* into pool */
	int		 len;
};

struct metrics {
	sg_host_t	*hosts;		/* the run's, by index */
	int		 nworkers;
	int		 steps;		/* the job's */
	int		 rows;		/* of records allocated, <= steps */
	int		 top;		/* 1 + the last step with a record
					   (none above it) */
	double		*t_start, *t_compute, *t_end;	/* [step][worker] */
	double		*busy;		/* buckets: comm actor's time */
	double		*held;		/* buckets: the compute's wait for
					   parameters (strategy.pull) */

	int		 nhosts;
	double		*sent, *received;
	double		*cpu_s;		/* per host: its CPU's busy seconds
					   for a PS's batches (ps_cpu) */

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
	struct summary_link *summary_links;	/* metrics_summary's */
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
	sg_host_get_route(m->hosts[src], m->hosts[dst], links);
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
		m->held = xreallocarray(m->held, cells, sizeof *m->held);
		memset(m->held + old, 0, (cells - old) * sizeof *m->held);
	}
	m->rows = rows;
}

struct metrics *
metrics_create(const struct scenario *sc, const sg_host_t *hosts,
    int nhosts, int nworkers, int buckets)
{
	struct metrics *m = xcalloc(1, sizeof *m);
	int steps = sc->run.steps;
	size_t i;

	m->nworkers = nworkers;
	m->steps = steps;
	/* by run.duration the steps are not known: the rows grow */
	m->busy = buckets ? xcalloc(1, sizeof *m->busy) : NULL;
	m->held = buckets ? xcalloc(1, sizeof *m->held) : NULL;
	grow(m, scenario_open_ended(sc) && steps > 1024 ? 1023 : steps - 1);
	m->nhosts = nhosts;
	m->hosts = xcalloc((size_t)nhosts + 1, sizeof *m->hosts);
	memcpy(m->hosts, hosts, (size_t)nhosts * sizeof *m->hosts);
	m->sent = xcalloc((size_t)m->nhosts, sizeof *m->sent);
	m->received = xcalloc((size_t)m->nhosts, sizeof *m->received);
	m->cpu_s = xcalloc((size_t)m->nhosts, sizeof *m->cpu_s);
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
	free(m->hosts);
	free(m->t_start);
	free(m->t_compute);
	free(m->t_end);
	free(m->busy);
	free(m->held);
	free(m->sent);
	free(m->received);
	free(m->cpu_s);
	free(m->links);
	free(m->link_bytes);
	free(m->link_remote);
	free(m->nic_up);
	free(m->nic_down);
	free(m->routes);
	free(m->pool);
	free(m->stale_hist);
	free(m->update_t);
	free(m->summary_links);
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
	if (step >= m->top)
		m->top = step + 1;
}

/* Up to the last step with a record, not every row allocated: a job of
 * run.steps has them all from the start, and each of the 22,471 fault
 * events of a million-step spot ring cleared 240 MB (make fuzz-run seed
 * 1211). */
void
metrics_forget(struct metrics *m, int step)
{
	size_t i = (size_t)step * (size_t)m->nworkers;
	size_t cells = (size_t)m->top * (size_t)m->nworkers;

	for (; i < cells; i++)
		m->t_start[i] = m->t_compute[i] = m->t_end[i] = 0;
	if (step < m->top)
		m->top = step;
}

int
metrics_record(const struct metrics *m, int w, int step, double *start,
    double *compute_end, double *end)
{
	size_t i = (size_t)step * (size_t)m->nworkers + (size_t)w;

	if (step < 0 || step >= m->rows || w < 0 || w >= m->nworkers ||
	    m->t_end[i] == 0)
		return -1;
	*start = m->t_start[i];
	*compute_end = m->t_compute[i];
	*end = m->t_end[i];
	return 0;
}

size_t
metrics_ledgers(const struct metrics *m, double *v)
{
	size_t n = 3 + 3 * (size_t)m->nhosts + m->nlinks +
	    (size_t)m->stale_cap, i, k = 0;

	if (v == NULL)
		return n;
	v[k++] = (double)m->messages;	/* METRICS_LEDGER_MESSAGES */
	for (i = 0; i < (size_t)m->nhosts; i++) {
		v[k++] = m->sent[i];
		v[k++] = m->received[i];
		v[k++] = m->cpu_s[i];
	}
	for (i = 0; i < m->nlinks; i++)
		v[k++] = m->link_bytes[i];
	v[k++] = (double)m->stale_count;
	v[k++] = m->stale_sum;
	for (i = 0; i < (size_t)m->stale_cap; i++)
		v[k++] = (double)m->stale_hist[i];
	return n;
}

void
metrics_add_ledgers(struct metrics *m, const double *v)
{
	size_t i, k = 0;

	m->messages += (long)v[k++];
	for (i = 0; i < (size_t)m->nhosts; i++) {
		m->sent[i] += v[k++];
		m->received[i] += v[k++];
		m->cpu_s[i] += v[k++];
	}
	for (i = 0; i < m->nlinks; i++)
		m->link_bytes[i] += v[k++];
	m->stale_count += (long)v[k++];
	m->stale_sum += v[k++];
	for (i = 0; i < (size_t)m->stale_cap; i++)
		m->stale_hist[i] += (long)v[k++];
}

void
metrics_cpu(struct metrics *m, int h, double busy_s)
{
	m->cpu_s[h] += busy_s;
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
metrics_held(struct metrics *m, int w, int step, double held_s)
{
	grow(m, step);
	m->held[(size_t)step * (size_t)m->nworkers + (size_t)w] = held_s;
}

void
metrics_staleness(struct metrics *m, long stale)
{
	if (stale < 0)	/* (none is: a bin, not memory out of bounds) */
		stale = 0;
	m->stale_hist[stale < m->stale_cap ? stale : m->stale_cap - 1]++;
	m->stale_count++;
	m->stale_sum += (double)stale;
	if (stale > m->stale_max)
		m->stale_max = stale;
}

static void
applied_at(struct metrics *m, double t)
{
	if (m->applied == m->update_cap) {
		m->update_cap = m->update_cap ? 2 * m->update_cap : 256;
		m->update_t = xreallocarray(m->update_t, (size_t)m->update_cap,
		    sizeof *m->update_t);
	}
	m->update_t[m->applied++] = t;
}

void
metrics_applied(struct metrics *m)
{
	applied_at(m, simgrid_get_clock());
}

long
metrics_updates(const struct metrics *m)
{
	return m->applied;
}

void
metrics_repeat_updates(struct metrics *m, long per, long times, long more,
    double T)
{
	long base = m->applied - per, r, i;

	for (r = 1; r <= times; r++)
		for (i = 0; i < per; i++)
			applied_at(m, m->update_t[base + i] + (double)r * T);
	for (i = 0; i < more; i++)
		applied_at(m, m->update_t[base + i] + (double)(times + 1) * T);
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
metrics_received(struct metrics *m, int src, int dst, double bytes,
    int on_links)
{
	metrics_received_n(m, src, dst, bytes, on_links, 1);
}

void
metrics_received_n(struct metrics *m, int src, int dst, double bytes,
    int on_links, long n)
{
	struct route *r;
	int i;

	m->messages += n;
	if (src != dst)
		m->received[dst] += bytes;
	if (!on_links)
		return;		/* memory, not links */
	r = route_get(m, src, dst);
	for (i = 0; i < r->len; i++) {
		m->link_bytes[m->pool[r->off + i]] += bytes;
		if (src != dst)
			m->link_remote[m->pool[r->off + i]] = 1;
	}
}

/* The links, their bytes and their bandwidth now. */
static struct summary_link *
summary_links(const struct metrics *m)
{
	struct summary_link *links = xcalloc(m->nlinks + 1, sizeof *links);
	size_t i;

	for (i = 0; i < m->nlinks; i++) {
		links[i].name = sg_link_get_name(m->links[i]);
		links[i].bytes = m->link_bytes[i];
		links[i].Bps = sg_link_get_bandwidth(m->links[i]);
		links[i].remote = m->link_remote[i];
	}
	return links;
}

void
metrics_summary(struct metrics *m, struct summary_in *in,
    struct summary_host *hosts)
{
	int i;

	/* A job that gave up has no record past its rows: an open-ended one
	 * counts RUN_STEPS_MAX steps, whose rows of every worker would be
	 * gigabytes (2 GB an array at 256 workers); a run that ended has
	 * rows for every step. */
	if (m->rows < m->steps)
		m->steps = m->rows > 0 ? m->rows : 1;
	grow(m, m->steps - 1);
	in->nworkers = m->nworkers;
	in->steps = m->steps;
	in->t_start = m->t_start;
	in->t_compute = m->t_compute;
	in->t_end = m->t_end;
	in->busy = m->busy;
	in->held = m->held;
	in->applied = m->applied;
	in->update_t = m->update_t;
	in->stale_hist = m->stale_hist;
	in->stale_bins = m->stale_cap;
	in->stale_count = m->stale_count;
	in->stale_max = m->stale_max;
	in->stale_sum = m->stale_sum;
	in->dropped = m->dropped;
	in->ahead = m->ahead;
	in->messages = m->messages;
	for (i = 0; i < m->nhosts; i++) {
		hosts[i].sent = m->sent[i];
		hosts[i].received = m->received[i];
		hosts[i].cpu_s = m->cpu_s[i];
		hosts[i].nic_up = m->nic_up[i];
		hosts[i].nic_down = m->nic_down[i];
	}
	in->nhosts = m->nhosts;
	in->hosts = hosts;
	free(m->summary_links);
	m->summary_links = summary_links(m);
	in->nlinks = m->nlinks;
	in->links = m->summary_links;
}
