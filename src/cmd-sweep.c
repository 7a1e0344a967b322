/* cmd-sweep.c: psim sweep SCENARIO --vary PATH=V1,V2,... ...: the
 * cartesian product of the varied values, each point one `psim run` in
 * its own process (SimGrid cannot be re-initialised in one), N at a time.
 *
 * DIR holds, per point, NAME.json (its JSON report), NAME.csv (its CSV
 * report) and NAME.err (what it printed on stderr), NAME being the
 * point's settings; DIR/results.csv gathers one row per point as points
 * finish.  A point whose files exist is not run again, so an interrupted
 * sweep resumes. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "csv.h"
#include "report.h"
#include "scenario.h"
#include "xmalloc.h"

struct vary {
	char		*path;
	char		**values;
	int		 n;
};

struct point {
	char		**sets;		/* "path=value", one per vary */
	char		*name;		/* for its files */
	pid_t		 pid;
	int		 done, failed;
};

static void
vary_add(struct vary *v, const char *value)
{
	v->values = xreallocarray(v->values, (size_t)v->n + 1,
	    sizeof *v->values);
	v->values[v->n++] = xstrdup(value);
}

/* PATH=V1,V2,... or PATH=A..B[:STEP|xFACTOR]; -1 with *cause. */
static int
vary_parse(const char *arg, struct vary *v, char **cause)
{
	const char *eq = strchr(arg, '='), *dots, *list;
	char *end, *copy, *tok, *save;
	double a, b, step = 1, x;
	int mul = 0, k;

	memset(v, 0, sizeof *v);
	if (eq == NULL || eq == arg || eq[1] == '\0') {
		xasprintf(cause, "--vary %s: expected PATH=V1,V2,... or "
		    "PATH=A..B[:STEP|xFACTOR]", arg);
		return -1;
	}
	v->path = xstrndup(arg, (size_t)(eq - arg));
	list = eq + 1;
	if ((dots = strstr(list, "..")) != NULL) {
		copy = xstrndup(list, (size_t)(dots - list));	/* "2." */
		a = strtod(copy, &end);
		k = *end != '\0' || end == copy;
		free(copy);
		if (k)
			goto bad;
		b = strtod(dots + 2, &end);
		if (end == dots + 2)
			goto bad;
		if (*end == ':') {
			mul = end[1] == 'x';
			step = strtod(end + 1 + mul, &end);
		}
		if (*end != '\0' || !isfinite(a) || !isfinite(b) ||
		    !isfinite(step) || (mul ? step <= 1 || a <= 0 :
		    step <= 0) || b < a)
			goto bad;
		for (x = a, k = 0; x <= b * (1 + 1e-12) && k < 10000; k++) {
			char buf[64];

			snprintf(buf, sizeof buf, "%.12g", x);
			vary_add(v, buf);
			x = mul ? x * step : a + (k + 1) * step;
		}
		return 0;
	}
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save))
		vary_add(v, tok);
	free(copy);
	if (v->n > 0)
		return 0;
bad:
	xasprintf(cause, "--vary %s: expected PATH=V1,V2,... or "
	    "PATH=A..B[:STEP|xFACTOR] with A <= B, STEP > 0, FACTOR > 1",
	    arg);
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

static int
file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_size > 0;
}

static char *
path_in(const char *dir, const char *name, const char *ext)
{
	char *p;

	xasprintf(&p, "%s/%s%s", dir, name, ext);
	return p;
}

