/* closed-forms.c: what the closed forms share (closed-forms.h): the
 * trees inside each machine or rack. Each strategy's own closed form is
 * closed-NAME.c beside its protocol, engine/strategy-NAME.c. Pure: no
 * engine. */
#include "config.h"

#include <math.h>

#include "analytic.h"
#include "closed-forms.h"
#include "patterns.h"

/* The reduce inside every group (a binomial tree of the whole vector,
 * all groups at once) and the broadcast back: 2 ceil(lg g) rounds, each
 * a latency inside the group and its slowest link.  0 for groups of
 * one. */
double
closed_local_trees(const struct shape *s, const struct groups *g,
    struct round *rd)
{
	struct tree t;
	double local = 0;
	int i, k;

	for (i = 0; i < g->levels; i++) {
		for (k = 0; k < g->n; k++) {
			tree_init(&t, g->members[k], g->size[k]);
			if (i < t.levels)
				tree_round(rd, &t, i, s->M);
		}
		local += 2 * (s->alpha_local + analytic_round_time(rd));
	}
	return local;
}
