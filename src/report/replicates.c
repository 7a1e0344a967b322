/* replicates.c: run.replicates' statistics from the replicates' CSV
 * reports (replicates.h); run.c runs them. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
