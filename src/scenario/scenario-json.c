/* scenario-json.c: reading a scenario's JSON tree.  The text to a tree
 * (syntax errors with their line and column), "--set a.b.c=value" applied
 * to it, the accessors the block parsers read values with (each problem
 * an error at its JSON path, the value found quoted), unknown keys with a
 * did-you-mean, and the error lines themselves. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "scenario-json.h"
#include "utf8.h"
#include "xmalloc.h"

char *
err_where(const struct ctx *c, const char *path)
{
	char *where;

	if (path != NULL && *path != '\0' && c->job != NULL &&
	    scenario_job_path(path))
		xasprintf(&where, "psim: %s: %s%s", c->file, c->job, path);
	else if (path != NULL && *path != '\0')
		xasprintf(&where, "psim: %s: %s", c->file, path);
	else
		xasprintf(&where, "psim: %s", c->file);
	return where;
}

void
err_at(struct ctx *c, const char *path, const char *fmt, ...)
{
	va_list ap;
	char *where = err_where(c, path);

	va_start(ap, fmt);
	errors_vadd(&c->errors, where, fmt, ap);
	va_end(ap);
	free(where);
}

void
note_at(struct ctx *c, const char *path, const char *fmt, ...)
{
	va_list ap;
	char *where = err_where(c, path), *w;

	xasprintf(&w, "%s: note", where);
	va_start(ap, fmt);
	errors_vadd(&c->notes, w, fmt, ap);
	va_end(ap);
	free(w);
	free(where);
}

/* Levenshtein distance, for did-you-mean. */
static int
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *row = xcalloc(lb + 1, sizeof *row), d, prev, tmp;

	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			tmp = row[j];
			d = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < d)
				d = row[j] + 1;
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			row[j] = d;
			prev = tmp;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

/* The closest name within a small distance, or NULL. */
const char *
names_closest(const char *s, const char *const *names)
{
	const char *best = NULL;
	int bestd = INT_MAX, d;

	for (; *names != NULL; names++) {
		d = edit_distance(s, *names);
		if (d < bestd) {
			bestd = d;
			best = *names;
		}
	}
	return bestd <= 2 || (best != NULL && bestd <= (int)strlen(s) / 3) ?
	    best : NULL;
}

void
names_join(const char *const *names, char *buf, size_t len)
{
	buf[0] = '\0';
	for (; *names != NULL; names++) {
		if (buf[0] != '\0')
			strncat(buf, ", ", len - strlen(buf) - 1);
		strncat(buf, *names, len - strlen(buf) - 1);
	}
}

const char *
json_type(const cJSON *v)
{
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsString(v))
		return "a string";
	if (cJSON_IsBool(v))
		return "a boolean";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsArray(v))
		return "an array";
	if (cJSON_IsObject(v))
		return "an object";
	return "an invalid value";
}

/* "got ..." text for a found value: its JSON, shortened. */
char *
json_found(const cJSON *v)
{
	char *s, *r;

	if (cJSON_IsObject(v) || cJSON_IsArray(v))
		return xstrdup(json_type(v));
	/* cJSON prints a number beyond a double's range as null */
	if (cJSON_IsNumber(v) && !isfinite(v->valuedouble))
		return xstrdup(v->valuedouble > 0 ? "a number above 1.8e308, "
		    "beyond what psim reads" : "a number below -1.8e308, "
		    "beyond what psim reads");
	s = cJSON_PrintUnformatted(v);
	if (s == NULL)
		fatal("out of memory");
	if (strlen(s) > 40)
		strcpy(s + 37, "...");
	r = xstrdup(s);
	cJSON_free(s);
	return r;
}

static void
path_join(char *out, size_t len, const char *path, const char *key)
{
	snprintf(out, len, "%s/%s", path, key);
}

