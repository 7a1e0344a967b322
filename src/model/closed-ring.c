/* closed-ring.c: ring all-reduce's closed form (closed-forms.h). Its
 * protocol is engine/strategy-ring.c, its row strategies.def; it costs
 * the rounds of the same pattern (patterns.h), each at the pace of its
 * most loaded resource (analytic.c). Pure: no engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "patterns.h"
#include "xmalloc.h"

/* 2(n-1) steps, each one latency plus a chunk of M/n from every worker
 * to the next, at the pace of the most loaded resource: a NIC, or a
 * switch backplane or rack uplink that several chunks cross. */
void
closed_ring(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct ring r = { 0, 1, s->n, NULL };
	int n = s->n;
	double chunk = part_bytes(s->M, n), per;

	analytic_round_init(&rd, s);
	ring_round(&rd, &r, chunk);
	per = analytic_round_time(&rd);
	a->latency_s = 2.0 * (n - 1) * s->alpha;
	a->communication_s = 2.0 * (n - 1) * (s->alpha + per);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (n - 1) * chunk;
	snprintf(a->formula, sizeof a->formula,
	    "2(n-1)*alpha + 2(n-1)/n * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %.6g s "
	    "for a %.6g B chunk, paced by %s) = %.6g s", n - 1, s->alpha, per,
	    chunk, rd.binding[0] != '\0' ? rd.binding : "nothing: no "
	    "transfers", a->communication_s);
	analytic_round_release(&rd, a);
}
