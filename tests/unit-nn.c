/* unit-nn.c: the small models: shapes, gradients against finite
 * differences, batches that wrap, training down to the teacher's loss,
 * determinism of the data, and the SGD step. */
#include "config.h"

#include <stdlib.h>

#include "nn.h"
#include "tap.h"
#include "xmalloc.h"

static const int none[2] = { 0, 0 };

static void
params_are(enum nn_kind kind, int features, int h1, int h2, long want)
{
	int hidden[2] = { h1, h2 };
	char name[128];
	struct nn nn;

	nn_init(&nn, kind, features, hidden);
	snprintf(name, sizeof name, "%s, %d features, hidden [%d,%d]: %ld "
	    "params", nn_kind_name(kind), features, h1, h2, want);
	tap_ok(nn.params == want, name);
	if (nn.params != want)
		printf("# got %ld\n", nn.params);
}

/* Every component of the gradient over samples 3 .. 6 of 5 (so wrapping)
 * against central differences of the loss nn_gradient returns. */
static void
gradient_checks(enum nn_kind kind, int features, int h1, int h2)
{
	int hidden[2] = { h1, h2 };
	float *t, *p, *g, *scratch, save, hp, hm;
	double lp, lm, fd, err, worst = 0, h = 1e-3;
	struct dataset d;
	char name[128];
	struct nn nn;
	long i, bad = 0;

	nn_init(&nn, kind, features, hidden);
	t = xcalloc((size_t)nn.params, sizeof *t);
	p = xcalloc((size_t)nn.params, sizeof *p);
	g = xcalloc((size_t)nn.params, sizeof *g);
	scratch = xcalloc((size_t)nn.params, sizeof *scratch);
	nn_teacher(&nn, 7, 1, t);
	nn_data(&nn, t, 0.3, 7, 2, 5, &d);
	/* Not at the teacher, and away from zero for the linear models. */
	if (kind == NN_MLP)
		nn_init_params(&nn, 7, 3, p);
	else
		nn_teacher(&nn, 7, 3, p);
	nn_gradient(&nn, p, &d, 3, 4, g);
	for (i = 0; i < nn.params; i++) {
		save = p[i];
		hp = p[i] = (float)(save + h);
		lp = nn_gradient(&nn, p, &d, 3, 4, scratch);
		hm = p[i] = (float)(save - h);
		lm = nn_gradient(&nn, p, &d, 3, 4, scratch);
		p[i] = save;
		fd = (lp - lm) / ((double)hp - hm);
		err = fabs(g[i] - fd);
		if (fabs(fd) > 1e-3)
			err /= 1e-3 * fabs(fd);
		else
			err /= 1e-6;
		if (err > 1)
			bad++;
		if (err > worst)
			worst = err;
	}
	snprintf(name, sizeof name, "%s [%d,%d]: all %ld gradient components "
	    "match central differences", nn_kind_name(kind), h1, h2,
	    nn.params);
	tap_ok(bad == 0, name);
	printf("# worst error %.3g of the tolerance, %ld over\n", worst, bad);
	nn_data_free(&d);
	free(t);
	free(p);
	free(g);
	free(scratch);
}

/* nn_gradient's loss over the whole set is nn_loss; a wrapped batch is the
 * mean of its samples' gradients. */
static void
batch_checks(enum nn_kind kind, int features, int h1, int h2)
{
	int hidden[2] = { h1, h2 };
	float *t, *p, *g, *one;
	double *mean, l, b, worst = 0;
	struct dataset d;
	char name[128];
	struct nn nn;
	long i, s;

	nn_init(&nn, kind, features, hidden);
	t = xcalloc((size_t)nn.params, sizeof *t);
	p = xcalloc((size_t)nn.params, sizeof *p);
	g = xcalloc((size_t)nn.params, sizeof *g);
	one = xcalloc((size_t)nn.params, sizeof *one);
	mean = xcalloc((size_t)nn.params, sizeof *mean);
	nn_teacher(&nn, 11, 1, t);
	nn_data(&nn, t, 0.2, 11, 2, 9, &d);
	nn_teacher(&nn, 11, 3, p);

	l = nn_gradient(&nn, p, &d, 0, d.count, g);
	snprintf(name, sizeof name, "%s: nn_gradient's loss over all samples "
	    "is nn_loss", nn_kind_name(kind));
	tap_near(l, nn_loss(&nn, p, &d), 1e-6, name);

	/* nn_loss_bounded: the same value at or under its bound; above it
	 * exactly when nn_loss is, having summed fewer samples */
	snprintf(name, sizeof name, "%s: nn_loss_bounded is nn_loss at a "
	    "bound above it", nn_kind_name(kind));
	tap_ok(nn_loss_bounded(&nn, p, &d, l) == nn_loss(&nn, p, &d), name);
	snprintf(name, sizeof name, "%s: nn_loss_bounded stops above a bound "
	    "under it, with a part of the sum", nn_kind_name(kind));
	b = nn_loss_bounded(&nn, p, &d, l / 4);
	tap_ok(b > l / 4 && b < l, name);
	printf("# loss %.6g; bounded at a quarter of it %.6g\n", l, b);

	nn_gradient(&nn, p, &d, d.count - 2, 4, g);
	for (s = 0; s < 4; s++) {
		nn_gradient(&nn, p, &d, (d.count - 2 + s) % d.count, 1, one);
		for (i = 0; i < nn.params; i++)
			mean[i] += one[i] / 4.0;
	}
	for (i = 0; i < nn.params; i++)
		if (fabs(g[i] - mean[i]) > worst)
			worst = fabs(g[i] - mean[i]);
	snprintf(name, sizeof name, "%s: a batch wrapping past the end is the "
	    "mean of its samples' gradients", nn_kind_name(kind));
	tap_ok(worst <= 1e-6, name);
	printf("# worst difference %.3g\n", worst);

	nn_data_free(&d);
	free(t);
	free(p);
	free(g);
	free(one);
	free(mean);
}

