/* fastforward-async.c: run.fast_forward for an asynchronous PS (async
 * and ssp).  Its workers do not wait for one another, so once one of
 * them is out of phase (a replacement joins late) its network is never
 * idle: fastforward.c's quiet cut never comes.  But the run still
 * settles into a steady state: every worker's step lasts the same
 * period T, each step of it the one before shifted by T.  Then the
 * whole simulation is frozen where it is and moved on by m periods:
 * an actor of its own (the freezer) holds every transfer in flight at a
 * rate of no bit of a byte (comm-rate.cc: net_freeze, and why not
 * SimGrid's suspend) and suspends any worker's compute, sleeps m T, and
 * lets them go on, and the ledgers, the
 * update times, the strategy's counters (each shard's version, each
 * worker's pulls and clock there, the gradients applied) and each
 * worker's step records get m periods' worth, each worker's step under
 * way moving on by m steps.
 *
 * Why the times are kept.  At the freeze the state is every actor
 * blocked in a transfer, a compute or a wait; resumed, each transfer
 * goes on with the bytes it had left and each compute with its flops,
 * so what follows is what followed the freeze's instant, m T later.
 * In a steady state that is what the run does m T after it: the
 * numbers added are m copies of the last period's.  Conditions on the
 * instant: no transfer in its latency phase (SimGrid counts a
 * transfer's latency down whatever its rate, so it would leave it
 * early: then the freeze waits for a later instant); no actor running
 * at it (the freeze lets the actors due at its instant run first, and
 * undoes itself if one of them started a transfer or a compute); and
 * where there is one, no worker computing (a compute suspended and
 * resumed lets SimGrid's CPU model end computes due at one instant in
 * another order).  The freezer learns of a steady state from a flag it
 * polls: a simcall from the worker that finds it would put that
 * worker's next moves after the other actors' due at that instant.  The
 * steady state is taken from the records: every live worker's last
 * three steps a period apart (to 1e-10 T, or 4 ulps of the clock), the
 * last period's numbers from the snapshots at the anchor's (the first
 * live worker's) last two ends, no fault event or checkpoint since the
 * first of those steps began; a skip ends strictly before the next
 * fault event, the run's end and the next checkpoint (and the next
 * snapshot of fastforward-window.c, which skips whole checkpoint windows
 * with the same freeze).  A worker's last pull of a shard moves on as
 * the shard's version (strategy.h, counters): the freeze keeps how far
 * behind it is, whatever the order of the pushes of an instant in the
 * period measured.
 *
 * What is not kept: the order of pushes that reach a shard at one
 * instant.  An event added at an instant of its own (the freezer's)
 * splits SimGrid's update of every flow's bytes in two, and a flow's
 * last bytes an ulp apart reorder simultaneous completions, so the
 * shards may apply such pushes in another order than a run without the
 * skip: the staleness figures are another sample of that order, as any
 * change of SimGrid's event order gives (issue 37's decision;
 * PSIM_TIE_PROBE draws such samples for tests/t3005).  A shard's reply
 * waits for no other push, and a checkpoint does not hold a worker's
 * reply (ps-conn.c's saver), so the times do not follow that order;
 * but under faults an asynchronous PS is sensitive to nanoseconds (a
 * replacement that joins another nanosecond out of phase keeps another
 * period: bench/RESULTS.md), and there a skip's times are those of a
 * run of every step as nearly as another sample of that order.
 *
 * Where: async with or without faults, ssp without, not with shards on
 * workers, numerics, compute jitter, buckets, several jobs, a timeline,
 * or a platform file on the ideal network (psim pays latencies by
 * sleeps there). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>

#include "comm-rate.h"
#include "fastforward-async.h"
#include "fastforward-async-impl.h"
#include "metrics.h"
#include "sim.h"
#include "strategy.h"
#include "xmalloc.h"

#define FFA_REL		1e-10	/* of a period: equal periods */
#define FFA_POLL	0.7853981634	/* the freezer's wake-ups, by T */

