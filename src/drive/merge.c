/* merge.c: psim merge DIR (merge.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "merge.h"
#include "report.h"
#include "sweep.h"
#include "xmalloc.h"

/* Whether the points' CSV reports are of several jobs (a row per job,
 * the job's columns first); -1 with *cause when some are and some are
 * not, which one results.csv cannot hold (the first point's header
 * marked the others failed: issue 38). */
static int
of_jobs(const struct sweep *sw, char **cause)
{
	char *file, line[8], *why;
	FILE *f;
	int i, jobs, first[2] = { -1, -1 };

	for (i = 0; i < sw->npts; i++) {
		file = sweep_path(sw->dir, sw->pts[i].name, ".csv");
		/* (as the rows are read: a FIFO or a device is no report) */
		f = files_open(file, FILES_MAX_DATA, &why);
		free(file);
		if (f == NULL) {
			free(why);
			continue;
		}
		jobs = fgets(line, sizeof line, f) != NULL &&
		    strncmp(line, "job,", 4) == 0;
		fclose(f);
		if (first[jobs] < 0)
			first[jobs] = i;
	}
	if (first[0] >= 0 && first[1] >= 0) {
		xasprintf(cause, "%s: the points' CSV reports are of one job "
		    "(%s.csv, the first) and of several jobs (%s.csv, the "
		    "first), whose columns differ; results.csv holds one kind: "
		    "merge them in two directories", sw->dir,
		    sw->pts[first[0]].name, sw->pts[first[1]].name);
		return -1;
	}
	return first[1] >= 0;
}

int
merge(const char *dir, const char *columns)
{
	struct sweep sw;
	struct point *p;
	char *cause, *results;
	int i, failed = 0, missing = 0, jobs;
	FILE *out;

	memset(&sw, 0, sizeof sw);
	sw.dir = dir;
	sw.columns = columns;
	if (sweep_read_points(&sw, &cause) != 0) {
		fprintf(stderr, "psim: merge: %s\n", cause);
		free(cause);
		sweep_free(&sw);
		return 2;
	}
	if ((jobs = of_jobs(&sw, &cause)) < 0) {
		fprintf(stderr, "psim: merge: %s\n", cause);
		free(cause);
		sweep_free(&sw);
		return 2;
	}
	if (jobs)
		sw.columns = report_jobs_csv_header();
	results = sweep_path(dir, "results", ".csv");
	out = sweep_results_open(&sw, results);
	for (i = 0; i < sw.npts; i++) {
		p = &sw.pts[i];
		p->done = 1;
		p->failed = !(sweep_has(&sw, p, ".csv") &&
		    sweep_has(&sw, p, ".json"));
		if (p->failed && !sweep_has(&sw, p, ".err") &&
		    !sweep_has(&sw, p, ".csv"))
			missing++;	/* not run yet */
		else
			failed += sweep_results_row(out, &sw, p);
	}
	if (fclose(out) != 0)
		fatal("cannot write %s", results);
	fprintf(stderr, "psim: merge: %d points, %d failed, %d not run; %s\n",
	    sw.npts, failed, missing, results);
	free(results);
	sweep_free(&sw);
	return failed > 0 || missing > 0 ? 1 : 0;
}
