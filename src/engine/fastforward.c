/* fastforward.c: run.fast_forward, steps that repeat exactly skipped
 * whole.  A run without anything random in its steps settles into a
 * steady state: the same flows on the same links, step after step.
 * Then its workers sleep through as many steps as fit before the run's
 * end, and the ledgers and step records get those steps' copies, as if
 * they had run.
 *
 * Why that is exact.  Worker w ends step k at b_w(k).  The cut at k is
 * quiet when no worker posts a message of step k + 1 before the last
 * worker ends step k: then nothing crosses the cut, and the run's state
 * there is every worker at the top of its loop, at its own b_w(k), and
 * the network idle.  If the cuts at k - 1 and k are quiet and each
 * worker's times of step k are its times of step k - 1 plus one period
 * T, the state at cut k is the state at cut k - 1 shifted by T, and the
 * run, being deterministic, repeats from there: every later step is the
 * last one shifted.  So at the next boundary each worker may sleep m T
 * (m whole steps) and go on, and the run is the same shifted by m T.
 * The check takes the cuts two steps back (every worker has ended those
 * steps before any ends the next: an all-reduce step ends only after
 * every worker's compute), and the steps' bytes must be equal too.  Two
 * periods are equal when they differ by at most 1e-10 T: a run that is
 * not quite periodic can then drift by no more than that per step, 1e-10
 * of the time skipped.
 *
 * Where: synchronous all-reduce (no helper actors, no buckets), without
 * faults, compute jitter, numerics or several jobs.  A step the timeline
 * keeps is never skipped. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "fastforward.h"
#include "metrics.h"
#include "sim.h"
#include "timeline.h"
#include "xmalloc.h"

#define FF_HISTORY	4	/* ledgers kept, by step % FF_HISTORY */
#define FF_REL		1e-10	/* of a period: equal periods */

struct ff {
	int		 nw;
	size_t		 nl;		/* ledger numbers */
	double		*snap[FF_HISTORY];	/* after step k: snap[k % 4] */
	int		 snap_step[FF_HISTORY];
	int		 reached[FF_HISTORY];	/* workers past step k */
	int		 reached_step[FF_HISTORY];
	double		*inc;		/* one step's ledgers */
	int		 at;		/* the boundary decided, or -1 */
	int		 m;		/* steps skipped there */
	double		 T;		/* the period */
	long		 skipped;
};

int
ff_applies(const struct scenario *sc)
{
	const struct strategy_info *info = sc->strategy.info;

	return sc->run.fast_forward && info->family == FAMILY_ALLREDUCE &&
	    !(info->flags & R_HELPER) && !sc->faults.on &&
	    sc->numerics.mode == NUM_OFF &&
	    sc->cluster.jitter == JITTER_NONE && sc->strategy.bucket_bytes ==
	    0 && sc->njobs == 0;
}

struct ff *
ff_create(struct sim *sim)
{
	struct ff *ff;
	int i;

	if (!ff_applies(sim->sc) || sim->nbuckets > 0)
		return NULL;
	ff = xcalloc(1, sizeof *ff);
	ff->nw = sim->nworkers;
	ff->nl = metrics_ledgers(sim->metrics, NULL);
	for (i = 0; i < FF_HISTORY; i++) {
		ff->snap[i] = xcalloc(ff->nl, sizeof *ff->snap[i]);
		ff->snap_step[i] = ff->reached_step[i] = -1;
	}
	ff->inc = xcalloc(ff->nl, sizeof *ff->inc);
	ff->at = -1;
	return ff;
}

void
ff_free(struct ff *ff)
{
	int i;

	if (ff == NULL)
		return;
	for (i = 0; i < FF_HISTORY; i++)
		free(ff->snap[i]);
	free(ff->inc);
	free(ff);
}

long
ff_skipped(const struct ff *ff)
{
	return ff != NULL ? ff->skipped : 0;
}

/* The ledgers after step k, or NULL if not kept. */
static const double *
snap(const struct ff *ff, int k)
{
	return k >= 0 && ff->snap_step[k % FF_HISTORY] == k ?
	    ff->snap[k % FF_HISTORY] : NULL;
}

