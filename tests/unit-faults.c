/* unit-faults.c: fault schedules: drawn lifetimes against their
 * distributions, the exact draws, determinism and streams, notices and
 * returns; small traces read, replayed and summarised against values
 * worked out by hand; the reader's messages; and the published traces
 * against their manifest, when they are at hand. */
#include "config.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errors.h"
#include "faults.h"
#include "rng.h"
#include "tap.h"
#include "xmalloc.h"

static char *tmpdir;
static char *made[64];
static int nmade;

static void
tap_skip(const char *name, const char *why)
{
	printf("ok %d - %s # SKIP %s\n", ++tap_n, name, why);
}

/* Write text to a new file in the temporary directory; returns its path. */
static const char *
put(const char *name, const char *text)
{
	char *path;
	FILE *f;

	xasprintf(&path, "%s/%s", tmpdir, name);
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF)
		fatal("cannot write %s", path);
	made[nmade++] = path;
	return path;
}

/* trace_read into a collector of its own, where: which prefixes its line
 * (NULL: none).  *err: the text without its newline, or NULL; *lines:
 * how many lines it holds. */
static int
read_trace_at(const char *path, struct trace *tr, const char *where,
    char **err, int *lines)
{
	struct errors e = ERRORS_INIT;
	int rc = trace_read(path, tr, &e, where);
	size_t len;

	*lines = errors_count(&e);
	if ((*err = errors_take(&e)) != NULL && (len = strlen(*err)) > 0 &&
	    (*err)[len - 1] == '\n')
		(*err)[len - 1] = '\0';
	return rc;
}

static int
read_trace(const char *path, struct trace *tr, char **err)
{
	int lines;

	return read_trace_at(path, tr, NULL, err, &lines);
}

static int
same_event(const struct fault_event *a, const struct fault_event *b)
{
	return fabs(a->t - b->t) <= 1e-9 * (1 + fabs(b->t)) &&
	    a->slot == b->slot && a->kind == b->kind;
}

static void
events_are(const struct fault_schedule *sc, const struct fault_event *want,
    int n, const char *name)
{
	static const char kinds[] = "NPR";
	int i, ok = sc->n == n;

	for (i = 0; ok && i < n; i++)
		ok = same_event(&sc->ev[i], &want[i]);
	tap_ok(ok, name);
	if (ok)
		return;
	printf("# got:");
	for (i = 0; i < sc->n && i < 20; i++)
		printf(" (%g,%d,%c)", sc->ev[i].t, sc->ev[i].slot,
		    kinds[sc->ev[i].kind]);
	printf("\n# want:");
	for (i = 0; i < n; i++)
		printf(" (%g,%d,%c)", want[i].t, want[i].slot,
		    kinds[want[i].kind]);
	printf("\n");
}

static void
down_are(const struct fault_schedule *sc, const char *want, const char *name)
{
	int i, n = (int)strlen(want), ok = 1, count = 0;

	for (i = 0; i < n; i++) {
		ok = ok && sc->initially_down[i] == want[i] - '0';
		count += want[i] - '0';
	}
	tap_ok(ok && sc->initially_down_count == count, name);
	if (!(ok && sc->initially_down_count == count)) {
		printf("# got ");
		for (i = 0; i < n; i++)
			printf("%d", sc->initially_down[i]);
		printf(", count %d\n", sc->initially_down_count);
	}
}

static int
is_sorted(const struct fault_schedule *sc)
{
	int i;

	for (i = 1; i < sc->n; i++)
		if (sc->ev[i].t < sc->ev[i - 1].t ||
		    (sc->ev[i].t == sc->ev[i - 1].t &&
		    sc->ev[i].slot < sc->ev[i - 1].slot))
			return 0;
	return 1;
}

static int
same_schedule(const struct fault_schedule *a, const struct fault_schedule *b)
{
	int i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->ev[i].t != b->ev[i].t || a->ev[i].slot != b->ev[i].slot ||
		    a->ev[i].kind != b->ev[i].kind)
			return 0;
	return 1;
}

/* The lifetimes (from a slot's start or return to its preemption): their
 * mean, deviation and the fraction of them at most x. */
