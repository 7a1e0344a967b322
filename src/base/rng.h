/* rng.h: a small deterministic random number generator (splitmix64), so
 * that the same scenario and seed give the same run on any machine. */
#ifndef PSIM_RNG_H
#define PSIM_RNG_H

#include <stdint.h>

struct rng {
	uint64_t	 state;
};

/* A stream for one purpose: the scenario's seed and a stream number. */
void rng_init(struct rng *, unsigned long seed, uint64_t stream);
double rng_uniform(struct rng *);		/* in (0, 1) */
double rng_normal(struct rng *);		/* mean 0, deviation 1 */
double rng_exponential(struct rng *, double mean);

#endif
