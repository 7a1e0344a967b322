/* stats.h: a sample's mean, standard deviation and the half-width of
 * its Student-t 95% confidence interval for the mean.  Pure. */
#ifndef PSIM_STATS_H
#define PSIM_STATS_H

/* The two-sided 95% quantile of Student's t with df degrees of freedom
 * (df >= 1): t(0.975, df). */
double stats_t95(int df);

/* Of the n values of v that are not NaN: their mean, sample standard
 * deviation (n - 1 in the denominator; 0 for one value) and ci95 =
 * t95(n - 1) sd / sqrt(n) (0 for one value).  Returns how many there
 * were; with none, all three are NaN. */
int stats_of(const double *v, int n, double *mean, double *sd,
    double *ci95);

/* Order statistics of n independent draws, for a synchronous step that
 * waits for the r-th fastest of n workers (r = n: the slowest).  The
 * expected r-th smallest (1 <= r <= n) of n draws of exp(sigma Z -
 * sigma^2 / 2), Z standard normal (a lognormal of mean 1; sigma >= 0),
 * by quadrature over Z to about 1e-10; and of n draws of an exponential
 * of mean m, exactly m (H(n) - H(n - r)), H the harmonic numbers. */
double stats_lognormal_order(double sigma, int n, int r);
double stats_exponential_order(double m, int n, int r);

/* qsort's comparison of two doubles, ascending. */
int stats_cmp_double(const void *, const void *);

#endif
