/* paired.c: the paired t-test and Wilcoxon's signed-rank test (exact up to PAIR_EXACT_N differences, normal beyond), with libm only. */
#include "results/stats/paired.h"
#include "results/stats/stats.h"

#include <math.h>
#include <stdlib.h>

#define PAIR_SQRT1_2 0.70710678118654752440   /* 1 / sqrt(2) */

/* pair_t_test: see paired.h. */
void pair_t_test(const double *a, const double *b, int n, struct pair_t *out)
{
	double sum = 0, dev = 0, se, q;

	out->n = 0;
	out->mean = out->sd = out->lo = out->hi = out->t = out->p = NAN;
	for (int i = 0; i < n; i++)
		if (!isnan(a[i]) && !isnan(b[i])) {
			sum += b[i] - a[i];
			out->n++;
		}
	if (out->n == 0)
		return;
	out->mean = sum / out->n;
	if (out->n < 2)
		return;
	for (int i = 0; i < n; i++)
		if (!isnan(a[i]) && !isnan(b[i]))
			dev += (b[i] - a[i] - out->mean) * (b[i] - a[i] - out->mean);
	out->sd = sqrt(dev / (out->n - 1));
	se = out->sd / sqrt(out->n);
	if (se == 0) {
		out->lo = out->hi = out->mean;
		out->t = out->mean == 0 ? 0 : copysign(INFINITY, out->mean);
		out->p = out->mean == 0 ? 1 : 0;
		return;
	}
	q = stat_t_quantile(0.975, out->n - 1);
	out->lo = out->mean - q * se;
	out->hi = out->mean + q * se;
	out->t = out->mean / se;
	out->p = fmin(1, 2 * stat_t_cdf(-fabs(out->t), out->n - 1));
}

/* by_abs: qsort order of doubles by absolute value, ascending. */
static int by_abs(const void *x, const void *y)
{
	double a = fabs(*(const double *)x), b = fabs(*(const double *)y);

	return (a > b) - (a < b);
}

/* doubled_ranks: r2[i] = twice the mid-rank of |d[i]| among the n values
 * of d, sorted by absolute value; ties += sum of t^3 - t over the groups of
 * t tied values. Returns twice the sum of the ranks of the positive ones. */
static long doubled_ranks(const double *d, int n, int *r2, double *ties)
{
	long w2 = 0;

	*ties = 0;
	for (int i = 0; i < n;) {
		int j = i;

		while (j + 1 < n && fabs(d[j + 1]) == fabs(d[i]))
			j++;
		for (int k = i; k <= j; k++) {
			r2[k] = (i + 1) + (j + 1);
			if (d[k] > 0)
				w2 += r2[k];
		}
		*ties += (double)(j - i + 1) * (j - i + 1) * (j - i + 1) - (j - i + 1);
		i = j + 1;
	}
	return w2;
}

/* exact_p: the two-sided p of the doubled rank sum w2 over the n doubled
 * ranks r2 (n <= PAIR_EXACT_N): the count of sign assignments whose sum is
 * at or below min(w2, total - w2), twice, over 2^n. Every count is an
 * integer below 2^53, so the sums are exact. */
static double exact_p(const int *r2, int n, long w2)
{
	double cnt[PAIR_EXACT_N * (PAIR_EXACT_N + 1) + 1];
	long total = 0, low;
	double tail = 0;

	for (int i = 0; i < n; i++)
		total += r2[i];
	for (long s = 0; s <= total; s++)
		cnt[s] = s == 0;
	for (int i = 0, top = 0; i < n; top += r2[i], i++)
		for (long s = top; s >= 0; s--)
			cnt[s + r2[i]] += cnt[s];
	low = w2 < total - w2 ? w2 : total - w2;
	for (long s = 0; s <= low; s++)
		tail += cnt[s];
	return fmin(1, 2 * tail / ldexp(1, n));
}

/* normal_p: the two-sided p of the rank sum w over n ranks by the normal
 * approximation, the variance less ties / 48 and |w - mean| less 1/2. */
static double normal_p(int n, double w, double ties)
{
	double mean = n * (n + 1.0) / 4;
	double var = n * (n + 1.0) * (2.0 * n + 1) / 24 - ties / 48;
	double z;

	if (var <= 0)
		return 1;
	z = fmax(0, fabs(w - mean) - 0.5) / sqrt(var);
	return fmin(1, erfc(z * PAIR_SQRT1_2));
}

/* pair_wilcoxon: see paired.h. */
void pair_wilcoxon(const double *a, const double *b, int n, struct pair_wilcoxon *out)
{
	double *d = malloc((n > 0 ? (size_t)n : 1) * sizeof *d);
	int *r2 = malloc((n > 0 ? (size_t)n : 1) * sizeof *r2);
	double ties;
	long w2;

	out->pairs = out->zeros = out->n = out->exact = 0;
	out->w_plus = out->p = NAN;
	if (!d || !r2)
		goto done;
	for (int i = 0; i < n; i++) {
		if (isnan(a[i]) || isnan(b[i]))
			continue;
		out->pairs++;
		if (b[i] == a[i])
			out->zeros++;
		else
			d[out->n++] = b[i] - a[i];
	}
	if (out->n == 0) {
		out->w_plus = 0;
		out->p = out->pairs > 0 ? 1 : NAN;
		goto done;
	}
	qsort(d, (size_t)out->n, sizeof *d, by_abs);
	w2 = doubled_ranks(d, out->n, r2, &ties);
	out->w_plus = w2 / 2.0;
	out->exact = out->n <= PAIR_EXACT_N;
	out->p = out->exact ? exact_p(r2, out->n, w2) : normal_p(out->n, out->w_plus, ties);
done:
	free(d);
	free(r2);
}

/* pair_wilcoxon_min_p: see paired.h. */
double pair_wilcoxon_min_p(int n)
{
	return n <= 1 ? 1 : ldexp(1, 1 - n);
}
