/* strategy.c: the registry of strategies. */
#include <string.h>

#include "strategy.h"

const struct strategy *const strategies[] = {
	&strategy_ps,
	&strategy_bytesps,
	&strategy_ring,
	&strategy_all_to_all,
	&strategy_recursive_doubling,
	&strategy_halving_doubling,
	&strategy_binomial_tree,
	&strategy_2d_ring,
	&strategy_hierarchical,
	&strategy_double_binary_tree,
	NULL
};

const struct strategy *
strategy_find(const char *family, const char *name)
{
	const struct strategy *const *s;

	for (s = strategies; *s != NULL; s++) {
		if (strcmp((*s)->family, family) == 0 &&
		    strcmp((*s)->name, name) == 0)
			return *s;
	}
	return NULL;
}

const char *
strategy_names(const char *family)
{
	static char buf[512];
	const struct strategy *const *s;

	buf[0] = '\0';
	for (s = strategies; *s != NULL; s++) {
		if (strcmp((*s)->family, family) != 0)
			continue;
		if (buf[0] != '\0')
			strncat(buf, ", ", sizeof buf - strlen(buf) - 1);
		strncat(buf, (*s)->name, sizeof buf - strlen(buf) - 1);
	}
	return buf;
}
