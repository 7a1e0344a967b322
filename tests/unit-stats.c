/* unit-stats: Student-t quantiles against the tables, and a sample's
 * mean, sd and 95% interval by hand (src/base/stats.c). */
#include "config.h"

#include <math.h>

#include "stats.h"
#include "tap.h"

/* Order statistics against results derived apart from the quadrature:
 * the max of 2 lognormals of mean 1 is 2 Phi(sigma / sqrt 2) (the tilted
 * measure), n draws sum to n in expectation whatever their order, and
 * for a small sigma the max of n is 1 + sigma e(n), e(n) the expected
 * max of n standard normals from the tables (Harter 1961). */
static void
order_statistics(void)
{
	static const struct { int n; double e; } harter[] = {
		{ 3, 0.846284375 }, { 5, 1.162964474 }, { 10, 1.538752731 },
		{ 100, 2.507593639 }, { 1000, 3.241435 },
	};
	double sigma = 0.3, phi = 0.5 * erfc(-sigma / 2), sum = 0;
	int i, r;

	tap_near(stats_lognormal_order(sigma, 2, 2), 2 * phi, 1e-10,
	    "lognormal: max of 2 is 2 Phi(sigma / sqrt 2)");
	tap_near(stats_lognormal_order(sigma, 2, 1), 2 - 2 * phi, 1e-10,
	    "lognormal: min of 2 is 2 - 2 Phi(sigma / sqrt 2)");
	for (r = 1; r <= 7; r++)
		sum += stats_lognormal_order(0.5, 7, r);
	tap_near(sum, 7, 1e-9, "lognormal: 7 order statistics sum to 7");
	for (i = 0; i < (int)(sizeof harter / sizeof harter[0]); i++)
		tap_near((stats_lognormal_order(1e-7, harter[i].n,
		    harter[i].n) - 1) / 1e-7, harter[i].e, 1e-5,
		    "lognormal, small sigma: max of n is 1 + sigma e(n)");
	tap_ok(stats_lognormal_order(0.2, 1, 1) == 1 &&
	    stats_lognormal_order(0, 64, 64) == 1, "one draw, or sigma 0: 1");
	tap_ok(stats_lognormal_order(0.5, 4096, 4096) > 1 &&
	    stats_lognormal_order(0.5, 4096, 4096) < exp(0.5 * 4 - 0.125),
	    "max of 4096: above the mean, below sigma 4");
	tap_ok(isnan(stats_lognormal_order(0.1, 3, 4)) &&
	    isnan(stats_lognormal_order(-1, 3, 3)), "r > n, sigma < 0: NaN");
	tap_near(stats_exponential_order(2, 1, 1), 2, 1e-15,
	    "exponential: one draw, its mean");
	tap_near(stats_exponential_order(2, 2, 2), 3, 1e-15,
	    "exponential: max of 2 is 1.5 means");
	for (sum = 0, r = 1; r <= 9; r++)
		sum += stats_exponential_order(0.25, 9, r);
	tap_near(sum, 9 * 0.25, 1e-12,
	    "exponential: 9 order statistics sum to 9 means");
}

int
main(void)
{
	double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 }, m, sd, ci;
	double one[] = { 3.5 }, gaps[] = { NAN, 1, NAN, 3 };
	double same[] = { 0.4698, 0.4698, 0.4698, 0.4698, 0.4698 };

	tap_near(stats_t95(1), 12.7062, 1e-4, "t(0.975, 1) = 12.706");
	tap_near(stats_t95(4), 2.7764, 1e-4, "t(0.975, 4) = 2.776");
	tap_near(stats_t95(10), 2.2281, 1e-4, "t(0.975, 10) = 2.228");
	tap_near(stats_t95(30), 2.0423, 1e-4, "t(0.975, 30) = 2.042");
	tap_near(stats_t95(40), 2.0211, 1e-4, "t(0.975, 40) = 2.021 (expansion)");
	tap_near(stats_t95(120), 1.9799, 1e-4, "t(0.975, 120) = 1.980");
	tap_near(stats_t95(100000), 1.95998, 1e-4, "t(0.975, large) -> 1.960");
	tap_ok(isnan(stats_t95(0)), "no t with 0 degrees of freedom");

	tap_ok(stats_of(v, 8, &m, &sd, &ci) == 8, "8 values");
	tap_near(m, 5, 1e-12, "mean 5");
	/* sum of squares 32, over n - 1 = 7 */
	tap_near(sd, sqrt(32.0 / 7), 1e-12, "sample sd sqrt(32/7)");
	tap_near(ci, 2.3646 * sqrt(32.0 / 7) / sqrt(8), 1e-4,
	    "ci95 = t(0.975, 7) sd / sqrt(8)");
	tap_ok(stats_of(one, 1, &m, &sd, &ci) == 1 && m == 3.5 && sd == 0 &&
	    ci == 0, "one value: sd and ci95 0");
	/* 5 x 0.4698 sums to 2.349 but over 5 to 0.46980000000000005 */
	tap_ok(stats_of(same, 5, &m, &sd, &ci) == 5 && m == 0.4698 &&
	    sd == 0 && ci == 0, "equal values: that value, sd and ci95 0");
	tap_ok(stats_of(gaps, 4, &m, &sd, &ci) == 2 && m == 2,
	    "NaN values are left out");
	tap_ok(stats_of(gaps, 1, &m, &sd, &ci) == 0 && isnan(m),
	    "no value: NaN");
	order_statistics();
	return tap_done();
}
