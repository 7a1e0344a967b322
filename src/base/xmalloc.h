/* xmalloc.h: allocation that cannot fail (it exits), and fatal(). */
#ifndef PSIM_XMALLOC_H
#define PSIM_XMALLOC_H

#include <stddef.h>

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xreallocarray(void *, size_t, size_t);
char *xstrdup(const char *);
char *xstrndup(const char *, size_t);
/* Free a NULL-terminated array of strings and the array (NULL is fine). */
void xfreev(char **);
int xasprintf(char **, const char *, ...) __attribute__((format(printf, 2, 3)));
void fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));
/* At exit (atexit, first thing in main): stdout written whole, or one
 * line on stderr and exit status 1, whichever command wrote it (unless
 * fatal() has already said why psim stops). */
void close_stdout(void);

/* The memory this process may use: the machine's, or less under a limit
 * on its address space or data (ulimit -v, ulimit -d, prlimit); *what
 * says which ("this machine has", "under its ulimit this process may
 * use").  0 when it cannot tell. */
double xmemory_allowed(const char **what);

#endif
