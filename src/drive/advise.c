/* advise.c: psim advise's targets, candidates, ranking and answers
 * (advise.h).  Pure: numbers and strings. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "csv.h"
#include "registry.h"
#include "report.h"
#include "units.h"
#include "utf8.h"
#include "xmalloc.h"

static const char *const fig_names[FIG_N] = {
	[FIG_STEP_TIME] = "step_time",
	[FIG_GOODPUT] = "goodput",
	[FIG_EFFICIENCY] = "efficiency",
	[FIG_THROUGHPUT] = "throughput",
	[FIG_COST_1K] = "cost_per_1k_steps",
	[FIG_REQUIRED_GBPS] = "required_gbps",
};

const char *
advise_target_choices(void)
{
	static char buf[512];
	size_t n = 0;
	int i, k;

	if (buf[0] == '\0')
		for (i = 0; i < FIG_N; i++)
			for (k = 0; k < 2; k++)
				n += (size_t)snprintf(buf + n, sizeof buf - n,
				    "%s%s%s", n > 0 ? " " : "", fig_names[i],
				    k ? ">=" : "<=");
	return buf;
}

/* The JSON answer's key of each figure. */
static const char *const fig_keys[FIG_N] = {
	[FIG_STEP_TIME] = "step_time_s",
	[FIG_GOODPUT] = "goodput_steps_per_s",
	[FIG_EFFICIENCY] = "efficiency",
	[FIG_THROUGHPUT] = "throughput_samples_per_s",
	[FIG_COST_1K] = "cost_per_1000_steps",
	[FIG_REQUIRED_GBPS] = "required_gbps",
};

/* What follows a figure's number in the text answer. */
static const char *const fig_units[FIG_N] = {
	[FIG_STEP_TIME] = " s",
	[FIG_GOODPUT] = " steps/s",
	[FIG_EFFICIENCY] = "",
	[FIG_THROUGHPUT] = " samples/s",
	[FIG_COST_1K] = "",
	[FIG_REQUIRED_GBPS] = " Gbps",
};

const char *
advise_fig_name(enum advise_fig f)
{
	return fig_names[f];
}

/* The value of a target on figure f: 0, or -1 with *cause. */
static int
target_value(enum advise_fig f, const char *s, double *v, char **cause)
{
	char *end, *why = NULL;
	size_t n = strlen(s);

	if (f == FIG_STEP_TIME || f == FIG_REQUIRED_GBPS) {
		*v = strtod(s, &end);
		if (end != s && *end == '\0')	/* bare: s, Gbps */
			return isfinite(*v) && *v > 0 ? 0 : -1;
		if (units_parse(s, f == FIG_STEP_TIME ? UNIT_TIME :
		    UNIT_BANDWIDTH, v, &why) != 0) {
			xasprintf(cause, "%s", why);
			free(why);
			return -1;
		}
		if (f == FIG_REQUIRED_GBPS)
			*v = *v * 8 / 1e9;
		return *v > 0 ? 0 : -1;
	}
	*v = strtod(s, &end);
	if (f == FIG_EFFICIENCY && end != s && n > 0 && s[n - 1] == '%' &&
	    end == s + n - 1) {
		*v /= 100;
		end++;
	}
	if (end == s || *end != '\0' || !isfinite(*v) || *v <= 0)
		return -1;
	return 0;
}

