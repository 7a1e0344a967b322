/* sweep.c: the grid of points, the points file, results.csv, --plan and
 * the point processes (sweep.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "csv.h"
#include "sweep.h"
#include "xmalloc.h"

static void
vary_add(struct vary *v, const char *value)
{
	v->values = xreallocarray(v->values, (size_t)v->n + 1,
	    sizeof *v->values);
	v->values[v->n++] = xstrdup(value);
}

/* A..B[:STEP|xFACTOR], dots pointing at its "..": A, A+STEP, ... up to
 * B, or A, A*FACTOR, ...; -1 if it is not one. */
static int
vary_range(const char *list, const char *dots, struct vary *v)
{
	char *end, *copy;
	double a, b, step = 1, x, count;
	int mul = 0, k;

	copy = xstrndup(list, (size_t)(dots - list));	/* "2." */
	a = strtod(copy, &end);
	k = *end != '\0' || end == copy;
	free(copy);
	if (k)
		return -1;
	b = strtod(dots + 2, &end);
	if (end == dots + 2)
		return -1;
	if (*end == ':') {
		mul = end[1] == 'x';
		step = strtod(end + 1 + mul, &end);
	}
	if (*end != '\0' || !isfinite(a) || !isfinite(b) ||
	    !isfinite(step) || (mul ? step <= 1 || a <= 0 :
	    step <= 0) || b < a)
		return -1;
	count = mul ? floor(log(b / a) / log(step) + 1e-9) + 1 :
	    floor((b - a) / step + 1e-9) + 1;
	if (count > SWEEP_MAX_POINTS)
		return -2;
	for (x = a, k = 0; x <= b * (1 + 1e-12) && k < SWEEP_MAX_POINTS;
	    k++) {
		char buf[64];

		snprintf(buf, sizeof buf, "%.12g", x);
		vary_add(v, buf);
		x = mul ? x * step : a + (k + 1) * step;
	}
	return 0;
}

static void
vary_free(struct vary *v)
{
	int i;

	for (i = 0; i < v->n; i++)
		free(v->values[i]);
	free(v->values);
	free(v->path);
	memset(v, 0, sizeof *v);
}

int
sweep_vary_parse(const char *arg, struct vary *v, char **cause)
{
	const char *eq = strchr(arg, '='), *dots, *list;
	char *copy, *tok, *save;
	int rc;

	memset(v, 0, sizeof *v);
	if (eq == NULL || eq == arg || eq[1] == '\0') {
		xasprintf(cause, "--vary %s: expected PATH=V1,V2,... or "
		    "PATH=A..B[:STEP|xFACTOR]", arg);
		return -1;
	}
	v->path = xstrndup(arg, (size_t)(eq - arg));
	list = eq + 1;
	if ((dots = strstr(list, "..")) != NULL) {
		if ((rc = vary_range(list, dots, v)) == 0)
			return 0;
		if (rc == -2) {
			xasprintf(cause, "--vary %s: more than %d values; a "
			    "sweep runs at most %d points (use a larger STEP "
			    "or FACTOR)", arg, SWEEP_MAX_POINTS,
			    SWEEP_MAX_POINTS);
			vary_free(v);
			return -1;
		}
	} else {
		copy = xstrdup(list);
		for (tok = strtok_r(copy, ",", &save); tok != NULL;
		    tok = strtok_r(NULL, ",", &save))
			vary_add(v, tok);
		free(copy);
		if (v->n > 0)
			return 0;
	}
	xasprintf(cause, "--vary %s: expected PATH=V1,V2,... or "
	    "PATH=A..B[:STEP|xFACTOR] with A <= B, STEP > 0, FACTOR > 1",
	    arg);
	vary_free(v);
	return -1;
}

/* A file name for a point's settings. */
static char *
point_name(char **sets, int n)
{
	size_t len = 0, i;
	char *name, *p;
	int k;

	for (k = 0; k < n; k++)
		len += strlen(sets[k]) + 1;
	name = xmalloc(len + 1);
	name[0] = '\0';
	for (k = 0; k < n; k++) {
		if (k > 0)
			strcat(name, "_");
		strcat(name, sets[k]);
	}
	for (i = 0, p = name; p[i] != '\0'; i++) {
		if (!isalnum((unsigned char)p[i]) && strchr("=.-+_", p[i]) ==
		    NULL)
			p[i] = '-';
	}
	return name;
}

