/* closed-forms.c: each strategy's closed-form alpha-beta cost
 * (closed-forms.h), side by side.  Every closed form costs the rounds of
 * the same pattern its protocol code runs (patterns.h), each round at the
 * pace of its most loaded resource (analytic.c).  Pure: no engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "hardware.h"
#include "patterns.h"
#include "xmalloc.h"

/* The reduce inside every group (a binomial tree of the whole vector,
 * all groups at once) and the broadcast back: 2 ceil(lg g) rounds, each
 * a latency inside the group and its slowest link.  0 for groups of
 * one. */
static double
local_trees(const struct shape *s, const struct groups *g, struct round *rd)
{
	struct tree t;
	double local = 0;
	int i, k;

	for (i = 0; i < g->levels; i++) {
		for (k = 0; k < g->n; k++) {
			tree_init(&t, g->members[k], g->size[k]);
			if (i < t.levels)
				tree_round(rd, &t, i, s->M);
		}
		local += 2 * (s->alpha_local + analytic_round_time(rd));
	}
	return local;
}

/* Two phases, push then pull, each one latency plus the time its most
 * loaded resource needs: in the push phase every worker sends each shard
 * it does not hold to that shard's host, so a host receives one copy of
 * its shards from every other worker; the pull phase is the mirror
 * image and takes as long.  (Pulls of one shard may start while another
 * is still being pushed: ps_overlapped credits that with dedicated
 * servers; with shards on workers the formula does not.)
 * With P pipelined chunks, pushes of chunk c + 1 overlap pulls of chunk
 * c: the step tends to T_both, the time of all pushes and pulls moving at
 * once, plus 1/P of what the phases add to it, and P + 1 latencies. */

/* Without chunks, on a generated cluster of one worker a host: the
 * pushes and the pulls as fluid flows at their max-min rates, each
 * shard's pulls as soon as its pushes are in (analytic_ps_fluid).
 * Unequal shards on servers end before two phases (the small ones' pulls
 * go out while the large ones are still coming in); on workers, after
 * (those pulls come in beside the pushes).  -1 when it does not
 * apply. */
static double
ps_overlapped(const struct shape *s, const struct groups *g, int P)
{
	int *holder, j;
	double t;

	if (P > 1 || s->bytesps || s->local_reduce || s->groups_are_hosts ||
	    s->route != NULL || s->k == 0)
		return -1;
	holder = xcalloc((size_t)s->k, sizeof *holder);
	for (j = 0; j < s->k; j++)
		holder[j] = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];
	t = analytic_ps_fluid(s, holder, g->leaders, g->n);
	free(holder);
	return t;
}

/* The formula's words when ps_overlapped gave the time. */
static void
ps_overlapped_words(const struct shape *s, double phase, double t,
    struct analytic *a)
{
	int j, held = 0, unequal = 0;

	for (j = 0; j < s->k; j++) {
		held |= s->shard_worker[j] >= 0;
		unequal |= s->shard_bytes[j] != s->shard_bytes[0];
	}
	snprintf(a->formula, sizeof a->formula, "2*alpha + pushes, then each "
	    "shard's pulls once its pushes are in, every flow at its max-min "
	    "fair rate (uneven shards, or NICs that pace them in turn)");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%.6g s + %.6g s = "
	    "%.6g s (2 phases of the busiest NIC: %.6g s each)%s", s->alpha,
	    t, a->communication_s, phase, held && unequal ? "; a lower "
	    "bound: workers holding unequal shards end their steps at "
	    "different times, and a step's pushes meet the last one's pulls "
	    "(the simulation up to 8% slower in psim's tests)" : "");
}

/* strategy.server_cpu: a step's CPU time on the busiest machine that
 * holds shards, each shard's batch of pushes pushes (ps_cpu: one batch
 * after another on a machine); 0 without a server CPU. */
static double
ps_cpu_s(const struct shape *s, int pushes)
{
	double *busy, t = 0;
	int j, key, nh = s->n + s->servers;

	if (s->server_cpu == NULL)
		return 0;
	busy = xcalloc((size_t)nh, sizeof *busy);
	for (j = 0; j < s->k; j++) {
		key = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];
		if (s->groups_are_hosts && s->rack_of != NULL)
			key = s->rack_of[key];
		busy[key] += hw_cpu_batch_s(s->server_cpu, s->cpu_each,
		    pushes, s->shard_bytes[j] / s->elem_bytes, s->update_B);
		if (busy[key] > t)
			t = busy[key];
	}
	free(busy);
	return t;
}

