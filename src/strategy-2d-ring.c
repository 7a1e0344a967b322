/* strategy-2d-ring.c: all-reduce with rings along both dimensions of a
 * rows x cols grid of workers (worker w at row w / cols, column
 * w % cols), as used on 2D torus networks.
 *
 * Message schedule: a ring reduce-scatter along each row (cols - 1 steps
 * of M/cols) leaves each worker the row's sum of one chunk, the same
 * chunk down a column; a full ring all-reduce of that chunk along each
 * column (2(rows - 1) steps of M/(rows cols)) sums it over the grid; a
 * ring all-gather along each row (cols - 1 steps) spreads the result.
 * Each phase has its own inboxes: a neighbour may be a phase ahead. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "analytic.h"
#include "ring.h"
#include "sim.h"
#include "xmalloc.h"

struct r2d_state {
	int		 rows, cols;
	sg_mailbox_t	*inbox[3];	/* row reduce-scatter, column, row
					   all-gather; each per worker */
};

/* The grid the scenario gives, or the squarest one. */
static void
grid(int n, int want_rows, int *rows, int *cols)
{
	int r;

	if (want_rows > 0) {
		*rows = want_rows;
		*cols = n / want_rows;
		return;
	}
	for (*rows = 1, r = 1; r * r <= n; r++) {
		if (n % r == 0)
			*rows = r;
	}
	*cols = n / *rows;
}

static void
r2d_setup(struct sim *sim)
{
	struct r2d_state *st = xcalloc(1, sizeof *st);
	char prefix[16];
	int p;

	grid(sim->nworkers, sim->sc->strategy.grid_rows, &st->rows,
	    &st->cols);
	for (p = 0; p < 3; p++) {
		snprintf(prefix, sizeof prefix, "r2d%d", p);
		st->inbox[p] = sim_round_mailboxes(sim, prefix, sim->nworkers, 1);
	}
	sim->state = st;
}

static void
r2d_exchange(struct sim *sim, int w, int step, long lo, long len)
{
	struct r2d_state *st = sim->state;
	int row = w / st->cols, col = w % st->cols, mine;
	struct ring r = { row * st->cols, 1, st->cols, NULL };
	struct ring c = { col, st->cols, st->rows, NULL };
	long first, n;

	ring_phase(sim, &r, col, st->inbox[0], step, lo, len, 0);
	mine = (col + 1) % st->cols;
	first = lo + sim_part_offset(len, st->cols, mine);
	n = sim_part_count(len, st->cols, mine);
	ring_phase(sim, &c, row, st->inbox[1], step, first, n, 0);
	ring_phase(sim, &c, row, st->inbox[1], step, first, n, 1);
	ring_phase(sim, &r, col, st->inbox[2], step, lo, len, 1);
}

static void
r2d_cleanup(struct sim *sim)
{
	struct r2d_state *st = sim->state;
	int p;

	for (p = 0; p < 3; p++)
		free(st->inbox[p]);
	free(st);
	sim->state = NULL;
}

/* 2(cols-1) row steps of M/cols and 2(rows-1) column steps of
 * M/(rows cols), each one latency plus its most loaded resource. */
static void
r2d_analytic(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct ring r;
	int rows, cols, i;
	double trow, tcol;

	grid(s->n, s->grid_rows, &rows, &cols);
	analytic_round_init(&rd, s);
	for (i = 0; i < rows; i++) {
		r = (struct ring){ i * cols, 1, cols, NULL };
		ring_round(&rd, &r, s->M / cols);
	}
	trow = analytic_round_time(&rd);
	for (i = 0; i < cols; i++) {
		r = (struct ring){ i, cols, rows, NULL };
		ring_round(&rd, &r, s->M / cols / rows);
	}
	tcol = analytic_round_time(&rd);
	analytic_round_release(&rd, a);
	a->latency_s = (2.0 * (cols - 1) + 2.0 * (rows - 1)) * s->alpha;
	a->communication_s = 2.0 * (cols - 1) * (s->alpha + trow) +
	    2.0 * (rows - 1) * (s->alpha + tcol);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (cols - 1) / cols * s->M +
	    2.0 * (rows - 1) / rows * s->M / cols;
	snprintf(a->formula, sizeof a->formula, "2(c-1)*(alpha + M/(c*B)) + "
	    "2(r-1)*(alpha + M/(r*c*B)), on a %d x %d grid", rows, cols);
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %.6g s) + "
	    "2*%d*(%.6g s + %.6g s) = %.6g s", cols - 1, s->alpha, trow,
	    rows - 1, s->alpha, tcol, a->communication_s);
}

const struct strategy strategy_2d_ring = {
	.setup = r2d_setup,
	.exchange = r2d_exchange,
	.cleanup = r2d_cleanup,
	.analytic = r2d_analytic,
};