/* Append point p's row to results.csv. */
static void
write_row(FILE *out, const char *dir, const struct point *p, int nvary)
{
	char *csv = path_in(dir, p->name, ".csv");
	char *err = path_in(dir, p->name, ".err");
	char line[8192] = "", msg[1024] = "";
	FILE *f;
	int k;

	for (k = 0; k < nvary; k++) {
		csv_write_field(out, strchr(p->sets[k], '=') + 1);
		fputc(',', out);
	}
	if (!p->failed && (f = fopen(csv, "r")) != NULL) {
		if (fgets(line, sizeof line, f) == NULL ||
		    fgets(line, sizeof line, f) == NULL)
			line[0] = '\0';
		fclose(f);
	}
	if (!p->failed && line[0] != '\0')
		fprintf(out, "ok,,%s", line);
	else {
		if ((f = fopen(err, "r")) != NULL) {
			if (fgets(msg, sizeof msg, f) == NULL)
				msg[0] = '\0';
			fclose(f);
		}
		msg[strcspn(msg, "\n")] = '\0';
		fputs("failed,", out);
		csv_write_field(out, msg[0] != '\0' ? msg : "no report");
		fputc('\n', out);
	}
	fflush(out);
	free(csv);
	free(err);
}

/* --plot x=PATH,y=COLUMN[+COLUMN...][,series=PATH][,logx][,logy] */
#define MAXY	8
struct plot {
	int		 x, series;	/* vary indexes; series -1 for none */
	int		 ycol[MAXY];	/* columns of the CSV report */
	char		*yname[MAXY];
	int		 ny;
	char		*y;		/* as given: the axis label */
	int		 logx, logy;
};

static int
plot_parse(const char *spec, const struct vary *vary, int nvary,
    struct plot *pl, char **cause)
{
	char *copy = xstrdup(spec), *tok, *save, *hdr, *f[64], *ys, *ysave;
	const char *xs = NULL, *ss = NULL;
	int k, n, j, bad = 0;

	memset(pl, 0, sizeof *pl);
	pl->x = pl->series = -1;
	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if (strncmp(tok, "x=", 2) == 0)
			xs = tok + 2;
		else if (strncmp(tok, "y=", 2) == 0)
			pl->y = xstrdup(tok + 2);
		else if (strncmp(tok, "series=", 7) == 0)
			ss = tok + 7;
		else if (strcmp(tok, "logx") == 0)
			pl->logx = 1;
		else if (strcmp(tok, "logy") == 0)
			pl->logy = 1;
		else {
			xasprintf(cause, "--plot: unknown part \"%s\"; expected "
			    "x=PATH,y=COLUMN[+COLUMN...][,series=PATH][,logx]"
			    "[,logy]", tok);
			free(copy);
			return -1;
		}
	}
	for (k = 0; k < nvary; k++) {
		if (xs != NULL && strcmp(vary[k].path, xs) == 0)
			pl->x = k;
		if (ss != NULL && strcmp(vary[k].path, ss) == 0)
			pl->series = k;
	}
	hdr = xstrdup(report_csv_header());
	if ((n = csv_split(hdr, f, 64)) > 64)
		n = 64;
	ys = pl->y != NULL ? xstrdup(pl->y) : NULL;
	for (tok = ys != NULL ? strtok_r(ys, "+", &ysave) : NULL; tok != NULL;
	    tok = strtok_r(NULL, "+", &ysave)) {
		if (pl->ny == MAXY) {
			bad = 1;
			break;
		}
		pl->ycol[pl->ny] = -1;
		for (k = 0; k < n; k++) {
			if (strcmp(f[k], tok) == 0)
				pl->ycol[pl->ny] = k;
		}
		if (pl->ycol[pl->ny] < 0)
			bad = 1;
		pl->yname[pl->ny++] = xstrdup(tok);
	}
	free(ys);
	free(hdr);
	for (j = 0; j < pl->ny; j++)
		bad |= pl->ycol[j] < 0;
	if (pl->x < 0 || pl->ny == 0 || bad || (ss != NULL &&
	    pl->series < 0)) {
		xasprintf(cause, "--plot %s: x and series must name --vary "
		    "paths, and y up to %d columns of the CSV report joined "
		    "by + (psim(1))", spec, MAXY);
		free(copy);
		return -1;
	}
	free(copy);
	return 0;
}

/* DIR/plot.dat (a block per series, by x), DIR/plot.gp (a script that
 * writes DIR/plot.png and DIR/plot.svg), then gnuplot on the script: no
 * shell, the user's strings only inside the files. */
