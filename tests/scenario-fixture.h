/* scenario-fixture.h: the built-in seed scenario (250M fp32 parameters,
 * 1 s of compute, 10 workers on 10 Gbps NICs of 5 us, 8 PS shards on 8
 * servers) loaded with up to 8 --set values, for the unit tests; a load
 * that fails bails out. */
#ifndef PSIM_TESTS_SCENARIO_FIXTURE_H
#define PSIM_TESTS_SCENARIO_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "scenario.h"
#include "xmalloc.h"

static struct scenario *
seed(const char *const *sets, int n)
{
	char *errors = NULL, *v[8] = { NULL };
	struct scenario *sc;
	int i;

	for (i = 0; i < n; i++)
		v[i] = xstrdup(sets[i]);
	sc = scenario_load(NULL, v, n, &errors);
	while (n > 0)
		free(v[--n]);
	if (sc == NULL) {
		printf("Bail out! %s", errors);
		exit(1);
	}
	return sc;
}

#endif
