/* unit-stats: Student-t quantiles against the tables, and a sample's
 * mean, sd and 95% interval by hand (src/base/stats.c). */
#include "config.h"

#include <math.h>

#include "stats.h"
#include "tap.h"

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
	return tap_done();
}
