/* platform-probe.h: a user's platform file checked in a child process
 * before SimGrid runs it, so that what SimGrid would abort or crash on
 * becomes an error line ("psim: FILE: /cluster/platform: ..."). */
#ifndef PSIM_PLATFORM_PROBE_H
#define PSIM_PLATFORM_PROBE_H

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

#endif
