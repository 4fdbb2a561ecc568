/* drift.c: a trend through a series of measurements in the order they were made: Spearman's rank correlation with the run order, its p-value, and how far the series moved. */
#include "results/stats/drift.h"
#include "results/stats/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* by_value: qsort order of doubles. */
static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* median: of v[0..n), sorted in place. */
static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ranks: the ranks of v[0..n) (1-based, ties given their mean) into r. */
static void ranks(const double *v, int n, double *r)
{
	for (int i = 0; i < n; i++) {
		int below = 0, same = 0;
		for (int j = 0; j < n; j++) {
			below += v[j] < v[i];
			same += v[j] == v[i];
		}
		r[i] = below + (same + 1) / 2.0;
	}
}

/* score: the sum of (rank - mean) x (order - mean) of r against 1..n. */
static double score(const double *r, int n)
{
	double s = 0, mid = (n + 1) / 2.0;

	for (int i = 0; i < n; i++)
		s += (r[i] - mid) * (i + 1 - mid);
	return s;
}

/* count: over every order of r[k..n) after r[0..k) is fixed, how many
 * score at least |obs| in absolute value (*hit) among *all. */
static void count(double *r, int k, int n, double obs, double *hit, double *all)
{
	if (k == n) {
		*all += 1;
		*hit += fabs(score(r, n)) >= obs - 1e-9;
		return;
	}
	for (int i = k; i < n; i++) {
		double t = r[k];
		r[k] = r[i];
		r[i] = t;
		count(r, k + 1, n, obs, hit, all);
		r[i] = r[k];
		r[k] = t;
	}
}

/* spearman: rho and its two-sided p of the ranks r[0..n) against the order. */
static void spearman(double *r, int n, double *rho, double *p)
{
	double sr = 0, so = 0, mid = (n + 1) / 2.0, s = score(r, n);

	for (int i = 0; i < n; i++) {
		sr += (r[i] - mid) * (r[i] - mid);
		so += (i + 1 - mid) * (i + 1 - mid);
	}
	*rho = sr > 0 ? s / sqrt(sr * so) : 0;
	if (sr == 0) {
		*p = 1;
	} else if (n <= DRIFT_EXACT_N) {
		double hit = 0, all = 0, copy[DRIFT_EXACT_N];
		memcpy(copy, r, (size_t)n * sizeof *r);
		count(copy, 0, n, fabs(s), &hit, &all);
		*p = hit / all;
	} else if (fabs(*rho) >= 1) {
		*p = 0;
	} else {
		double t = fabs(*rho) * sqrt((n - 2) / (1 - *rho * *rho));
		*p = 2 * (1 - stat_t_cdf(t, n - 2));
	}
}

/* theil_sen: the median of the pairwise slopes of v[0..n) against its order. */
static double theil_sen(const double *v, int n)
{
	int m = n * (n - 1) / 2, k = 0;
	double *s = malloc((size_t)(m > 0 ? m : 1) * sizeof *s), out;

	if (s == NULL)
		return NAN;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			s[k++] = (v[j] - v[i]) / (j - i);
	out = k > 0 ? median(s, k) : NAN;
	free(s);
	return out;
}

void drift_test(const double *v, int n, struct drift *d)
{
	double *x = malloc((size_t)(n > 0 ? n : 1) * 3 * sizeof *x), *r, *sorted, med;
	int k = 0;

	*d = (struct drift){ .n = 0, .rho = NAN, .p = NAN, .pct = NAN };
	if (x == NULL)
		return;
	for (int i = 0; i < n; i++)
		if (isfinite(v[i]))
			x[k++] = v[i];
	r = x + k;
	sorted = r + k;
	d->n = k;
	if (k >= 2) {
		memcpy(sorted, x, (size_t)k * sizeof *x);
		med = median(sorted, k);
		d->pct = med != 0 ? theil_sen(x, k) * (k - 1) / med * 100 : NAN;
	}
	if (k >= DRIFT_MIN_N) {
		ranks(x, k, r);
		spearman(r, k, &d->rho, &d->p);
	}
	free(x);
}

int drift_sig(const struct drift *d, int k)
{
	return d->n >= DRIFT_MIN_N && d->p < DRIFT_ALPHA / (k > 0 ? k : 1);
}
