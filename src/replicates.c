/* replicates.c: run.replicates in child processes (replicates.h). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd.h"
#include "csv.h"
#include "replicates.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
#include "xmalloc.h"

#define MAX_FIELDS	CSV_MAX_FIELDS

unsigned long
replicate_seed(unsigned long seed, int i)
{
	return (seed + (unsigned long)i) & 0xffffffffUL;
}

/* What fd gives until its end, malloc'd. */
static char *
read_all(int fd)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t k;

	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap = cap ? 2 * cap : 8192;
			buf = xreallocarray(buf, cap, 1);
		}
		if ((k = read(fd, buf + len, 4096)) > 0)
			len += (size_t)k;
		else if (k == 0 || errno != EINTR)
			break;
	}
	buf[len] = '\0';
	return buf;
}

/* In a child: replicate i of sc, its CSV report (or "!" and its errors)
 * on fd. */
static void
child(const struct scenario *sc, int i, int fd)
{
	struct scenario one = *sc;
	struct results *r;
	char *errors;
	FILE *out = fdopen(fd, "w");

	one.seed = replicate_seed(sc->seed, i);
	one.run.replicates = 1;
	if ((r = cmd_simulate(&one, &errors)) == NULL) {
		fprintf(out, "!%s", errors);
		fclose(out);
		_exit(2);
	}
	report_write(out, REPORT_CSV, &one, r);
	fclose(out);
	_exit(0);
}

struct job {
	pid_t		 pid;
	int		 fd;
};

/* Wait for job j: its output in csv[i], or an error. */
static int
collect(struct job *j, char **out, int *status)
{
	*out = read_all(j->fd);
	close(j->fd);
	while (waitpid(j->pid, status, 0) == -1 && errno == EINTR)
		;
	return WIFEXITED(*status) && WEXITSTATUS(*status) == 0 &&
	    (*out)[0] != '!' && (*out)[0] != '\0' ? 0 : -1;
}

char **
replicates_run(const struct scenario *sc, char **errors)
{
	int n = sc->run.replicates, jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	char **csv = xcalloc((size_t)n, sizeof *csv);
	struct job *job = xcalloc((size_t)n, sizeof *job);
	int i, next = 1, done = 1, status, p[2], bad = 0;

	*errors = NULL;
	if (jobs < 1)
		jobs = 1;
	while (done < n) {
		/* start up to jobs children, then wait for the oldest */
		while (next < n && next - done < jobs) {
			if (pipe(p) == -1)
				fatal("pipe: %s", strerror(errno));
			fflush(NULL);
			if ((job[next].pid = fork()) == -1)
				fatal("fork: %s", strerror(errno));
			if (job[next].pid == 0) {
				close(p[0]);
				child(sc, next, p[1]);
			}
			close(p[1]);
			job[next++].fd = p[0];
		}
		if (collect(&job[done], &csv[done - 1], &status) != 0 &&
		    bad++ == 0)
			xasprintf(errors, "psim: %s: /run/replicates: replicate "
			    "%d (seed %lu) failed: %s", sc->file, done,
			    replicate_seed(sc->seed, done),
			    csv[done - 1][0] == '!' ? csv[done - 1] + 1 :
			    "no report\n");
		done++;
	}
	free(job);
	if (bad == 0)
		return csv;
	for (i = 0; i < n; i++)
		free(csv[i]);
	free(csv);
	return NULL;
}

/* A figure of the CSV report worth statistics: a number that varies
 * with the seed, not the version, the layout or the wall clock. */
static int
is_figure(const char *name)
{
	static const char *const not[] = { "psim_report_version", "workers",
	    "servers", "steps", "wall_s", NULL };
	int k;

	for (k = 0; not[k] != NULL; k++) {
		if (strcmp(name, not[k]) == 0)
			return 0;
	}
	return 1;
}

/* Replicate i's row (its CSV report's second line) into rep. */
static void
take_row(struct replicates *rep, int i, char *csv, char **head, int nhead)
{
	char *row = strchr(csv, '\n'), *f[MAX_FIELDS], *end;
	int k, j = 0, nf;
	double x;

	nf = row != NULL ? csv_split(row + 1, f, MAX_FIELDS) : 0;
	for (k = 0; k < nhead && k < MAX_FIELDS; k++) {
		if (!is_figure(head[k]))
			continue;
		x = NAN;
		if (k < nf && f[k][0] != '\0') {
			x = strtod(f[k], &end);
			if (*end != '\0' && *end != '\n')
				x = NAN;
		}
		if (j < rep->nfig)
			rep->v[(size_t)i * (size_t)rep->nfig + (size_t)j++] = x;
	}
}

/* Drop the columns no replicate has a number in (names, kinds). */
static void
compact(struct replicates *rep)
{
	int i, j, k = 0, any;

	for (j = 0; j < rep->nfig; j++) {
		for (any = 0, i = 0; i < rep->n && !any; i++)
			any = !isnan(rep->v[(size_t)i * rep->nfig + j]);
		if (!any) {
			free(rep->names[j]);
			continue;
		}
		rep->names[k] = rep->names[j];
		for (i = 0; i < rep->n; i++)
			rep->v[(size_t)i * rep->nfig + k] =
			    rep->v[(size_t)i * rep->nfig + j];
		k++;
	}
	/* (rows keep their stride until here; now close them up) */
	for (i = 1; i < rep->n; i++)
		memmove(&rep->v[(size_t)i * k], &rep->v[(size_t)i * rep->nfig],
		    (size_t)k * sizeof *rep->v);
	rep->nfig = k;
}

void
replicates_fill(const struct scenario *sc, struct results *r, char **csv)
{
	struct replicates *rep = xcalloc(1, sizeof *rep);
	char *mine = report_csv(sc, r), *hdr, *head[MAX_FIELDS];
	int n = sc->run.replicates, i, k, nhead;

	hdr = xstrdup(mine);
	nhead = csv_split(hdr, head, MAX_FIELDS);
	rep->n = n;
	rep->seeds = xcalloc((size_t)n, sizeof *rep->seeds);
	rep->names = xcalloc((size_t)nhead, sizeof *rep->names);
	for (k = 0; k < nhead && k < MAX_FIELDS; k++) {
		if (is_figure(head[k]))
			rep->names[rep->nfig++] = xstrdup(head[k]);
	}
	rep->v = xcalloc((size_t)n * (size_t)rep->nfig, sizeof *rep->v);
	for (i = 0; i < n; i++) {
		rep->seeds[i] = replicate_seed(sc->seed, i);
		take_row(rep, i, i == 0 ? mine : csv[i - 1], head, nhead);
	}
	compact(rep);
	for (i = 0; i < n - 1; i++)
		free(csv[i]);
	free(csv);
	free(mine);
	free(hdr);
	r->rep = rep;
}
