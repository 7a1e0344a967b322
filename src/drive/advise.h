/* advise.h: psim advise's logic, sizing a cluster backwards from a
 * target (issue 15): the targets ("step_time<=3.5s"), the candidates
 * (the grid of the --space values), their figures and cost, which to
 * simulate, which meet the targets, why the others fail, and the text
 * and JSON answers.  Pure: no SimGrid, no scenario; the figures come
 * from child processes (cmd-advise.c) as text. */
#ifndef PSIM_ADVISE_H
#define PSIM_ADVISE_H

#include <stddef.h>
#include <stdio.h>

/* The figures a target can bound. */
enum advise_fig {
	FIG_STEP_TIME,		/* simulated s per step */
	FIG_GOODPUT,		/* useful steps per simulated s */
	FIG_EFFICIENCY,		/* throughput / (n x one worker's) */
	FIG_THROUGHPUT,		/* samples per simulated s */
	FIG_COST_1K,		/* cost of 1000 useful steps */
	FIG_REQUIRED_GBPS,	/* the busier NIC's, worker's or server's */
	FIG_N
};

/* "figure<=value" or "figure>=value". */
struct advise_target {
	enum advise_fig	 fig;
	int		 at_most;	/* 1: <=, 0: >= */
	double		 value;		/* in the figure's base unit */
	char		 text[96];	/* as given */
};

/* A figure's name in targets and in the JSON answer. */
const char *advise_fig_name(enum advise_fig);

/* Every FIGURE<= and FIGURE>= a target begins with, space-separated
 * (the shell's completion of --target). */
const char *advise_target_choices(void);
/* arg as a target; -1 with *cause (malloc'd: "expected ..., got ...")
 * if it is not one.  Values take units as elsewhere in psim: step_time
 * a duration (3.5s, 200ms; a bare number is seconds), required_gbps a
 * bandwidth (25Gbps; a bare number is Gbps), efficiency a fraction or a
 * percentage (0.9, 90%), the others plain numbers. */
int advise_target_parse(const char *arg, struct advise_target *,
    char **cause);

/* What a candidate's closed form or simulation gives. */
struct advise_figures {
	int		 present;
	double		 v[FIG_N];
	double		 compute_s;	/* per step, one worker alone */
	double		 worker_bytes;	/* per step, the busiest worker's NIC
					   (the larger direction) */
	double		 server_bytes;	/* per step, the busiest server's */
	char		 bottleneck[160]; /* in words */
};

/* A point of the space. */
struct advise_candidate {
	int		 index;		/* in the grid */
	char		**sets;		/* "PATH=VALUE": the --space values
					   that apply (advise_applies) */
	int		 nsets;
	char		**pre;		/* set before the scenario's --set:
					   a strategy block anew */
	int		 npre;
	char		*error;		/* it cannot be built: why (then
					   nothing below is set) */
	int		 workers, servers, storage, machines;
	double		 batch;		/* samples per worker per step */
	double		 nic_gbps;	/* a host's NIC */
	double		 cost;		/* per hour, or machines unpriced */
	int		 priced;
	struct advise_figures cf;	/* closed form */
	struct advise_figures sim;	/* simulated, when run */
	int		 promising;	/* the closed form, with the slack,
					   can meet the targets */
	int		 probe;		/* simulated though not promising */
	int		 simulate;	/* chosen to be simulated */
	int		 sim_failed;	/* simulated, and the run failed */
	char		*sim_error;
	int		 meets;		/* every target: simulated if run,
					   else the closed form's verdict */
};

/* How far the closed form may be off and a candidate still be
 * simulated: a figure within this fraction of its target. */
#define ADVISE_SLACK	0.15

struct advise {
	const char	*scenario;	/* its name */
	struct advise_target *t;
	int		 nt;
	char		**paths;	/* the --space paths, npaths */
	int		 npaths;
	struct advise_candidate *c;	/* in grid order */
	int		 nc;
	int		*rank;		/* into c, cheapest first */
	int		 probes;	/* non-promising to simulate */
	int		 max_sims;	/* promising to simulate, at most */
	int		 all;		/* simulate every candidate */
	int		 nbest;		/* meeting ones to print */
	int		 priced;	/* every candidate's cost a price */
};

/* Whether setting "PATH=VALUE" applies under strategy.name name: a
 * strategy key of another strategy (strategy.shards under allreduce,
 * strategy.algorithm or strategy.grid under ps: the registry's
 * registry_block_takes) or placement.servers under allreduce does
 * not. */
int advise_applies(const char *set, const char *name);

/* Candidate c from a grid point's settings (n of them) on a scenario
 * whose strategy.name is file_name: the settings that apply, and when
 * the point sets another strategy.name, a strategy block anew first
 * ("strategy={\"name\": ...}", ring for an allreduce without
 * strategy.algorithm, and placement.servers=0 for allreduce).  Returns
 * the strategy.name the candidate runs. */
const char *advise_candidate_make(struct advise_candidate *c, char **sets,
    int n, const char *file_name);

/* Whether candidates p and q have the same settings. */
int advise_same(const struct advise_candidate *p,
    const struct advise_candidate *q);

/* The closed form child's text (lines "key value") into c; -1 if it is
 * not whole. */
int advise_read_closed(struct advise_candidate *, const char *text);

/* A run's CSV report (header, row) into c->sim; -1 if a figure is
 * missing.  With run.replicates the _mean columns. */
int advise_read_simulated(struct advise_candidate *, const char *csv);

/* The figures that follow from the others (efficiency, cost per 1000
 * steps) for candidate c. */
void advise_derive(const struct advise_candidate *, struct advise_figures *);

/* Whether f meets target t, with slack (0: exactly). */
int advise_meets_one(const struct advise_target *,
    const struct advise_figures *, double slack);
/* The first target f fails with slack, or -1 when it meets all. */
int advise_fails(const struct advise *, const struct advise_figures *,
    double slack);

/* Why f fails target i, in words: the figure against the target, and
 * for a time the NIC speed the busier NIC would need. */
void advise_why(const struct advise *, const struct advise_candidate *,
    const struct advise_figures *, int i, char *buf, size_t len);

/* Rank the candidates (a->rank: cost, then the closed form's step time,
 * then grid order) and choose which to simulate. */
void advise_plan(struct advise *);

/* After the simulations: each candidate's verdict, the best ones into
 * best (simulated and meeting every target: cost, then the simulated
 * step time), returns how many (at most nc). */
int advise_best(struct advise *, int *best);

/* The candidate nearest to meeting every target (its worst shortfall
 * the smallest), for "nothing meets it". */
int advise_closest(const struct advise *);

/* The answers: text for people, JSON for programs. */
void advise_text(FILE *, struct advise *);
void advise_json(FILE *, struct advise *);

void advise_free(struct advise *);

#endif
