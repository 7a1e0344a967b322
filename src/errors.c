/* errors.c: the error collector (errors.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "xmalloc.h"

void
errors_vadd(struct errors *e, const char *where, const char *fmt, va_list ap)
{
	va_list aq;
	size_t wl = where != NULL ? strlen(where) + 2 : 0;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		fatal("cannot format an error message");
	e->text = xreallocarray(e->text, e->len + wl + (size_t)n + 2, 1);
	if (where != NULL) {
		memcpy(e->text + e->len, where, wl - 2);
		memcpy(e->text + e->len + wl - 2, ": ", 2);
	}
	vsnprintf(e->text + e->len + wl, (size_t)n + 1, fmt, ap);
	e->len += wl + (size_t)n;
	memcpy(e->text + e->len, "\n", 2);
	e->len++;
	e->count++;
}

void
errors_add(struct errors *e, const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errors_vadd(e, where, fmt, ap);
	va_end(ap);
}

int
errors_count(const struct errors *e)
{
	return e->count;
}

char *
errors_take(struct errors *e)
{
	char *text = e->text;

	e->text = NULL;
	e->len = 0;
	e->count = 0;
	return text;
}

void
errors_free(struct errors *e)
{
	free(errors_take(e));
}