int
advise_target_parse(const char *arg, struct advise_target *t, char **cause)
{
	const char *op = strpbrk(arg, "<>=");
	char *why = NULL;
	size_t len;
	int f;

	memset(t, 0, sizeof *t);
	*cause = NULL;
	if (op == NULL || (op[0] != '<' && op[0] != '>') || op[1] != '=') {
		xasprintf(cause, "--target %s: expected FIGURE<=VALUE or "
		    "FIGURE>=VALUE, such as step_time<=3.5s", arg);
		return -1;
	}
	len = (size_t)(op - arg);
	for (f = 0; f < FIG_N; f++) {
		if (strlen(fig_names[f]) == len &&
		    strncmp(arg, fig_names[f], len) == 0)
			break;
	}
	if (f == FIG_N) {
		xasprintf(cause, "--target %s: unknown figure \"%.*s\"; "
		    "expected one of step_time, goodput, efficiency, "
		    "throughput, cost_per_1k_steps, required_gbps", arg,
		    (int)len, arg);
		return -1;
	}
	t->fig = (enum advise_fig)f;
	t->at_most = op[0] == '<';
	if (target_value(t->fig, op + 2, &t->value, &why) != 0) {
		xasprintf(cause, "--target %s: expected a value above 0%s "
		    "after %s, got \"%s\"%s%s", arg, f == FIG_STEP_TIME ?
		    " (such as 3.5s or 200ms)" : f == FIG_REQUIRED_GBPS ?
		    " (such as 25Gbps)" : f == FIG_EFFICIENCY ?
		    " (such as 0.9 or 90%)" : "", t->at_most ? "<=" : ">=",
		    op + 2, why != NULL ? ": " : "", why != NULL ? why : "");
		free(why);
		return -1;
	}
	snprintf(t->text, sizeof t->text, "%s", arg);
	return 0;
}

int
advise_applies(const char *set, const char *name)
{
	const struct strategy_key *k;
	size_t len = strcspn(set, "=.");

	if (strncmp(set, "placement.servers=", 18) == 0)	/* no servers */
		return strcmp(name, "allreduce") != 0;
	if (len != 8 || strncmp(set, "strategy", 8) != 0 || set[8] != '.')
		return 1;
	k = registry_key(set + 9, strcspn(set + 9, "=."));
	return k == NULL || registry_block_takes(name, k);
}

const char *
advise_candidate_make(struct advise_candidate *c, char **sets, int n,
    const char *file_name)
{
	const char *name = file_name, *alg = NULL;
	int k;

	for (k = 0; k < n; k++) {
		if (strncmp(sets[k], "strategy.name=", 14) == 0)
			name = sets[k] + 14;
		else if (strncmp(sets[k], "strategy.algorithm=", 19) == 0)
			alg = sets[k] + 19;
	}
	c->sets = xcalloc((size_t)n + 2, sizeof *c->sets);
	c->pre = xcalloc(2, sizeof *c->pre);
	for (k = 0; k < n; k++) {
		if (advise_applies(sets[k], name))
			c->sets[c->nsets++] = xstrdup(sets[k]);
	}
	if (strcmp(name, file_name) != 0 && strchr(name, '"') == NULL &&
	    strchr(name, '\\') == NULL) {
		xasprintf(&c->pre[c->npre++], "strategy={\"name\": "
		    "\"%s\"}", name);
		if (strcmp(name, "allreduce") == 0 && alg == NULL)
			c->sets[c->nsets++] = xstrdup("strategy.algorithm=ring");
		if (strcmp(name, "allreduce") == 0)
			c->pre[c->npre++] = xstrdup("placement.servers=0");
	}
	return name;
}

int
advise_same(const struct advise_candidate *p, const struct advise_candidate *q)
{
	int k;

	if (p->nsets != q->nsets || p->npre != q->npre)
		return 0;
	for (k = 0; k < p->nsets; k++) {
		if (strcmp(p->sets[k], q->sets[k]) != 0)
			return 0;
	}
	for (k = 0; k < p->npre; k++) {
		if (strcmp(p->pre[k], q->pre[k]) != 0)
			return 0;
	}
	return 1;
}

