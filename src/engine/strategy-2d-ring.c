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

#include "ring.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"
#include "message.h"

struct r2d_state {
	int		 rows, cols;
	sg_mailbox_t	*inbox[3];	/* row reduce-scatter, column, row
					   all-gather; each per worker */
};

static void
r2d_setup(struct sim *sim)
{
	struct r2d_state *st = xcalloc(1, sizeof *st);
	char prefix[16];
	int p;

	grid_shape(sim->nworkers, sim->sc->strategy.grid_rows, &st->rows,
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
	double bytes = sim_bytes(sim, len);
	double part = part_bytes(bytes, st->cols);	/* a column's */
	long first, n;

	/* the rows' rings side by side, then the columns': all skip their
	 * repeated rounds together */
	sim->round_ff = ring_may_skip(sim, sim->nworkers);
	ring_phase(sim, &r, col, st->inbox[0], step, lo, len, bytes, 0);
	mine = (col + 1) % st->cols;
	first = lo + sim_part_offset(len, st->cols, mine);
	n = sim_part_count(len, st->cols, mine);
	ring_phase(sim, &c, row, st->inbox[1], step, first, n, part, 2);
	ring_phase(sim, &c, row, st->inbox[1], step, first, n, part, 3);
	ring_phase(sim, &r, col, st->inbox[2], step, lo, len, bytes, 1);
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

const struct strategy strategy_2d_ring = {
	.setup = r2d_setup,
	.exchange = r2d_exchange,
	.cleanup = r2d_cleanup,
};
