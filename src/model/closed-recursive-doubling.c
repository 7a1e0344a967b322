/* closed-recursive-doubling.c: recursive doubling's closed form
 * (closed-forms.h). Its protocol is engine/strategy-recursive-
 * doubling.c, its row strategies.def; it costs the rounds of the same
 * pattern (patterns.h), each at the pace of its most loaded resource
 * (analytic.c). Pure: no engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "patterns.h"
#include "xmalloc.h"

/* lg p rounds of alpha + M/B, and two more when n is not a power of two;
 * a core worker that also takes a folded vector sends lg p + 1 of M.
 * Each round costs its most loaded NIC, switch or uplink (analytic.c). */
void
closed_recursive_doubling(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct fold f;
	double bw = 0;
	int rounds, i, k, w;

	fold_init(&f, s->n);
	rounds = f.lg + (f.r > 0 ? 2 : 0);
	analytic_round_init(&rd, s);
	analytic_round_schedule(&rd, s->alpha);	/* pairs go on alone */
	fold_round(&rd, &f, s->M, 0);
	analytic_round_time(&rd);
	for (i = 0; i < f.lg; i++) {
		for (k = 0; k < f.p; k++) {
			w = fold_worker(&f, k);
			analytic_round_flow(&rd, w, fold_worker(&f, k ^ (1 << i)),
			    s->M);
		}
		analytic_round_time(&rd);
	}
	fold_round(&rd, &f, s->M, 1);
	analytic_round_time(&rd);
	a->latency_s = rounds * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	bw = a->communication_s - a->latency_s;
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes =
	    (f.lg + (f.r > 0 ? 1 : 0)) * s->M;
	if (f.r > 0)
		snprintf(a->formula, sizeof a->formula, "(lg p + 2)*(alpha + "
		    "M/B), p = %d the largest power of two <= n", f.p);
	else
		snprintf(a->formula, sizeof a->formula, "lg n*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", rounds, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}
