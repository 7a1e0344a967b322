/* animate.c: psim animate's page (see animate.h).  The graph and its
 * layout are computed here, so that the page only draws: a radial tree
 * around the graph's center (the switch whose farthest node is nearest),
 * hosts on the outer ring in the order the tree reaches them. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "animate.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
#include "timeline.h"
#include "utf8.h"
#include "words.h"
#include "xmalloc.h"

extern const char animate_css[], animate_js[];

/* ---- the graph ---- */

struct build {
	const struct timeline *tl;
	int		 H, ncab;
	int		*cable;		/* [nlinks]: its cable, or -1 */
	int		*uf;		/* hosts, then 2 ends per cable */
	char		*attached;
	int		*enter;		/* [nlinks]: 0 unknown, 1 end 0, 2 end 1 */
};

static int
find(int *uf, int i)
{
	while (uf[i] != i) {
		uf[i] = uf[uf[i]];
		i = uf[i];
	}
	return i;
}

/* Joined, the lower root kept (hosts are the lowest). */
static void
join(struct build *b, int i, int j)
{
	b->attached[i] = b->attached[j] = 1;
	i = find(b->uf, i);
	j = find(b->uf, j);
	b->attached[i] = b->attached[j] = 1;
	if (i < j)
		b->uf[j] = i;
	else if (j < i)
		b->uf[i] = j;
}

/* The length of name without an _UP or _DOWN suffix. */
static size_t
cable_len(const char *name)
{
	size_t n = strlen(name);

	if (n > 3 && strcmp(name + n - 3, "_UP") == 0)
		return n - 3;
	if (n > 5 && strcmp(name + n - 5, "_DOWN") == 0)
		return n - 5;
	return n;
}

/* A link's name as its cable's: the name without _UP or _DOWN. */
struct cable_name {
	const char	*name;
	size_t		 len;		/* the cable's part */
	int		 duplex;	/* it had the suffix */
	int		 link;
};

static int
by_cable_name(const void *a, const void *b)
{
	const struct cable_name *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);

	if (c != 0)
		return c;
	if (x->len != y->len)
		return (x->len > y->len) - (x->len < y->len);
	if (x->duplex != y->duplex)
		return x->duplex - y->duplex;
	return (x->link > y->link) - (x->link < y->link);
}

/* Each link's cable: X_UP and X_DOWN share one, every other link has
 * its own; numbered in the order of their first link (the names sorted,
 * so that a platform of thousands of links pairs them at once). */
static void
cables(struct build *b)
{
	const struct timeline *tl = b->tl;
	struct cable_name *cn = xcalloc((size_t)tl->nlinks + 1, sizeof *cn);
	int *first = xcalloc((size_t)tl->nlinks + 1, sizeof *first);
	int l, i;

	for (l = 0; l < tl->nlinks; l++) {
		cn[l].name = tl->link[l] != NULL ? tl->link[l] : "";
		cn[l].len = cable_len(cn[l].name);
		cn[l].duplex = cn[l].len < strlen(cn[l].name);
		cn[l].link = first[l] = l;
	}
	if (tl->nlinks > 0)
		qsort(cn, (size_t)tl->nlinks, sizeof *cn, by_cable_name);
	for (i = 1; i < tl->nlinks; i++)	/* a pair: the first's cable */
		if (cn[i].duplex && cn[i - 1].duplex && cn[i].len ==
		    cn[i - 1].len && memcmp(cn[i].name, cn[i - 1].name,
		    cn[i].len) == 0)
			first[cn[i].link] = first[cn[i - 1].link];
	b->cable = xcalloc((size_t)tl->nlinks + 1, sizeof *b->cable);
	for (l = 0; l < tl->nlinks; l++)
		b->cable[l] = first[l] == l ? b->ncab++ : b->cable[first[l]];
	free(cn);
	free(first);
}

