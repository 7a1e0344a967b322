/* platform-probe.c: a user's platform file, loaded in a child process
 * (platform-probe.h).
 *
 * SimGrid aborts, or crashes, on much that a platform file can say: a
 * link of -1 Gbps or 0 Bps, a host of speed 0, two hosts with no route
 * between them.  So psim loads the file in a child first, which reports
 * what it found on a pipe; whatever the child dies of stays in the
 * child, and becomes one error line here.  The run itself loads the file
 * only once this found nothing wrong. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include "errors.h"
#include "platform-probe.h"
#include "xmalloc.h"

/* What a child does once the file is loaded: write lines to out. */
typedef void child_fn(void *arg, FILE *out);

/* The last line SimGrid wrote before it gave up, trimmed. */
static char *
last_error_line(FILE *f)
{
	char line[1024], best[1024] = "";
	size_t n;

	rewind(f);
	while (fgets(line, sizeof line, f) != NULL) {
		n = strlen(line);
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || strstr(line, "Backtrace") != NULL ||
		    strncmp(line, "  ", 2) == 0 || strstr(line, "->") != NULL)
			continue;
		if (best[0] == '\0' || strstr(line, "rror") != NULL ||
		    strstr(line, "what()") != NULL)
			memcpy(best, line, n + 1);
		if (strstr(line, "what()") != NULL)
			break;
	}
	return xstrdup(best[0] != '\0' ? best : "SimGrid could not load it");
}

/* A crash in the child is what it is there for: it ends it quietly
 * (also under AddressSanitizer, which would report it). */
static void
child_crashed(int sig)
{
	_exit(128 + sig);
}

/* Load file in a child, run fn there, and hand each line it writes to
 * *lines (malloc'd, *nlines of them).  Returns 0 when the child ended
 * well, else -1 with *cause (malloc'd): what SimGrid said last. */
static int
in_child(const char *file, child_fn *fn, void *arg, char ***lines,
    int *nlines, char **cause)
{
	int out[2], status, n = 0, cap = 0;
	FILE *errf, *in;
	char **v = NULL, line[4096];
	size_t len;
	pid_t pid;

	*cause = NULL;
	if ((errf = tmpfile()) == NULL || pipe(out) == -1)
		fatal("cannot probe %s: %s", file, strerror(errno));
	fflush(NULL);
	if ((pid = fork()) == -1)
		fatal("fork: %s", strerror(errno));
	if (pid == 0) {
		const char *argv[] = { "psim", "--log=root.thresh:error",
		    "--log=root.fmt:%m%n", NULL };
		int argc = 3;
		FILE *o;

		close(out[0]);
		signal(SIGSEGV, child_crashed);
		signal(SIGBUS, child_crashed);
		dup2(fileno(errf), 2);
		dup2(fileno(errf), 1);
		o = fdopen(out[1], "w");
		simgrid_init(&argc, (char **)argv);	/* moves pointers only */
		simgrid_load_platform(file);
		fn(arg, o);
		fclose(o);
		_exit(0);
	}
	close(out[1]);
	in = fdopen(out[0], "r");
	while (fgets(line, sizeof line, in) != NULL) {
		len = strlen(line);
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xreallocarray(v, (size_t)cap, sizeof *v);
		}
		v[n++] = xstrdup(line);
	}
	fclose(in);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	*lines = v;
	*nlines = n;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		fclose(errf);
		return 0;
	}
	*cause = last_error_line(errf);
	fclose(errf);
	return -1;
}

