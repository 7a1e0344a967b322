/* sweep.h: psim sweep's grid of points, each one `psim run` in its own
 * process (SimGrid cannot be re-initialised in one), N at a time.
 *
 * DIR holds, per point, NAME.json (its JSON report), NAME.csv (its CSV
 * report) and NAME.err (what it printed on stderr), NAME being the
 * point's settings; DIR/points.tsv lists the points and DIR/results.csv
 * gathers one row per point.  A point whose files exist is done: it is
 * not run again, so an interrupted sweep resumes.  No SimGrid and no
 * scenario here: points are strings and processes. */
#ifndef PSIM_SWEEP_H
#define PSIM_SWEEP_H

#include <stdio.h>
#include <sys/types.h>

/* The values one --vary gives a scenario key. */
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

struct sweep {
	const char	*dir;
	const char	*columns;	/* the CSV report's header line */
	struct vary	*vary;
	int		 nvary;
	struct point	*pts;		/* the grid: the last vary fastest */
	int		 npts;
};

/* The most points a sweep runs, and so the most values of one --vary. */
#define SWEEP_MAX_POINTS	10000

/* PATH=V1,V2,... or PATH=A..B[:STEP|xFACTOR] into *v; -1 with *cause,
 * also when a range has more than SWEEP_MAX_POINTS values. */
int sweep_vary_parse(const char *arg, struct vary *v, char **cause);

/* The points of sw->vary: their cartesian product.  -1 with *cause when
 * there would be more than SWEEP_MAX_POINTS. */
int sweep_grid(struct sweep *, char **cause);

/* DIR/NAME.EXT, malloc'd. */
char *sweep_path(const char *dir, const char *name, const char *ext);

/* Write DIR/points.tsv: the varied paths, then a line per point. */
void sweep_write_points(const struct sweep *);

/* Read DIR/points.tsv into sw->vary (paths only) and sw->pts; -1 with
 * errno set if it cannot be opened. */
int sweep_read_points(struct sweep *);

/* Whether DIR/NAME.EXT of point p is there and not empty. */
int sweep_has(const struct sweep *, const struct point *, const char *ext);

/* Mark the points whose reports are in DIR done; returns how many.  The
 * partial files of the others (a sweep killed before they ended) go. */
int sweep_done_before(struct sweep *);

/* --plan: print one self-contained command per point still to run. */
void sweep_plan(const struct sweep *, const char *scenario, char **base,
    int nbase);

/* Run the points not done, jobs at a time, each as psim run SCENARIO
 * with --set base... and its own settings; write DIR/results.csv with a
 * row per point, in point order.  done points were done before.
 * Returns how many failed.  On SIGINT, SIGTERM or SIGHUP it stops the
 * points under way, removes their partial files, writes results.csv
 * with the points done, and dies of the signal. */
int sweep_run(struct sweep *, const char *scenario, char **base,
    int nbase, int jobs, int done);

/* DIR/results.csv, its header written. */
FILE *sweep_results_open(const struct sweep *, const char *results);

/* Point p's rows of results.csv: its values, then ok and its CSV
 * report's row (a row per job for a scenario of several jobs), or
 * failed and the first line it printed on stderr. */
void sweep_results_row(FILE *, const struct sweep *, const struct point *);

void sweep_free(struct sweep *);

#endif