/* The closed form child's lines: a number each, but the bottleneck. */
int
advise_read_closed(struct advise_candidate *c, const char *text)
{
	static const char *const keys[] = { "step_time_s", "throughput",
	    "goodput", "required_gbps", "compute_s", "worker_bytes",
	    "server_bytes", "nic_gbps", "workers", "servers", "storage",
	    "machines", "batch", "cost", "priced", NULL };
	double v[16];
	const char *p = text;
	char key[64];
	int k, nkeys = 0, seen = 0, used;

	while (keys[nkeys] != NULL)
		nkeys++;
	memset(&c->cf, 0, sizeof c->cf);
	while (*p != '\0') {
		if (sscanf(p, "%63s %n", key, &used) != 1)
			break;
		if (strcmp(key, "bottleneck") == 0)
			snprintf(c->cf.bottleneck, sizeof c->cf.bottleneck,
			    "%.*s", (int)strcspn(p + used, "\n"), p + used);
		for (k = 0; keys[k] != NULL; k++) {
			if (strcmp(key, keys[k]) == 0 &&
			    sscanf(p + used, "%lf", &v[k]) == 1)
				seen |= 1 << k;
		}
		p += strcspn(p, "\n");
		p += *p == '\n';
	}
	if (seen != (1 << nkeys) - 1)
		return -1;
	c->cf.v[FIG_STEP_TIME] = v[0];
	c->cf.v[FIG_THROUGHPUT] = v[1];
	c->cf.v[FIG_GOODPUT] = v[2];
	c->cf.v[FIG_REQUIRED_GBPS] = v[3];
	c->cf.compute_s = v[4];
	c->cf.worker_bytes = v[5];
	c->cf.server_bytes = v[6];
	c->nic_gbps = v[7];
	c->workers = (int)v[8];
	c->servers = (int)v[9];
	c->storage = (int)v[10];
	c->machines = (int)v[11];
	c->batch = v[12];
	c->cost = v[13];
	c->priced = v[14] != 0;
	c->cf.present = 1;
	advise_derive(c, &c->cf);
	return 0;
}

/* Column name of a CSV report, its _mean when that has a number. */
static int
csv_number(const char *csv, const char *name, double *v)
{
	char col[128], *s;
	int ok;

	snprintf(col, sizeof col, "%s_mean", name);
	if ((s = csv_field(csv, col)) == NULL || s[0] == '\0') {
		free(s);
		s = csv_field(csv, name);
	}
	ok = s != NULL && s[0] != '\0' && sscanf(s, "%lf", v) == 1;
	free(s);
	return ok ? 0 : -1;
}

int
advise_read_simulated(struct advise_candidate *c, const char *csv)
{
	struct advise_figures *f = &c->sim;
	double ws, wr, sg, sr, wg;
	char *kind, *res;
	int bad = 0;

	memset(f, 0, sizeof *f);
	bad |= csv_number(csv, "step_time_mean_s", &f->v[FIG_STEP_TIME]);
	bad |= csv_number(csv, "throughput_samples_per_s",
	    &f->v[FIG_THROUGHPUT]);
	bad |= csv_number(csv, "goodput_steps_per_s", &f->v[FIG_GOODPUT]);
	bad |= csv_number(csv, "worker_required_gbps", &wg);
	bad |= csv_number(csv, "worker_bytes_sent_per_step", &ws);
	bad |= csv_number(csv, "worker_bytes_received_per_step", &wr);
	if (bad)
		return -1;
	if (csv_number(csv, "server_required_gbps", &sg) != 0)
		sg = 0;
	if (csv_number(csv, "server_bytes_received_per_step", &sr) != 0)
		sr = 0;
	f->v[FIG_REQUIRED_GBPS] = wg > sg ? wg : sg;
	f->worker_bytes = ws > wr ? ws : wr;
	f->server_bytes = sr;
	f->compute_s = c->cf.compute_s;
	kind = csv_field(csv, "bottleneck_kind");
	res = csv_field(csv, "bottleneck_resource");
	snprintf(f->bottleneck, sizeof f->bottleneck, "%s: %s",
	    kind != NULL ? kind : "", res != NULL ? res : "");
	free(kind);
	free(res);
	f->present = 1;
	advise_derive(c, f);
	return 0;
}