static void
lifetimes(const struct fault_schedule *sc, int nslots, double x, double *mean,
    double *sd, double *below)
{
	double *up = xcalloc((size_t)nslots, sizeof *up), d, s = 0, ss = 0;
	long n = 0, nb = 0;
	int i;

	for (i = 0; i < sc->n; i++) {
		if (sc->ev[i].kind == FAULT_RETURN)
			up[sc->ev[i].slot] = sc->ev[i].t;
		else if (sc->ev[i].kind == FAULT_PREEMPT) {
			d = sc->ev[i].t - up[sc->ev[i].slot];
			s += d;
			ss += d * d;
			nb += d <= x;
			n++;
		}
	}
	*mean = s / n;
	*sd = sqrt(ss / n - *mean * *mean);
	*below = (double)nb / n;
	free(up);
}

static void
generated(void)
{
	struct fault_spec p = { .on = 1, .source = FAULTS_EXPONENTIAL,
	    .mttp_s = 3600 };
	double notice = 0;
	struct fault_schedule a, b, c;
	double mean, sd, below, first, last_up[20], last_pre[20];
	int i, j, s, nn = 0, np = 0, nr = 0, clamped = 0, exact = 0, ok, st[20];
	struct rng r;

	/* ~280k exponential lifetimes. */
	fault_generate(&p, notice, 100, 1, 0, 1e7, &a);
	lifetimes(&a, 100, 3600, &mean, &sd, &below);
	printf("# exponential: %d events, mean %g, sd %g, P(<= mean) %g\n",
	    a.n, mean, sd, below);
	tap_ok(a.n > 500000, "exponential: about 2 x 1e7 / 3600 events a slot");
	tap_near(mean, 3600, 0.01, "exponential: mean lifetime 3600 s");
	tap_near(sd, 3600, 0.03, "exponential: deviation 3600 s");
	tap_near(below, 1 - exp(-1), 0.01, "exponential: P(life <= mean) "
	    "1 - 1/e");
	tap_ok(is_sorted(&a), "exponential: sorted");
	tap_ok(a.initially_down_count == 0 && a.initially_down[0] == 0 &&
	    a.initially_down[99] == 0, "exponential: nothing initially down");
	rng_init(&r, 1, 0);
	first = rng_exponential(&r, 3600);
	for (i = 0; i < a.n && a.ev[i].slot != 0; i++)
		;
	tap_ok(i < a.n && a.ev[i].t == first && a.ev[i].kind == FAULT_PREEMPT,
	    "exponential: slot 0 goes at the first draw of stream 0");
	fault_schedule_free(&a);
	tap_ok(a.ev == NULL && a.n == 0 && a.initially_down == NULL,
	    "fault_schedule_free zeroes");

	/* Weibull k = 0.5: mean scale * Gamma(3) = 2000, ~500k lifetimes. */
	p.source = FAULTS_WEIBULL;
	p.shape = 0.5;
	p.scale_s = 1000;
	fault_generate(&p, notice, 100, 3, 10, 1e7, &a);
	lifetimes(&a, 100, 1000, &mean, &sd, &below);
	printf("# weibull: %d events, mean %g, sd %g, P(<= scale) %g\n",
	    a.n, mean, sd, below);
	tap_near(mean, 1000 * tgamma(1 + 1 / 0.5), 0.03,
	    "weibull k 0.5: mean lifetime 2000 s");
	tap_near(sd, 1000 * sqrt(tgamma(5) - 4), 0.05,
	    "weibull k 0.5: deviation 1000 sqrt(20) s");
	tap_near(below, 1 - exp(-1), 0.01,
	    "weibull: P(life <= scale) 1 - 1/e");
	rng_init(&r, 3, 10);
	first = 1000 * pow(-log(rng_uniform(&r)), 2);
	for (i = 0; i < a.n && a.ev[i].slot != 0; i++)
		;
	tap_ok(i < a.n && a.ev[i].t == first,
	    "weibull: slot 0 goes at scale (-log u)^(1/k)");
	fault_schedule_free(&a);

	/* Determinism, seeds and streams. */
	p.source = FAULTS_EXPONENTIAL;
	fault_generate(&p, notice, 4, 7, 3, 1e5, &a);
	fault_generate(&p, notice, 4, 7, 3, 1e5, &b);
	fault_generate(&p, notice, 4, 8, 3, 1e5, &c);
	tap_ok(a.n > 0 && same_schedule(&a, &b), "same seed, same schedule");
	tap_ok(!same_schedule(&a, &c), "another seed, another schedule");
	fault_schedule_free(&b);
	fault_schedule_free(&c);
	fault_generate(&p, notice, 1, 7, 6, 1e5, &b);
	for (i = 0, s = 0, ok = 1; i < a.n; i++)
		if (a.ev[i].slot == 3) {
			ok = ok && s < b.n && a.ev[i].t == b.ev[s].t &&
			    a.ev[i].kind == b.ev[s].kind && b.ev[s].slot == 0;
			s++;
		}
	tap_ok(ok && s == b.n && s > 0,
	    "slot 3 of stream 3 is slot 0 of stream 6");
	fault_schedule_free(&a);
	fault_schedule_free(&b);

	/* Notices and replacements: notice 600 s, replacement 120 s. */
	notice = 600;
	p.replace_s = 120;
	fault_generate(&p, notice, 20, 5, 0, 1e6, &a);
	for (s = 0; s < 20; s++) {
		last_up[s] = 0;
		last_pre[s] = -1;
		st[s] = 0;	/* 0 up, 1 noticed, 2 gone */
	}
	ok = 1;
	for (i = 0; i < a.n; i++) {
		s = a.ev[i].slot;
		ok = ok && a.ev[i].t < 1e6;
		switch (a.ev[i].kind) {
		case FAULT_NOTICE:
			nn++;
			ok = ok && st[s] == 0;
			st[s] = 1;
			/* Its preemption is the slot's next event. */
			for (j = i + 1; j < a.n && a.ev[j].slot != s; j++)
				;
			ok = ok && j < a.n && a.ev[j].kind == FAULT_PREEMPT;
			if (!ok)
				break;
			if (a.ev[j].t - 600 > last_up[s]) {
				ok = ok && fabs(a.ev[j].t - a.ev[i].t - 600) <
				    1e-6;
				exact++;
			} else {
				ok = ok && a.ev[i].t == last_up[s];
				clamped++;
			}
			break;
		case FAULT_PREEMPT:
			np++;
			ok = ok && st[s] == 1;
			st[s] = 2;
			last_pre[s] = a.ev[i].t;
			break;
		case FAULT_RETURN:
			nr++;
			ok = ok && st[s] == 2 &&
			    fabs(a.ev[i].t - last_pre[s] - 120) < 1e-6;
			st[s] = 0;
			last_up[s] = a.ev[i].t;
			break;
		}
	}
	printf("# notices: %d, %d exactly 600 s before, %d at the return\n",
	    nn, exact, clamped);
	tap_ok(ok, "each slot: notice, preempt, return in turn, all before "
	    "the horizon");
	tap_ok(nn == np && exact > 0 && clamped > 0 && exact + clamped == nn,
	    "notices 600 s before the preemption, or at the return if later");
	tap_ok(nr <= np && nr >= np - 20,
	    "returns 120 s after each preemption, unless past the horizon");
	tap_ok(is_sorted(&a), "with notices: sorted");
	fault_schedule_free(&a);

	p.mttp_s = 0;
	fault_generate(&p, notice, 3, 1, 0, 1e6, &a);
	tap_ok(a.n == 0 && a.initially_down_count == 0,
	    "no mean: nothing fails");
	fault_schedule_free(&a);
}

