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

/* A range of a key's values: A..B, with :STEP or :xFACTOR when stepped.
 * A, B and STEP are numbers in one unit (units.h: "1h..4h:30min",
 * "1Gbps..8Gbps", "100K..10M"); lo, hi and step are in its base unit,
 * a FACTOR is a plain number.  The values are written in A's unit. */
struct range {
	double		 lo, hi, step;
	int		 mul;		/* step is a factor */
	double		 scale;		/* base units in one of unit */
	char		*unit;		/* A's, as written: "h", "Gbps", "" */
};

/* text into *r (r->unit malloc'd); -1 with *cause.  Unstepped ranges
 * (psim cross's LO..HI) need LO < HI; stepped ones A <= B. */
int sweep_range_parse(const char *text, int stepped, struct range *r,
    char **cause);
/* v (in the base unit) as the range writes its values: "1.5h". */
void sweep_range_value(const struct range *, double v, char *buf,
    size_t len);

/* PATH=V1,V2,... or PATH=A..B[:STEP|xFACTOR] into *v; -1 with *cause:
 * an empty value, the same value twice (2 and 2.0 are the same), a
 * range that is not one, or more than SWEEP_MAX_POINTS values. */
int sweep_vary_parse(const char *arg, struct vary *v, char **cause);

/* The points of sw->vary: their cartesian product, each with a file
 * name of its own.  -1 with *cause when a path is varied twice or also
 * set in base (--set), or there would be more than SWEEP_MAX_POINTS. */
int sweep_grid(struct sweep *, char **base, int nbase, char **cause);

/* DIR/NAME.EXT, malloc'd. */
char *sweep_path(const char *dir, const char *name, const char *ext);

/* DIR for this sweep, whose identity is the text of DIR/sweep.txt (the
 * psim, the scenario's and its files' bytes, the --set values, the
 * grid): written there if DIR is empty; 0 if DIR holds the same text (a
 * resumed sweep); -1 with *cause if DIR holds another sweep or anything
 * else. */
int sweep_claim(const struct sweep *, const char *identity, char **cause);

/* Write DIR/points.tsv: the varied paths, then a line per point. */
void sweep_write_points(const struct sweep *);

/* Read DIR/points.tsv into sw->vary (paths only) and sw->pts; -1 with
 * *cause if it cannot be read or is not as psim sweep writes it (each
 * point's name is checked against its settings). */
int sweep_read_points(struct sweep *, char **cause);

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
 * failed and the first line it printed on stderr (or what is wrong with
 * its report: not text, not psim's header, a damaged row).  Returns 1
 * for a failed row, else 0. */
int sweep_results_row(FILE *, const struct sweep *, const struct point *);

void sweep_free(struct sweep *);

#endif