/* Walk route r, joining each link's entry end to where it comes from. */
static void
walk(struct build *b, const struct tl_route *r)
{
	int cur = r->src, i, l, e0, e1, at, in;

	if (r->src < 0 || r->src >= b->H || r->dst < 0 || r->dst >= b->H)
		return;
	for (i = 0; i < r->n; i++) {
		l = r->links[i];
		if (l < 0 || l >= b->tl->nlinks)
			return;
		e0 = b->H + 2 * b->cable[l];
		e1 = e0 + 1;
		at = find(b->uf, cur);
		if (find(b->uf, e0) == at)
			in = e0;
		else if (find(b->uf, e1) == at)
			in = e1;
		else {	/* a new junction: the end this link entered before,
			   else a free one */
			in = b->enter[l] == 2 ? e1 : b->enter[l] == 1 ? e0 :
			    !b->attached[e0] ? e0 : !b->attached[e1] ? e1 : e0;
			join(b, in, cur);
		}
		if (b->enter[l] == 0)
			b->enter[l] = in == e0 ? 1 : 2;
		cur = in == e0 ? e1 : e0;
	}
	join(b, cur, r->dst);
}

/* Nodes: hosts first, then each switch (a set of joined ends with no
 * host) in the order of its lowest end; node[] maps a root to its node. */
static int *
nodes(struct build *b, struct anim_graph *g)
{
	int n = b->H + 2 * b->ncab, *node = xcalloc((size_t)n, sizeof *node);
	int i, r;

	for (i = 0; i < n; i++)
		node[i] = -1;
	for (i = 0; i < b->H; i++)
		node[i] = i;
	g->nnodes = b->H;
	for (i = b->H; i < n; i++) {
		r = find(b->uf, i);
		if (b->attached[i] && node[r] < 0)
			node[r] = g->nnodes++;
	}
	return node;
}

/* Cables as edges (those some route used), links as their lanes. */
static void
edges(struct build *b, struct anim_graph *g, const int *node)
{
	int *edge_of_cable = xcalloc((size_t)b->ncab + 1, sizeof *edge_of_cable);
	int c, l, e0;

	g->ea = xcalloc((size_t)b->ncab + 1, sizeof *g->ea);
	g->eb = xcalloc((size_t)b->ncab + 1, sizeof *g->eb);
	for (c = 0; c < b->ncab; c++)
		edge_of_cable[c] = -1;
	for (l = 0; l < g->nlinks; l++) {
		g->edge_of[l] = -1;
		if (b->enter[l] == 0)
			continue;
		c = b->cable[l];
		e0 = b->H + 2 * c;
		if (edge_of_cable[c] < 0) {
			edge_of_cable[c] = g->nedges;
			g->ea[g->nedges] = node[find(b->uf, e0)];
			g->eb[g->nedges] = node[find(b->uf, e0 + 1)];
			g->nedges++;
		}
		g->edge_of[l] = edge_of_cable[c];
		g->dir[l] = b->enter[l] == 1 ? 1 : -1;
	}
	free(edge_of_cable);
}

/* The breadth-first order from s over the edges (adjacency adj/off),
 * depth and parent of each node (-1 unreached); returns the greatest
 * depth. */
static int
bfs(const struct anim_graph *g, const int *adj, const int *off, int s,
    int *order, int *depth, int *parent, int *nreached)
{
	int head = 0, tail = 0, v, k, w, far = 0;

	for (v = 0; v < g->nnodes; v++)
		depth[v] = parent[v] = -1;
	depth[s] = 0;
	order[tail++] = s;
	while (head < tail) {
		v = order[head++];
		for (k = off[v]; k < off[v + 1]; k++) {
			w = adj[k];
			if (depth[w] >= 0)
				continue;
			depth[w] = depth[v] + 1;
			parent[w] = v;
			far = depth[w] > far ? depth[w] : far;
			order[tail++] = w;
		}
	}
	*nreached = tail;
	return far;
}

/* The adjacency of g's edges (no self-loops), in edge order. */
static void
adjacency(const struct anim_graph *g, int **adj, int **off)
{
	int e, v, *fill;

	*off = xcalloc((size_t)g->nnodes + 1, sizeof **off);
	*adj = xcalloc((size_t)2 * g->nedges + 1, sizeof **adj);
	fill = xcalloc((size_t)g->nnodes + 1, sizeof *fill);
	for (e = 0; e < g->nedges; e++)
		if (g->ea[e] != g->eb[e]) {
			(*off)[g->ea[e] + 1]++;
			(*off)[g->eb[e] + 1]++;
		}
	for (v = 0; v < g->nnodes; v++)
		(*off)[v + 1] += (*off)[v];
	for (e = 0; e < g->nedges; e++)
		if (g->ea[e] != g->eb[e]) {
			(*adj)[(*off)[g->ea[e]] + fill[g->ea[e]]++] = g->eb[e];
			(*adj)[(*off)[g->eb[e]] + fill[g->eb[e]]++] = g->ea[e];
		}
	free(fill);
}

