/* platform-probe.c: a user's platform file, loaded in a child process
 * (platform-probe.h).
 *
 * SimGrid aborts, or crashes, on much that a platform file can say: a
 * link of -1 Gbps or 0 Bps, a host of speed 0, two hosts with no route
 * between them.  So psim loads the file in a child first, which reports
 * what it found on a pipe; whatever the child dies of stays in the
 * child, and becomes one error line here.  The run itself loads the file
 * only once this found nothing wrong.  The closed form's facts of the
 * file (probe_facts: speeds, latencies, links, routes) come back the
 * same way, for a closed form without SimGrid in this process. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
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
#include "shape.h"
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
	char **v = NULL, *line = NULL;
	size_t size = 0;
	ssize_t len;
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
	while ((len = getline(&line, &size, in)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xreallocarray(v, (size_t)cap, sizeof *v);
		}
		v[n++] = xstrdup(line);
	}
	free(line);
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

void
probe_loaded_facts(const sg_host_t *hosts, int n, const sg_link_t *links,
    size_t nlinks, struct cluster_facts *f)
{
	size_t l;
	int i;

	memset(f, 0, sizeof *f);
	f->nhosts = n;
	f->speed = sg_host_get_speed(hosts[0]);
	f->latency = xcalloc((size_t)n + 1, sizeof *f->latency);
	for (i = 1; i < n; i++)
		f->latency[i] = sg_host_get_route_latency(hosts[0], hosts[i]);
	f->nlinks = (int)nlinks;
	f->link_Bps = xcalloc(nlinks + 1, sizeof *f->link_Bps);
	f->link_name = xcalloc(nlinks + 1, sizeof *f->link_name);
	f->link_shared = xcalloc(nlinks + 1, sizeof *f->link_shared);
	for (l = 0; l < nlinks; l++) {
		f->link_Bps[l] = sg_link_get_bandwidth(links[l]);
		f->link_name[l] = xstrdup(sg_link_get_name(links[l]));
		f->link_shared[l] = sg_link_is_shared(links[l]) != 0;
	}
}

struct facts_arg {
	char *const	*hosts;
	int		 n;
};

/* In the child: the facts as lines, "s SPEED", a "t LATENCY" per host,
 * an "l BANDWIDTH SHARED NAME" per link (the name in hex, whatever it
 * holds), and an "r LINK..." per ordered pair of hosts, row by row
 * (the doubles in %a, which read back exactly). */
static void
facts_child(void *arg, FILE *o)
{
	const struct facts_arg *p = arg;
	sg_host_t *h = xcalloc((size_t)p->n + 1, sizeof *h);
	sg_link_t *links = sg_link_list();
	size_t nl = sg_link_count(), l, k;
	xbt_dynar_t route = xbt_dynar_new(sizeof(sg_link_t), NULL);
	struct cluster_facts f;
	const unsigned char *c;
	int i, j;

	for (l = 0; l < nl; l++)
		sg_link_set_data(links[l], (void *)(intptr_t)(l + 1));
	for (i = 0; i < p->n; i++)
		h[i] = sg_host_by_name(p->hosts[i]);
	probe_loaded_facts(h, p->n, links, nl, &f);
	fprintf(o, "s %a\n", f.speed);
	for (i = 0; i < p->n; i++)
		fprintf(o, "t %a\n", f.latency[i]);
	for (l = 0; l < nl; l++) {
		fprintf(o, "l %a %d ", f.link_Bps[l], f.link_shared[l]);
		for (c = (const unsigned char *)f.link_name[l]; *c != '\0'; c++)
			fprintf(o, "%02x", *c);
		fputc('\n', o);
	}
	for (i = 0; i < p->n; i++) {
		for (j = 0; j < p->n; j++) {
			if (i == j)
				continue;
			xbt_dynar_reset(route);
			sg_host_get_route(h[i], h[j], route);
			fputc('r', o);
			for (k = 0; k < xbt_dynar_length(route); k++)
				fprintf(o, " %d", (int)(intptr_t)sg_link_get_data(
				    xbt_dynar_get_as(route, k, sg_link_t)) - 1);
			fputc('\n', o);
		}
	}
	cluster_facts_free(&f);
	xbt_dynar_free(&route);
	free(links);
	free(h);
}

