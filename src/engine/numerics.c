/* numerics.c: the floats of a simulation with real gradients (numerics.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numerics.h"
#include "sim.h"
#include "xmalloc.h"

/* rng streams of the data, clear of the workers' jitter streams 0..n-1 */
#define STREAM_TEACHER	(1ULL << 40)
#define STREAM_TRAIN	(STREAM_TEACHER + 1)
#define STREAM_TEST	(STREAM_TEACHER + 2)
#define STREAM_INIT	(STREAM_TEACHER + 3)

/* Checking every worker's reduced sum costs n^2 P per step: only the
 * first two steps, and not at all beyond this many operations. */
#define CHECK_BUDGET	2e9

static float *
floats(long n)
{
	return xcalloc((size_t)n, sizeof(float));
}

static float *
copy(const float *src, long n)
{
	float *f = xmalloc((size_t)n * sizeof *f);

	memcpy(f, src, (size_t)n * sizeof *f);
	return f;
}

static float **
vectors(int n, long len, const float *init)
{
	float **v = xcalloc((size_t)n, sizeof *v);
	int i;

	for (i = 0; i < n; i++)
		v[i] = init != NULL ? copy(init, len) : floats(len);
	return v;
}

static void
free_vectors(float **v, int n)
{
	int i;

	for (i = 0; v != NULL && i < n; i++)
		free(v[i]);
	free(v);
}

static void
add_point(struct numerics *nm, double step, double t, double loss)
{
	if (nm->ncurve == nm->capcurve) {
		nm->capcurve = nm->capcurve ? 2 * nm->capcurve : 64;
		nm->curve = xreallocarray(nm->curve, (size_t)nm->capcurve,
		    sizeof *nm->curve);
	}
	nm->curve[nm->ncurve].step = step;
	nm->curve[nm->ncurve].simulated_s = t;
	nm->curve[nm->ncurve].loss = loss;
	nm->ncurve++;
}

/* The learning problem's seed (its teacher, data and initial
 * parameters): numerics.seed, or the run's (which replicates vary). */
static unsigned long
problem_seed(const struct scenario *sc)
{
	return sc->numerics.seed >= 0 ? (unsigned long)sc->numerics.seed :
	    sc->seed;
}

struct numerics *
numerics_create(struct sim *sim)
{
	const struct scenario *sc = sim->sc;
	struct numerics *nm;
	float *teacher, *init;

	if (sc->numerics.mode == NUM_OFF)
		return NULL;
	nm = xcalloc(1, sizeof *nm);
	nm->nn = &sc->numerics.model;
	nm->P = nm->nn->params;
	nm->E = sim->layout.elements;
	nm->n = sim->nworkers;
	nm->batch = sc->model.batch >= 1 ? (long)sc->model.batch : 1;
	nm->lr = sc->numerics.lr;
	nm->momentum = sc->numerics.momentum;

	teacher = floats(nm->P);
	nn_teacher(nm->nn, problem_seed(sc), STREAM_TEACHER, teacher);
	nn_data(nm->nn, teacher, sc->numerics.noise, problem_seed(sc), STREAM_TRAIN,
	    sc->numerics.samples, &nm->train);
	nn_data(nm->nn, teacher, sc->numerics.noise, problem_seed(sc), STREAM_TEST,
	    sc->numerics.test_samples, &nm->test);
	nm->teacher_loss = nn_loss(nm->nn, teacher, &nm->test);
	free(teacher);

	init = floats(nm->P);
	nn_init_params(nm->nn, problem_seed(sc), STREAM_INIT, init);
	nm->param = vectors(nm->n, nm->P, init);
	nm->grad = vectors(nm->n, nm->P, NULL);
	nm->mom = vectors(nm->n, nm->P, NULL);
	if (sim->sc->strategy.info->family == FAMILY_PS) {
		nm->ps_param = copy(init, nm->P);
		nm->ps_mom = floats(nm->P);
		nm->ps_acc = floats(nm->P);
	} else if ((double)nm->n * nm->n * (double)nm->P <= CHECK_BUDGET) {
		nm->orig[0] = vectors(nm->n, nm->P, NULL);
		nm->orig[1] = vectors(nm->n, nm->P, NULL);
	} else
		nm->reduce_error = -1;	/* not checked */
	nm->initial_loss = nn_loss(nm->nn, init, &nm->test);
	if (sc->faults.on)
		numerics_checkpoint(nm, 0);	/* a restart before any */
	free(init);

	add_point(nm, 0, 0, nm->initial_loss);
	nm->next_sample = sc->numerics.loss_every;
	nm->time_to_target_s = sc->run.target_loss > 0 &&
	    nm->initial_loss <= sc->run.target_loss ? 0 : -1;
	nm->serial_deviation = -1;
	return nm;
}

