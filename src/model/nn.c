/* nn.c: the small models psim trains and their synthetic data (nn.h).
 *
 * Every layer is stored as W[out][in] then b[out].  The linear models are
 * the output layer alone, reading x directly.  Forward and backward passes
 * run in double on the float parameters; the gradient is accumulated in a
 * double buffer allocated per call (several actors call at once). */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nn.h"
#include "rng.h"
#include "xmalloc.h"

/* Offsets into the flat vector; h1 = h2 = 0 and last = features for the
 * linear models. */
struct layout {
	int	 h1, h2, last;
	long	 w1, b1, w2, b2, wo, bo;
};

static void
layout(const struct nn *nn, struct layout *l)
{
	memset(l, 0, sizeof *l);
	l->last = nn->features;
	if (nn->kind == NN_MLP) {
		l->h1 = nn->hidden[0];
		l->h2 = nn->hidden[1];
		l->b1 = l->w1 + (long)l->h1 * nn->features;
		l->w2 = l->b1 + l->h1;
		l->b2 = l->w2 + (long)l->h2 * l->h1;
		l->wo = l->b2 + l->h2;
		l->last = l->h2 ? l->h2 : l->h1;
	}
	l->bo = l->wo + l->last;
}

void
nn_init(struct nn *nn, enum nn_kind kind, int features, const int hidden[2])
{
	struct layout l;

	memset(nn, 0, sizeof *nn);
	nn->kind = kind;
	nn->features = features;
	if (kind == NN_MLP) {
		nn->hidden[0] = hidden[0];
		nn->hidden[1] = hidden[1];
	}
	layout(nn, &l);
	nn->params = l.bo + 1;
}

const char *
nn_kind_name(enum nn_kind kind)
{
	switch (kind) {
	case NN_LINEAR:
		return "linear";
	case NN_LOGISTIC:
		return "logistic";
	case NN_MLP:
		return "mlp";
	}
	return "?";
}

/* W[out][in] ~ N(0, 1) * wscale / sqrt(in), then b[out] ~ N(0, 1) *
 * bscale (zero, drawing nothing, if bscale is 0). */
static void
fill_layer(struct rng *r, float *p, int out, int in, double wscale,
    double bscale)
{
	double s = wscale / sqrt(in);
	long i;

	for (i = 0; i < (long)out * in; i++)
		p[i] = (float)(rng_normal(r) * s);
	for (i = 0; i < out; i++)
		p[(long)out * in + i] = bscale != 0 ?
		    (float)(rng_normal(r) * bscale) : 0;
}

static void
fill(const struct nn *nn, struct rng *r, float *p, double wout, double bscale)
{
	struct layout l;

	layout(nn, &l);
	if (nn->kind == NN_MLP) {
		fill_layer(r, p + l.w1, l.h1, nn->features, 1, bscale);
		if (l.h2)
			fill_layer(r, p + l.w2, l.h2, l.h1, 1, bscale);
	}
	fill_layer(r, p + l.wo, 1, l.last, wout, bscale);
}

void
nn_init_params(const struct nn *nn, unsigned long seed, uint64_t stream,
    float *p)
{
	struct rng r;

	if (nn->kind != NN_MLP) {
		memset(p, 0, (size_t)nn->params * sizeof *p);
		return;
	}
	rng_init(&r, seed, stream);
	fill(nn, &r, p, 1, 0);
}

/* The logistic teacher's weights are doubled so that its logits have a
 * deviation of about 2: classes learnable, but noisy. */
void
nn_teacher(const struct nn *nn, unsigned long seed, uint64_t stream,
    float *teacher)
{
	struct rng r;

	rng_init(&r, seed, stream);
	fill(nn, &r, teacher, nn->kind == NN_LOGISTIC ? 2 : 1, 0.1);
}

