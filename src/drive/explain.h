/* explain.h: what psim explain measures (explain.c): the parts of the
 * gap between a simulated step and its closed form, and, against a
 * published figure, what each host-side mechanism takes of the gap
 * between psim's nominal figure and the measurement.  cmd-explain.c
 * prints them. */
#ifndef PSIM_EXPLAIN_H
#define PSIM_EXPLAIN_H

#include "mechanisms.h"
#include "report.h"

struct scenario;

struct gap {
	/* the departures from the closed form the scenario has, and the
	 * mean step with d[0..i] taken away; -1: that run failed */
	int		 n;
	enum departure	 d[D_N];
	double		 step[D_N];
	/* the mechanisms it has (mechanisms.h), and the scaling efficiency
	 * (compute over step) with m[0..i] taken away, the last of them
	 * psim's nominal figure; -1: failed.  Measured only with a
	 * published figure to meet. */
	int		 nm;
	enum mechanism	 m[M_N];
	double		 eff[M_N];
};

/* Run sc again once per departure and per mechanism, each with it and
 * those before it taken away, all at once in children (before the
 * caller's own run: SimGrid once per process). */
void explain_measure_gap(const struct scenario *, struct gap *);

#endif
