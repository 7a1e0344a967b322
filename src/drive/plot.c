/* plot.c: --plot's spec, plot.dat, plot.gp and gnuplot (plot.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "csv.h"
#include "plot.h"
#include "sweep.h"
#include "xmalloc.h"

/* y's columns, joined by +, looked up in the CSV report's header; -1 if
 * one is not there or there are more than PLOT_MAXY. */
static int
plot_columns(struct plot *pl, const char *columns)
{
	char *hdr, **f, *ys, *tok, *save;
	size_t len;
	int k, n, j, bad = 0;

	hdr = xstrdup(columns);
	f = csv_fields(hdr, &n);
	ys = pl->y != NULL ? xstrdup(pl->y) : NULL;
	for (tok = ys != NULL ? strtok_r(ys, "+", &save) : NULL; tok != NULL;
	    tok = strtok_r(NULL, "+", &save)) {
		if (pl->ny == PLOT_MAXY) {
			bad = 1;
			break;
		}
		pl->ycol[pl->ny] = pl->ecol[pl->ny] = -1;
		len = strlen(tok);
		for (k = 0; k < n; k++) {
			if (strcmp(f[k], tok) == 0)
				pl->ycol[pl->ny] = k;
			/* <figure>_mean: its <figure>_ci95 */
			if (len > 5 && strcmp(tok + len - 5, "_mean") == 0 &&
			    strncmp(f[k], tok, len - 5) == 0 &&
			    strcmp(f[k] + len - 5, "_ci95") == 0)
				pl->ecol[pl->ny] = k;
		}
		if (pl->ycol[pl->ny] < 0)
			bad = 1;
		pl->yname[pl->ny++] = xstrdup(tok);
	}
	free(ys);
	free(f);
	free(hdr);
	for (j = 0; j < pl->ny; j++)
		bad |= pl->ycol[j] < 0;
	return bad ? -1 : 0;
}

int
plot_parse(const char *spec, const struct sweep *sw, struct plot *pl,
    char **cause)
{
	char *copy = xstrdup(spec), *tok, *save;
	const char *xs = NULL, *ss = NULL;
	int k, bad;

	memset(pl, 0, sizeof *pl);
	pl->x = pl->series = -1;
	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if (strncmp(tok, "x=", 2) == 0)
			xs = tok + 2;
		else if (strncmp(tok, "y=", 2) == 0) {
			free(pl->y);	/* the last y= counts */
			pl->y = xstrdup(tok + 2);
		}
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
			plot_free(pl);
			return -1;
		}
	}
	for (k = 0; k < sw->nvary; k++) {
		if (xs != NULL && strcmp(sw->vary[k].path, xs) == 0)
			pl->x = k;
		if (ss != NULL && strcmp(sw->vary[k].path, ss) == 0)
			pl->series = k;
	}
	bad = plot_columns(pl, sw->columns) != 0;
	if (pl->x < 0 || pl->ny == 0 || bad || (ss != NULL &&
	    pl->series < 0)) {
		xasprintf(cause, "--plot %s: x and series must name --vary "
		    "paths, and y up to %d columns of the CSV report joined "
		    "by + (psim(1))", spec, PLOT_MAXY);
		free(copy);
		plot_free(pl);
		return -1;
	}
	free(copy);
	return 0;
}

/* Whether point p has vary k's value v. */
static int
has_value(const struct point *p, int k, const char *v)
{
	return strcmp(strchr(p->sets[k], '=') + 1, v) == 0;
}

/* Point p's line of plot.dat: x, then its figures from its CSV report
 * (an empty figure: gnuplot's NaN); nothing without a report. */
static void
point_line(FILE *d, const struct plot *pl, const struct sweep *sw,
    const struct point *p, const char *x)
{
	char *csv = sweep_path(sw->dir, p->name, ".csv"), *line = NULL, **f;
	size_t cap = 0;
	int j, nf;
	FILE *in;

	if ((in = fopen(csv, "r")) != NULL &&
	    getline(&line, &cap, in) > 0 && getline(&line, &cap, in) > 0) {
		f = csv_fields(line, &nf);
		fputs(x, d);
		for (j = 0; j < pl->ny; j++) {
			fprintf(d, " %s", nf > pl->ycol[j] &&
			    *f[pl->ycol[j]] != '\0' ? f[pl->ycol[j]] : "NaN");
			if (pl->ecol[j] >= 0)
				fprintf(d, " %s", nf > pl->ecol[j] &&
				    *f[pl->ecol[j]] != '\0' ?
				    f[pl->ecol[j]] : "NaN");
		}
		fputc('\n', d);
		free(f);
	}
	if (in != NULL)
		fclose(in);
	free(line);
	free(csv);
}

/* plot.dat: a block per series (one "all" without), a line per x value
 * from the first point done with it. */
