/* stats.h: descriptive statistics, Student t quantiles and Welch's t-test, computed with libm only. */
#ifndef CONTEST_STATS_H
#define CONTEST_STATS_H

/* A sample summary. sd: sample standard deviation (divisor n-1); ci95: the
 * half-width of the 95% confidence interval of the mean,
 * t(0.975, n-1) * sd / sqrt(n). sd and ci95 are NaN when n < 2; mean is NaN
 * when n == 0. */
struct stat_desc {
	int n;
	double mean, sd, ci95;
};

/* stat_describe: summarize the n values of v into *out. NaN entries are
 * skipped (out->n counts the others); n <= 0 gives an empty summary (v may
 * then be NULL). Infinite entries are counted and make mean and sd NaN. */
void stat_describe(const double *v, int n, struct stat_desc *out);

/* stat_betainc: the regularized incomplete beta function I_x(a, b) for
 * finite a, b > 0 and x in [0, 1] (continued fraction, with the symmetry
 * swap I_x(a, b) = 1 - I_{1-x}(b, a)); NaN for arguments outside those
 * ranges. Relative error about 1e-14 in practice; worse when a tiny a or b
 * forces a subtraction (1e-12 at b = 0.001) or a and b are both huge
 * (1e-11 at a = b = 1e8). */
double stat_betainc(double a, double b, double x);

/* stat_t_cdf: P(T <= t) for Student's t with df > 0 degrees of freedom (df
 * need not be an integer, as in Welch's test; df = inf is the standard
 * normal). NaN when t is NaN or df is not > 0. */
double stat_t_cdf(double t, double df);

/* stat_t_quantile: the t with stat_t_cdf(t, df) == p for p in (0, 1), to
 * better than 1e-10 relative; -inf for p == 0, +inf for p == 1 (or when the
 * quantile overflows a double), NaN for p outside [0, 1] or df not > 0. */
double stat_t_quantile(double p, double df);

/* Welch's t-test of b against a: diff = b.mean - a.mean, its 95% confidence
 * interval [ci_lo, ci_hi] with the Welch-Satterthwaite df, the t statistic,
 * df and the two-sided p-value; se: the standard error of diff,
 * sqrt(sa^2/na + sb^2/nb). */
struct stat_welch {
	double diff, ci_lo, ci_hi, t, df, p, se;
};

/* stat_welch: Welch's unequal-variance t-test of b against a into *out.
 * Returns 0, or -1 when either side has n < 2 (out untouched except diff).
 * When both standard deviations are 0 the test degenerates: the CI is
 * [diff, diff], df is a.n + b.n - 2 (Welch's formula is 0/0), and either the
 * means are equal (t = 0, p = 1) or they differ (t = +-inf, p = 0). */
int stat_welch(const struct stat_desc *a, const struct stat_desc *b, struct stat_welch *out);

/* stat_welch_mdd: the smallest difference of means that a test with w's
 * standard error and df detects at 95% confidence (two-sided) with 80%
 * power, (t(0.975, df) + t(0.80, df)) * se; 0 when se is 0, NaN when w's
 * figures are. */
double stat_welch_mdd(const struct stat_welch *w);

#endif
