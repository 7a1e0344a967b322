/* errors.h: an error collector.  A loader appends one line per problem,
 * in the order it finds them, and hands the caller the whole text at the
 * end (each line ends in "\n").  Pure: no I/O, no engine.
 *
 *	struct errors e = ERRORS_INIT;
 *	errors_add(&e, "psim: FILE: /path", "expected %s", what);
 *	...
 *	if (errors_count(&e) != 0)
 *		*text = errors_take(&e);	(the caller frees it)
 */
#ifndef PSIM_ERRORS_H
#define PSIM_ERRORS_H

#include <stdarg.h>
#include <stddef.h>

struct errors {
	char		*text;		/* the lines so far, NULL: none */
	size_t		 len;
	int		 count;
};

#define ERRORS_INIT	{ NULL, 0, 0 }

/* The most lines the text keeps; past them errors are counted, and
 * errors_take ends the text with "psim: ... and N more errors". */
#define ERRORS_SHOWN	50

/* Append the line "WHERE: MESSAGE\n", or "MESSAGE\n" when where is NULL,
 * MESSAGE formatted from fmt. */
void errors_add(struct errors *, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void errors_vadd(struct errors *, const char *where, const char *fmt,
    va_list);
/* The lines appended so far. */
int errors_count(const struct errors *);
/* The text (NULL when there is none), the collector emptied. */
char *errors_take(struct errors *);
void errors_free(struct errors *);

#endif
