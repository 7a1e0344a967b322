/* cluster.c: a generated cluster's geometry, its routes' latency and
 * first link, and the hosts' prices (cluster.h).
 *
 * star: one <cluster>; every host has a split-duplex NIC link of
 * cluster.nic and cluster.latency, the switch backplane its backbone
 * when switch_bw is set, of no latency.
 *
 * two-tier: one such cluster per rack (its backbone is the top-of-rack
 * switch), each rack with a split-duplex uplink, of no latency, to a
 * non-blocking core of hosts_in_rack * nic / oversubscription.
 *
 * multi-GPU: a cluster per machine, each GPU's link to the machine's
 * switch of cluster.intra_bw and intra_latency, and the machine's NIC
 * (cluster.nic, cluster.latency) its uplink; after the machines, one
 * such group per dedicated server (placement.servers), a CPU-only host
 * cpu-S behind a link of intra_bw and a NIC of its own. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cluster.h"
#include "hardware.h"
#include "scenario.h"

static int
multi_gpu(const struct scenario *sc)
{
	return sc->cluster.gpus_per_host > 1;
}

/* Multi-GPU: the dedicated servers' CPU-only hosts, after the machines. */
static int
cpu_hosts(const struct scenario *sc)
{
	return multi_gpu(sc) ? sc->placement.servers : 0;
}

int
cluster_groups(const struct scenario *sc)
{
	if (multi_gpu(sc))
		return sc->cluster.hosts + cpu_hosts(sc);
	return sc->cluster.topology == TOPO_TWO_TIER ? sc->cluster.racks : 0;
}

