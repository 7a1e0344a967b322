/* sweep.c: the grid of points, the points file, results.csv, --plan and
 * the point processes (sweep.h). */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "csv.h"
#include "files.h"
#include "units.h"
#include "utf8.h"
#include "sweep.h"
#include "xmalloc.h"

static void
vary_add(struct vary *v, const char *value)
{
	v->values = xreallocarray(v->values, (size_t)v->n + 1,
	    sizeof *v->values);
	v->values[v->n++] = xstrdup(value);
}

static const char range_grammar[] =
    "A..B[:STEP|xFACTOR], A <= B, STEP > 0, FACTOR > 1, A, B and STEP in "
    "one unit (such as 2..16:x2, 1h..4h:30min, 1Gbps..8Gbps:x2)";

/* A..B's text split at its "..": a value with its unit on each side. */
int
sweep_range_parse(const char *text, int stepped, struct range *r,
    char **cause)
{
	const char *dots = strstr(text, ".."), *colon, *ends[3];
	double v[3];
	enum unit_kind kind;
	char *s[3] = { NULL, NULL, NULL }, *one;
	int n = 2, rc = -1;

	memset(r, 0, sizeof *r);
	r->step = 1;
	if (dots == NULL)
		goto bad;
	s[0] = xstrndup(text, (size_t)(dots - text));
	colon = strchr(dots + 2, ':');
	s[1] = colon != NULL ? xstrndup(dots + 2, (size_t)(colon - dots - 2)) :
	    xstrdup(dots + 2);
	if (colon != NULL) {
		if (!stepped)
			goto bad;
		r->mul = colon[1] == 'x';
		s[2] = xstrdup(colon + 1 + r->mul);
		n = r->mul ? 2 : 3;	/* a factor has no unit */
	}
	ends[0] = s[0], ends[1] = s[1], ends[2] = s[2];
	if (units_parse_same(ends, n, &kind, v) != 0)
		goto bad;
	if (r->mul) {
		char *end;

		v[2] = strtod(s[2], &end);
		if (*end != '\0' || end == s[2])
			goto bad;
	}
	r->lo = v[0], r->hi = v[1];
	if (colon != NULL)
		r->step = v[2];
	/* the values are written in A's unit */
	r->unit = xstrdup(units_suffix(s[0]));
	xasprintf(&one, "1%s", r->unit);
	rc = units_parse_same((const char *const *)&one, 1, &kind, &r->scale);
	free(one);
	if (rc != 0 || !(r->scale > 0) || !isfinite(r->lo) ||
	    !isfinite(r->hi) || !isfinite(r->step) || (r->mul ?
	    r->step <= 1 || r->lo <= 0 : r->step <= 0) || r->hi < r->lo ||
	    (!stepped && !(r->lo < r->hi))) {
		rc = -1;
		goto bad;
	}
	rc = 0;
bad:
	free(s[0]);
	free(s[1]);
	free(s[2]);
	if (rc != 0) {
		free(r->unit);
		r->unit = NULL;
		xasprintf(cause, "expected %s", stepped ? range_grammar :
		    "LO..HI, LO < HI, both in one unit (such as 5h..40h or "
		    "100K..10M)");
	}
	return rc;
}

void
sweep_range_value(const struct range *r, double v, char *buf, size_t len)
{
	snprintf(buf, len, "%.12g%s", v / r->scale, r->unit);
}

