/* nn.h: the small models psim really trains (numerics "real" and
 * "proxy"): linear regression, logistic regression and a multilayer
 * perceptron with one or two tanh hidden layers, on synthetic data drawn
 * from a known teacher of the same shape plus noise, so the best loss is
 * known.  Everything random comes from the scenario seed (rng.h).
 *
 * A model's parameters are one flat float vector, the layout the
 * strategies cut into shards and chunks:
 *   linear, logistic: w[features], b
 *   mlp: W1[h1][features], b1[h1], (W2[h2][h1], b2[h2],) w_out[h_last], b_out
 * (row-major; a matrix row is one unit's incoming weights). */
#ifndef PSIM_NN_H
#define PSIM_NN_H

#include <stdint.h>

enum nn_kind { NN_LINEAR, NN_LOGISTIC, NN_MLP };

struct nn {
	enum nn_kind	 kind;
	int		 features;
	int		 hidden[2];	/* mlp: widths; hidden[1] 0 for one layer */
	long		 params;	/* floats in the flat vector */
};

/* Samples: x is count rows of features floats, y count targets (0 or 1
 * for logistic). */
struct dataset {
	int		 features;
	long		 count;
	float		*x;
	float		*y;
};

/* Fill in the shape and nn->params.  hidden is ignored unless mlp. */
void nn_init(struct nn *, enum nn_kind, int features, const int hidden[2]);
const char *nn_kind_name(enum nn_kind);

/* The starting point every worker and server shares: zeros for the
 * linear models, small random weights (scaled by 1/sqrt(fan-in)) for the
 * mlp, drawn from stream `stream` of seed. */
void nn_init_params(const struct nn *, unsigned long seed, uint64_t stream,
    float *p);

/* The teacher: random parameters of the same shape from (seed, stream),
 * scaled so that its outputs are of order 1. */
void nn_teacher(const struct nn *, unsigned long seed, uint64_t stream,
    float *teacher);

/* count samples: x ~ N(0, 1) per feature; y = teacher(x) + noise * N(0,1)
 * (linear, mlp) or y ~ Bernoulli(sigmoid(teacher(x))) (logistic), drawn
 * from (seed, stream).  Allocates d->x and d->y. */
void nn_data(const struct nn *, const float *teacher, double noise,
    unsigned long seed, uint64_t stream, long count, struct dataset *d);
void nn_data_free(struct dataset *);

/* tanh(x) within 20 ulps of libm's (unit-nn), twice as fast: against
 * the 2^-24 of the float parameters it trains, the same; the reports of
 * every shipped scenario and test are the same with either. */
double nn_tanh(double x);

/* The mean loss (half squared error, or cross-entropy in nats for
 * logistic) over all of d, accumulated in double. */
double nn_loss(const struct nn *, const float *p, const struct dataset *d);
/* The same, but it stops once the mean is sure to be above bound and
 * returns the part summed so far over all of d's samples: a value above
 * bound exactly when nn_loss's is (each sample's loss is >= 0). */
double nn_loss_bounded(const struct nn *, const float *p,
    const struct dataset *d, double bound);

/* The mean gradient of the loss over samples first .. first + count - 1 of
 * d, indices taken modulo d->count, written to grad (nn->params floats;
 * accumulated in double).  Returns the mean loss over those samples. */
double nn_gradient(const struct nn *, const float *p, const struct dataset *d,
    long first, long count, float *grad);

/* SGD with momentum on len floats, as PyTorch does it:
 * mom = momentum * mom + grad; p -= lr * mom. */
void nn_sgd(long len, float *p, float *mom, const float *grad, double lr,
    double momentum);

#endif
