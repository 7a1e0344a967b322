/* animate.h: psim animate's page, a self-contained HTML file that draws
 * each scenario's hosts and links and plays the chosen steps of its run
 * (pure: a run's results and timeline in, text out).
 *
 * The network is drawn from the routes the run recorded (the timeline's,
 * made with want_routes): a link named X_UP or X_DOWN is one lane of the
 * cable X; the cables' ends are joined where consecutive links of a
 * route meet, and each end is a host or a switch.  A link carries, at
 * each instant, the sum of its messages' mean rates (timeline_rates), so
 * that its integral is its bytes exactly, as in the report's ledger. */
#ifndef PSIM_ANIMATE_H
#define PSIM_ANIMATE_H

#include <stdio.h>

struct results;
struct scenario;
struct timeline;

/* What one page may hold: moving messages, all panels together (past
 * it, one message in k is drawn and the page says so), and link rate
 * samples per panel (past it, rates are averaged over equal bins, which
 * keeps each link's bytes, and the page says so). */
#define ANIMATE_MAX_MARKS	200000L
#define ANIMATE_MAX_POINTS	400000L

/* The graph animate draws: hosts then switches as nodes, cables as
 * edges, each with up to two lanes (links). */
struct anim_graph {
	int		 nhosts, nnodes, nedges, nlinks;
	double		*x, *y;		/* [nnodes]: in [-1, 1] */
	int		*ea, *eb;	/* [nedges]: its end nodes */
	int		*edge_of;	/* [nlinks]: its cable, or -1 */
	int		*dir;		/* [nlinks]: 1 from ea to eb, -1 the
					   other way (the way a route first
					   crossed it) */
	int		 center;	/* the node the layout is around */
};

/* The graph of tl's routes (tl->nhosts hosts, tl->nlinks links). */
struct anim_graph *anim_graph_of(const struct timeline *);
void anim_graph_free(struct anim_graph *);

/* The window of tl's chosen steps: the first start and the last end of
 * their events (not of those of no step, a fault's, which the timeline
 * keeps whenever they are); or tl's window (timeline_window). */
void animate_window(const struct timeline *, double *t0, double *t1);

/* How many faults tl has (a worker's preemption or a server's failure,
 * which the timeline keeps whatever its steps). */
int animate_faults(const struct timeline *);

/* The window around tl's k-th fault (from 1; a worker's preemption or a
 * server's failure, which the timeline keeps whatever its steps): from
 * before_s before it to after_s after the host's return, or to end_s,
 * the run's end; 0, or -1 if the run has fewer faults. */
int animate_fault_window(const struct timeline *, int k, double before_s,
    double after_s, double end_s, double *t0, double *t1);

/* One panel (a JSON object) from a run and its timeline (around its
 * fault-th fault, or 0 for its steps); marks: the most messages it may
 * draw, points: the most rate samples. */
void animate_panel(FILE *, const struct scenario *, const struct results *,
    struct timeline *, int fault, long marks, long points);

/* The page around n panels (JSON objects); 0, or -1 on a write error. */
int animate_page(FILE *, const char *const *panels, int n);

#endif
