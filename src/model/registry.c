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

/* Every key of /strategy, in the order of the messages about them, with
 * the family and the flags of the strategies that take it (registry.h).
 * The parser's known keys, its refusals and advise's settings all come
 * from here. */
const struct strategy_key registry_keys[] = {
	{ "name",		-1,			0 },
	{ "algorithm",		FAMILY_ALLREDUCE,	0 },
	{ "shards",		-1,			R_SHARDS },
	{ "colocate",		-1,			R_SHARDS },
	{ "partition",		-1,			R_SHARDS },
	{ "variables",		-1,			R_SHARDS },
	{ "wire_dtype",		-1,			0 },
	{ "bigarray_bound",	-1,			R_SHARDS },
	{ "grid",		-1,			R_GRID },
	{ "bucket",		-1,			0 },
	{ "chunks",		-1,			R_CHUNKS },
	{ "sync",		-1,			R_SYNC },
	{ "staleness",		-1,			R_SYNC },
	{ "backup_workers",	-1,			R_SYNC },
	{ "local_reduce",	FAMILY_PS,		0 },
	{ "pull",		-1,			R_SYNC },
	{ "cycle",		FAMILY_ALLREDUCE,	0 },
	{ "server_cpu",		-1,			R_SHARDS },
	{ "apply",		-1,			R_SHARDS },
	{ "optimizer",		-1,			R_SHARDS },
	{ NULL,			-1,			0 }
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

const struct strategy_key *
registry_key(const char *key, size_t len)
{
	const struct strategy_key *k;

	for (k = registry_keys; k->key != NULL; k++) {
		if (strlen(k->key) == len && strncmp(k->key, key, len) == 0)
			return k;
	}
	return NULL;
}

int
registry_takes(const struct strategy_info *info, const struct strategy_key *k)
{
	return (k->family < 0 || info->family == (enum family)k->family) &&
	    (info->flags & k->flags) == k->flags;
}

int
registry_family_takes(enum family f, const struct strategy_key *k)
{
	int i;

	for (i = 0; i < STRATEGY_COUNT; i++) {
		if (registry[i].family == f && registry_takes(&registry[i], k))
			return 1;
	}
	return 0;
}

const char *
registry_block_name(const struct strategy_info *info)
{
	return info->family == FAMILY_PS ? info->name :
	    registry_family_name(info->family);
}

int
registry_block_takes(const char *name, const struct strategy_key *k)
{
	int i;

	if (k->family < 0 && k->flags == 0)
		return 1;
	for (i = 0; i < STRATEGY_COUNT; i++) {
		if (strcmp(registry_block_name(&registry[i]), name) == 0 &&
		    registry_takes(&registry[i], k))
			return 1;
	}
	return 0;
}

static int
takes_key(int i, unsigned key)
{
	return registry_takes(&registry[i], &registry_keys[key]);
}

const char *
registry_takers(const struct strategy_key *k)
{
	static char buf[512];

	return names(buf, sizeof buf, 1, takes_key,
	    (unsigned)(k - registry_keys));
}

const char *const *
registry_key_names(void)
{
	static const char *list[sizeof registry_keys /
	    sizeof registry_keys[0]];
	size_t i;

	for (i = 0; registry_keys[i].key != NULL; i++)
		list[i] = registry_keys[i].key;
	list[i] = NULL;
	return list;
}
