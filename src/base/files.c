/* files.c: input files read safely, and their digests (files.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "xmalloc.h"

static const char *
file_kind(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISBLK(m))
		return "a block device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a regular file";
}

/* "8 MB" for a limit. */
static void
fmt_mb(long long n, char *buf, size_t len)
{
	snprintf(buf, len, "%.1f MB", (double)n / 1048576.0);
}

FILE *
files_open(const char *path, long long max, char **cause)
{
	struct stat st;
	char got[32], lim[32];
	int fd, flags;
	FILE *f;

	/* O_NONBLOCK: opening a FIFO with no writer must not hang. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		xasprintf(cause, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0) {
		xasprintf(cause, "%s", strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		xasprintf(cause, "is %s; psim reads only regular files",
		    file_kind(st.st_mode));
		close(fd);
		return NULL;
	}
	if ((long long)st.st_size > max) {
		fmt_mb((long long)st.st_size, got, sizeof got);
		fmt_mb(max, lim, sizeof lim);
		xasprintf(cause, "is %s; psim reads files of at most %s", got,
		    lim);
		close(fd);
		return NULL;
	}
	if ((flags = fcntl(fd, F_GETFL)) != -1)
		(void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	if ((f = fdopen(fd, "rb")) == NULL) {
		xasprintf(cause, "%s", strerror(errno));
		close(fd);
	}
	return f;
}

char *
files_slurp(FILE *f, long long max, size_t *lenp, char **cause)
{
	char *buf = NULL, lim[32];
	size_t len = 0, n;

	for (;;) {
		buf = xreallocarray(buf, len + 65536 + 1, 1);
		n = fread(buf + len, 1, 65536, f);
		len += n;
		if ((long long)len > max) {
			fmt_mb(max, lim, sizeof lim);
			xasprintf(cause, "more than %s; psim reads files of "
			    "at most %s", lim, lim);
			free(buf);
			return NULL;
		}
		if (n < 65536)
			break;
	}
	if (ferror(f)) {
		xasprintf(cause, "cannot read: %s", strerror(errno));
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

unsigned long long
files_fnv1a(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	unsigned long long h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

char *
files_fingerprint(const char *path, char **cause)
{
	FILE *f;
	char *buf, *s;
	size_t len;

	if ((f = files_open(path, FILES_MAX_DATA, cause)) == NULL)
		return NULL;
	buf = files_slurp(f, FILES_MAX_DATA, &len, cause);
	fclose(f);
	if (buf == NULL)
		return NULL;
	xasprintf(&s, "%zu bytes, fnv1a64 %016llx", len, files_fnv1a(buf,
	    len));
	free(buf);
	return s;
}