static int
plot_write(const struct plot *pl, const char *dir, struct point *pts,
    int npts, const struct vary *vary)
{
	char *dat = path_in(dir, "plot", ".dat"), *gp = path_in(dir, "plot",
	    ".gp"), *csv, line[8192], *f[64];
	int s, ns = pl->series >= 0 ? vary[pl->series].n : 1, i, k, status;
	int numeric, j, nf;
	char *end;
	FILE *d, *g;
	pid_t pid;

	if ((d = fopen(dat, "w")) == NULL || (g = fopen(gp, "w")) == NULL)
		fatal("cannot write %s: %s", dat, strerror(errno));
	for (s = 0; s < ns; s++) {
		fprintf(d, "# %s = %s\n", pl->series >= 0 ?
		    vary[pl->series].path : "series", pl->series >= 0 ?
		    vary[pl->series].values[s] : "all");
		for (k = 0; k < vary[pl->x].n; k++) {
			for (i = 0; i < npts; i++) {
				FILE *in;

				if (!pts[i].done || pts[i].failed ||
				    strcmp(strchr(pts[i].sets[pl->x], '=') + 1,
				    vary[pl->x].values[k]) != 0 ||
				    (pl->series >= 0 && strcmp(strchr(
				    pts[i].sets[pl->series], '=') + 1,
				    vary[pl->series].values[s]) != 0))
					continue;
				csv = path_in(dir, pts[i].name, ".csv");
				if ((in = fopen(csv, "r")) != NULL &&
				    fgets(line, sizeof line, in) != NULL &&
				    fgets(line, sizeof line, in) != NULL) {
					nf = csv_split(line, f, 64);
					fputs(vary[pl->x].values[k], d);
					/* an empty figure: gnuplot's NaN */
					for (j = 0; j < pl->ny; j++)
						fprintf(d, " %s", nf > pl->ycol[j] &&
						    *f[pl->ycol[j]] != '\0' ?
						    f[pl->ycol[j]] : "NaN");
					fputc('\n', d);
				}
				if (in != NULL)
					fclose(in);
				free(csv);
				break;
			}
		}
		fputs("\n\n", d);
	}
	fclose(d);
	/* Values with units ("10Gbps") go on the axis as labels, in order. */
	for (k = 0, numeric = 1; k < vary[pl->x].n; k++) {
		strtod(vary[pl->x].values[k], &end);
		if (*end != '\0')
			numeric = 0;
	}
	fprintf(g, "# written by psim sweep; edit freely, then: gnuplot %s\n"
	    "set key outside right\nset grid\nset xlabel \"%s\"\n"
	    "set ylabel \"%s\"\n%s%s", gp, vary[pl->x].path, pl->y,
	    pl->logx ? "set logscale x\n" : "", pl->logy ?
	    "set logscale y\n" : "");
	for (k = 0; k < 2; k++) {
		fprintf(g, "set terminal %s noenhanced size 800,500\nset output \"%s/plot."
		    "%s\"\nplot ", k == 0 ? "png" : "svg", dir, k == 0 ? "png" :
		    "svg");
		for (s = 0; s < ns; s++) {
			for (j = 0; j < pl->ny; j++) {
				fprintf(g, "%s\"%s\" index %d using %s%d%s with "
				    "linespoints title \"%s%s%s\"", s || j ?
				    ", \\\n     " : "", dat, s, numeric ? "1:" :
				    "0:", j + 2, numeric ? "" : ":xtic(1)",
				    pl->series >= 0 ? vary[pl->series].values[s] :
				    "", pl->series >= 0 && pl->ny > 1 ? " " : "",
				    pl->series >= 0 && pl->ny == 1 ? "" :
				    pl->yname[j]);
			}
		}
		fputs("\n", g);
	}
	fclose(g);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 1);
		execlp("gnuplot", "gnuplot", gp, (char *)NULL);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "psim: sweep: %s; wrote %s and %s: run "
		    "\"gnuplot %s\" to draw them\n", pid > 0 &&
		    WIFEXITED(status) && WEXITSTATUS(status) == 127 ?
		    "gnuplot not found" : "gnuplot failed", dat, gp, gp);
		free(dat);
		free(gp);
		return -1;
	}
	fprintf(stderr, "psim: sweep: plotted %s/plot.png and %s/plot.svg\n",
	    dir, dir);
	free(dat);
	free(gp);
	return 0;
}