void
reject_keys(struct ctx *c, const cJSON *obj, const char *path,
    const char *const *keys, const char *why)
{
	char p[256];

	for (; *keys != NULL; keys++) {
		if (cJSON_GetObjectItemCaseSensitive(obj, *keys) == NULL)
			continue;
		path_join(p, sizeof p, path, *keys);
		err_at(c, p, "%s", why);
	}
}

/* Report keys of obj not in allowed, with a did-you-mean. */
void
check_keys(struct ctx *c, const cJSON *obj, const char *path,
    const char *const *allowed)
{
	const cJSON *item;
	const char *const *a, *near;
	char p[256], list[512];

	cJSON_ArrayForEach(item, obj) {
		for (a = allowed; *a != NULL; a++) {
			if (strcmp(*a, item->string) == 0)
				break;
		}
		if (*a != NULL)
			continue;
		path_join(p, sizeof p, path, item->string);
		if ((near = names_closest(item->string, allowed)) != NULL) {
			err_at(c, p, "unknown key \"%s\"; did you mean \"%s\"?",
			    item->string, near);
		} else {
			names_join(allowed, list, sizeof list);
			err_at(c, p, "unknown key \"%s\"; expected one of: %s",
			    item->string, list);
		}
	}
}

/* The object at obj[key]; NULL (and an error when present but of another
 * type, or missing and required). */
const cJSON *
get_object(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256];

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err_at(c, p, "missing; expected an object");
		return NULL;
	}
	if (!cJSON_IsObject(v)) {
		err_at(c, p, "expected an object, got %s", json_type(v));
		return NULL;
	}
	return v;
}

/* An integer in [min, max], the error saying max unless it is the
 * type's (open: "expected an integer >= min"); 1 when present and
 * valid. */
static int
integer(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required, long min, long max, int open, long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;
	double d;

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err_at(c, p, "missing; expected an integer >= %ld",
			    min);
		return 0;
	}
	d = cJSON_IsNumber(v) ? v->valuedouble : NAN;
	if (!cJSON_IsNumber(v) || d != floor(d) || d < (double)min ||
	    d > (double)max) {
		f = json_found(v);
		if (!open)
			err_at(c, p, "expected an integer from %ld to %ld, got "
			    "%s", min, max, f);
		else
			err_at(c, p, "expected an integer >= %ld, got %s", min,
			    f);
		free(f);
		return 0;
	}
	*out = (long)d;
	return 1;
}

int
get_long(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required, long min, long max, long *out)
{
	return integer(c, obj, path, key, required, min, max, max == LONG_MAX,
	    out);
}

/* (an int: max INT_MAX or more is INT_MAX, and no bound in words) */
int
get_int(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required, long min, long max, int *out)
{
	long v;

	if (!integer(c, obj, path, key, required, min, max < INT_MAX ? max :
	    INT_MAX, max >= INT_MAX, &v))
		return 0;
	*out = (int)v;
	return 1;
}

/* A plain number in [min, max]; returns 1 when present and valid. */
int
get_number(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    double min, double max, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;

	if (v == NULL)
		return 0;
	path_join(p, sizeof p, path, key);
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= min) ||
	    !(v->valuedouble <= max)) {
		f = json_found(v);
		err_at(c, p, "expected a number from %g to %g, got %s", min,
		    max, f);
		free(f);
		return 0;
	}
	*out = v->valuedouble;
	return 1;
}

/* The one check of every range (scenario-impl.h). */
int
range_check(struct ctx *c, const char *path, const struct range *r, double v,
    const char *found)
{
	if (v == 0 && r->zero_ok)
		return 1;
	if (v >= r->min && v <= r->max && (!r->whole || v == floor(v)))
		return 1;
	err_at(c, path, "expected %s%s between %s and %s, got %s",
	    r->zero_ok ? "0 or " : "", r->what, r->min_text, r->max_text,
	    found);
	return 0;
}

/* A value with units: a JSON string with a unit, or a bare number in the
 * base unit (not for bandwidths, where bits and bytes are easy to mix
 * up), within the range.  Returns 1 when valid. */
