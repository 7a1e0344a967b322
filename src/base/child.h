/* child.h: work in child processes, at most jobs at once, each one's
 * output read back as text.  SimGrid can be set up once per process, so
 * whatever simulates more than one scenario (run.replicates, psim
 * advise) or builds more than one simulation forks a child for each. */
#ifndef PSIM_CHILD_H
#define PSIM_CHILD_H

#include <stdio.h>

/* What a child runs: item i of ctx's, writing to out; its return is the
 * child's exit status.  By convention a child that fails writes "!"
 * then its error lines. */
typedef int (*child_fn)(void *ctx, int i, FILE *out);

/* Called in the parent after each child ends: how many have, of n. */
typedef void (*child_progress)(void *ctx, int done, int n);

/* The online CPUs, at least 1: the default number of children at once. */
int child_jobs_default(void);

/* Run fn(ctx, i, out) for i in 0..n-1, each in its own child process, at
 * most jobs at once (jobs < 1: child_jobs_default()), oldest waited for
 * first.  outs[i] gets what child i wrote (malloc'd, "" for nothing);
 * failed[i] (failed may be NULL) whether it failed: an exit status
 * other than 0, a signal, or output that starts with "!" or is empty.
 * progress (may be NULL) is called with ctx.  Returns how many failed. */
int child_map(int n, int jobs, child_fn fn, void *ctx, char **outs,
    int *failed, child_progress progress);

#endif
