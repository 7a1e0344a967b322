/* stats.c: mean, standard deviation, Student-t 95% intervals, order
 * statistics (stats.h). */
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

/* The density of the r-th smallest of n standard normals at z:
 * r C(n, r) Phi(z)^(r-1) (1 - Phi(z))^(n-r) phi(z), in logs (Phi's tails
 * from erfc, so that neither end rounds to 0 or 1). */
static double
normal_order_density(double z, int n, int r, double lchoose)
{
	double lo = 0.5 * erfc(-z / M_SQRT2), hi = 0.5 * erfc(z / M_SQRT2);
	double l = lchoose - 0.5 * z * z - 0.5 * log(2 * M_PI);

	if (r > 1)
		l += (r - 1) * log(lo);
	if (n > r)
		l += (n - r) * log(hi);
	return exp(l);
}

double
stats_lognormal_order(double sigma, int n, int r)
{
	/* Simpson's rule over z in [-16, 16]: the order statistics of up
	 * to millions of draws lie within 6 of 0, their density smooth */
	const int steps = 32000;
	const double a = -16, h = 32.0 / steps;
	double lchoose, sum = 0, z, f;
	int i;

	if (n < 1 || r < 1 || r > n || !(sigma >= 0))
		return NAN;
	if (sigma == 0 || n == 1)
		return 1;
	lchoose = log((double)r) + lgamma(n + 1.0) - lgamma(r + 1.0) -
	    lgamma(n - r + 1.0);
	for (i = 0; i <= steps; i++) {
		z = a + i * h;
		f = exp(sigma * z - sigma * sigma / 2) *
		    normal_order_density(z, n, r, lchoose);
		sum += f * (i == 0 || i == steps ? 1 : i % 2 ? 4 : 2);
	}
	return sum * h / 3;
}

double
stats_exponential_order(double m, int n, int r)
{
	double h = 0;
	int i;

	if (n < 1 || r < 1 || r > n || !(m >= 0))
		return NAN;
	/* H(n) - H(n - r): the gaps between successive order statistics
	 * of exponentials are exponentials of mean m / (n - i) */
	for (i = n - r + 1; i <= n; i++)
		h += 1.0 / i;
	return m * h;
}

int
stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}
