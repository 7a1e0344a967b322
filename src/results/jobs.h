/* jobs.h: several jobs on one cluster, as plain data: each job's
 * results when they run together, its step time when it runs alone on
 * the same hosts, the links they share with each job's bytes on them,
 * and who slows whom.  Pure: cmd-jobs.c fills it from the engine and
 * the children, the reports (report-jobs.c) and explain read it. */
#ifndef PSIM_JOBS_H
#define PSIM_JOBS_H

#include <stddef.h>

#include "results.h"

struct scenario;

/* A link some job used, over all jobs. */
struct job_link {
	char		*name;
	double		 bandwidth_Bps;
	double		 bytes;		/* all jobs' */
	double		*job_bytes;	/* [n]: each job's */
	int		 users;		/* jobs with bytes on it */
};

struct jobs {
	int		 n;
	const struct scenario *const *sc; /* [n]: the jobs' (not owned) */
	struct results	**r;		/* [n]: run together */
	double		*alone_step_s;	/* [n]: each alone; < 0: unknown */
	double		*slowdown;	/* [n]: step mean over alone's, - 1 */
	int		*link;		/* [n]: the shared link (into links)
					   where the other jobs' bytes meet its
					   own, or -1: it shares none */
	int		 nlinks;
	struct job_link	*links;		/* by bytes, highest first */
	double		 wall_s;	/* the engine's, of the run together */
};

/* n jobs of top's (top->jobs), results and alone times to be filled. */
struct jobs *jobs_create(const struct scenario *top);
/* From r and alone_step_s: the links by job, each job's slowdown and
 * the link it shares most. */
void jobs_summarize(struct jobs *);
/* Who slows job j, in words: "job \"B\" (PS pushes and pulls) shares
 * rack-0-uplink_UP with job \"A\" (ring): A's step +38.0%". */
void jobs_who(const struct jobs *, int j, char *buf, size_t len);
/* Job j's slowdown in percent, "+38.0%". */
void jobs_percent(const struct jobs *, int j, char *buf, size_t len);
/* What job j's traffic is, in words ("ring", "PS pushes and pulls"). */
const char *jobs_traffic(const struct jobs *, int j);
void jobs_free(struct jobs *);

#endif