#define EV(t, s, k)	{ t, s, FAULT_##k }

static void
small_traces(void)
{
	static const struct fault_event a_all[] = {
		EV(100, 0, PREEMPT), EV(160, 0, RETURN), EV(200, 1, PREEMPT),
		EV(400, 0, PREEMPT)
	}, a_offset[] = {
		EV(10, 2, RETURN), EV(30, 0, RETURN), EV(30, 1, NOTICE),
		EV(50, 1, PREEMPT), EV(100, 3, RETURN), EV(130, 0, NOTICE),
		EV(150, 0, PREEMPT)
	}, a_notice[] = {
		EV(0, 0, NOTICE), EV(100, 0, PREEMPT), EV(160, 0, RETURN),
		EV(160, 0, NOTICE), EV(400, 0, PREEMPT)
	}, b_all[] = {
		EV(100, 2, PREEMPT), EV(100, 3, PREEMPT), EV(150, 1, PREEMPT),
		EV(150, 2, RETURN), EV(150, 2, PREEMPT), EV(300, 1, RETURN),
		EV(300, 2, RETURN), EV(300, 3, RETURN)
	}, b_offset[] = {
		EV(50, 1, NOTICE), EV(60, 1, PREEMPT), EV(60, 2, RETURN),
		EV(60, 2, NOTICE), EV(60, 2, PREEMPT), EV(360, 1, RETURN),
		EV(360, 2, RETURN), EV(360, 3, RETURN)
	};
	struct fault_schedule sc;
	struct trace_stats st;
	struct trace tr;
	char *err = NULL;
	int rc;

	/* a: up 0-100, 160-400; b: up 0-200 (a second preempt is
	 * redundant); d: a preempt while never up, up from 120; c: up from
	 * 300 (a second return is redundant). */
	rc = read_trace(put("a.csv", "time_s,event,host\n"
	    "0,return,a\n0,return,b\n50,preempt,d\n100,preempt,a\n"
	    "120,return,d\n160,return,a\n200,preempt,b\n250,preempt,b\n"
	    "300,return,c\n350,return,c\n400,preempt,a\n"), &tr, &err);
	tap_ok(rc == 0 && err == NULL, "events trace reads");
	if (rc != 0) {
		printf("# %s\n", err);
		free(err);
		return;
	}
	tap_ok(tr.format == TRACE_EVENTS && tr.nev == 11 && tr.nhosts == 4 &&
	    tr.last_s == 400, "events: 11 rows, 4 hosts, last at 400 s");
	tap_ok(strcmp(tr.hosts[0], "a") == 0 && strcmp(tr.hosts[1], "b") == 0 &&
	    strcmp(tr.hosts[2], "d") == 0 && strcmp(tr.hosts[3], "c") == 0 &&
	    tr.ev[4].host == 2 && tr.ev[4].up == 1 && tr.ev[3].up == 0,
	    "events: hosts in order of first appearance");
	trace_stats(&tr, 0, &st);
	tap_ok(st.preemptions == 3, "stats to 400 s: 3 preemptions");
	tap_near(st.up_s, 340 + 200 + 280 + 100, 1e-12,
	    "stats to 400 s: 920 host-seconds up");
	tap_near(st.mttp_s, 920.0 / 3, 1e-12, "stats to 400 s: mttp 306.7 s");
	tap_near(st.mean_down_s, 60, 1e-12,
	    "stats to 400 s: mean down 60 s (one completed)");
	trace_stats(&tr, 500, &st);
	tap_ok(st.preemptions == 3, "stats to 500 s: 3 preemptions");
	tap_near(st.up_s, 1120, 1e-12, "stats to 500 s: hosts up to the end");
	tap_near(st.mttp_s, 1120.0 / 3, 1e-12, "stats to 500 s: mttp");
	trace_stats(&tr, 150, &st);
	tap_ok(st.preemptions == 1 && st.mean_down_s == 0,
	    "stats to 150 s: one preemption, its return after the end");
	tap_near(st.up_s, 100 + 150 + 30, 1e-12, "stats to 150 s: 280 up");
	tap_near(st.mttp_s, 280, 1e-12, "stats to 150 s: mttp 280 s");

	trace_schedule(&tr, 2, 0, 1, 0, &sc);
	events_are(&sc, a_all, 4, "events, 2 slots: the first two hosts' "
	    "preemptions and returns, no notices");
	down_are(&sc, "00", "events from 0: up at 0 is up");
	fault_schedule_free(&sc);
	trace_schedule(&tr, 5, 100, 0.5, 20, &sc);
	events_are(&sc, a_offset, 7, "events from 100 s, half speed, "
	    "notice 20 s: redundant events dropped");
	down_are(&sc, "10110", "events from 100 s: a just gone, d and c not "
	    "yet up, slot 4 has no host");
	fault_schedule_free(&sc);
	trace_schedule(&tr, 1, 0, 1, 300, &sc);
	events_are(&sc, a_notice, 5, "notice 300 s: not before 0, not "
	    "before the return, and after it");
	fault_schedule_free(&sc);
	trace_free(&tr);
	tap_ok(tr.hosts == NULL && tr.ev == NULL && tr.nhosts == 0 &&
	    tr.nev == 0, "trace_free zeroes");

	/* Counts: 4, 2 from 100 s, 3 then 1 at 150 s, 4 from 300 s. */
	rc = read_trace(put("b.csv", "time_s,available\n"
	    "0,4\n100,2\n150,3\n150,1\n300,4\n"), &tr, &err);
	tap_ok(rc == 0 && tr.format == TRACE_COUNTS && tr.ncount == 5 &&
	    tr.nhosts == 0 && tr.last_s == 300 && tr.count[3] == 1 &&
	    tr.ct[3] == 150, "counts trace reads");
	if (rc != 0) {
		printf("# %s\n", err);
		free(err);
		return;
	}
	trace_stats(&tr, 0, &st);
	tap_ok(st.preemptions == 4 && st.mean_down_s == 0,
	    "counts: 4 preemptions (2 + 2), no downtime");
	tap_near(st.up_s, 400 + 100 + 150, 1e-12, "counts: 650 up to 300 s");
	tap_near(st.mttp_s, 162.5, 1e-12, "counts: mttp 162.5 s");
	trace_stats(&tr, 400, &st);
	tap_near(st.up_s, 1050, 1e-12, "counts to 400 s: 4 more up");
	trace_schedule(&tr, 4, 0, 1, 0, &sc);
	events_are(&sc, b_all, 8, "counts: 4 -> 2 takes slots 3 and 2, "
	    "2 -> 3 -> 1 brings 2 back and takes 2 and 1");
	down_are(&sc, "0000", "counts from 0: 4 up");
	fault_schedule_free(&sc);
	trace_schedule(&tr, 5, 120, 2, 10, &sc);
	events_are(&sc, b_offset, 8, "counts from 120 s, double time, notice "
	    "10 s: a notice no earlier than the return");
	down_are(&sc, "00111", "counts from 120 s: 2 available, slot 4 never");
	fault_schedule_free(&sc);
	trace_free(&tr);

	/* CRLF and no final newline. */
	rc = read_trace(put("crlf.csv", "time_s,event,host\r\n0,return,a\r\n"
	    "100,preempt,a\r\n160,return,a"), &tr, &err);
	tap_ok(rc == 0 && tr.nev == 3 && tr.nhosts == 1 &&
	    strcmp(tr.hosts[0], "a") == 0 && tr.last_s == 160,
	    "a CRLF file without a final newline reads");
	if (rc == 0) {
		trace_stats(&tr, 0, &st);
		tap_ok(st.preemptions == 1 && st.up_s == 100 &&
		    st.mean_down_s == 60, "CRLF: 1 preemption, 100 s up, "
		    "60 s down");
		trace_free(&tr);
	} else {
		printf("# %s\n", err);
		free(err);
	}
}

