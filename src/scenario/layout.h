/* layout.h: a scenario's gradient as the run cuts it, from the scenario
 * alone: its elements and wire bytes, the PS shards (where each starts,
 * its length and home), the gradient buckets, and the compute's shares
 * of a layered model.  The engine (simulation.c) runs on it and the closed form
 * (shape.h) reads it: one layout, so the two cannot differ. */
#ifndef PSIM_LAYOUT_H
#define PSIM_LAYOUT_H

struct scenario;

struct layout {
	long		 elements;	/* gradient length in parameters */
	double		 elem_bytes;	/* bytes per element on the wire */

	/* PS (0 shards for all-reduce): shard j holds elements
	 * [shard_offset[j], + shard_count[j]), shard_bytes[j] bytes, on
	 * worker shard_worker[j] or dedicated server shard_server[j] (the
	 * other -1; scenario_shard_home). */
	int		 nshards;
	long		*shard_offset;
	long		*shard_count;
	double		*shard_bytes;
	int		*shard_worker;
	int		*shard_server;

	/* Gradient buckets (strategy.bucket): bucket b holds elements
	 * [bucket_lo[b], + bucket_len[b]) and is ready once layer
	 * bucket_close[b]'s backward pass is done; 0 buckets without. */
	int		 nbuckets;
	long		*bucket_lo;
	long		*bucket_len;
	int		*bucket_close;
	double		*bucket_forward;	/* the forward pass's share
						   of bucket b's layers */

	/* A PS with buckets: bucket b's share of shard j, piece [j * nbuckets
	 * + b], is piece_count elements (0: none) at piece_offset, the
	 * pieces laid out in shard j's range in bucket order.  NULL
	 * otherwise. */
	long		*piece_offset;
	long		*piece_count;

	/* Layered models: the forward pass's share of a step's compute and
	 * each layer's backward share (NULL without layers). */
	double		 forward_share;
	double		*layer_share;
};

void layout_make(const struct scenario *, struct layout *);
void layout_free(struct layout *);

/* The elements of part i when len elements are cut into n near-equal
 * parts (the first len % n parts one longer). */
long layout_part_offset(long len, int n, int i);
long layout_part_count(long len, int n, int i);

/* A worker's flops per step on a host of speed flops/s. */
double layout_compute_flops(const struct scenario *, double speed);

/* The time from a step's start until bucket b is ready, the step's
 * compute taking compute_s. */
double layout_bucket_ready_s(const struct scenario *, const struct layout *,
    int b, double compute_s);

#endif
