/* files.h: the files psim reads as input (scenarios, fault traces,
 * platforms): regular files only, up to a size, each refusal one line;
 * and a file's digest, for a sweep's identity. */
#ifndef PSIM_FILES_H
#define PSIM_FILES_H

#include <stdio.h>

/* The largest scenario file psim reads, and the largest trace or
 * platform file. */
#define FILES_MAX_SCENARIO	(8LL << 20)
#define FILES_MAX_DATA		(64LL << 20)

/* path opened for reading when it is a regular file of at most max
 * bytes; NULL with *cause (malloc'd: strerror's words, "is a FIFO; psim
 * reads only regular files", "is 100.0 MB; psim reads files of at most
 * 8.0 MB") otherwise.  It never blocks on a FIFO. */
FILE *files_open(const char *path, long long max, char **cause);

/* All of f (at most max bytes; more is an error) into a malloc'd,
 * NUL-terminated buffer; its length in *len.  NULL with *cause. */
char *files_slurp(FILE *f, long long max, size_t *len, char **cause);

/* The 64-bit FNV-1a digest of len bytes. */
unsigned long long files_fnv1a(const void *buf, size_t len);

/* "SIZE bytes, fnv1a64 HEX" of a regular file; NULL with *cause. */
char *files_fingerprint(const char *path, char **cause);

#endif
