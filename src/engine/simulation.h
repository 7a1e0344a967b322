/* simulation.h: one simulation's life (simulation.c), as drive/ runs
 * it: place the roles, set SimGrid up, run, check it ended, summarise,
 * free. */
#ifndef PSIM_SIMULATION_H
#define PSIM_SIMULATION_H

struct analytic;
struct results;
struct scenario;
struct sim;

/* What sim_create checks and chooses before it sets SimGrid up: that
 * the run fits in memory, and the hosts of the roles (platform_place:
 * workers, servers, with faults the storage).  0, or -1 with *errors. */
int sim_place(const struct scenario *sc, char ***workers, char ***servers,
    char **storage, char **errors);
/* Set up SimGrid, the platform and the roles for sc. */
struct sim *sim_create(const struct scenario *sc, char **errors);
/* Several jobs on one engine (sc->jobs): SimGrid and the platform
 * once, then each job's simulation into sims[0 .. njobs), on the hosts
 * its placement names (platform_place_jobs gives the rest out).  0, or
 * -1 with *errors. */
int sim_create_jobs(const struct scenario *sc, struct sim **sims,
    char **errors);
/* Run the steps; fills the ledgers.  Returns the wall-clock seconds the
 * engine took. */
double sim_run(struct sim *);
/* The same for n jobs on one engine, run together. */
double sim_run_jobs(struct sim **, int n);
/* After sim_run: 0 when the job ended (every worker did its steps, or
 * with faults the job reached its steps or was found unable to), else -1
 * with *error: SimGrid stopped with actors still waiting, a deadlock. */
int sim_ended(const struct sim *, char **error);
/* Summarise a finished run beside its closed form a (summary_results()
 * on the ledgers, then the numerics' training figures); wall_s as
 * sim_run() returned it. */
struct results *sim_results(struct sim *, const struct analytic *,
    double wall_s);
void sim_free(struct sim *);

#endif
