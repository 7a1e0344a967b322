/* replicates.h: run.replicates, the same scenario under n seeds.
 *
 * Replicate i runs with scenario_replicate_seed's seed.  SimGrid runs once
 * per process: replicates 1..n-1 run in child processes, as many at once
 * as the machine has cores, before the parent's own run (replicate 0);
 * each hands back its CSV report, whose columns name the figures: the
 * number columns of figures.def but those F_NOSTATS. */
#ifndef PSIM_REPLICATES_H
#define PSIM_REPLICATES_H

struct results;
struct scenario;

/* r is replicate 0, mine its CSV report (report_csv): fill r->rep from
 * it and the others' CSV reports (all freed here). */
void replicates_fill(const struct scenario *sc, struct results *r,
    char *mine, char **csv);

#endif