int
get_units(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required, const struct range *r, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *cause, *f;
	double d;
	int ok;

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err_at(c, p, "missing; expected %s",
			    units_example(r->kind));
		return 0;
	}
	if (cJSON_IsNumber(v) && r->kind != UNIT_BANDWIDTH)
		d = v->valuedouble;
	else if (cJSON_IsString(v)) {
		if (units_parse(v->valuestring, r->kind, &d, &cause) != 0) {
			err_at(c, p, "%s", cause);
			free(cause);
			return 0;
		}
	} else {
		f = json_found(v);
		err_at(c, p, "expected %s, got %s", units_example(r->kind), f);
		free(f);
		return 0;
	}
	f = json_found(v);
	ok = range_check(c, p, r, d, f);
	free(f);
	if (ok)
		*out = d;
	return ok;
}

/* One of names; returns the index or -1 (with an error when present). */
int
get_enum(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    const char *const *names, int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	const char *near;
	char p[256], list[512], *f;
	int i;

	path_join(p, sizeof p, path, key);
	if (v == NULL)
		return def;
	names_join(names, list, sizeof list);
	if (!cJSON_IsString(v)) {
		f = json_found(v);
		err_at(c, p, "expected one of %s, got %s", list, f);
		free(f);
		return -1;
	}
	for (i = 0; names[i] != NULL; i++) {
		if (strcmp(names[i], v->valuestring) == 0)
			return i;
	}
	if ((near = names_closest(v->valuestring, names)) != NULL)
		err_at(c, p, "unknown value \"%s\"; did you mean \"%s\"? "
		    "(valid: %s)", v->valuestring, near, list);
	else
		err_at(c, p, "unknown value \"%s\"; expected one of %s",
		    v->valuestring, list);
	return -1;
}

char *
get_string(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;

	path_join(p, sizeof p, path, key);
	if (v == NULL) {
		if (required)
			err_at(c, p, "missing; expected a string");
		return NULL;
	}
	if (!cJSON_IsString(v) || v->valuestring[0] == '\0') {
		f = json_found(v);
		err_at(c, p, "expected a non-empty string, got %s", f);
		free(f);
		return NULL;
	}
	return xstrdup(v->valuestring);
}

int
get_bool(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], *f;

	if (v == NULL)
		return def;
	if (!cJSON_IsBool(v)) {
		path_join(p, sizeof p, path, key);
		f = json_found(v);
		err_at(c, p, "expected true or false, got %s", f);
		free(f);
		return def;
	}
	return cJSON_IsTrue(v);
}

/* An array of distinct host names; NULL when absent or bad. */
char **
get_names(struct ctx *c, const cJSON *obj, const char *path, const char *key,
    int *count)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key), *item;
	char p[256], q[300], **names, *f;
	int i = 0, j, bad = 0;

	*count = 0;
	if (v == NULL)
		return NULL;
	path_join(p, sizeof p, path, key);
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
		err_at(c, p, "expected a non-empty array of host names, got %s",
		    json_type(v));
		return NULL;
	}
	names = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof *names);
	cJSON_ArrayForEach(item, v) {
		snprintf(q, sizeof q, "%s/%d", p, i);
		if (!cJSON_IsString(item) || item->valuestring[0] == '\0') {
			f = json_found(item);
			err_at(c, q, "expected a host name, got %s", f);
			free(f);
			bad = 1;
		} else {
			for (j = 0; j < i; j++) {
				if (names[j] != NULL &&
				    strcmp(names[j], item->valuestring) == 0) {
					err_at(c, q, "host \"%s\" listed twice",
					    item->valuestring);
					bad = 1;
				}
			}
			names[i] = xstrdup(item->valuestring);
		}
		i++;
	}
	*count = i;
	if (bad) {
		for (j = 0; j < i; j++)
			free(names[j]);
		free(names);
		return NULL;
	}
	return names;
}

