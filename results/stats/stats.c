/* stats.c: descriptive statistics, the Student t distribution (through the incomplete beta function) and Welch's t-test. */
#include "results/stats/stats.h"

#include <math.h>

#define STAT_EPS      1e-15      /* relative convergence of the continued fraction */
#define STAT_TINY     1e-300     /* keeps Lentz's denominators off zero */
#define STAT_CF_MAX   1000000L   /* continued-fraction steps before giving up (near the crossover about sqrt(max(a, b)) / 8 are needed) */
#define STAT_DF_NORMAL 1e20      /* above this df, Student's t is the standard normal to double precision */
#define STAT_SQRT1_2  0.70710678118654752440   /* 1 / sqrt(2) */
#define STAT_LOG_2PI  1.83787706640934548356   /* log(2 pi) */

/* stat_stirling_rest: lgamma(x) - ((x - 1/2) log x - x + log(2 pi) / 2) for
 * x >= 10, from the Stirling series (terms B_2k / (2k (2k - 1) x^(2k - 1)),
 * k = 1..7; the first omitted one is below 3e-17 at x = 10). */
static double stat_stirling_rest(double x)
{
	double r = 1 / x, r2 = r * r;

	return r * (1.0 / 12 + r2 * (-1.0 / 360 + r2 * (1.0 / 1260 + r2 * (-1.0 / 1680
		+ r2 * (1.0 / 1188 + r2 * (-691.0 / 360360 + r2 * (1.0 / 156)))))));
}

/* stat_lbeta: log B(a, b) for a, b > 0. When the larger argument is >= 10,
 * lgamma(big) - lgamma(big + small) is formed from Stirling's series with the
 * large terms cancelled by hand, so that it keeps its absolute accuracy
 * (this is what the t distribution with a large df needs). */
static double stat_lbeta(double a, double b)
{
	double big = a > b ? a : b, sm = a > b ? b : a, s = big + sm;

	if (big < 10)
		return lgamma(a) + lgamma(b) - lgamma(s);
	return lgamma(sm) - (big - 0.5) * log1p(sm / big) - sm * log(s) + sm
		+ stat_stirling_rest(big) - stat_stirling_rest(s);
}

/* stat_beta_front: x^a y^b / B(a, b) for a, b > 0, 0 < x = 1 - y < 1. When
 * a and b are both >= 10 the logarithm is taken about the mode x = a/s
 * (s = a + b), with Stirling's series for the three gamma functions:
 *   a log(x s/a) + b log(y s/b) + log(a b / s) / 2 - log(2 pi) / 2 - rests,
 * since x s/a - 1 = dl/a and y s/b - 1 = -dl/b with dl = x b - y a; this
 * avoids subtracting logarithms of the size of a and b. */
static double stat_beta_front(double a, double b, double x, double y)
{
	double s = a + b, dl, la, lb;

	if (a < 10 || b < 10) {
		la = x < 0.5 ? log(x) : log1p(-y);
		lb = y < 0.5 ? log(y) : log1p(-x);
		return exp(a * la + b * lb - stat_lbeta(a, b));
	}
	dl = x * b - y * a;
	la = fabs(dl) <= 0.5 * a ? log1p(dl / a) : log(x * (s / a));
	lb = fabs(dl) <= 0.5 * b ? log1p(-dl / b) : log(y * (s / b));
	return exp(a * la + b * lb + 0.5 * log(a / s * b) - 0.5 * STAT_LOG_2PI
		- stat_stirling_rest(a) - stat_stirling_rest(b) + stat_stirling_rest(s));
}

/* stat_beta_d: the j-th coefficient (j >= 1) of the continued fraction
 *   I_x(a, b) = x^a y^b / (a B(a, b)) / (1 + d1 / (1 + d2 / (1 + ...))),
 *   d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)),
 *   d(2m)   = m (b - m) x / ((a + 2m - 1)(a + 2m)). */
static double stat_beta_d(double a, double b, double x, long j)
{
	double m = (double)(j / 2);

	if (j % 2)
		return -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
	return m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
}

/* stat_beta_e: 1 + d(2m+1), without the cancellation of 1 + d when d is
 * near -1 (a large, x near 1: the t distribution with a large df):
 *   ((2m+1-b) a + m (3m+2-b) + (a+m)(a+b+m) y) / ((a+2m)(a+2m+1)),
 * used when its first two terms are >= 0, so that nothing cancels. */
static double stat_beta_e(double a, double b, double x, double y, long m)
{
	double fm = (double)m, p = (2 * fm + 1 - b) * a + fm * (3 * fm + 2 - b);

	if (p < 0)
		return 1 + stat_beta_d(a, b, x, 2 * m + 1);
	return (p + (a + fm) * (a + b + fm) * y) / ((a + 2 * fm) * (a + 2 * fm + 1));
}

