/* stats.c: mean, standard deviation, Student-t 95% intervals (stats.h). */
#include "config.h"

#include <math.h>

#include "stats.h"

/* t(0.975, df) for df = 1..30, from the standard tables. */
static const double t95[30] = {
	12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060,
	2.2622, 2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199,
	2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
	2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423
};

double
stats_t95(int df)
{
	double z = 1.959964, g1, g2;

	if (df < 1)
		return NAN;
	if (df <= 30)
		return t95[df - 1];
	/* Cornish-Fisher expansion of t about the normal quantile: within
	 * 1e-5 of the tables from df = 30 on. */
	g1 = (z * z * z + z) / 4;
	g2 = (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / 96;
	return z + g1 / df + g2 / ((double)df * df);
}

int
stats_of(const double *v, int n, double *mean, double *sd, double *ci95)
{
	double sum = 0, ss = 0, first = NAN;
	int i, k = 0, same = 1;

	for (i = 0; i < n; i++) {
		if (!isnan(v[i])) {
			if (k == 0)
				first = v[i];
			same &= v[i] == first;
			sum += v[i];
			k++;
		}
	}
	if (k == 0) {
		*mean = *sd = *ci95 = NAN;
		return 0;
	}
	/* equal values: their value and 0, not the sum's rounding */
	*mean = same ? first : sum / k;
	for (i = 0; i < n; i++) {
		if (!isnan(v[i]))
			ss += (v[i] - *mean) * (v[i] - *mean);
	}
	*sd = k > 1 ? sqrt(ss / (k - 1)) : 0;
	*ci95 = k > 1 ? stats_t95(k - 1) * *sd / sqrt((double)k) : 0;
	return k;
}