/* Line and column (from 1) of offset in text. */
static void
line_col(const char *text, size_t offset, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < offset && text[i] != '\0'; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else
			(*col)++;
	}
}

/* The scenario's text (scenario-impl.h). */
char *
scenario_read_text(struct ctx *c, const char *path, size_t *lenp)
{
	FILE *f;
	char *buf, *cause;

	if (path == NULL) {
		*lenp = strlen(seed_scenario_json);
		return xstrdup(seed_scenario_json);
	}
	if (strcmp(path, "-") == 0)
		f = stdin;
	else if ((f = files_open(path, FILES_MAX_SCENARIO, &cause)) == NULL) {
		err_at(c, NULL, "%s", cause);
		free(cause);
		return NULL;
	}
	if ((buf = files_slurp(f, FILES_MAX_SCENARIO, lenp, &cause)) == NULL) {
		err_at(c, NULL, "%s", cause);
		free(cause);
	}
	if (f != stdin)
		fclose(f);
	return buf;
}

/* How deep in objects and arrays offset is in text (strings skipped). */
static int
depth_at(const char *text, size_t offset)
{
	size_t i;
	int depth = 0, str = 0;

	for (i = 0; i < offset && text[i] != '\0'; i++) {
		if (str && text[i] == '\\' && text[i + 1] != '\0')
			i++;
		else if (text[i] == '"')
			str = !str;
		else if (!str && (text[i] == '{' || text[i] == '['))
			depth++;
		else if (!str && (text[i] == '}' || text[i] == ']'))
			depth--;
	}
	return depth;
}

struct member {
	const char	*name;
	size_t		 i;	/* its place in the object */
};

static int
member_cmp(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	int d = strcmp(x->name, y->name);

	return d != 0 ? d : (x->i > y->i) - (x->i < y->i);
}

/* cJSON keeps both of two equal keys and finds the first: a key given
 * twice in one object is an error, at the object's path. */
static void
repeated_keys(struct ctx *c, const cJSON *v, const char *path)
{
	const cJSON *k;
	struct member *m;
	char p[256];
	size_t n = 0, i;

	if (!cJSON_IsObject(v) && !cJSON_IsArray(v))
		return;
	for (k = v->child; k != NULL; k = k->next, n++) {
		if (cJSON_IsObject(v))
			path_join(p, sizeof p, path, k->string);
		else
			snprintf(p, sizeof p, "%s/%zu", path, n);
		repeated_keys(c, k, p);
	}
	if (!cJSON_IsObject(v) || n < 2)
		return;
	m = xcalloc(n, sizeof *m);
	for (i = 0, k = v->child; k != NULL; k = k->next, i++) {
		m[i].name = k->string;
		m[i].i = i;
	}
	qsort(m, n, sizeof *m, member_cmp);
	for (i = 1; i < n; i++) {
		if (strcmp(m[i - 1].name, m[i].name) != 0)
			continue;
		err_at(c, path[0] != '\0' ? path : NULL, "key \"%s\" is given "
		    "twice; a key may appear once in an object", m[i].name);
		while (i + 1 < n && strcmp(m[i].name, m[i + 1].name) == 0)
			i++;
	}
	free(m);
}

/* RFC 8259, strictly (cJSON lets through raw control characters in
 * strings, \u0000, bytes that are not UTF-8, lone surrogates, numbers
 * such as 01, +1, .5 and 1., and whitespace beyond the four): a checker
 * of its own, run first.  0, or -1 with *at where and *why what. */
struct strict {
	const unsigned char *p, *end;
	const char	*why;
};

static void
strict_ws(struct strict *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' ||
	    *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static int
strict_fail(struct strict *j, const char *why)
{
	j->why = why;
	return -1;
}

static int
strict_digits(struct strict *j)
{
	const unsigned char *start = j->p;

	while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
		j->p++;
	return j->p > start ? 0 : strict_fail(j, "a digit expected");
}

static int
strict_number(struct strict *j)
{
	if (*j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0') {
		j->p++;
		if (j->p < j->end && *j->p >= '0' && *j->p <= '9')
			return strict_fail(j, "a number with a leading zero");
	} else if (strict_digits(j) != 0)
		return -1;
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (strict_digits(j) != 0)
			return strict_fail(j, "a digit after the decimal point "
			    "expected");
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (strict_digits(j) != 0)
			return strict_fail(j, "an exponent's digits expected");
	}
	return 0;
}