/* stat_beta_cf: I_x(a, b) from the continued fraction of stat_beta_d, in
 * its odd contraction (the same odd convergents; what 1 + d1 / (1 + ...)
 * would lose to cancellation, stat_beta_e keeps):
 *   1 + d1 / (1 + d2 / ...) = e0 - d1 d2 / (e1 + d2 - d3 d4 / (e2 + d4 - ...)),
 *   e(m) = 1 + d(2m+1),
 * evaluated forwards by the modified Lentz method. y = 1 - x is passed too
 * so that neither loses digits; 0 < x, y and x < (a + 1) / (a + b + 2),
 * where the fraction converges quickly. */
static double stat_beta_cf(double a, double b, double x, double y)
{
	double front = stat_beta_front(a, b, x, y) / a;
	double f, c, d = 0;   /* the value so far, and Lentz's two ratios */

	f = c = stat_beta_e(a, b, x, y, 0);   /* > 2 / (a + b + 2) in this range */
	for (long k = 1; k <= STAT_CF_MAX; k++) {
		double d_even = stat_beta_d(a, b, x, 2 * k);
		double num = -stat_beta_d(a, b, x, 2 * k - 1) * d_even;
		double den = stat_beta_e(a, b, x, y, k) + d_even;
		double delta;

		d = den + num * d;
		if (fabs(d) < STAT_TINY)
			d = STAT_TINY;
		c = den + num / c;
		if (fabs(c) < STAT_TINY)
			c = STAT_TINY;
		d = 1 / d;
		delta = c * d;
		f *= delta;
		if (fabs(delta - 1) < STAT_EPS)   /* also when num == 0: the fraction ends there */
			break;
	}
	return front / f;
}

/* stat_beta_both: I_x(a, b) into *i and 1 - I_x(a, b) into *ic, for a, b > 0
 * and x = 1 - y in [0, 1]. The one on the side where the continued fraction
 * converges is computed directly (the smaller one, except near the crossover
 * where both are moderate), the other by subtraction, so each keeps its
 * relative accuracy. */
static void stat_beta_both(double a, double b, double x, double y, double *i, double *ic)
{
	if (x <= 0) {
		*i = 0;
		*ic = 1;
	} else if (y <= 0) {
		*i = 1;
		*ic = 0;
	} else if (x < (a + 1) / (a + b + 2)) {
		*i = stat_beta_cf(a, b, x, y);
		*ic = 1 - *i;
	} else {
		*ic = stat_beta_cf(b, a, y, x);
		*i = 1 - *ic;
	}
}

/* stat_betainc: see stats.h. */
double stat_betainc(double a, double b, double x)
{
	double i, ic;

	if (!(a > 0) || !(b > 0) || isinf(a) || isinf(b) || !(x >= 0 && x <= 1))
		return NAN;
	stat_beta_both(a, b, x, 1 - x, &i, &ic);
	return i;
}

/* stat_t_parts: for t >= 0 and df > 0, P(T > t) into *tail and P(0 < T < t)
 * into *central, each computed so that it keeps its own relative accuracy
 * (P(|T| > t) = I_x(df/2, 1/2) with x = df / (df + t^2)). NaN for a NaN t. */
static void stat_t_parts(double t, double df, double *tail, double *central)
{
	double u, r, x, y, i, ic;

	if (isnan(t) || isnan(df)) {
		*tail = *central = NAN;
		return;
	}
	if (df > STAT_DF_NORMAL) {
		*tail = 0.5 * erfc(t * STAT_SQRT1_2);
		*central = 0.5 * erf(t * STAT_SQRT1_2);
		return;
	}
	u = t / sqrt(df);
	if (u > 1e150) {
		/* x = df / (df + t^2) < 1e-300 would underflow; I_x(a, 1/2) is then
		 * its leading term x^a / (a B(a, 1/2)) to double precision */
		double a = df / 2, lx = log(df) - 2 * log(t);

		*tail = 0.5 * exp(a * lx - stat_lbeta(a, 0.5)) / a;
		*central = 0.5 - *tail;
		return;
	}
	r = u * u;   /* t^2 / df */
	if (r <= 1) {
		x = 1 / (1 + r);
		y = r / (1 + r);
	} else {
		r = 1 / r;
		x = r / (1 + r);
		y = 1 / (1 + r);
	}
	stat_beta_both(df / 2, 0.5, x, y, &i, &ic);
	*tail = 0.5 * i;
	*central = 0.5 * ic;
}

/* stat_t_pdf: the Student t density at t, df > 0:
 * (1 + t^2/df)^(-(df+1)/2) / (sqrt(df) B(df/2, 1/2)). */
static double stat_t_pdf(double t, double df)
{
	double u, lu;

	if (df > STAT_DF_NORMAL)
		return exp(-0.5 * t * t - 0.5 * STAT_LOG_2PI);
	u = t / sqrt(df);
	lu = u > 1e150 ? 2 * log(u) : log1p(u * u);   /* log(1 + u^2), without overflow */
	return exp(-stat_lbeta(df / 2, 0.5) - 0.5 * (df + 1) * lu) / sqrt(df);
}

/* stat_t_cdf: see stats.h. */
double stat_t_cdf(double t, double df)
{
	double tail, central;

	if (isnan(t) || !(df > 0))
		return NAN;
	stat_t_parts(fabs(t), df, &tail, &central);
	return t < 0 ? tail : 0.5 + central;
}