/* The center: the switch (or, with none, the node 0) whose farthest node
 * is nearest, the most reached first, then the lowest. */
static int
center(const struct anim_graph *g, const int *adj, const int *off,
    int *order, int *depth, int *parent)
{
	int v, far, reached, best = 0, best_far = -1, best_reached = 0;

	if (g->nnodes == g->nhosts)
		return 0;
	for (v = g->nhosts; v < g->nnodes; v++) {
		far = bfs(g, adj, off, v, order, depth, parent, &reached);
		if (best_far < 0 || reached > best_reached ||
		    (reached == best_reached && far < best_far)) {
			best = v;
			best_far = far;
			best_reached = reached;
		}
	}
	return best;
}

/* Each node's lowest host in its subtree (INT_MAX for none), from the
 * deepest up: the order of children around the circle. */
static int *
lowest_hosts(const struct anim_graph *g, const int *order, const int *parent,
    int reached)
{
	int *low = xcalloc((size_t)g->nnodes + 1, sizeof *low), v, k;

	for (v = 0; v < g->nnodes; v++)
		low[v] = v < g->nhosts ? v : INT_MAX;
	for (k = reached - 1; k > 0; k--) {
		v = order[k];
		if (low[v] < low[parent[v]])
			low[parent[v]] = low[v];
	}
	return low;
}

/* Push v's children on the stack, the lowest host's last (it is
 * taken first). */
static void
push_children(const int *adj, const int *off, const int *parent,
    const int *low, int v, int center, int *stack, int *top)
{
	int k, w, i, j, tmp, first = *top;

	for (k = off[v]; k < off[v + 1]; k++) {
		w = adj[k];
		if (parent[w] == v && w != center)
			stack[(*top)++] = w;
	}
	for (i = first + 1; i < *top; i++)	/* insertion sort, descending */
		for (j = i; j > first && low[stack[j]] > low[stack[j - 1]];
		    j--) {
			tmp = stack[j];
			stack[j] = stack[j - 1];
			stack[j - 1] = tmp;
		}
}

/* Leaves on the unit circle in the tree's depth-first order, the nodes
 * within at their leaves' middle angle and at depth / far of the radius;
 * nodes the tree does not reach go on the circle after the leaves. */
static void
layout(struct anim_graph *g)
{
	int n = g->nnodes, *adj, *off, *order, *depth, *parent, *stack;
	int *first, *last, *low, far, reached, nleaf = 0, top = 0, v, k, w;
	int was;
	double a0, a1;

	adjacency(g, &adj, &off);
	order = xcalloc((size_t)n, sizeof *order);
	depth = xcalloc((size_t)n, sizeof *depth);
	parent = xcalloc((size_t)n, sizeof *parent);
	stack = xcalloc((size_t)n + 1, sizeof *stack);
	first = xcalloc((size_t)n, sizeof *first);
	last = xcalloc((size_t)n, sizeof *last);
	g->center = center(g, adj, off, order, depth, parent);
	far = bfs(g, adj, off, g->center, order, depth, parent, &reached);
	low = lowest_hosts(g, order, parent, reached);
	/* depth-first, children by their lowest host: leaf numbers */
	stack[top++] = g->center;
	while (top > 0) {
		v = stack[--top];
		was = top;
		push_children(adj, off, parent, low, v, g->center, stack, &top);
		first[v] = last[v] = top > was ? -1 : nleaf++;
	}
	for (v = 0; v < n; v++)
		if (depth[v] < 0)
			first[v] = last[v] = nleaf++;
	/* a node's leaves, from the deepest up */
	for (k = reached - 1; k > 0; k--) {
		v = order[k];
		w = parent[v];
		if (first[w] < 0 || first[v] < first[w])
			first[w] = first[v];
		if (last[w] < 0 || last[v] > last[w])
			last[w] = last[v];
	}
	for (v = 0; v < n; v++) {
		double r = depth[v] < 0 || first[v] == last[v] ? 1 :
		    far > 0 ? (double)depth[v] / far : 0;

		a0 = -M_PI / 2 + 2 * M_PI * first[v] / (nleaf > 0 ? nleaf : 1);
		a1 = -M_PI / 2 + 2 * M_PI * last[v] / (nleaf > 0 ? nleaf : 1);
		if (v == g->center && depth[v] == 0)
			r = nleaf == 1 && first[v] == last[v] ? 1 : 0;
		g->x[v] = r * cos((a0 + a1) / 2);
		g->y[v] = r * sin((a0 + a1) / 2);
	}
	free(adj), free(off), free(order), free(depth), free(parent);
	free(stack), free(first), free(last), free(low);
}