int
sweep_grid(struct sweep *sw, char **cause)
{
	double total = 1;
	int i, k, *idx;

	for (k = 0; k < sw->nvary; k++)
		total *= sw->vary[k].n;
	if (total > SWEEP_MAX_POINTS) {
		xasprintf(cause, "%d --vary options make %.0f points; a sweep "
		    "runs at most %d", sw->nvary, total, SWEEP_MAX_POINTS);
		return -1;
	}
	sw->npts = (int)total;
	sw->pts = xcalloc((size_t)sw->npts, sizeof *sw->pts);
	idx = xcalloc((size_t)sw->nvary, sizeof *idx);
	for (i = 0; i < sw->npts; i++) {	/* the last vary varies fastest */
		sw->pts[i].sets = xcalloc((size_t)sw->nvary,
		    sizeof *sw->pts[i].sets);
		for (k = 0; k < sw->nvary; k++)
			xasprintf(&sw->pts[i].sets[k], "%s=%s",
			    sw->vary[k].path, sw->vary[k].values[idx[k]]);
		sw->pts[i].name = point_name(sw->pts[i].sets, sw->nvary);
		for (k = sw->nvary - 1; k >= 0 && ++idx[k] == sw->vary[k].n;
		    k--)
			idx[k] = 0;
	}
	free(idx);
	return 0;
}

char *
sweep_path(const char *dir, const char *name, const char *ext)
{
	char *p;

	xasprintf(&p, "%s/%s%s", dir, name, ext);
	return p;
}

int
sweep_has(const struct sweep *sw, const struct point *p, const char *ext)
{
	char *path = sweep_path(sw->dir, p->name, ext);
	struct stat st;
	int has = stat(path, &st) == 0 && st.st_size > 0;

	free(path);
	return has;
}

/* The files a point's process writes before they are its report. */
static void
remove_partial(const char *dir, const struct point *p)
{
	char *csvt = sweep_path(dir, p->name, ".csv.tmp");
	char *jsont = sweep_path(dir, p->name, ".json.tmp");

	unlink(csvt);
	unlink(jsont);
	free(csvt);
	free(jsont);
}

int
sweep_done_before(struct sweep *sw)
{
	int i, done = 0;

	for (i = 0; i < sw->npts; i++) {
		if (sweep_has(sw, &sw->pts[i], ".csv") &&
		    sweep_has(sw, &sw->pts[i], ".json")) {
			sw->pts[i].done = 1;
			done++;
		} else
			remove_partial(sw->dir, &sw->pts[i]);
	}
	return done;
}

FILE *
sweep_results_open(const struct sweep *sw, const char *results)
{
	FILE *out;
	int k;

	if ((out = fopen(results, "w")) == NULL)
		fatal("cannot write %s: %s", results, strerror(errno));
	for (k = 0; k < sw->nvary; k++) {
		csv_write_field(out, sw->vary[k].path);
		fputc(',', out);
	}
	fprintf(out, "status,error,%s\n", sw->columns);
	return out;
}

/* The first line of path into buf (empty if none); with skip, the
 * second. */
static void
first_line(const char *path, int skip, char *buf, int len)
{
	FILE *f;

	buf[0] = '\0';
	if ((f = fopen(path, "r")) == NULL)
		return;
	if (fgets(buf, len, f) == NULL || (skip && fgets(buf, len, f) ==
	    NULL))
		buf[0] = '\0';
	fclose(f);
}

/* The point's settings, each a field and a comma. */
static void
point_fields(FILE *out, const struct sweep *sw, const struct point *p)
{
	int k;

	for (k = 0; k < sw->nvary; k++) {
		csv_write_field(out, strchr(p->sets[k], '=') + 1);
		fputc(',', out);
	}
}

/* Each row of the point's CSV report (one, or one per job of several)
 * after its settings; 0 if it has none. */
static int
point_rows(FILE *out, const struct sweep *sw, const struct point *p,
    const char *csv)
{
	char *line = NULL;
	size_t cap = 0;
	FILE *f;
	int rows = 0;

	if ((f = fopen(csv, "r")) == NULL)
		return 0;
	if (getline(&line, &cap, f) > 0) {
		while (getline(&line, &cap, f) > 0) {
			point_fields(out, sw, p);
			fprintf(out, "ok,,%s", line);
			rows++;
		}
	}
	free(line);
	fclose(f);
	return rows;
}

