/* fastforward.c: run.fast_forward, steps that repeat exactly skipped
 * whole.  A run without anything random in its steps settles into a
 * steady state: the same flows on the same links, cycle after cycle (a
 * cycle is checkpoint.every steps with checkpoints, else 2; between two
 * checkpoints, 2 too).  Then its
 * workers sleep through as many cycles as fit before the run's end or
 * the next fault event, and the ledgers and step records get those
 * cycles' copies, as if they had run.
 *
 * Why that is exact.  Worker w ends step k at b_w(k).  The cut at k is
 * quiet when no worker posts a message of step k + 1 before the last
 * worker ends step k, and no other transfer (a checkpoint) crosses it:
 * then the run's state there is every worker at the top of its loop, at
 * its own b_w(k), the network idle, and the controller waiting for its
 * next event.  If the cuts at k - L and k are quiet, each worker's times
 * of step k are its times of step k - L plus one period T, and no fault
 * event came in between (an event leaves state the records do not show:
 * a checkpoint asked for on notice), the state at cut k is the state at
 * cut k - L shifted by T, the step's phase in the cycle too.  The run,
 * being deterministic, repeats from there: every later cut is the one L
 * steps before shifted by T, quiet if that one was.  So at a cut whose
 * cut L steps back was quiet each worker may sleep m T (m whole cycles)
 * and go on, and the run is the same shifted by m T, provided no fault
 * event falls in the sleep.  Between two checkpoints the steps repeat
 * with a cycle of 2 and the step count matters only at the next
 * checkpoint: a skip by that cycle lands before it (no checkpoint in the
 * steps seen, skipped, or the one after), and writes the skipped steps'
 * records and snapshots, so that a skip by the whole cycle can look back
 * across it.  The first worker to end step j decides for all: it takes
 * the cuts at j - 2 - L and j - 2 (every worker has ended those steps,
 * and started the next, before any worker ends step j: an all-reduce
 * step, or a synchronous PS's, ends only after every worker's compute),
 * checks steps j - 2 and j - 1 against those L before, and skips at j if
 * the cut at j - L was quiet: m cycles and k steps, landing on a cut
 * whose cut L steps back was quiet too, each worker asleep until its own
 * end of the landing step.  Two periods are equal when they differ by at most
 * 1e-10 T: a run that is not quite periodic can then drift by no more
 * than that per cycle, 1e-10 of the time skipped.
 *
 * A synchronous PS's servers and receivers are idle at a quiet cut,
 * waiting for the next pushes; they count the steps they serve from
 * their loop and ff_skipped (ff_step), so they take up at the step the
 * workers land on.
 *
 * Under faults a PS keeps versions (each shard's updates, each worker's
 * pulls) and checkpoints by them; a skip moves them on (the strategy's
 * `skipped' hook), repeats the last cycle's update times, and adds the
 * staleness counts with the ledgers.
 *
 * Where: synchronous all-reduce (no helper actors, no buckets) and the
 * synchronous PS (BytePS too; no buckets), with or without faults (not
 * elastic), without compute jitter, numerics or several jobs.
 * A step the timeline keeps is never skipped. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/engine.h>

#include "fastforward.h"
#include "metrics.h"
#include "sim.h"
#include "timeline.h"
#include "xmalloc.h"
#include "strategy.h"

#define FF_REL		1e-10	/* of a period: equal periods */

struct ff {
	int		 nw;
	int		 every;		/* checkpoint.every (0: none) */
	int		 cycle;		/* the whole cycle, in steps */
	int		 L;		/* the cycle of the skip decided */
	int		 H;		/* history: cuts kept, by step % H */
	size_t		 nl;		/* numbers of a snapshot: the metrics'
					   ledgers, the checkpoint time, the
					   updates applied */
	double		*snap;		/* [H][nl]: after step k's last end */
	int		*snap_step;	/* [H] */
	int		*reached;	/* [H]: workers past step k */
	int		*reached_step;	/* [H] */
	double		*inc;		/* one cycle's numbers, then the skip's */
	double		*cyc;		/* one cycle's numbers */
	double		*src;		/* [L][nl]: the snapshots copied */
	int		 owed;		/* the skip's numbers are still to add */
	int		 gen;		/* the all-reduce generation seen */
	int		 at;		/* the cut decided, or -1 */
	int		 m, k;		/* skipped there: m cycles, k steps */
	double		 T;		/* the cycle's period */
	long		 per, more;	/* updates: a cycle's, the k steps' */
	long		 skipped;	/* steps */
	long		 messages;	/* theirs */
};