static void
free_lines(char **v, int n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/* A positive, finite amount: a host's speed, a link's bandwidth. */
static int
positive(double x)
{
	return isfinite(x) && x > 0;
}

/* Bad values of one kind: the first, and how many there are. */
struct bad {
	const char	*what;		/* "host", "link" */
	const char	*rule;
	char		 first[400];
	int		 n;
};

static void
bad_add(struct bad *b, const char *name, const char *fmt, double x)
{
	char v[64];

	if (b->n++ == 0) {
		snprintf(v, sizeof v, fmt, x);
		snprintf(b->first, sizeof b->first, "%s \"%.300s\" %s",
		    b->what, name, v);
	}
}

/* One "e" line for them all. */
static void
bad_print(const struct bad *b, FILE *o)
{
	if (b->n == 1)
		fprintf(o, "e %s; %s\n", b->first, b->rule);
	else if (b->n > 1)
		fprintf(o, "e %s (and %d more %ss); %s\n", b->first, b->n - 1,
		    b->what, b->rule);
}

/* In the child: "h NAME" per host, and an "e" line per kind of value
 * that SimGrid would choke on. */
static void
list_hosts(void *arg, FILE *o)
{
	sg_host_t *hosts = sg_host_list();
	sg_link_t *links = sg_link_list();
	size_t i, nh = sg_host_count(), nl = sg_link_count();
	struct bad speed = { "host", "every host needs a speed above 0", "",
	    0 }, bw = { "link", "every link needs a bandwidth above 0", "",
	    0 }, lat = { "link", "a latency must be 0 or more", "", 0 };
	double x;

	(void)arg;
	for (i = 0; i < nh; i++) {
		fprintf(o, "h %s\n", sg_host_get_name(hosts[i]));
		if (!positive(x = sg_host_get_speed(hosts[i])))
			bad_add(&speed, sg_host_get_name(hosts[i]),
			    "has a speed of %g flop/s", x);
	}
	for (i = 0; i < nl; i++) {
		if (!positive(x = sg_link_get_bandwidth(links[i])))
			bad_add(&bw, sg_link_get_name(links[i]),
			    "has a bandwidth of %g Gbps", x * 8 / 1e9);
		x = sg_link_get_latency(links[i]);
		if (!isfinite(x) || x < 0)
			bad_add(&lat, sg_link_get_name(links[i]),
			    "has a latency of %g s", x);
	}
	bad_print(&speed, o);
	bad_print(&bw, o);
	bad_print(&lat, o);
	free(hosts);
	free(links);
}

char **
probe_hosts(const char *file, const char *scfile, int *count,
    struct errors *errors)
{
	char **lines, **names, *cause;
	int i, n, bad = 0;

	*count = 0;
	if (in_child(file, list_hosts, NULL, &lines, &n, &cause) != 0) {
		errors_add(errors, NULL, "psim: %s: /cluster/platform: cannot "
		    "load \"%s\": %s", scfile, file, cause);
		free(cause);
		free_lines(lines, n);
		return NULL;
	}
	names = xcalloc((size_t)n + 1, sizeof *names);
	for (i = 0; i < n; i++) {
		if (strncmp(lines[i], "e ", 2) == 0) {
			errors_add(errors, NULL, "psim: %s: /cluster/platform: "
			    "\"%s\": %s", scfile, file, lines[i] + 2);
			bad++;
		} else
			names[(*count)++] = xstrdup(lines[i] + 2);
	}
	free_lines(lines, n);
	if (*count == 0 && bad == 0)
		errors_add(errors, NULL, "psim: %s: /cluster/platform: cannot "
		    "load \"%s\": it has no hosts", scfile, file);
	if (*count == 0 || bad != 0) {
		free_lines(names, *count);
		*count = 0;
		return NULL;
	}
	return names;
}

struct pairs {
	char *const	*hosts;
	int		 n;
	int		 nworkers;	/* the servers and storage follow */
	volatile long	*at;	/* shared: the pair being looked up */
	sg_host_t	*h;
	xbt_dynar_t	 links;
};

/* In the child: look up the route from host i to host j, the pair's
 * index in *at first, so that the parent knows which one the child died
 * on.  SimGrid returns an empty route of no latency for a pair it cannot
 * route (and aborts when a message tries it), or crashes in the lookup:
 * the child stops at the first such pair, its index left in *at. */
static void
try_pair(struct pairs *p, int i, int j)
{
	if (i == j)
		return;
	*p->at = (long)i * p->n + j;
	xbt_dynar_reset(p->links);
	sg_host_get_route(p->h[i], p->h[j], p->links);
	if (xbt_dynar_is_empty(p->links) &&
	    sg_host_get_route_latency(p->h[i], p->h[j]) <= 0)
		_exit(3);
}

/* Every ordered pair of up to ALL_PAIRS hosts (4 million lookups take
 * about 2.5 s); beyond that, each host to and from the first, its next
 * and every server and the storage, so that the cost stays linear in
 * the workers. */
#define ALL_PAIRS	2048

static void
route_pairs(void *arg, FILE *o)
{
	struct pairs *p = arg;
	int i, j;

	p->h = xcalloc((size_t)p->n, sizeof *p->h);
	p->links = xbt_dynar_new(sizeof(sg_link_t), NULL);
	for (i = 0; i < p->n; i++)
		p->h[i] = sg_host_by_name(p->hosts[i]);
	for (i = 0; i < p->n; i++) {
		if (p->n <= ALL_PAIRS) {
			for (j = 0; j < p->n; j++)
				try_pair(p, i, j);
			continue;
		}
		try_pair(p, i, 0);
		try_pair(p, 0, i);
		try_pair(p, i, (i + 1) % p->n);
		try_pair(p, (i + 1) % p->n, i);
		for (j = p->nworkers; j < p->n; j++) {
			try_pair(p, i, j);
			try_pair(p, j, i);
		}
	}
	*p->at = -1;
	xbt_dynar_free(&p->links);
	free(p->h);
	(void)o;
}

int
probe_routes(const char *file, const char *scfile, char *const *hosts,
    int n, int nworkers, struct errors *errors)
{
	struct pairs p = { hosts, n, nworkers, NULL, NULL, NULL };
	char **lines, *cause;
	int nlines, rc;
	long at;

	if (n < 2)
		return 0;
	p.at = mmap(NULL, sizeof *p.at, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p.at == MAP_FAILED)
		fatal("mmap: %s", strerror(errno));
	*p.at = -2;	/* not loaded yet */
	rc = in_child(file, route_pairs, &p, &lines, &nlines, &cause);
	at = *p.at;
	munmap((void *)p.at, sizeof *p.at);
	free_lines(lines, nlines);
	if (rc == 0) {
		return 0;
	}
	if (at >= 0)
		errors_add(errors, NULL, "psim: %s: /cluster/platform: "
		    "\"%s\" has no route from host \"%s\" to host \"%s\"; "
		    "every two hosts with a role need one", scfile, file,
		    hosts[at / n], hosts[at % n]);
	else
		errors_add(errors, NULL, "psim: %s: /cluster/platform: cannot "
		    "load \"%s\": %s", scfile, file, cause);
	free(cause);
	return -1;
}