/* The range's values into v; -2 when there would be too many. */
static int
vary_range(const struct range *r, struct vary *v)
{
	double x, count;
	int k;

	count = r->mul ? floor(log(r->hi / r->lo) / log(r->step) + 1e-9) +
	    1 : floor((r->hi - r->lo) / r->step + 1e-9) + 1;
	if (count > SWEEP_MAX_POINTS)
		return -2;
	for (x = r->lo, k = 0; x <= r->hi * (1 + 1e-12) &&
	    k < SWEEP_MAX_POINTS; k++) {
		char buf[64];

		sweep_range_value(r, x, buf, sizeof buf);
		vary_add(v, buf);
		x = r->mul ? x * r->step : r->lo + (k + 1) * r->step;
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

/* A list's items: each one there, none twice (as text, or as the same
 * number in one unit: 2 and 2.0); -1 with *cause. */
static int
vary_list(const char *arg, const char *list, struct vary *v, char **cause)
{
	const char *p = list, *comma, *pair[2];
	enum unit_kind kind;
	double x[2];
	int i, j;

	for (;;) {
		comma = strchr(p, ',');
		if (comma == p || *p == '\0') {
			xasprintf(cause, "--vary %s: value %d is empty", arg,
			    v->n + 1);
			return -1;
		}
		if (comma == NULL) {
			vary_add(v, p);
			break;
		}
		v->values = xreallocarray(v->values, (size_t)v->n + 1,
		    sizeof *v->values);
		v->values[v->n++] = xstrndup(p, (size_t)(comma - p));
		p = comma + 1;
	}
	for (i = 0; i < v->n; i++) {
		for (j = 0; j < i; j++) {
			pair[0] = v->values[j], pair[1] = v->values[i];
			if (strcmp(pair[0], pair[1]) == 0 ||
			    (units_parse_same(pair, 2, &kind, x) == 0 &&
			    x[0] == x[1])) {
				xasprintf(cause, "--vary %s: values %d and %d "
				    "(%s and %s) are the same point", arg,
				    j + 1, i + 1, pair[0], pair[1]);
				return -1;
			}
		}
	}
	return 0;
}

int
sweep_vary_parse(const char *arg, struct vary *v, char **cause)
{
	const char *eq = strchr(arg, '='), *list;
	struct range r;
	char *why;
	int rc;

	memset(v, 0, sizeof *v);
	if (eq == NULL || eq == arg || eq[1] == '\0') {
		xasprintf(cause, "--vary %s: expected PATH=V1,V2,... or "
		    "PATH=A..B[:STEP|xFACTOR]", arg);
		return -1;
	}
	v->path = xstrndup(arg, (size_t)(eq - arg));
	list = eq + 1;
	/* a range starts with a number; "../a.xml" is a value */
	if (strstr(list, "..") == NULL || strchr(list, ',') != NULL ||
	    !(isdigit((unsigned char)list[0]) || ((list[0] == '-' ||
	    list[0] == '+') && isdigit((unsigned char)list[1])))) {
		if (vary_list(arg, list, v, cause) == 0)
			return 0;
		vary_free(v);
		return -1;
	}
	if (sweep_range_parse(list, 1, &r, &why) != 0) {
		xasprintf(cause, "--vary %s: %s", arg, why);
		free(why);
		vary_free(v);
		return -1;
	}
	rc = vary_range(&r, v);
	free(r.unit);
	if (rc == -2) {
		xasprintf(cause, "--vary %s: more than %d values; a sweep runs "
		    "at most %d points (use a larger STEP or FACTOR)", arg,
		    SWEEP_MAX_POINTS, SWEEP_MAX_POINTS);
		vary_free(v);
		return -1;
	}
	return 0;
}

/* s onto name, each byte that is not a letter, a digit, '.', '+', '-'
 * or one of keep as %XX: distinct values give distinct names. */
static void
name_put(char **name, size_t *len, const char *s, const char *keep)
{
	for (; *s != '\0'; s++) {
		unsigned char ch = (unsigned char)*s;

		*name = xreallocarray(*name, *len + 4, 1);
		if (isalnum(ch) || strchr(".+-", ch) != NULL ||
		    strchr(keep, ch) != NULL)
			(*name)[(*len)++] = (char)ch;
		else
			*len += (size_t)sprintf(*name + *len, "%%%02X", ch);
	}
	(*name)[*len] = '\0';
}

/* A file name for a point's settings: PATH=VALUE joined by '_', a
 * value's bytes other than letters, digits and ".+-" written %XX, so
 * that no two points of a sweep (the same paths in the same order)
 * share a name.  A name too long for a file keeps its first 160 bytes
 * and the digest of the rest. */
static char *
point_name(char **sets, int n)
{
	size_t len = 0;
	char *name = xmalloc(1), *path, *cut;
	const char *eq;
	int k;

	name[0] = '\0';
	for (k = 0; k < n; k++) {
		eq = strchr(sets[k], '=');
		path = xstrndup(sets[k], (size_t)(eq - sets[k]));
		if (k > 0)
			name_put(&name, &len, "_", "_");
		name_put(&name, &len, path, "_");
		name_put(&name, &len, "=", "=");
		name_put(&name, &len, eq + 1, "");
		free(path);
	}
	if (len > 200) {
		xasprintf(&cut, "%.160s~%016llx", name, files_fnv1a(name,
		    len));
		free(name);
		name = cut;
	}
	return name;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(**(char *const *const *)a, **(char *const *const *)b);
}

/* No --vary path twice, none also given by --set. */
static int
grid_paths(const struct sweep *sw, char **base, int nbase, char **cause)
{
	size_t len;
	int k, j;

	for (k = 0; k < sw->nvary; k++) {
		for (j = 0; j < k; j++) {
			if (strcmp(sw->vary[j].path, sw->vary[k].path) == 0) {
				xasprintf(cause, "%s is varied twice; give "
				    "all its values in one option", sw->vary[k].path);
				return -1;
			}
		}
		len = strlen(sw->vary[k].path);
		for (j = 0; j < nbase; j++) {
			if (strncmp(base[j], sw->vary[k].path, len) == 0 &&
			    base[j][len] == '=') {
				xasprintf(cause, "%s is both varied and set "
				    "(--set %s)", sw->vary[k].path, base[j]);
				return -1;
			}
		}
	}
	return 0;
}

/* Every point's name its own (a name cut to its digest could, in
 * principle, meet another). */
static int
grid_names(const struct sweep *sw, char **cause)
{
	char ***by = xcalloc((size_t)sw->npts + 1, sizeof *by);
	int i, rc = 0;

	for (i = 0; i < sw->npts; i++)
		by[i] = &sw->pts[i].name;
	qsort(by, (size_t)sw->npts, sizeof *by, name_cmp);
	for (i = 1; i < sw->npts && rc == 0; i++) {
		if (strcmp(*by[i - 1], *by[i]) == 0) {
			xasprintf(cause, "two points would share the file "
			    "name %s", *by[i]);
			rc = -1;
		}
	}
	free(by);
	return rc;
}

int
sweep_grid(struct sweep *sw, char **base, int nbase, char **cause)
{
	double total = 1;
	int i, k, *idx;

	if (grid_paths(sw, base, nbase, cause) != 0)
		return -1;
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
	return grid_names(sw, cause);
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

/* The first line where a and b differ, each cut at its newline. */
static void
first_difference(const char *a, const char *b, char **la, char **lb)
{
	while (*a != '\0' && *b != '\0') {
		size_t na = strcspn(a, "\n"), nb = strcspn(b, "\n");

		if (na != nb || memcmp(a, b, na) != 0)
			break;
		a += na + (a[na] == '\n');
		b += nb + (b[nb] == '\n');
	}
	*la = xstrndup(a, strcspn(a, "\n"));
	*lb = xstrndup(b, strcspn(b, "\n"));
}

/* Whether DIR holds anything at all. */
static int
dir_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int empty = 1;

	if (d == NULL)
		return 1;
	while (empty && (e = readdir(d)) != NULL)
		empty = strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0;
	closedir(d);
	return empty;
}

/* DIR itself locked (flock on the directory, no file in it) by this
 * process until it ends, so that two sweeps never write one directory
 * (issue 38: three at once failed on each other's files and recorded a
 * good point as failed); -1 with *cause when another sweep holds it. */
static int
lock_dir(const char *dir, char **cause)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		fatal("cannot open %s: %s", dir, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK)
			fatal("cannot lock %s: %s", dir, strerror(errno));
		xasprintf(cause, "%s is being written by another psim sweep; "
		    "wait for it to end, or give another --out DIR", dir);
		close(fd);
		return -1;
	}
	return 0;	/* (fd stays open: the lock with it) */
}