struct anim_graph *
anim_graph_of(const struct timeline *tl)
{
	struct anim_graph *g = xcalloc(1, sizeof *g);
	struct build b = { .tl = tl, .H = tl->nhosts };
	size_t r;
	int *node, n;

	cables(&b);
	n = b.H + 2 * b.ncab;
	b.uf = xcalloc((size_t)n + 1, sizeof *b.uf);
	b.attached = xcalloc((size_t)n + 1, 1);
	b.enter = xcalloc((size_t)tl->nlinks + 1, sizeof *b.enter);
	for (r = 0; r < (size_t)n; r++)
		b.uf[r] = (int)r;
	for (r = 0; r < tl->nroute; r++)
		walk(&b, &tl->route[r]);
	g->nhosts = tl->nhosts;
	g->nlinks = tl->nlinks;
	g->edge_of = xcalloc((size_t)tl->nlinks + 1, sizeof *g->edge_of);
	g->dir = xcalloc((size_t)tl->nlinks + 1, sizeof *g->dir);
	node = nodes(&b, g);
	edges(&b, g, node);
	g->x = xcalloc((size_t)g->nnodes + 1, sizeof *g->x);
	g->y = xcalloc((size_t)g->nnodes + 1, sizeof *g->y);
	layout(g);
	free(node);
	free(b.cable), free(b.uf), free(b.attached), free(b.enter);
	return g;
}

void
anim_graph_free(struct anim_graph *g)
{
	if (g == NULL)
		return;
	free(g->x), free(g->y), free(g->ea), free(g->eb);
	free(g->edge_of), free(g->dir);
	free(g);
}

/* ---- one panel ---- */

/* A number in the page, as it round-trips (a link's bytes are the
 * integral of its rate steps, and times of fast links are short). */
static void
num(FILE *f, double v)
{
	report_json_digits(f, v, 17);
}

/* Each link's rate steps, times from the window's start. */
struct series {
	int		 n, cap;
	double		*t, *v;		/* s, Gbps */
};

struct collect {
	struct series	*s;
	double		 t0, span;
	long		 points;
};

/* A rate step, clipped to the window: a message in flight at its start
 * carries from 0 on, and what comes after its end is not played. */
static void
collect(void *ctx, int l, double t_s, double Bps)
{
	struct collect *c = ctx;
	struct series *s = &c->s[l];
	double t = fmax(0, t_s - c->t0);

	if (t > c->span)
		return;
	if (s->n > 0 && s->t[s->n - 1] == t) {	/* the newer rate */
		s->v[s->n - 1] = Bps * 8 / 1e9;
		return;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->t = xreallocarray(s->t, (size_t)s->cap, sizeof *s->t);
		s->v = xreallocarray(s->v, (size_t)s->cap, sizeof *s->v);
	}
	s->t[s->n] = t;
	s->v[s->n] = Bps * 8 / 1e9;
	s->n++;
	c->points++;
}

/* s averaged over bins of width w from 0 (its integral kept), as steps
 * where the average changes. */
static void
bin(struct series *s, double w, double span)
{
	int nb = (int)ceil(span / w), i, b, k = 0;
	double *avg = xcalloc((size_t)nb + 1, sizeof *avg), a, z, end;

	for (i = 0; i < s->n; i++) {
		end = i + 1 < s->n ? s->t[i + 1] : span;
		for (a = s->t[i]; a < end && s->v[i] != 0; a = z) {
			b = (int)floor(a / w);
			b = b < 0 ? 0 : b >= nb ? nb - 1 : b;
			z = fmin(end, (b + 1) * w);
			if (z <= a)	/* rounding at a bin's edge */
				z = end;
			avg[b] += s->v[i] * (z - a) / w;
		}
	}
	free(s->t);
	s->t = xcalloc((size_t)nb + 1, sizeof *s->t);
	for (b = 0; b < nb; b++)
		if (k == 0 || avg[b] != avg[k - 1]) {
			s->t[k] = b * w;
			avg[k++] = avg[b];
		}
	free(s->v);
	s->v = avg;
	s->n = s->cap = k;
}