void
advise_derive(const struct advise_candidate *c, struct advise_figures *f)
{
	double one = f->compute_s > 0 ? c->batch / f->compute_s : 0;
	double g = f->v[FIG_GOODPUT];

	f->v[FIG_EFFICIENCY] = one > 0 && c->workers > 0 ?
	    f->v[FIG_THROUGHPUT] / (c->workers * one) : NAN;
	f->v[FIG_COST_1K] = g > 0 ? c->cost * 1000 / g / 3600 : INFINITY;
}

int
advise_meets_one(const struct advise_target *t,
    const struct advise_figures *f, double slack)
{
	double v = f->v[t->fig];

	if (isnan(v))
		return 0;
	return t->at_most ? v <= t->value * (1 + slack) :
	    v >= t->value * (1 - slack);
}

int
advise_fails(const struct advise *a, const struct advise_figures *f,
    double slack)
{
	int i;

	for (i = 0; i < a->nt; i++) {
		if (!advise_meets_one(&a->t[i], f, slack))
			return i;
	}
	return -1;
}

/* The step time target t allows candidate c, or -1 if it is not one
 * about time. */
static double
step_budget(const struct advise_target *t, const struct advise_candidate *c,
    const struct advise_figures *f)
{
	switch (t->fig) {
	case FIG_STEP_TIME:
		return t->value;
	case FIG_GOODPUT:
		return 1 / t->value;
	case FIG_EFFICIENCY:
		return f->compute_s / t->value;
	case FIG_THROUGHPUT:
		return c->workers * c->batch / t->value;
	case FIG_COST_1K:
		return c->cost > 0 ? 3600 * t->value / (c->cost * 1000) : -1;
	default:
		return -1;
	}
}

void
advise_why(const struct advise *a, const struct advise_candidate *c,
    const struct advise_figures *f, int i, char *buf, size_t len)
{
	const struct advise_target *t = &a->t[i];
	double T = step_budget(t, c, f), bytes, need;
	int server = f->server_bytes > f->worker_bytes;
	char b[32];
	size_t n;

	n = (size_t)snprintf(buf, len, "%s %.4g%s %s %.4g%s",
	    fig_names[t->fig], f->v[t->fig], fig_units[t->fig],
	    t->at_most ? ">" : "<", t->value, fig_units[t->fig]);
	if (n >= len)
		return;
	bytes = server ? f->server_bytes : f->worker_bytes;
	units_fmt_bytes(bytes, b, sizeof b);
	if (t->fig == FIG_REQUIRED_GBPS) {
		snprintf(buf + n, len - n, ": each %s's NIC moves %s a step, "
		    "in %.4g s of compute", server ? "server" : "worker", b,
		    f->compute_s);
		return;
	}
	if (T < 0)
		return;
	if (T <= f->compute_s) {
		snprintf(buf + n, len - n, ": a step is %.4g s at most, and "
		    "compute alone takes %.4g s", T, f->compute_s);
		return;
	}
	/* the communication is bandwidth: a NIC that many times faster
	   would fit it in the time the target leaves after compute */
	need = c->nic_gbps * (f->v[FIG_STEP_TIME] - f->compute_s) /
	    (T - f->compute_s);
	if (f->v[FIG_STEP_TIME] > T * (1 + 1e-9) && f->bottleneck[0] != '\0' &&
	    strstr(f->bottleneck, "NIC") == NULL)
		snprintf(buf + n, len - n, ": what paces it (%s) would need to "
		    "be %.3g times as fast to finish a step in %.4g s",
		    f->bottleneck, need / c->nic_gbps, T);
	else if (f->v[FIG_STEP_TIME] > T * (1 + 1e-9))
		snprintf(buf + n, len - n, ": each %s's NIC would need %.3g "
		    "Gbps (it has %.3g) to finish a step in %.4g s; it moves %s "
		    "a step", server ? "server" : "worker", need, c->nic_gbps,
		    T, b);
	else
		snprintf(buf + n, len - n, " (the step time would do: %.4g s "
		    "of %.4g)", f->v[FIG_STEP_TIME], T);
}