/* The CPU's time in a step of P chunks, each chunk's share once its
 * pushes are in (both: the pushes and pulls at once, the links' pace of
 * the chunks). */
static void
ps_cpu_add(const struct shape *s, struct analytic *a, int pushes, int P,
    double both)
{
	double cpu = ps_cpu_s(s, pushes), per = cpu / P, add;
	size_t f = strlen(a->formula), e = strlen(a->evaluated);

	if (cpu <= 0)
		return;
	a->server_cpu_s = cpu;
	/* the CPU keeps up: the last chunk's share after its pushes; it
	 * does not: the first chunk's pushes, every chunk's CPU back to
	 * back, the last one's pulls */
	add = fmax(per, cpu - both + both / P);
	a->communication_s += add;
	snprintf(a->formula + f, sizeof a->formula - f, "; + C/P, the servers' "
	    "CPU on a chunk after its pushes (C: a step's sums and updates on "
	    "the busiest machine%s)", P > 1 ? ", and the chunks at its pace "
	    "where it is slower than the links" : "");
	snprintf(a->evaluated + e, sizeof a->evaluated - e, "; + %.6g s of "
	    "CPU = %.6g s", add, a->communication_s);
}

void
closed_ps(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct groups g;
	int h, j, i, w, nh = s->n + s->servers, P = s->chunks > 0 ? s->chunks : 1;
	double *traffic = xcalloc((size_t)nh, sizeof *traffic);
	int *holds = xcalloc((size_t)nh, sizeof *holds);
	double phase, both, local, overlapped;
	char words[160];

	/* the participants: every worker, or each group's first */
	groups_make(&g, s->n, s->local_reduce ? s->rack_of : NULL);
	analytic_round_init(&rd, s);
	local = local_trees(s, &g, &rd);
	for (j = 0; j < s->k; j++) {
		int holder = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];

		holds[holder] = 1;
		for (i = 0; i < g.n; i++) {
			if ((w = g.leaders[i]) == holder)
				continue;
			analytic_round_flow(&rd, w, holder, s->shard_bytes[j]);
			/* per step: push out and pull in, and the holder
			 * the mirror image */
			traffic[w] += s->shard_bytes[j];
			traffic[holder] += s->shard_bytes[j];
		}
	}
	phase = analytic_round_time(&rd);
	overlapped = ps_overlapped(s, &g, P);
	for (j = 0; j < s->k; j++) {	/* pushes and pulls at once */
		int holder = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];

		for (i = 0; i < g.n; i++) {
			if ((w = g.leaders[i]) == holder)
				continue;
			analytic_round_flow(&rd, w, holder, s->shard_bytes[j]);
			analytic_round_flow(&rd, holder, w, s->shard_bytes[j]);
		}
	}
	both = analytic_round_time(&rd);
	for (i = 0; i < g.n; i++)	/* a leader's trees: levels of M */
		traffic[g.leaders[i]] += g.levels * s->M;
	for (h = 0; h < nh; h++) {
		if (h < s->n && traffic[h] > a->worker_sent_bytes)
			a->worker_sent_bytes = a->worker_received_bytes =
			    traffic[h];
		if (holds[h] && traffic[h] > a->server_received_bytes)
			a->server_sent_bytes = a->server_received_bytes =
			    traffic[h];
	}
	a->latency_s = (P + 1) * s->alpha + 2.0 * g.levels * s->alpha_local;
	a->communication_s = a->latency_s - 2.0 * g.levels * s->alpha_local +
	    local + both + (2 * phase - both) / P;
	if (overlapped >= 0 && fabs(overlapped - 2 * phase) > 1e-9 * phase) {
		a->communication_s = a->latency_s + overlapped;
		ps_overlapped_words(s, phase, overlapped, a);
		goto done;
	}
	if (s->bytesps)
		snprintf(a->formula, sizeof a->formula, "2n(n-1)M / ((n^2 + kn "
		    "- 2k)B) with k CPU summation servers (BytePS), pipelined "
		    "in P = %d chunks: (P+1)*alpha + T_both + (2 T_phase - "
		    "T_both)/P", P);
	else if (P > 1)
		snprintf(a->formula, sizeof a->formula, "(P+1)*alpha + T_both + "
		    "(2 T_phase - T_both)/P, P = %d pipelined chunks", P);
	else if (s->servers == 0)
		snprintf(a->formula, sizeof a->formula, "2*(alpha + V/B), V = "
		    "the busiest NIC's bytes per phase: a worker holding "
		    "shards receives n-1 copies of them besides its own "
		    "pushes");
	else
		snprintf(a->formula, sizeof a->formula, "2*(alpha + V/B), V = "
		    "the busiest NIC's bytes per phase = max(M, n*M/k) for k "
		    "even shards on as many servers");
	if (s->local_reduce)
		snprintf(a->formula + strlen(a->formula), sizeof a->formula -
		    strlen(a->formula), ", between %d machines, each first "
		    "reducing inside (2 ceil(lg g)*(alpha_local + M/B_local))",
		    g.n);
	/* each line as its formula reads: one chunk is 2*(alpha + V/B) */
	if (P > 1 || s->bytesps)
		snprintf(words, sizeof words, "%d*%.6g s + %.6g s + (2*%.6g s "
		    "- %.6g s)/%d", P + 1, s->alpha, both, phase, both, P);
	else
		snprintf(words, sizeof words, "2*(%.6g s + %.6g s)", s->alpha,
		    phase);
	if (local > 0)
		snprintf(a->evaluated, sizeof a->evaluated, "%.6g s in the "
		    "machines + %s = %.6g s", local, words, a->communication_s);
	else
		snprintf(a->evaluated, sizeof a->evaluated, "%s = %.6g s",
		    words, a->communication_s);
