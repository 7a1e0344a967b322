/* fastforward-window.c: an asynchronous PS under faults skips whole
 * checkpoint windows.  Each shard checkpoints every
 * faults.checkpoint.every steps' gradients, and a period's skip
 * (fastforward-async.c) stops short of each checkpoint and waits for
 * the workers to settle after it: about 8 of a window's 100 periods
 * are simulated, 9,600 windows in a 30-day run.  But between two fault
 * events the windows repeat too: the checkpoint's flow slows the same
 * steps by the same amount each time, and the period's skip lands at
 * the same place.  So a window is its own repeat, of length W (the
 * time between two checkpoints' starts) and of P steps of each worker.
 *
 * When.  At the same instant of every window, an offset phi from shard
 * 0's checkpoint's start (chosen at the first period's skip that lands
 * after a fault event: the first instant a period later when no worker
 * computes, fastforward-async.c's ffa_instants), the numbers are taken.
 * Once three such snapshots in a row, with no fault event since the
 * first, show two windows alike (the same numbers to 1e-9 of them, and
 * every live worker's last P step records those of the window before
 * shifted by W, as fastforward-async.c's steady test for a period), the
 * run is frozen there for m windows, with the same freeze, on the same
 * decision: times exact, the order of pushes that reach a shard at one
 * instant free.  The numbers added are m windows' (the ledgers, the
 * updates, each shard's version and pulls, the checkpoint's versions and
 * gradients, the checkpoint seconds), the step records m copies of the
 * window's, the last checkpoint's start moved on by m W.  A skip ends
 * two periods before the next fault event and a window before the
 * run's steps or duration.  The snapshot's instant has no checkpoint
 * under way (a saver frozen in flight would save the version it began
 * with, m windows old) and every worker past the period's skip before
 * it. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <simgrid/engine.h>

#include "fastforward-async-impl.h"
#include "metrics.h"
#include "sim.h"
#include "xmalloc.h"

#define FFW_REL		1e-9	/* of a window's numbers: equal */
#define FFW_SNAPS	3

struct ffw {
	int		 n;
	double		 mark;		/* shard 0's last checkpoint's start */
	double		 phi;		/* the snapshots' offset from it, or
					   -1 for none yet */
	double		 phi_since;	/* when phi was chosen */
	double		 next;		/* the next snapshot's instant */
	int		 nsnap;		/* snapshots in a row */
	double		 at[FFW_SNAPS];
	double		*v[FFW_SNAPS];	/* [nv], the oldest first */
	int		*last[FFW_SNAPS]; /* [n]: each worker's last record
					   then, -1 if not live */
	double		*inc, *prev;	/* [nv]: the last window's numbers,
					   the one's before */
};

struct ffw *
ffw_create(int nworkers)
{
	struct ffw *w = xcalloc(1, sizeof *w);
	int k;

	w->n = nworkers;
	w->phi = -1;
	w->mark = -INFINITY;
	w->next = INFINITY;
	for (k = 0; k < FFW_SNAPS; k++)
		w->last[k] = xcalloc((size_t)nworkers, sizeof *w->last[k]);
	return w;
}

void
ffw_free(struct ffw *w)
{
	int k;

	if (w == NULL)
		return;
	for (k = 0; k < FFW_SNAPS; k++) {
		free(w->v[k]);
		free(w->last[k]);
	}
	free(w->inc);
	free(w->prev);
	free(w);
}

/* Whether phi still holds: chosen after the last fault event. */
static int
phi_holds(const struct sim *sim, const struct ffw *w)
{
	return w->phi >= 0 && w->phi_since > sim->last_fault_s;
}

void
ffw_mark(struct sim *sim, struct ffa *f)
{
	struct ffw *w = f->win;

	w->mark = simgrid_get_clock();
	if (phi_holds(sim, w)) {
		w->next = w->mark + w->phi;
	} else {
		w->phi = -1;
		w->next = INFINITY;
		w->nsnap = 0;
	}
}

void
ffw_landed(struct sim *sim, struct ffa *f)
{
	struct ffw *w = f->win;
	double at[FFA_TRIES], now = simgrid_get_clock();

	if (phi_holds(sim, w) || !(w->mark > sim->last_fault_s) ||
	    ffa_instants(sim, f, now + f->T, at) < 1)
		return;
	w->phi = at[0] - w->mark;
	w->phi_since = now;
	w->next = at[0];
	w->nsnap = 0;
}

double
ffw_next(const struct ffa *f)
{
	return f->win != NULL ? f->win->next : INFINITY;
}

/* Whether two numbers of a window are equal. */
static int
alike(double a, double b)
{
	return fabs(a - b) <= FFW_REL * fmax(fabs(a), fabs(b));
}

/* A window's numbers, from snapshot a to b, into *out ([nv], made the
 * first time). */
static void
numbers(const struct ffa *f, const double *a, const double *b, double **out)
{
	size_t k;

	if (*out == NULL)
		*out = xcalloc(f->nv, sizeof **out);
	for (k = 0; k < f->nv; k++)
		(*out)[k] = b[k] - a[k];
	ffa_follow(f, *out);
}