void
animate_window(const struct timeline *tl, double *t0, double *t1)
{
	size_t i;

	if (tl->by_time) {
		*t0 = tl->win0_s;
		*t1 = tl->win1_s;
		return;
	}
	*t0 = INFINITY;
	*t1 = -INFINITY;
	for (i = 0; i < tl->nev; i++) {
		if (tl->ev[i].step < 0)
			continue;
		*t0 = fmin(*t0, tl->ev[i].t0_s);
		*t1 = fmax(*t1, tl->ev[i].t1_s);
	}
	if (!(*t0 <= *t1))
		*t0 = *t1 = 0;
}

static void
put_rates(FILE *f, struct timeline *tl, double t0, double span, long points)
{
	struct collect c = { xcalloc((size_t)tl->nlinks + 1, sizeof *c.s), t0,
	    span, 0 };
	double w = 0;
	int l, k, busy = 0;

	timeline_rates(tl, collect, &c);
	for (l = 0; l < tl->nlinks; l++)
		busy += c.s[l].n > 0;
	if (c.points > points && span > 0) {
		w = span / (double)(points / busy > 1 ? points / busy : 1);
		for (l = 0; l < tl->nlinks; l++)
			if (c.s[l].n > 0)
				bin(&c.s[l], w, span);
	}
	fputs(",\n\"rates_bin_s\":", f);
	num(f, w);
	fputs(",\n\"rates\":[", f);
	for (l = 0; l < tl->nlinks; l++) {
		fputs(l ? ",\n[" : "\n[", f);
		for (k = 0; k < c.s[l].n; k++) {
			fputs(k ? "," : "", f);
			num(f, c.s[l].t[k]);
			fputc(',', f);
			num(f, c.s[l].v[k]);
		}
		fputc(']', f);
		free(c.s[l].t);
		free(c.s[l].v);
	}
	fputs("]", f);
	free(c.s);
}

/* The nodes, cables and links (lanes) of the graph. */
static void
put_graph(FILE *f, const struct timeline *tl, const struct anim_graph *g)
{
	int v, e, l;

	fputs(",\n\"nodes\":[", f);
	for (v = 0; v < g->nnodes; v++) {
		fprintf(f, "%s\n[%.4f,%.4f,", v ? "," : "", g->x[v], g->y[v]);
		if (v < g->nhosts) {
			utf8_json_string(f, tl->host[v] ? tl->host[v] : "?");
			fputc(',', f);
			utf8_json_string(f, v < tl->nlabels && tl->label[v] ?
			    tl->label[v] : "");
		} else
			fputs("\"\",\"switch\"", f);
		fputc(']', f);
	}
	fprintf(f, "],\n\"center\":%d,\n\"edges\":[", g->center);
	for (e = 0; e < g->nedges; e++)
		fprintf(f, "%s[%d,%d]", e ? "," : "", g->ea[e], g->eb[e]);
	fputs("],\n\"links\":[", f);
	for (l = 0; l < tl->nlinks; l++) {
		fputs(l ? ",\n[" : "\n[", f);
		utf8_json_string(f, tl->link[l] ? tl->link[l] : "?");
		fputc(',', f);
		num(f, tl->link_Bps[l] * 8 / 1e9);
		fprintf(f, ",%d,%d]", g->edge_of[l], g->dir[l]);
	}
	fputs("]", f);
}

/* The routes as links in order (hosts at their ends). */
static void
put_routes(FILE *f, const struct timeline *tl)
{
	size_t r;
	int i;

	fputs(",\n\"routes\":[", f);
	for (r = 0; r < tl->nroute; r++) {
		fprintf(f, "%s[%d,%d", r ? ",\n" : "\n", tl->route[r].src,
		    tl->route[r].dst);
		for (i = 0; i < tl->route[r].n; i++)
			fprintf(f, ",%d", tl->route[r].links[i]);
		fputc(']', f);
	}
	fputs("]", f);
}

