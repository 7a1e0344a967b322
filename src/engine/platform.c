/* platform.c: generated SimGrid platforms and role placement.
 *
 * star: one <cluster>; every host has a split-duplex NIC link of
 * cluster.nic and cluster.latency (so the two directions do not share),
 * the switch backplane is the cluster's backbone when switch_bw is set,
 * and a fast loopback models a host talking to itself (a colocated PS
 * shard), so it never touches the NIC.
 *
 * two-tier: one such cluster per rack (its backbone is the top-of-rack
 * switch), each rack with a split-duplex uplink to a non-blocking core of
 * hosts_in_rack * nic / oversubscription. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>

#include "errors.h"
#include "platform.h"
#include "platform-probe.h"
#include "scenario.h"
#include "xmalloc.h"

#define LOOPBACK_BPS 1e12	/* memory copy between actors on a host */

/* A group of a generated platform: a rack of a two-tier cluster, or a
 * machine of a multi-GPU one.  Each is a SimGrid <cluster> of hosts with
 * private links, whose router reaches the other groups over the group's
 * own split-duplex uplink: the rack's uplink, or the machine's NIC. */
struct group {
	char		 id[32];
	char		 prefix[40];	/* host names: prefix + index */
	char		 router[48];
	char		 uplink[48];
	int		 first, last;	/* the radical */
	double		 bw, lat;	/* private links */
	double		 backbone;	/* 0: none */
	double		 up_bw, up_lat;
};

static int
multi_gpu(const struct scenario *sc)
{
	return sc->cluster.gpus_per_host > 1;
}

/* The number of groups (0 for a plain star). */
static int
ngroups(const struct scenario *sc)
{
	if (multi_gpu(sc))
		return sc->cluster.hosts;
	return sc->cluster.topology == TOPO_TWO_TIER ? sc->cluster.racks : 0;
}

static void
group(const struct scenario *sc, int r, struct group *g)
{
	int first, count;

	memset(g, 0, sizeof *g);
	if (multi_gpu(sc)) {
		snprintf(g->id, sizeof g->id, "host-%d", r);
		snprintf(g->prefix, sizeof g->prefix, "host-%d-gpu-", r);
		snprintf(g->router, sizeof g->router, "host-%d-switch", r);
		snprintf(g->uplink, sizeof g->uplink, "host-%d-nic", r);
		g->first = 0;
		g->last = sc->cluster.gpus_per_host - 1;
		g->bw = sc->cluster.intra_Bps;
		g->lat = sc->cluster.intra_latency_s;
		g->up_bw = sc->cluster.nic_Bps;
		g->up_lat = sc->cluster.latency_s;
		return;
	}
	platform_rack_span(sc, r, &first, &count);
	snprintf(g->id, sizeof g->id, "rack-%d", r);
	snprintf(g->prefix, sizeof g->prefix, "host-");
	snprintf(g->router, sizeof g->router, "rack-%d-tor", r);
	snprintf(g->uplink, sizeof g->uplink, "rack-%d-uplink", r);
	g->first = first;
	g->last = first + count - 1;
	g->bw = sc->cluster.nic_Bps;
	g->lat = sc->cluster.latency_s;
	g->backbone = sc->cluster.switch_Bps;
	g->up_bw = count * sc->cluster.nic_Bps / sc->cluster.oversubscription;
}

void
platform_host_name(const struct scenario *sc, int i, char *buf, size_t len)
{
	int g = sc->cluster.gpus_per_host;

	if (g > 1)
		snprintf(buf, len, "host-%d-gpu-%d", i / g, i % g);
	else
		snprintf(buf, len, "host-%d", i);
}

void
platform_rack_span(const struct scenario *sc, int r, int *first, int *count)
{
	long hosts = sc->cluster.hosts, racks = sc->cluster.racks;

	*first = (int)(hosts * r / racks);
	*count = (int)(hosts * (r + 1) / racks) - *first;
}

