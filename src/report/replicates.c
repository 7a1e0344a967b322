/* replicates.c: run.replicates' statistics from the replicates' CSV
 * reports (replicates.h); run.c runs them.  The figures are the table's
 * (figures.def): each is looked up by its column's name in each report,
 * whatever the columns around it. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "figures.h"
#include "replicates.h"
#include "results.h"
#include "scenario.h"
#include "xmalloc.h"

/* Replicate i's figures from its CSV report (a header line, then its
 * row) into rep; NaN where it has no number. */
static void
take_row(struct replicates *rep, int i, const char *csv)
{
	char *copy = xstrdup(csv), *row = strchr(copy, '\n'), *end;
	char **head, **f = NULL;
	int j, k, nhead, nf = 0;
	double x;

	if (row != NULL)
		*row++ = '\0';
	head = csv_fields(copy, &nhead);
	if (row != NULL && *row != '\0')
		f = csv_fields(row, &nf);
	for (j = 0; j < rep->nfig; j++) {
		x = NAN;
		k = csv_index(head, nhead, rep->names[j]);
		if (k >= 0 && k < nf && f[k][0] != '\0') {
			x = strtod(f[k], &end);
			if (*end != '\0' && *end != '\n')
				x = NAN;
		}
		rep->v[(size_t)i * (size_t)rep->nfig + (size_t)j] = x;
	}
	free(head);
	free(f);
	free(copy);
}

/* Drop the figures no replicate has a number for. */
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
replicates_fill(const struct scenario *sc, struct results *r, char *mine,
    char **csv)
{
	struct replicates *rep = xcalloc(1, sizeof *rep);
	int n = sc->run.replicates, i, k, idx[FIG_COUNT], ncol, nlast;

	rep->n = n;
	rep->seeds = xcalloc((size_t)n, sizeof *rep->seeds);
	rep->names = xcalloc(FIG_COUNT, sizeof *rep->names);
	ncol = figures_csv_order(idx, &nlast);
	for (k = 0; k < ncol; k++) {
		if (figure_has_stats(&figures[idx[k]]))
			rep->names[rep->nfig++] = xstrdup(figures[idx[k]].csv);
	}
	rep->v = xcalloc((size_t)n * (size_t)rep->nfig, sizeof *rep->v);
	for (i = 0; i < n; i++) {
		rep->seeds[i] = scenario_replicate_seed(sc->seed, i);
		take_row(rep, i, i == 0 ? mine : csv[i - 1]);
	}
	compact(rep);
	for (i = 0; i < n - 1; i++)
		free(csv[i]);
	free(csv);
	free(mine);
	r->rep = rep;
}
