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

/* The name of generated host i: host-<i>, or host-<m>-gpu-<g> with
 * several GPUs per host. */
void platform_host_name(const struct scenario *, int i, char *buf,
    size_t len);

/* The groups of a generated platform, each behind its own uplink: the
 * racks of a two-tier cluster, or the machines of a multi-GPU one (whose
 * uplink is the machine's NIC); 0 for a plain star. */
int platform_groups(const struct scenario *);
/* Two-tier: hosts [first, first + count) of rack r. */
void platform_rack_span(const struct scenario *, int r, int *first,
    int *count);
/* The group of a host name, or -1 for a name psim did not make. */
int platform_rack_of(const struct scenario *, const char *name);
/* The name of group r ("rack-1", or the multi-GPU machine "host-3"). */
void platform_group_name(const struct scenario *, int r, char *buf,
    size_t len);
/* Multi-GPU: the machine whose NIC link (one direction of it: *up 1
 * sending) is called name, or -1 for any other link. */
int platform_machine_nic(const struct scenario *, const char *name,
    int *up);
/* The uplink bandwidth of group r, bytes/s. */
double platform_uplink_Bps(const struct scenario *, int r);

/* The platform file to load: a temporary file holding the generated XML
 * (*is_temp set; the caller removes it), or the user's file.  An
 * unwritable TMPDIR is fatal (exit 1). */
char *platform_file(const struct scenario *, int *is_temp);

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
