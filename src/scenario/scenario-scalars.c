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

/* Row s's value in obj (at path) into sc, if given and good. */
static void
parse_one(struct ctx *c, const cJSON *obj, const char *path,
    const struct scalar *s, struct scenario *sc)
{
	char p[128];
	double *d = field(sc, s);

	switch (s->type) {
	case S_INT:
		get_int(c, obj, path, s->key, 0, (long)s->min, (long)s->max,
		    field(sc, s));
		break;
	case S_LONG:
		get_long(c, obj, path, s->key, 0, (long)s->min, (long)s->max,
		    field(sc, s));
		break;
	case S_BOOL:
		*(int *)field(sc, s) = get_bool(c, obj, path, s->key,
		    *(int *)field(sc, s));
		break;
	case S_NUMBER:
		get_number(c, obj, path, s->key, s->min, s->max, d);
		break;
	case S_POSITIVE:
		if (get_number(c, obj, path, s->key, s->min, s->max, d) &&
		    *d == s->min) {
			snprintf(p, sizeof p, "%s/%s", path, s->key);
			err_at(c, p, "expected %s > %g, got %g", s->what,
			    s->min, s->min);
		}
		break;
	case S_UNITS:
		get_units(c, obj, path, s->key, 0, s->range, d);
		break;
	}
}

void
parse_scalars(struct ctx *c, const cJSON *obj, const char *block,
    struct scenario *sc)
{
	const struct scalar *s;
	char path[64], *dot;

	snprintf(path, sizeof path, "/%s", block);	/* a.b: /a/b */
	while ((dot = strchr(path, '.')) != NULL)
		*dot = '/';
	for (s = scalars; s->key != NULL; s++)
		if (strcmp(s->block, block) == 0)
			parse_one(c, obj, path, s, sc);
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