void
numerics_free(struct numerics *nm)
{
	if (nm == NULL)
		return;
	nn_data_free(&nm->train);
	nn_data_free(&nm->test);
	free_vectors(nm->param, nm->n);
	free_vectors(nm->grad, nm->n);
	free_vectors(nm->mom, nm->n);
	free_vectors(nm->orig[0], nm->n);
	free_vectors(nm->orig[1], nm->n);
	free(nm->ps_param);
	free(nm->ps_mom);
	free(nm->ps_acc);
	free(nm->ckpt_param);
	free(nm->ckpt_mom);
	free(nm->pend_param);
	free(nm->pend_mom);
	free(nm->curve);
	free(nm);
}

static long
map(const struct numerics *nm, long x)
{
	if (nm->E == nm->P)
		return x;
	return (long)(__extension__ (__int128)x * nm->P / nm->E);
}

void
numerics_range(const struct numerics *nm, long offset, long count, long *lo,
    long *len)
{
	*lo = map(nm, offset);
	*len = map(nm, offset + count) - *lo;
}

/* The first sample of worker w's batch at step, (step*n + w)*batch
 * modulo the training set: in 128 bits, as a million steps of a million
 * workers' batches overflow a long. */
static long
first_sample(const struct numerics *nm, long step, int w)
{
	return (long)((__extension__ (__int128)step * nm->n + w) *
	    nm->batch % nm->train.count);
}

void
numerics_gradient(struct numerics *nm, int w, long step)
{
	nn_gradient(nm->nn, nm->param[w], &nm->train, first_sample(nm, step,
	    w), nm->batch, nm->grad[w]);
	if (nm->orig[0] != NULL && step < 2)
		memcpy(nm->orig[step % 2][w], nm->grad[w],
		    (size_t)nm->P * sizeof(float));
}

/* The largest error of worker w's reduced sum against the serial sum of
 * the gradients the workers started with, relative to the sum of their
 * magnitudes (float reassociation stays within n float epsilons of it). */
static void
check_sum(struct numerics *nm, int w, int step)
{
	float **o = nm->orig[step % 2];
	double ref, mag, e;
	long i;
	int p;

	for (i = 0; i < nm->P; i++) {
		ref = mag = 0;
		for (p = 0; p < nm->n; p++) {
			ref += o[p][i];
			mag += fabs(o[p][i]);
		}
		e = fabs(nm->grad[w][i] - ref) / (mag > 0 ? mag : 1);
		if (e > nm->reduce_error)
			nm->reduce_error = e;
	}
}

void
numerics_allreduce_update(struct numerics *nm, int w, int step, int members)
{
	float *g = nm->grad[w];
	long i;

	if (nm->orig[0] != NULL && step < 2 && members == nm->n)
		check_sum(nm, w, step);
	for (i = 0; i < nm->P; i++)
		g[i] /= (float)members;
	nn_sgd(nm->P, nm->param[w], nm->mom[w], g, nm->lr, nm->momentum);
}

void
numerics_ps_update(struct numerics *nm, long lo, long len, int count)
{
	long i;

	for (i = lo; i < lo + len; i++)
		nm->ps_acc[i] /= (float)count;
	nn_sgd(len, nm->ps_param + lo, nm->ps_mom + lo, nm->ps_acc + lo, nm->lr,
	    nm->momentum);
}

void
numerics_sample(struct numerics *nm, const struct sim *sim, double step,
    const float *params, double now)
{
	const struct scenario *sc = sim->sc;
	int curve = step >= nm->next_sample - 1e-9 ||
	    step >= sc->run.steps - 1e-9;
	int target = sc->run.target_loss > 0 && nm->time_to_target_s < 0;
	double loss;

	if (!curve && !target)
		return;
	/* only whether it is below the target: stop summing once above */
	loss = nn_loss_bounded(nm->nn, params, &nm->test, curve ? INFINITY :
	    sc->run.target_loss);
	if (target && loss <= sc->run.target_loss)
		nm->time_to_target_s = now;
	if (!curve)
		return;
	add_point(nm, step, now, loss);
	while (nm->next_sample <= step + 1e-9)
		nm->next_sample += sc->numerics.loss_every;
}