static void
train(const struct nn *nn, float *p, const struct dataset *d, double lr,
    double momentum, long batch, long steps)
{
	float *g = xcalloc((size_t)nn->params, sizeof *g);
	float *mom = xcalloc((size_t)nn->params, sizeof *mom);
	long s;

	for (s = 0; s < steps; s++) {
		nn_gradient(nn, p, d, s * batch, batch, g);
		nn_sgd(nn->params, p, mom, g, lr, momentum);
	}
	free(g);
	free(mom);
}

/* Train from nn_init_params on (seed, 2), test on (seed, 3); returns the
 * teacher's and the initial and final test losses. */
static void
learn(enum nn_kind kind, int features, int h1, double noise, long count,
    double lr, long batch, long steps, double *teacher, double *before,
    double *after)
{
	int hidden[2] = { h1, 0 };
	struct dataset train_set, test_set;
	float *t, *p;
	struct nn nn;

	nn_init(&nn, kind, features, hidden);
	t = xcalloc((size_t)nn.params, sizeof *t);
	p = xcalloc((size_t)nn.params, sizeof *p);
	nn_teacher(&nn, 5, 1, t);
	nn_data(&nn, t, noise, 5, 2, count, &train_set);
	nn_data(&nn, t, noise, 5, 3, count, &test_set);
	nn_init_params(&nn, 5, 4, p);
	*teacher = nn_loss(&nn, t, &test_set);
	*before = nn_loss(&nn, p, &test_set);
	train(&nn, p, &train_set, lr, 0.9, batch, steps);
	*after = nn_loss(&nn, p, &test_set);
	printf("# %s: test loss %.5g at the start, %.5g trained, teacher "
	    "%.5g\n", nn_kind_name(kind), *before, *after, *teacher);
	nn_data_free(&train_set);
	nn_data_free(&test_set);
	free(t);
	free(p);
}

static void
learning(void)
{
	double teacher, before, after;

	learn(NN_LINEAR, 20, 0, 0.1, 8192, 0.05, 64, 1000, &teacher,
	    &before, &after);
	tap_near(teacher, 0.1 * 0.1 / 2, 0.1,
	    "linear: the teacher's test loss is noise^2/2");
	tap_near(after, teacher, 0.2,
	    "linear: training reaches the teacher's test loss");

	learn(NN_LOGISTIC, 10, 0, 0, 8192, 0.1, 64, 2000, &teacher,
	    &before, &after);
	tap_near(before, log(2), 1e-9,
	    "logistic: the test loss starts at log 2");
	tap_ok(teacher < 0.9 * log(2),
	    "logistic: the teacher beats chance by over 10%");
	tap_near(after, teacher, 0.1,
	    "logistic: training reaches the teacher's test loss");

	learn(NN_MLP, 8, 16, 0.1, 8192, 0.05, 32, 5000, &teacher, &before,
	    &after);
	tap_ok(before - teacher >= 20 * (after - teacher),
	    "mlp [16]: training cuts the excess test loss at least 20x");
	printf("# excess cut %.3gx\n", (before - teacher) / (after - teacher));
}

static void
determinism(void)
{
	struct dataset a, b, c;
	float t[11];
	struct nn nn;

	nn_init(&nn, NN_LINEAR, 10, none);
	nn_teacher(&nn, 3, 1, t);
	nn_data(&nn, t, 0.1, 3, 2, 100, &a);
	nn_data(&nn, t, 0.1, 3, 2, 100, &b);
	nn_data(&nn, t, 0.1, 4, 2, 100, &c);
	tap_ok(memcmp(a.x, b.x, 100 * 10 * sizeof *a.x) == 0 &&
	    memcmp(a.y, b.y, 100 * sizeof *a.y) == 0,
	    "the same seed and stream give the same data");
	tap_ok(memcmp(a.x, c.x, 100 * 10 * sizeof *a.x) != 0 &&
	    memcmp(a.y, c.y, 100 * sizeof *a.y) != 0,
	    "another seed gives other data");
	nn_data_free(&a);
	nn_data_free(&b);
	nn_data_free(&c);
	tap_ok(a.x == NULL && a.y == NULL, "nn_data_free clears the pointers");
}

