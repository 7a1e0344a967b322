/* registry.c: the strategies' facts (registry.h), from strategies.def. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "closed-forms.h"
#include "registry.h"

const struct strategy_info registry[STRATEGY_COUNT] = {
#define STRATEGY(id, proto, name, family, flags, chunks, summary) \
	{ STRATEGY_##id, name, family, flags, chunks, summary, \
	    closed_##proto },
#include "strategies.def"
#undef STRATEGY
};

const struct strategy_info *
registry_find(enum family f, const char *name)
{
	int i;

	for (i = 0; i < STRATEGY_COUNT; i++) {
		if (registry[i].family == f &&
		    strcmp(registry[i].name, name) == 0)
			return &registry[i];
	}
	return NULL;
}

/* Join the names of the rows that pass, as "a, b" or quoted as
 * "\"a\", \"b\" and \"c\"". */
static const char *
names(char *buf, size_t len, int quoted, int (*pass)(int, unsigned),
    unsigned arg)
{
	int i, k, total;

	for (i = 0, total = 0; i < STRATEGY_COUNT; i++)
		total += pass(i, arg);
	buf[0] = '\0';
	for (i = 0, k = 0; i < STRATEGY_COUNT; i++) {
		if (!pass(i, arg))
			continue;
		if (k > 0)
			strncat(buf, quoted && k == total - 1 ? " and " : ", ",
			    len - strlen(buf) - 1);
		snprintf(buf + strlen(buf), len - strlen(buf),
		    quoted ? "\"%s\"" : "%s", registry[i].name);
		k++;
	}
	return buf;
}

static int
in_family(int i, unsigned f)
{
	return registry[i].family == (enum family)f;
}

static int
has_flags(int i, unsigned flags)
{
	return (registry[i].flags & flags) == flags;
}

const char *
registry_names(enum family f)
{
	static char buf[512];

	return names(buf, sizeof buf, 0, in_family, f);
}

const char *
registry_names_with(unsigned flags)
{
	static char buf[512];

	return names(buf, sizeof buf, 1, has_flags, flags);
}

const char *
registry_family_name(enum family f)
{
	return f == FAMILY_PS ? "ps" : "allreduce";
}
