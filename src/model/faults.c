/* faults.c: fault schedules (faults.h).  A schedule is drawn slot by slot
 * from a lifetime distribution, or replayed from a trace file of per-host
 * preempt/return events or of available counts.  Events are made slot by
 * slot in the order they happen and then sorted by time, slot and that
 * order, so a slot that comes back and gets its notice at the same instant
 * sees the return first, and the result does not depend on qsort. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "errors.h"
#include "faults.h"
#include "files.h"
#include "rng.h"
#include "xmalloc.h"

#define HEADER_EVENTS	"time_s,event,host"
#define HEADER_COUNTS	"time_s,available"

struct sevent {
	struct fault_event ev;
	size_t		 seq;		/* the order it was made in */
};

struct builder {
	struct sevent	*v;
	size_t		 n, cap;
};

static void
add(struct builder *b, double t, int slot, enum fault_kind kind)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->v = xreallocarray(b->v, b->cap, sizeof *b->v);
	}
	b->v[b->n].ev.t = t;
	b->v[b->n].ev.slot = slot;
	b->v[b->n].ev.kind = kind;
	b->v[b->n].seq = b->n;
	b->n++;
}

/* Slot goes at t, having been up since up_s: its notice (if any) comes
 * notice_s before, but not before it came up. */
static void
add_preempt(struct builder *b, double t, int slot, double up_s,
    double notice_s)
{
	if (notice_s > 0)
		add(b, fmax(t - notice_s, up_s), slot, FAULT_NOTICE);
	add(b, t, slot, FAULT_PREEMPT);
}