/* DIR/sweep.txt's text, or NULL when there is none; -1 with *cause if
 * it is there and cannot be read. */
static int
read_claim(const char *file, char **text, char **cause)
{
	struct stat st;
	size_t len;
	char *why;
	FILE *f;

	*text = NULL;
	if (lstat(file, &st) != 0 && errno == ENOENT)
		return 0;
	if ((f = files_open(file, FILES_MAX_DATA, &why)) != NULL) {
		*text = files_slurp(f, FILES_MAX_DATA, &len, &why);
		fclose(f);
	}
	if (*text != NULL)
		return 0;
	xasprintf(cause, "%s: %s", file, why);
	free(why);
	return -1;
}

int
sweep_claim(const struct sweep *sw, const char *identity, char **cause)
{
	char *file = sweep_path(sw->dir, "sweep", ".txt"), *old, *la, *lb;
	char *tmp;
	FILE *f;
	int rc = 0;

	if (lock_dir(sw->dir, cause) != 0) {
		free(file);
		return -1;
	}
	if (read_claim(file, &old, cause) != 0)
		rc = -1;
	else if (old != NULL && strcmp(old, identity) != 0) {
		first_difference(old, identity, &la, &lb);
		xasprintf(cause, "%s holds another sweep: its sweep.txt has "
		    "%s%s%s where this sweep has %s%s%s; give another --out "
		    "DIR, or remove %s to start again", sw->dir,
		    *la ? "\"" : "", *la ? la : "no more lines", *la ? "\"" : "",
		    *lb ? "\"" : "", *lb ? lb : "no more lines", *lb ? "\"" : "",
		    sw->dir);
		free(la);
		free(lb);
		rc = -1;
	} else if (old == NULL && !dir_empty(sw->dir)) {
		xasprintf(cause, "%s is not empty and holds no sweep.txt (it "
		    "is not a sweep's, or an older psim's); give another "
		    "--out DIR, or remove it", sw->dir);
		rc = -1;
	} else if (old == NULL) {
		if ((f = fopen(file, "w")) == NULL || fputs(identity, f) < 0 ||
		    fclose(f) != 0)
			fatal("cannot write %s: %s", file, strerror(errno));
	}
	if (rc == 0) {	/* ours: what a killed sweep of it left */
		tmp = sweep_path(sw->dir, "results", ".csv.tmp");
		unlink(tmp);
		free(tmp);
	}
	free(old);
	free(file);
	return rc;
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

/* The first line of path into buf (empty if none), printable: bytes
 * that are not UTF-8 and control characters spelled out (utf8.h). */
static void
first_line(const char *path, char *buf, size_t len)
{
	char raw[1024], *cause, one[16];
	size_t n, i, step, used = 0;
	FILE *f;

	buf[0] = '\0';
	if ((f = files_open(path, FILES_MAX_DATA, &cause)) == NULL) {
		free(cause);
		return;
	}
	n = fread(raw, 1, sizeof raw - 1, f);
	fclose(f);
	raw[n] = '\0';
	n = strcspn(raw, "\n");
	for (i = 0; i < n; i += step) {
		step = utf8_printable(raw + i, n - i, one);
		if (used + strlen(one) + 1 > len)
			break;
		strcpy(buf + used, one);
		used += strlen(one);
	}
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

/* Whether text (len bytes) is a CSV report of these columns: valid
 * UTF-8 with no control characters but newlines, its header line the
 * columns, every row as many fields; NULL, or why not. */
static const char *
report_damage(const char *text, size_t len, const char *columns)
{
	size_t i, step, hl = strcspn(text, "\n");
	char *line, **f;
	uint32_t cp;
	int ncol, n;

	for (i = 0; i < len; i += step) {
		if ((step = utf8_decode(text + i, len - i, &cp)) == 0 ||
		    (cp != '\n' && utf8_is_control(cp)) || cp == '\t')
			return "its CSV report is not text";
	}
	if (hl != strlen(columns) || memcmp(text, columns, hl) != 0 ||
	    text[hl] != '\n')
		return "its CSV report's header is not psim's";
	line = xstrdup(columns);
	free(csv_fields(line, &ncol));
	free(line);
	for (text += hl + 1; *text != '\0'; text += i + (text[i] == '\n')) {
		i = strcspn(text, "\n");
		line = xstrndup(text, i);
		f = csv_fields(line, &n);
		free(f);
		free(line);
		if (n != ncol || text[i] != '\n')
			return "its CSV report has a damaged row";
	}
	return NULL;
}

/* Each row of the point's CSV report (one, or one per job of several)
 * after its settings; 0 if it has none.  A report that is not whole
 * (*why says how) gives none. */
static int
point_rows(FILE *out, const struct sweep *sw, const struct point *p,
    const char *csv, const char **why)
{
	char *text, *cause, *row;
	size_t len, n;
	FILE *f;
	int rows = 0;

	*why = NULL;
	if ((f = files_open(csv, FILES_MAX_DATA, &cause)) == NULL) {
		free(cause);
		return 0;
	}
	text = files_slurp(f, FILES_MAX_DATA, &len, &cause);
	fclose(f);
	if (text == NULL) {
		free(cause);
		*why = "its CSV report cannot be read";
		return 0;
	}
	if ((*why = report_damage(text, len, sw->columns)) == NULL) {
		row = text + strcspn(text, "\n") + 1;
		for (; *row != '\0'; row += n) {
			n = strcspn(row, "\n") + 1;
			point_fields(out, sw, p);
			fprintf(out, "ok,,%.*s", (int)n, row);
			rows++;
		}
	}
	free(text);
	return rows;
}

int
sweep_results_row(FILE *out, const struct sweep *sw, const struct point *p)
{
	char *csv = sweep_path(sw->dir, p->name, ".csv");
	char *err = sweep_path(sw->dir, p->name, ".err");
	char msg[1024] = "";
	const char *why = NULL;
	int failed = 0;

	if (p->failed || point_rows(out, sw, p, csv, &why) == 0) {
		point_fields(out, sw, p);
		first_line(err, msg, sizeof msg);
		fputs("failed,", out);
		csv_write_field(out, why != NULL ? why : msg[0] != '\0' ? msg :
		    "no report");
		fputc('\n', out);
		failed = 1;
	}
	fflush(out);
	free(csv);
	free(err);
	return failed;
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

/* points.tsv's first line: the varied paths; -1 if one is empty. */
static int
read_paths(struct sweep *sw, char *line)
{
	char *tok, *next;

	for (tok = line; tok != NULL; tok = next) {
		if ((next = strchr(tok, '\t')) != NULL)
			*next++ = '\0';
		if (*tok == '\0' || strchr(tok, '=') != NULL)
			return -1;
		sw->vary = xreallocarray(sw->vary, (size_t)sw->nvary + 1,
		    sizeof *sw->vary);
		memset(&sw->vary[sw->nvary], 0, sizeof *sw->vary);
		sw->vary[sw->nvary++].path = xstrdup(tok);
	}
	return 0;
}

/* A point's line: its name, then its settings, each PATH=VALUE of the
 * header's paths in order, the name the one sweep_grid gives them; -1
 * if it is not. */
static int
read_point(struct sweep *sw, char *line)
{
	struct point *p;
	char *tok = line, *next, *name;
	size_t len;
	int k, rc = 0;

	sw->pts = xreallocarray(sw->pts, (size_t)sw->npts + 1,
	    sizeof *sw->pts);
	p = &sw->pts[sw->npts++];
	memset(p, 0, sizeof *p);
	p->sets = xcalloc((size_t)sw->nvary, sizeof *p->sets);
	for (k = -1; k < sw->nvary; k++) {
		if (tok == NULL) {
			rc = -1;
			tok = line + strlen(line);	/* "" */
			next = NULL;
		} else if ((next = strchr(tok, '\t')) != NULL)
			*next++ = '\0';
		if (k < 0)
			p->name = xstrdup(tok);
		else {
			p->sets[k] = xstrdup(tok);
			len = strlen(sw->vary[k].path);
			rc |= strncmp(tok, sw->vary[k].path, len) != 0 ||
			    tok[len] != '=' ? -1 : 0;
		}
		tok = next;
	}
	if (rc != 0 || tok != NULL)
		return -1;
	name = point_name(p->sets, sw->nvary);
	rc = strcmp(name, p->name) != 0 ? -1 : 0;
	free(name);
	return rc;
}

int
sweep_read_points(struct sweep *sw, char **cause)
{
	char *file = sweep_path(sw->dir, "points", ".tsv"), *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	FILE *f;
	int rc = 0;

	if ((f = files_open(file, FILES_MAX_DATA, cause)) == NULL) {
		char *why = *cause;

		xasprintf(cause, "%s: %s (made by psim sweep or psim sweep "
		    "--plan)", file, why);
		free(why);
		free(file);
		return -1;
	}
	while (rc == 0 && (len = getline(&line, &cap, f)) != -1) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if ((size_t)len != strlen(line))
			rc = -1;
		else if (sw->vary == NULL)	/* the varied paths */
			rc = read_paths(sw, line);
		else
			rc = read_point(sw, line);
	}
	if (rc == 0 && sw->npts == 0) {
		rc = -1;
		lineno++;
	}
	if (rc != 0)
		xasprintf(cause, "%s:%ld: expected %s", file, lineno, lineno ==
		    1 ? "the varied paths, tab-separated" : "a point's name "
		    "and its settings, tab-separated, as psim sweep writes "
		    "them");
	else
		rc = grid_names(sw, cause);
	free(line);
	fclose(f);
	free(file);
	return rc;
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
	pid_t parent;

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
	parent = getpid();
	if ((p->pid = fork()) == -1)
		fatal("fork: %s", strerror(errno));
	if (p->pid == 0) {
		/* a point dies with its sweep, even one killed outright */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 ||
		    getppid() != parent)
			_exit(1);
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
		failed += sweep_results_row(out, sw, p);
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