/* stat_t_gap: P(T > t) - q for t >= 0, where c = 1/2 - q; formed from the
 * tail when q < 1/4 and from the central part otherwise, so that it keeps
 * its accuracy near the root both far out and near 0. */
static double stat_t_gap(double t, double df, double q, double c)
{
	double tail, central;

	stat_t_parts(t, df, &tail, &central);
	return q < 0.25 ? tail - q : c - central;
}

/* stat_t_quantile: see stats.h. By symmetry it solves P(T > t) = q with
 * q = min(p, 1 - p) for t >= 0: bracket by doubling, then Newton's method
 * (the gap is decreasing and convex, so Newton steps from the left stay left
 * of the root), falling back to bisection if a step leaves the bracket. */
double stat_t_quantile(double p, double df)
{
	double q, c, lo = 0, hi = 1, t;

	if (isnan(p) || !(df > 0) || p < 0 || p > 1)
		return NAN;
	if (p == 0 || p == 1)
		return p == 0 ? -INFINITY : INFINITY;
	if (p == 0.5)
		return 0;
	q = p < 0.5 ? p : 1 - p;   /* exact for p in [1/2, 1) */
	c = 0.5 - q;               /* exact */
	while (stat_t_gap(hi, df, q, c) > 0) {
		lo = hi;
		hi *= 2;
		if (isinf(hi))
			return p < 0.5 ? -INFINITY : INFINITY;
	}
	t = lo;
	for (int k = 0; k < 500; k++) {
		double g = stat_t_gap(t, df, q, c), nt;

		if (g == 0)
			break;
		if (g > 0)
			lo = t;
		else
			hi = t;
		nt = t + g / stat_t_pdf(t, df);
		if (!(nt > lo && nt < hi))
			nt = lo > 0 && hi > 4 * lo ? sqrt(lo) * sqrt(hi) : lo + 0.5 * (hi - lo);
		if (fabs(nt - t) <= 1e-14 * nt || hi - lo <= 1e-15 * hi) {
			t = nt;
			break;
		}
		t = nt;
	}
	return p < 0.5 ? -t : t;
}

/* stat_describe: see stats.h. Two passes, both about the first value, so
 * that equal values give their value and sd 0 exactly and a large common
 * offset costs no digits. */
void stat_describe(const double *v, int n, struct stat_desc *out)
{
	double shift = 0, sum = 0, mean, dev = 0, sq = 0, var;
	int k = 0;

	for (int i = 0; i < n; i++) {
		if (isnan(v[i]))
			continue;
		if (k++ == 0)
			shift = v[i];
		sum += v[i] - shift;
	}
	out->n = k;
	out->mean = out->sd = out->ci95 = NAN;
	if (k == 0)
		return;
	mean = shift + sum / k;
	for (int i = 0; i < n; i++) {
		double d;

		if (isnan(v[i]))
			continue;
		d = v[i] - mean;
		dev += d;
		sq += d * d;
	}
	out->mean = mean + dev / k;
	if (k < 2)
		return;
	var = (sq - dev * dev / k) / (k - 1);
	out->sd = sqrt(var < 0 ? 0 : var);   /* rounding can leave it just below 0; NaN passes */
	out->ci95 = stat_t_quantile(0.975, k - 1) * out->sd / sqrt(k);
}

/* stat_welch: see stats.h. */
int stat_welch(const struct stat_desc *a, const struct stat_desc *b, struct stat_welch *out)
{
	double va, vb, s, se, h, tail, central;

	out->diff = b->mean - a->mean;
	if (a->n < 2 || b->n < 2)
		return -1;
	va = a->sd * a->sd / a->n;
	vb = b->sd * b->sd / b->n;
	s = va + vb;
	if (s == 0) {
		out->ci_lo = out->ci_hi = out->diff;
		out->se = 0;
		out->df = (double)a->n + b->n - 2;
		if (out->diff == 0) {
			out->t = 0;
			out->p = 1;
		} else if (isnan(out->diff)) {
			out->t = out->p = NAN;
		} else {
			out->t = copysign(INFINITY, out->diff);
			out->p = 0;
		}
		return 0;
	}
	se = out->se = sqrt(s);
	/* Welch-Satterthwaite, (va + vb)^2 / (va^2/(na-1) + vb^2/(nb-1)), scaled by s against overflow */
	out->df = 1 / ((va / s) * (va / s) / (a->n - 1) + (vb / s) * (vb / s) / (b->n - 1));
	out->t = out->diff / se;
	h = stat_t_quantile(0.975, out->df) * se;
	out->ci_lo = out->diff - h;
	out->ci_hi = out->diff + h;
	stat_t_parts(fabs(out->t), out->df, &tail, &central);
	out->p = 2 * tail;
	return 0;
}

/* stat_welch_mdd: see stats.h. */
double stat_welch_mdd(const struct stat_welch *w)
{
	if (w->se == 0)
		return 0;
	return (stat_t_quantile(0.975, w->df) + stat_t_quantile(0.80, w->df)) * w->se;
}