/* Where every instant has a worker computing, the instants tried for a
 * freeze after the skip is asked, as shares of a period: spread and not
 * round, so that one is likely clear of every transfer's latency phase
 * and of every event. */
static const double ffa_tries[FFA_TRIES] = {
	0.0137, 0.1291, 0.2718, 0.3819, 0.5207, 0.6443, 0.7639, 0.8862
};

static int
applies(const struct sim *sim)
{
	const struct scenario *sc = sim->sc;

	/* (ssp under faults holds the other workers once they are ahead of
	 * a lost one by its bound: left out, its skips were not exact; and
	 * a worker that holds a shard steps at its own period, so that the
	 * workers hardly ever repeat together, while the freezer's wake-ups
	 * would still change the order of events at one instant there; a
	 * server CPU's batches are sleeps of the servers, which a freeze
	 * does not hold) */
	return sc->run.fast_forward && sc->strategy.info->family ==
	    FAMILY_PS && (sc->strategy.sync == SYNC_ASYNC ||
	    (sc->strategy.sync == SYNC_SSP && !sc->faults.on)) &&
	    sim->strategy->counters != NULL && sc->numerics.mode == NUM_OFF &&
	    sc->cluster.jitter == JITTER_NONE && sc->strategy.bucket_bytes ==
	    0 && sc->njobs == 0 && !sim->pays_latency &&
	    !sc->strategy.colocate && sc->strategy.server_cpu == NULL;
}

struct ffa *
ffa_create(struct sim *sim)
{
	struct ffa *f;
	int i;

	if (!applies(sim))
		return NULL;
	f = xcalloc(1, sizeof *f);
	f->n = sim->nworkers;
	f->nl = metrics_ledgers(sim->metrics, NULL);
	f->last = xcalloc((size_t)f->n, sizeof *f->last);
	f->moved = xcalloc((size_t)f->n, sizeof *f->moved);
	f->computing = xcalloc((size_t)f->n, sizeof *f->computing);
	f->held = xcalloc((size_t)f->n, sizeof *f->held);
	for (i = 0; i < f->n; i++)
		f->last[i] = -1;
	f->add = xcalloc(f->nl, sizeof *f->add);
	f->dbl[0] = &sim->fstats.checkpoint_s;
	f->dbl[1] = &sim->fstats.saved_beside_s;
	/* (PSIM_FF_WINDOWS=0, for the tests: a period's skip only) */
	if (sim->sc->faults.on && sim->sc->faults.checkpoint_every > 0 &&
	    (getenv("PSIM_FF_WINDOWS") == NULL ||
	    strcmp(getenv("PSIM_FF_WINDOWS"), "0") != 0))
		f->win = ffw_create(f->n);
	return f;
}

void
ffa_free(struct ffa *f)
{
	if (f == NULL)
		return;
	free(f->last);
	free(f->moved);
	free(f->computing);
	free(f->held);
	free(f->s0);
	free(f->s1);
	free(f->inc);
	free(f->add);
	ffw_free(f->win);
	free(f);
}

long
ffa_skipped(const struct ffa *f)
{
	return f != NULL ? f->skipped : 0;
}

long
ffa_messages(const struct ffa *f)
{
	return f != NULL ? f->messages : 0;
}

void
ffa_computing(struct sim *sim, int w, sg_actor_t me)
{
	if (sim->ffa != NULL)
		sim->ffa->computing[w] = me;
}

void
ffa_worker(struct sim *sim, int w)
{
	if (sim->ffa != NULL) {
		sim->ffa->computing[w] = NULL;
		sim->ffa->moved[w] = 0;
	}
}

int
ffa_live(const struct sim *sim, int w)
{
	return !sim->sc->faults.on || sim->worker_actor[w] != NULL;
}

/* The counters' arrays into f: the strategy's and the checkpoint's
 * (asked again each time: a relaunch sets the strategy up anew). */
