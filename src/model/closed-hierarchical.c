/* closed-hierarchical.c: hierarchical all-reduce's closed form (closed-
 * forms.h). Its protocol is engine/strategy-hierarchical.c, its row
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

/* In-group tree rounds at the local latency, 2(h-1) ring steps of M/h
 * among the h leaders at the far one; each round at the pace of its
 * most loaded resource (analytic.c). */
void
closed_hierarchical(const struct shape *s, struct analytic *a)
{
	struct groups g;
	struct round rd;
	struct ring r;
	double local, across, lead;
	int h;

	groups_make(&g, s->n, s->racks > 0 ? s->rack_of : NULL);
	h = g.n;
	analytic_round_init(&rd, s);
	local = closed_local_trees(s, &g, &rd);
	r = (struct ring){ 0, 0, h, g.leaders };
	ring_round(&rd, &r, part_bytes(s->M, h));
	across = 2.0 * (h - 1) * (s->alpha + analytic_round_time(&rd));
	analytic_round_release(&rd, a);
	lead = g.levels * s->M + 2.0 * (h - 1) / h * s->M;
	a->latency_s = 2.0 * g.levels * s->alpha_local + 2.0 * (h - 1) *
	    s->alpha;
	a->communication_s = local + across;
	a->worker_sent_bytes = a->worker_received_bytes = lead;
	snprintf(a->formula, sizeof a->formula, "2 ceil(lg g)*(alpha_local + "
	    "M/B_local) + 2(h-1)*(alpha + M/(h*B)), %d groups of up to %d",
	    h, 1 << g.levels);
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s in the groups + "
	    "%.6g s across = %.6g s", local, across, a->communication_s);
	groups_release(&g);
}