/* Four hex digits at p into *v. */
static int
strict_hex4(struct strict *j, unsigned *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 4; i++, j->p++) {
		if (j->p >= j->end || !isxdigit(*j->p))
			return strict_fail(j, "\\u and four hex digits "
			    "expected");
		*v = *v * 16 + (unsigned)(isdigit(*j->p) ? *j->p - '0' :
		    tolower(*j->p) - 'a' + 10);
	}
	return 0;
}

static int
strict_escape(struct strict *j)
{
	unsigned v, w;

	if (j->p >= j->end)
		return strict_fail(j, "an unfinished string");
	if (strchr("\"\\/bfnrt", *j->p) != NULL && *j->p != '\0') {
		j->p++;
		return 0;
	}
	if (*j->p != 'u')
		return strict_fail(j, "an escape other than \\\" \\\\ \\/ "
		    "\\b \\f \\n \\r \\t \\uXXXX");
	j->p++;
	if (strict_hex4(j, &v) != 0)
		return -1;
	if (v == 0)
		return strict_fail(j, "\\u0000 in a string (psim's strings "
		    "hold no NUL)");
	if (v >= 0xdc00 && v <= 0xdfff)
		return strict_fail(j, "a lone low surrogate");
	if (v >= 0xd800 && v <= 0xdbff) {
		if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
			return strict_fail(j, "a high surrogate without its "
			    "low one");
		j->p += 2;
		if (strict_hex4(j, &w) != 0)
			return -1;
		if (w < 0xdc00 || w > 0xdfff)
			return strict_fail(j, "a high surrogate without its "
			    "low one");
	}
	return 0;
}

static int
strict_string(struct strict *j)
{
	uint32_t cp;
	size_t k;

	for (j->p++; j->p < j->end && *j->p != '"';) {
		if (*j->p == '\\') {
			j->p++;
			if (strict_escape(j) != 0)
				return -1;
		} else if (*j->p < 0x20)
			return strict_fail(j, "a control character in a "
			    "string (write it escaped: \\t, \\n, \\u001f)");
		else if ((k = utf8_decode((const char *)j->p,
		    (size_t)(j->end - j->p), &cp)) == 0)
			return strict_fail(j, "bytes that are not UTF-8 in a "
			    "string");
		else
			j->p += k;
	}
	if (j->p >= j->end)
		return strict_fail(j, "an unfinished string");
	j->p++;
	return 0;
}

static int
strict_word(struct strict *j)
{
	static const char *const words[] = { "true", "false", "null" };
	size_t i, n;

	for (i = 0; i < 3; i++) {
		n = strlen(words[i]);
		if ((size_t)(j->end - j->p) >= n && memcmp(j->p, words[i],
		    n) == 0) {
			j->p += n;
			return 0;
		}
	}
	if (*j->p == '+' || *j->p == '.')
		return strict_fail(j, "a number starts with - or a digit");
	return strict_fail(j, "a value expected");
}

/* One value with the containers it opens, iteratively (stack of '{' and
 * '['); 1 when they nest deeper than CJSON_NESTING_LIMIT (cJSON says
 * so itself). */