/* A message's kind as the page colours it. */
static int
kind_of(const struct tl_event *e)
{
	static const char *const phase[] = { "push", "pull", "checkpoint",
	    "restore" };
	int k;

	for (k = 0; e->phase != NULL && k < 4; k++)
		if (strcmp(e->phase, phase[k]) == 0)
			return k + 1;
	return 0;	/* all-reduce's */
}

/* Whether e is a message over links within the window. */
static int
travels(const struct tl_event *e, double t0, double t1)
{
	return e->kind == TL_COMM && e->route >= 0 && e->t1_s > t0 &&
	    e->t0_s < t1;
}

/* The messages that travel (one in every, in the order received), the
 * compute spans and the instants (faults, checkpoints). */
static void
put_events(FILE *f, const struct timeline *tl, double t0, double t1,
    long marks)
{
	long travel = 0, every, i = 0;
	size_t k;
	const struct tl_event *e;

	for (k = 0; k < tl->nev; k++)
		travel += travels(&tl->ev[k], t0, t1);
	every = marks > 0 && travel > marks ? (travel + marks - 1) / marks : 1;
	fprintf(f, ",\n\"messages\":%ld,\n\"every\":%ld,\n\"marks\":[",
	    travel, every);
	for (k = 0; k < tl->nev; k++) {
		e = &tl->ev[k];
		if (!travels(e, t0, t1) || i++ % every != 0)
			continue;
		fputs(i > 1 ? ",\n" : "\n", f);
		num(f, e->t0_s - t0);
		fputc(',', f);
		num(f, e->t1_s - t0);
		fprintf(f, ",%d,%d", e->route, kind_of(e));
	}
	fputs("],\n\"compute\":[", f);
	for (i = 0, k = 0; k < tl->nev; k++) {
		e = &tl->ev[k];
		if (e->kind != TL_COMPUTE)
			continue;
		fprintf(f, "%s%d,", i++ ? "," : "", e->pid);
		num(f, e->t0_s - t0);
		fputc(',', f);
		num(f, e->t1_s - t0);
	}
	fputs("],\n\"instants\":[", f);
	for (i = 0, k = 0; k < tl->nev; k++) {
		e = &tl->ev[k];
		if (e->kind != TL_INSTANT || strcmp(e->name, "apply") == 0 ||
		    e->t0_s < t0 || e->t0_s > t1)
			continue;
		fprintf(f, "%s%d,", i++ ? ",\n" : "\n", e->pid);
		num(f, e->t0_s - t0);
		fputc(',', f);
		utf8_json_string(f, e->name);
	}
	fputs("]", f);
}

/* Whether instant e takes its host down (1), brings it back (-1), or
 * neither (0). */
static int
downs(const struct tl_event *e)
{
	if (e->kind != TL_INSTANT)
		return 0;
	if (strcmp(e->name, "preemption") == 0 ||
	    strcmp(e->name, "server-failure") == 0)
		return 1;
	return strcmp(e->name, "return") == 0 ? -1 : 0;
}

/* Host h's span down from since to until, if it overlaps the window
 * [t0, t1]: clipped to it, times from its start; i counts them. */
static void
put_span_down(FILE *f, int h, double since, double until, double t0,
    double t1, int *i)
{
	if (until < t0 || since > t1)
		return;
	fprintf(f, "%s%d,", (*i)++ ? "," : "", h);
	num(f, fmax(since, t0) - t0);
	fputc(',', f);
	num(f, fmin(until, t1) - t0);
}

/* Each host's spans down (from a preemption or a server's failure to
 * its return, or on past the window) that overlap the window:
 * "down":[host, from, to, ...]. */