/* (nn.h) libm's tanh gets there through expm1, at twice the cost of exp:
 * in a proxy model's runs two thirds of psim's time went to expm1.  From
 * exp(-2|x|) where |x| >= 1/64, where 1 - exp(-2|x|) is at least 0.03
 * and loses at most 5 bits; below, the series to x^7, whose next term is
 * under 1e-16 of x. */
double
nn_tanh(double x)
{
	double e, t, x2;

	if (fabs(x) < 0.015625) {
		x2 = x * x;
		return x + x * x2 * (-1.0 / 3 + x2 * (2.0 / 15 + x2 *
		    (-17.0 / 315)));
	}
	e = exp(-2.0 * fabs(x));
	t = (1.0 - e) / (1.0 + e);
	return x < 0 ? -t : t;
}

/* a = tanh(W in + b) for a layer of out units reading n inputs. */
static void
dense_tanh(const float *w, int out, const double *in, int n, double *a)
{
	const float *b = w + (long)out * n;
	double s;
	int j, k;

	for (j = 0; j < out; j++, w += n) {
		for (s = b[j], k = 0; k < n; k++)
			s += w[k] * in[k];
		a[j] = nn_tanh(s);
	}
}

/* The output (the logit for logistic) for input x; an mlp leaves its
 * hidden activations in a1, a2 and x (as double) in xd. */
static double
forward(const struct nn *nn, const struct layout *l, const float *p,
    const float *x, double *xd, double *a1, double *a2)
{
	const double *in;
	double s;
	int k;

	if (nn->kind != NN_MLP) {
		for (s = p[l->bo], k = 0; k < nn->features; k++)
			s += (double)p[k] * x[k];
		return s;
	}
	for (k = 0; k < nn->features; k++)
		xd[k] = x[k];
	dense_tanh(p + l->w1, l->h1, xd, nn->features, a1);
	in = a1;
	if (l->h2) {
		dense_tanh(p + l->w2, l->h2, a1, l->h1, a2);
		in = a2;
	}
	for (s = p[l->bo], k = 0; k < l->last; k++)
		s += p[l->wo + k] * in[k];
	return s;
}

/* The loss of output z against y, and its derivative in *dz. */
static double
loss(enum nn_kind kind, double z, double y, double *dz)
{
	if (kind == NN_LOGISTIC) {
		*dz = (z >= 0 ? 1 / (1 + exp(-z)) : exp(z) / (1 + exp(z))) - y;
		return log1p(exp(-fabs(z))) + fmax(z, 0) - y * z;
	}
	*dz = z - y;
	return 0.5 * (z - y) * (z - y);
}

void
nn_data(const struct nn *nn, const float *teacher, double noise,
    unsigned long seed, uint64_t stream, long count, struct dataset *d)
{
	struct layout l;
	struct rng r;
	double *scratch, z, dz;
	float *x;
	long i;
	int k;

	layout(nn, &l);
	d->features = nn->features;
	d->count = count;
	d->x = xcalloc((size_t)count * nn->features, sizeof *d->x);
	d->y = xcalloc((size_t)count, sizeof *d->y);
	scratch = xcalloc((size_t)nn->features + l.h1 + l.h2 + 1,
	    sizeof *scratch);
	rng_init(&r, seed, stream);
	for (i = 0; i < count; i++) {
		x = d->x + i * nn->features;
		for (k = 0; k < nn->features; k++)
			x[k] = (float)rng_normal(&r);
		z = forward(nn, &l, teacher, x, scratch,
		    scratch + nn->features, scratch + nn->features + l.h1);
		if (nn->kind == NN_LOGISTIC) {
			loss(nn->kind, z, 1, &dz);	/* dz = sigmoid(z) - 1 */
			d->y[i] = rng_uniform(&r) < dz + 1 ? 1 : 0;
		} else
			d->y[i] = (float)(z + noise * rng_normal(&r));
	}
	free(scratch);
}

void
nn_data_free(struct dataset *d)
{
	free(d->x);
	free(d->y);
	d->x = d->y = NULL;
}

