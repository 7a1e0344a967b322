/* advise-run.h: psim advise's phases in child processes (advise-run.c):
 * the candidates of the --space grid, each one's closed form, and the
 * simulations of those advise_plan chose.  advise.c, which is pure,
 * ranks and answers from what they read back. */
#ifndef PSIM_ADVISE_RUN_H
#define PSIM_ADVISE_RUN_H

#include "advise.h"
#include "sweep.h"

/* What psim advise's options say, and what its children need. */
struct advise_args {
	struct advise	 a;
	struct sweep	 sw;		/* its vary: the --space values */
	int		 jobs;
	char		*file;		/* cmd_scenario_file's */
	char		**base;		/* --set, nbase of them */
	int		 nbase;
	int		*sims;		/* candidates to simulate, nsims */
	int		 nsims;
	const char	**names;	/* each candidate's strategy.name */
	const char	*file_name;	/* the scenario's */
	const char	*phase;		/* for the progress bar */
	int		 tty;
};

/* The grid of the --space values into x->a.c, points that come to the
 * same scenario once; -1 to go on, or 2 (too big, said). */
int advise_make_candidates(struct advise_args *);
/* Every candidate's closed form, N children at once (x->jobs): -1 to
 * go on, or 2 when none can be built (the first one's errors said). */
int advise_closed_forms(struct advise_args *);
/* The chosen candidates' simulations into their figures (or errors). */
void advise_simulations(struct advise_args *);

#endif
