/* closed-2d-ring.c: 2d-ring's closed form (closed-forms.h). Its
 * protocol is engine/strategy-2d-ring.c, its row strategies.def; it
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

/* 2(cols-1) row steps of M/cols and 2(rows-1) column steps of
 * M/(rows cols), each one latency plus its most loaded resource. */
void
closed_2d_ring(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct ring r;
	int rows, cols, i, k, row;
	double trow, tcol;

	grid_shape(s->n, s->grid_rows, &rows, &cols);
	analytic_round_init(&rd, s);
	for (i = 0; i < rows; i++) {	/* one round of the rows' rings */
		r = (struct ring){ i * cols, 1, cols, NULL };
		ring_round(&rd, &r, part_bytes(s->M, cols));
	}
	trow = analytic_round_time(&rd);
	for (i = 0; i < cols; i++) {	/* and of the columns' */
		r = (struct ring){ i, cols, rows, NULL };
		ring_round(&rd, &r, part_bytes(part_bytes(s->M, cols), rows));
	}
	tcol = analytic_round_time(&rd);
	/* every round, each ring going on as its hosts are free */
	analytic_round_schedule(&rd, s->alpha);
	for (k = 0; k < 2 * (cols - 1) + 2 * (rows - 1); k++) {
		/* rows' reduce-scatter, columns' all-reduce, rows'
		 * all-gather */
		row = k < cols - 1 || k >= cols - 1 + 2 * (rows - 1);
		for (i = 0; i < (row ? rows : cols); i++) {
			r = row ? (struct ring){ i * cols, 1, cols, NULL } :
			    (struct ring){ i, cols, rows, NULL };
			ring_round(&rd, &r, row ? part_bytes(s->M, cols) :
			    part_bytes(part_bytes(s->M, cols), rows));
		}
		analytic_round_time(&rd);
	}
	a->latency_s = (2.0 * (cols - 1) + 2.0 * (rows - 1)) * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (cols - 1) / cols * s->M +
	    2.0 * (rows - 1) / rows * s->M / cols;
	snprintf(a->formula, sizeof a->formula, "2(c-1)*(alpha + M/(c*B)) + "
	    "2(r-1)*(alpha + M/(r*c*B)), on a %d x %d grid", rows, cols);
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %.6g s) + "
	    "2*%d*(%.6g s + %.6g s) = %.6g s", cols - 1, s->alpha, trow,
	    rows - 1, s->alpha, tcol, a->communication_s);
}
