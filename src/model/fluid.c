/* fluid.c: flows as a fluid at max-min fair rates (fluid.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fluid.h"
#include "xmalloc.h"

enum { WAITING, LIVE, ENDED };

/* The resources of a generated cluster, as analytic_round_flow loads
 * them: 2h and 2h + 1 host h's NIC up and down; then each rack's switch
 * backplane (one for a star); then each rack's uplink out, then in.
 * Their capacities into cap unless NULL; how many. */
static int
resources(const struct shape *s, double *cap)
{
	int hosts = s->n + s->servers, racks = s->racks + 1, sw = 2 * hosts;
	int out = sw + racks, in = out + s->racks, r;

	for (r = 0; cap != NULL && r < hosts; r++)
		cap[2 * r] = cap[2 * r + 1] = s->B;
	for (r = 0; cap != NULL && r < racks; r++)
		cap[sw + r] = s->switch_Bps;
	for (r = 0; cap != NULL && r < s->racks; r++)
		cap[out + r] = cap[in + r] = s->uplink_Bps[r];
	return in + s->racks;
}

/* The resources flow f crosses, and its own cap (flow_Bps, between
 * hosts on a star or between racks). */
static void
path(const struct shape *s, struct fluid_flow *f)
{
	int sw = 2 * (s->n + s->servers), out = sw + s->racks + 1;
	int in = out + s->racks, a, b;

	a = s->racks > 0 ? s->rack_of[f->src] : 0;
	b = s->racks > 0 ? s->rack_of[f->dst] : 0;
	f->nres = 0;
	f->res[f->nres++] = 2 * f->src;
	f->res[f->nres++] = 2 * f->dst + 1;
	if (s->switch_Bps > 0)
		f->res[f->nres++] = sw + a;
	if (a != b) {
		if (s->switch_Bps > 0)
			f->res[f->nres++] = sw + b;
		f->res[f->nres++] = out + a;
		f->res[f->nres++] = in + b;
	}
	/* between machines, its own cap and the share of its route it
	 * gets: a flow that gets a share g moves g bytes for each it takes
	 * of its resources, so it runs as bytes / g at cap / g */
	f->gain = 1;
	f->cap = 0;
	if (shape_between_machines(s, f->src, f->dst)) {
		f->gain = shape_flow_gain(s, f->bytes);
		f->cap = shape_flow_cap(s, f->bytes) / f->gain;
	}
}

/* Max-min fair rates of the live flows (progressive filling: every
 * unfrozen flow's rate rises alike until a resource it crosses, or its
 * own cap, is full; those flows freeze). */
static void
rates(struct fluid_flow *f, int n, const double *full, int nres,
    double *cap, int *weight, char *frozen)
{
	int i, r, unfrozen = 0;
	double d;

	memcpy(cap, full, (size_t)nres * sizeof *cap);
	for (i = 0; i < n; i++) {
		f[i].rate = 0;
		frozen[i] = f[i].state != LIVE;
		unfrozen += !frozen[i];
	}
	while (unfrozen > 0) {
		memset(weight, 0, (size_t)nres * sizeof *weight);
		for (i = 0, d = -1; i < n; i++) {
			if (frozen[i])
				continue;
			for (r = 0; r < f[i].nres; r++)
				weight[f[i].res[r]]++;
			if (f[i].cap > 0 && (d < 0 || f[i].cap - f[i].rate < d))
				d = f[i].cap - f[i].rate;
		}
		for (r = 0; r < nres; r++) {
			if (weight[r] > 0 && (d < 0 || cap[r] / weight[r] < d))
				d = cap[r] / weight[r];
		}
		for (r = 0; r < nres; r++)
			cap[r] -= d * weight[r];
		for (i = 0; i < n; i++) {
			if (frozen[i])
				continue;
			f[i].rate += d;
			frozen[i] = f[i].cap > 0 &&
			    f[i].rate >= f[i].cap * (1 - 1e-12);
			for (r = 0; r < f[i].nres; r++)
				frozen[i] |= cap[f[i].res[r]] <=
				    full[f[i].res[r]] * 1e-12;
			unfrozen -= frozen[i];
		}
	}
}

/* Start the waiting flows whose rule lets them now; the soonest later
 * start into *next (unchanged if none). */
static void
start(struct fluid_flow *f, int n, const struct fluid_rules *rules,
    double now, double *next)
{
	double at;
	int i;

	for (i = 0; i < n; i++) {
		if (f[i].state != WAITING ||
		    !rules->may_start(rules->ctx, &f[i], now, &at))
			continue;
		if (at <= now + 1e-12 * (now > 1 ? now : 1))
			f[i].state = LIVE;
		else if (*next < 0 || at < *next)
			*next = at;
	}
}

double
fluid_run(const struct shape *s, struct fluid_flow *f, int n,
    const struct fluid_rules *rules)
{
	int nres = resources(s, NULL), i, todo = n;
	double *full, *cap, t = 0, dt, next;
	int *weight;
	char *frozen;

	if (n > FLUID_MAX_FLOWS)
		return -1;
	full = xcalloc((size_t)nres, sizeof *full);
	cap = xcalloc((size_t)nres, sizeof *cap);
	weight = xcalloc((size_t)nres, sizeof *weight);
	frozen = xcalloc((size_t)n + 1, 1);
	resources(s, full);
	for (i = 0; i < n; i++) {
		path(s, &f[i]);
		f[i].left = f[i].bytes / f[i].gain;
		f[i].state = WAITING;
	}
	while (todo > 0) {
		next = -1;
		start(f, n, rules, t, &next);
		rates(f, n, full, nres, cap, weight, frozen);
		dt = next >= 0 ? next - t : -1;
		for (i = 0; i < n; i++) {
			if (f[i].state == LIVE && (dt < 0 ||
			    f[i].left < dt * f[i].rate))
				dt = f[i].left / f[i].rate;
		}
		if (dt < 0) {		/* nothing live, nothing to come */
			t = -1;
			break;
		}
		t += dt;
		for (i = 0; i < n; i++) {
			if (f[i].state != LIVE)
				continue;
			f[i].left -= f[i].rate * dt;
			if (f[i].left <= f[i].bytes / f[i].gain * 1e-12) {
				f[i].state = ENDED;
				todo--;
				rules->ended(rules->ctx, &f[i], t);
			}
		}
	}
	free(full);
	free(cap);
	free(weight);
	free(frozen);
	return t;
}