/* How far f is from meeting every target: its worst ratio of figure to
 * bound (bound to figure for a floor); 1 or less meets. */
static double
shortfall(const struct advise *a, const struct advise_figures *f)
{
	double worst = 0, v, r;
	int i;

	for (i = 0; i < a->nt; i++) {
		v = f->v[a->t[i].fig];
		r = isnan(v) ? INFINITY : a->t[i].at_most ? v / a->t[i].value :
		    v > 0 ? a->t[i].value / v : INFINITY;
		if (r > worst)
			worst = r;
	}
	return worst;
}

static const struct advise *sort_a;

/* Cheapest first, then the faster closed form, then grid order;
 * candidates that cannot be built last. */
static int
rank_cmp(const void *x, const void *y)
{
	const struct advise_candidate *p = &sort_a->c[*(const int *)x];
	const struct advise_candidate *q = &sort_a->c[*(const int *)y];
	double sp, sq;

	if ((p->error != NULL) != (q->error != NULL))
		return p->error != NULL ? 1 : -1;
	if (p->error == NULL && p->cost != q->cost)
		return p->cost < q->cost ? -1 : 1;
	sp = p->error == NULL ? p->cf.v[FIG_STEP_TIME] : 0;
	sq = q->error == NULL ? q->cf.v[FIG_STEP_TIME] : 0;
	if (sp != sq)
		return sp < sq ? -1 : 1;
	return (p->index > q->index) - (p->index < q->index);
}

/* Mark the probes: the non-promising candidates nearest below the
 * cheapest promising one, or without one the nearest to meeting. */
static void
mark_probes(struct advise *a)
{
	struct advise_candidate *c;
	int i, first = -1, n = 0, k, pick;
	double s, best;

	for (i = 0; i < a->nc && first < 0; i++) {
		if (a->c[a->rank[i]].promising)
			first = i;
	}
	for (i = first - 1; first >= 0 && i >= 0 && n < a->probes; i--) {
		c = &a->c[a->rank[i]];
		if (c->error == NULL && !c->simulate) {
			c->simulate = c->probe = 1;
			n++;
		}
	}
	while (first < 0 && n < a->probes) {
		for (pick = -1, best = INFINITY, i = 0; i < a->nc; i++) {
			k = a->rank[i];
			if (a->c[k].error != NULL || a->c[k].simulate)
				continue;
			s = shortfall(a, &a->c[k].cf);
			if (pick < 0 || s < best) {
				pick = k;
				best = s;
			}
		}
		if (pick < 0)
			break;
		a->c[pick].simulate = a->c[pick].probe = 1;
		n++;
	}
}

void
advise_plan(struct advise *a)
{
	int i, sims = 0;
	struct advise_candidate *c;

	a->rank = xcalloc((size_t)a->nc + 1, sizeof *a->rank);
	a->priced = 1;
	for (i = 0; i < a->nc; i++) {
		a->rank[i] = i;
		if (a->c[i].error == NULL && !a->c[i].priced)
			a->priced = 0;
	}
	sort_a = a;
	qsort(a->rank, (size_t)a->nc, sizeof *a->rank, rank_cmp);
	for (i = 0; i < a->nc; i++) {
		c = &a->c[a->rank[i]];
		if (c->error != NULL)
			continue;
		c->promising = advise_fails(a, &c->cf, ADVISE_SLACK) < 0;
		if (a->all || (c->promising && sims < a->max_sims)) {
			c->simulate = 1;
			sims += c->promising;
		}
	}
	if (!a->all)
		mark_probes(a);
}