int
platform_rack_of(const struct scenario *sc, const char *name)
{
	int i, r, first, count, gpu;
	char end;

	if (multi_gpu(sc))
		return sscanf(name, "host-%d-gpu-%d%c", &i, &gpu, &end) == 2 ?
		    i : -1;
	if (sscanf(name, "host-%d%c", &i, &end) != 1)
		return -1;
	for (r = 0; r < sc->cluster.racks; r++) {
		platform_rack_span(sc, r, &first, &count);
		if (i >= first && i < first + count)
			return r;
	}
	return -1;
}

void
platform_group_name(const struct scenario *sc, int r, char *buf, size_t len)
{
	struct group g;

	group(sc, r, &g);
	snprintf(buf, len, "%s", g.id);
}

int
platform_machine_nic(const struct scenario *sc, const char *name, int *up)
{
	char dir[8], end;
	int r;

	if (!multi_gpu(sc) || sscanf(name, "host-%d-nic_%7[A-Z]%c", &r, dir,
	    &end) != 2 || r < 0 || r >= ngroups(sc) ||
	    (strcmp(dir, "UP") != 0 && strcmp(dir, "DOWN") != 0))
		return -1;
	*up = dir[0] == 'U';
	return r;
}

int
platform_groups(const struct scenario *sc)
{
	return ngroups(sc);
}

double
platform_uplink_Bps(const struct scenario *sc, int r)
{
	struct group g;

	group(sc, r, &g);
	return g.up_bw;
}

static void
write_cluster(const struct scenario *sc, FILE *f, const char *id,
    const char *prefix, int first, int last, double bw, double lat,
    double backbone, const char *router)
{
	fprintf(f, "  <cluster id=\"%s\" prefix=\"%s\" radical=\"%d-%d\" "
	    "suffix=\"\" speed=\"%.17gf\" bw=\"%.17gBps\" lat=\"%.17gs\" "
	    "sharing_policy=\"SPLITDUPLEX\" loopback_bw=\"%.17gBps\" "
	    "loopback_lat=\"0s\"", id, prefix, first, last,
	    sc->cluster.speed_flops, bw, lat, LOOPBACK_BPS);
	if (backbone > 0)
		fprintf(f, " bb_bw=\"%.17gBps\" bb_lat=\"0s\" "
		    "bb_sharing_policy=\"SHARED\"", backbone);
	if (router != NULL)
		fprintf(f, " router_id=\"%s\"", router);
	fputs("/>\n", f);
}

void
platform_write(const struct scenario *sc, FILE *f)
{
	int n = ngroups(sc), r, s, t;
	struct group g, h;

	fputs("<?xml version='1.0'?>\n"
	    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
	    "<!-- generated by psim from the scenario's cluster block -->\n"
	    "<platform version=\"4.1\">\n", f);
	if (n == 0) {
		write_cluster(sc, f, "star", "host-", 0, sc->cluster.hosts - 1,
		    sc->cluster.nic_Bps, sc->cluster.latency_s,
		    sc->cluster.switch_Bps, NULL);
		fputs("</platform>\n", f);
		return;
	}
	fputs(" <zone id=\"world\" routing=\"Full\">\n", f);
	for (r = 0; r < n; r++) {
		group(sc, r, &g);
		write_cluster(sc, f, g.id, g.prefix, g.first, g.last, g.bw,
		    g.lat, g.backbone, g.router);
		fprintf(f, "  <link id=\"%s\" bandwidth=\"%.17gBps\" "
		    "latency=\"%.17gs\" sharing_policy=\"SPLITDUPLEX\"/>\n",
		    g.uplink, g.up_bw, g.up_lat);
	}
	for (s = 0; s < n; s++) {
		group(sc, s, &g);
		for (t = 0; t < n; t++) {
			if (s == t)
				continue;
			group(sc, t, &h);
			fprintf(f, "  <zoneRoute src=\"%s\" dst=\"%s\" "
			    "gw_src=\"%s\" gw_dst=\"%s\" symmetrical=\"NO\">\n"
			    "   <link_ctn id=\"%s\" direction=\"UP\"/>\n"
			    "   <link_ctn id=\"%s\" direction=\"DOWN\"/>\n"
			    "  </zoneRoute>\n", g.id, h.id, g.router, h.router,
			    g.uplink, h.uplink);
		}
	}
	fputs(" </zone>\n</platform>\n", f);
}

