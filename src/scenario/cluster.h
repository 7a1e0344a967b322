/* cluster.h: the cluster block as numbers, without SimGrid: a generated
 * cluster's geometry (host names, groups, racks, uplinks; the XML that
 * engine/platform.c writes from it), the latency and first link of its
 * routes, and what hosts cost an hour. */
#ifndef PSIM_CLUSTER_H
#define PSIM_CLUSTER_H

#include <stddef.h>

struct scenario;

/* A group of a generated platform: a rack of a two-tier cluster, or a
 * machine of a multi-GPU one.  Each is a SimGrid <cluster> of hosts with
 * private links, whose router reaches the other groups over the group's
 * own split-duplex uplink: the rack's uplink, or the machine's NIC. */
/* A link a group of the generated platform declares (its uplink; on a
 * machine's first switch, the machine's NIC and the link between its
 * sockets), split-duplex: SimGrid's NAME_UP and NAME_DOWN. */
struct cluster_link {
	char		 name[48];
	double		 bw, lat;
};

struct cluster_group {
	char		 id[32];
	char		 prefix[40];	/* host names: prefix + index */
	char		 router[48];
	char		 uplink[48];
	int		 first, last;	/* the radical */
	double		 bw, lat;	/* private links */
	double		 backbone;	/* 0: none */
	double		 up_bw, up_lat;
	int		 nown;		/* the links it declares */
	struct cluster_link own[3];
};

/* One link of a route between two groups' routers: group's own link
 * slot, in its UP (1) or DOWN (0) direction. */
struct cluster_hop {
	int		 group, slot, up;
};
#define CLUSTER_HOPS_MAX	8

/* The groups of a generated platform, each behind its own uplink: the
 * racks of a two-tier cluster, or the machines of a multi-GPU one (whose
 * uplink is the machine's NIC) and after them its dedicated servers'
 * CPU-only hosts, cpu-S, one group each; 0 for a plain star. */
int cluster_groups(const struct scenario *);
void cluster_group(const struct scenario *, int r, struct cluster_group *);
/* The groups as the generated platform's SimGrid <cluster>s: the
 * groups above, but on a cluster.machine each machine's PCIe switches
 * (machine m's switch w is group m * switches + w; the dedicated
 * servers after them); the group of a host name (-1: none psim made);
 * and the links between two groups' routers, in order, into hops (at
 * most CLUSTER_HOPS_MAX): how many. */
int cluster_zone_groups(const struct scenario *);
void cluster_zone_group(const struct scenario *, int z,
    struct cluster_group *);
int cluster_zone_of(const struct scenario *, const char *name);
int cluster_zone_route(const struct scenario *, int a, int b,
    struct cluster_hop *hops);
/* The most routes between the groups of a generated platform SimGrid
 * is given (about 50 us and 170 bytes each to load, bench/RESULTS.md):
 * 1000 groups. */
#define PLATFORM_MAX_ROUTES	999000.0

/* The hosts of a generated cluster: its machines' GPUs (or hosts), then
 * a multi-GPU cluster's dedicated servers. */
int cluster_host_count(const struct scenario *);
/* The name of generated host i: host-<i>, or host-<m>-gpu-<g> with
 * several GPUs per host, and after the machines' GPUs cpu-<s>. */
void cluster_host_name(const struct scenario *, int i, char *buf,
    size_t len);
/* Two-tier: hosts [first, first + count) of rack r. */
void cluster_rack_span(const struct scenario *, int r, int *first,
    int *count);
/* The group of a host name, or -1 for a name psim did not make. */
int cluster_rack_of(const struct scenario *, const char *name);
/* The name of group r ("rack-1", the multi-GPU machine "host-3", or its
 * dedicated server "cpu-0"). */
void cluster_group_name(const struct scenario *, int r, char *buf,
    size_t len);
/* Multi-GPU: the machine whose NIC link (one direction of it: *up 1
 * sending) is called name, or -1 for any other link. */
int cluster_machine_nic(const struct scenario *, const char *name, int *up);
/* The uplink bandwidth of group r, bytes/s. */
double cluster_uplink_Bps(const struct scenario *, int r);
/* GPUs per machine: 1 but on a generated multi-GPU cluster. */
int cluster_gpus(const struct scenario *);

/* A generated cluster's routes as SimGrid sums them: the latency from a
 * host of group a to another host of group b (groups as
 * cluster_rack_of gives them, -1 on a plain star), and the bandwidth of
 * the first link out of a host (its NIC, or a GPU's link to its
 * machine). */
double cluster_route_latency(const struct scenario *, int a, int b);
double cluster_first_Bps(const struct scenario *);

/* What hosts cost (cluster.price_per_hour): worker_h, server_h and
 * storage_h hours of each role's hosts, and machine_h hours of a
 * machine's NIC (a multi-GPU machine's workers share one).  A run's cost
 * (results.cost) and an hour of a candidate (psim advise) alike. */
double cluster_cost(const struct scenario *, double worker_h,
    double server_h, double storage_h, double machine_h);

#endif
