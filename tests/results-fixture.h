/* results-fixture.h: hand-built results for the unit tests of results.c
 * and report.c (unit-results, unit-report): a run, its hosts and links. */
#ifndef PSIM_RESULTS_FIXTURE_H
#define PSIM_RESULTS_FIXTURE_H

#include <stdio.h>

#include "results.h"
#include "xmalloc.h"

#define ROOM 40		/* hosts and links a case may have */

/* A run of steps steps of compute_s, exposed_s and wait_s each (so the
 * whole run takes steps times their sum), with no analytic figures. */
static inline struct results *
run(int steps, double compute_s, double exposed_s, double wait_s)
{
	struct results *r = xcalloc(1, sizeof *r);

	r->steps = steps;
	r->measured = steps;
	r->compute_s = compute_s;
	r->exposed_s = exposed_s;
	r->communication_s = exposed_s;
	r->wait_s = wait_s;
	r->step_mean_s = r->step_p50_s = r->step_p95_s = r->step_max_s =
	    compute_s + exposed_s + wait_s;
	r->simulated_s = steps * r->step_mean_s;
	r->protocol.max_ahead = -1;
	r->hosts = xcalloc(ROOM, sizeof *r->hosts);
	r->links = xcalloc(ROOM, sizeof *r->links);
	return r;
}

static inline int
host(struct results *r, const char *name, int worker, int server,
    int shards, int group, double sent, double received)
{
	struct host_result *h = &r->hosts[r->nhosts];

	h->name = xstrdup(name);
	h->worker = worker;
	h->server = server;
	h->shards = shards;
	h->group = group;
	h->bytes_sent = sent;
	h->bytes_received = received;
	h->nic_Bps = 1.25e9;
	return r->nhosts++;
}

/* A link; its utilization is what metrics.c would give: its bytes over
 * its capacity for the whole run. */
static inline int
link_of(struct results *r, const char *name, double bytes, double Bps,
    int owner, int up, int group)
{
	struct link_result *l = &r->links[r->nlinks];

	l->name = xstrdup(name);
	l->bytes = bytes;
	l->bandwidth_Bps = Bps;
	l->utilization = r->simulated_s > 0 ? bytes / (Bps * r->simulated_s) :
	    0;
	l->host = owner;
	l->up = up;
	l->group = group;
	if (group >= 0) {
		char g[32];

		snprintf(g, sizeof g, "host-%d", group);
		l->group_name = xstrdup(g);
	}
	return r->nlinks++;
}

#endif
