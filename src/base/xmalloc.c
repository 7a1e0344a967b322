/* xmalloc.c: allocation that cannot fail and the fatal() exit for
 * conditions that are not the user's fault (out of memory, unwritable
 * output).  Exit status 1, as the man page says. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "xmalloc.h"

/* fatal() has said why psim stops: close_stdout says no more. */
static int reported;

void
fatal(const char *fmt, ...)
{
	va_list ap;

	reported = 1;
	fflush(stdout);
	fputs("psim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* As gnulib's close_stdout: a closed stdout that psim wrote nothing to
 * (psim run -o FILE >&-) is no error. */
void
close_stdout(void)
{
	size_t pending = __fpending(stdout);
	int bad = ferror(stdout);

	errno = 0;
	if (fclose(stdout) != 0 && (pending != 0 || errno != EBADF))
		bad = 1;
	if (!bad || reported)
		return;
	fprintf(stderr, "psim: cannot write stdout%s%s\n", errno != 0 ?
	    ": " : "", errno != 0 ? strerror(errno) : "");
	_exit(1);
}

void *
xmalloc(size_t size)
{
	void *p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		fatal("out of memory (%zu bytes)", size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = calloc(n, size)) == NULL)
		fatal("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void *p;

	if (size != 0 && n > SIZE_MAX / size)
		fatal("out of memory (%zu x %zu bytes)", n, size);
	if (n * size == 0)
		n = size = 1;
	if ((p = realloc(old, n * size)) == NULL)
		fatal("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

void
xfreev(char **v)
{
	char **p;

	if (v == NULL)
		return;
	for (p = v; *p != NULL; p++)
		free(*p);
	free(v);
}

int
xasprintf(char **out, const char *fmt, ...)
{
	va_list ap, ap2;
	int len;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		fatal("xasprintf: %s", strerror(errno));
	*out = xmalloc((size_t)len + 1);
	vsnprintf(*out, (size_t)len + 1, fmt, ap2);
	va_end(ap2);
	return len;
}

double
xmemory_allowed(const char **what)
{
	static const int limits[] = { RLIMIT_AS, RLIMIT_DATA };
	double have = (double)sysconf(_SC_PHYS_PAGES) *
	    (double)sysconf(_SC_PAGESIZE);
	struct rlimit rl;
	size_t i;

	*what = "this machine has";
	for (i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		if (getrlimit(limits[i], &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY &&
		    (have <= 0 || (double)rl.rlim_cur < have)) {
			have = (double)rl.rlim_cur;
			*what = "under its ulimit this process may use";
		}
	}
	return have > 0 ? have : 0;
}