static void
refused(const char *name, const char *text, const char *want)
{
	char *err = NULL, *full, title[128];
	const char *path;
	struct trace tr;
	int rc, lines;

	if (text != NULL)
		path = put(name, text);
	else {
		xasprintf(&full, "%s/%s", tmpdir, name);
		path = made[nmade++] = full;
	}
	rc = read_trace(path, &tr, &err);
	snprintf(title, sizeof title, "%s is refused", name);
	tap_ok(rc == -1 && tr.nev == 0 && tr.hosts == NULL && tr.ct == NULL,
	    title);
	xasprintf(&full, "%s%s", path, want);
	snprintf(title, sizeof title, "%s: the message says where and why",
	    name);
	tap_str(err, full, title);
	free(full);
	free(err);
	/* The same through a scenario's prefix: one line, which names the
	 * key that gave the file first. */
	rc = read_trace_at(path, &tr, "psim: s.json: /faults/preemption/trace",
	    &err, &lines);
	xasprintf(&full, "psim: s.json: /faults/preemption/trace: %s%s", path,
	    want);
	snprintf(title, sizeof title, "%s: one line, after the key's prefix",
	    name);
	tap_ok(rc == -1 && lines == 1 && err != NULL && strcmp(err, full) == 0,
	    title);
	free(full);
	free(err);
}

