/* fastforward.h: run.fast_forward, the steps of a steady state skipped
 * whole (fastforward.c says when and why it is exact). */
#ifndef PSIM_FASTFORWARD_H
#define PSIM_FASTFORWARD_H

struct ff;
struct sim;

/* The state of it for sim (after its metrics), or NULL where it does
 * not apply. */
struct ff *ff_create(struct sim *);
void ff_free(struct ff *);
/* At worker w's end of step: the steps it skips (0 but in a steady
 * state), their records and ledgers added and their time slept. */
int ff_step_end(struct sim *, int w, int step);
/* The steps skipped in all (the report's fast_forwarded_steps). */
long ff_skipped(const struct ff *);
/* Their messages (simulation.fast_forwarded_messages with the rounds
 * ring.c skips). */
long ff_messages(const struct ff *);
/* A server's step after it has served `served' steps: the skipped ones
 * count as served.  Read once the step's pushes are in, after any skip
 * decided before them. */
int ff_step(const struct ff *, int served);

#endif
