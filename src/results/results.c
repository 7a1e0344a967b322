/* results.c: the summary figures of a run's results, from numbers
 * (results.h): the busiest worker and server, and what bounds a step. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "stats.h"
#include "xmalloc.h"

static int
cmp_link(const void *a, const void *b)
{
	const struct link_result *x = a, *y = b;

	if (x->utilization != y->utilization)
		return x->utilization < y->utilization ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The busiest host among workers (servers: hosts holding shards). */
static void
traffic(struct results *r, int servers, struct traffic *t)
{
	const struct host_result *h;
	double best = -1, v;
	int i;

	for (i = 0; i < r->nhosts; i++) {
		h = &r->hosts[i];
		if (servers ? h->shards == 0 : h->worker < 0)
			continue;
		v = h->bytes_sent > h->bytes_received ? h->bytes_sent :
		    h->bytes_received;
		if (v > best) {
			best = v;
			t->host = i;
		}
	}
	if (best < 0)
		return;
	t->present = 1;
	h = &r->hosts[t->host];
	t->bytes_sent_per_step = h->bytes_sent / r->steps;
	t->bytes_received_per_step = h->bytes_received / r->steps;
	t->required_gbps = analytic_gbps(best / r->steps, r->compute_s);
}

/* The shards on a machine's GPUs. */
static int
group_shards(const struct results *r, int group)
{
	int i, shards = 0;

	for (i = 0; i < r->nhosts; i++) {
		if (r->hosts[i].group == group)
			shards += r->hosts[i].shards;
	}
	return shards;
}

/* What bounds a step: the compute when communication adds little;
 * latency when the closed form's alpha terms outweigh its bandwidth
 * terms and even the busiest link moves data less than a quarter of the
 * time workers communicate (a PS NIC direction is busy about half of it:
 * push or pull); else the busiest link that is not a loopback, by whose
 * it is; or a parameter server's CPU (strategy.server_cpu), when it is
 * busier a step than that link. */
static void
classify(struct results *r, int gpus)
{
	struct bottleneck *b = &r->bottleneck;
	const struct link_result *top = NULL;
	/* What the step waits for beyond its compute: with buckets, only the
	 * communication backprop did not hide. */
	double step = r->compute_s + r->exposed_s + r->wait_s;
	double comm = r->exposed_s + r->wait_s, busy;
	int i;

	b->link = -1;
	b->gpus = gpus;
	for (i = 0; i < r->nlinks; i++) {
		if (r->links[i].host != -2) {
			top = &r->links[i];
			b->link = i;
			break;
		}
	}
	if (top == NULL || step <= 0 || comm <= 0.1 * step) {
		b->kind = BN_COMPUTE;
		b->link = -1;
		b->utilization = step > 0 ? r->compute_s / step : 1;
		return;
	}
	b->utilization = top->utilization;
	if (r->server_cpu_s > 0 && r->server_cpu_s > top->bytes / r->steps /
	    top->bandwidth_Bps) {
		/* a PS's CPU busier a step than the busiest link */
		b->kind = BN_SERVER_CPU;
		b->utilization = r->server_cpu_s / step;
		return;
	}
	busy = top->bytes / (top->bandwidth_Bps * r->simulated_s * comm / step);
	if (r->analytic.latency_s > 0.5 * r->analytic.communication_s &&
	    busy < 0.25)
		b->kind = BN_LATENCY;
	else if (gpus > 1 && top->host >= 0)
		b->kind = BN_INTRA_HOST;
	else if (gpus > 1 && top->group >= 0)
		b->kind = group_shards(r, top->group) > 0 ? BN_SERVER_NIC :
		    BN_WORKER_NIC;
	else if (top->host >= 0)
		b->kind = r->hosts[top->host].shards > 0 ? BN_SERVER_NIC :
		    BN_WORKER_NIC;
	else
		b->kind = BN_SWITCH;
}

void
results_summarize(struct results *r, int servers, int gpus)
{
	struct bottleneck *b = &r->bottleneck;
	double still = fault_stats_still(&r->fstats);

	qsort(r->links, (size_t)r->nlinks, sizeof *r->links, cmp_link);
	traffic(r, 0, &r->worker);
	if (servers)
		traffic(r, 1, &r->server);
	classify(r, gpus);
	b->step = b->kind;
	b->step_utilization = b->utilization;
	if (r->faults && r->simulated_s > 0 && still > 0.5 * r->simulated_s) {
		b->kind = BN_FAULTS;
		b->utilization = still / r->simulated_s;
	}
}

void
results_free(struct results *r)
{
	int i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nhosts; i++)
		free(r->hosts[i].name);
	for (i = 0; i < r->nlinks; i++) {
		free(r->links[i].name);
		free(r->links[i].group_name);
	}
	free(r->hosts);
	free(r->links);
	free(r->protocol.stale_hist);
	free(r->training.curve);
	if (r->rep != NULL) {
		free(r->rep->seeds);
		for (i = 0; i < r->rep->nfig; i++)
			free(r->rep->names[i]);
		free(r->rep->names);
		free(r->rep->v);
		free(r->rep);
	}
	free(r);
}

int
fault_stats_events(const struct fault_stats *f)
{
	return f->preemptions + f->server_failures + f->link_failures;
}

double
fault_stats_still(const struct fault_stats *f)
{
	return f->stalled_s + f->restart_s + f->checkpoint_s -
	    f->saved_beside_s;
}

int
replicates_figure(const struct replicates *rep, const char *name)
{
	int j;

	for (j = 0; rep != NULL && j < rep->nfig; j++) {
		if (strcmp(rep->names[j], name) == 0)
			return j;
	}
	return -1;
}

int
replicates_stats(const struct replicates *rep, int j, double *mean,
    double *sd, double *ci)
{
	double *col = xcalloc((size_t)rep->n, sizeof *col);
	int i, k;

	for (i = 0; i < rep->n; i++)
		col[i] = rep->v[(size_t)i * (size_t)rep->nfig + (size_t)j];
	k = stats_of(col, rep->n, mean, sd, ci);
	free(col);
	return k;
}