static void
errors(void)
{
	refused("header.csv", "foo\n0,return,a\n", ":1: expected a header "
	    "time_s,event,host or time_s,available, got \"foo\"");
	refused("header-space.csv", "time_s,event,host \n0,return,a\n",
	    ":1: expected a header time_s,event,host or time_s,available, "
	    "got \"time_s,event,host \"");
	refused("time.csv", "time_s,event,host\n0,return,a\n"
	    "10,preempt,a\n20,return,a\n30,preempt,a\nx,return,a\n",
	    ":6: expected a time in seconds >= 0, got \"x\"");
	/* every line used or refused: a blank one is an error at its line */
	refused("blank.csv", "time_s,event,host\n0,return,a\n\n"
	    "10,preempt,a\n", ":3: an empty line (a trace has its header, "
	    "then a row a line)");
	refused("time-neg.csv", "time_s,available\n-5,3\n",
	    ":2: expected a time in seconds >= 0, got \"-5\"");
	refused("time-inf.csv", "time_s,available\ninf,3\n",
	    ":2: expected a time in seconds >= 0, got \"inf\"");
	refused("time-empty.csv", "time_s,available\n,3\n",
	    ":2: expected a time in seconds >= 0, got \"\"");
	refused("decrease.csv", "time_s,event,host\n0,return,a\n0,return,b\n"
	    "60,preempt,a\n60,preempt,b\n90,return,a\n120,return,b\n"
	    "180,preempt,a\n120,preempt,b\n",
	    ":9: times must not decrease: 120 after 180");
	refused("event.csv", "time_s,event,host\n0,return,a\n10,preempt,a\n"
	    "20,add,a\n", ":4: expected event preempt or return, got \"add\"");
	refused("count.csv", "time_s,available\n0,4\n10,3\n20,4\n30,-1\n",
	    ":5: expected a count >= 0, got \"-1\"");
	refused("count-frac.csv", "time_s,available\r\n0,3.5\r\n",
	    ":2: expected a count >= 0, got \"3.5\"");
	refused("fields.csv", "time_s,event,host\n0,return,a\n5,preempt\n",
	    ":3: expected 3 fields time_s,event,host, got 2");
	refused("fields-many.csv", "time_s,event,host\n0,return,a,b\n",
	    ":2: expected 3 fields time_s,event,host, got 4");
	refused("fields-counts.csv", "time_s,available\n0,4,5\n",
	    ":2: expected 2 fields time_s,available, got 3");
	refused("host.csv", "time_s,event,host\n0,return,\n",
	    ":2: expected a host name, got \"\"");
	refused("only-header.csv", "time_s,event,host\n",
	    ": no rows after the header");
	refused("only-header-crlf.csv", "time_s,available\r\n",
	    ": no rows after the header");
	refused("blank-crlf.csv", "time_s,available\r\n\r\n",
	    ":2: an empty line (a trace has its header, then a row a line)");
	refused("empty.csv", "", ": empty file, expected a header "
	    "time_s,event,host or time_s,available");
	refused("missing.csv", NULL, ": cannot open: No such file or directory");
}