static int
same(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* Whether the cut at k is quiet (every worker's compute of step k + 1
 * ends after the last end of step k) and step k + 1's times are step
 * k's plus T, worker by worker; *last the last end of step k + 1. */
static int
repeats(const struct sim *sim, int k, double T, double *last)
{
	double s0, c0, e0, s1, c1, e1, end = -INFINITY, first = INFINITY;
	double tol = FF_REL * T;
	int w;

	*last = -INFINITY;
	for (w = 0; w < sim->nworkers; w++) {
		if (metrics_record(sim->metrics, w, k, &s0, &c0, &e0) != 0 ||
		    metrics_record(sim->metrics, w, k + 1, &s1, &c1, &e1) != 0)
			return 0;
		if (!same(s1 - s0, T, tol) || !same(c1 - c0, T, tol) ||
		    !same(e1 - e0, T, tol))
			return 0;
		end = fmax(end, e0);
		first = fmin(first, c1);
		*last = fmax(*last, e1);
	}
	return first >= end;
}

/* Whether steps k - 1 and k moved the same bytes and messages; their
 * ledgers into ff->inc. */
static int
same_bytes(struct ff *ff, int k)
{
	const double *a = snap(ff, k - 2), *b = snap(ff, k - 1),
	    *c = snap(ff, k);
	size_t i;
	double d0, d1;

	if (a == NULL || b == NULL || c == NULL)
		return 0;
	for (i = 0; i < ff->nl; i++) {
		d0 = b[i] - a[i];
		d1 = c[i] - b[i];
		if (!same(d0, d1, FF_REL * fmax(fabs(d1), 1)))
			return 0;
		ff->inc[i] = d1;
	}
	return 1;
}

/* The steps after boundary j that may be skipped: all but the last few
 * before the run's steps or its duration, none that the timeline keeps. */
static int
room(const struct sim *sim, int j, double T, double last)
{
	double m = (double)sim->steps - j - 3;
	const struct timeline *tl = sim->timeline;

	if (sim->sc->run.duration_s > 0)	/* last: the end of step j - 1 */
		m = fmin(m, floor((sim->sc->run.duration_s - last) / T) - 4);
	if (tl != NULL && (tl->lo < 0 || j + 1 <= tl->hi))
		m = fmin(m, tl->lo - j - 1);
	return m >= 1 ? (int)fmin(m, 1e9) : 0;
}

/* At the first worker's end of step j: whether the run repeats (steps
 * j - 3 .. j - 1, by their records and bytes), and how many steps to
 * skip. */
static void
decide(struct sim *sim, struct ff *ff, int j)
{
	double s0, c0, e0, s1, c1, e1, T, last;

	ff->at = j;
	ff->m = 0;
	if (j < 4 || metrics_record(sim->metrics, 0, j - 3, &s0, &c0, &e0) ||
	    metrics_record(sim->metrics, 0, j - 2, &s1, &c1, &e1))
		return;
	T = e1 - e0;
	if (!(T > 0) || !repeats(sim, j - 3, T, &last) ||
	    !repeats(sim, j - 2, T, &last) || !same_bytes(ff, j - 1))
		return;
	ff->m = room(sim, j, T, last);
	ff->T = T;
	if (ff->m > 0) {
		metrics_add_ledgers(sim->metrics, ff->inc, ff->m);
		ff->skipped += ff->m;
	}
}

int
ff_step_end(struct sim *sim, int w, int step)
{
	struct ff *ff = sim->ff;
	int slot = step % FF_HISTORY, i;
	double s, c, e;

	if (ff == NULL || step < 0)
		return 0;
	if (ff->reached_step[slot] != step) {
		ff->reached_step[slot] = step;
		ff->reached[slot] = 0;
		decide(sim, ff, step);
	}
	if (++ff->reached[slot] == ff->nw) {	/* the step's last end */
		metrics_ledgers(sim->metrics, ff->snap[slot]);
		ff->snap_step[slot] = step;
	}
	if (ff->at != step || ff->m == 0 ||
	    metrics_record(sim->metrics, w, step, &s, &c, &e) != 0)
		return 0;
	for (i = 1; i <= ff->m; i++)
		metrics_step(sim->metrics, w, step + i, s + i * ff->T,
		    c + i * ff->T, e + i * ff->T);
	sg_actor_sleep_for(ff->m * ff->T);
	return ff->m;
}