static int
strict_value(struct strict *j)
{
	char stack[CJSON_NESTING_LIMIT + 1];
	int depth = 0, want_key;

	for (;;) {
		strict_ws(j);
		if (j->p >= j->end)
			return strict_fail(j, "a value expected");
		if (*j->p == '{' || *j->p == '[') {
			if (depth >= CJSON_NESTING_LIMIT)
				return 1;	/* too deep: cJSON says so */
			stack[depth++] = (char)*j->p++;
			strict_ws(j);
			if (j->p < j->end && *j->p == (stack[depth - 1] == '{' ?
			    '}' : ']')) {
				j->p++;
				depth--;
				goto close;
			}
			if (stack[depth - 1] == '[')
				continue;
			want_key = 1;
			goto key;
		}
		if (*j->p == '"') {
			if (strict_string(j) != 0)
				return -1;
		} else if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9')) {
			if (strict_number(j) != 0)
				return -1;
		} else if (strict_word(j) != 0)
			return -1;
close:
		for (;;) {	/* after a value: , or the closer */
			strict_ws(j);
			if (depth == 0)
				return 0;
			if (j->p >= j->end)
				return strict_fail(j, "an unfinished object or "
				    "array");
			if (*j->p == ',') {
				j->p++;
				want_key = stack[depth - 1] == '{';
				break;
			}
			if (*j->p != (stack[depth - 1] == '{' ? '}' : ']'))
				return strict_fail(j, stack[depth - 1] == '{' ?
				    ", or } expected" : ", or ] expected");
			j->p++;
			depth--;
		}
		if (!want_key)
			continue;
key:
		strict_ws(j);
		if (j->p >= j->end || *j->p != '"')
			return strict_fail(j, "a key (a string) expected");
		if (strict_string(j) != 0)
			return -1;
		strict_ws(j);
		if (j->p >= j->end || *j->p != ':')
			return strict_fail(j, ": expected after a key");
		j->p++;
	}
}

/* Whether text (len bytes) is one JSON value, strictly; -1 with the
 * offset of the fault in *at and what in *why. */
static int
strict_json(const char *text, size_t len, size_t *at, const char **why)
{
	struct strict j = { (const unsigned char *)text,
	    (const unsigned char *)text + len, NULL };

	int rc = strict_value(&j);

	if (rc == 1)
		return 0;
	if (rc == 0) {
		strict_ws(&j);
		if (j.p == j.end)
			return 0;
		j.why = "more after the value";
	}
	*at = (size_t)(j.p - (const unsigned char *)text);
	*why = j.why != NULL ? j.why : "not valid JSON";
	return -1;
}

