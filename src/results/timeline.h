/* timeline.h: psim run --timeline FILE, a run's events as Chrome/Perfetto
 * trace-event JSON ({"traceEvents": [...]}).  Pure: the engine (sim-timeline.c,
 * recovery.c, strategy-ps.c) records plain data here as the run goes;
 * timeline_write() makes the JSON from it at the end.
 *
 * Times are simulated seconds here and the trace's microseconds in the
 * file.  A process per host (pid: psim's host index; its name and role
 * from timeline_host), a thread per actor (tid: the actor's SimGrid pid,
 * which a run assigns in spawn order, the same for the same scenario and
 * seed), and one more process, "links", whose counter tracks are each
 * busy link's carried Gbps. */
#ifndef PSIM_TIMELINE_H
#define PSIM_TIMELINE_H

#include <stdio.h>

/* At most this many events are recorded unless --timeline-steps bounds
 * them; past it recording stops and the trace says so. */
#define TIMELINE_CAP	1000000L

enum tl_kind {
	TL_COMPUTE,	/* a step's compute, ph X, cat compute */
	TL_WAIT,	/* a worker's exchange after its compute, cat wait */
	TL_COMM,	/* one message, send's post to receive, cat comm */
	TL_INSTANT	/* ph i: apply, preempt, return, restart, checkpoint */
};

struct tl_event {
	double		 t0_s, t1_s;	/* simulated s */
	const char	*name;		/* a static string */
	int		 kind;		/* enum tl_kind */
	int		 pid, tid;
	int		 step;		/* -1: none */
	int		 src, dst;	/* TL_COMM: host indices */
	int		 src_tid;	/* TL_COMM: the sender's thread, or -1 */
	double		 bytes;
	const char	*phase;		/* TL_COMM: a static string, or NULL */
	int		 round;		/* TL_COMM: all-reduce's round, or -1 */
	int		 route;		/* TL_COMM: into routes (want_routes),
					   or -1 */
};

/* A route between two hosts, its links in order (psim animate). */
struct tl_route {
	int		 src, dst, n;
	int		*links;
};

struct tl_edge {		/* a transfer's rate starting or ending */
	double		 t_s;
	double		 Bps;		/* +rate at the start, -rate at the end */
	int		 link;
	long		 seq;		/* recording order, for a stable sort */
};

struct tl_thread {
	int		 pid, tid;
	char		*name;
};

struct timeline {
	int		 lo, hi;	/* steps kept (0-based); lo -1: all */
	long		 cap, count;	/* events, link edges included */
	int		 capped;
	double		 capped_s;	/* the first event left out */
	struct tl_event	*ev;
	size_t		 nev, evcap;
	struct tl_edge	*edge;
	size_t		 nedge, edgecap;
	struct tl_thread *thr;
	size_t		 nthr, thrcap;
	int		*thr_last;	/* per tid: the pid last named, or -1 */
	int		 ntid;
	char		**host;		/* host names, nhosts of them */
	char		**label;	/* process names: name (role) */
	int		 nhosts, nlabels;
	char		**link;		/* link names by index */
	double		*link_Bps;	/* their nominal bandwidths */
	int		 nlinks;
	int		 want_routes;	/* keep routes (timeline_route) */
	int		 by_time;	/* timeline_window: events by time */
	double		 win0_s, win1_s;
	struct tl_route	*route;
	size_t		 nroute, routecap;
	int		*slot;		/* hash of (src, dst) -> route + 1 */
	size_t		 nslot;
};

/* Parse --timeline-steps "A..B" (0-based, inclusive, A <= B); 0, or -1
 * with *cause ("expected ..., got ...", malloc'd). */
int timeline_parse_steps(const char *, int *lo, int *hi, char **cause);

/* lo -1: every step (up to cap events). */
struct timeline *timeline_create(int lo, int hi, long cap);
void timeline_free(struct timeline *);

/* Host h's name and role ("worker 3": its process is "host-3 (worker
 * 3)"), link l's name and nominal bandwidth. */
void timeline_host(struct timeline *, int h, const char *name,
    const char *role);
void timeline_link(struct timeline *, int l, const char *name, double Bps);
/* With want_routes: the route from src to dst over links (n > 0), kept
 * once per pair; its index into tl->route. */
int timeline_route(struct timeline *, int src, int dst, const int *links,
    int n);
/* Thread tid of process pid is called name (kept the first time). */
void timeline_thread(struct timeline *, int pid, int tid, const char *name);

/* From now on, events are recorded by time, not by step: every event
 * that overlaps [t0_s, t1_s], whatever its step (lo..hi still say which
 * steps run.fast_forward leaves to simulate). */
void timeline_window(struct timeline *, double t0_s, double t1_s);

/* Whether events of step (-1: of no step) may be recorded (by time, all
 * may). */
int timeline_keeps(const struct timeline *, int step);

void timeline_span(struct timeline *, int kind, const char *name, int pid,
    int tid, int step, double t0_s, double t1_s);
void timeline_instant(struct timeline *, const char *name, int pid, int tid,
    int step, double t_s);
/* A message from thread src_tid of host src (-1: none known) to dst,
 * received by thread tid on dst, posted at t0_s and taken at t1_s, over
 * links (its route; nlinks 0 for none); phase (a static string: "push",
 * "pull", ...) or NULL, all-reduce's round in the step's exchange or -1.
 * Written as a span on the receiver's thread and, with its sender's
 * thread, a flow from a "send" instant on that thread to the span. */
void timeline_comm(struct timeline *, int src, int src_tid, int dst,
    int tid, int step, int round, const char *phase, double bytes,
    double t0_s, double t1_s, const int *links, int nlinks);

/* Each link's carried rate as steps: fn(ctx, link, t_s, Bps) at each
 * instant it changes, links in index order and times in order; the rate
 * is the sum of its messages' mean rates, 0 exactly once none is on it.
 * Sorts tl's edges. */
void timeline_rates(struct timeline *, void (*fn)(void *ctx, int link,
    double t_s, double Bps), void *ctx);

/* The trace-event JSON; 0, or -1 on a write error. */
int timeline_write(struct timeline *, FILE *);

#endif
