/* sim-engine.h: SimGrid set up for a scenario (sim-engine.c), for
 * simulation.c's constructors alone. */
#ifndef PSIM_SIM_ENGINE_H
#define PSIM_SIM_ENGINE_H

struct scenario;

/* Whether the run's actors, hosts and messages in flight fit in the
 * memory psim may use: 1, or 0 with *errors saying which does not. */
int sim_fits_memory(const struct scenario *, char **errors);
/* SimGrid and the platform, once per process: for one job, or for a
 * scenario's jobs. */
void sim_engine_start(const struct scenario *);

#endif