static int
cmp_sevent(const void *pa, const void *pb)
{
	const struct sevent *a = pa, *b = pb;

	if (a->ev.t != b->ev.t)
		return a->ev.t < b->ev.t ? -1 : 1;
	if (a->ev.slot != b->ev.slot)
		return a->ev.slot < b->ev.slot ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

static void
schedule_init(struct fault_schedule *out, int nslots)
{
	memset(out, 0, sizeof *out);
	out->initially_down = xcalloc(nslots > 0 ? (size_t)nslots : 1, 1);
}

static void
finish(struct builder *b, struct fault_schedule *out)
{
	size_t i;

	if (b->n > INT_MAX)
		fatal("fault schedule too long (%zu events)", b->n);
	if (b->n > 0)
		qsort(b->v, b->n, sizeof *b->v, cmp_sevent);
	out->ev = xreallocarray(NULL, b->n, sizeof *out->ev);
	for (i = 0; i < b->n; i++)
		out->ev[i] = b->v[i].ev;
	out->n = (int)b->n;
	free(b->v);
	b->v = NULL;
}

static double
lifetime(const struct fault_spec *p, struct rng *r)
{
	if (p->source == FAULTS_WEIBULL)
		return p->scale_s * pow(-log(rng_uniform(r)), 1 / p->shape);
	return rng_exponential(r, p->mttp_s);
}

double
fault_mean_life(const struct fault_spec *p)
{
	return p->source == FAULTS_WEIBULL ? p->scale_s *
	    tgamma(1 + 1 / p->shape) : p->mttp_s;
}

double
fault_expected(const struct fault_spec *p, int nslots, double horizon_s)
{
	if (!p->on || p->source == FAULTS_TRACE)
		return 0;
	return nslots * horizon_s / (fault_mean_life(p) + p->replace_s);
}

int
fault_generate(const struct fault_spec *p, double notice_s, int nslots,
    unsigned long seed, uint64_t stream, double horizon_s,
    struct fault_schedule *out)
{
	struct builder b = { NULL, 0, 0 };
	double up, t, replace = p->replace_s > 0 ? p->replace_s : 0;
	struct rng r;
	int s, ok;

	schedule_init(out, nslots);
	if (p->source == FAULTS_WEIBULL)
		ok = p->shape > 0 && p->scale_s > 0;
	else
		ok = p->source == FAULTS_EXPONENTIAL && p->mttp_s > 0;
	/* Without a lifetime or a finite horizon nothing ever fails. */
	if (!ok || !isfinite(horizon_s))
		nslots = 0;
	for (s = 0; s < nslots; s++) {
		rng_init(&r, seed, stream + (uint64_t)s);
		for (up = 0;;) {
			t = up + lifetime(p, &r);
			if (t >= horizon_s)
				break;
			add_preempt(&b, t, s, up, notice_s);
			up = t + replace;
			if (up >= horizon_s)
				break;
			add(&b, up, s, FAULT_RETURN);
		}
	}
	finish(&b, out);
	return 0;
}

void
fault_schedule_of(const struct fault_spec *spec, enum fault_of which,
    double notice_s, int nslots, unsigned long seed, double horizon_s,
    struct fault_schedule *out)
{
	uint64_t stream = FAULT_STREAM + (uint64_t)which * (1ULL << 20);

	if (which == FAULTS_OF_LINKS)
		notice_s = 0;
	fault_schedule_free(out);
	if (!spec->on)
		schedule_init(out, nslots);
	else if (spec->source == FAULTS_TRACE)
		trace_schedule(spec->tr, nslots, spec->trace_offset_s,
		    spec->trace_scale, notice_s, out);
	else
		fault_generate(spec, notice_s, nslots, seed, stream, horizon_s,
		    out);
}

void
fault_spec_release(struct fault_spec *spec)
{
	if (spec->tr != NULL)
		trace_free(spec->tr);
	free(spec->tr);
	spec->tr = NULL;
}

void
fault_schedule_free(struct fault_schedule *sc)
{
	free(sc->ev);
	free(sc->initially_down);
	memset(sc, 0, sizeof *sc);
}

/* Where trace_read is in a file. */
struct reader {
	const char	*path;
	long		 lineno;
	int		 header;	/* seen */
	int		 rows;
	double		 last;		/* the last row's time */
	size_t		 cap, hcap;	/* rows and hosts allocated */
	struct errors	*errors;
	const char	*where;		/* what names the file, or NULL */
};

static int
fail(const struct reader *rd, long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* One line "WHERE: PATH:LINE: why" (no ":LINE" for line 0); -1. */
static int
fail(const struct reader *rd, long line, const char *fmt, ...)
{
	va_list ap;
	char *at;

	if (line > 0)
		xasprintf(&at, "%s%s%s:%ld", rd->where ? rd->where : "",
		    rd->where ? ": " : "", rd->path, line);
	else
		xasprintf(&at, "%s%s%s", rd->where ? rd->where : "",
		    rd->where ? ": " : "", rd->path);
	va_start(ap, fmt);
	errors_vadd(rd->errors, at, fmt, ap);
	va_end(ap);
	free(at);
	return -1;
}

/* Plain decimals only: no "inf", "nan" or hex. */
static int
parse_time(const char *s, double *t)
{
	char *end;

	if (*s == '\0' || s[strspn(s, "0123456789.eE+-")] != '\0')
		return -1;
	errno = 0;
	*t = strtod(s, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(*t) || *t < 0)
		return -1;
	*t += 0.0;			/* no -0 */
	return 0;
}

static int
parse_count(const char *s, int *c)
{
	long v;

	if (*s == '\0' || s[strspn(s, "0123456789")] != '\0' ||
	    strlen(s) > 9)
		return -1;
	v = strtol(s, NULL, 10);
	*c = (int)v;
	return 0;
}

static int
host_index(struct trace *tr, const char *name, size_t *cap)
{
	int i;

	for (i = tr->nhosts - 1; i >= 0; i--)
		if (strcmp(tr->hosts[i], name) == 0)
			return i;
	if ((size_t)tr->nhosts == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		tr->hosts = xreallocarray(tr->hosts, *cap, sizeof *tr->hosts);
	}
	tr->hosts[tr->nhosts] = xstrdup(name);
	return tr->nhosts++;
}

/* The header line says the format. */
static int
read_header(struct reader *rd, const char *line, struct trace *tr)
{
	rd->header = 1;
	if (strcmp(line, HEADER_EVENTS) == 0)
		tr->format = TRACE_EVENTS;
	else if (strcmp(line, HEADER_COUNTS) == 0)
		tr->format = TRACE_COUNTS;
	else
		return fail(rd, rd->lineno, "expected a header "
		    HEADER_EVENTS " or " HEADER_COUNTS ", got \"%s\"", line);
	return 0;
}

/* Room for one more row. */
static void
grow(struct reader *rd, struct trace *tr)
{
	if ((size_t)rd->rows < rd->cap)
		return;
	rd->cap = rd->cap ? 2 * rd->cap : 64;
	if (tr->format == TRACE_EVENTS)
		tr->ev = xreallocarray(tr->ev, rd->cap, sizeof *tr->ev);
	else {
		tr->ct = xreallocarray(tr->ct, rd->cap, sizeof *tr->ct);
		tr->count = xreallocarray(tr->count, rd->cap,
		    sizeof *tr->count);
	}
}

/* A counts row: time_s,available. */
static int
read_count(struct reader *rd, char **f, double t, struct trace *tr)
{
	if (parse_count(f[1], &tr->count[rd->rows]) == -1)
		return fail(rd, rd->lineno, "expected a count "
		    ">= 0, got \"%s\"", f[1]);
	tr->ct[rd->rows] = t;
	tr->ncount = ++rd->rows;
	return 0;
}

/* An events row: time_s,event,host. */
static int
read_event(struct reader *rd, char **f, double t, struct trace *tr)
{
	if (strcmp(f[1], "preempt") == 0)
		tr->ev[rd->rows].up = 0;
	else if (strcmp(f[1], "return") == 0)
		tr->ev[rd->rows].up = 1;
	else
		return fail(rd, rd->lineno, "expected event "
		    "preempt or return, got \"%s\"", f[1]);
	if (*f[2] == '\0')
		return fail(rd, rd->lineno, "expected a host "
		    "name, got \"\"");
	tr->ev[rd->rows].t = t;
	tr->ev[rd->rows].host = host_index(tr, f[2], &rd->hcap);
	tr->nev = ++rd->rows;
	return 0;
}

/* A row after the header: its fields, its time, then the rest. */
static int
read_row(struct reader *rd, char *line, struct trace *tr)
{
	char *f[3];
	int nf, want = tr->format == TRACE_EVENTS ? 3 : 2;
	double t;

	if ((nf = csv_split(line, f, 3)) < 0)
		return fail(rd, rd->lineno, "a field's quotes are not "
		    "RFC 4180's: a quoted field needs its closing quote and "
		    "nothing but a comma after it, and a quote inside a field "
		    "needs the field quoted and the quote doubled");
	if (nf != want)
		return fail(rd, rd->lineno, "expected %d "
		    "fields %s, got %d", want, tr->format == TRACE_EVENTS ?
		    HEADER_EVENTS : HEADER_COUNTS, nf);
	if (parse_time(f[0], &t) == -1)
		return fail(rd, rd->lineno, "expected a time "
		    "in seconds >= 0, got \"%s\"", f[0]);
	if (t < rd->last)
		return fail(rd, rd->lineno, "times must not "
		    "decrease: %.15g after %.15g", t, rd->last);
	rd->last = t;
	grow(rd, tr);
	return tr->format == TRACE_COUNTS ? read_count(rd, f, t, tr) :
	    read_event(rd, f, t, tr);
}

/* After the last line: a read error, or no header, or no rows. */
static int
read_end(struct reader *rd, FILE *fp, struct trace *tr)
{
	if (ferror(fp))
		return fail(rd, 0, "cannot read: %s",
		    strerror(errno));
	if (!rd->header)
		return fail(rd, 0, "empty file, expected a "
		    "header " HEADER_EVENTS " or " HEADER_COUNTS);
	if (rd->rows == 0)
		return fail(rd, 0, "no rows after the header");
	tr->last_s = rd->last;
	return 0;
}

int
trace_read(const char *path, struct trace *tr, struct errors *errors,
    const char *where)
{
	struct reader rd;
	size_t linecap = 0;
	char *line = NULL, *cause, *start;
	int rc = 0;
	ssize_t len;
	FILE *fp;

	memset(tr, 0, sizeof *tr);
	memset(&rd, 0, sizeof rd);
	rd.path = path;
	rd.errors = errors;
	rd.where = where;
	if ((fp = files_open(path, FILES_MAX_DATA, &cause)) == NULL) {
		rc = fail(&rd, 0, "cannot open: %s", cause);
		free(cause);
		return rc;
	}
	while (rc == 0 && (len = getline(&line, &linecap, fp)) != -1) {
		rd.lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		start = line;
		if (rd.lineno == 1 && strncmp(line, "\xef\xbb\xbf", 3) == 0)
			start += 3;	/* a UTF-8 byte-order mark */
		/* every line is used or refused: none skipped */
		if ((ssize_t)strlen(line) != len)
			rc = fail(&rd, rd.lineno, "a NUL byte in the line");
		else if (*start == '\0')
			rc = fail(&rd, rd.lineno, "an empty line (a trace has "
			    "its header, then a row a line)");
		else
			rc = rd.header ? read_row(&rd, start, tr) :
			    read_header(&rd, start, tr);
	}
	if (rc == 0)
		rc = read_end(&rd, fp, tr);
	free(line);
	fclose(fp);
	if (rc == -1)
		trace_free(tr);
	return rc;
}

void
trace_free(struct trace *tr)
{
	int i;

	for (i = 0; i < tr->nhosts; i++)
		free(tr->hosts[i]);
	free(tr->hosts);
	free(tr->ev);
	free(tr->ct);
	free(tr->count);
	memset(tr, 0, sizeof *tr);
}

/* Slot goes down or comes up at t; since[] is when each slot came up. */
static void
flip(struct builder *b, int slot, double t, int up, char *state,
    double *since, double notice_s)
{
	if (up) {
		add(b, t, slot, FAULT_RETURN);
		since[slot] = t;
	} else
		add_preempt(b, t, slot, since[slot], notice_s);
	state[slot] = up;
}

int
trace_schedule(const struct trace *tr, int nslots, double offset_s,
    double time_scale, double notice_s, struct fault_schedule *out)
{
	struct builder b = { NULL, 0, 0 };
	int i = 0, s, lo, hi, c = 0, nmap = 0;
	double *since, t;
	char *up;

	schedule_init(out, nslots);
	if (nslots <= 0) {
		finish(&b, out);
		return 0;
	}
	up = xcalloc((size_t)nslots, 1);
	since = xcalloc((size_t)nslots, sizeof *since);
	if (tr->format == TRACE_EVENTS) {
		/* A host is down until its first return. */
		nmap = nslots < tr->nhosts ? nslots : tr->nhosts;
		for (s = nmap; s < nslots; s++)
			up[s] = 1;
		for (; i < tr->nev && tr->ev[i].t <= offset_s; i++)
			if (tr->ev[i].host < nmap)
				up[tr->ev[i].host] = (char)tr->ev[i].up;
	} else {
		for (; i < tr->ncount && tr->ct[i] <= offset_s; i++)
			c = tr->count[i];
		for (s = 0; s < nslots; s++)
			up[s] = c > s;
	}
	for (s = 0; s < nslots; s++)
		if (!up[s]) {
			out->initially_down[s] = 1;
			out->initially_down_count++;
		}
	if (tr->format == TRACE_EVENTS) {
		for (; i < tr->nev; i++) {
			s = tr->ev[i].host;
			if (s >= nmap || tr->ev[i].up == up[s])
				continue;	/* redundant */
			t = (tr->ev[i].t - offset_s) * time_scale;
			flip(&b, s, t, tr->ev[i].up, up, since, notice_s);
		}
	} else {
		for (; i < tr->ncount; i++) {
			t = (tr->ct[i] - offset_s) * time_scale;
			lo = c < tr->count[i] ? c : tr->count[i];
			hi = c < tr->count[i] ? tr->count[i] : c;
			if (hi > nslots)
				hi = nslots;
			/* Slots lo .. hi - 1 flip. */
			for (s = lo; s < hi; s++)
				flip(&b, s, t, tr->count[i] > s, up, since,
				    notice_s);
			c = tr->count[i];
		}
	}
	free(up);
	free(since);
	finish(&b, out);
	return 0;
}

int
trace_unreplayed(const struct trace *tr, int nslots, int *events)
{
	int i;

	*events = 0;
	if (tr->format != TRACE_EVENTS || tr->nhosts <= nslots)
		return 0;
	for (i = 0; i < tr->nev; i++)
		*events += tr->ev[i].host >= nslots;
	return tr->nhosts - nslots;
}

void
trace_stats(const struct trace *tr, double end_s, struct trace_stats *st)
{
	double end = end_s > 0 ? end_s : tr->last_s, prev = 0, down = 0;
	double *since;
	char *state;		/* 0 never up, 1 up, 2 down after a preemption */
	int i, h, c = 0, ndown = 0;

	memset(st, 0, sizeof *st);
	if (tr->format == TRACE_COUNTS) {
		for (i = 0; i < tr->ncount && tr->ct[i] <= end; i++) {
			st->up_s += c * (tr->ct[i] - prev);
			if (tr->count[i] < c)
				st->preemptions += c - tr->count[i];
			c = tr->count[i];
			prev = tr->ct[i];
		}
		st->up_s += c * (end - prev);
	} else {
		state = xcalloc(tr->nhosts > 0 ? (size_t)tr->nhosts : 1, 1);
		since = xcalloc(tr->nhosts > 0 ? (size_t)tr->nhosts : 1,
		    sizeof *since);
		for (i = 0; i < tr->nev && tr->ev[i].t <= end; i++) {
			h = tr->ev[i].host;
			if (tr->ev[i].up == (state[h] == 1))
				continue;	/* redundant */
			if (tr->ev[i].up && state[h] == 2) {
				down += tr->ev[i].t - since[h];
				ndown++;
			} else if (!tr->ev[i].up) {
				st->up_s += tr->ev[i].t - since[h];
				st->preemptions++;
			}
			state[h] = tr->ev[i].up ? 1 : 2;
			since[h] = tr->ev[i].t;
		}
		for (h = 0; h < tr->nhosts; h++)
			if (state[h] == 1)
				st->up_s += end - since[h];
		st->mean_down_s = ndown ? down / ndown : 0;
		free(state);
		free(since);
	}
	st->mttp_s = st->preemptions ? st->up_s / st->preemptions : 0;
}