/* The steps each live worker did in each of the last two windows, if
 * all did as many and each step of the last one is the one a window
 * before shifted by W; else 0. */
static int
repeats(const struct sim *sim, const struct ffw *w, double W)
{
	double a[3], b[3], tol = ffa_tol(W, w->at[2]);
	int P = 0, p, q, i, k;

	for (q = 0; q < w->n; q++) {
		if (w->last[0][q] < 0 || w->last[1][q] < 0 ||
		    w->last[2][q] < 0) {
			if (w->last[0][q] >= 0 || w->last[1][q] >= 0 ||
			    w->last[2][q] >= 0)
				return 0;
			continue;
		}
		p = w->last[2][q] - w->last[1][q];
		if (p < 1 || p != w->last[1][q] - w->last[0][q] ||
		    (P != 0 && p != P))
			return 0;
		P = p;
		for (i = 1; i <= P; i++) {
			if (metrics_record(sim->metrics, q, w->last[0][q] + i,
			    &a[0], &a[1], &a[2]) != 0 ||
			    metrics_record(sim->metrics, q, w->last[1][q] + i,
			    &b[0], &b[1], &b[2]) != 0)
				return 0;
			for (k = 0; k < 3; k++) {
				if (fabs(b[k] - a[k] - W) > tol)
					return 0;
			}
		}
	}
	return P;
}

/* The whole windows that may be skipped from now: 0 for none. */
static long
room(struct sim *sim, const struct ffa *f, const double *inc, double W,
    double now)
{
	const struct scenario *sc = sim->sc;
	double per = inc[f->nl], m;

	if (!(per > 0))
		return 0;
	m = floor(((double)sim->nworkers * sim->steps -
	    (double)sim->applied_total) / per) - 2;
	if (sc->run.duration_s > 0 && !sim_waits_for_faults(sim))
		m = fmin(m, floor((sc->run.duration_s - now) / W) - 2);
	m = fmin(m, floor((sim->next_fault_s - now - 2 * f->T) / W));
	return m >= 1 ? (long)m : 0;
}

/* The snapshot now into the last place of the row (the oldest dropped
 * when it is full). */
static void
snapshot(struct sim *sim, struct ffa *f, struct ffw *w, double now)
{
	double *v;
	int *last, q, k;

	if (w->nsnap == FFW_SNAPS) {
		v = w->v[0];
		last = w->last[0];
		for (k = 0; k + 1 < FFW_SNAPS; k++) {
			w->v[k] = w->v[k + 1];
			w->last[k] = w->last[k + 1];
			w->at[k] = w->at[k + 1];
		}
		w->v[FFW_SNAPS - 1] = v;
		w->last[FFW_SNAPS - 1] = last;
		w->nsnap--;
	}
	k = w->nsnap++;
	if (w->v[k] == NULL)
		w->v[k] = xcalloc(f->nv, sizeof *w->v[k]);
	ffa_take(sim, f, w->v[k]);
	for (q = 0; q < w->n; q++)
		w->last[k][q] = ffa_live(sim, q) ? f->last[q] : -1;
	w->at[k] = now;
}

/* Whether the run may be snapshotted now: at the instant asked, no
 * fault event in the window, no checkpoint under way, every worker past
 * a period's skip. */
static int
clear(const struct sim *sim, const struct ffa *f, const struct ffw *w,
    double now, double asked)
{
	int q;

	if (f->nv == 0 || now > asked + ffa_tol(f->T, now) ||
	    sim->saving != 0 || !(sim->last_fault_s < w->mark))
		return 0;
	for (q = 0; q < w->n; q++) {
		if (ffa_live(sim, q) && f->moved[q] != 0)
			return 0;
	}
	return 1;
}

void
ffw_at(struct sim *sim, struct ffa *f)
{
	struct ffw *w = f->win;
	double now = simgrid_get_clock(), asked = w->next, W;
	struct ffa_repeat r;
	size_t k;
	long m;

	w->next = INFINITY;	/* (until the next checkpoint) */
	if (!clear(sim, f, w, now, asked)) {
		w->nsnap = 0;
		return;
	}
	snapshot(sim, f, w, now);
	if (w->nsnap < FFW_SNAPS || !(sim->last_fault_s < w->at[0]))
		return;
	W = w->at[2] - w->at[1];
	if (!(W > 0) || fabs(w->at[1] - w->at[0] - W) > ffa_tol(W, now))
		return;
	numbers(f, w->v[0], w->v[1], &w->prev);
	numbers(f, w->v[1], w->v[2], &w->inc);
	for (k = 0; k < f->nv; k++) {
		if (!alike(w->inc[k], w->prev[k]))
			return;
	}
	r.T = W;
	r.inc = w->inc;
	if ((r.steps = repeats(sim, w, W)) < 1 ||
	    (m = room(sim, f, w->inc, W, now)) < 1 ||
	    ffa_freeze(sim, f, &r, m) != 0)
		return;
	sim->last_save_s += (double)m * W;
	w->mark += (double)m * W;
	w->nsnap = 0;
	f->asked = 0;
}
