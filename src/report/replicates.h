/* replicates.h: run.replicates, the same scenario under n seeds.
 *
 * Replicate i runs with seed (seed + i) mod 2^32, so replicate 0 is the
 * scenario itself and replicate i can be re-run alone by setting seed to
 * its seed, with the same figures to the last digit.  SimGrid runs once
 * per process: replicates 1..n-1 run in child processes, as many at once
 * as the machine has cores, before the parent's own run (replicate 0);
 * each hands back its CSV report, whose columns name the figures: the
 * number columns of figures.def but those F_NOSTATS. */
#ifndef PSIM_REPLICATES_H
#define PSIM_REPLICATES_H

struct results;
struct scenario;

struct replicates;

/* Replicate i's seed. */
unsigned long replicate_seed(unsigned long seed, int i);

/* r is replicate 0: fill r->rep from it and the others' CSV reports
 * (freed here). */
void replicates_fill(const struct scenario *sc, struct results *r,
    char **csv);

/* The index of the figure called name (its CSV column's name) in rep, or
 * -1 (also when rep is NULL). */
int replicates_figure(const struct replicates *, const char *name);
/* Figure j's mean, sd and ci95 over the replicates; the runs that have
 * it (stats_of's count). */
int replicates_stats(const struct replicates *, int j, double *mean,
    double *sd, double *ci);

#endif