static void
counters(struct sim *sim, struct ffa *f)
{
	int a, k;

	f->narr = sim->strategy->counters(sim, f->arr, f->len, f->as,
	    FFA_ARRAYS);
	k = sim->hooks == NULL ? 0 : sim->hooks->counters(sim, f->arr +
	    f->narr, f->len + f->narr, FFA_ARRAYS - f->narr);
	for (a = f->narr; a < f->narr + k; a++)
		f->as[a] = -1;
	f->narr += k;
}

void
ffa_follow(const struct ffa *f, double *inc)
{
	size_t off[FFA_ARRAYS], i, per;
	int a, b;

	off[0] = f->nl + 1;
	for (a = 1; a < f->narr; a++)
		off[a] = off[a - 1] + f->len[a - 1];
	for (a = 0; a < f->narr; a++) {
		if ((b = f->as[a]) < 0 || f->len[b] == 0)
			continue;
		per = f->len[a] / f->len[b];
		for (i = 0; i < f->len[a]; i++)
			inc[off[a] + i] = inc[off[b] + i / per];
	}
}

/* The ledgers, the updates applied, the counters and the fault figures
 * into v. */
void
ffa_take(struct sim *sim, struct ffa *f, double *v)
{
	size_t k = metrics_ledgers(sim->metrics, v), i;
	int a;

	counters(sim, f);
	v[k++] = (double)metrics_updates(sim->metrics);
	for (a = 0; a < f->narr; a++)
		for (i = 0; i < f->len[a]; i++)
			v[k++] = (double)f->arr[a][i];
	for (a = 0; a < FFA_DOUBLES; a++)
		v[k++] = *f->dbl[a];
}

static int
same(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* Two instants near e a period T apart: to FFA_REL of it, or to the
 * clock's own resolution at e where that is coarser (steady() says
 * why). */
double
ffa_tol(double T, double e)
{
	return fmax(FFA_REL * T, 4 * DBL_EPSILON * fabs(e));
}

/* Whether worker w's last three steps are a period T apart, the last
 * ended within a period of the anchor's end e; the first one's start
 * into *first.  Apart by T to FFA_REL of it, or to the clock's own
 * resolution at e where that is coarser: 4 ulps of the instant (a
 * month into a run an ulp of the clock is 4.7e-10 s, more than 1e-10 of
 * a 2.6 s step, and steps a period apart by every digit kept were taken
 * for steps that are not). */
static int
steady(const struct sim *sim, const struct ffa *f, int w, double T,
    double e, double *first)
{
	double s[3], c[3], x[3];
	double tol = ffa_tol(T, e);
	int i, k = f->last[w];

	for (i = 0; i < 3; i++) {
		if (k - i < 0 || metrics_record(sim->metrics, w, k - i, &s[i],
		    &c[i], &x[i]) != 0)
			return 0;
	}
	for (i = 0; i < 2; i++) {
		if (!same(s[i] - s[i + 1], T, tol) ||
		    !same(c[i] - c[i + 1], T, tol) ||
		    !same(x[i] - x[i + 1], T, tol))
			return 0;
	}
	*first = fmin(*first, s[2]);
	return x[0] > e - T - tol;
}

/* Whether nothing that the records do not show came since time t: no
 * fault event, no checkpoint begun or under way. */
static int
quiet_since(const struct sim *sim, double t)
{
	return sim->last_fault_s < t && sim->last_save_s < t &&
	    sim->saving == 0;
}

/* At the anchor a's end of step j: whether the run is in a steady state
 * (every live worker steady, no fault event since the steps seen began,
 * no skip's step still under way), and its period into f. */
static int
proof(struct sim *sim, struct ffa *f, int a, int j)
{
	double s, cc, e, e1, T, first = INFINITY;
	int w;

	if (metrics_record(sim->metrics, a, j, &s, &cc, &e) != 0 ||
	    metrics_record(sim->metrics, a, j - 1, &s, &cc, &e1) != 0)
		return 0;
	T = e - e1;
	if (!(T > 0))
		return 0;
	for (w = 0; w < f->n; w++) {
		if (!ffa_live(sim, w))
			continue;
		if (f->moved[w] != 0 || !steady(sim, f, w, T, e, &first))
			return 0;
	}
	if (!quiet_since(sim, first))
		return 0;
	f->T = T;
	f->since = first;
	return 1;
}

