/* run.h: the run driver (run.c), below the commands: a scenario's
 * simulation and closed form into results, several jobs, and a
 * simulation in a child process read back as its CSV report. */
#ifndef PSIM_RUN_H
#define PSIM_RUN_H

#include <stdio.h>

/* Simulate a validated scenario and summarise it beside its closed
 * form; NULL with *errors (bad platform input) on failure. */
struct results;
struct scenario;
struct results *run_simulate(const struct scenario *, char **errors);
/* Several jobs on one cluster (sc->jobs): each alone in a child
 * process, then all together on one engine; NULL with *errors. */
struct jobs;
struct jobs *run_simulate_jobs(const struct scenario *, char **errors);
/* run_simulate, recording the run's events into tl (NULL: none) for
 * psim run --timeline (timeline.h). */
struct timeline;
struct results *run_simulate_timeline(const struct scenario *,
    struct timeline *tl, char **errors);

/* The closed form of a created simulation (sim_create), run or not:
 * shape_closed_form() of its scenario, its layout and its cluster's facts
 * (sim->layout, sim->facts): the shape into *shape, pointing into the
 * simulation, and the strategy's closed form, with the bucket pipeline,
 * into *a.  What run_simulate reports beside the simulated figures. */
struct analytic;
struct shape;
struct sim;
void run_closed_form(const struct sim *, struct shape *, struct analytic *);
/* The same closed form of a validated scenario without SimGrid in this
 * process: the checks and the hosts sim_create would choose (sim_place),
 * the cluster's facts computed (a generated cluster) or probed in a
 * child (a platform file), then shape_closed_form into c->shape and
 * c->a, which point into *c (keep it in place; closed_free() it).
 * What psim advise ranks candidates by.  0, or -1 with *errors. */
struct closed;
int run_closed_form_of(const struct scenario *, struct closed *,
    char **errors);

/* In a child: simulate sc (run_simulate) and write its CSV report, the
 * header line then the row, on out, or "!" and the errors.  Returns the
 * exit status: 0, or 2 when the run failed. */
int run_child_csv(const struct scenario *sc, FILE *out);

#endif
