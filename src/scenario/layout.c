/* layout.c: the gradient cut into PS shards and buckets, and a layered
 * model's compute shares, from the scenario (layout.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "scenario.h"
#include "xmalloc.h"

long
layout_part_offset(long len, int n, int i)
{
	long base = len / n, extra = len % n;

	return i * base + (i < extra ? i : extra);
}

long
layout_part_count(long len, int n, int i)
{
	return len / n + (i < len % n ? 1 : 0);
}

/* BytePS's optimum for n workers (with local_reduce machines) and k CPU
 * hosts: x bytes on each
 * worker's service and (M - n x)/k on each CPU host, with
 * x = (n - k) M / (n^2 + k n - 2k), which balances a worker's NIC
 * (M + (n-2) x each way) with a CPU host's (n (M-nx)/k). */
static void
partition_services(const struct scenario *sc, struct layout *l)
{
	int n = scenario_ps_members(sc), cpus = sc->placement.servers;
	int w0 = sc->strategy.worker_shards, k = l->nshards, j;
	long x = w0 > 0 ? (long)((double)(n - cpus) * l->elements /
	    ((double)n * n + (double)cpus * n - 2.0 * cpus)) : 0, off;

	for (j = 0, off = 0; j < k; j++) {
		l->shard_offset[j] = off;
		/* with no CPU host the workers' services share all of it, x
		 * or x + 1 each */
		l->shard_count[j] = cpus == 0 ?
		    layout_part_count(l->elements, k, j) : j < w0 ? x :
		    layout_part_count(l->elements - (long)w0 * x, cpus, j - w0);
		off += l->shard_count[j];
	}
}

/* A variable's size and index, for placing the largest first. */
struct sized {
	double	v;
	int	i;
};