/* DIR/points.tsv: the varied paths, then one line per point: its name
 * and its settings, tab-separated.  psim merge reads it. */
static void
write_points(const char *dir, const struct vary *vary, int nvary,
    const struct point *pts, int npts)
{
	char *file = path_in(dir, "points", ".tsv");
	FILE *f = fopen(file, "w");
	int i, k;

	if (f == NULL)
		fatal("cannot write %s: %s", file, strerror(errno));
	for (k = 0; k < nvary; k++)
		fprintf(f, "%s%s", k ? "\t" : "", vary[k].path);
	fputc('\n', f);
	for (i = 0; i < npts; i++) {
		fputs(pts[i].name, f);
		for (k = 0; k < nvary; k++)
			fprintf(f, "\t%s", pts[i].sets[k]);
		fputc('\n', f);
	}
	if (fclose(f) != 0)
		fatal("cannot write %s", file);
	free(file);
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

/* --plan: one self-contained command per point still to run. */
static void
plan(const char *dir, const char *scenario, char **base, int nbase,
    const struct point *pts, int npts, int nvary)
{
	char self[4096], *absdir, *abssc, *p;
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	int i, k;

	self[len > 0 ? len : 0] = '\0';
	absdir = realpath(dir, NULL);
	abssc = realpath(scenario, NULL);
	if (absdir == NULL || abssc == NULL)
		fatal("cannot resolve %s or %s: %s", dir, scenario,
		    strerror(errno));
	for (i = 0; i < npts; i++) {
		if (pts[i].done)
			continue;
		sh_word(stdout, self);
		fputs(" run --format=csv --json ", stdout);
		xasprintf(&p, "%s/%s.json", absdir, pts[i].name);
		sh_word(stdout, p);
		free(p);
		for (k = 0; k < nbase; k++) {
			fputs(" --set ", stdout);
			sh_word(stdout, base[k]);
		}
		for (k = 0; k < nvary; k++) {
			fputs(" --set ", stdout);
			sh_word(stdout, pts[i].sets[k]);
		}
		fputc(' ', stdout);
		sh_word(stdout, abssc);
		xasprintf(&p, "%s/%s.csv", absdir, pts[i].name);
		fputs(" > ", stdout);
		sh_word(stdout, p);
		free(p);
		xasprintf(&p, "%s/%s.err", absdir, pts[i].name);
		fputs(" 2> ", stdout);
		sh_word(stdout, p);
		free(p);
		fputc('\n', stdout);
	}
	free(absdir);
	free(abssc);
}

/* results.csv, with its header written. */
static FILE *
open_results(const char *results, const struct vary *vary, int nvary)
{
	FILE *out;
	int k;

	if ((out = fopen(results, "w")) == NULL)
		fatal("cannot write %s: %s", results, strerror(errno));
	for (k = 0; k < nvary; k++) {
		csv_write_field(out, vary[k].path);
		fputc(',', out);
	}
	fprintf(out, "status,error,%s\n", report_csv_header());
	return out;
}

/* Start point p: psim run --format csv --json DIR/NAME.json ... */
static void
start(struct point *p, const char *dir, const char *scenario, char **base,
    int nbase, int nvary)
{
	char **argv = xcalloc((size_t)(2 * (nbase + nvary)) + 10,
	    sizeof *argv);
	char *csv = path_in(dir, p->name, ".csv.tmp");
	char *err = path_in(dir, p->name, ".err");
	char *json = path_in(dir, p->name, ".json.tmp");
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
	argv[argc++] = (char *)scenario;
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
		execv("/proc/self/exe", argv);
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
	char *csv = path_in(dir, p->name, ".csv"), *json = path_in(dir,
	    p->name, ".json");
	char *csvt = path_in(dir, p->name, ".csv.tmp"), *jsont = path_in(dir,
	    p->name, ".json.tmp");

	p->done = 1;
	p->failed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (!p->failed && (rename(jsont, json) != 0 || rename(csvt, csv) != 0))
		fatal("cannot write %s: %s", json, strerror(errno));
	if (p->failed) {
		unlink(jsont);
		unlink(csvt);
	}
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

static void
sweep_release(struct point *pts, int npts, struct vary *vary, int nvary)
{
	int i, k;

	for (i = 0; i < npts; i++) {
		for (k = 0; k < nvary; k++)
			free(pts[i].sets[k]);
		free(pts[i].sets);
		free(pts[i].name);
	}
	for (k = 0; k < nvary; k++) {
		for (i = 0; i < vary[k].n; i++)
			free(vary[k].values[i]);
		free(vary[k].values);
		free(vary[k].path);
	}
	free(vary);
	free(pts);
}

/* psim merge DIR: results.csv from the points a plan's commands ran. */
static int
cmd_merge_exec(int argc, char **argv)
{
	struct vary *vary = NULL;
	struct point *pts = NULL;
	char *file, line[8192], *tok, *save, *results;
	int nvary = 0, npts = 0, k, i, failed = 0, missing = 0;
	FILE *f, *out;

	if (argc == 2 && (strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "--help") == 0)) {
		printf("usage: psim merge %s\n\nGather the reports of the "
		    "points of a sweep run by its --plan\ncommands into "
		    "DIR/results.csv, in point order.\n", cmd_merge_entry.usage);
		return 0;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: psim merge %s\n", cmd_merge_entry.usage);
		return 2;
	}
	file = path_in(argv[1], "points", ".tsv");
	if ((f = fopen(file, "r")) == NULL) {
		fprintf(stderr, "psim: merge: %s: %s (made by psim sweep or "
		    "psim sweep --plan)\n", file, strerror(errno));
		free(file);
		return 2;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (vary == NULL) {	/* the header: the varied paths */
			for (tok = strtok_r(line, "\t", &save); tok != NULL;
			    tok = strtok_r(NULL, "\t", &save)) {
				vary = xreallocarray(vary, (size_t)nvary + 1,
				    sizeof *vary);
				memset(&vary[nvary], 0, sizeof *vary);
				vary[nvary++].path = xstrdup(tok);
			}
			continue;
		}
		pts = xreallocarray(pts, (size_t)npts + 1, sizeof *pts);
		memset(&pts[npts], 0, sizeof *pts);
		pts[npts].sets = xcalloc((size_t)nvary, sizeof *pts->sets);
		tok = strtok_r(line, "\t", &save);
		pts[npts].name = xstrdup(tok != NULL ? tok : "");
		for (k = 0; k < nvary; k++) {
			tok = strtok_r(NULL, "\t", &save);
			pts[npts].sets[k] = xstrdup(tok != NULL ? tok : "=");
		}
		npts++;
	}
	fclose(f);
	free(file);
	results = path_in(argv[1], "results", ".csv");
	out = open_results(results, vary, nvary);
	for (i = 0; i < npts; i++) {
		char *csv = path_in(argv[1], pts[i].name, ".csv");
		char *json = path_in(argv[1], pts[i].name, ".json");
		char *err = path_in(argv[1], pts[i].name, ".err");

		pts[i].done = 1;
		pts[i].failed = !(file_exists(csv) && file_exists(json));
		if (pts[i].failed && !file_exists(err) && !file_exists(csv))
			missing++;	/* not run yet */
		else {
			failed += pts[i].failed;
			write_row(out, argv[1], &pts[i], nvary);
		}
		free(csv);
		free(json);
		free(err);
	}
	if (fclose(out) != 0)
		fatal("cannot write %s", results);
	fprintf(stderr, "psim: merge: %d points, %d failed, %d not run; %s\n",
	    npts, failed, missing, results);
	free(results);
	sweep_release(pts, npts, vary, nvary);
	return failed > 0 || missing > 0 ? 1 : 0;
}

const struct cmd_entry cmd_merge_entry = {
	.name = "merge",
	.usage = "DIR",
	.summary = "gather the reports of a planned sweep's points",
	.exec = cmd_merge_exec,
};

static int
cmd_sweep_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "vary", required_argument, NULL, 'v' },
		{ "set", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "out", required_argument, NULL, 'o' },
		{ "plot", required_argument, NULL, 'p' },
		{ "plan", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct vary *vary = NULL;
	struct point *pts;
	struct scenario *sc;
	char **base = xcalloc((size_t)argc + 1, sizeof *base), *cause, *errors;
	char *dir = NULL, *results, *end;
	const char *plotspec = NULL;
	int planning = 0;
	struct plot pl;
	int nvary = 0, nbase = 0, jobs = 0, c, npts, k, i, running = 0, next = 0;
	int done = 0, failed = 0, status, tty = isatty(2), *idx;
	time_t t0 = time(NULL);
	FILE *out;
	pid_t pid;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":v:s:j:o:p:Ph", longopts, NULL)) != -1) {
		switch (c) {
		case 'v':
			vary = xreallocarray(vary, (size_t)nvary + 1,
			    sizeof *vary);
			if (vary_parse(optarg, &vary[nvary], &cause) != 0) {
				fprintf(stderr, "psim: sweep: %s\n", cause);
				return 2;
			}
			nvary++;
			break;
		case 's':
			base[nbase++] = optarg;
			break;
		case 'j':
			jobs = (int)strtol(optarg, &end, 10);
			if (*end != '\0' || jobs < 1 || jobs > 1024) {
				fprintf(stderr, "psim: sweep: --jobs: expected "
				    "an integer from 1 to 1024, got \"%s\"\n",
				    optarg);
				return 2;
			}
			break;
		case 'o':
			dir = optarg;
			break;
		case 'p':
			plotspec = optarg;
			break;
		case 'P':
			planning = 1;
			break;
		case 'h':
			printf("usage: psim sweep %s\n\nRun SCENARIO at every "
			    "combination of the --vary values, each point a "
			    "psim run\nin its own process, N at a time; write "
			    "DIR/results.csv and each point's\nreports in DIR.  "
			    "Points already in DIR are not run again.\n\n"
			    "  -v, --vary PATH=V1,V2,...         values of a "
			    "scenario key (repeatable)\n"
			    "  -v, --vary PATH=A..B[:STEP|xFACTOR] a range, "
			    "added to or multiplied\n"
			    "  -s, --set PATH=VALUE              fixed for "
			    "every point (repeatable)\n"
			    "  -j, --jobs N                      points at once "
			    "(default: the cores)\n"
			    "  -o, --out DIR                     default "
			    "sweep-NAME\n"
			    "  -P, --plan                        print a command "
			    "per point, run nothing\n"
			    "  -p, --plot x=PATH,y=COLUMN[+COLUMN...][,series=PATH][,logx]"
			    "[,logy]\n"
			    "                                    draw DIR/plot.png "
			    "and .svg with gnuplot\n"
			    "  -h, --help                        show this help\n",
			    cmd_sweep_entry.usage);
			return 0;
		default:
			fprintf(stderr, "psim: sweep: %s %s\nusage: psim sweep "
			    "%s\n", c == ':' ? "missing value for" :
			    "unknown option", argv[optind - 1],
			    cmd_sweep_entry.usage);
			return 2;
		}
	}
	if (argc - optind != 1 || nvary == 0) {
		fprintf(stderr, "usage: psim sweep %s\n", cmd_sweep_entry.usage);
		return 2;
	}
	if (plotspec != NULL && plot_parse(plotspec, vary, nvary, &pl,
	    &cause) != 0) {
		fprintf(stderr, "psim: sweep: %s\n", cause);
		return 2;
	}
	/* The base scenario must be valid before anything runs. */
	if ((sc = scenario_load(argv[optind], base, nbase, &errors)) == NULL) {
		fputs(errors, stderr);
		free(errors);
		return 2;
	}
	if (dir == NULL)
		xasprintf(&dir, "sweep-%s", sc->name);
	scenario_free(sc);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		fatal("cannot create %s: %s", dir, strerror(errno));
	if (jobs == 0 && (jobs = (int)sysconf(_SC_NPROCESSORS_ONLN)) < 1)
		jobs = 1;

	for (npts = 1, k = 0; k < nvary; k++)
		npts *= vary[k].n;
	pts = xcalloc((size_t)npts, sizeof *pts);
	idx = xcalloc((size_t)nvary, sizeof *idx);
	for (i = 0; i < npts; i++) {	/* the last --vary varies fastest */
		pts[i].sets = xcalloc((size_t)nvary, sizeof *pts[i].sets);
		for (k = 0; k < nvary; k++)
			xasprintf(&pts[i].sets[k], "%s=%s", vary[k].path,
			    vary[k].values[idx[k]]);
		pts[i].name = point_name(pts[i].sets, nvary);
		for (k = nvary - 1; k >= 0 && ++idx[k] == vary[k].n; k--)
			idx[k] = 0;
	}

	write_points(dir, vary, nvary, pts, npts);
	for (i = 0; i < npts; i++) {	/* done before */
		char *csv = path_in(dir, pts[i].name, ".csv");
		char *json = path_in(dir, pts[i].name, ".json");

		if (file_exists(csv) && file_exists(json)) {
			pts[i].done = 1;
			done++;
		}
		free(csv);
		free(json);
	}
	if (planning) {
		plan(dir, argv[optind], base, nbase, pts, npts, nvary);
		sweep_release(pts, npts, vary, nvary);
		free(idx);
		free(base);
		return 0;
	}
	results = path_in(dir, "results", ".csv");
	out = open_results(results, vary, nvary);
	for (i = 0; i < npts; i++) {	/* done before: their rows first */
		if (pts[i].done)
			write_row(out, dir, &pts[i], nvary);
	}
	if (done > 0)
		fprintf(stderr, "psim: sweep: %d of %d points done before, "
		    "not run again\n", done, npts);

	while (done < npts) {
		while (running < jobs && next < npts) {
			if (!pts[next].done) {
				start(&pts[next], dir, argv[optind], base,
				    nbase, nvary);
				running++;
			}
			next++;
		}
		if (running == 0)
			break;
		while ((pid = wait(&status)) == -1 && errno == EINTR)
			;
		if (pid == -1)
			fatal("wait: %s", strerror(errno));
		for (i = 0; i < npts; i++) {
			if (pts[i].pid == pid && !pts[i].done)
				break;
		}
		if (i == npts)
			continue;
		running--;
		finish(&pts[i], dir, status);
		failed += pts[i].failed;
		write_row(out, dir, &pts[i], nvary);
		done++;
		progress(done, failed, npts, t0, tty);
	}
	/* Rows went out as points finished; now put them in point order,
	 * so that the same sweep always gives the same file. */
	if (fclose(out) != 0)
		fatal("cannot write %s", results);
	out = open_results(results, vary, nvary);
	for (i = 0; i < npts; i++) {
		if (pts[i].done)
			write_row(out, dir, &pts[i], nvary);
	}
	if (fclose(out) != 0)
		fatal("cannot write %s", results);
	fprintf(stderr, "psim: sweep: %d points, %d failed; %s\n", npts,
	    failed, results);
	if (plotspec != NULL) {
		plot_write(&pl, dir, pts, npts, vary);
		free(pl.y);
		for (i = 0; i < pl.ny; i++)
			free(pl.yname[i]);
	}
	sweep_release(pts, npts, vary, nvary);
	free(idx);
	free(base);
	free(results);
	return failed > 0 ? 1 : 0;
}

const struct cmd_entry cmd_sweep_entry = {
	.name = "sweep",
	.usage = "[-P] [-j N] [-o DIR] [-p SPEC] [-s PATH=VALUE]... "
	    "-v PATH=VALUES... SCENARIO",
	.summary = "run a scenario over a grid of values, in parallel",
	.exec = cmd_sweep_exec,
};
