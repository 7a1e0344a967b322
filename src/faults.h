/* faults.h: when hosts go and come back (spot preemptions), as a sorted
 * schedule of events, either drawn from a distribution with the
 * scenario's seed or replayed from a trace file.  No SimGrid here: the
 * simulation (sim.c) plays the schedule.
 *
 * Trace files are CSV, in one of two formats (a header line names it):
 *   time_s,event,host   event "preempt" (the host goes) or "return" (it
 *                       is, or is again, available); a host counts as
 *                       down until its first "return"
 *   time_s,available    the number of available hosts of a pool, a step
 *                       function written when it changes
 * Times are seconds from the start of the trace, non-decreasing. */
#ifndef PSIM_FAULTS_H
#define PSIM_FAULTS_H

#include <stdint.h>

enum fault_kind { FAULT_NOTICE, FAULT_PREEMPT, FAULT_RETURN };

/* Slot `slot` (a worker, say) gets its notice, goes, or comes back (a
 * replacement host joins in its place) at time t. */
struct fault_event {
	double		 t;
	int		 slot;
	enum fault_kind	 kind;
};

/* Sorted by t; events at the same t keep slot order, and one slot's
 * events the order they happen in (notice, preempt, return; a return
 * before a notice at the same t). */
struct fault_schedule {
	struct fault_event *ev;
	int		 n;
	int		 initially_down_count;
	char		*initially_down;	/* per slot: 1 if down at t = 0 */
};

enum fault_dist { FAULT_EXPONENTIAL, FAULT_WEIBULL };

struct fault_process {
	enum fault_dist	 dist;
	double		 mean_s;	/* exponential: mean time to preemption */
	double		 shape;		/* weibull: shape k */
	double		 scale_s;	/* weibull: scale lambda */
	double		 notice_s;	/* notice before the host goes */
	double		 replace_s;	/* from the preemption to the replacement */
};

/* Every slot starts up; it lives a drawn time (from stream stream + slot
 * of seed), gets its notice notice_s before it goes (not before it came
 * up), goes, and its replacement joins replace_s later; again and again
 * until horizon_s.  Without a positive mean (or shape and scale) or a
 * finite horizon nothing fails.  Returns 0. */
int fault_generate(const struct fault_process *, int nslots,
    unsigned long seed, uint64_t stream, double horizon_s,
    struct fault_schedule *out);

void fault_schedule_free(struct fault_schedule *);

enum trace_format { TRACE_EVENTS, TRACE_COUNTS };

struct trace_event {
	double		 t;
	int		 host;		/* index into hosts */
	int		 up;		/* 1: return, 0: preempt */
};

struct trace {
	enum trace_format format;
	char		**hosts;	/* events: in order of first appearance */
	int		 nhosts;
	struct trace_event *ev;		/* events */
	int		 nev;
	double		*ct;		/* counts: times */
	int		*count;		/* counts: available from ct[i] on */
	int		 ncount;
	double		 last_s;	/* the last time in the file */
};

/* Read a trace file.  On error returns -1 and sets *error to a malloc'd
 * "FILE:LINE: expected ..., got ..." or "FILE: why" message (no trailing
 * newline). */
int trace_read(const char *path, struct trace *, char **error);
void trace_free(struct trace *);

/* The schedule a trace gives nslots slots, from offset_s into the trace
 * on, its times multiplied by time_scale (0.01: a trace hour passes in 36
 * simulated seconds), with a notice notice_s before each preemption (not
 * before t = 0, nor before the slot last came up).  Events format: slot
 * i follows the i-th host in order of first appearance; a slot beyond the
 * trace's hosts never fails; a host down at offset_s is initially down.
 * Counts format: slot i is up while more than i hosts are available (the
 * highest slots go first).  Returns 0. */
int trace_schedule(const struct trace *, int nslots, double offset_s,
    double time_scale, double notice_s, struct fault_schedule *out);

/* What a trace says about preemptions, up to end_s (the observation
 * window's end; the last time in the file if 0): preemptions, the
 * instance-seconds up, the mean time to preemption by exposure
 * (instance-seconds / preemptions, 0 without any), and the mean time
 * from a host's preemption to its return (events format; 0 otherwise). */
struct trace_stats {
	int		 preemptions;
	double		 up_s;
	double		 mttp_s;
	double		 mean_down_s;
};
void trace_stats(const struct trace *, double end_s, struct trace_stats *);

#endif