char *
platform_file(const struct scenario *sc, int *is_temp)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	FILE *f;
	int fd;

	*is_temp = 0;
	if (sc->cluster.topology == TOPO_PLATFORM)
		return xstrdup(sc->cluster.platform);
	xasprintf(&path, "%s/psim-platform-XXXXXX.xml",
	    dir != NULL && *dir != '\0' ? dir : "/tmp");
	if ((fd = mkstemps(path, 4)) == -1 || (f = fdopen(fd, "w")) == NULL)
		fatal("cannot create %s: %s", path, strerror(errno));
	platform_write(sc, f);
	if (fclose(f) != 0) {
		unlink(path);
		fatal("cannot write %s: %s", path, strerror(errno));
	}
	*is_temp = 1;
	return path;
}

static int
name_cmp(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

static int
find(char **names, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++) {
		if (strcmp(names[i], name) == 0)
			return i;
	}
	return -1;
}

/* "" for a single job, "/jobs/<i>" for a job of several: before the
 * paths of its keys in errors. */
static const char *
job_path(const struct scenario *sc)
{
	static char buf[32];

	if (sc->job.name == NULL)
		return "";
	snprintf(buf, sizeof buf, "/jobs/%d", sc->job.index);
	return buf;
}

/* Take the listed names (checking each exists), or the next free hosts. */
static char **
choose(const struct scenario *sc, char **names, int n, char *used,
    char **listed, int want, const char *key, const char *where,
    struct errors *errors)
{
	char **out = xcalloc((size_t)want + 1, sizeof *out);
	int i, h, next = 0;

	for (i = 0; i < want; i++) {
		if (listed != NULL) {
			if ((h = find(names, n, listed[i])) < 0) {
				errors_add(errors, NULL, "psim: %s: "
				    "%s/placement/%s/%d: no host \"%s\" in %s",
				    sc->file, job_path(sc), key, i, listed[i],
				    where);
				continue;
			}
		} else {
			while (next < n && used[next])
				next++;
			if (next == n) {
				errors_add(errors, NULL, "psim: %s: "
				    "/placement: %s has %d hosts, too few for "
				    "%d workers and %d servers", sc->file,
				    where, n, sc->placement.workers,
				    sc->placement.servers);
				break;
			}
			h = next;
		}
		used[h] = 1;
		out[i] = xstrdup(names[h]);
	}
	return out;
}

/* Every host with a role must reach every other one. */
static void
check_routes(const struct scenario *sc, char **workers, char **servers,
    char *store, struct errors *e)
{
	char **roles;
	int n = 0, i, nw;

	roles = xcalloc((size_t)sc->placement.workers +
	    (size_t)sc->placement.servers + 1, sizeof *roles);
	for (i = 0; workers != NULL && workers[i] != NULL; i++)
		roles[n++] = workers[i];
	nw = n;
	for (i = 0; servers != NULL && servers[i] != NULL; i++)
		roles[n++] = servers[i];
	if (store != NULL)
		roles[n++] = store;
	probe_routes(sc->cluster.platform, sc->file, roles, n, nw, e);
	free(roles);
}

/* The hosts of sc's cluster, sorted as versions for a platform file
 * (*n of them, malloc'd), where in words; or NULL after errors (a
 * platform file SimGrid would refuse). */
static char **
cluster_names(const struct scenario *sc, int *n, char *where, size_t len,
    struct errors *e)
{
	char **names, buf[32];
	int i;