void
cluster_group(const struct scenario *sc, int r, struct cluster_group *g)
{
	int first, count;

	memset(g, 0, sizeof *g);
	if (multi_gpu(sc) && r >= sc->cluster.hosts) {
		r -= sc->cluster.hosts;
		snprintf(g->id, sizeof g->id, "cpu-%d-box", r);
		snprintf(g->prefix, sizeof g->prefix, "cpu-");
		snprintf(g->router, sizeof g->router, "cpu-%d-switch", r);
		snprintf(g->uplink, sizeof g->uplink, "cpu-%d-nic", r);
		g->first = g->last = r;
		g->bw = sc->cluster.intra_Bps;
		g->lat = sc->cluster.intra_latency_s;
		g->up_bw = sc->cluster.nic_Bps;
		g->up_lat = sc->cluster.latency_s;
		return;
	}
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
	cluster_rack_span(sc, r, &first, &count);
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

int
cluster_host_count(const struct scenario *sc)
{
	return sc->cluster.hosts * sc->cluster.gpus_per_host + cpu_hosts(sc);
}

void
cluster_host_name(const struct scenario *sc, int i, char *buf, size_t len)
{
	int g = sc->cluster.gpus_per_host;

	if (g > 1 && i >= sc->cluster.hosts * g)
		snprintf(buf, len, "cpu-%d", i - sc->cluster.hosts * g);
	else if (g > 1)
		snprintf(buf, len, "host-%d-gpu-%d", i / g, i % g);
	else
		snprintf(buf, len, "host-%d", i);
}

void
cluster_rack_span(const struct scenario *sc, int r, int *first, int *count)
{
	long hosts = sc->cluster.hosts, racks = sc->cluster.racks;

	*first = (int)(hosts * r / racks);
	*count = (int)(hosts * (r + 1) / racks) - *first;
}

int
cluster_rack_of(const struct scenario *sc, const char *name)
{
	int i, r, first, count, gpu;
	char end;

	if (multi_gpu(sc) && sscanf(name, "cpu-%d%c", &i, &end) == 1)
		return i >= 0 && i < cpu_hosts(sc) ? sc->cluster.hosts + i : -1;
	if (multi_gpu(sc))
		return sscanf(name, "host-%d-gpu-%d%c", &i, &gpu, &end) == 2 ?
		    i : -1;
	if (sscanf(name, "host-%d%c", &i, &end) != 1)
		return -1;
	for (r = 0; r < sc->cluster.racks; r++) {
		cluster_rack_span(sc, r, &first, &count);
		if (i >= first && i < first + count)
			return r;
	}
	return -1;
}

void
cluster_group_name(const struct scenario *sc, int r, char *buf, size_t len)
{
	struct cluster_group g;

	if (multi_gpu(sc) && r >= sc->cluster.hosts) {
		snprintf(buf, len, "cpu-%d", r - sc->cluster.hosts);
		return;
	}
	cluster_group(sc, r, &g);
	snprintf(buf, len, "%s", g.id);
}

int
cluster_machine_nic(const struct scenario *sc, const char *name, int *up)
{
	char dir[8], end;
	int r;

	if (multi_gpu(sc) && sscanf(name, "cpu-%d-nic_%7[A-Z]%c", &r, dir,
	    &end) == 2)
		r = r >= 0 ? r + sc->cluster.hosts : -1;
	else if (!multi_gpu(sc) || sscanf(name, "host-%d-nic_%7[A-Z]%c", &r,
	    dir, &end) != 2)
		return -1;
	if (r < 0 || r >= cluster_groups(sc) ||
	    (strcmp(dir, "UP") != 0 && strcmp(dir, "DOWN") != 0))
		return -1;
	*up = dir[0] == 'U';
	return r;
}

double
cluster_uplink_Bps(const struct scenario *sc, int r)
{
	struct cluster_group g;

	cluster_group(sc, r, &g);
	return g.up_bw;
}

int
cluster_gpus(const struct scenario *sc)
{
	return sc->cluster.topology == TOPO_PLATFORM ? 1 :
	    sc->cluster.gpus_per_host;
}

/* In SimGrid's order: between groups, the uplinks' route first (the
 * zone route from group to group), then the source's links up to its
 * router, then the destination's from its router; within a group the
 * source's private link, the backbone, the destination's.  Only the
 * multi-GPU sums have terms that could round differently. */
double
cluster_route_latency(const struct scenario *sc, int a, int b)
{
	struct cluster_group ga, gb;
	double lat = 0;

	if (a < 0 || b < 0 || cluster_groups(sc) == 0)
		return sc->cluster.latency_s + sc->cluster.latency_s;
	cluster_group(sc, a, &ga);
	if (a == b)
		return ga.lat + ga.lat;
	cluster_group(sc, b, &gb);
	lat += ga.up_lat;
	lat += gb.up_lat;
	lat += ga.lat;
	lat += gb.lat;
	return lat;
}

double
cluster_first_Bps(const struct scenario *sc)
{
	return multi_gpu(sc) ? sc->cluster.intra_Bps : sc->cluster.nic_Bps;
}

double
cluster_cost(const struct scenario *sc, double worker_h, double server_h,
    double storage_h, double machine_h)
{
	return worker_h * sc->cluster.price_worker + server_h *
	    sc->cluster.price_server + storage_h * sc->cluster.price_storage +
	    machine_h * sc->cluster.price_nic;
}

/* cluster.machine: its row, and its switches; NULL and 0 on any other
 * cluster. */
static const struct hw_machine *
machine_of(const struct scenario *sc)
{
	return multi_gpu(sc) && sc->cluster.topology == TOPO_STAR ?
	    sc->cluster.machine : NULL;
}

static int
switches(const struct scenario *sc)
{
	const struct hw_machine *m = machine_of(sc);

	return m != NULL ? hw_machine_switches(m) : 0;
}

int
cluster_zone_groups(const struct scenario *sc)
{
	return machine_of(sc) != NULL ? sc->cluster.hosts * switches(sc) +
	    cpu_hosts(sc) : cluster_groups(sc);
}

static void
own_link(struct cluster_group *g, const char *name, double bw, double lat)
{
	struct cluster_link *l = &g->own[g->nown++];

	snprintf(l->name, sizeof l->name, "%s", name);
	l->bw = bw;
	l->lat = lat;
}

/* Machine m's switch w: its GPUs behind it, its uplink; the first also
 * declares the machine's NIC (slot 1) and the link between its sockets
 * (slot 2). */
static void
switch_group(const struct scenario *sc, int m, int w,
    struct cluster_group *g)
{
	const struct hw_machine *mc = machine_of(sc);
	char name[48];

	memset(g, 0, sizeof *g);
	snprintf(g->id, sizeof g->id, "host-%d-sw-%d", m, w);
	snprintf(g->prefix, sizeof g->prefix, "host-%d-gpu-", m);
	snprintf(g->router, sizeof g->router, "host-%d-sw-%d-router", m, w);
	snprintf(g->uplink, sizeof g->uplink, "host-%d-sw-%d-up", m, w);
	g->first = w * mc->per_switch;
	g->last = g->first + mc->per_switch - 1;
	g->bw = sc->cluster.intra_Bps;
	g->lat = sc->cluster.intra_latency_s;
	g->up_bw = mc->uplink_Bps;
	own_link(g, g->uplink, mc->uplink_Bps, 0);
	if (w != 0)
		return;
	snprintf(name, sizeof name, "host-%d-nic", m);
	own_link(g, name, sc->cluster.nic_Bps, sc->cluster.latency_s);
	snprintf(name, sizeof name, "host-%d-sockets", m);
	if (mc->sockets > 1)
		own_link(g, name, mc->socket_Bps, 0);
}

void
cluster_zone_group(const struct scenario *sc, int z, struct cluster_group *g)
{
	int S = switches(sc);

	if (S > 0 && z < sc->cluster.hosts * S) {
		switch_group(sc, z / S, z % S, g);
		return;
	}
	cluster_group(sc, S > 0 ? z - sc->cluster.hosts * S +
	    sc->cluster.hosts : z, g);
	g->nown = 0;
	own_link(g, g->uplink, g->up_bw, g->up_lat);
}

int
cluster_zone_of(const struct scenario *sc, const char *name)
{
	int r = cluster_rack_of(sc, name), S = switches(sc), m, gpu;

	if (S == 0 || r < 0)
		return r;
	if (r >= sc->cluster.hosts)
		return sc->cluster.hosts * S + r - sc->cluster.hosts;
	sscanf(name, "host-%d-gpu-%d", &m, &gpu);
	return m * S + gpu / machine_of(sc)->per_switch;
}

static int
hop(struct cluster_hop *h, int n, int group, int slot, int up)
{
	h[n].group = group;
	h[n].slot = slot;
	h[n].up = up;
	return n + 1;
}

/* From switch a to switch b of machine m (b -1: the NIC), or back (out
 * 0), appended to h after n: the uplinks and the link between the
 * sockets on the way. */
static int
inside(const struct scenario *sc, int m, int a, int b, int out,
    struct cluster_hop *h, int n)
{
	const struct hw_machine *mc = machine_of(sc);
	int S = switches(sc), first = m * S, sa, sb;

	if (b < 0)
		b = mc->nic_switch;
	if (a == b)
		return n;
	sa = hw_machine_socket(mc, a);
	sb = b >= 0 ? hw_machine_socket(mc, b) : 0;
	if (!out) {
		int t = a, st = sa;

		a = b, b = t, sa = sb, sb = st;
	}
	if (a >= 0)
		n = hop(h, n, first + a, 0, 1);
	if (sa != sb)
		n = hop(h, n, first, 2, sa == 0);
	if (b >= 0)
		n = hop(h, n, first + b, 0, 0);
	return n;
}

int
cluster_zone_route(const struct scenario *sc, int a, int b,
    struct cluster_hop *h)
{
	int S = switches(sc), M = sc->cluster.hosts * S, n = 0;

	if (S == 0) {
		n = hop(h, n, a, 0, 1);
		return hop(h, n, b, 0, 0);
	}
	if (a < M && b < M && a / S == b / S)
		return inside(sc, a / S, a % S, b % S, 1, h, 0);
	if (a < M) {
		n = inside(sc, a / S, a % S, -1, 1, h, n);
		n = hop(h, n, a / S * S, 1, 1);
	} else
		n = hop(h, n, a, 0, 1);
	if (b < M) {
		n = hop(h, n, b / S * S, 1, 0);
		n = inside(sc, b / S, b % S, -1, 0, h, n);
	} else
		n = hop(h, n, b, 0, 0);
	return n;
}