done:
	ps_cpu_add(s, a, g.n, P, both);
	analytic_round_release(&rd, a);
	groups_release(&g);
	free(traffic);
	free(holds);
}

/* 2(n-1) steps, each one latency plus a chunk of M/n from every worker
 * to the next, at the pace of the most loaded resource: a NIC, or a
 * switch backplane or rack uplink that several chunks cross. */
void
closed_ring(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct ring r = { 0, 1, s->n, NULL };
	int n = s->n;
	double chunk = part_bytes(s->M, n), per;

	analytic_round_init(&rd, s);
	ring_round(&rd, &r, chunk);
	per = analytic_round_time(&rd);
	a->latency_s = 2.0 * (n - 1) * s->alpha;
	a->communication_s = 2.0 * (n - 1) * (s->alpha + per);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (n - 1) * chunk;
	snprintf(a->formula, sizeof a->formula,
	    "2(n-1)*alpha + 2(n-1)/n * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %.6g s "
	    "for a %.6g B chunk, paced by %s) = %.6g s", n - 1, s->alpha, per,
	    chunk, rd.binding[0] != '\0' ? rd.binding : "nothing: no "
	    "transfers", a->communication_s);
	analytic_round_release(&rd, a);
}

/* All n-1 flows out of a NIC share it: (n-1)M at B after one latency,
 * unless a switch backplane (n(n-1)M on a star) or a rack uplink
 * (h(n-h)M for a rack of h workers) is slower. */
void
closed_all_to_all(const struct shape *s, struct analytic *a)
{
	struct round rd;
	int n = s->n, w, p;
	double t;

	analytic_round_init(&rd, s);
	for (w = 0; w < n; w++) {
		for (p = 0; p < n; p++) {
			if (p != w)
				analytic_round_flow(&rd, w, p, s->M);
		}
	}
	t = analytic_round_time(&rd);
	a->latency_s = n > 1 ? s->alpha : 0;
	a->communication_s = a->latency_s + t;
	a->worker_sent_bytes = a->worker_received_bytes = (n - 1) * s->M;
	snprintf(a->formula, sizeof a->formula, "alpha + (n-1) * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %.6g s for "
	    "%d x %.6g B, paced by %s = %.6g s", a->latency_s, t, n - 1, s->M,
	    rd.binding[0] != '\0' ? rd.binding : "nothing: no transfers",
	    a->communication_s);
	analytic_round_release(&rd, a);
}

/* lg p rounds of alpha + M/B, and two more when n is not a power of two;
 * a core worker that also takes a folded vector sends lg p + 1 of M.
 * Each round costs its most loaded NIC, switch or uplink (analytic.c). */