/* The first live worker. */
static int
anchor(const struct sim *sim)
{
	int w;

	for (w = 0; w < sim->nworkers; w++) {
		if (ffa_live(sim, w))
			return w;
	}
	return -1;
}

int
ffa_adjust(struct sim *sim, int w, int *seq, double *start,
    double *compute_end)
{
	struct ffa *f = sim->ffa;
	int m;

	if (f == NULL || f->moved[w] == 0)
		return 0;
	m = f->moved[w];
	f->moved[w] = 0;
	*seq += m;
	if (*start <= f->at)
		*start += f->shift;
	if (*compute_end <= f->at)
		*compute_end += f->shift;
	return m;
}

void
ffa_step_end(struct sim *sim, int w, int seq)
{
	struct ffa *f = sim->ffa;
	int a;

	if (f == NULL)
		return;
	f->last[w] = seq;
	if (w != anchor(sim) || sim->timeline != NULL)
		return;
	if (f->inc == NULL) {	/* (the counters are the setup's) */
		counters(sim, f);
		f->nv = f->nl + 1 + FFA_DOUBLES;
		for (a = 0; a < f->narr; a++)
			f->nv += f->len[a];
		f->s0 = xcalloc(f->nv, sizeof *f->s0);
		f->s1 = xcalloc(f->nv, sizeof *f->s1);
		f->inc = xcalloc(f->nv, sizeof *f->inc);
	}
	/* (a flag the freezer reads when it next wakes: a simcall here, to
	 * wake it, would put this worker's next moves after those of the
	 * actors due at this instant, and change the order of its pushes) */
	if (!f->asked && proof(sim, f, w, seq))
		f->asked = 1;
}

/* The whole periods that may be skipped from now: all but a few before
 * the run's steps, duration, next fault event and next checkpoint; 0
 * for none. */
static long
room(struct sim *sim, const struct ffa *f, double now)
{
	const struct scenario *sc = sim->sc;
	double T = f->T, m = 1e9, per = f->inc[f->nl];
	int w;

	if (!(per > 0))
		return 0;
	if (sc->faults.on)
		m = fmin(m, floor(((double)sim->nworkers * sim->steps -
		    (double)sim->applied_total) / per) - 3);
	for (w = 0; !sc->faults.on && w < f->n; w++)
		m = fmin(m, sim->steps - f->last[w] - 4);
	if (sc->run.duration_s > 0 && !sim_waits_for_faults(sim))
		m = fmin(m, floor((sc->run.duration_s - now) / T) - 3);
	if (sc->faults.on)
		m = fmin(m, ceil((sim->next_fault_s - now) / T) - 2);
	if (!quiet_since(sim, f->since))
		return 0;
	if (sim->strategy->cycles_left != NULL)
		m = fmin(m, (double)sim->strategy->cycles_left(sim,
		    (long)per) - 2);
	/* (ended a period before the window's snapshot) */
	m = fmin(m, floor((ffw_next(f) - now) / T) - 1);
	return m >= 1 ? (long)m : 0;
}

/* The workers computing now suspended (f->held), or resumed (on 0). */
static void
hold(struct ffa *f, int on)
{
	int w;

	for (w = 0; w < f->n; w++) {
		if (on)
			f->held[w] = f->computing[w];
		if (f->held[w] != NULL) {
			if (on)
				sg_actor_suspend(f->held[w]);
			else
				sg_actor_resume(f->held[w]);
		}
	}
}

/* Whether a worker computes that was not held. */
static int
escaped(const struct ffa *f)
{
	int w;

	for (w = 0; w < f->n; w++) {
		if (f->computing[w] != NULL && f->computing[w] != f->held[w])
			return 1;
	}
	return 0;
}

/* Worker w's records of its last r->steps steps written again m times,
 * r->T apart, after them. */
