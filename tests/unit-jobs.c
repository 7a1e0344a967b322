/* unit-jobs.c: jobs_summarize() and jobs_who() on jobs built by hand:
 * the links merged by name with each job's bytes, their order, each
 * job's slowdown and shared link, and who slows whom in words.  Every
 * expected figure is worked out here from the numbers the cases are
 * built of.  Links without SimGrid (Makefile.am): jobs.c is pure. */
#include "config.h"

#include <stdlib.h>

#include "jobs.h"
#include "scenario.h"
#include "tap.h"
#include "xmalloc.h"

#include "results-fixture.h"

/* A job of top's: its name and strategy, a step of step_s. */
static struct results *
job(struct scenario *top, int i, const char *name, enum family f,
    const char *algorithm, double step_s)
{
	struct scenario *sc = xcalloc(1, sizeof *sc);

	sc->job.name = xstrdup(name);
	sc->job.index = i;
	sc->strategy.info = registry_find(f, f == FAMILY_PS ? "ps" :
	    algorithm);
	sc->strategy.algorithm = xstrdup(algorithm);
	top->jobs[i] = sc;
	return run(1, 1, step_s - 1, 0);
}

static struct jobs *
three(struct scenario *top, int core)
{
	struct jobs *jb;
	struct results *a, *b, *c;

	top->njobs = 3;
	top->jobs = xcalloc(3, sizeof *top->jobs);
	a = job(top, 0, "A", FAMILY_ALLREDUCE, "ring", 3.4);
	b = job(top, 1, "B", FAMILY_ALLREDUCE, "ring", 2.2);
	c = job(top, 2, "C", FAMILY_PS, "sync", 5.8);
	link_of(a, "up", 2e9, 1.25e9, -1, 0, -1);
	link_of(a, "a-nic", 5e9, 1.25e9, 0, 1, -1);
	link_of(a, "small", 1e8, 1.25e9, -1, 0, -1);
	link_of(b, "up", 1e9, 1.25e9, -1, 0, -1);
	link_of(b, "b-nic", 1e9, 1.25e9, 0, 1, -1);
	link_of(c, "small", 1e8, 1.25e9, -1, 0, -1);
	link_of(c, "c-nic", 1e9, 1.25e9, 0, 1, -1);
	if (core) {	/* a link of all three, busier than any */
		link_of(a, "core", 4e9, 1.25e9, -1, 0, -1);
		link_of(b, "core", 4e9, 1.25e9, -1, 0, -1);
		link_of(c, "core", 4e9, 1.25e9, -1, 0, -1);
	}
	jb = jobs_create(top);
	jb->r[0] = a;
	jb->r[1] = b;
	jb->r[2] = c;
	jb->alone_step_s[0] = 2.2;
	jb->alone_step_s[1] = 2.2;
	jb->alone_step_s[2] = -1;	/* its run alone failed */
	jobs_summarize(jb);
	return jb;
}

static void
release(struct scenario *top, struct jobs *jb)
{
	jobs_free(jb);
	scenario_free(top);
}

int
main(void)
{
	struct scenario *top = xcalloc(1, sizeof *top);
	struct jobs *jb = three(top, 0);
	char who[512];

	/* a-nic 5e9, up 2e9 + 1e9, b-nic and c-nic 1e9 (by name), small
	 * 1e8 + 1e8 */
	tap_ok(jb->nlinks == 5, "five links, merged by name");
	tap_str(jb->links[0].name, "a-nic", "the most bytes first");
	tap_str(jb->links[1].name, "up", "then the shared uplink");
	tap_near(jb->links[1].bytes, 3e9, 1e-12, "its bytes are both jobs'");
	tap_near(jb->links[1].job_bytes[0], 2e9, 1e-12, "A's share of it");
	tap_near(jb->links[1].job_bytes[1], 1e9, 1e-12, "B's share of it");
	tap_ok(jb->links[1].job_bytes[2] == 0 && jb->links[1].users == 2,
	    "C has none of it; two users");
	tap_str(jb->links[2].name, "b-nic", "equal bytes: by name");
	tap_str(jb->links[4].name, "small", "the fewest bytes last");
	tap_near(jb->slowdown[0], 3.4 / 2.2 - 1, 1e-12,
	    "A's slowdown: 3.4 s over 2.2 s, minus 1");
	tap_ok(jb->slowdown[1] == 0, "B steps as alone");
	tap_ok(jb->slowdown[2] == 0, "C's alone is unknown: no slowdown");
	tap_ok(jb->link[0] == 1 && jb->link[1] == 1,
	    "A and B: the uplink, where 3 GB meet, not the small link");
	tap_ok(jb->link[2] == 4, "C: the only link it shares");
	jobs_who(jb, 0, who, sizeof who);
	tap_str(who, "job \"B\" (ring) shares up with job \"A\" (ring): A's "
	    "step +54.5%", "who slows A");
	jobs_who(jb, 1, who, sizeof who);
	tap_str(who, "job \"A\" (ring) shares up with job \"B\" (ring): B's "
	    "step +0.0%", "who slows B: not a -0.0%");
	jobs_who(jb, 2, who, sizeof who);
	tap_str(who, "job \"A\" (ring) shares small with job \"C\" (PS pushes "
	    "and pulls): C's step unknown alone", "who slows C");
	release(top, jb);

	top = xcalloc(1, sizeof *top);
	jb = three(top, 1);
	tap_str(jb->links[0].name, "core", "a link of three jobs, 12 GB");
	tap_ok(jb->links[0].users == 3, "three users");
	jobs_who(jb, 0, who, sizeof who);
	tap_str(who, "jobs \"B\" (ring) and \"C\" (PS pushes and pulls) share "
	    "core with job \"A\" (ring): A's step +54.5%", "two jobs slow A");
	release(top, jb);

	top = xcalloc(1, sizeof *top);
	top->njobs = 1;
	top->jobs = xcalloc(1, sizeof *top->jobs);
	jb = jobs_create(top);
	jb->r[0] = job(top, 0, "solo", FAMILY_ALLREDUCE, "ring", 2.2);
	link_of(jb->r[0], "nic", 1e9, 1.25e9, 0, 1, -1);
	jb->alone_step_s[0] = 2.2;
	jobs_summarize(jb);
	jobs_who(jb, 0, who, sizeof who);
	tap_str(who, "job \"solo\" (ring) shares no link with another job: "
	    "solo's step +0.0%", "a job alone shares nothing");
	release(top, jb);

	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