void
sweep_results_row(FILE *out, const struct sweep *sw, const struct point *p)
{
	char *csv = sweep_path(sw->dir, p->name, ".csv");
	char *err = sweep_path(sw->dir, p->name, ".err");
	char msg[1024] = "";

	if (p->failed || point_rows(out, sw, p, csv) == 0) {
		point_fields(out, sw, p);
		first_line(err, 0, msg, sizeof msg);
		msg[strcspn(msg, "\n")] = '\0';
		fputs("failed,", out);
		csv_write_field(out, msg[0] != '\0' ? msg : "no report");
		fputc('\n', out);
	}
	fflush(out);
	free(csv);
	free(err);
}

/* DIR/points.tsv: the varied paths, then one line per point: its name
 * and its settings, tab-separated.  psim merge reads it. */
void
sweep_write_points(const struct sweep *sw)
{
	char *file = sweep_path(sw->dir, "points", ".tsv");
	FILE *f = fopen(file, "w");
	int i, k;

	if (f == NULL)
		fatal("cannot write %s: %s", file, strerror(errno));
	for (k = 0; k < sw->nvary; k++)
		fprintf(f, "%s%s", k ? "\t" : "", sw->vary[k].path);
	fputc('\n', f);
	for (i = 0; i < sw->npts; i++) {
		fputs(sw->pts[i].name, f);
		for (k = 0; k < sw->nvary; k++)
			fprintf(f, "\t%s", sw->pts[i].sets[k]);
		fputc('\n', f);
	}
	if (fclose(f) != 0)
		fatal("cannot write %s", file);
	free(file);
}

/* points.tsv's first line: the varied paths. */
static void
read_paths(struct sweep *sw, char *line)
{
	char *tok, *save;

	for (tok = strtok_r(line, "\t", &save); tok != NULL;
	    tok = strtok_r(NULL, "\t", &save)) {
		sw->vary = xreallocarray(sw->vary, (size_t)sw->nvary + 1,
		    sizeof *sw->vary);
		memset(&sw->vary[sw->nvary], 0, sizeof *sw->vary);
		sw->vary[sw->nvary++].path = xstrdup(tok);
	}
}

/* A point's line: its name, then its settings. */
static void
read_point(struct sweep *sw, char *line)
{
	struct point *p;
	char *tok, *save;
	int k;

	sw->pts = xreallocarray(sw->pts, (size_t)sw->npts + 1,
	    sizeof *sw->pts);
	p = &sw->pts[sw->npts++];
	memset(p, 0, sizeof *p);
	p->sets = xcalloc((size_t)sw->nvary, sizeof *p->sets);
	tok = strtok_r(line, "\t", &save);
	p->name = xstrdup(tok != NULL ? tok : "");
	for (k = 0; k < sw->nvary; k++) {
		tok = strtok_r(NULL, "\t", &save);
		p->sets[k] = xstrdup(tok != NULL ? tok : "=");
	}
}

int
sweep_read_points(struct sweep *sw)
{
	char *file = sweep_path(sw->dir, "points", ".tsv"), line[8192];
	FILE *f;
	int e;

	if ((f = fopen(file, "r")) == NULL) {
		e = errno;
		free(file);
		errno = e;
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (sw->vary == NULL)	/* the header: the varied paths */
			read_paths(sw, line);
		else
			read_point(sw, line);
	}
	fclose(f);
	free(file);
	return 0;
}