static void
put_down(FILE *f, const struct timeline *tl, double t0, double t1)
{
	double *since = xcalloc((size_t)tl->nhosts + 1, sizeof *since);
	const struct tl_event *e;
	size_t k;
	int h, i = 0, d;

	for (h = 0; h < tl->nhosts; h++)
		since[h] = -1;
	fputs(",\n\"down\":[", f);
	for (k = 0; k < tl->nev; k++) {
		e = &tl->ev[k];
		if ((d = downs(e)) == 0 || e->pid < 0 || e->pid >= tl->nhosts)
			continue;
		h = e->pid;
		if (d > 0 && since[h] < 0)
			since[h] = e->t0_s;
		else if (d < 0 && since[h] >= 0) {
			put_span_down(f, h, since[h], e->t0_s, t0, t1, &i);
			since[h] = -1;
		}
	}
	for (h = 0; h < tl->nhosts; h++)
		if (since[h] >= 0)
			put_span_down(f, h, since[h], t1, t0, t1, &i);
	fputs("]", f);
	free(since);
}

/* The bottleneck link's demand against its capacity, as the badge
 * says it: "demand":{"who", "gb" a step, "gbps" it has, "s" it takes,
 * "compute_s", "need_gbps" to move it in the compute's time}, or
 * null. */
static void
put_demand(FILE *f, const struct results *r)
{
	const struct link_result *top;
	char role[64] = "";
	double bytes;

	if (r->bottleneck.link < 0 || r->bottleneck.link >= r->nlinks ||
	    r->steps < 1 || !(r->links[r->bottleneck.link].bandwidth_Bps > 0)) {
		fputs(",\n\"demand\":null", f);
		return;
	}
	top = &r->links[r->bottleneck.link];
	bytes = top->bytes / r->steps;
	if (top->host >= 0)
		report_role(&r->hosts[top->host], role, sizeof role);
	fputs(",\n\"demand\":{\"who\":", f);
	utf8_json_string(f, top->host >= 0 ? role : top->name);
	fprintf(f, ",\"up\":%d,\"gb\":", top->host >= 0 ? top->up : -1);
	num(f, bytes / 1e9);
	fputs(",\"gbps\":", f);
	num(f, top->bandwidth_Bps * 8 / 1e9);
	fputs(",\"s\":", f);
	num(f, bytes / top->bandwidth_Bps);
	fputs(",\"compute_s\":", f);
	num(f, r->compute_s);
	fputs(",\"need_gbps\":", f);
	num(f, analytic_gbps(bytes, r->compute_s));
	fputc('}', f);
}

int
animate_faults(const struct timeline *tl)
{
	size_t i;
	int n = 0;

	for (i = 0; i < tl->nev; i++)
		n += downs(&tl->ev[i]) > 0;
	return n;
}

int
animate_fault_window(const struct timeline *tl, int k, double before_s,
    double after_s, double end_s, double *t0, double *t1)
{
	const struct tl_event *f = NULL;
	size_t i;
	double back = end_s;

	for (i = 0; i < tl->nev && f == NULL; i++)
		if (downs(&tl->ev[i]) > 0 && --k == 0)
			f = &tl->ev[i];
	if (f == NULL)
		return -1;
	for (; i < tl->nev; i++)
		if (tl->ev[i].pid == f->pid && downs(&tl->ev[i]) < 0) {
			back = tl->ev[i].t0_s;
			break;
		}
	*t0 = fmax(0, f->t0_s - before_s);
	*t1 = fmax(*t0, fmin(end_s, back + after_s));
	return 0;
}

/* The scenario, its steps, step time and bottleneck. */
static void
put_head(FILE *f, const struct scenario *sc, const struct results *r,
    const struct timeline *tl, double span)
{
	char resource[256], why[512];

	report_bottleneck(r, resource, sizeof resource, why, sizeof why);
	fputs("{\"name\":", f);
	utf8_json_string(f, sc->name);
	fputs(",\n\"description\":", f);
	utf8_json_string(f, sc->description ? sc->description : "");
	fprintf(f, ",\n\"steps\":[%d,%d],\n\"run_steps\":%d,\n\"span_s\":",
	    tl->lo, tl->hi, r->steps);
	num(f, span);
	fputs(",\n\"step_s\":", f);
	num(f, r->step_mean_s);
	fputs(",\n\"analytic_step_s\":", f);
	num(f, r->analytic.step_time_s);
	fputs(",\n\"bottleneck\":", f);
	utf8_json_string(f, report_bottleneck_kind(r->bottleneck.kind));
	fputs(",\n\"resource\":", f);
	utf8_json_string(f, resource);
	fputs(",\n\"why\":", f);
	utf8_json_string(f, why);
	fputs(",\n\"bottleneck_link\":", f);
	if (r->bottleneck.link >= 0 && r->bottleneck.link < r->nlinks)
		utf8_json_string(f, r->links[r->bottleneck.link].name);
	else
		fputs("null", f);
	put_demand(f, r);
}

