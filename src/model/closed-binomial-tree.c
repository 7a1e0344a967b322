/* closed-binomial-tree.c: the binomial tree's closed form (closed-
 * forms.h). Its protocol is engine/strategy-binomial-tree.c, its row
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

/* 2 ceil(lg n) rounds of alpha + M/B; each round costs its most loaded
 * NIC, switch or uplink (analytic.c), the broadcast mirroring the reduce. */
void
closed_binomial_tree(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct tree t;
	double bw = 0;
	int i;

	tree_init(&t, NULL, s->n);
	analytic_round_init(&rd, s);
	analytic_round_schedule(&rd, s->alpha);
	for (i = 0; i < t.levels; i++) {	/* the reduce */
		tree_round(&rd, &t, i, s->M);
		analytic_round_time(&rd);
	}
	for (i = t.levels - 1; i >= 0; i--) {	/* the broadcast */
		tree_round_down(&rd, &t, i, s->M);
		analytic_round_time(&rd);
	}
	a->latency_s = 2.0 * t.levels * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	bw = a->communication_s - a->latency_s;
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes = t.levels * s->M;
	snprintf(a->formula, sizeof a->formula,
	    "2 ceil(lg n)*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", t.levels, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}
