/* merge.h: psim merge DIR: the results.csv of a sweep whose points its
 * --plan commands ran, one by one or elsewhere.  No SimGrid here. */
#ifndef PSIM_MERGE_H
#define PSIM_MERGE_H

/* Gather DIR's points (DIR/points.tsv) into DIR/results.csv, in point
 * order, columns being the CSV report's header line; say how many
 * failed and how many did not run.  Returns the exit status: 0, 1 if a
 * point failed or did not run, 2 without DIR/points.tsv. */
int merge(const char *dir, const char *columns);

#endif
