/* jobs.c: several jobs' results: the links they share split by job, and
 * who slows whom (jobs.h).  Pure. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"
#include "scenario.h"
#include "xmalloc.h"

struct jobs *
jobs_create(const struct scenario *top)
{
	struct jobs *jb = xcalloc(1, sizeof *jb);
	size_t n = (size_t)top->njobs;

	jb->n = top->njobs;
	jb->sc = (const struct scenario *const *)top->jobs;
	jb->r = xcalloc(n, sizeof *jb->r);
	jb->alone_step_s = xcalloc(n, sizeof *jb->alone_step_s);
	jb->slowdown = xcalloc(n, sizeof *jb->slowdown);
	jb->link = xcalloc(n, sizeof *jb->link);
	return jb;
}

static int
cmp_link(const void *a, const void *b)
{
	const struct job_link *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes < y->bytes ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The job links of every job's link results, merged by name. */
static void
merge_links(struct jobs *jb)
{
	const struct link_result *l;
	struct job_link *t;
	int j, i, k, cap = 0;

	for (j = 0; j < jb->n; j++)
		cap += jb->r[j]->nlinks;
	jb->links = xcalloc((size_t)cap + 1, sizeof *jb->links);
	for (j = 0; j < jb->n; j++) {
		for (i = 0; i < jb->r[j]->nlinks; i++) {
			l = &jb->r[j]->links[i];
			for (k = 0; k < jb->nlinks; k++) {
				if (strcmp(jb->links[k].name, l->name) == 0)
					break;
			}
			t = &jb->links[k];
			if (k == jb->nlinks) {
				jb->nlinks++;
				t->name = xstrdup(l->name);
				t->bandwidth_Bps = l->bandwidth_Bps;
				t->job_bytes = xcalloc((size_t)jb->n,
				    sizeof *t->job_bytes);
			}
			t->bytes += l->bytes;
			t->job_bytes[j] += l->bytes;
			t->users++;
		}
	}
	qsort(jb->links, (size_t)jb->nlinks, sizeof *jb->links, cmp_link);
}

void
jobs_summarize(struct jobs *jb)
{
	double best, v;
	int j, k;

	merge_links(jb);
	for (j = 0; j < jb->n; j++) {
		jb->slowdown[j] = jb->alone_step_s[j] > 0 ?
		    jb->r[j]->step_mean_s / jb->alone_step_s[j] - 1 : 0;
		/* the shared link busiest with all jobs' bytes: where the
		 * others' traffic meets this job's */
		jb->link[j] = -1;
		best = 0;
		for (k = 0; k < jb->nlinks; k++) {
			if (jb->links[k].job_bytes[j] <= 0 ||
			    jb->links[k].users < 2)
				continue;
			v = jb->links[k].bytes / jb->links[k].bandwidth_Bps;
			if (v > best) {
				best = v;
				jb->link[j] = k;
			}
		}
	}
}

const char *
jobs_traffic(const struct jobs *jb, int j)
{
	const struct scenario *sc = jb->sc[j];

	if (sc->strategy.info->family != FAMILY_ALLREDUCE)
		return "PS pushes and pulls";
	return sc->strategy.algorithm;
}

void
jobs_percent(const struct jobs *jb, int j, char *buf, size_t len)
{
	double p = 100 * jb->slowdown[j];

	/* no "-0.0%" for a job as fast as alone but for rounding */
	snprintf(buf, len, "%+.1f%%", fabs(p) < 0.05 ? 0 : p);
}

void
jobs_who(const struct jobs *jb, int j, char *buf, size_t len)
{
	const struct job_link *l;
	char others[512] = "", pct[32];
	size_t used = 0;
	int k, first = 1;

	if (jb->alone_step_s[j] > 0)
		jobs_percent(jb, j, pct, sizeof pct);
	else
		snprintf(pct, sizeof pct, "unknown alone");
	if (jb->link[j] < 0) {
		snprintf(buf, len, "job \"%s\" (%s) shares no link with "
		    "another job: %s's step %s", jb->sc[j]->job.name,
		    jobs_traffic(jb, j), jb->sc[j]->job.name, pct);
		return;
	}
	l = &jb->links[jb->link[j]];
	for (k = 0; k < jb->n && used < sizeof others; k++) {
		if (k == j || l->job_bytes[k] <= 0)
			continue;
		used += (size_t)snprintf(others + used, sizeof others - used,
		    "%s\"%s\" (%s)", first ? "" : " and ",
		    jb->sc[k]->job.name, jobs_traffic(jb, k));
		first = 0;
	}
	snprintf(buf, len, "job%s %s share%s %s with job \"%s\" (%s): %s's "
	    "step %s", l->users > 2 ? "s" : "", others, l->users > 2 ? "" :
	    "s", l->name, jb->sc[j]->job.name, jobs_traffic(jb, j),
	    jb->sc[j]->job.name, pct);
}

void
jobs_free(struct jobs *jb)
{
	int j;

	if (jb == NULL)
		return;
	for (j = 0; j < jb->n; j++)
		results_free(jb->r[j]);
	for (j = 0; j < jb->nlinks; j++) {
		free(jb->links[j].name);
		free(jb->links[j].job_bytes);
	}
	free(jb->links);
	free(jb->r);
	free(jb->alone_step_s);
	free(jb->slowdown);
	free(jb->link);
	free(jb);
}