	if (sc->cluster.topology == TOPO_PLATFORM) {
		if ((names = probe_hosts(sc->cluster.platform, sc->file, n,
		    e)) == NULL)
			return NULL;
		qsort(names, (size_t)*n, sizeof *names, name_cmp);
		snprintf(where, len, "platform \"%s\"", sc->cluster.platform);
		return names;
	}
	*n = sc->cluster.hosts * sc->cluster.gpus_per_host;
	names = xcalloc((size_t)*n, sizeof *names);
	for (i = 0; i < *n; i++) {
		platform_host_name(sc, i, buf, sizeof buf);
		names[i] = xstrdup(buf);
	}
	snprintf(where, len, "the generated %s cluster (host-0 to %s)",
	    scenario_topology_name(sc->cluster.topology), buf);
	return names;
}

/* Whether the NULL-terminated list holds name. */
static int
names_hold(char **list, const char *name)
{
	for (; list != NULL && *list != NULL; list++) {
		if (strcmp(*list, name) == 0)
			return 1;
	}
	return 0;
}

/* Job j's listed hosts (key: "worker_hosts"), claimed in owner (a job's
 * index + 1 per host): each must exist and be no other job's. */
static void
claim(const struct scenario *top, int j, char **listed, const char *key,
    char **names, int n, int *owner, const char *where, struct errors *e)
{
	int i, h;

	for (i = 0; listed != NULL && listed[i] != NULL; i++) {
		if ((h = find(names, n, listed[i])) < 0)
			errors_add(e, NULL, "psim: %s: /jobs/%d/placement/%s/%d: "
			    "no host \"%s\" in %s", top->file, j, key, i,
			    listed[i], where);
		else if (owner[h] != 0)
			errors_add(e, NULL, "psim: %s: /jobs/%d/placement/%s/%d: "
			    "expected a host no other job has, found \"%s\", "
			    "job \"%s\"'s (/jobs/%d) too", top->file, j, key,
			    i, listed[i], top->jobs[owner[h] - 1]->job.name,
			    owner[h] - 1);
		else
			owner[h] = j + 1;
	}
}

/* want free hosts for job j, in order, as a NULL-terminated list; *left
 * counts those it could not get. */
static char **
take(int j, int want, char **names, int n, int *owner, int *left)
{
	char **out = xcalloc((size_t)want + 1, sizeof *out);
	int i, h = 0;

	for (i = 0; i < want; i++) {
		while (h < n && owner[h] != 0)
			h++;
		if (h == n) {
			*left += want - i;
			break;
		}
		owner[h] = j + 1;
		out[i] = xstrdup(names[h]);
	}
	return out;
}

