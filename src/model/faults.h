/* faults.h: when hosts go and come back (spot preemptions), as a sorted
 * schedule of events, either drawn from a distribution with the
 * scenario's seed or replayed from a trace file.  No SimGrid here: the
 * simulation (recovery.c) plays the schedule.
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

struct errors;

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

struct trace;

/* A fault process as the scenario gives it (faults.preemption,
 * faults.servers, faults.links): lifetimes drawn from the seed, or a
 * trace replayed (read once, when the scenario is loaded). */
struct fault_spec {
	int		 on;
	enum fault_source { FAULTS_EXPONENTIAL, FAULTS_WEIBULL,
			    FAULTS_TRACE } source;
	double		 mttp_s;	/* exponential: mean time to failure */
	double		 shape, scale_s; /* weibull: shape k, scale lambda */
	char		*trace;		/* trace file (resolved) */
	struct trace	*tr;		/* its contents */
	double		 trace_offset_s;
	double		 trace_scale;	/* simulated s per trace s */
	double		 replace_s;	/* failure to replacement (or repair) */
};

/* Every slot starts up; it lives a drawn time (from stream stream + slot
 * of seed), gets its notice notice_s before it goes (not before it came
 * up), goes, and its replacement joins replace_s later; again and again
 * until horizon_s.  Without a positive mean (or shape and scale) or a
 * finite horizon nothing fails; a trace spec draws nothing.  Returns 0. */
int fault_generate(const struct fault_spec *, double notice_s, int nslots,
    unsigned long seed, uint64_t stream, double horizon_s,
    struct fault_schedule *out);

/* Whose faults: each draws from its own streams of the seed (workers
 * from FAULT_STREAM + w, servers from FAULT_STREAM + 2^20 + s, links
 * from FAULT_STREAM + 2^21 + w), and links get no notice. */
enum fault_of { FAULTS_OF_WORKERS, FAULTS_OF_SERVERS, FAULTS_OF_LINKS };
#define FAULT_STREAM	(1ULL << 41)	/* clear of the other streams */
/* The most events the drawn schedules of a run hold together (about
 * 100 MB): a scenario that would draw more over its first horizon is
 * refused (scenario-check.c), and a run that would draw more to go on is
 * given up (recovery.c). */
#define FAULT_EVENTS_MAX	(1 << 22)

/* About how many faults a drawn process makes on nslots hosts by
 * horizon_s (each host's mean lifetime plus its replacement delay, over
 * and over); 0 for a trace or when off. */
double fault_expected(const struct fault_spec *, int nslots,
    double horizon_s);
/* A drawn process's mean lifetime: the mean time to preemption, or the
 * Weibull's mean. */
double fault_mean_life(const struct fault_spec *);

/* The schedule of one fault process for nslots hosts: drawn up to
 * horizon_s (the same seed draws the same first events whatever the
 * horizon) or replayed from its trace; nothing without spec->on.  A pure
 * function of its arguments. */
void fault_schedule_of(const struct fault_spec *, enum fault_of,
    double notice_s, int nslots, unsigned long seed, double horizon_s,
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

/* Read a trace file.  On error returns -1 and adds one line to errors:
 * "WHERE: FILE:LINE: expected ..., got ..." or "WHERE: FILE: why" (where
 * names what gave the file, e.g. "psim: s.json: /faults/preemption/trace";
 * NULL: the line starts at FILE). */
int trace_read(const char *path, struct trace *, struct errors *,
    const char *where);
void trace_free(struct trace *);
/* The spec's trace, if it holds one; freed and zeroed. */
void fault_spec_release(struct fault_spec *);

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
/* Events format: how many of the trace's hosts a schedule of nslots slots
 * never replays (those after the first nslots by first appearance: a
 * typo, a storage host, a trace of more hosts than the run has), with
 * their events in *events; 0 for the counts format. */
int trace_unreplayed(const struct trace *, int nslots, int *events);

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
