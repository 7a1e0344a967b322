/* timeline.c: the trace-event JSON of a run (pure: plain data in, text
 * out).  See timeline.h for what is recorded and psim(1) for the file.
 *
 * The link counters: each message charges every link of its route with
 * its mean rate, bytes / (taken - posted), from its post to its take;
 * a link's counter is the sum of the rates of the messages on it, a
 * sample at each change.  Its integral is the link's bytes exactly (the
 * report's per-link ledger charges the same routes), but it is the
 * transfers' mean rates, not SimGrid's instantaneous shares. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeline.h"
#include "utf8.h"
#include "xmalloc.h"

int
timeline_parse_steps(const char *s, int *lo, int *hi, char **cause)
{
	const char *dots = strstr(s, "..");
	char *end;
	long a, b;

	if (dots == NULL || dots == s || dots[2] == '\0')
		goto bad;
	a = strtol(s, &end, 10);
	if (end != dots || *s == '-' || *s == '+' || *s == ' ')
		goto bad;
	b = strtol(dots + 2, &end, 10);
	if (*end != '\0' || dots[2] == '-' || dots[2] == '+' ||
	    dots[2] == ' ' || a < 0 || b < a || b > INT_MAX)
		goto bad;
	*lo = (int)a;
	*hi = (int)b;
	return 0;
bad:
	xasprintf(cause, "expected steps A..B (0-based, 0 <= A <= B), got "
	    "\"%s\"", s);
	return -1;
}

struct timeline *
timeline_create(int lo, int hi, long cap)
{
	struct timeline *tl = xcalloc(1, sizeof *tl);

	tl->lo = lo;
	tl->hi = hi;
	tl->cap = cap;
	return tl;
}

void
timeline_free(struct timeline *tl)
{
	size_t i;
	int k;

	if (tl == NULL)
		return;
	free(tl->ev);
	free(tl->edge);
	for (i = 0; i < tl->nthr; i++)
		free(tl->thr[i].name);
	free(tl->thr);
	free(tl->thr_last);
	for (k = 0; k < tl->nhosts; k++)
		free(tl->host[k]);
	free(tl->host);
	for (k = 0; k < tl->nlabels; k++)
		free(tl->label[k]);
	free(tl->label);
	for (k = 0; k < tl->nlinks; k++)
		free(tl->link[k]);
	free(tl->link);
	free(tl->link_Bps);
	for (i = 0; i < tl->nroute; i++)
		free(tl->route[i].links);
	free(tl->route);
	free(tl->slot);
	free(tl);
}

/* Room for name i in a table of *n names. */
static void
name_at(char ***names, int *n, int i, const char *name)
{
	if (i >= *n) {
		*names = xreallocarray(*names, (size_t)i + 1, sizeof **names);
		memset(*names + *n, 0, (size_t)(i + 1 - *n) * sizeof **names);
		*n = i + 1;
	}
	free((*names)[i]);
	(*names)[i] = xstrdup(name);
}

void
timeline_host(struct timeline *tl, int h, const char *name,
    const char *role)
{
	char *label;

	xasprintf(&label, "%s (%s)", name, role);
	name_at(&tl->host, &tl->nhosts, h, name);
	name_at(&tl->label, &tl->nlabels, h, label);
	free(label);
}

void
timeline_link(struct timeline *tl, int l, const char *name, double Bps)
{
	int n = tl->nlinks;

	name_at(&tl->link, &tl->nlinks, l, name);
	if (tl->nlinks > n)
		tl->link_Bps = xreallocarray(tl->link_Bps, (size_t)tl->nlinks,
		    sizeof *tl->link_Bps);
	for (; n < tl->nlinks; n++)
		tl->link_Bps[n] = 0;
	tl->link_Bps[l] = Bps;
}

/* The slot of (src, dst) in the open-addressed table: its route's, or
 * the empty one where it goes. */
static size_t
route_slot(const struct timeline *tl, int src, int dst)
{
	size_t i = ((size_t)(unsigned)src * 2654435761u ^
	    (size_t)(unsigned)dst * 40503u) & (tl->nslot - 1);
	const struct tl_route *r;

	for (; tl->slot[i] != 0; i = (i + 1) & (tl->nslot - 1)) {
		r = &tl->route[tl->slot[i] - 1];
		if (r->src == src && r->dst == dst)
			break;
	}
	return i;
}

/* Twice the table when it is half full. */
static void
route_grow(struct timeline *tl)
{
	size_t i;

	if (2 * (tl->nroute + 1) <= tl->nslot)
		return;
	free(tl->slot);
	tl->nslot = tl->nslot ? 2 * tl->nslot : 64;
	tl->slot = xcalloc(tl->nslot, sizeof *tl->slot);
	for (i = 0; i < tl->nroute; i++)
		tl->slot[route_slot(tl, tl->route[i].src, tl->route[i].dst)] =
		    (int)i + 1;
}

