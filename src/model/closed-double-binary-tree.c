/* closed-double-binary-tree.c: the double binary tree's closed form
 * (NCCL's trees) (closed-forms.h). Its protocol is engine/strategy-
 * double-binary-tree.c, its row strategies.def; it costs the rounds of
 * the same pattern (patterns.h), each at the pace of its most loaded
 * resource (analytic.c). Pure: no engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "patterns.h"
#include "xmalloc.h"

/* The hops of tree b's pipeline, each a chunk going one edge in one
 * step: up, a node sends chunk c once it has it from all its children and
 * has sent chunk c - 1; down, once it has it from its parent, has sent
 * chunk c - 1 and has finished its part going up. */
struct hop {
	int	 step, src, dst;
};

static void
hop_add(struct hop **h, int *n, int *cap, int step, int src, int dst)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		*h = xreallocarray(*h, (size_t)*cap, sizeof **h);
	}
	(*h)[*n].step = step;
	(*h)[*n].src = src;
	(*h)[*n].dst = dst;
	(*n)++;
}

static void
pipeline_hops(const struct btree *b, int n, int P, struct hop **h, int *nh,
    int *cap)
{
	int *up = xcalloc((size_t)n, sizeof *up), *down = xcalloc((size_t)n,
	    sizeof *down), *order = xcalloc((size_t)n, sizeof *order);
	int *depth = xcalloc((size_t)n, sizeof *depth);
	int c, i, x, k, t;

	for (x = 0; x < n; x++)
		for (i = x; b->parent[i] >= 0; i = b->parent[i])
			depth[x]++;
	for (k = 0, i = n; i >= 0; i--)		/* deepest first */
		for (x = 0; x < n; x++)
			if (depth[x] == i)
				order[k++] = x;
	for (c = 0; c < P; c++) {
		for (k = 0; k < n; k++) {
			x = order[k];
			for (t = up[x], i = 0; i < 2; i++)
				if (b->child[x][i] >= 0 &&
				    up[b->child[x][i]] > t)
					t = up[b->child[x][i]];
			if (b->parent[x] >= 0)
				hop_add(h, nh, cap, t++, x, b->parent[x]);
			up[x] = t;
		}
	}
	memcpy(down, up, (size_t)n * sizeof *down);
	for (c = 0; c < P; c++) {
		for (k = n - 1; k >= 0; k--) {	/* the root first */
			x = order[k];
			t = down[x];
			if (b->parent[x] >= 0 && down[b->parent[x]] > t)
				t = down[b->parent[x]];
			for (i = 0; i < 2; i++)
				if (b->child[x][i] >= 0)
					hop_add(h, nh, cap, t, x,
					    b->child[x][i]);
			if (b->child[x][0] >= 0 || b->child[x][1] >= 0)
				t++;
			down[x] = t;
		}
	}
	free(up);
	free(down);
	free(order);
	free(depth);
}

/* Both trees' pipelines, step by step: each step one latency plus the
 * time its hops need at once (analytic.c), so that the first and last
 * steps, when only leaves send, go faster. */
void
closed_double_binary_tree(const struct shape *s, struct analytic *a)
{
	struct btree t[2];
	struct round rd;
	struct hop *h = NULL;
	int P = s->chunks > 0 ? s->chunks : 16, D, k, nh = 0, cap = 0;
	int steps = 0, st, i;
	double bw = 0;

	btree_make(&t[0], s->n, 0);
	btree_make(&t[1], s->n, s->n % 2 == 0 ? 1 : 2);
	D = t[0].depth > t[1].depth ? t[0].depth : t[1].depth;
	for (k = 0; k < 2; k++)
		pipeline_hops(&t[k], s->n, P, &h, &nh, &cap);
	for (i = 0; i < nh; i++)
		if (h[i].step + 1 > steps)
			steps = h[i].step + 1;
	analytic_round_init(&rd, s);
	for (st = 0; st < steps; st++) {
		for (i = 0; i < nh; i++)
			if (h[i].step == st)
				analytic_round_flow(&rd, h[i].src, h[i].dst,
				    s->M / 2 / P);
		bw += analytic_round_time(&rd);
	}
	analytic_round_release(&rd, a);
	a->latency_s = steps * s->alpha;
	a->communication_s = a->latency_s + bw;
	a->worker_sent_bytes = a->worker_received_bytes = s->n > 1 ?
	    2 * s->M : 0;
	snprintf(a->formula, sizeof a->formula, "about 2(P + D - 1)*(alpha + "
	    "M/(P*B)): %d chunks up and down trees of depth %d", P, D);
	snprintf(a->evaluated, sizeof a->evaluated, "%d pipeline steps: "
	    "%d*%.6g s + %.6g s = %.6g s%s", steps, steps, s->alpha, bw,
	    a->communication_s, s->racks > 0 || s->switch_Bps > 0 ?
	    "; approximate: the hops counted in lock-step, where each tree "
	    "goes on alone (up to 4% off the simulation across "
	    "oversubscribed racks in psim's tests)" : "");
	free(h);
	for (k = 0; k < 2; k++)
		btree_release(&t[k]);
}
