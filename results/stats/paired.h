/* paired.h: statistics of paired samples a[i], b[i]: the mean difference b - a with its Student t interval and p, and Wilcoxon's signed-rank test. */
#ifndef CONTEST_STATS_PAIRED_H
#define CONTEST_STATS_PAIRED_H

/* Wilcoxon's signed-rank test is exact (the distribution of the rank sum
 * counted over every sign assignment) up to PAIR_EXACT_N non-zero
 * differences, the normal approximation beyond.
 *
 * The exact test cannot give a small p with few pairs: its smallest
 * two-sided p is 2 / 2^n (every difference of one sign), so n = 3 gives
 * 0.25, n = 4 0.125, n = 5 0.0625, n = 6 0.03125 (ties raise it). A
 * series of 5 rounds or fewer can never reach p < 0.05 with the rank test,
 * whatever the kernels do; the paired t-test can. */
#define PAIR_EXACT_N 20

/* The paired t-test of b against a. n: the pairs with neither value NaN;
 * mean: the mean of d = b - a over them (NaN when n == 0); sd: d's sample
 * standard deviation; lo, hi: mean's 95% interval, mean -+ t(0.975, n-1) *
 * sd / sqrt(n); t: mean / (sd / sqrt(n)); p: two-sided, with n - 1 degrees
 * of freedom. sd, lo, hi, t and p are NaN when n < 2. When sd is 0 the test
 * degenerates as stat_welch's does: [mean, mean], and either mean is 0
 * (t = 0, p = 1) or not (t = +-inf, p = 0). */
struct pair_t {
	int n;
	double mean, sd, lo, hi, t, p;
};

/* pair_t_test: the paired t-test of the n pairs a[i], b[i] (a pair with a
 * NaN is skipped) into *out. */
void pair_t_test(const double *a, const double *b, int n, struct pair_t *out);

/* Wilcoxon's signed-rank test of b against a. pairs: the pairs with
 * neither value NaN; zeros: those with b == a, dropped before ranking
 * (Wilcoxon's convention, scipy's zero_method "wilcox"); n: the others,
 * ranked by |b - a| with tied values given their mid-rank; w_plus: the sum
 * of the ranks of the positive differences (b above a); exact: 1 when p is
 * the exact distribution's (n <= PAIR_EXACT_N: counted with doubled ranks,
 * integers even with mid-ranks), 0 when the normal approximation's (the
 * tie correction of the variance and a continuity correction of 1/2); p:
 * two-sided, 2 P(W+ at or beyond the observed distance from n(n+1)/4),
 * at most 1. With n == 0, p is 1 when there were pairs (all equal) and NaN
 * when there were none. */
struct pair_wilcoxon {
	int pairs, zeros, n, exact;
	double w_plus, p;
};

/* pair_wilcoxon: the signed-rank test of the n pairs a[i], b[i] (a pair
 * with a NaN is skipped) into *out; p is NaN when memory runs out. */
void pair_wilcoxon(const double *a, const double *b, int n, struct pair_wilcoxon *out);

/* pair_wilcoxon_min_p: the smallest two-sided p the exact signed-rank test
 * can give with n non-zero differences and no ties, 2 / 2^n (1 for n <= 1). */
double pair_wilcoxon_min_p(int n);

#endif