/* The text to a tree (scenario-impl.h). */
cJSON *
scenario_parse_json(struct ctx *c, const char *text, size_t len)
{
	cJSON *root;
	const char *end = NULL, *why;
	size_t at;
	int line, col;

	if (strlen(text) != len) {
		err_at(c, NULL, "not a JSON text (it holds a NUL byte)");
		return NULL;
	}
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		errors_add(&c->errors, NULL, "psim: %s:1:1: starts with a "
		    "UTF-8 byte order mark (EF BB BF), which RFC 8259 (8.1) "
		    "tells writers not to add; save it as UTF-8 without one",
		    c->file);
		return NULL;
	}
	if (strict_json(text, len, &at, &why) != 0) {
		line_col(text, at, &line, &col);
		errors_add(&c->errors, NULL, "psim: %s:%d:%d: syntax error: "
		    "not valid JSON: %s", c->file, line, col, why);
		return NULL;
	}
	root = cJSON_ParseWithOpts(text, &end, 1);
	if (root == NULL) {
		end = cJSON_GetErrorPtr();
		line_col(text, end != NULL ? (size_t)(end - text) : 0, &line,
		    &col);
		if (end != NULL && depth_at(text, (size_t)(end - text)) >=
		    CJSON_NESTING_LIMIT)
			errors_add(&c->errors, NULL, "psim: %s:%d:%d: objects "
			    "and arrays nested more than %d deep; psim reads "
			    "no deeper", c->file, line, col,
			    CJSON_NESTING_LIMIT);
		else
			errors_add(&c->errors, NULL, "psim: %s:%d:%d: syntax "
			    "error: not valid JSON", c->file, line, col);
		return NULL;
	}
	repeated_keys(c, root, "");
	if (!cJSON_IsObject(root)) {
		err_at(c, NULL, "expected a JSON object at the top, got %s",
		    json_type(root));
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

/* Element key ("0", "1", ...) of an array, or NULL. */
static cJSON *
array_item(cJSON *arr, const char *key)
{
	size_t k = strspn(key, "0123456789");

	if (k == 0 || key[k] != '\0' || k > 6)
		return NULL;
	return cJSON_GetArrayItem(arr, atoi(key));
}

/* Apply "a.b.c=value" to the tree: value is JSON when it parses as JSON,
 * a string otherwise ("10Gbps"). */
void
scenario_apply_set(struct ctx *c, cJSON *root, const char *set)
{
	const char *eq = strchr(set, '='), *p, *dot;
	cJSON *obj = root, *next, *val;
	char key[128], shown[300];
	const char *why;
	size_t at;

	snprintf(shown, sizeof shown, "--set %s", set);
	if (eq == NULL || eq == set) {
		err_at(c, NULL, "%s: expected PATH=VALUE", shown);
		return;
	}
	/* the whole path first, so that a bad one changes nothing */
	for (p = set;; p = dot + 1) {
		dot = memchr(p, '.', (size_t)(eq - p));
		if (dot == NULL)
			dot = eq;
		if (dot == p || (size_t)(dot - p) >= sizeof key) {
			err_at(c, NULL, "%s: bad path: expected keys joined by "
			    "dots, such as cluster.nic", shown);
			return;
		}
		if (dot == eq)
			break;
	}
	val = strict_json(eq + 1, strlen(eq + 1), &at, &why) == 0 ?
	    cJSON_ParseWithOpts(eq + 1, NULL, 1) : NULL;
	if (val == NULL && strchr("{[\"", eq[1]) != NULL && eq[1] != '\0') {
		err_at(c, NULL, "%s: the value starts as JSON (%c) but is not "
		    "valid JSON; write the whole object, array or quoted "
		    "string", shown, eq[1]);
		return;
	}
	if (val == NULL)
		val = cJSON_CreateString(eq + 1);
	for (p = set;; p = dot + 1) {
		dot = memchr(p, '.', (size_t)(eq - p));
		if (dot == NULL)
			dot = eq;
		memcpy(key, p, (size_t)(dot - p));
		key[dot - p] = '\0';
		if (dot == eq)
			break;
		if (cJSON_IsArray(obj)) {	/* jobs.1.run.steps */
			if ((next = array_item(obj, key)) == NULL) {
				err_at(c, NULL, "%s: no element \"%s\" in the "
				    "array (expected an index from 0 to %d)",
				    shown, key, cJSON_GetArraySize(obj) - 1);
				cJSON_Delete(val);
				return;
			}
		} else if ((next = cJSON_GetObjectItemCaseSensitive(obj,
		    key)) == NULL)
			next = cJSON_AddObjectToObject(obj, key);
		if (!cJSON_IsObject(next) && !cJSON_IsArray(next)) {
			err_at(c, NULL, "%s: \"%s\" is not an object", shown,
			    key);
			cJSON_Delete(val);
			return;
		}
		obj = next;
	}
	if (cJSON_IsArray(obj) && array_item(obj, key) != NULL)
		cJSON_ReplaceItemInArray(obj, atoi(key), val);
	else if (cJSON_IsArray(obj)) {
		err_at(c, NULL, "%s: no element \"%s\" in the array (expected "
		    "an index from 0 to %d)", shown, key,
		    cJSON_GetArraySize(obj) - 1);
		cJSON_Delete(val);
	} else if (cJSON_GetObjectItemCaseSensitive(obj, key) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(obj, key, val);
	else
		cJSON_AddItemToObject(obj, key, val);
}

int
scenario_tree_has(const cJSON *root, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(root, key) != NULL;
}

void
scenario_json_free(cJSON *root)
{
	cJSON_Delete(root);
}