static int
read_real(const char *dir, const char *name, struct trace *tr)
{
	char *path, *err = NULL, title[160];
	int rc;

	xasprintf(&path, "%s/%s", dir, name);
	rc = read_trace(path, tr, &err);
	snprintf(title, sizeof title, "%s reads", name);
	tap_ok(rc == 0, title);
	if (rc != 0)
		printf("# %s\n", err);
	free(err);
	free(path);
	return rc;
}

/* The numbers are manifest.csv's. */
static void
published(void)
{
	const char *env = getenv("PSIM_TRACES"), *src = getenv("SRCDIR");
	const char *names[] = {
		"bamboo-aws-p3: 177 hosts, 167 preemptions",
		"bamboo-aws-p3: 273.1 instance-hours",
		"bamboo-aws-p3: mttp 1.635 h",
		"ten-workers-example: 10 hosts, 122 preemptions",
		"ten-workers-example: 195.8 instance-hours to 24 h",
		"ten-workers-example: mttp 1.605 h to 24 h",
		"ten-workers-example: mean downtime 0.3623 h (21.7 min)",
		"ten-workers-example on 10 slots: 122 preemptions, 122 returns",
		"4-node us-west-2c counts: 330 preemptions",
		"4-node us-west-2c counts: 1396 instance-hours to 1539300 s",
		"4-node us-west-2c counts: mttp 4.23 h", NULL
	};
	struct fault_schedule sc;
	struct trace_stats st;
	struct trace tr;
	struct stat sb;
	char *dir;
	int i, np = 0, nr = 0;

	if (env != NULL)
		dir = xstrdup(env);
	else
		xasprintf(&dir, "%s/../shared/data/spot-traces",
		    src != NULL ? src : ".");
	if (stat(dir, &sb) == -1 || !S_ISDIR(sb.st_mode)) {
		for (i = 0; names[i] != NULL; i++)
			tap_skip(names[i], "no trace directory");
		free(dir);
		return;
	}
	i = 0;
	if (read_real(dir, "bamboo-aws-p3.events.csv", &tr) == 0) {
		trace_stats(&tr, 0, &st);
		tap_ok(tr.nhosts == 177 && st.preemptions == 167, names[i++]);
		tap_near(st.up_s / 3600, 273.1, 0.001, names[i++]);
		tap_near(st.mttp_s / 3600, 1.635, 0.01, names[i++]);
		trace_free(&tr);
	}
	i = 3;
	if (read_real(dir, "ten-workers-example.csv", &tr) == 0) {
		trace_stats(&tr, 86400, &st);
		tap_ok(tr.nhosts == 10 && st.preemptions == 122, names[i++]);
		tap_near(st.up_s / 3600, 195.8, 0.001, names[i++]);
		tap_near(st.mttp_s / 3600, 1.605, 0.01, names[i++]);
		tap_near(st.mean_down_s / 3600, 0.3623, 0.02, names[i++]);
		trace_schedule(&tr, 10, 0, 1, 0, &sc);
		for (np = nr = 0; np + nr < sc.n; )
			if (sc.ev[np + nr].kind == FAULT_PREEMPT)
				np++;
			else
				nr++;
		tap_ok(np == 122 && nr == 122 && sc.initially_down_count == 0 &&
		    is_sorted(&sc), names[i++]);
		fault_schedule_free(&sc);
		trace_free(&tr);
	}
	i = 8;
	if (read_real(dir, "skypilot-aws-p3.2xlarge-4node-preemption-"
	    "2023-08-03-us-west-2c.count.csv", &tr) == 0) {
		trace_stats(&tr, 1539300, &st);
		tap_ok(tr.format == TRACE_COUNTS && st.preemptions == 330,
		    names[i++]);
		tap_near(st.up_s / 3600, 1396, 0.001, names[i++]);
		tap_near(st.mttp_s / 3600, 4.23, 0.01, names[i++]);
		trace_free(&tr);
	}
	free(dir);
}

int
main(void)
{
	const char *t = getenv("TMPDIR");
	int i;

	xasprintf(&tmpdir, "%s/unit-faults.XXXXXX", t != NULL && *t != '\0' ?
	    t : "/tmp");
	if (mkdtemp(tmpdir) == NULL)
		fatal("mkdtemp %s failed", tmpdir);
	generated();
	small_traces();
	errors();
	published();
	for (i = 0; i < nmade; i++) {
		unlink(made[i]);
		free(made[i]);
	}
	rmdir(tmpdir);
	free(tmpdir);
	return tap_done();
}
