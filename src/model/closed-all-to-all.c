/* closed-all-to-all.c: all-to-all's closed form (closed-forms.h). Its
 * protocol is engine/strategy-all-to-all.c, its row strategies.def; it
 * costs the rounds of the same pattern (patterns.h), each at the pace
 * of its most loaded resource (analytic.c). Pure: no engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "patterns.h"
#include "xmalloc.h"

/* All n-1 flows out of a NIC share it: (n-1)M at B after one latency,
 * unless a switch backplane (n(n-1)M on a star) or a rack uplink
 * (h(n-h)M for a rack of h workers) is slower. */
void
closed_all_to_all(const struct shape *s, struct analytic *a)
{
	struct round rd;
	int n = s->n, w, p;
	double t;

	analytic_round_init(&rd, s);
	for (w = 0; w < n; w++) {
		for (p = 0; p < n; p++) {
			if (p != w)
				analytic_round_flow(&rd, w, p, s->M);
		}
	}
	t = analytic_round_time(&rd);
	a->latency_s = n > 1 ? s->alpha : 0;
	a->communication_s = a->latency_s + t;
	a->worker_sent_bytes = a->worker_received_bytes = (n - 1) * s->M;
	snprintf(a->formula, sizeof a->formula, "alpha + (n-1) * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %.6g s for "
	    "%d x %.6g B, paced by %s = %.6g s", a->latency_s, t, n - 1, s->M,
	    rd.binding[0] != '\0' ? rd.binding : "nothing: no transfers",
	    a->communication_s);
	analytic_round_release(&rd, a);
}
