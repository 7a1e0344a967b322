/* closed-halving-doubling.c: halving-doubling's closed form (closed-
 * forms.h). Its protocol is engine/strategy-halving-doubling.c, its row
 * strategies.def; it costs the rounds of the same pattern (patterns.h),
 * each at the pace of its most loaded resource (analytic.c). Pure: no
 * engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "patterns.h"
#include "xmalloc.h"

/* 2 lg p alpha + 2(p-1)/p M/B, plus 2(alpha + M/B) for the fold when n
 * is not a power of two.  Each round costs its most loaded NIC, switch or
 * uplink (analytic.c); halving round i and its mirror in the all-gather
 * move M/2^(i+1) each way between partners p/2^(i+1) apart. */
void
closed_halving_doubling(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct fold f;
	double core, bw = 0;
	int i, j, k;

	fold_init(&f, s->n);
	core = 2.0 * (f.p - 1) / f.p * s->M;
	analytic_round_init(&rd, s);
	analytic_round_schedule(&rd, s->alpha);
	fold_round(&rd, &f, s->M, 0);
	analytic_round_time(&rd);
	for (j = 0; j < 2 * f.lg; j++) {	/* halving, then doubling */
		i = j < f.lg ? j : 2 * f.lg - 1 - j;
		for (k = 0; k < f.p; k++)
			analytic_round_flow(&rd, fold_worker(&f, k),
			    fold_worker(&f, k ^ (f.p >> (i + 1))),
			    s->M / (2 << i));
		analytic_round_time(&rd);
	}
	fold_round(&rd, &f, s->M, 1);
	analytic_round_time(&rd);
	a->latency_s = (2 * f.lg + (f.r > 0 ? 2 : 0)) * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	bw = a->communication_s - a->latency_s;
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes = core +
	    (f.r > 0 ? s->M : 0);
	if (f.r > 0)
		snprintf(a->formula, sizeof a->formula, "2(lg p + 1)*alpha + "
		    "2(p-1)/p * M/B + 2M/B, p = %d the largest power of two "
		    "<= n", f.p);
	else
		snprintf(a->formula, sizeof a->formula,
		    "2 lg n*alpha + 2(n-1)/n * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %.6g s of "
	    "transfers (%.6g B at %.6g B/s, unless a switch or uplink binds) "
	    "= %.6g s", a->latency_s, bw, core + (f.r > 0 ? 2 * s->M : 0),
	    s->B, a->communication_s);
}
