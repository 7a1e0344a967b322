/* cross.h: psim cross's search (cross.c): where two settings' figures
 * cross as one key varies, by bisection on the sign of their
 * difference, each probe a pair of runs in child processes. */
#ifndef PSIM_CROSS_H
#define PSIM_CROSS_H

/* The probes a bisection may add to its two ends. */
#define CROSS_PROBES	10

/* The question: KEY over [lo, hi] (in unit), A against B, by figure. */
struct cross {
	char		*key;		/* PATH */
	double		 lo, hi;	/* its range, in the unit below */
	char		*unit;		/* what follows the numbers: "h", "" */
	char		*cmp;		/* PATH, or NULL: two scenarios */
	char		*a, *b;		/* its two values (or the scenarios) */
	const char	*figure;	/* a CSV column */
};

struct probe {
	double		 x, d, e;	/* d = A - B, e its 95% half-width */
	double		 events;	/* the fewer fault events of the two
					   runs (a mean with replicates);
					   NAN without faults */
};

/* Where the difference changes sign: the line through the last
 * bracket's two probes, and the nearest probes on each side whose
 * difference is significant (|d| beyond the two intervals combined,
 * and from at least FEW_FAULT_EVENTS fault events): -inf or +inf for
 * none. */
struct crossing {
	const struct probe *lo, *hi;	/* the last bracket */
	double		 x;
	double		 significant_lo, significant_hi;
	int		 intervals;	/* some probe has an interval */
	int		 few, fewest;	/* probes of too few fault events,
					   and the fewest's index (or -1) */
};

/* The pair of runs at x, files[0] and files[1] with the --set list base
 * and KEY=x (and COMPARE=A, =B), at once: 0, or -1 with what went wrong
 * said on standard error. */
int cross_probe(const struct cross *, char *const *files, char **base,
    int nbase, double x, struct probe *);
/* Bisect the bracket pr[0], pr[1] (LO and HI, probed, d of opposite
 * signs) until it is within 5% or CROSS_PROBES more probes (halved
 * geometrically when LO > 0 and HI / LO > 10): the probes' count, or
 * -1; the last bracket's ends in *ilo, *ihi. */
int cross_bisect(const struct cross *, char *const *files, char **base,
    int nbase, struct probe *pr, int *ilo, int *ihi);
/* The crossing that n probes with last bracket ilo, ihi give. */
void cross_find(const struct probe *pr, int n, int ilo, int ihi,
    struct crossing *);

#endif
