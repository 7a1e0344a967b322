/* tap.h: a tiny TAP producer for the unit tests. */
#ifndef PSIM_TAP_H
#define PSIM_TAP_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static inline void
tap_ok(int cond, const char *name)
{
	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", tap_n, name);
}

/* |got - want| <= rel * |want| */
static inline void
tap_near(double got, double want, double rel, const char *name)
{
	int ok = fabs(got - want) <= rel * fabs(want);

	tap_ok(ok, name);
	if (!ok)
		printf("# got %.12g, want %.12g (rel tol %g)\n", got, want, rel);
}

static inline void
tap_str(const char *got, const char *want, const char *name)
{
	int ok = got != NULL && strcmp(got, want) == 0;

	tap_ok(ok, name);
	if (!ok)
		printf("# got:  %s\n# want: %s\n", got ? got : "(null)", want);
}

static inline int
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}

#endif