static int
larger_first(const void *a, const void *b)
{
	const struct sized *x = a, *y = b;

	if (x->v != y->v)
		return x->v > y->v ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* The variables in the order they are placed: their own, or for
 * largest-first the largest first (the earlier of two alike first).
 * malloc'd. */
static int *
placing_order(const struct scenario *sc)
{
	int n = sc->strategy.nvariables, i;
	int *order = xcalloc((size_t)n, sizeof *order);
	struct sized *s;

	for (i = 0; i < n; i++)
		order[i] = i;
	if (sc->strategy.partition != PART_LARGEST)
		return order;
	s = xcalloc((size_t)n, sizeof *s);
	for (i = 0; i < n; i++) {
		s[i].v = sc->strategy.variables[i];
		s[i].i = i;
	}
	qsort(s, (size_t)n, sizeof *s, larger_first);
	for (i = 0; i < n; i++)
		order[i] = s[i].i;
	free(s);
	return order;
}

/* The shard of each variable, placed whole: round-robin in order, or
 * each to the least-loaded shard (replica_device_setter's greedy
 * strategy; largest-first takes them largest first, as MXNet's
 * CommDevice places its merge buffers), or MXNet's kvstore rule: a
 * variable of bigarray_bound elements or more is split evenly over all
 * shards (-1), a smaller one goes whole to shard (key * 9973) mod k.
 * malloc'd. */
static int *
variable_homes(const struct scenario *sc, int k)
{
	int *home = xcalloc((size_t)sc->strategy.nvariables, sizeof *home);
	int *order = placing_order(sc);
	long *load = xcalloc((size_t)k, sizeof *load), v;
	int i, j, n, best;

	for (n = 0; n < sc->strategy.nvariables; n++) {
		i = order[n];
		v = (long)sc->strategy.variables[i];
		if (sc->strategy.partition == PART_MXNET &&
		    v >= sc->strategy.bigarray_bound) {
			for (j = 0; j < k; j++)
				load[j] += layout_part_count(v, k, j);
			home[i] = -1;
			continue;
		}
		if (sc->strategy.partition == PART_ROUND_ROBIN)
			best = i % k;
		else if (sc->strategy.partition == PART_MXNET)
			best = (int)((long)i * 9973 % k);
		else {
			for (best = 0, j = 1; j < k; j++) {
				if (load[j] < load[best])
					best = j;
			}
		}
		load[best] += v;
		home[i] = best;
	}
	free(load);
	free(order);
	return home;
}

/* Whether the shards hold whole variables (else contiguous ranges). */
static int
whole_variables(const struct scenario *sc)
{
	return !(sc->strategy.info->flags & R_SERVICES) &&
	    sc->strategy.partition != PART_EVEN &&
	    sc->strategy.variables != NULL;
}

/* Cut the gradient into the PS shards the scenario asks for (home: each
 * variable's shard, with whole variables; else NULL); shard j's
 * variables are laid out contiguously. */
static void
partition(const struct scenario *sc, struct layout *l, const int *home)
{
	int k = l->nshards, i, j;
	long off, v;

	if (sc->strategy.info->flags & R_SERVICES) {
		partition_services(sc, l);
		return;
	}
	if (home == NULL) {
		for (j = 0; j < k; j++) {
			l->shard_offset[j] = layout_part_offset(l->elements, k,
			    j);
			l->shard_count[j] = layout_part_count(l->elements, k, j);
		}
		return;
	}
	for (i = 0; i < sc->strategy.nvariables; i++) {
		v = (long)sc->strategy.variables[i];
		for (j = 0; j < k; j++)
			if (home[i] == j || home[i] < 0)
				l->shard_count[j] += home[i] < 0 ?
				    layout_part_count(v, k, j) : v;
	}
	for (off = 0, j = 0; j < k; j++) {
		l->shard_offset[j] = off;
		off += l->shard_count[j];
	}
}

/* A PS with buckets: each bucket's share of each shard.  Whole
 * variables (the layers) count where they live; shards cut evenly (or
 * by BytePS's optimum) cut every bucket the same way, as BytePS and
 * MXNet spread each tensor over all servers: shard j gets the part of
 * bucket b between len_b * offset_j / M and len_b * (offset_j +
 * count_j) / M, rounded down, so that a bucket's parts add up to it. */
static void
bucket_pieces(const struct scenario *sc, struct layout *l, const int *home)
{
	int k = l->nshards, nb = l->nbuckets, i, j, b;
	long lo, hi, off = 0, v, *pc;

	l->piece_offset = xcalloc((size_t)k * (size_t)nb,
	    sizeof *l->piece_offset);
	pc = l->piece_count = xcalloc((size_t)k * (size_t)nb,
	    sizeof *l->piece_count);
	for (i = 0; home != NULL && i < sc->model.nlayers; i++) {
		v = (long)sc->model.layers[i].params;
		for (b = 0; b < nb; b++)	/* the bucket that holds layer i */
			if (off >= l->bucket_lo[b] &&
			    off < l->bucket_lo[b] + l->bucket_len[b])
				break;
		for (j = 0; b < nb && j < k; j++)
			if (home[i] == j || home[i] < 0)
				pc[j * nb + b] += home[i] < 0 ?
				    layout_part_count(v, k, j) : v;
		off += v;
	}
	for (j = 0; home == NULL && j < k; j++) {
		for (b = 0; b < nb; b++) {
			lo = (long)((double)l->bucket_len[b] *
			    (double)l->shard_offset[j] / (double)l->elements);
			hi = (long)((double)l->bucket_len[b] *
			    (double)(l->shard_offset[j] + l->shard_count[j]) /
			    (double)l->elements);
			pc[j * nb + b] = hi - lo;
		}
	}
	for (j = 0; j < k; j++) {
		for (off = l->shard_offset[j], b = 0; b < nb; b++) {
			l->piece_offset[j * nb + b] = off;
			off += pc[j * nb + b];
		}
	}
}

/* The shards, their bytes and their homes; with buckets, each bucket's
 * share of each. */
static void
shards(const struct scenario *sc, struct layout *l)
{
	int k = sc->strategy.shards, j;
	int *home = whole_variables(sc) ? variable_homes(sc, k) : NULL;

	l->nshards = k;
	l->shard_offset = xcalloc((size_t)k, sizeof *l->shard_offset);
	l->shard_count = xcalloc((size_t)k, sizeof *l->shard_count);
	l->shard_bytes = xcalloc((size_t)k, sizeof *l->shard_bytes);
	l->shard_worker = xcalloc((size_t)k, sizeof *l->shard_worker);
	l->shard_server = xcalloc((size_t)k, sizeof *l->shard_server);
	partition(sc, l, home);
	for (j = 0; j < k; j++) {
		scenario_shard_home(sc, j, &l->shard_worker[j],
		    &l->shard_server[j]);
		l->shard_bytes[j] = (double)l->shard_count[j] * l->elem_bytes;
	}
	if (l->nbuckets > 0)
		bucket_pieces(sc, l, home);
	free(home);
}

/* Cut the layers, last to first, into buckets of at least bucket_bytes
 * (a bigger layer makes a bucket of its own). */
static void
buckets(const struct scenario *sc, struct layout *l)
{
	int n = sc->model.nlayers, i, top = n - 1;
	long *offset = xcalloc((size_t)n + 1, sizeof *offset);
	double acc = 0;

	for (i = 0; i < n; i++)
		offset[i + 1] = offset[i] + (long)sc->model.layers[i].params;
	l->bucket_lo = xcalloc((size_t)n, sizeof *l->bucket_lo);
	l->bucket_len = xcalloc((size_t)n, sizeof *l->bucket_len);
	l->bucket_close = xcalloc((size_t)n, sizeof *l->bucket_close);
	for (i = n - 1; i >= 0; i--) {
		acc += sc->model.layers[i].params * l->elem_bytes;
		if (acc < sc->strategy.bucket_bytes && i > 0)
			continue;
		l->bucket_lo[l->nbuckets] = offset[i];
		l->bucket_len[l->nbuckets] = offset[top + 1] - offset[i];
		l->bucket_close[l->nbuckets] = i;
		l->nbuckets++;
		top = i - 1;
		acc = 0;
	}
	free(offset);
}

/* A layer's weight in sharing the forward time: its FLOPs when it has
 * them, else its parameter count. */
static double
forward_weight(const struct scenario *sc, int i)
{
	const struct layer *ly = &sc->model.layers[i];

	return ly->flops > 0 ? ly->flops : ly->params;
}

/* The forward pass's share of each bucket's layers (strategy.pull
 * "forward" waits for a bucket's parameters before them): by the layers'
 * forward weights, else evenly. */
static void
bucket_forward(const struct scenario *sc, struct layout *l)
{
	int n = sc->model.nlayers, b, i, top;
	double total = 0;

	l->bucket_forward = xcalloc((size_t)l->nbuckets,
	    sizeof *l->bucket_forward);
	for (i = 0; i < n; i++)
		total += forward_weight(sc, i);
	for (b = 0, top = n - 1; b < l->nbuckets; b++) {
		for (i = l->bucket_close[b]; i <= top; i++)
			l->bucket_forward[b] += total > 0 ?
			    forward_weight(sc, i) / total : 1.0 / n;
		l->bucket_forward[b] *= 1 - sc->model.backward_share;
		top = l->bucket_close[b] - 1;
	}
}

/* A layer's weight in sharing the backward time: its backward FLOPs
 * when the layers have FLOPs (twice the forward's, a gradient for the
 * input and one for the weights; the first layer needs none for its
 * input), else its parameter count. */
static double
backward_weight(const struct scenario *sc, int i)
{
	const struct layer *ly = &sc->model.layers[i];

	if (ly->flops > 0)
		return (i == 0 ? 1 : 2) * ly->flops;
	return ly->params;
}

/* The compute shares of a layered model's passes. */
static void
layer_shares(const struct scenario *sc, struct layout *l)
{
	double given = 0, rest = 0;
	int i;

	l->layer_share = xcalloc((size_t)sc->model.nlayers,
	    sizeof *l->layer_share);
	l->forward_share = 1 - sc->model.backward_share;
	for (i = 0; i < sc->model.nlayers; i++) {
		if (sc->model.layers[i].backward_s > 0) {
			l->layer_share[i] = sc->model.layers[i].backward_s /
			    sc->model.compute_s;
			given += l->layer_share[i];
		} else
			rest += backward_weight(sc, i);
	}
	for (i = 0; i < sc->model.nlayers && rest > 0; i++) {
		if (sc->model.layers[i].backward_s == 0)
			l->layer_share[i] = (sc->model.backward_share - given) *
			    backward_weight(sc, i) / rest;
	}
}

void
layout_make(const struct scenario *sc, struct layout *l)
{
	memset(l, 0, sizeof *l);
	l->elements = (long)sc->model.params;
	l->elem_bytes = scenario_dtype_bytes(sc->strategy.wire_dtype);
	if (sc->model.nlayers > 0)
		layer_shares(sc, l);
	if (sc->strategy.bucket_bytes > 0) {
		buckets(sc, l);
		bucket_forward(sc, l);
	}
	if (sc->strategy.info->family == FAMILY_PS)
		shards(sc, l);
}

void
layout_free(struct layout *l)
{
	free(l->shard_offset);
	free(l->shard_count);
	free(l->shard_bytes);
	free(l->shard_worker);
	free(l->shard_server);
	free(l->piece_offset);
	free(l->piece_count);
	free(l->bucket_lo);
	free(l->bucket_len);
	free(l->bucket_close);
	free(l->bucket_forward);
	free(l->layer_share);
	memset(l, 0, sizeof *l);
}

double
layout_compute_flops(const struct scenario *sc, double speed)
{
	return sc->model.compute_s > 0 ? sc->model.compute_s * speed :
	    sc->model.compute_flops;
}

double
layout_bucket_ready_s(const struct scenario *sc, const struct layout *l,
    int b, double compute_s)
{
	double share = l->forward_share;
	int i;

	for (i = sc->model.nlayers - 1; i >= l->bucket_close[b]; i--)
		share += l->layer_share[i];
	return share * compute_s;
}
