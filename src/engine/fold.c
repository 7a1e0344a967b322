/* fold.c: power-of-two cores on any n, as MPICH does (fold.h). */
#include "config.h"

#include "fold.h"
#include "sim.h"
#include "message.h"
#include "worker.h"

int
fold_enter(struct sim *sim, const struct fold *f, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len)
{
	int rank = fold_rank(f, w);

	/* rounds: the fold, the core's, the unfold */
	if (rank < 0) {
		sim_round(sim, w, 0);
		sim_send_wait(sim, w, w + 1, step, mbox[(w + 1) * R], lo, len);
		sim_recv_wait(sim, w, step, mbox[w * R + R - 1], lo, SIM_COPY);
	} else if (w < 2 * f->r)
		sim_recv_wait(sim, w, step, mbox[w * R], lo, SIM_ADD);
	sim_rounds_done(sim, w, f->r > 0);
	return rank;
}

void
fold_leave(struct sim *sim, const struct fold *f, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len)
{
	sim_round(sim, w, 0);
	if (w < 2 * f->r && fold_rank(f, w) >= 0)
		sim_send_wait(sim, w, w - 1, step, mbox[(w - 1) * R + R - 1], lo,
		    len);
}
