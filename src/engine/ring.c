/* ring.c: a ring of workers (ring.h).
 *
 * Reduce-scatter step s (0..g-2): member m sends chunk (m - s) mod g to
 * member m + 1 and receives chunk (m - s - 1) mod g from member m - 1,
 * adding it to its own.  All-gather step s: it sends chunk (m + 1 - s)
 * mod g and receives chunk (m - s) mod g.  A member's inbox has one
 * sender, its predecessor, so it is FIFO. */
#include "config.h"

#include <assert.h>
#include <math.h>

#include <simgrid/engine.h>

#include "metrics.h"
#include "ring.h"
#include "message.h"
#include "scenario.h"
#include "worker.h"

static int
mod(int a, int n)
{
	return ((a % n) + n) % n;
}

/* run.fast_forward inside a step: a ring's rounds skipped once they
 * repeat.  The cut after round s is quiet when every member ended round
 * s at one instant (within 1e-10 of a round): then every member is at
 * the top of its loop and nothing is in flight.  If the cuts after
 * rounds s - 2 and s - 1 are quiet, T apart, the state at the second is
 * the state at the first shifted by T (the ring's flows are the same
 * every round: each member to the next, one chunk of one size), so the
 * run repeats from there, being deterministic: every later round lasts
 * T and ends on a quiet cut.  So at the end of round s each member may
 * sleep through the rest of the phase, R rounds of T,
 * counting their messages as sent and received, and the run is the same
 * (to 1e-10 of a round per round skipped).  Every member decides alike:
 * it reads only the records of cuts before its own end of round s,
 * complete by then when they are quiet.  The repetition needs no other
 * flow on the links and no other actor at work: no buckets, numerics,
 * several jobs or timeline.  Under faults the skipped rounds end before
 * the fault controller's next event (nothing else changes the links or
 * the members in a phase), and a cut's key holds the generation, so
 * that the steps a restart redoes, or a ring of other members, never
 * read an earlier attempt's records.  Rings that run side by side (the
 * rows, then the columns, of 2d-ring) skip together: a cut is quiet when
 * every member of all of them ended the round at one instant
 * (sim->round_ff members in all).  Hierarchical's leaders' ring skips
 * too: the groups' trees are done once every leader has ended a round,
 * and the other workers wait for its end. */
int
ring_may_skip(const struct sim *sim, int members)
{
	const struct scenario *sc = sim->sc;

	return sc->run.fast_forward && sim->generation < (1 << 20) &&
	    sc->numerics.mode == NUM_OFF && sc->strategy.bucket_bytes == 0 &&
	    sc->job.name == NULL && sim->timeline == NULL ? members : 0;
}

/* key >= 0 */
static struct ring_cut *
cut_slot(struct sim *sim, long key)
{
	return &sim->ring_cut[key % RING_CUTS];
}

static void
cut_record(struct sim *sim, long key, double t)
{
	struct ring_cut *c = cut_slot(sim, key);

	if (c->key != key) {
		c->key = key;
		c->n = 0;
		c->lo = c->hi = t;
	}
	c->n++;
	c->lo = t < c->lo ? t : c->lo;
	c->hi = t > c->hi ? t : c->hi;
}

/* The rounds a member of a ring of g may skip at the end of round s
 * (key: the cut's), and the period T of a round; 0 for none. */
static int
rounds_to_skip(struct sim *sim, int g, int s, long key, double *T)
{
	const struct ring_cut *a, *b;
	int all = sim->round_ff;

	if (s < 2 || s >= g - 2)	/* (then key - 2 >= 0) */
		return 0;
	a = cut_slot(sim, key - 2);
	b = cut_slot(sim, key - 1);
	if (a->key != key - 2 || b->key != key - 1 || a->n != all ||
	    b->n != all)
		return 0;
	*T = b->hi - a->hi;
	if (!(*T > 0) || a->hi - a->lo > 1e-10 * *T ||
	    b->hi - b->lo > 1e-10 * *T)
		return 0;
	if (sim->sc->faults.on)	/* all of them before the next event */
		return (int)fmin(g - 2 - s, floor((sim->next_fault_s -
		    b->hi) / *T) - 2);
	return g - 2 - s;
}

/* Member w's R rounds skipped: its sends to next and receives from prev
 * counted, their time slept. */
static void
skip_rounds(struct sim *sim, int w, int prev, int next, int R, double T,
    double bytes)
{
	metrics_sent(sim->metrics, w, next, R * bytes);
	metrics_received_n(sim->metrics, prev, w, R * bytes,
	    !sim_local_free(sim, prev, w), R);
	sim->rounds_skipped += R;
	sg_actor_sleep_until(simgrid_get_clock() + R * T);
}

void
ring_phase(struct sim *sim, const struct ring *r, int me,
    const sg_mailbox_t *inbox, int step, long lo, long len, double bytes,
    int phase)
{
	int g = r->g, s, send, recv, R, skip = sim->round_ff > 0;
	int w = ring_worker(r, me), next = ring_worker(r, (me + 1) % g);
	int prev = ring_worker(r, (me + g - 1) % g), gather = phase & 1;
	/* (g <= 2^20, steps < 2^20, generations < 2^20: 62 bits) */
	long key = ((((long)sim->generation << 20) + step) * 4 + phase) << 20;
	sg_comm_t comms[2];
	struct msg *in;
	double T;

	for (s = 0; s < g - 1; s++) {
		send = gather ? mod(me + 1 - s, g) : mod(me - s, g);
		recv = gather ? mod(me - s, g) : mod(me - s - 1, g);
		sim_round(sim, w, s);
		comms[0] = sim_send_sized(sim, inbox[next], w, next, step,
		    lo + sim_part_offset(len, g, send),
		    sim_part_count(len, g, send), part_bytes(bytes, g));
		comms[1] = sim_recv(inbox[w], &in);
		sim_wait_all(comms, 2);
		assert(in->step == step);
		assert(in->offset == lo + sim_part_offset(len, g, recv));
		sim_take(sim, w, in, gather ? SIM_COPY : SIM_ADD);
		if (!skip)
			continue;
		cut_record(sim, key + s, simgrid_get_clock());
		if ((R = rounds_to_skip(sim, g, s, key + s, &T)) > 0) {
			skip_rounds(sim, w, prev, next, R, T,
			    part_bytes(bytes, g));
			s += R;	/* the rest, or up to the next fault event */
		}
	}
	sim_rounds_done(sim, w, g - 1);
}
