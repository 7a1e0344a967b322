/* ring.c: a ring of workers (ring.h).
 *
 * Reduce-scatter step s (0..g-2): member m sends chunk (m - s) mod g to
 * member m + 1 and receives chunk (m - s - 1) mod g from member m - 1,
 * adding it to its own.  All-gather step s: it sends chunk (m + 1 - s)
 * mod g and receives chunk (m - s) mod g.  A member's inbox has one
 * sender, its predecessor, so it is FIFO. */
#include "config.h"

#include <assert.h>

#include "ring.h"
#include "message.h"
#include "worker.h"

static int
mod(int a, int n)
{
	return ((a % n) + n) % n;
}

void
ring_phase(struct sim *sim, const struct ring *r, int me,
    const sg_mailbox_t *inbox, int step, long lo, long len, double bytes,
    int gather)
{
	int g = r->g, s, send, recv;
	int w = ring_worker(r, me), next = ring_worker(r, (me + 1) % g);
	sg_comm_t comms[2];
	struct msg *in;

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
	}
	sim_rounds_done(sim, w, g - 1);
}
