/* shape.h: a scenario's closed form without a simulation.  The closed
 * form's inputs (struct shape, analytic.h) come from the scenario, its
 * gradient's layout (layout.h) and the facts of its cluster that the
 * scenario alone does not say: the hosts' speed, the routes' latency,
 * and on a platform file its links and routes (struct cluster_facts).
 * A generated cluster's facts are computed here, from the scenario and
 * the role hosts' names; a platform file's are read from SimGrid, by the
 * engine in a run (simulation.c) or by the platform probe in a child
 * (platform-probe.c).  A run's closed form (run_closed_form, on the
 * simulation's layout and facts) and psim advise's (run_closed_form_of,
 * with no simulation) are this one code. */
#ifndef PSIM_SHAPE_H
#define PSIM_SHAPE_H

#include "analytic.h"
#include "layout.h"

struct scenario;

struct cluster_facts {
	int		 nhosts;	/* with a role: workers, dedicated
					   servers, then the storage */
	double		 speed;		/* host 0's, flops/s */
	double		*latency;	/* [nhosts]: route latency from host
					   0 to each (SimGrid's sum) */
	double		 first_Bps;	/* the first link out of host 0 on its
					   route to host 1; 0: none */
	/* A generated cluster's groups (racks, or multi-GPU machines):
	 * each host's and each group's uplink; NULL on a plain star and on
	 * a platform file. */
	int		 racks;
	int		*rack_of;
	double		*uplink_Bps;
	/* A platform file's links, in SimGrid's order, and the route from
	 * host src to host dst as indices into them (NULL route on a
	 * generated cluster).  link_host: the host whose NIC each is (its
	 * first link out or last link in, on its route to host 0, or host 0's
	 * to host 1), the lowest, or -1. */
	int		 nlinks;
	double		*link_Bps;
	char		**link_name;
	unsigned char	*link_shared;
	int		*link_host;
	int		(*route)(void *ctx, int src, int dst, const int **links);
	void		*route_ctx;
	/* The platform probe's routes, every ordered pair's: from src to
	 * dst, links [route_off[src * nhosts + dst], route_off[... + 1])
	 * of route_link (cluster_facts_table_route reads them). */
	int		*route_off;
	int		*route_link;
	/* A cluster.machine's routes, made on demand from its geometry
	 * (cluster_zone_route) by cluster_facts_machine_route: each role
	 * host's group as the platform's clusters have it, and the index
	 * of each group's first own link (its UP, then DOWN, a slot after
	 * another); the role hosts' own links are 2 h (UP) and 2 h + 1. */
	const struct scenario *sc;
	int		*zone_of;
	int		*link_base;
	int		 route_buf[2 * 8 + 2];
};

/* A generated cluster's facts for the n hosts with a role, by name. */
void cluster_facts_generated(const struct scenario *,
    const char *const *hosts, int n, struct cluster_facts *);
/* A platform file's facts, once the speed, the latencies, the links and
 * the route function are in: each NIC's host (roles: the workers and
 * servers, the hosts a NIC is looked for) and the first link's
 * bandwidth, from the routes. */
void cluster_facts_routes(struct cluster_facts *, int roles);
/* The route function of a probe's table (ctx: the facts). */
int cluster_facts_table_route(void *facts, int src, int dst,
    const int **links);
void cluster_facts_free(struct cluster_facts *);

/* The closed form's inputs, pointing into the layout and the facts. */
void shape_of(const struct scenario *, const struct layout *,
    const struct cluster_facts *, struct shape *);
/* The shape (shape_of) into *shape and the strategy's closed form, with
 * the bucket pipeline, into *a. */
void shape_closed_form(const struct scenario *, const struct layout *,
    const struct cluster_facts *, struct shape *, struct analytic *);

/* A scenario's closed form and what it is computed from (the shape
 * points into the layout and the facts). */
struct closed {
	struct layout	 layout;
	struct cluster_facts facts;
	struct shape	 shape;
	struct analytic	 a;
};
void closed_free(struct closed *);

#endif