/* Whether the scenario's runs may fast-forward: its strategy, and what
 * makes its steps differ. */
static int
ff_applies(const struct scenario *sc)
{
	const struct strategy_info *info = sc->strategy.info;

	int ok = info->family == FAMILY_ALLREDUCE ?
	    !(info->flags & R_HELPER) : info->family == FAMILY_PS &&
	    sc->strategy.sync == SYNC_SYNC;

	return sc->run.fast_forward && ok && !sc->faults.elastic &&
	    sc->numerics.mode == NUM_OFF &&
	    sc->cluster.jitter == JITTER_NONE && sc->strategy.bucket_bytes ==
	    0 && sc->njobs == 0;
}

/* The history's slots forgotten: a new generation redoes steps. */
static void
forget(struct ff *ff)
{
	int i;

	for (i = 0; i < ff->H; i++)
		ff->snap_step[i] = ff->reached_step[i] = -1;
	ff->at = -1;
}

struct ff *
ff_create(struct sim *sim)
{
	const struct scenario *sc = sim->sc;
	struct ff *ff;
	const char *what;
	int every = sc->faults.on ? sc->faults.checkpoint_every : 0;
	int cycle = every > 1 ? every : 2;
	size_t nl;
	double have;

	if (!ff_applies(sc))
		return NULL;
	nl = metrics_ledgers(sim->metrics, NULL) + 2;
	have = xmemory_allowed(&what);
	/* (its history keeps every host's and link's numbers cycle + 4
	 * times: a cluster of a million hosts, most of them idle, with a
	 * checkpoint every 100 steps would need 2.5 GB for it; where that
	 * is more than an eighth of the memory psim may use, every step
	 * runs, with the same report) */
	if (have > 0 && (2.0 * cycle + 6) * (double)nl * sizeof(double) >
	    have / 8)
		return NULL;
	ff = xcalloc(1, sizeof *ff);
	ff->nw = sim->nworkers;
	ff->every = every;
	ff->cycle = cycle;
	ff->L = ff->cycle;
	ff->H = ff->cycle + 4;
	ff->nl = nl;
	ff->snap = xcalloc((size_t)ff->H * ff->nl, sizeof *ff->snap);
	ff->snap_step = xcalloc((size_t)ff->H, sizeof *ff->snap_step);
	ff->reached = xcalloc((size_t)ff->H, sizeof *ff->reached);
	ff->reached_step = xcalloc((size_t)ff->H, sizeof *ff->reached_step);
	ff->inc = xcalloc(ff->nl, sizeof *ff->inc);
	ff->cyc = xcalloc(ff->nl, sizeof *ff->cyc);
	ff->src = xcalloc((size_t)ff->cycle * ff->nl, sizeof *ff->src);
	ff->gen = sim->generation;
	forget(ff);
	return ff;
}

void
ff_free(struct ff *ff)
{
	if (ff == NULL)
		return;
	free(ff->snap);
	free(ff->snap_step);
	free(ff->reached);
	free(ff->reached_step);
	free(ff->inc);
	free(ff->cyc);
	free(ff->src);
	free(ff);
}

long
ff_skipped(const struct ff *ff)
{
	return ff != NULL ? ff->skipped : 0;
}

long
ff_messages(const struct ff *ff)
{
	return ff != NULL ? ff->messages : 0;
}

int
ff_step(const struct ff *ff, int served)
{
	return served + (int)ff_skipped(ff);
}

/* The numbers after step k, or NULL if not kept. */
static const double *
snap(const struct ff *ff, int k)
{
	return k >= 0 && ff->snap_step[k % ff->H] == k ?
	    ff->snap + (size_t)(k % ff->H) * ff->nl : NULL;
}