double
nn_loss(const struct nn *nn, const float *p, const struct dataset *d)
{
	return nn_loss_bounded(nn, p, d, INFINITY);
}

/* Each sample's loss is >= 0, and rounding is monotone, so the running
 * sum never falls: once sum / count is above bound, so is the mean of
 * every sample (the same sum, in the same order, with more added). */
double
nn_loss_bounded(const struct nn *nn, const float *p, const struct dataset *d,
    double bound)
{
	struct layout l;
	double *scratch, sum = 0, z, dz;
	long i;

	if (d->count <= 0)
		return 0;
	layout(nn, &l);
	scratch = xcalloc((size_t)nn->features + l.h1 + l.h2 + 1,
	    sizeof *scratch);
	for (i = 0; i < d->count && !(sum / d->count > bound); i++) {
		z = forward(nn, &l, p, d->x + i * d->features, scratch,
		    scratch + nn->features, scratch + nn->features + l.h1);
		sum += loss(nn->kind, z, d->y[i], &dz);
	}
	free(scratch);
	return sum / d->count;
}

/* Accumulate into g the gradient through a tanh layer of out units
 * reading in[n], given the derivatives da[out] at its activations a
 * (which become those at its pre-activations). */
static void
back_tanh(double *g, int out, const double *in, int n, const double *a,
    double *da)
{
	double *gb = g + (long)out * n;
	int j, k;

	for (j = 0; j < out; j++, g += n) {
		da[j] *= 1 - a[j] * a[j];
		gb[j] += da[j];
		for (k = 0; k < n; k++)
			g[k] += da[j] * in[k];
	}
}

double
nn_gradient(const struct nn *nn, const float *p, const struct dataset *d,
    long first, long count, float *grad)
{
	struct layout l;
	double *g, *xd, *a1, *a2, *d1, *d2, *in, sum = 0, z, dz;
	const float *x;
	long i, s, k;
	int j;

	assert(d->count > 0 && d->features == nn->features);
	if (count <= 0) {
		memset(grad, 0, (size_t)nn->params * sizeof *grad);
		return 0;
	}
	layout(nn, &l);
	g = xcalloc((size_t)nn->params + nn->features + 2 * (l.h1 + l.h2),
	    sizeof *g);
	xd = g + nn->params;
	a1 = xd + nn->features;
	a2 = a1 + l.h1;
	d1 = a2 + l.h2;
	d2 = d1 + l.h1;
	in = l.h2 ? a2 : a1;
	first = (first % d->count + d->count) % d->count;
	for (i = 0; i < count; i++) {
		s = (first + i) % d->count;
		x = d->x + s * d->features;
		z = forward(nn, &l, p, x, xd, a1, a2);
		sum += loss(nn->kind, z, d->y[s], &dz);
		g[l.bo] += dz;
		if (nn->kind != NN_MLP) {
			for (k = 0; k < nn->features; k++)
				g[k] += dz * x[k];
			continue;
		}
		for (k = 0; k < l.last; k++) {
			g[l.wo + k] += dz * in[k];
			(l.h2 ? d2 : d1)[k] = dz * p[l.wo + k];
		}
		if (l.h2) {
			back_tanh(g + l.w2, l.h2, a1, l.h1, a2, d2);
			for (j = 0; j < l.h1; j++)
				for (d1[j] = 0, k = 0; k < l.h2; k++)
					d1[j] += d2[k] *
					    p[l.w2 + k * l.h1 + j];
		}
		back_tanh(g + l.w1, l.h1, xd, nn->features, a1, d1);
	}
	for (k = 0; k < nn->params; k++)
		grad[k] = (float)(g[k] / count);
	free(g);
	return sum / count;
}

void
nn_sgd(long len, float *p, float *mom, const float *grad, double lr,
    double momentum)
{
	long i;

	for (i = 0; i < len; i++) {
		mom[i] = (float)(momentum * mom[i] + grad[i]);
		p[i] = (float)(p[i] - lr * mom[i]);
	}
}