static int
best_cmp(const void *x, const void *y)
{
	const struct advise_candidate *p = &sort_a->c[*(const int *)x];
	const struct advise_candidate *q = &sort_a->c[*(const int *)y];

	if (p->cost != q->cost)
		return p->cost < q->cost ? -1 : 1;
	if (p->sim.v[FIG_STEP_TIME] != q->sim.v[FIG_STEP_TIME])
		return p->sim.v[FIG_STEP_TIME] < q->sim.v[FIG_STEP_TIME] ?
		    -1 : 1;
	return (p->index > q->index) - (p->index < q->index);
}

int
advise_best(struct advise *a, int *best)
{
	struct advise_candidate *c;
	int i, n = 0;

	for (i = 0; i < a->nc; i++) {
		c = &a->c[i];
		if (c->error != NULL)
			c->meets = 0;
		else if (c->simulate)
			c->meets = c->sim.present &&
			    advise_fails(a, &c->sim, 0) < 0;
		else
			c->meets = advise_fails(a, &c->cf, 0) < 0;
		if (c->meets && c->simulate)
			best[n++] = i;
	}
	sort_a = a;
	qsort(best, (size_t)n, sizeof *best, best_cmp);
	return n;
}

/* The figures a verdict on c rests on: simulated when run, else the
 * closed form's. */
static const struct advise_figures *
figures_of(const struct advise_candidate *c)
{
	return c->sim.present ? &c->sim : &c->cf;
}

int
advise_closest(const struct advise *a)
{
	double s, best = INFINITY;
	int i, k = -1;

	for (i = 0; i < a->nc; i++) {
		const struct advise_candidate *c = &a->c[a->rank[i]];

		if (c->error != NULL)
			continue;
		s = shortfall(a, figures_of(c));
		if (k < 0 || s < best) {
			best = s;
			k = a->rank[i];
		}
	}
	return k;
}

/* --- the answers -------------------------------------------------------- */

/* A candidate's settings, "PATH=VALUE PATH=VALUE". */
static void
print_settings(FILE *f, const struct advise_candidate *c)
{
	int k;

	for (k = 0; k < c->nsets; k++)
		fprintf(f, "%s%s", k ? " " : "", c->sets[k]);
}

static void
print_cost(FILE *f, const struct advise *a, const struct advise_candidate *c)
{
	if (a->priced)
		fprintf(f, "%.4g an hour, %d machines", c->cost, c->machines);
	else
		fprintf(f, "%d machines", c->machines);
}

/* The figures of c the targets name, and its step time, simulated
 * beside the closed form. */
static void
print_figures(FILE *f, const struct advise *a, const struct advise_candidate *c)
{
	int shown[FIG_N] = { 0 }, i, g;

	fputs("     ", f);
	for (i = -1; i < a->nt; i++) {
		g = i < 0 ? FIG_STEP_TIME : (int)a->t[i].fig;
		if (shown[g]++)
			continue;
		fprintf(f, " %s %.4g%s", fig_names[g], figures_of(c)->v[g],
		    fig_units[g]);
		if (c->sim.present)
			fprintf(f, " (closed form %.4g%s)", c->cf.v[g],
			    fig_units[g]);
		fputc(';', f);
	}
	fprintf(f, " bottleneck %s\n", figures_of(c)->bottleneck);
}

/* Why c fails, by what its verdict rests on. */
static void
print_why(FILE *f, const struct advise *a, const struct advise_candidate *c)
{
	const struct advise_figures *fig = figures_of(c);
	char why[512];
	int i = advise_fails(a, fig, 0);

	if (c->sim_failed) {
		fprintf(f, "      its run failed: %s", c->sim_error);
		return;
	}
	if (i < 0)
		return;
	advise_why(a, c, fig, i, why, sizeof why);
	fprintf(f, "      %s: %s\n", c->sim.present ? "simulated" :
	    "closed form (not simulated)", why);
}

