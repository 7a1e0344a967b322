/* child.c: work in child processes, their output read back (child.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "xmalloc.h"

int
child_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* What fd gives until its end, malloc'd. */
static char *
read_all(int fd)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t k;

	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap = cap ? 2 * cap : 8192;
			buf = xreallocarray(buf, cap, 1);
		}
		if ((k = read(fd, buf + len, 4096)) > 0)
			len += (size_t)k;
		else if (k == 0 || errno != EINTR)
			break;
	}
	buf[len] = '\0';
	return buf;
}

struct job {
	pid_t		 pid;
	int		 fd;
};

/* Start child i: fn in it, its output on a pipe. */
static void
start(struct job *j, int i, child_fn fn, void *ctx)
{
	FILE *out;
	int p[2], status;

	if (pipe(p) == -1)
		fatal("pipe: %s", strerror(errno));
	fflush(NULL);
	if ((j->pid = fork()) == -1)
		fatal("fork: %s", strerror(errno));
	if (j->pid == 0) {
		close(p[0]);
		if ((out = fdopen(p[1], "w")) == NULL)
			_exit(1);
		status = fn(ctx, i, out);
		if (fclose(out) != 0 && status == 0)
			status = 1;
		_exit(status);
	}
	close(p[1]);
	j->fd = p[0];
}

/* Wait for job j: its output in *out; whether it failed. */
static int
collect(struct job *j, char **out)
{
	int status;

	*out = read_all(j->fd);
	close(j->fd);
	while (waitpid(j->pid, &status, 0) == -1 && errno == EINTR)
		;
	return !(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	    (*out)[0] != '!' && (*out)[0] != '\0');
}

int
child_map(int n, int jobs, child_fn fn, void *ctx, char **outs,
    int *failed, child_progress progress)
{
	struct job *job = xcalloc(n > 0 ? (size_t)n : 1, sizeof *job);
	int next = 0, done = 0, bad = 0, f;

	if (jobs < 1)
		jobs = child_jobs_default();
	while (done < n) {
		/* start up to jobs children, then wait for the oldest */
		while (next < n && next - done < jobs) {
			start(&job[next], next, fn, ctx);
			next++;
		}
		f = collect(&job[done], &outs[done]);
		if (failed != NULL)
			failed[done] = f;
		bad += f;
		done++;
		if (progress != NULL)
			progress(ctx, done, n);
	}
	free(job);
	return bad;
}
