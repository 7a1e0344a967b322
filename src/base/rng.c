/* rng.c: splitmix64 and the distributions psim draws from (rng.h). */
#include "config.h"

#include <math.h>

#include "rng.h"

static uint64_t
next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
rng_init(struct rng *r, unsigned long seed, uint64_t stream)
{
	r->state = (uint64_t)seed * 0x9e3779b97f4a7c15ULL ^
	    (stream + 1) * 0xd1b54a32d192ed03ULL;
	next(r);
}

double
rng_uniform(struct rng *r)
{
	return ((double)(next(r) >> 11) + 0.5) / 9007199254740992.0;
}

/* Box-Muller; one of the pair is enough here. */
double
rng_normal(struct rng *r)
{
	double u = rng_uniform(r), v = rng_uniform(r);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

double
rng_exponential(struct rng *r, double mean)
{
	return -mean * log(rng_uniform(r));
}
