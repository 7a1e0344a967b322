/* fold.c: power-of-two cores on any n, as MPICH does (fold.h). */
#include "fold.h"

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
