/* numerics.h: real gradient arithmetic inside a simulation (numerics
 * "real" and "proxy").  Every worker holds the model's parameters, its
 * gradient and its momentum as float vectors; the PS servers hold the
 * global parameters.  Messages carry the floats of their element range:
 * with "real" the wire's elements are the model's floats, with "proxy"
 * the wire carries the declared model and element x of it maps to float
 * x * P / E of the small model, so every range of the wire maps to a
 * range of floats and the ranges of a partition stay a partition.
 *
 * What the report shows comes from here too: the loss curve, the time
 * to the target loss, and two self-checks against serial arithmetic. */
#ifndef PSIM_NUMERICS_H
#define PSIM_NUMERICS_H

#include "nn.h"
#include "results.h"

struct sim;


struct numerics {
	const struct nn	*nn;
	long		 P;		/* floats of the model */
	long		 E;		/* elements on the wire */
	int		 n;		/* workers */
	long		 batch;		/* samples per worker per step */
	double		 lr, momentum;
	struct dataset	 train, test;
	double		 teacher_loss;	/* the best loss, near enough */
	double		 initial_loss;

	float		**param, **grad, **mom;	/* per worker */
	float		*ps_param, *ps_mom, *ps_acc;	/* the servers' */
	float		*ckpt_param, *ckpt_mom;	/* the checkpoint to restore */
	float		*pend_param, *pend_mom;	/* ps: shards saved, not all */
	float		**orig[2];	/* all-reduce: gradients before the
					   exchange, by step parity */
	double		 reduce_error;	/* all-reduce vs the serial sum */
	double		 serial_deviation; /* final params vs serial SGD,
					   < 0 when not comparable */

	struct loss_point *curve;
	int		 ncurve, capcurve;
	double		 next_sample;	/* step of the next curve point */
	double		 final_loss;
	double		 time_to_target_s; /* < 0: not reached */
};

/* NULL when the scenario's numerics are off. */
struct numerics *numerics_create(struct sim *);
void numerics_free(struct numerics *);

/* The floats [*lo, *lo + *len) that wire elements [offset, + count)
 * carry. */
void numerics_range(const struct numerics *, long offset, long count,
    long *lo, long *len);

/* Worker w's gradient for its local step on its own parameters, from
 * its slice of the training data: samples (step * n + w) * batch on. */
void numerics_gradient(struct numerics *, int w, long step);

/* All-reduce: worker w's gradient now holds the sum of the members'
 * (all workers, or an elastic ring's); check it against the serial sum,
 * average it and take the SGD step. */
void numerics_allreduce_update(struct numerics *, int w, int step,
    int members);
/* Elastic: worker w takes worker from's parameters and momentum (from <
 * 0: the checkpoint's). */
void numerics_take(struct numerics *, int w, int from);

/* The servers: the mean of `count` summed gradients in ps_acc[lo, +len)
 * updates ps_param there. */
void numerics_ps_update(struct numerics *, long lo, long len, int count);

/* Sample the loss of params at simulated time now, for the curve (at
 * every loss_every steps and at the last) and the target. */
void numerics_sample(struct numerics *, const struct sim *, double step,
    const float *params, double now);

/* A checkpoint of worker w's parameters and momentum; restore every
 * worker from it after a restart at step, and let the loss curve go
 * back to that step (it shows the rollback). */
void numerics_checkpoint(struct numerics *, int w);
void numerics_restore(struct numerics *, int step);
/* PS: keep the servers' floats [lo, + len) for a checkpoint; make the
 * kept floats the checkpoint (every shard saved); restore all. */
void numerics_checkpoint_range(struct numerics *, long lo, long len);
void numerics_commit(struct numerics *);
void numerics_ps_restore(struct numerics *, int step);

/* After the run: the final loss and, for synchronous runs, the deviation
 * from serial SGD with batch n * batch. */
void numerics_finish(struct numerics *, const struct sim *,
    const float *final_params);

/* The run's training figures into the results (nothing for NULL: no
 * numerics). */
void numerics_training(const struct numerics *, struct training *);

#endif