int
timeline_route(struct timeline *tl, int src, int dst, const int *links,
    int n)
{
	struct tl_route *r;
	size_t i;

	route_grow(tl);
	i = route_slot(tl, src, dst);
	if (tl->slot[i] != 0)
		return tl->slot[i] - 1;
	if (tl->nroute == tl->routecap) {
		tl->routecap = tl->routecap ? 2 * tl->routecap : 64;
		tl->route = xreallocarray(tl->route, tl->routecap,
		    sizeof *tl->route);
	}
	r = &tl->route[tl->nroute];
	r->src = src;
	r->dst = dst;
	r->n = n;
	r->links = xreallocarray(NULL, (size_t)n, sizeof *r->links);
	memcpy(r->links, links, (size_t)n * sizeof *links);
	tl->slot[i] = (int)++tl->nroute;
	return (int)tl->nroute - 1;
}

void
timeline_thread(struct timeline *tl, int pid, int tid, const char *name)
{
	int i;

	if (tid < 0)
		return;
	if (tid >= tl->ntid) {
		i = tl->ntid;
		tl->ntid = 2 * tid + 16;
		tl->thr_last = xreallocarray(tl->thr_last, (size_t)tl->ntid,
		    sizeof *tl->thr_last);
		for (; i < tl->ntid; i++)
			tl->thr_last[i] = -1;
	}
	if (tl->thr_last[tid] == pid)
		return;
	tl->thr_last[tid] = pid;
	if (tl->nthr == tl->thrcap) {
		tl->thrcap = tl->thrcap ? 2 * tl->thrcap : 64;
		tl->thr = xreallocarray(tl->thr, tl->thrcap, sizeof *tl->thr);
	}
	tl->thr[tl->nthr].pid = pid;
	tl->thr[tl->nthr].tid = tid;
	tl->thr[tl->nthr].name = xstrdup(name);
	tl->nthr++;
}

void
timeline_window(struct timeline *tl, double t0_s, double t1_s)
{
	tl->by_time = 1;
	tl->win0_s = t0_s;
	tl->win1_s = t1_s;
}

int
timeline_keeps(const struct timeline *tl, int step)
{
	return tl->by_time || tl->lo < 0 || step < 0 ||
	    (step >= tl->lo && step <= tl->hi);
}

/* Whether an event of step from t0_s to t1_s is recorded: by step (the
 * caller asked timeline_keeps), or by time, if it is in flight in the
 * window (not if it ends as it starts) or is an instant in it; an
 * instant of no step (a fault's) whenever it is. */
static int
in_window(const struct timeline *tl, int step, double t0_s, double t1_s)
{
	if (!tl->by_time || (step < 0 && t0_s == t1_s))
		return 1;
	return t0_s == t1_s ? t0_s >= tl->win0_s && t0_s <= tl->win1_s :
	    t1_s > tl->win0_s && t0_s < tl->win1_s;
}

/* Room for n more events (link edges count); 0 once capped. */
static int
room(struct timeline *tl, long n, double t_s)
{
	if (tl->capped)
		return 0;
	if (tl->cap > 0 && tl->count + n > tl->cap) {
		tl->capped = 1;
		tl->capped_s = t_s;
		return 0;
	}
	tl->count += n;
	return 1;
}

/* A new event of the given kind, span and place (the rest zero). */
static struct tl_event *
event(struct timeline *tl, int kind, const char *name, int pid, int tid,
    int step, double t0_s, double t1_s)
{
	struct tl_event *e;

	if (tl->nev == tl->evcap) {
		tl->evcap = tl->evcap ? 2 * tl->evcap : 1024;
		tl->ev = xreallocarray(tl->ev, tl->evcap, sizeof *tl->ev);
	}
	e = &tl->ev[tl->nev++];
	memset(e, 0, sizeof *e);
	e->kind = kind;
	e->name = name;
	e->pid = pid;
	e->tid = tid;
	e->step = step;
	e->t0_s = t0_s;
	e->t1_s = t1_s;
	return e;
}

void
timeline_span(struct timeline *tl, int kind, const char *name, int pid,
    int tid, int step, double t0_s, double t1_s)
{
	if (timeline_keeps(tl, step) && in_window(tl, step, t0_s, t1_s) &&
	    room(tl, 1, t0_s))
		event(tl, kind, name, pid, tid, step, t0_s, t1_s);
}

void
timeline_instant(struct timeline *tl, const char *name, int pid, int tid,
    int step, double t_s)
{
	timeline_span(tl, TL_INSTANT, name, pid, tid, step, t_s, t_s);
}

