/* scenario-json.h: reading values out of a scenario's JSON tree
 * (scenario-json.c), for the block parsers (scenario-parse.c).  Private
 * to the scenario loader; with scenario-json.c and scenario-parse.c,
 * the only place that sees cJSON.
 *
 * Each get_* reads obj[key], where path is obj's JSON path ("" at the
 * top, "/cluster", ...): when the value is there and valid it is stored
 * in *out and the call returns 1 (or the value); when it is absent *out
 * is left alone (the default stays); when it is of the wrong type or out
 * of range, an error at path/key says what was expected and what was
 * found, and *out is left alone too. */
#ifndef PSIM_SCENARIO_JSON_H
#define PSIM_SCENARIO_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "scenario-impl.h"
#include "units.h"

/* The closest of names to s (a small edit distance), or NULL: the
 * did-you-mean. */
const char *names_closest(const char *s, const char *const *names);
/* names as "a, b, c" in buf. */
void names_join(const char *const *names, char *buf, size_t len);
/* "a number", "a string", "an object", ... */
const char *json_type(const cJSON *);
/* A found value for a message: its JSON, shortened (a malloc'd text). */
char *json_found(const cJSON *);

/* An error for each key of obj that is not in allowed, with a
 * did-you-mean. */
void check_keys(struct ctx *, const cJSON *obj, const char *path,
    const char *const *allowed);
/* The error why ("only used with ...") for each of keys (NULL-terminated)
 * that obj gives: keys of a block that its other settings leave unused. */
void reject_keys(struct ctx *, const cJSON *obj, const char *path,
    const char *const *keys, const char *why);
/* The object obj[key], or NULL (an error when it is another type, or
 * missing and required). */
const cJSON *get_object(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int required);
/* An integer in [min, max] (get_int: max at most INT_MAX, any more
 * is no bound). */
int get_long(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int required, long min, long max, long *out);
int get_int(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int required, long min, long max, int *out);
/* A plain number in [min, max]. */
int get_number(struct ctx *, const cJSON *obj, const char *path,
    const char *key, double min, double max, double *out);
/* A value with the units of range's kind ("10Gbps", "5us"; a bare
 * number in the base unit except for bandwidths), within range. */
int get_units(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int required, const struct range *, double *out);
/* The index of obj[key] in names; def when it is absent, -1 when it is
 * not one of them. */
int get_enum(struct ctx *, const cJSON *obj, const char *path,
    const char *key, const char *const *names, int def);
/* A non-empty string (malloc'd), or NULL. */
char *get_string(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int required);
/* true or false; def when absent or not a boolean. */
int get_bool(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int def);
/* An array of distinct host names (NULL-terminated, malloc'd), or NULL
 * when absent or bad; *count is the array's length either way. */
char **get_names(struct ctx *, const cJSON *obj, const char *path,
    const char *key, int *count);

#endif
