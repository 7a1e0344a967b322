/* fold.c: power-of-two cores on any n, as MPICH does (fold.h). */
#include "config.h"

#include "analytic.h"
#include "fold.h"
#include "sim.h"

void
fold_init(struct fold *f, int n)
{
	f->n = n;
	f->p = 1;
	f->lg = 0;
	while (f->p * 2 <= n) {
		f->p *= 2;
		f->lg++;
	}
	f->r = n - f->p;
}

int
fold_rank(const struct fold *f, int w)
{
	if (w < 2 * f->r)
		return w % 2 == 0 ? -1 : w / 2;
	return w - f->r;
}

int
fold_worker(const struct fold *f, int rank)
{
	return rank < f->r ? 2 * rank + 1 : rank + f->r;
}

int
fold_enter(struct sim *sim, const struct fold *f, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len)
{
	int rank = fold_rank(f, w);

	if (rank < 0) {
		sim_send_wait(sim, w, w + 1, step, mbox[(w + 1) * R], lo, len);
		sim_recv_wait(sim, w, step, mbox[w * R + R - 1], lo, SIM_COPY);
	} else if (w < 2 * f->r)
		sim_recv_wait(sim, w, step, mbox[w * R], lo, SIM_ADD);
	return rank;
}

void
fold_leave(struct sim *sim, const struct fold *f, int w,
    const sg_mailbox_t *mbox, int R, int step, long lo, long len)
{
	if (w < 2 * f->r && fold_rank(f, w) >= 0)
		sim_send_wait(sim, w, w - 1, step, mbox[(w - 1) * R + R - 1], lo,
		    len);
}

double
fold_rounds(struct round *rd, const struct fold *f, double M)
{
	int k;

	for (k = 0; k < f->r; k++)
		analytic_round_flow(rd, 2 * k, 2 * k + 1, M);
	return f->r > 0 ? 2 * analytic_round_time(rd) : 0;
}
