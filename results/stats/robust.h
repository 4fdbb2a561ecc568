/* robust.h: statistics that survive outliers: the median with a distribution-free 95% interval, the MAD and its outlier rule, the Mann-Whitney U test. */
#ifndef CONTEST_ROBUST_H
#define CONTEST_ROBUST_H

/* The median's interval is the tightest [x(k), x(n+1-k)] (order statistics,
 * 1-based) whose coverage P(k <= B <= n-k), B ~ Binomial(n, 1/2), is at
 * least ROB_CONF; with n < ROB_CI_MIN_N even [min, max] covers only
 * 1 - 2/2^n < 95% (n = 5: 93.75%), and there is no interval. */
#define ROB_CONF      0.95
#define ROB_CI_MIN_N  6

/* Outliers (Iglewicz and Hoaglin's modified z-score): a value x with
 * |x - median| / (ROB_MAD_SCALE * MAD) > ROB_OUT_Z, where MAD is the median
 * of |x - median| and ROB_MAD_SCALE makes it estimate the standard deviation
 * of normal data (1 / the normal 0.75 quantile). Nothing is flagged with
 * fewer than ROB_OUT_MIN_N values (median and MAD rest on too few) or when
 * MAD is 0 (more than half the values are equal: no scale to judge by). */
#define ROB_MAD_SCALE 1.4826
#define ROB_OUT_Z     3.5
#define ROB_OUT_MIN_N 5

/* Mann-Whitney U runs when each side has at least ROB_MW_MIN_N values: with
 * 4 and 4 the exact two-sided p can reach 2 / C(8, 4) = 0.029 < 0.05, with 3
 * and 4 never (0.057). Exact (the distribution counted) when no value is tied
 * and na * nb <= ROB_MW_EXACT_MAX; else the normal approximation with the
 * tie correction and a continuity correction of 1/2. */
#define ROB_MW_MIN_N     4
#define ROB_MW_EXACT_MAX 400

/* A sorted sample's median, its interval and spread. lo, hi: the interval
 * [x(k), x(n+1-k)] with its coverage cover (NaN, k = 0 when n <
 * ROB_CI_MIN_N); mad: the median absolute deviation from the median. NaN
 * where n == 0. */
struct rob_desc {
	int n, k;
	double median, lo, hi, cover, mad;
};

/* rob_describe: the summary of the n values of v, sorted ascending and
 * free of NaN, into *out. */
void rob_describe(const double *v, int n, struct rob_desc *out);

/* rob_outlier: 1 when x is an outlier of the sample d describes (the rule
 * above), else 0. */
int rob_outlier(const struct rob_desc *d, double x);

/* The Mann-Whitney U test of b against a. done: 0 when a side has fewer
 * than ROB_MW_MIN_N values (nothing else set); u: the number of pairs with
 * b above a (ties count 1/2); exact: 1 when p is the exact distribution's,
 * 0 when the normal approximation's; p: two-sided. */
struct rob_mw {
	int done, exact;
	double u, p;
};

/* rob_mann_whitney: the test of the nb values of b against the na of a,
 * both sorted ascending and free of NaN, into *out. */
void rob_mann_whitney(const double *a, int na, const double *b, int nb, struct rob_mw *out);

#endif