/* The instants at which a worker's exchange ended, in order, from the
 * window's start, and the steps done after each: a step's exchanges
 * each count one over their number in the window, so that a step is
 * one whether n workers ended it or an elastic ring's fewer (an
 * asynchronous PS's steps, each worker's own, as its goodput counts
 * them). */
struct xch {
	double		 t, w;	/* an exchange's end, its share of a step */
	int		 step;
};

static int
xch_cmp(const void *a, const void *b)
{
	const struct xch *x = a, *y = b;

	return x->t != y->t ? (x->t > y->t) - (x->t < y->t) :
	    (x->w > y->w) - (x->w < y->w);
}

static void
put_exchanges(FILE *f, const struct timeline *tl, double t0, double t1)
{
	const struct tl_event *e;
	struct xch *x = xcalloc(tl->nev + 1, sizeof *x);
	size_t k, n = 0;
	int *per, top = 0;
	double done = 0;

	/* the workers' waits ending in the window; each step's weigh one
	 * over their number: a step of an elastic ring that lost a worker
	 * is a whole step too */
	for (k = 0; k < tl->nev; k++) {
		e = &tl->ev[k];
		if (e->kind != TL_WAIT || e->step < 0 || e->t1_s < t0 ||
		    e->t1_s > t1)
			continue;
		x[n].t = e->t1_s - t0;
		x[n++].step = e->step;
		top = e->step > top ? e->step : top;
	}
	per = xcalloc((size_t)top + 1, sizeof *per);
	for (k = 0; k < n; k++)
		per[x[k].step]++;
	for (k = 0; k < n; k++)
		x[k].w = 1.0 / per[x[k].step];
	qsort(x, n, sizeof *x, xch_cmp);
	fputs(",\n\"exchanges\":[", f);
	for (k = 0; k < n; k++) {
		fputs(k ? "," : "", f);
		num(f, x[k].t);
	}
	/* the steps done once each has ended */
	fputs("],\n\"done_after\":[", f);
	for (k = 0; k < n; k++) {
		done += x[k].w;
		fputs(k ? "," : "", f);
		num(f, done);
	}
	fputs("]", f);
	free(per);
	free(x);
}

void
animate_panel(FILE *f, const struct scenario *sc, const struct results *r,
    struct timeline *tl, int fault, long marks, long points)
{
	struct anim_graph *g = anim_graph_of(tl);
	double t0, t1;

	animate_window(tl, &t0, &t1);
	put_head(f, sc, r, tl, t1 - t0);
	fprintf(f, ",\n\"fault\":%d,\n\"workers\":%d,\n\"start_s\":",
	    fault, sc->placement.workers);
	num(f, t0);
	put_graph(f, tl, g);
	put_routes(f, tl);
	put_rates(f, tl, t0, t1 - t0, points);
	put_events(f, tl, t0, t1, marks);
	put_down(f, tl, t0, t1);
	put_exchanges(f, tl, t0, t1);
	fputs("}", f);
	anim_graph_free(g);
}

/* ---- the page ---- */

/* s with every '<' as \u003c: a panel's JSON inside a script element,
 * where "</script>" in a name would end it (outside strings JSON has
 * no '<'). */
static void
put_escaped(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '<')
			fputs("\\u003c", f);
		else
			fputc(*s, f);
	}
}

int
animate_page(FILE *f, const char *const *panels, int n)
{
	int i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "script-src 'unsafe-inline'\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width\">\n"
	    "<meta name=\"generator\" content=\"psim " PACKAGE_VERSION "\">\n"
	    "<title>psim animate</title>\n<style>\n", f);
	fputs(animate_css, f);
	fputs("</style>\n</head>\n<body>\n"
	    "<script id=\"psim-data\" type=\"application/json\">\n[", f);
	for (i = 0; i < n; i++) {
		fputs(i ? ",\n" : "\n", f);
		put_escaped(f, panels[i]);
	}
	fputs("\n]\n</script>\n<script>\n", f);
	fputs(animate_js, f);
	fputs("</script>\n</body>\n</html>\n", f);
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