/* The line about how the search went. */
static void
print_search(FILE *f, const struct advise *a)
{
	int i, ok = 0, prom = 0, sims = 0, probes = 0, wrong = 0;

	for (i = 0; i < a->nc; i++) {
		const struct advise_candidate *c = &a->c[i];

		ok += c->error == NULL;
		prom += c->promising;
		sims += c->simulate;
		probes += c->probe;
		wrong += c->probe && c->meets;
	}
	fprintf(f, "  %d candidates", a->nc);
	if (ok < a->nc)
		fprintf(f, " (%d cannot be built)", a->nc - ok);
	fprintf(f, "; %d come within %.0f%% of the targets by the closed "
	    "form; %d simulated (%d it rules out", prom, 100 * ADVISE_SLACK,
	    sims, probes);
	if (wrong > 0)
		fprintf(f, ", %d of which do meet them", wrong);
	fputs(")\n", f);
}

void
advise_text(FILE *f, struct advise *a)
{
	int *best = xcalloc((size_t)a->nc + 1, sizeof *best);
	int n = advise_best(a, best), i, k, next = -1;
	const struct advise_candidate *c;

	fprintf(f, "psim advise: %s:", a->scenario);
	for (i = 0; i < a->nt; i++)
		fprintf(f, " %s", a->t[i].text);
	fputc('\n', f);
	print_search(f, a);
	if (n == 0) {
		if ((k = advise_closest(a)) < 0) {
			free(best);
			return;
		}
		c = &a->c[k];
		fputs("nothing meets it; the closest is ", f);
		print_settings(f, c);
		fputs(" (", f);
		print_cost(f, a, c);
		fputs("):\n", f);
		print_figures(f, a, c);
		print_why(f, a, c);
		free(best);
		return;
	}
	fprintf(f, "\ncheapest that meet every target%s:\n", a->priced ? "" :
	    " (cost: machines, the scenario has no cluster.price_per_hour)");
	for (i = 0; i < n && i < a->nbest; i++) {
		c = &a->c[best[i]];
		fprintf(f, "  %d. ", i + 1);
		print_settings(f, c);
		fputs(" (", f);
		print_cost(f, a, c);
		fputs(")\n", f);
		print_figures(f, a, c);
	}
	/* the next cheaper: the dearest candidate cheaper than the best */
	for (i = 0; i < a->nc; i++) {
		c = &a->c[a->rank[i]];
		if (c->error == NULL && c->cost < a->c[best[0]].cost)
			next = a->rank[i];
	}
	if (next >= 0) {
		c = &a->c[next];
		fputs("\nthe next cheaper fails: ", f);
		print_settings(f, c);
		fputs(" (", f);
		print_cost(f, a, c);
		fputs(")\n", f);
		print_why(f, a, c);
	}
	free(best);
}

/* JSON ------------------------------------------------------------------ */

/* {"PATH": VALUE, ...}: a number when the value is one, else a string. */
static void
json_settings(FILE *f, const struct advise_candidate *c)
{
	const char *eq, *v;
	char *end;
	int k;

	fputc('{', f);
	for (k = 0; k < c->nsets; k++) {
		eq = strchr(c->sets[k], '=');
		v = eq != NULL ? eq + 1 : "";
		fprintf(f, "%s\"%.*s\": ", k ? ", " : "", eq != NULL ?
		    (int)(eq - c->sets[k]) : 0, c->sets[k]);
		(void)strtod(v, &end);
		if (*v != '\0' && *end == '\0' && strspn(v,
		    "0123456789.-+eE") == strlen(v))
			fputs(v, f);
		else
			utf8_json_string(f, v);
	}
	fputc('}', f);
}

/* A set of figures as JSON members, after indent. */
static void
json_figures(FILE *f, const char *indent, const struct advise *a,
    const struct advise_figures *fig)
{
	int g;

	for (g = 0; g < FIG_N; g++) {
		fprintf(f, "%s\"%s\": ", indent, fig_keys[g]);
		report_json_number(f, fig->v[g]);
		fputs(",\n", f);
	}
	fprintf(f, "%s\"bottleneck\": ", indent);
	utf8_json_string(f, fig->bottleneck);
	fprintf(f, ",\n%s\"meets\": %s\n", indent, advise_fails(a, fig, 0) < 0 ?
	    "true" : "false");
}