/* A link's line: its bandwidth, sharing and name (hex). */
static int
read_link(const char *line, struct cluster_facts *f, int l)
{
	char *end;
	const char *hex;
	size_t len, i;
	unsigned int byte;

	f->link_Bps[l] = strtod(line + 2, &end);
	f->link_shared[l] = (unsigned char)strtol(end, &end, 10);
	hex = end + 1;
	len = strlen(hex) / 2;
	f->link_name[l] = xcalloc(len + 1, 1);
	for (i = 0; i < len; i++) {
		if (sscanf(hex + 2 * i, "%2x", &byte) != 1)
			return -1;
		f->link_name[l][i] = (char)byte;
	}
	return 0;
}

/* A route's line into the table, after the routes before it. */
static void
read_route(const char *line, struct cluster_facts *f, size_t pair,
    size_t *cap)
{
	const char *p = line + 1;
	char *end;
	long v;
	int at = f->route_off[pair];

	for (;;) {
		v = strtol(p, &end, 10);
		if (end == p)
			break;
		if ((size_t)at == *cap) {
			*cap = *cap ? 2 * *cap : 256;
			f->route_link = xreallocarray(f->route_link, *cap,
			    sizeof *f->route_link);
		}
		f->route_link[at++] = (int)v;
		p = end;
	}
	f->route_off[pair + 1] = at;
}

/* The child's lines into *f; -1 if they are not what it writes. */
static int
read_facts(char **lines, int nlines, int n, struct cluster_facts *f)
{
	int i, j, k = 0, nl = 0;
	size_t cap = 0, pair;

	for (i = 0; i < nlines; i++)
		nl += lines[i][0] == 'l';
	if (nlines != 1 + n + nl + (long)n * (n - 1) || lines[0][0] != 's')
		return -1;
	memset(f, 0, sizeof *f);
	f->nhosts = n;
	f->speed = strtod(lines[k++] + 2, NULL);
	f->latency = xcalloc((size_t)n + 1, sizeof *f->latency);
	for (i = 0; i < n; i++) {
		if (lines[k][0] != 't')
			return -1;
		f->latency[i] = strtod(lines[k++] + 2, NULL);
	}
	f->nlinks = nl;
	f->link_Bps = xcalloc((size_t)nl + 1, sizeof *f->link_Bps);
	f->link_name = xcalloc((size_t)nl + 1, sizeof *f->link_name);
	f->link_shared = xcalloc((size_t)nl + 1, sizeof *f->link_shared);
	for (i = 0; i < nl; i++) {
		if (lines[k][0] != 'l' || read_link(lines[k++], f, i) != 0)
			return -1;
	}
	f->route_off = xcalloc((size_t)n * (size_t)n + 1,
	    sizeof *f->route_off);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			pair = (size_t)i * (size_t)n + (size_t)j;
			if (i == j)
				f->route_off[pair + 1] = f->route_off[pair];
			else if (lines[k][0] != 'r')
				return -1;
			else
				read_route(lines[k++], f, pair, &cap);
		}
	}
	f->route = cluster_facts_table_route;
	f->route_ctx = f;
	return 0;
}

int
probe_facts(const char *file, const char *scfile, char *const *hosts,
    int n, int roles, struct cluster_facts *f, struct errors *errors)
{
	struct facts_arg arg = { hosts, n };
	char **lines, *cause;
	int nlines, rc;

	memset(f, 0, sizeof *f);
	rc = in_child(file, facts_child, &arg, &lines, &nlines, &cause);
	if (rc == 0 && read_facts(lines, nlines, n, f) != 0) {
		cluster_facts_free(f);
		cause = xstrdup("its facts did not read back");
		rc = -1;
	}
	free_lines(lines, nlines);
	if (rc != 0) {
		errors_add(errors, NULL, "psim: %s: /cluster/platform: cannot "
		    "load \"%s\": %s", scfile, file, cause);
		free(cause);
		return -1;
	}
	cluster_facts_routes(f, roles);
	return 0;
}
