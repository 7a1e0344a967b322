/* platform-probe.h: a user's platform file checked in a child process
 * before SimGrid runs it, so that what SimGrid would abort or crash on
 * becomes an error line ("psim: FILE: /cluster/platform: ..."); and
 * what the closed form needs of it, read the same way. */
#ifndef PSIM_PLATFORM_PROBE_H
#define PSIM_PLATFORM_PROBE_H

#include <stddef.h>

#include <simgrid/host.h>
#include <simgrid/link.h>

struct cluster_facts;
struct errors;

/* The file's host names (malloc'd, *count of them, in SimGrid's order),
 * or NULL with a line in *errors for each problem: the file does not
 * load, it has no hosts, a host's speed or a link's bandwidth is not
 * above 0 or a latency below 0.  scfile names the scenario. */
char **probe_hosts(const char *file, const char *scfile, int *count,
    struct errors *);

/* 0 when the file routes every ordered pair of the n hosts (the first
 * nworkers of them workers, then the servers and the storage), else -1
 * and a line in *errors naming the first pair without a route.  Beyond
 * 2048 hosts it checks each worker's routes to and from worker 0, its
 * ring neighbour and every server and the storage, not every pair. */
int probe_routes(const char *file, const char *scfile, char *const *hosts,
    int n, int nworkers, struct errors *);

/* The facts of a platform the closed form needs (struct cluster_facts,
 * shape.h), for the n hosts with a role (the first roles of them workers
 * and servers, then the storage), from the file loaded in a child: the
 * speed of the first, the route latency from it to each, every link's
 * bandwidth, name and sharing, and the route of every ordered pair of
 * them.  0, or -1 and a line in *errors. */
int probe_facts(const char *file, const char *scfile, char *const *hosts,
    int n, int roles, struct cluster_facts *, struct errors *);

/* Of a platform loaded here: the speed of hosts[0], the route latency
 * from it to each of the n hosts, and each link's bandwidth, name and
 * sharing, in links' order, into *f (the rest of it zero).  What the
 * probe's child reports, and what a run (simulation.c) reads for itself. */
void probe_loaded_facts(const sg_host_t *hosts, int n,
    const sg_link_t *links, size_t nlinks, struct cluster_facts *f);

#endif