static void
plot_data(FILE *d, const struct plot *pl, const struct sweep *sw, int ns)
{
	const struct vary *vx = &sw->vary[pl->x], *vs = pl->series >= 0 ?
	    &sw->vary[pl->series] : NULL;
	const struct point *p;
	int s, k, i;

	for (s = 0; s < ns; s++) {
		fprintf(d, "# %s = %s\n", vs != NULL ? vs->path : "series",
		    vs != NULL ? vs->values[s] : "all");
		for (k = 0; k < vx->n; k++) {
			for (i = 0; i < sw->npts; i++) {
				p = &sw->pts[i];
				if (!p->done || p->failed ||
				    !has_value(p, pl->x, vx->values[k]) ||
				    (vs != NULL && !has_value(p, pl->series,
				    vs->values[s])))
					continue;
				point_line(d, pl, sw, p, vx->values[k]);
				break;
			}
		}
		fputs("\n\n", d);
	}
}

/* plot.gp: the axes, then a png and an svg of a line per series and
 * figure.  Values with units ("10Gbps") go on the x axis as labels, in
 * order. */
static void
plot_script(FILE *g, const struct plot *pl, const struct sweep *sw, int ns,
    const char *dat, const char *gp)
{
	const struct vary *vx = &sw->vary[pl->x], *vs = pl->series >= 0 ?
	    &sw->vary[pl->series] : NULL;
	int k, s, j, c, numeric;
	char *end, cols[32];

	for (k = 0, numeric = 1; k < vx->n; k++) {
		strtod(vx->values[k], &end);
		if (*end != '\0')
			numeric = 0;
	}
	fprintf(g, "# written by psim sweep; edit freely, then: gnuplot %s\n"
	    "set key outside right\nset grid\nset xlabel \"%s\"\n"
	    "set ylabel \"%s\"\n%s%s", gp, vx->path, pl->y,
	    pl->logx ? "set logscale x\n" : "", pl->logy ?
	    "set logscale y\n" : "");
	for (j = 0; j < pl->ny && pl->ecol[j] < 0; j++)
		;
	if (j < pl->ny)		/* error bars: not cut at the ends */
		fputs("set offsets graph 0.04, graph 0.04, 0, 0\n", g);
	for (k = 0; k < 2; k++) {
		fprintf(g, "set terminal %s noenhanced size 800,500\nset output "
		    "\"%s/plot.%s\"\nplot ", k == 0 ? "png" : "svg", sw->dir,
		    k == 0 ? "png" : "svg");
		for (s = 0; s < ns; s++) {
			for (j = 0, c = 2; j < pl->ny; j++) {
				if (pl->ecol[j] >= 0)
					snprintf(cols, sizeof cols, "%d:%d", c,
					    c + 1);
				else
					snprintf(cols, sizeof cols, "%d", c);
				c += pl->ecol[j] >= 0 ? 2 : 1;
				fprintf(g, "%s\"%s\" index %d using %s%s%s with "
				    "%s title \"%s%s%s\"", s || j ?
				    ", \\\n     " : "", dat, s, numeric ? "1:" :
				    "0:", cols, numeric ? "" : ":xtic(1)",
				    pl->ecol[j] >= 0 ? "yerrorlines" :
				    "linespoints",
				    vs != NULL ? vs->values[s] : "", vs != NULL &&
				    pl->ny > 1 ? " " : "", vs != NULL &&
				    pl->ny == 1 ? "" : pl->yname[j]);
			}
		}
		fputs("\n", g);
	}
}

/* gnuplot gp, its output to /dev/null; -1, having said so, if it is
 * missing or fails. */
static int
plot_gnuplot(const char *gp, const char *dat, const char *dir)
{
	int status;
	pid_t pid;

	fflush(NULL);
	if ((pid = fork()) == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 1);
		/* the gnuplot configure found, else one on PATH */
		if (GNUPLOT_PATH[0] != '\0')
			execl(GNUPLOT_PATH, "gnuplot", gp, (char *)NULL);
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
		return -1;
	}
	fprintf(stderr, "psim: sweep: plotted %s/plot.png and %s/plot.svg\n",
	    dir, dir);
	return 0;
}

int
plot_write(const struct plot *pl, const struct sweep *sw)
{
	char *dat = sweep_path(sw->dir, "plot", ".dat");
	char *gp = sweep_path(sw->dir, "plot", ".gp");
	int ns = pl->series >= 0 ? sw->vary[pl->series].n : 1, rc;
	FILE *d, *g;

	if ((d = fopen(dat, "w")) == NULL || (g = fopen(gp, "w")) == NULL)
		fatal("cannot write %s: %s", dat, strerror(errno));
	plot_data(d, pl, sw, ns);
	fclose(d);
	plot_script(g, pl, sw, ns, dat, gp);
	fclose(g);
	rc = plot_gnuplot(gp, dat, sw->dir);
	free(dat);
	free(gp);
	return rc;
}

void
plot_free(struct plot *pl)
{
	int i;

	free(pl->y);
	for (i = 0; i < pl->ny; i++)
		free(pl->yname[i]);
	memset(pl, 0, sizeof *pl);
}
