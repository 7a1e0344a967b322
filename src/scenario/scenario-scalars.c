/* scenario-scalars.c: the scalar keys of scalars.def, one row each:
 * their defaults, their parsing and range checks, and their names
 * among their object's keys (scenario-impl.h). */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-impl.h"
#include "scenario-json.h"
#include "xmalloc.h"

#define SCALAR(block, key, type, min, max, dflt, field, what) \
	{ block, key, type, (double)(min), (double)(max), (double)(dflt), \
	  offsetof(struct scenario, field), what, NULL },
#define UNITS(block, key, range, dflt, field) \
	{ block, key, S_UNITS, 0, 0, (double)(dflt), \
	  offsetof(struct scenario, field), NULL, &range },
const struct scalar scalars[] = {
#include "scalars.def"
	{ NULL, NULL, S_INT, 0, 0, 0, 0, NULL, NULL }
};
#undef SCALAR
#undef UNITS

static const struct {
	const char	*block, *key;
	size_t		 flag;		/* of its int in struct given */
} givens[] = {
#define SCALAR(block, key, type, min, max, dflt, field, what)
#define UNITS(block, key, range, dflt, field)
#define GIVEN(block, key, flag) { block, key, offsetof(struct given, flag) },
#include "scalars.def"
#undef SCALAR
#undef UNITS
	{ NULL, NULL, 0 }
};

/* The field of row s in sc. */
static void *
field(struct scenario *sc, const struct scalar *s)
{
	return (char *)sc + s->offset;
}

void
scalars_default(struct scenario *sc)
{
	const struct scalar *s;

	for (s = scalars; s->key != NULL; s++) {
		switch (s->type) {
		case S_INT:
		case S_BOOL:
			*(int *)field(sc, s) = (int)s->dflt;
			break;
		case S_LONG:
			*(long *)field(sc, s) = (long)s->dflt;
			break;
		default:
			*(double *)field(sc, s) = s->dflt;
		}
	}
}

/* Row s's value in obj (at path) into sc, if given and good: whether it
 * was (S_BOOL: whether given). */
static int
parse_one(struct ctx *c, const cJSON *obj, const char *path,
    const struct scalar *s, struct scenario *sc)
{
	char p[128];
	double *d = field(sc, s);

	switch (s->type) {
	case S_INT:
		return get_int(c, obj, path, s->key, 0, (long)s->min,
		    (long)s->max, field(sc, s));
	case S_LONG:
		return get_long(c, obj, path, s->key, 0, (long)s->min,
		    (long)s->max, field(sc, s));
	case S_BOOL:
		*(int *)field(sc, s) = get_bool(c, obj, path, s->key,
		    *(int *)field(sc, s));
		return cJSON_GetObjectItemCaseSensitive(obj, s->key) != NULL;
	case S_NUMBER:
		return get_number(c, obj, path, s->key, s->min, s->max, d);
	case S_POSITIVE:
		if (get_number(c, obj, path, s->key, s->min, s->max, d) &&
		    *d == s->min) {
			snprintf(p, sizeof p, "%s/%s", path, s->key);
			err_at(c, p, "expected %s > %g, got %g", s->what,
			    s->min, s->min);
			return 0;
		}
		return cJSON_GetObjectItemCaseSensitive(obj, s->key) != NULL;
	case S_UNITS:
		return get_units(c, obj, path, s->key, 0, s->range, d);
	}
	return 0;
}

/* Row s's GIVEN flag in g, or NULL. */
static int *
given_flag(const struct scalar *s, struct given *g)
{
	int i;

	for (i = 0; g != NULL && givens[i].key != NULL; i++)
		if (strcmp(givens[i].block, s->block) == 0 &&
		    strcmp(givens[i].key, s->key) == 0)
			return (int *)(void *)((char *)g + givens[i].flag);
	return NULL;
}

void
parse_scalars(struct ctx *c, const cJSON *obj, const char *block,
    struct scenario *sc, struct given *g)
{
	const struct scalar *s;
	char path[64], *dot;
	int *flag;

	snprintf(path, sizeof path, "/%s", block);	/* a.b: /a/b */
	while ((dot = strchr(path, '.')) != NULL)
		*dot = '/';
	for (s = scalars; s->key != NULL; s++) {
		if (strcmp(s->block, block) != 0)
			continue;
		if (parse_one(c, obj, path, s, sc) &&
		    (flag = given_flag(s, g)) != NULL)
			*flag = 1;
	}
}

const char *const *
scalar_keys(const char *block, const char *const *others)
{
	const struct scalar *s;
	const char **list;
	size_t n = 0, k = 0;

	while (others[n] != NULL)
		n++;
	for (s = scalars; s->key != NULL; s++)
		n += strcmp(s->block, block) == 0;
	list = xcalloc(n + 1, sizeof *list);
	for (n = 0; others[n] != NULL; n++)
		list[k++] = others[n];
	for (s = scalars; s->key != NULL; s++)
		if (strcmp(s->block, block) == 0)
			list[k++] = s->key;
	return list;
}