static void
initial(void)
{
	int hidden[2] = { 6, 0 };
	float p[37], q[37];
	struct nn nn;
	int i, zeros = 1, bias = 1, weights = 0;

	nn_init(&nn, NN_LINEAR, 32, none);
	memset(p, 0xff, sizeof p);
	nn_init_params(&nn, 1, 1, p);
	for (i = 0; i < 33; i++)
		zeros &= p[i] == 0;
	tap_ok(zeros, "linear: the starting point is zero");

	nn_init(&nn, NN_MLP, 4, hidden);	/* W1 24, b1 6, w 6, b 1 */
	nn_init_params(&nn, 1, 1, p);
	nn_init_params(&nn, 1, 1, q);
	for (i = 24; i < 30; i++)
		bias &= p[i] == 0;
	bias &= p[36] == 0;
	for (i = 0; i < 24; i++)
		weights += p[i] != 0 && fabs(p[i]) < 5 / sqrt(4);
	for (i = 30; i < 36; i++)
		weights += p[i] != 0 && fabs(p[i]) < 5 / sqrt(6);
	tap_ok(bias && weights == 30 && memcmp(p, q, 37 * sizeof *p) == 0,
	    "mlp: the starting point has small random weights, zero biases");
}

/* Two steps of lr 0.5, momentum 0.5, all exact in float.  p[0] 1, grads
 * 1 then 2: mom 1, p 0.5; mom 0.5 + 2 = 2.5, p 0.5 - 1.25 = -0.75.  p[1]
 * -2, grads 4 then -8: mom 4, p -4; mom 2 - 8 = -6, p -4 + 3 = -1. */
static void
sgd(void)
{
	float p[2] = { 1, -2 }, mom[2] = { 0, 0 };
	float g1[2] = { 1, 4 }, g2[2] = { 2, -8 };

	nn_sgd(2, p, mom, g1, 0.5, 0.5);
	nn_sgd(2, p, mom, g2, 0.5, 0.5);
	tap_ok(mom[0] == 2.5f && p[0] == -0.75f && mom[1] == -6.0f &&
	    p[1] == -1.0f, "sgd with momentum, two steps by hand");
	printf("# p %g %g mom %g %g\n", p[0], p[1], mom[0], mom[1]);
}

/* nn_tanh against libm's over a sweep of every scale, the series' edge
 * and the far tails. */
static void
tanh_ulps(void)
{
	double x, worst = 0, u, t;
	int i, s;

	for (s = -1; s <= 1; s += 2)
		for (i = -2000; i <= 2000; i++) {
			x = s * pow(2.0, i / 100.0);	/* 2^-20 .. 2^20 */
			t = tanh(x);
			u = fabs(nn_tanh(x) - t) / (nextafter(fabs(t), INFINITY) -
			    fabs(t));
			worst = fmax(worst, u);
		}
	for (x = -0.02; x <= 0.02; x += 1e-6) {	/* the edge at 1/64 */
		t = tanh(x);
		if (t != 0)
			worst = fmax(worst, fabs(nn_tanh(x) - t) /
			    (nextafter(fabs(t), INFINITY) - fabs(t)));
	}
	tap_ok(worst <= 20 && nn_tanh(0) == 0 && nn_tanh(-40) == -1 &&
	    nn_tanh(40) == 1, "nn_tanh within 20 ulps of libm's tanh");
	printf("# nn_tanh: %.1f ulps at most\n", worst);
}

int
main(void)
{
	params_are(NN_LINEAR, 32, 0, 0, 33);
	params_are(NN_LOGISTIC, 32, 0, 0, 33);
	params_are(NN_MLP, 4, 8, 0, 49);
	params_are(NN_MLP, 4, 8, 6, 101);
	params_are(NN_MLP, 32, 64, 0, 64 * 33 + 65);
	tap_str(nn_kind_name(NN_LINEAR), "linear", "kind name linear");
	tap_str(nn_kind_name(NN_LOGISTIC), "logistic", "kind name logistic");
	tap_str(nn_kind_name(NN_MLP), "mlp", "kind name mlp");

	gradient_checks(NN_LINEAR, 6, 0, 0);
	gradient_checks(NN_LOGISTIC, 6, 0, 0);
	gradient_checks(NN_MLP, 5, 7, 0);
	gradient_checks(NN_MLP, 5, 7, 4);

	batch_checks(NN_LINEAR, 6, 0, 0);
	batch_checks(NN_LOGISTIC, 6, 0, 0);
	batch_checks(NN_MLP, 5, 7, 4);

	tanh_ulps();
	initial();
	determinism();
	sgd();
	learning();
	return tap_done();
}
