/* ranges.h: the physically meaningful range of each kind of value a
 * scenario or its platform file gives. */
#ifndef PSIM_RANGES_H
#define PSIM_RANGES_H

#include "units.h"

/* A kind of value's physically meaningful range: every number with a
 * unit a scenario gives (and the few derived from two of them) is
 * checked against one (scenario-impl.h's range_check(), and the values
 * of a platform file: platform-xml.c), so that nothing a user could
 * never need reaches the engine as an inf, a nan, a zero or a subnormal.
 * man/psim-scenario.5 gives each key's. */
struct range {
	enum unit_kind	 kind;		/* how the value is written */
	const char	*what;		/* "a duration", for messages */
	double		 min, max;	/* inclusive, in base units */
	const char	*min_text;	/* as a user writes them: "1ns" */
	const char	*max_text;
	int		 zero_ok;	/* 0 too ("none"), below min */
	int		 whole;		/* integers only */
};

/* The ranges (ranges.c), by what the values are: */
extern const struct range range_step;	/* a step's compute, jitter */
extern const struct range range_latency; /* a link's latency */
extern const struct range range_delay;	/* notice, replacement, restart */
extern const struct range range_run;	/* run.duration */
extern const struct range range_lifetime; /* a host's mean lifetime */
extern const struct range range_offset;	/* into a trace */
extern const struct range range_bandwidth;
extern const struct range range_speed;	/* a host's flop/s */
extern const struct range range_flops;	/* a step's compute */
extern const struct range range_params;	/* parameter counts */
extern const struct range range_batch;	/* samples per worker and step */
extern const struct range range_bytes;	/* buckets, checkpoints, memory */
extern const struct range range_factor;	/* a straggler's slow-down */
extern const struct range range_ratio;	/* oversubscription */
extern const struct range range_sigma;	/* lognormal jitter */
extern const struct range range_fraction; /* backward share */

#endif
