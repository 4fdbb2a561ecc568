/* robust.c: the median and its distribution-free interval, the median absolute deviation and its outliers, the Mann-Whitney U test. */
#include "results/stats/robust.h"
#include "results/stats/stats.h"

#include <math.h>

#define ROB_MW_EXACT_M 20   /* the smaller side of an exact test: 4 * 100 <= ROB_MW_EXACT_MAX, so min(na, nb) <= sqrt(400) */

/* sorted_median: the median of the n >= 1 sorted values of v. */
static double sorted_median(const double *v, int n)
{
	return n % 2 ? v[n / 2] : v[n / 2 - 1] + 0.5 * (v[n / 2] - v[n / 2 - 1]);
}

/* dev_kth: the k-th smallest (0-based, k < n) of |v[i] - m| over the n
 * sorted values of v: the deviations of the values below m (walked
 * downwards) and of the others (upwards) are both ascending, so merging
 * the two walks k + 1 steps gives it without sorting. */
static double dev_kth(const double *v, int n, double m, int k)
{
	int lo = 0, hi;
	double d = 0;

	while (lo < n && v[lo] < m)
		lo++;
	hi = lo--;
	for (int j = 0; j <= k; j++) {
		if (hi >= n || (lo >= 0 && m - v[lo] <= v[hi] - m))
			d = m - v[lo--];
		else
			d = v[hi++] - m;
	}
	return d;
}

/* cover: P(k <= B <= n - k) for B ~ Binomial(n, 1/2), 1 <= k <= n/2: one
 * minus both tails, P(B <= k - 1) = I_{1/2}(n - k + 1, k). */
static double cover(int n, int k)
{
	return 1 - 2 * stat_betainc(n - k + 1, k, 0.5);
}

/* rob_describe: see robust.h. */
void rob_describe(const double *v, int n, struct rob_desc *out)
{
	out->n = n;
	out->k = 0;
	out->median = out->lo = out->hi = out->cover = out->mad = NAN;
	if (n <= 0)
		return;
	out->median = sorted_median(v, n);
	out->mad = n % 2 ? dev_kth(v, n, out->median, n / 2)
	         : 0.5 * (dev_kth(v, n, out->median, n / 2 - 1) + dev_kth(v, n, out->median, n / 2));
	if (n < ROB_CI_MIN_N)
		return;
	out->k = 1;
	out->cover = cover(n, 1);
	while (out->k + 1 <= n / 2 && cover(n, out->k + 1) >= ROB_CONF)
		out->cover = cover(n, ++out->k);
	out->lo = v[out->k - 1];
	out->hi = v[n - out->k];
}

/* rob_outlier: see robust.h. */
int rob_outlier(const struct rob_desc *d, double x)
{
	if (d->n < ROB_OUT_MIN_N || !(d->mad > 0))
		return 0;
	return fabs(x - d->median) / (ROB_MAD_SCALE * d->mad) > ROB_OUT_Z;
}

/* mw_u: U of b against a (the pairs with b above a, ties 1/2), walking both
 * sorted samples together one group of equal values at a time; the tie term
 * sum(t^3 - t) over those groups (t values each) into *ties. */
static double mw_u(const double *a, int na, const double *b, int nb, double *ties)
{
	double u = 0;
	int i = 0, j = 0;

	*ties = 0;
	while (i < na || j < nb) {
		double x = j >= nb || (i < na && a[i] <= b[j]) ? a[i] : b[j];
		int ca = 0, cb = 0;

		for (; i < na && a[i] == x; i++)
			ca++;
		for (; j < nb && b[j] == x; j++)
			cb++;
		u += cb * ((i - ca) + 0.5 * ca);   /* above the a's below x, level with the ca at x */
		*ties += (double)(ca + cb) * (ca + cb) * (ca + cb) - (ca + cb);
	}
	return u;
}

/* mw_exact: the exact two-sided p of U = u (an integer) for samples of m
 * and n values without ties. The number of arrangements with U = v is the
 * coefficient of q^v in the Gaussian binomial [m + n choose m]_q =
 * prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i): built up one factor at a time,
 * each step leaves [n + i choose i]_q, whose coefficients are integers
 * below C(m + n, m) (exact in a double); p = 2 min(P(U <= u), P(U >= u)),
 * at most 1. m <= ROB_MW_EXACT_M, m n <= ROB_MW_EXACT_MAX. */
static double mw_exact(int m, int n, double u)
{
	double f[ROB_MW_EXACT_MAX + ROB_MW_EXACT_M + 1] = { 1 }, total = 0, below = 0, above = 0;
	int top = m * n;

	for (int i = 1; i <= m; i++) {
		for (int v = i * n + i; v >= n + i; v--)
			f[v] -= f[v - n - i];
		for (int v = i; v <= i * n + i; v++)
			f[v] += f[v - i];
	}
	for (int v = 0; v <= top; v++) {
		total += f[v];
		below += v <= u ? f[v] : 0;
		above += v >= u ? f[v] : 0;
	}
	return fmin(1, 2 * fmin(below, above) / total);
}

/* rob_mann_whitney: see robust.h. The normal approximation: mean na nb / 2,
 * variance na nb / 12 ((N + 1) - sum(t^3 - t) / (N (N - 1))), N = na + nb,
 * z = (|U - mean| - 1/2) / sd (0 when negative), p = erfc(z / sqrt 2); all
 * values tied (variance 0) give p = 1. */
void rob_mann_whitney(const double *a, int na, const double *b, int nb, struct rob_mw *out)
{
	double ties, mean, var, z, big = (double)na + nb;
	int m = na < nb ? na : nb;

	out->done = out->exact = 0;
	out->u = out->p = NAN;
	if (na < ROB_MW_MIN_N || nb < ROB_MW_MIN_N)
		return;
	out->done = 1;
	out->u = mw_u(a, na, b, nb, &ties);
	if (ties == 0 && m <= ROB_MW_EXACT_M && (double)na * nb <= ROB_MW_EXACT_MAX) {
		out->exact = 1;
		out->p = mw_exact(m, na + nb - m, out->u);
		return;
	}
	mean = (double)na * nb / 2;
	var = (double)na * nb / 12 * ((big + 1) - ties / (big * (big - 1)));
	if (!(var > 0)) {
		out->p = 1;
		return;
	}
	z = fmax(0, (fabs(out->u - mean) - 0.5) / sqrt(var));
	out->p = erfc(z / sqrt(2));
}
