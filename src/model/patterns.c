/* patterns.c: the communication patterns of the all-reduce algorithms
 * (patterns.h). */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "analytic.h"
#include "patterns.h"
#include "xmalloc.h"

int
ring_worker(const struct ring *r, int m)
{
	return r->members != NULL ? r->members[m] : r->base + m * r->stride;
}

void
ring_round(struct round *rd, const struct ring *r, double chunk)
{
	int m;

	for (m = 0; m < r->g && r->g > 1; m++)
		analytic_round_flow(rd, ring_worker(r, m),
		    ring_worker(r, (m + 1) % r->g), chunk);
}

void
tree_init(struct tree *t, const int *members, int g)
{
	t->members = members;
	t->g = g;
	for (t->levels = 0; (1 << t->levels) < g; t->levels++)
		;
}

int
tree_worker(const struct tree *t, int member)
{
	return t->members != NULL ? t->members[member] : member;
}

void
tree_round(struct round *rd, const struct tree *t, int i, double bytes)
{
	int d = 1 << i, m;

	for (m = d; m < t->g; m += 2 * d)
		analytic_round_flow(rd, tree_worker(t, m), tree_worker(t, m - d),
		    bytes);
}

void
tree_round_down(struct round *rd, const struct tree *t, int i, double bytes)
{
	int d = 1 << i, m;

	for (m = d; m < t->g; m += 2 * d)
		analytic_round_flow(rd, tree_worker(t, m - d), tree_worker(t, m),
		    bytes);
}

void
fold_init(struct fold *f, int n)
{
	f->n = n;
	f->p = 1;
	f->lg = 0;
	while (f->p * 2 <= n) {
		f->p *= 2;
		f->lg++;
	}
	f->r = n - f->p;
}

int
fold_rank(const struct fold *f, int w)
{
	if (w < 2 * f->r)
		return w % 2 == 0 ? -1 : w / 2;
	return w - f->r;
}

int
fold_worker(const struct fold *f, int rank)
{
	return rank < f->r ? 2 * rank + 1 : rank + f->r;
}

void
fold_round(struct round *rd, const struct fold *f, double M, int out)
{
	int k;

	for (k = 0; k < f->r; k++)
		analytic_round_flow(rd, 2 * k + (out != 0), 2 * k + (out == 0),
		    M);
}

double
fold_rounds(struct round *rd, const struct fold *f, double M)
{
	fold_round(rd, f, M, 0);
	return f->r > 0 ? 2 * analytic_round_time(rd) : 0;
}

void
btree_make(struct btree *t, int n, int mirror)
{
	int *p = xcalloc((size_t)n, sizeof *p), r, bit, up, x, d, k;

	p[0] = -1;
	for (r = 1; r < n; r++) {
		bit = r & -r;
		up = (r ^ bit) | (bit << 1);
		p[r] = up < n ? up : r ^ bit;
	}
	t->parent = xcalloc((size_t)n, sizeof *t->parent);
	t->child = xcalloc((size_t)n, sizeof *t->child);
	for (r = 0; r < n; r++) {
		t->parent[r] = -1;
		t->child[r][0] = t->child[r][1] = -1;
	}
	for (r = 0; r < n; r++) {
		x = mirror == 0 ? r : mirror == 1 ? n - 1 - r : (r + 1) % n;
		if (p[r] < 0)
			continue;
		up = mirror == 0 ? p[r] : mirror == 1 ? n - 1 - p[r] :
		    (p[r] + 1) % n;
		t->parent[x] = up;
		k = t->child[up][0] < 0 ? 0 : 1;
		assert(t->child[up][k] < 0);
		t->child[up][k] = x;
	}
	for (t->depth = 0, r = 0; r < n; r++) {
		for (d = 0, x = r; t->parent[x] >= 0; x = t->parent[x])
			d++;
		if (d > t->depth)
			t->depth = d;
	}
	free(p);
}

void
btree_release(struct btree *t)
{
	free(t->parent);
	free(t->child);
	t->parent = NULL;
	t->child = NULL;
}

void
groups_make(struct groups *g, int n, const int *rack_of)
{
	int *id = xcalloc((size_t)n, sizeof *id), w, k;
	struct tree t;

	g->n = 0;
	g->of = xcalloc((size_t)n, sizeof *g->of);
	g->index = xcalloc((size_t)n, sizeof *g->index);
	g->size = xcalloc((size_t)n, sizeof *g->size);
	g->members = xcalloc((size_t)n, sizeof *g->members);
	g->leaders = xcalloc((size_t)n, sizeof *g->leaders);
	for (w = 0; w < n; w++) {	/* each worker's group and place */
		for (k = 0; rack_of != NULL && k < g->n; k++) {
			if (rack_of[w] == id[k])
				break;
		}
		if (rack_of == NULL)
			k = g->n;
		if (k == g->n) {
			id[g->n] = rack_of != NULL ? rack_of[w] : w;
			g->leaders[g->n++] = w;
		}
		g->of[w] = k;
		g->index[w] = g->size[k]++;
	}
	for (k = 0; k < g->n; k++)	/* each group's members, as many */
		g->members[k] = xcalloc((size_t)g->size[k], sizeof **g->members);
	for (w = 0; w < n; w++)
		g->members[g->of[w]][g->index[w]] = w;
	for (g->levels = 0, k = 0; k < g->n; k++) {
		tree_init(&t, g->members[k], g->size[k]);
		if (t.levels > g->levels)
			g->levels = t.levels;
	}
	free(id);
}

void
groups_release(struct groups *g)
{
	int k;

	for (k = 0; k < g->n; k++)
		free(g->members[k]);
	free(g->members);
	free(g->of);
	free(g->index);
	free(g->size);
	free(g->leaders);
}

double
part_bytes(double bytes, int n)
{
	return ceil(bytes / n);
}

void
grid_shape(int n, int want_rows, int *rows, int *cols)
{
	int r;

	if (want_rows > 0) {
		*rows = want_rows;
		*cols = n / want_rows;
		return;
	}
	for (*rows = 1, r = 1; r * r <= n; r++) {
		if (n % r == 0)
			*rows = r;
	}
	*cols = n / *rows;
}
