/* sim-timeline.h: the engine's events for --timeline (sim-timeline.c),
 * as the message layer, the worker loop, the strategies and the fault
 * controller report them. */
#ifndef PSIM_SIM_TIMELINE_H
#define PSIM_SIM_TIMELINE_H

struct msg;
struct sim;
struct timeline;

/* psim run --timeline: record the run's events into tl (timeline.h),
 * which the caller writes and frees after sim_run; names its hosts and
 * links. */
void sim_timeline(struct sim *, struct timeline *tl);
/* An instant event on host h's process, by the calling actor (PS apply,
 * preemptions, returns, restarts, checkpoints); a no-op without a
 * timeline.  name: a static string; step as its messages number it
 * (with buckets, step * buckets + bucket), or -1 for none. */
void sim_mark(struct sim *, int h, const char *name, int step);

/* Every received message passes here (sim_received): its comm event. */
void sim_timeline_message(struct sim *, int dst, const struct msg *);
/* The calling actor, sending from host src, as a thread of src's process
 * in the timeline (its flow starts there), or -1 without --timeline. */
int sim_timeline_sender(struct sim *, int src);
/* Worker w's compute of step seq from t0_s to now, or (exchange 1) its
 * exchange after it. */
void sim_timeline_step(struct sim *, int w, int seq, double t0_s,
    int exchange);

#endif