static void
json_candidate(FILE *f, const struct advise *a, const struct advise_candidate *c,
    const char *in)
{
	const struct advise_figures *fig = figures_of(c);
	char why[512], sub[32];
	int i;

	snprintf(sub, sizeof sub, "%s    ", in);
	fprintf(f, "%s\"settings\": ", in);
	json_settings(f, c);
	fprintf(f, ",\n%s\"error\": ", in);
	if (c->error != NULL) {
		utf8_json_string(f, c->error);
		fprintf(f, "\n");
		return;
	}
	fprintf(f, "null,\n%s\"cost\": ", in);
	report_json_number(f, c->cost);
	fprintf(f, ",\n%s\"machines\": %d,\n%s\"closed_form\": {\n", in,
	    c->machines, in);
	json_figures(f, sub, a, &c->cf);
	fprintf(f, "%s},\n%s\"promising\": %s,\n%s\"simulated\": ", in, in,
	    c->promising ? "true" : "false", in);
	if (c->sim.present) {
		fputs("{\n", f);
		json_figures(f, sub, a, &c->sim);
		fprintf(f, "%s}", in);
	} else
		fputs("null", f);
	fprintf(f, ",\n%s\"meets\": %s,\n%s\"bottleneck\": ", in, c->meets ?
	    "true" : "false", in);
	utf8_json_string(f, fig->bottleneck);
	fprintf(f, ",\n%s\"why\": ", in);
	if (c->sim_failed)
		utf8_json_string(f, c->sim_error);
	else if (!c->meets && (i = advise_fails(a, fig, 0)) >= 0) {
		advise_why(a, c, fig, i, why, sizeof why);
		utf8_json_string(f, why);
	} else
		fputs("null", f);
	fputc('\n', f);
}

void
advise_json(FILE *f, struct advise *a)
{
	int *best = xcalloc((size_t)a->nc + 1, sizeof *best);
	int n = advise_best(a, best), i;

	fputs("{\n  \"scenario\": ", f);
	utf8_json_string(f, a->scenario);
	fputs(",\n  \"targets\": [", f);
	for (i = 0; i < a->nt; i++) {
		fprintf(f, "%s{\"figure\": \"%s\", \"op\": \"%s\", "
		    "\"value\": ", i ? ", " : "", fig_names[a->t[i].fig],
		    a->t[i].at_most ? "<=" : ">=");
		report_json_number(f, a->t[i].value);
		fputs(", \"text\": ", f);
		utf8_json_string(f, a->t[i].text);
		fputc('}', f);
	}
	fprintf(f, "],\n  \"priced\": %s,\n  \"best\": ", a->priced ?
	    "true" : "false");
	if (n > 0) {
		fputs("{\n", f);
		json_candidate(f, a, &a->c[best[0]], "    ");
		fputs("  }", f);
	} else
		fputs("null", f);
	fputs(",\n  \"candidates\": [", f);
	for (i = 0; i < a->nc; i++) {
		fputs(i ? ", {\n" : "{\n", f);
		json_candidate(f, a, &a->c[a->rank[i]], "    ");
		fputs("  }", f);
	}
	fputs("]\n}\n", f);
	free(best);
}

void
advise_free(struct advise *a)
{
	int i, k;

	for (i = 0; i < a->nc; i++) {
		for (k = 0; k < a->c[i].nsets; k++)
			free(a->c[i].sets[k]);
		free(a->c[i].sets);
		for (k = 0; k < a->c[i].npre; k++)
			free(a->c[i].pre[k]);
		free(a->c[i].pre);
		free(a->c[i].error);
		free(a->c[i].sim_error);
	}
	free(a->c);
	free(a->rank);
	for (i = 0; i < a->npaths; i++)
		free(a->paths[i]);
	free(a->paths);
	free(a->t);
}
