/* sim-timeline.c: psim run --timeline's events as the engine makes
 * them: the hosts and links, each received message, each worker's compute
 * and exchange, the instants of a PS or a fault (timeline.h keeps
 * them). */
#include "config.h"

#include <stdio.h>

#include <simgrid/engine.h>
#include <simgrid/link.h>

#include "metrics.h"
#include "sim.h"
#include "sim-timeline.h"
#include "timeline.h"

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
void
sim_timeline_message(struct sim *sim, int dst, const struct msg *m)
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
	timeline_comm(sim->timeline, m->src, m->src_tid, dst,
	    self_tid(sim, dst), step, phase == NULL ? m->round : -1, phase,
	    m->bytes, m->posted_s, simgrid_get_clock(), links, n);
}

int
sim_timeline_sender(struct sim *sim, int src)
{
	return sim->timeline != NULL ? self_tid(sim, src) : -1;
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

/* --timeline: worker w's compute of a step as a span from t0_s to now,
 * or (exchange 1) its exchange after it (with buckets, its wait for the
 * last bucket's): recorded as each ends, so that a worker killed in its
 * exchange keeps its compute. */
void
sim_timeline_step(struct sim *sim, int w, int seq, double t0_s, int exchange)
{
	int ps = sim->sc->strategy.info->family == FAMILY_PS;

	if (sim->timeline == NULL || !timeline_keeps(sim->timeline, seq))
		return;
	timeline_span(sim->timeline, exchange ? TL_WAIT : TL_COMPUTE,
	    !exchange ? "compute" : ps ? "push-pull" : "exchange", w,
	    self_tid(sim, w), seq, t0_s, simgrid_get_clock());
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