static void
repeat_records(struct sim *sim, struct ffa *f, int w,
    const struct ffa_repeat *r, long m)
{
	double s, c, e;
	int P = r->steps, base = f->last[w] - P + 1, i;
	long p, at;

	for (p = 1; p <= m; p++) {
		for (i = 0; i < P; i++) {
			at = f->last[w] + (p - 1) * P + i + 1;
			if (at < sim->steps && metrics_record(sim->metrics, w,
			    base + i, &s, &c, &e) == 0)
				metrics_step(sim->metrics, w, (int)at,
				    s + (double)p * r->T, c + (double)p * r->T,
				    e + (double)p * r->T);
		}
	}
}

/* m repeats of r's numbers added, each live worker's step records
 * written and its step under way moved on. */
static void
book(struct sim *sim, struct ffa *f, const struct ffa_repeat *r, long m,
    double now)
{
	double s, c, e;
	size_t i, k = f->nl + 1;
	long per = (long)r->inc[f->nl], steps = m * r->steps;
	int a, w;

	for (i = 0; i < f->nl; i++)
		f->add[i] = r->inc[i] * (double)m;
	metrics_add_ledgers(sim->metrics, f->add);
	f->messages += (long)f->add[METRICS_LEDGER_MESSAGES];
	metrics_repeat_updates(sim->metrics, per, m, 0, r->T);
	counters(sim, f);
	for (a = 0; a < f->narr; a++)
		for (i = 0; i < f->len[a]; i++)
			f->arr[a][i] += (long)r->inc[k++] * m;
	for (a = 0; a < FFA_DOUBLES; a++)
		*f->dbl[a] += r->inc[k++] * (double)m;
	if (sim->hooks != NULL)
		sim->hooks->moved(sim);
	for (w = 0; w < f->n; w++) {
		if (!ffa_live(sim, w) || metrics_record(sim->metrics, w,
		    f->last[w], &s, &c, &e) != 0)
			continue;
		repeat_records(sim, f, w, r, m);
		f->last[w] += (int)steps;
		f->moved[w] = (int)steps;
		if (sim->local_step != NULL)
			sim->local_step[w] += steps;
	}
	sim->begun += (int)steps;
	f->at = now;
	f->shift = (double)m * r->T;
	f->skipped += steps;
}

int
ffa_freeze(struct sim *sim, struct ffa *f, const struct ffa_repeat *r,
    long m)
{
	void *net = net_freeze();
	int ok;

	if (net == NULL)
		return -1;
	hold(f, 1);
	/* the actors due now run first: none may start anything */
	sg_actor_sleep_for(0);
	ok = net_unfrozen(net) == 0 && !escaped(f);
	if (ok) {
		book(sim, f, r, m, simgrid_get_clock());
		sg_actor_sleep_for((double)m * r->T);
	}
	net_thaw(net);
	hold(f, 0);
	return ok ? 0 : -1;
}