void
closed_recursive_doubling(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct fold f;
	double bw = 0;
	int rounds, i, k, w;

	fold_init(&f, s->n);
	rounds = f.lg + (f.r > 0 ? 2 : 0);
	analytic_round_init(&rd, s);
	analytic_round_schedule(&rd, s->alpha);	/* pairs go on alone */
	fold_round(&rd, &f, s->M, 0);
	analytic_round_time(&rd);
	for (i = 0; i < f.lg; i++) {
		for (k = 0; k < f.p; k++) {
			w = fold_worker(&f, k);
			analytic_round_flow(&rd, w, fold_worker(&f, k ^ (1 << i)),
			    s->M);
		}
		analytic_round_time(&rd);
	}
	fold_round(&rd, &f, s->M, 1);
	analytic_round_time(&rd);
	a->latency_s = rounds * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	bw = a->communication_s - a->latency_s;
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes =
	    (f.lg + (f.r > 0 ? 1 : 0)) * s->M;
	if (f.r > 0)
		snprintf(a->formula, sizeof a->formula, "(lg p + 2)*(alpha + "
		    "M/B), p = %d the largest power of two <= n", f.p);
	else
		snprintf(a->formula, sizeof a->formula, "lg n*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", rounds, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}

/* 2 lg p alpha + 2(p-1)/p M/B, plus 2(alpha + M/B) for the fold when n
 * is not a power of two.  Each round costs its most loaded NIC, switch or
 * uplink (analytic.c); halving round i and its mirror in the all-gather
 * move M/2^(i+1) each way between partners p/2^(i+1) apart. */
void
closed_halving_doubling(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct fold f;
	double core, bw = 0;
	int i, j, k;

	fold_init(&f, s->n);
	core = 2.0 * (f.p - 1) / f.p * s->M;
	analytic_round_init(&rd, s);
	analytic_round_schedule(&rd, s->alpha);
	fold_round(&rd, &f, s->M, 0);
	analytic_round_time(&rd);
	for (j = 0; j < 2 * f.lg; j++) {	/* halving, then doubling */
		i = j < f.lg ? j : 2 * f.lg - 1 - j;
		for (k = 0; k < f.p; k++)
			analytic_round_flow(&rd, fold_worker(&f, k),
			    fold_worker(&f, k ^ (f.p >> (i + 1))),
			    s->M / (2 << i));
		analytic_round_time(&rd);
	}
	fold_round(&rd, &f, s->M, 1);
	analytic_round_time(&rd);
	a->latency_s = (2 * f.lg + (f.r > 0 ? 2 : 0)) * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	bw = a->communication_s - a->latency_s;
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes = core +
	    (f.r > 0 ? s->M : 0);
	if (f.r > 0)
		snprintf(a->formula, sizeof a->formula, "2(lg p + 1)*alpha + "
		    "2(p-1)/p * M/B + 2M/B, p = %d the largest power of two "
		    "<= n", f.p);
	else
		snprintf(a->formula, sizeof a->formula,
		    "2 lg n*alpha + 2(n-1)/n * M/B");
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s + %.6g s of "
	    "transfers (%.6g B at %.6g B/s, unless a switch or uplink binds) "
	    "= %.6g s", a->latency_s, bw, core + (f.r > 0 ? 2 * s->M : 0),
	    s->B, a->communication_s);
}

/* 2 ceil(lg n) rounds of alpha + M/B; each round costs its most loaded
 * NIC, switch or uplink (analytic.c), the broadcast mirroring the reduce. */
void
closed_binomial_tree(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct tree t;
	double bw = 0;
	int i;

	tree_init(&t, NULL, s->n);
	analytic_round_init(&rd, s);
	analytic_round_schedule(&rd, s->alpha);
	for (i = 0; i < t.levels; i++) {	/* the reduce */
		tree_round(&rd, &t, i, s->M);
		analytic_round_time(&rd);
	}
	for (i = t.levels - 1; i >= 0; i--) {	/* the broadcast */
		tree_round_down(&rd, &t, i, s->M);
		analytic_round_time(&rd);
	}
	a->latency_s = 2.0 * t.levels * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	bw = a->communication_s - a->latency_s;
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes = t.levels * s->M;
	snprintf(a->formula, sizeof a->formula,
	    "2 ceil(lg n)*(alpha + M/B)");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*%.6g s + %.6g s of "
	    "transfers (%.6g B per round at %.6g B/s, unless a switch or "
	    "uplink binds) = %.6g s", t.levels, s->alpha, bw, s->M, s->B,
	    a->communication_s);
}