static int
same(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* Whether the cut at k is quiet by the records: no worker sends before
 * the last end of step k, when the ledgers' snapshot is taken.  A
 * worker's first message after its end is at the end of its next
 * compute, or at its end itself when it did something in between (a
 * checkpoint: its next step starts late); that one must end the step
 * alone and last, as a tie would leave its message before or after the
 * snapshot by the actors' order.  *last: the last end of step k. */
static int
quiet(const struct sim *sim, int k, double *last)
{
	double s0, c0, e0, s1, c1, e1, first = INFINITY, late = -INFINITY;
	double before = -INFINITY;
	int w;

	*last = -INFINITY;
	for (w = 0; w < sim->nworkers; w++) {
		if (metrics_record(sim->metrics, w, k, &s0, &c0, &e0) != 0 ||
		    metrics_record(sim->metrics, w, k + 1, &s1, &c1, &e1) != 0)
			return 0;
		*last = fmax(*last, e0);
		if (s1 > e0) {
			if (late > -INFINITY)
				return 0;	/* two late starts */
			late = e0;
		} else {
			before = fmax(before, e0);
			first = fmin(first, c1);
		}
	}
	return first >= *last && (late == -INFINITY || late > before);
}

/* Whether every worker's records of steps lo .. hi are those L steps
 * before plus T. */
static int
shifted(const struct sim *sim, int lo, int hi, int L, double T)
{
	double s0, c0, e0, s1, c1, e1, tol = FF_REL * T;
	int w, k;

	for (k = lo; k <= hi; k++)
		for (w = 0; w < sim->nworkers; w++) {
			if (metrics_record(sim->metrics, w, k - L, &s0, &c0,
			    &e0) != 0 || metrics_record(sim->metrics, w, k,
			    &s1, &c1, &e1) != 0 || !same(s1 - s0, T, tol) ||
			    !same(c1 - c0, T, tol) || !same(e1 - e0, T, tol))
				return 0;
		}
	return 1;
}

/* Whether no fault event has come since step k began: one would leave
 * what the records do not show (a checkpoint asked for on notice, taken
 * at the end of the step under way), and the run would not repeat. */
static int
untouched(const struct sim *sim, int k)
{
	double s, c, e, first = INFINITY;
	int w;

	for (w = 0; w < sim->nworkers; w++) {
		if (metrics_record(sim->metrics, w, k, &s, &c, &e) != 0)
			return 0;
		first = fmin(first, s);
	}
	return sim->last_fault_s < first;
}

/* The numbers of the cycle between cuts c0 and c1 into ff->inc: 0, or
 * -1 if a snapshot is missing. */
static int
cycle(struct ff *ff, int c0, int c1)
{
	const double *b = snap(ff, c0), *c = snap(ff, c1);
	size_t i;

	if (b == NULL || c == NULL)
		return -1;
	for (i = 0; i < ff->nl; i++)
		ff->inc[i] = c[i] - b[i];
	return 0;
}

/* The first step count past j that is a multiple of checkpoint.every:
 * a checkpoint comes with it, at the end of step (count - 1). */
static int
next_checkpoint(const struct ff *ff, int j)
{
	return (j + ff->every) / ff->every * ff->every;
}

/* The whole cycles m that may be skipped from cut j to land on the cut
 * k steps past them (0 <= k <= L - 2), its last end being that of cut
 * j + k - L (end) plus (m + 1) T: all but two cycles and a few steps
 * before the run's steps or duration (unless it waits for faults), no
 * fault event before the landing,
 * no step the timeline keeps; -1 for none. */
static double
room(const struct sim *sim, const struct ff *ff, int j, int k, double end)
{
	const struct timeline *tl = sim->timeline;
	double L = ff->L, T = ff->T, step = T / L;
	double m = floor((sim->steps - j - k - 2 * L - 3) / L);

	if (sim->sc->run.duration_s > 0 && !sim_waits_for_faults(sim))
		m = fmin(m, floor((sim->sc->run.duration_s - end - 3 * T -
		    4 * step) / T));
	if (sim->sc->faults.on)	/* strictly before the next event */
		m = fmin(m, ceil((sim->next_fault_s - end) / T) - 2);
	if (tl != NULL && (tl->lo < 0 || j + 1 <= tl->hi))
		m = fmin(m, floor((tl->lo - j - k - 1) / L));
	if (ff->L < ff->cycle && ff->every > 0)	/* (the cut's own cycle) */
		m = fmin(m, floor((next_checkpoint(ff, j) - j - 2 - k) / L));
	return fmin(m, 1e9);
}

/* The longest skip from cut j: m whole cycles and k steps (the cut it
 * lands on, the one at j + k - L shifted by (m + 1) T, must be quiet). */
static void
longest(struct sim *sim, struct ff *ff, int j)
{
	double m, end, best = 0;
	int k;

	ff->m = ff->k = 0;
	for (k = 0; k <= ff->L - 2; k++) {
		if (!quiet(sim, j + k - ff->L, &end))
			continue;
		m = room(sim, ff, j, k, end);
		if (m >= 0 && m * ff->L + k > best) {
			best = m * ff->L + k;
			ff->m = (int)m;
			ff->k = k;
		}
	}
}

/* The checkpoint time and the updates applied, after the metrics'
 * ledgers. */
static void
take(struct sim *sim, double *v)
{
	size_t n = metrics_ledgers(sim->metrics, v);

	v[n] = sim->fstats.checkpoint_s;
	v[n + 1] = (double)metrics_updates(sim->metrics);
}

/* Whether the run repeats with a cycle of L steps at the first worker's
 * end of step j (the cuts at c0 = j - 2 - L and c1 = j - 2 quiet, every
 * worker's times of step c1 and after those L steps before plus T: the
 * state at c1 is the state at c0 shifted), whether the cut at j is quiet
 * (as the one at j - L was), and the steps to skip: 0 for none.  ff->inc
 * gets one cycle's numbers. */
static int
attempt(struct sim *sim, struct ff *ff, int j, int L)
{
	int c1 = j - 2, c0 = c1 - L;
	double s0, c, e0, s1, e1, last, T;

	ff->L = L;
	ff->m = ff->k = 0;
	if (c0 < 0 || metrics_record(sim->metrics, 0, c0, &s0, &c, &e0) ||
	    metrics_record(sim->metrics, 0, c1, &s1, &c, &e1))
		return 0;
	/* a cycle shorter than the checkpoints': none in the steps seen */
	if (L < ff->cycle && ff->every > 0 && j / ff->every * ff->every > c0)
		return 0;
	T = e1 - e0;
	/* (the cut at j, where the workers fall asleep, must be quiet: it is
	 * the one at j - L shifted) */
	if (!(T > 0) || !quiet(sim, c0, &last) || !quiet(sim, c1, &last) ||
	    !quiet(sim, j - L, &last) || !shifted(sim, c1, j - 1, L, T) ||
	    !untouched(sim, c0 - 1) || cycle(ff, c0, c1) != 0)
		return 0;
	ff->T = T;
	longest(sim, ff, j);
	return ff->m * L + ff->k;
}

/* At the first worker's end of step j: the skip, if the run repeats
 * there.  With checkpoints the whole cycle is checkpoint.every steps;
 * between two checkpoints it is 2, and a skip by it stops short of the
 * next checkpoint.  The skip's numbers are added at the step's last
 * end, after its snapshot (settle). */
static void
decide(struct sim *sim, struct ff *ff, int j)
{
	const double *a, *b;
	size_t n = ff->nl - 2, i;
	int steps, L;

	ff->at = j;
	steps = attempt(sim, ff, j, ff->cycle);
	if (steps == 0 && ff->cycle > 2)
		steps = attempt(sim, ff, j, 2);
	L = ff->L;
	/* m cycles, then the k steps after cut j - L */
	a = snap(ff, j - L);
	b = snap(ff, j + ff->k - L);
	if (steps == 0 || a == NULL || b == NULL) {
		ff->m = ff->k = 0;
		return;
	}
	memcpy(ff->cyc, ff->inc, ff->nl * sizeof *ff->cyc);
	ff->per = (long)ff->inc[n + 1];	/* a cycle's updates */
	ff->more = (long)(b[n + 1] - a[n + 1]);
	for (i = 0; i < ff->nl; i++)
		ff->inc[i] = ff->inc[i] * ff->m + (b[i] - a[i]);
	ff->owed = 1;
	if (sim->strategy->skipped != NULL)
		sim->strategy->skipped(sim, -1, steps);
	/* all-reduce: the skipped ends of steps j .. j + steps - 1 (steps
	 * done j + 1 .. j + steps) checkpointed at each multiple of every
	 * (a PS's servers checkpoint by version: its skipped hook) */
	if (ff->every > 0 &&
	    sim->sc->strategy.info->family == FAMILY_ALLREDUCE) {
		int done = (j + steps) / ff->every * ff->every;

		if (done >= j + 1) {
			sim->checkpoint_step = done;
			sim->checkpointed = 1;
		}
	}
	ff->skipped += steps;
}

/* At the last end of step j, once its snapshot is taken: the skip's
 * numbers added, and the snapshots of the last H steps skipped written,
 * each the one p cycles before it plus p cycles' numbers (a later skip
 * may take its cuts there).  Steps j - L + 1 .. j are their sources,
 * copied first: the slots written may be theirs. */
static void
settle(struct sim *sim, struct ff *ff, int j)
{
	size_t nl = ff->nl, n = nl - 2, i;
	int L = ff->L, steps = ff->m * L + ff->k, t, p, q, whole = 1;
	const double *v;
	double *to;

	for (q = 0; q < L; q++) {
		if ((v = snap(ff, j - L + 1 + q)) == NULL)
			whole = 0;
		else
			memcpy(ff->src + (size_t)q * nl, v, nl * sizeof *v);
	}
	metrics_add_ledgers(sim->metrics, ff->inc);
	ff->messages += (long)ff->inc[METRICS_LEDGER_MESSAGES];
	sim->fstats.checkpoint_s += ff->inc[n];
	metrics_repeat_updates(sim->metrics, ff->per, ff->m, ff->more, ff->T);
	ff->owed = 0;
	for (t = j + 1 + (steps > ff->H ? steps - ff->H : 0);
	    whole && t <= j + steps; t++) {
		p = (t - j + L - 1) / L;
		q = t - p * L - (j - L + 1);
		to = ff->snap + (size_t)(t % ff->H) * nl;
		for (i = 0; i < nl; i++)
			to[i] = ff->src[(size_t)q * nl + i] + p * ff->cyc[i];
		ff->snap_step[t % ff->H] = t;
		ff->reached_step[t % ff->H] = t;
		ff->reached[t % ff->H] = ff->nw;
	}
}

int
ff_step_end(struct sim *sim, int w, int step)
{
	struct ff *ff = sim->ff;
	int slot, n, t, p;
	double s, c, e;

	if (ff == NULL || step < 0)
		return 0;
	if (sim->generation != ff->gen) {
		ff->gen = sim->generation;
		forget(ff);
	}
	slot = step % ff->H;
	if (ff->reached_step[slot] != step) {
		ff->reached_step[slot] = step;
		ff->reached[slot] = 0;
		decide(sim, ff, step);
	}
	if (++ff->reached[slot] == ff->nw) {	/* the step's last end */
		take(sim, ff->snap + (size_t)slot * ff->nl);
		ff->snap_step[slot] = step;
		if (ff->owed && ff->at == step)
			settle(sim, ff, step);
	}
	n = ff->m * ff->L + ff->k;
	if (ff->at != step || n == 0)
		return 0;
	/* this worker's steps after its end of step j, each the one p
	 * cycles before it plus p T, and its sleep to its end of the last */
	for (t = step + 1; t <= step + n; t++) {
		p = (t - step + ff->L - 1) / ff->L;
		if (metrics_record(sim->metrics, w, t - p * ff->L, &s, &c,
		    &e) == 0)
			metrics_step(sim->metrics, w, t, s + p * ff->T,
			    c + p * ff->T, e + p * ff->T);
	}
	if (sim->strategy->skipped != NULL)
		sim->strategy->skipped(sim, w, n);
	if (metrics_record(sim->metrics, w, step + ff->k - ff->L, &s, &c,
	    &e) == 0)
		sg_actor_sleep_for(e + (ff->m + 1) * ff->T -
		    simgrid_get_clock());
	return n;
}