static void
edge(struct timeline *tl, int link, double t_s, double Bps)
{
	struct tl_edge *g;

	if (tl->nedge == tl->edgecap) {
		tl->edgecap = tl->edgecap ? 2 * tl->edgecap : 1024;
		tl->edge = xreallocarray(tl->edge, tl->edgecap,
		    sizeof *tl->edge);
	}
	g = &tl->edge[tl->nedge];
	g->t_s = t_s;
	g->Bps = Bps;
	g->link = link;
	g->seq = (long)tl->nedge++;
}

void
timeline_comm(struct timeline *tl, int src, int src_tid, int dst, int tid,
    int step, int round, const char *phase, double bytes, double t0_s,
    double t1_s, const int *links, int nlinks)
{
	struct tl_event *e;
	double Bps;
	int i;

	/* a transfer of no time (no bytes) carries no rate */
	if (!(t1_s > t0_s) || !(bytes > 0))
		nlinks = 0;
	if (!timeline_keeps(tl, step) || !in_window(tl, step, t0_s, t1_s) ||
	    !room(tl, 1 + 2L * nlinks, t0_s))
		return;
	e = event(tl, TL_COMM, "message", dst, tid, step, t0_s, t1_s);
	e->src = src;
	e->src_tid = src_tid;
	e->dst = dst;
	e->bytes = bytes;
	e->phase = phase;
	e->round = round;
	e->route = tl->want_routes && nlinks > 0 ?
	    timeline_route(tl, src, dst, links, nlinks) : -1;
	Bps = nlinks > 0 ? bytes / (t1_s - t0_s) : 0;
	for (i = 0; i < nlinks; i++) {
		edge(tl, links[i], t0_s, Bps);
		edge(tl, links[i], t1_s, -Bps);
	}
}

/* Simulated seconds as the trace's microseconds. */
static double
us(double s)
{
	return s * 1e6;
}

static const char *
name_of(char **names, int n, int i)
{
	return i >= 0 && i < n && names[i] != NULL ? names[i] : "?";
}

static int
by_pid_tid(const void *a, const void *b)
{
	const struct tl_thread *x = a, *y = b;

	if (x->pid != y->pid)
		return (x->pid > y->pid) - (x->pid < y->pid);
	return (x->tid > y->tid) - (x->tid < y->tid);
}

static void
put_meta(FILE *f, const char *what, int pid, int tid, const char *name,
    int *first)
{
	fprintf(f, "%s\n{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
	    "\"args\":{\"name\":", *first ? "" : ",", what, pid, tid);
	utf8_json_string(f, name);
	fputs("}}", f);
	*first = 0;
}

static void
metadata(struct timeline *tl, FILE *f, int *first)
{
	size_t i;
	int h;

	for (h = 0; h < tl->nhosts; h++) {
		put_meta(f, "process_name", h, 0, name_of(tl->label,
		    tl->nlabels, h), first);
		fprintf(f, ",\n{\"name\":\"process_sort_index\",\"ph\":\"M\","
		    "\"pid\":%d,\"tid\":0,\"args\":{\"sort_index\":%d}}", h, h);
	}
	if (tl->nedge > 0)
		put_meta(f, "process_name", tl->nhosts, 0, "links", first);
	if (tl->nthr > 0)
		qsort(tl->thr, tl->nthr, sizeof *tl->thr, by_pid_tid);
	for (i = 0; i < tl->nthr; i++) {
		if (i > 0 && tl->thr[i].pid == tl->thr[i - 1].pid &&
		    tl->thr[i].tid == tl->thr[i - 1].tid)
			continue;
		put_meta(f, "thread_name", tl->thr[i].pid, tl->thr[i].tid,
		    tl->thr[i].name, first);
	}
}

static void
put_event(struct timeline *tl, FILE *f, const struct tl_event *e)
{
	static const char *const cat[] = { "compute", "wait", "comm",
	    "fault" };

	fputs(",\n{\"name\":", f);
	utf8_json_string(f, e->name);
	fprintf(f, ",\"cat\":\"%s\",\"ph\":\"%s\",\"pid\":%d,\"tid\":%d,"
	    "\"ts\":%.6f", e->kind == TL_INSTANT && strcmp(e->name, "apply") ==
	    0 ? "ps" : cat[e->kind], e->kind == TL_INSTANT ? "i" : "X",
	    e->pid, e->tid, us(e->t0_s));
	if (e->kind == TL_INSTANT)
		fputs(",\"s\":\"t\"", f);
	else
		fprintf(f, ",\"dur\":%.6f", us(e->t1_s) - us(e->t0_s));
	fputs(",\"args\":{", f);
	if (e->kind == TL_COMM) {
		fputs("\"src\":", f);
		utf8_json_string(f, name_of(tl->host, tl->nhosts, e->src));
		fputs(",\"dst\":", f);
		utf8_json_string(f, name_of(tl->host, tl->nhosts, e->dst));
		fprintf(f, ",\"src_host\":%d,\"dst_host\":%d,\"bytes\":%.17g,",
		    e->src, e->dst, e->bytes);
		if (e->phase != NULL)
			fprintf(f, "\"phase\":\"%s\",", e->phase);
		if (e->round >= 0)
			fprintf(f, "\"round\":%d,", e->round);
	}
	fprintf(f, "\"step\":%d}}", e->step);
}