int
platform_place_jobs(const struct scenario *top, char **errors)
{
	struct errors e = ERRORS_INIT;
	struct scenario *sc;
	char **names, where[600];
	int n, i, j, left = 0, need = 0, *owner;

	*errors = NULL;
	if ((names = cluster_names(top, &n, where, sizeof where, &e)) == NULL) {
		*errors = errors_take(&e);
		return -1;
	}
	owner = xcalloc((size_t)n, sizeof *owner);
	for (j = 0; j < top->njobs; j++) {
		sc = top->jobs[j];
		claim(top, j, sc->placement.worker_hosts, "worker_hosts",
		    names, n, owner, where, &e);
		claim(top, j, sc->placement.server_hosts, "server_hosts",
		    names, n, owner, where, &e);
		need += sc->placement.workers + sc->placement.servers;
	}
	for (j = 0; errors_count(&e) == 0 && j < top->njobs; j++) {
		sc = top->jobs[j];
		if (sc->placement.worker_hosts == NULL)
			sc->placement.worker_hosts = take(j,
			    sc->placement.workers, names, n, owner, &left);
		if (sc->placement.server_hosts == NULL)
			sc->placement.server_hosts = take(j,
			    sc->placement.servers, names, n, owner, &left);
	}
	if (left > 0)
		errors_add(&e, NULL, "psim: %s: %s: expected a host for each "
		    "of the jobs' %d workers and servers, found %d in %s",
		    top->file, top->cluster.topology == TOPO_PLATFORM ?
		    "/cluster/platform" : "/cluster/hosts", need, n, where);
	for (i = 0; errors_count(&e) == 0 && i < top->cluster.nslow; i++) {
		for (j = 0; j < top->njobs; j++) {
			if (names_hold(top->jobs[j]->placement.worker_hosts,
			    top->cluster.slow[i].host))
				break;
		}
		if (j == top->njobs)
			errors_add(&e, NULL, "psim: %s: "
			    "/cluster/slow_hosts/%d/host: no worker of any job "
			    "on host \"%s\"", top->file, i,
			    top->cluster.slow[i].host);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(owner);
	if (errors_count(&e) != 0) {
		*errors = errors_take(&e);
		return -1;
	}
	return 0;
}

int
platform_place(const struct scenario *sc, char ***workers, char ***servers,
    char **storage, char **errors)
{
	struct errors e = ERRORS_INIT;
	char **names, *used, where[600], *store = NULL;
	int n, i;

	*errors = NULL;
	*workers = *servers = NULL;
	if ((names = cluster_names(sc, &n, where, sizeof where, &e)) == NULL) {
		*errors = errors_take(&e);
		return -1;
	}
	used = xcalloc((size_t)n, 1);
	/* Listed hosts first, so that free hosts go around them. */
	if (sc->placement.worker_hosts != NULL) {
		*workers = choose(sc, names, n, used,
		    sc->placement.worker_hosts, sc->placement.workers,
		    "worker_hosts", where, &e);
	}
	if (sc->placement.server_hosts != NULL) {
		*servers = choose(sc, names, n, used,
		    sc->placement.server_hosts, sc->placement.servers,
		    "server_hosts", where, &e);
	}
	if (*workers == NULL)
		*workers = choose(sc, names, n, used, NULL,
		    sc->placement.workers, "worker_hosts", where, &e);
	if (*servers == NULL && errors_count(&e) == 0)
		*servers = choose(sc, names, n, used, NULL,
		    sc->placement.servers, "server_hosts", where, &e);
	/* the checkpoint storage: a host of its own */
	for (i = 0; sc->faults.on && errors_count(&e) == 0 && store == NULL &&
	    i < n; i++) {
		if (sc->faults.storage != NULL ?
		    strcmp(names[i], sc->faults.storage) != 0 : used[i])
			continue;
		if (used[i])
			errors_add(&e, NULL, "psim: %s: "
			    "/faults/checkpoint/storage: host \"%s\" is a "
			    "worker or a server; the storage must be a host of "
			    "its own", sc->file, names[i]);
		else
			store = xstrdup(names[i]);
	}
	if (sc->faults.on && errors_count(&e) == 0 && store == NULL &&
	    sc->faults.storage != NULL)
		errors_add(&e, NULL, "psim: %s: /faults/checkpoint/storage: no "
		    "host \"%s\" in %s", sc->file, sc->faults.storage, where);
	else if (sc->faults.on && errors_count(&e) == 0 && store == NULL)
		errors_add(&e, NULL, "psim: %s: /faults: the checkpoint "
		    "storage needs a host with no role, but %s has none left",
		    sc->file, where);
	if (sc->cluster.topology == TOPO_PLATFORM && errors_count(&e) == 0)
		check_routes(sc, *workers, *servers, store, &e);
	if (storage != NULL)
		*storage = store;
	else
		free(store);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(used);
	/* (a job of several: a worker of some job, platform_place_jobs) */
	for (i = 0; errors_count(&e) == 0 && sc->job.name == NULL &&
	    i < sc->cluster.nslow; i++) {
		if (!names_hold(*workers, sc->cluster.slow[i].host))
			errors_add(&e, NULL, "psim: %s: "
			    "/cluster/slow_hosts/%d/host: no worker on host "
			    "\"%s\"", sc->file, i, sc->cluster.slow[i].host);
	}
	if (errors_count(&e) != 0) {
		*errors = errors_take(&e);
		xfreev(*workers);
		xfreev(*servers);
		*workers = *servers = NULL;
		if (storage != NULL) {
			free(*storage);
			*storage = NULL;
		}
		return -1;
	}
	return 0;
}