static int
by_start(const void *a, const void *b)
{
	const double *x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The instants after t0 to try a freeze at, into at (FFA_TRIES at
 * most): the middles of the times in the next period when no worker
 * computes, by the records, in order; or where one always does,
 * ffa_tries' shares of the period.  Suspending a compute lets SimGrid's
 * CPU model end computes due at one instant in another order, so that
 * workers in step push in another order after the freeze (the
 * staleness maximum of workers in step moved from 9 to 18); a freeze
 * between computes keeps their order. */
int
ffa_instants(const struct sim *sim, const struct ffa *f, double t0, double *at)
{
	double T = f->T, (*iv)[2] = xcalloc(3 * (size_t)f->n, sizeof *iv);
	double s, c, e, a, covered = 0;
	int w, k = 0, i, n = 0;

	for (w = 0; w < f->n; w++) {
		if (!ffa_live(sim, w) || metrics_record(sim->metrics, w, f->last[w],
		    &s, &c, &e) != 0)
			continue;
		a = fmod(s - t0, T);
		a += a < 0 ? T : 0;
		for (i = -1; i <= 1; i++) {
			iv[k][0] = a + i * T;
			iv[k++][1] = a + (c - s) + i * T;
		}
	}
	qsort(iv, (size_t)k, sizeof *iv, by_start);
	for (i = 0; i < k && n < FFA_TRIES; i++) {
		if (iv[i][0] > covered && covered < T && iv[i][0] > 0)
			at[n++] = t0 + (covered + fmin(iv[i][0], T)) / 2;
		covered = fmax(covered, iv[i][1]);
	}
	if (k == 0 || (n < FFA_TRIES && covered < T))
		at[n++] = t0 + (covered + T) / 2;
	free(iv);
	for (i = 0; n == 0 && i < FFA_TRIES; i++)
		at[i] = t0 + ffa_tries[i] * T;
	return n > 0 ? n : FFA_TRIES;
}

/* Sleep to instant t (not before now), and let the actors due then go
 * first. */
void
ffa_wait_until(double t)
{
	if (t > simgrid_get_clock())
		sg_actor_sleep_for(t - simgrid_get_clock());
	sg_actor_yield();
}

/* Once asked: a freeze tried at the phases of instants(), each once a
 * period's numbers are taken between that phase and the same one a
 * period on (not at a worker's end of a step, where the other actors
 * due at that instant may have counted their messages or not: a ring of
 * 3 workers and 4 shards in step counted a third of its messages too
 * few). */
static void
attempt(struct sim *sim, struct ffa *f)
{
	double at[FFA_TRIES], t, T = f->T;
	struct ffa_repeat r = { T, 1, f->inc };
	long m;
	size_t k;
	int i, n = ffa_instants(sim, f, simgrid_get_clock(), at);

	for (i = 0; i < n; i++) {
		for (t = at[i]; t < simgrid_get_clock(); t += T)
			;
		if (t + T >= ffw_next(f))
			break;	/* (the window's snapshot first) */
		ffa_wait_until(t);
		ffa_take(sim, f, f->s0);
		ffa_wait_until(t + T);
		ffa_take(sim, f, f->s1);
		for (k = 0; k < f->nv; k++)
			f->inc[k] = f->s1[k] - f->s0[k];
		ffa_follow(f, f->inc);
		if ((m = room(sim, f, simgrid_get_clock())) < 1)
			break;
		if (ffa_freeze(sim, f, &r, m) == 0) {
			if (f->win != NULL)
				ffw_landed(sim, f);
			break;
		}
	}
}

/* The freezer, an actor of its own: it wakes every FFA_POLL periods (of
 * seconds before the first) to see whether a skip is asked, and tries
 * it.  (A share that is not round, so that its wake-ups fall at no
 * instant of the run's own: one at a compute's end, a round number of
 * seconds, would change the order of the actors due then.) */
static void
freezer(int argc, char **argv)
{
	struct sim *sim = sg_actor_self_get_data();
	struct ffa *f = sim->ffa;
	double poll;

	(void)argc;
	(void)argv;
	sg_actor_daemonize(sg_actor_self());
	for (;;) {
		poll = FFA_POLL * (f->T > 0 ? f->T : 1.0);
		if (ffw_next(f) <= simgrid_get_clock() + poll) {
			ffa_wait_until(ffw_next(f));
			ffw_at(sim, f);
			continue;
		}
		sg_actor_sleep_for(poll);
		if (f->asked)
			attempt(sim, f);
		f->asked = 0;
	}
}

void
ffa_start(struct sim *sim)
{
	sg_actor_t a;

	if (sim->ffa == NULL)
		return;
	a = sg_actor_init("fast-forward",
	    sim->hosts[sim->storage >= 0 ? sim->storage : 0].host);
	sg_actor_set_data(a, sim);
	sg_actor_start(a, freezer, 0, NULL);
}

void
ffa_checkpoint(struct sim *sim, int j)
{
	if (sim->ffa != NULL && sim->ffa->win != NULL && j == 0)
		ffw_mark(sim, sim->ffa);
}

void
ffa_stopped(struct sim *sim)
{
	struct ffa *f = sim->ffa;
	int w;

	if (f == NULL)
		return;
	f->asked = 0;
	for (w = 0; w < f->n; w++)
		ffa_worker(sim, w);
}