/* A word for sh: single-quoted, quotes escaped. */
static void
sh_word(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

/* " > DIR/NAME.EXT" with op for ">". */
static void
sh_redirect(const char *op, const char *absdir, const char *name,
    const char *ext)
{
	char *p = sweep_path(absdir, name, ext);

	fputs(op, stdout);
	sh_word(stdout, p);
	free(p);
}

/* Point p's command, as sweep_run would run it. */
static void
plan_point(const char *self, const char *absdir, const char *abssc,
    char **base, int nbase, const struct point *p, int nvary)
{
	int k;

	sh_word(stdout, self);
	sh_redirect(" run --format=csv --json ", absdir, p->name, ".json");
	for (k = 0; k < nbase; k++) {
		fputs(" --set ", stdout);
		sh_word(stdout, base[k]);
	}
	for (k = 0; k < nvary; k++) {
		fputs(" --set ", stdout);
		sh_word(stdout, p->sets[k]);
	}
	fputc(' ', stdout);
	sh_word(stdout, abssc);
	sh_redirect(" > ", absdir, p->name, ".csv");
	sh_redirect(" 2> ", absdir, p->name, ".err");
	fputc('\n', stdout);
}

void
sweep_plan(const struct sweep *sw, const char *scenario, char **base,
    int nbase)
{
	char self[4096], *absdir, *abssc;
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	int i;

	self[len > 0 ? len : 0] = '\0';
	absdir = realpath(sw->dir, NULL);
	abssc = realpath(scenario, NULL);
	if (absdir == NULL || abssc == NULL)
		fatal("cannot resolve %s or %s: %s", sw->dir, scenario,
		    strerror(errno));
	for (i = 0; i < sw->npts; i++) {
		if (!sw->pts[i].done)
			plan_point(self, absdir, abssc, base, nbase,
			    &sw->pts[i], sw->nvary);
	}
	free(absdir);
	free(abssc);
}

/* Start point p: psim run --format csv --json DIR/NAME.json ... */
static void
start(struct point *p, const char *dir, const char *scenario, char **base,
    int nbase, int nvary)
{
	const char **argv = xcalloc((size_t)(2 * (nbase + nvary)) + 10,
	    sizeof *argv);
	char *csv = sweep_path(dir, p->name, ".csv.tmp");
	char *err = sweep_path(dir, p->name, ".err");
	char *json = sweep_path(dir, p->name, ".json.tmp");
	int argc = 0, k, fd;

	argv[argc++] = "psim";
	argv[argc++] = "run";
	argv[argc++] = "--format=csv";
	argv[argc++] = "--json";
	argv[argc++] = json;
	for (k = 0; k < nbase; k++) {
		argv[argc++] = "--set";
		argv[argc++] = base[k];
	}
	for (k = 0; k < nvary; k++) {
		argv[argc++] = "--set";
		argv[argc++] = p->sets[k];
	}
	argv[argc++] = scenario;
	argv[argc] = NULL;
	fflush(NULL);
	if ((p->pid = fork()) == -1)
		fatal("fork: %s", strerror(errno));
	if (p->pid == 0) {
		if ((fd = open(csv, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
		    dup2(fd, 1) < 0)
			_exit(1);
		if ((fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
		    dup2(fd, 2) < 0)
			_exit(1);
		execv("/proc/self/exe", (char *const *)argv);
		fprintf(stderr, "psim: sweep: cannot run psim: %s\n",
		    strerror(errno));
		_exit(1);
	}
	free(argv);
	free(csv);
	free(err);
	free(json);
}

/* Point p's process ended with status. */
static void
finish(struct point *p, const char *dir, int status)
{
	char *csv = sweep_path(dir, p->name, ".csv"), *json = sweep_path(dir,
	    p->name, ".json");
	char *csvt = sweep_path(dir, p->name, ".csv.tmp"),
	    *jsont = sweep_path(dir, p->name, ".json.tmp");

	p->done = 1;
	p->failed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (!p->failed && (rename(jsont, json) != 0 || rename(csvt, csv) != 0))
		fatal("cannot write %s: %s", json, strerror(errno));
	if (p->failed)
		remove_partial(dir, p);
	free(csv);
	free(json);
	free(csvt);
	free(jsont);
}

static void
progress(int done, int failed, int total, time_t t0, int tty)
{
	long el = (long)(time(NULL) - t0), left;
	int width = 30, fill = total > 0 ? done * width / total : width, i;

	left = done > 0 ? el * (total - done) / done : -1;
	if (!tty) {
		fprintf(stderr, "psim: sweep: %d/%d points done, %d failed, "
		    "%ld s elapsed\n", done, total, failed, el);
		return;
	}
	fputs("\r[", stderr);
	for (i = 0; i < width; i++)
		fputc(i < fill ? '=' : ' ', stderr);
	fprintf(stderr, "] %d/%d done, %d failed, %02ld:%02ld elapsed", done,
	    total, failed, el / 60, el % 60);
	if (left >= 0)
		fprintf(stderr, ", ~%02ld:%02ld left", left / 60, left % 60);
	if (done == total)
		fputc('\n', stderr);
}

/* results.csv anew: a row per point done, in point order, written
 * beside it and renamed over it, so that it is whole or the old one. */
static void
results_write(const struct sweep *sw, const char *results)
{
	char *tmp;
	FILE *out;
	int i;

	xasprintf(&tmp, "%s.tmp", results);
	out = sweep_results_open(sw, tmp);
	for (i = 0; i < sw->npts; i++) {
		if (sw->pts[i].done)
			sweep_results_row(out, sw, &sw->pts[i]);
	}
	if (fclose(out) != 0 || rename(tmp, results) != 0)
		fatal("cannot write %s", results);
	free(tmp);
}

static volatile sig_atomic_t stop_signal;

static void
on_stop(int sig)
{
	stop_signal = sig;
}

/* SIGINT, SIGTERM and SIGHUP interrupt the wait for the points (no
 * SA_RESTART), so that the sweep can clean up before it dies of them. */
static void
catch_stops(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

/* Stopped by a signal: end the points under way, remove what they had
 * written, keep results.csv to the points done, and die of the signal. */
static void
stop_points(struct sweep *sw, const char *results, FILE *out, int done)
{
	int i, sig = stop_signal;
	char *err;

	for (i = 0; i < sw->npts; i++) {
		if (sw->pts[i].pid > 0 && !sw->pts[i].done)
			kill(sw->pts[i].pid, SIGTERM);
	}
	for (i = 0; i < sw->npts; i++) {
		if (sw->pts[i].pid > 0 && !sw->pts[i].done) {
			while (waitpid(sw->pts[i].pid, NULL, 0) == -1 &&
			    errno == EINTR)
				;
			remove_partial(sw->dir, &sw->pts[i]);
			err = sweep_path(sw->dir, sw->pts[i].name, ".err");
			unlink(err);
			free(err);
		}
	}
	fclose(out);
	results_write(sw, results);
	fprintf(stderr, "\npsim: sweep: stopped by signal %d with %d of %d "
	    "points done; the same command goes on from there\n", sig, done,
	    sw->npts);
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

/* Wait for one of the point processes; its point with *status, or NULL
 * for another child or a stop signal. */
static struct point *
wait_point(struct sweep *sw, int *status)
{
	pid_t pid;
	int i;

	while ((pid = wait(status)) == -1 && errno == EINTR &&
	    !stop_signal)
		;
	if (stop_signal)
		return NULL;
	if (pid == -1)
		fatal("wait: %s", strerror(errno));
	for (i = 0; i < sw->npts; i++) {
		if (sw->pts[i].pid == pid && !sw->pts[i].done)
			return &sw->pts[i];
	}
	return NULL;
}

/* The points not done, jobs at a time, a row of out as each finishes;
 * returns how many failed. */
static int
run_points(struct sweep *sw, const char *scenario, char **base, int nbase,
    int jobs, int done, FILE *out, const char *results)
{
	struct point *p;
	int running = 0, next = 0, failed = 0, status, tty = isatty(2);
	time_t t0 = time(NULL);

	catch_stops();
	while (done < sw->npts) {
		if (stop_signal)
			stop_points(sw, results, out, done);
		while (running < jobs && next < sw->npts) {
			if (!sw->pts[next].done) {
				start(&sw->pts[next], sw->dir, scenario, base,
				    nbase, sw->nvary);
				running++;
			}
			next++;
		}
		if (running == 0)
			break;
		if ((p = wait_point(sw, &status)) == NULL)
			continue;	/* (a stop: at the top) */
		running--;
		finish(p, sw->dir, status);
		failed += p->failed;
		sweep_results_row(out, sw, p);
		done++;
		progress(done, failed, sw->npts, t0, tty);
	}
	return failed;
}

int
sweep_run(struct sweep *sw, const char *scenario, char **base, int nbase,
    int jobs, int done)
{
	char *results = sweep_path(sw->dir, "results", ".csv");
	FILE *out = sweep_results_open(sw, results);
	int i, failed;

	for (i = 0; i < sw->npts; i++) {	/* done before: their rows first */
		if (sw->pts[i].done)
			sweep_results_row(out, sw, &sw->pts[i]);
	}
	if (done > 0)
		fprintf(stderr, "psim: sweep: %d of %d points done before, "
		    "not run again\n", done, sw->npts);
	failed = run_points(sw, scenario, base, nbase, jobs, done, out,
	    results);
	/* Rows went out as points finished; now put them in point order,
	 * so that the same sweep always gives the same file. */
	if (fclose(out) != 0)
		fatal("cannot write %s", results);
	results_write(sw, results);
	fprintf(stderr, "psim: sweep: %d points, %d failed; %s\n", sw->npts,
	    failed, results);
	free(results);
	return failed;
}

void
sweep_free(struct sweep *sw)
{
	int i, k;

	for (i = 0; i < sw->npts; i++) {
		for (k = 0; k < sw->nvary; k++)
			free(sw->pts[i].sets[k]);
		free(sw->pts[i].sets);
		free(sw->pts[i].name);
	}
	for (k = 0; k < sw->nvary; k++)
		vary_free(&sw->vary[k]);
	free(sw->vary);
	free(sw->pts);
	sw->vary = NULL;
	sw->pts = NULL;
	sw->nvary = sw->npts = 0;
}
