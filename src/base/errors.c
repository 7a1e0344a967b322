/* errors.c: the error collector (errors.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "utf8.h"
#include "xmalloc.h"

/* Append n bytes of s, anything unprintable spelled out (utf8.h), a
 * newline too: an error is one line. */
static void
append_printable(struct errors *e, const char *s, size_t n)
{
	char out[16];
	size_t i, k, len;

	for (i = 0; i < n; i += k) {
		k = utf8_printable(s + i, n - i, out);
		if (strcmp(out, "\n") == 0)
			strcpy(out, "\\n");
		len = strlen(out);
		e->text = xreallocarray(e->text, e->len + len + 2, 1);
		memcpy(e->text + e->len, out, len);
		e->len += len;
	}
}

void
errors_vadd(struct errors *e, const char *where, const char *fmt, va_list ap)
{
	va_list aq;
	char *msg;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		fatal("cannot format an error message");
	msg = xmalloc((size_t)n + 1);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	if (where != NULL) {
		append_printable(e, where, strlen(where));
		append_printable(e, ": ", 2);
	}
	append_printable(e, msg, (size_t)n);
	free(msg);
	e->text = xreallocarray(e->text, e->len + 2, 1);
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