/* A message's flow, who sends to whom (the trace-event format's "s" and
 * "f", each bound to the slice around it): from a "send" slice of no
 * duration on the sender's thread at the post, to the middle of the
 * message's span on the receiver's. */
static void
put_flow(FILE *f, const struct tl_event *e, size_t id)
{
	if (e->kind != TL_COMM || e->src_tid < 0)
		return;
	fprintf(f, ",\n{\"name\":\"send\",\"cat\":\"flow\",\"ph\":\"X\","
	    "\"pid\":%d,\"tid\":%d,\"ts\":%.6f,\"dur\":0,\"args\":{\"step\":"
	    "%d}}", e->src, e->src_tid, us(e->t0_s), e->step);
	fprintf(f, ",\n{\"name\":\"message\",\"cat\":\"flow\",\"ph\":\"s\","
	    "\"id\":%zu,\"pid\":%d,\"tid\":%d,\"ts\":%.6f}", id, e->src,
	    e->src_tid, us(e->t0_s));
	fprintf(f, ",\n{\"name\":\"message\",\"cat\":\"flow\",\"ph\":\"f\","
	    "\"bp\":\"e\",\"id\":%zu,\"pid\":%d,\"tid\":%d,\"ts\":%.6f}",
	    id, e->dst, e->tid, (us(e->t0_s) + us(e->t1_s)) / 2);
}

static int
by_link_time(const void *a, const void *b)
{
	const struct tl_edge *x = a, *y = b;

	if (x->link != y->link)
		return (x->link > y->link) - (x->link < y->link);
	if (x->t_s != y->t_s)
		return (x->t_s > y->t_s) - (x->t_s < y->t_s);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

void
timeline_rates(struct timeline *tl, void (*fn)(void *, int, double,
    double), void *ctx)
{
	size_t i = 0, j;
	long active;
	double Bps;
	int l;

	if (tl->nedge > 0)	/* (qsort takes no NULL) */
		qsort(tl->edge, tl->nedge, sizeof *tl->edge, by_link_time);
	while (i < tl->nedge) {
		l = tl->edge[i].link;
		active = 0;
		Bps = 0;
		for (j = i; j < tl->nedge && tl->edge[j].link == l; ) {
			double t = tl->edge[j].t_s;

			for (; j < tl->nedge && tl->edge[j].link == l &&
			    tl->edge[j].t_s == t; j++) {
				Bps += tl->edge[j].Bps;
				active += tl->edge[j].Bps > 0 ? 1 : -1;
			}
			if (active == 0)
				Bps = 0;
			fn(ctx, l, t, Bps);
		}
		i = j;
	}
}

struct counter_out {
	struct timeline	*tl;
	FILE		*f;
};

/* One sample of a link's counter track. */
static void
counter(void *ctx, int l, double t_s, double Bps)
{
	struct counter_out *o = ctx;

	fputs(",\n{\"name\":", o->f);
	utf8_json_string(o->f, name_of(o->tl->link, o->tl->nlinks, l));
	fprintf(o->f, ",\"cat\":\"link\",\"ph\":\"C\",\"pid\":%d,"
	    "\"tid\":0,\"ts\":%.6f,\"args\":{\"Gbps\":%.17g}}",
	    o->tl->nhosts, us(t_s), Bps * 8 / 1e9);
}

/* Each link's counter: a sample at each instant its carried rate
 * changes. */
static void
counters(struct timeline *tl, FILE *f)
{
	struct counter_out o = { tl, f };

	timeline_rates(tl, counter, &o);
}

int
timeline_write(struct timeline *tl, FILE *f)
{
	size_t i;
	int first = 1;

	fputs("{\"traceEvents\":[", f);
	metadata(tl, f, &first);
	for (i = 0; i < tl->nev; i++) {
		put_event(tl, f, &tl->ev[i]);
		put_flow(f, &tl->ev[i], i);
	}
	counters(tl, f);
	if (tl->capped) {
		fprintf(f, ",\n{\"name\":\"timeline capped at %ld events; use "
		    "--timeline-steps\",\"cat\":\"note\",\"ph\":\"i\","
		    "\"s\":\"g\",\"pid\":0,\"tid\":0,\"ts\":%.6f,\"args\":{}}",
		    tl->cap, us(tl->capped_s));
	}
	fprintf(f, "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{"
	    "\"generator\":\"psim\",\"time\":\"simulated seconds as "
	    "microseconds\",\"capped\":%s}}\n", tl->capped ? "true" : "false");
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
