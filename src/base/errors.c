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

	if (e->count++ >= ERRORS_SHOWN)
		return;		/* counted: errors_take says how many */
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

/* n with a comma every three digits: "7,999,990". */
static void
thousands(long n, char *buf, size_t len)
{
	char digits[32];
	size_t i, k, nd;

	nd = (size_t)snprintf(digits, sizeof digits, "%ld", n);
	for (i = k = 0; i < nd && k + 2 < len; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = digits[i];
	}
	buf[k] = '\0';
}

char *
errors_take(struct errors *e)
{
	char *text, more[96], num[32];

	if (e->count > ERRORS_SHOWN) {
		thousands((long)e->count - ERRORS_SHOWN, num, sizeof num);
		snprintf(more, sizeof more, "psim: ... and %s more error%s\n",
		    num, e->count - ERRORS_SHOWN == 1 ? "" : "s");
		e->text = xreallocarray(e->text, e->len + strlen(more) + 1, 1);
		memcpy(e->text + e->len, more, strlen(more) + 1);
		e->len += strlen(more);
	}
	text = e->text;

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
