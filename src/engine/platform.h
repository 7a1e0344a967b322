/* platform.h: the SimGrid platform of a scenario.  A generated cluster
 * (star or two-tier) is written as SimGrid XML; a user's XML file is
 * probed in a child process first, so that a file SimGrid would abort on
 * becomes a clear error instead.  Roles (workers, servers) go to hosts. */
#ifndef PSIM_PLATFORM_H
#define PSIM_PLATFORM_H

#include <stdio.h>

struct scenario;

/* Write the XML of a generated cluster. */
void platform_write(const struct scenario *, FILE *);

/* The platform file to load: a temporary file holding the generated XML
 * (*is_temp set; the caller removes it), or the user's file.  An
 * unwritable TMPDIR is fatal (exit 1). */
char *platform_file(const struct scenario *, int *is_temp);
/* Done with it: a generated file removed.  From platform_file until
 * then, SIGINT, SIGTERM and SIGHUP remove it before the process dies of
 * them. */
void platform_file_done(const char *path, int is_temp);

/* Check the scenario against its platform (the listed hosts, that every
 * slow host runs a worker, and with faults a host for the checkpoint
 * storage) and choose the hosts: workers then dedicated servers, as
 * malloc'd arrays of malloc'd names, and with faults the storage host
 * in *storage (faults.checkpoint.storage, or the first free host by
 * name; NULL without faults; storage may be NULL to skip it).  For a
 * user's file this probes it in a child process.  Returns 0, or -1 with
 * *errors (one "psim: FILE: /path: message" line per problem). */
int platform_place(const struct scenario *, char ***workers,
    char ***servers, char **storage, char **errors);

/* Several jobs on one cluster (sc->jobs): the hosts each job's
 * placement lists must exist and be no other job's; a job that lists
 * none gets the first free hosts, in order (workers, then servers),
 * written into its placement's worker_hosts and server_hosts, so that
 * platform_place then places it (and psim simulates it alone) on them.
 * Returns 0, or -1 with *errors. */
int platform_place_jobs(const struct scenario *, char **errors);

#endif