void
numerics_checkpoint(struct numerics *nm, int w)
{
	if (nm->ckpt_param == NULL) {
		nm->ckpt_param = floats(nm->P);
		nm->ckpt_mom = floats(nm->P);
	}
	memcpy(nm->ckpt_param, nm->param[w], (size_t)nm->P * sizeof(float));
	memcpy(nm->ckpt_mom, nm->mom[w], (size_t)nm->P * sizeof(float));
}

void
numerics_restore(struct numerics *nm, int step)
{
	int w;

	for (w = 0; w < nm->n; w++)
		numerics_take(nm, w, -1);
	nm->next_sample = step;
}

void
numerics_take(struct numerics *nm, int w, int from)
{
	memcpy(nm->param[w], from >= 0 ? nm->param[from] : nm->ckpt_param,
	    (size_t)nm->P * sizeof(float));
	memcpy(nm->mom[w], from >= 0 ? nm->mom[from] : nm->ckpt_mom,
	    (size_t)nm->P * sizeof(float));
}

void
numerics_checkpoint_range(struct numerics *nm, long lo, long len)
{
	if (nm->pend_param == NULL) {
		nm->pend_param = floats(nm->P);
		nm->pend_mom = floats(nm->P);
	}
	memcpy(nm->pend_param + lo, nm->ps_param + lo, (size_t)len *
	    sizeof(float));
	memcpy(nm->pend_mom + lo, nm->ps_mom + lo, (size_t)len * sizeof(float));
}

void
numerics_commit(struct numerics *nm)
{
	memcpy(nm->ckpt_param, nm->pend_param, (size_t)nm->P * sizeof(float));
	memcpy(nm->ckpt_mom, nm->pend_mom, (size_t)nm->P * sizeof(float));
}

void
numerics_ps_restore(struct numerics *nm, int step)
{
	memcpy(nm->ps_param, nm->ckpt_param, (size_t)nm->P * sizeof(float));
	memcpy(nm->ps_mom, nm->ckpt_mom, (size_t)nm->P * sizeof(float));
	nm->next_sample = step;
}

void
numerics_finish(struct numerics *nm, const struct sim *sim,
    const float *final)
{
	const struct scenario *sc = sim->sc;
	float *p, *mom, *g;
	double dev = 0, scale = 0;
	long i, nb = nm->n * nm->batch;
	int s;

	nm->final_loss = nn_loss(nm->nn, final, &nm->test);
	if (sc->strategy.sync != SYNC_SYNC || sc->faults.elastic)
		return;		/* not serial SGD's trajectory */
	/* serial SGD with the whole step's batch, as one process would */
	p = floats(nm->P);
	mom = floats(nm->P);
	g = floats(nm->P);
	nn_init_params(nm->nn, problem_seed(sc), STREAM_INIT, p);
	for (s = 0; s < sim->steps; s++) {	/* (fewer: stop_at_target) */
		nn_gradient(nm->nn, p, &nm->train, first_sample(nm, s, 0), nb,
		    g);
		nn_sgd(nm->P, p, mom, g, nm->lr, nm->momentum);
	}
	for (i = 0; i < nm->P; i++) {
		if (fabs(final[i] - p[i]) > dev)
			dev = fabs(final[i] - p[i]);
		if (fabs(p[i]) > scale)
			scale = fabs(p[i]);
	}
	nm->serial_deviation = dev / (scale > 0 ? scale : 1);
	free(p);
	free(mom);
	free(g);
}

void
numerics_training(const struct numerics *nm, struct training *t)
{
	if (nm == NULL)
		return;
	t->present = 1;
	t->teacher_loss = nm->teacher_loss;
	t->initial_loss = nm->initial_loss;
	t->final_loss = nm->final_loss;
	t->time_to_target_s = nm->time_to_target_s;
	t->serial_deviation = nm->serial_deviation;
	t->reduce_error = nm->orig[0] != NULL ? nm->reduce_error : -1;
	t->ncurve = nm->ncurve;
	t->curve = xcalloc((size_t)nm->ncurve + 1, sizeof *t->curve);
	memcpy(t->curve, nm->curve, (size_t)nm->ncurve * sizeof *t->curve);
}