/* 2(cols-1) row steps of M/cols and 2(rows-1) column steps of
 * M/(rows cols), each one latency plus its most loaded resource. */
void
closed_2d_ring(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct ring r;
	int rows, cols, i, k, row;
	double trow, tcol;

	grid_shape(s->n, s->grid_rows, &rows, &cols);
	analytic_round_init(&rd, s);
	for (i = 0; i < rows; i++) {	/* one round of the rows' rings */
		r = (struct ring){ i * cols, 1, cols, NULL };
		ring_round(&rd, &r, part_bytes(s->M, cols));
	}
	trow = analytic_round_time(&rd);
	for (i = 0; i < cols; i++) {	/* and of the columns' */
		r = (struct ring){ i, cols, rows, NULL };
		ring_round(&rd, &r, part_bytes(part_bytes(s->M, cols), rows));
	}
	tcol = analytic_round_time(&rd);
	/* every round, each ring going on as its hosts are free */
	analytic_round_schedule(&rd, s->alpha);
	for (k = 0; k < 2 * (cols - 1) + 2 * (rows - 1); k++) {
		/* rows' reduce-scatter, columns' all-reduce, rows'
		 * all-gather */
		row = k < cols - 1 || k >= cols - 1 + 2 * (rows - 1);
		for (i = 0; i < (row ? rows : cols); i++) {
			r = row ? (struct ring){ i * cols, 1, cols, NULL } :
			    (struct ring){ i, cols, rows, NULL };
			ring_round(&rd, &r, row ? part_bytes(s->M, cols) :
			    part_bytes(part_bytes(s->M, cols), rows));
		}
		analytic_round_time(&rd);
	}
	a->latency_s = (2.0 * (cols - 1) + 2.0 * (rows - 1)) * s->alpha;
	a->communication_s = analytic_round_span(&rd);
	analytic_round_release(&rd, a);
	a->worker_sent_bytes = a->worker_received_bytes =
	    2.0 * (cols - 1) / cols * s->M +
	    2.0 * (rows - 1) / rows * s->M / cols;
	snprintf(a->formula, sizeof a->formula, "2(c-1)*(alpha + M/(c*B)) + "
	    "2(r-1)*(alpha + M/(r*c*B)), on a %d x %d grid", rows, cols);
	snprintf(a->evaluated, sizeof a->evaluated, "2*%d*(%.6g s + %.6g s) + "
	    "2*%d*(%.6g s + %.6g s) = %.6g s", cols - 1, s->alpha, trow,
	    rows - 1, s->alpha, tcol, a->communication_s);
}

/* In-group tree rounds at the local latency, 2(h-1) ring steps of M/h
 * among the h leaders at the far one; each round at the pace of its
 * most loaded resource (analytic.c). */
void
closed_hierarchical(const struct shape *s, struct analytic *a)
{
	struct groups g;
	struct round rd;
	struct ring r;
	double local, across, lead;
	int h;

	groups_make(&g, s->n, s->racks > 0 ? s->rack_of : NULL);
	h = g.n;
	analytic_round_init(&rd, s);
	local = local_trees(s, &g, &rd);
	r = (struct ring){ 0, 0, h, g.leaders };
	ring_round(&rd, &r, part_bytes(s->M, h));
	across = 2.0 * (h - 1) * (s->alpha + analytic_round_time(&rd));
	analytic_round_release(&rd, a);
	lead = g.levels * s->M + 2.0 * (h - 1) / h * s->M;
	a->latency_s = 2.0 * g.levels * s->alpha_local + 2.0 * (h - 1) *
	    s->alpha;
	a->communication_s = local + across;
	a->worker_sent_bytes = a->worker_received_bytes = lead;
	snprintf(a->formula, sizeof a->formula, "2 ceil(lg g)*(alpha_local + "
	    "M/B_local) + 2(h-1)*(alpha + M/(h*B)), %d groups of up to %d",
	    h, 1 << g.levels);
	snprintf(a->evaluated, sizeof a->evaluated, "%.6g s in the groups + "
	    "%.6g s across = %.6g s", local, across, a->communication_s);
	groups_release(&g);
}

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
