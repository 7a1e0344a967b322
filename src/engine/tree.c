/* tree.c: a binomial tree over a list of workers (tree.h).
 *
 * Reduce round i (d = 2^i): a member whose lowest set bit is i sends its
 * partial sum to member me - d and is done; a member that is a multiple
 * of 2d receives from me + d, if there is one, and adds.  The broadcast
 * retraces the rounds backwards. */
#include "config.h"

#include "tree.h"
#include "message.h"
#include "worker.h"

void
tree_reduce(struct sim *sim, const struct tree *t, int me,
    const sg_mailbox_t *mbox, int stride, int first, int step, long lo,
    long len)
{
	int w = tree_worker(t, me), i, d, to;

	for (i = 0; i < t->levels; i++) {
		d = 1 << i;
		if (me % (2 * d) == d) {
			to = tree_worker(t, me - d);
			sim_round(sim, w, i);
			sim_send_wait(sim, w, to, step,
			    mbox[to * stride + first + i], lo, len);
			break;
		}
		if (me + d < t->g)
			sim_recv_wait(sim, w, step, mbox[w * stride + first + i],
			    lo, SIM_ADD);
	}
	sim_rounds_done(sim, w, t->levels);
}

void
tree_bcast(struct sim *sim, const struct tree *t, int me,
    const sg_mailbox_t *mbox, int stride, int first, int step, long lo,
    long len)
{
	int w = tree_worker(t, me), top = t->levels, i, d, to;

	for (i = 0; i < t->levels; i++) {	/* the round it sent up in */
		if (me % (2 << i) == 1 << i) {
			top = i;
			break;
		}
	}
	for (i = t->levels - 1; i >= 0; i--) {
		d = 1 << i;
		if (i == top)
			sim_recv_wait(sim, w, step, mbox[w * stride + first + i],
			    lo, SIM_COPY);
		else if (i < top && me + d < t->g) {
			to = tree_worker(t, me + d);
			sim_round(sim, w, t->levels - 1 - i);
			sim_send_wait(sim, w, to, step,
			    mbox[to * stride + first + i], lo, len);
		}
	}
	sim_rounds_done(sim, w, t->levels);
}
