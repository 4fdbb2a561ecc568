/* test_stats.c: unit tests of results/stats/stats.c against closed forms, t tables and independently computed worked examples. */
#include "results/stats/stats.h"
#include "tests/unit/t.h"

#include <math.h>

/* Where the expected numbers come from. "Python" means a python3 script using
 * only the standard library: statistics.mean/stdev/variance for the samples;
 * the Student t CDF by integrating the unnormalized t density
 * (1 + s^2/df)^(-(df+1)/2) with tanh-sinh quadrature, over s in [0, t] near
 * the centre and over u = 1/s in (0, 1/t] for the tail, divided by the same
 * integral over the whole line (so no gamma functions); quantiles by 100
 * bisection steps on that CDF; the Welch df by the Welch-Satterthwaite
 * formula written out directly. None of it uses an incomplete beta function
 * or a continued fraction. The values agree with mpmath's betainc at 40
 * digits to 1e-11 or better. */

/* T_REL: |a - b| <= eps |b|. */
#define T_REL(a, b, eps) T_NEAR((a), (b), (eps) * fabs((double)(b)))

#define PI 3.14159265358979323846

/* test_betainc: closed forms of I_x(a, b), the symmetry, the edges. */
static void test_betainc(void)
{
	static const double xs[] = { 1e-9, 0.01, 0.2, 0.4, 0.5, 0.77, 0.99, 1 - 1e-9 };

	for (size_t i = 0; i < sizeof(xs) / sizeof(xs[0]); i++) {
		double x = xs[i];

		T_REL(stat_betainc(3.7, 1, x), pow(x, 3.7), 1e-13);                 /* I_x(a, 1) = x^a */
		T_NEAR(stat_betainc(1, 2.5, x), -expm1(2.5 * log1p(-x)), 1e-14);    /* I_x(1, b) = 1 - (1-x)^b */
		/* arcsine law I_x(1/2, 1/2) = 2/pi asin(sqrt(x)), from the nearer end */
		if (x <= 0.5)
			T_REL(stat_betainc(0.5, 0.5, x), 2 / PI * asin(sqrt(x)), 1e-13);
		else
			T_NEAR(stat_betainc(0.5, 0.5, x), 1 - 2 / PI * asin(sqrt(1 - x)), 1e-15);
		/* I_x(2, 3) = P(Binomial(4, x) >= 2) */
		T_NEAR(stat_betainc(2, 3, x), 6 * x * x * (1 - x) * (1 - x) + 4 * x * x * x * (1 - x) + x * x * x * x, 1e-14);
		/* symmetry, across the crossover where the continued fraction swaps */
		T_NEAR(stat_betainc(4.5, 30, x), 1 - stat_betainc(30, 4.5, 1 - x), 1e-14);
	}
	T_NEAR(stat_betainc(2, 3, 0.4), 0.5248, 1e-14);
	T_NEAR(stat_betainc(20, 20, 0.5), 0.5, 1e-14);
	T_CHECK(stat_betainc(2, 3, 0) == 0);
	T_CHECK(stat_betainc(2, 3, 1) == 1);
	T_CHECK(isnan(stat_betainc(2, 3, 1.5)));
	T_CHECK(isnan(stat_betainc(2, 3, -0.1)));
	T_CHECK(isnan(stat_betainc(0, 3, 0.5)));
	T_CHECK(isnan(stat_betainc(2, -1, 0.5)));
	T_CHECK(isnan(stat_betainc(NAN, 3, 0.5)));
	T_CHECK(isnan(stat_betainc(2, 3, NAN)));
}

/* test_t_cdf: closed forms for df 1, 2, 3, Python values, symmetry, edges. */
static void test_t_cdf(void)
{
	static const double ts[] = { 0, 1e-8, 0.1, 0.5, 1, 1.96, 3, 10, 1e3, 1e8 };

	for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++) {
		double t = ts[i], u = t / sqrt(3);

		/* Cauchy, df = 2 and df = 3 closed forms */
		T_NEAR(stat_t_cdf(t, 1), 0.5 + atan(t) / PI, 1e-15);
		T_NEAR(stat_t_cdf(t, 2), 0.5 + t / (2 * sqrt(t * t + 2)), 1e-15);
		T_NEAR(stat_t_cdf(t, 3), 0.5 + (atan(u) + u / (1 + u * u)) / PI, 1e-15);
		/* the lower tail keeps its relative accuracy: P(T <= -t) = atan(1/t) / pi for df = 1 */
		T_REL(stat_t_cdf(-t, 1), atan2(1, t) / PI, 1e-13);
		/* symmetry, also for a non-integer df and a large one */
		T_NEAR(stat_t_cdf(-t, 4.5), 1 - stat_t_cdf(t, 4.5), 1e-15);
		T_NEAR(stat_t_cdf(-t, 123.25), 1 - stat_t_cdf(t, 123.25), 1e-15);
		T_NEAR(stat_t_cdf(-t, 1e7), 1 - stat_t_cdf(t, 1e7), 1e-15);
	}
	T_NEAR(stat_t_cdf(1, 1), 0.75, 1e-15);   /* the Cauchy quartile */
	/* Python (density integrated) */
	T_REL(stat_t_cdf(2.0, 3), 0.9303370157205784, 1e-12);
	T_REL(stat_t_cdf(-2.5, 4.5), 0.029952843251100345, 1e-11);
	T_REL(stat_t_cdf(0.3, 7), 0.6135549747989331, 1e-12);
	T_REL(stat_t_cdf(3.0, 10), 0.9933281724887153, 1e-12);
	T_REL(stat_t_cdf(-3.0, 10), 0.006671827511284792, 1e-11);
	T_REL(stat_t_cdf(-5.0, 3), 0.007696219036651153, 1e-11);
	T_REL(stat_t_cdf(-30.0, 1.5), 0.002292821161489703, 1e-11);
	T_REL(stat_t_cdf(10.0, 2), 0.9950737714883371, 1e-12);
	/* large df: near the normal, Phi(1.96) = 0.9750021048517796 (Python statistics.NormalDist) */
	T_REL(stat_t_cdf(1.96, 1e6), 0.975001966207645, 1e-11);
	T_REL(stat_t_cdf(1.96, INFINITY), 0.9750021048517796, 1e-14);
	T_NEAR(stat_t_cdf(1.96, 1e12), 0.9750021048517796, 1e-12);
	/* edges */
	T_CHECK(stat_t_cdf(0, 5) == 0.5);
	T_CHECK(stat_t_cdf(INFINITY, 5) == 1);
	T_CHECK(stat_t_cdf(-INFINITY, 5) == 0);
	T_CHECK(stat_t_cdf(-1e300, 0.5) >= 0 && stat_t_cdf(-1e300, 0.5) < 1e-140);
	T_CHECK(isnan(stat_t_cdf(NAN, 5)));
	T_CHECK(isnan(stat_t_cdf(1, 0)));
	T_CHECK(isnan(stat_t_cdf(1, -2)));
	T_CHECK(isnan(stat_t_cdf(1, NAN)));
}

/* test_t_quantile: textbook table values, Python values, the round trip, edges. */
static void test_t_quantile(void)
{
	static const double dfs[] = { 0.3, 1, 2, 3.5, 9, 17.776, 100, 1e5 };
	static const double xs[] = { -1e200, -40, -3.2, -1, -0.05, -0.002, 0.002, 0.7, 2.1, 6 };

	/* two-sided 95% and 99% table values (three decimals) */
	T_NEAR(stat_t_quantile(0.975, 1), 12.706, 0.0005);
	T_NEAR(stat_t_quantile(0.975, 2), 4.303, 0.0005);
	T_NEAR(stat_t_quantile(0.975, 4), 2.776, 0.0005);
	T_NEAR(stat_t_quantile(0.975, 10), 2.228, 0.0005);
	T_NEAR(stat_t_quantile(0.975, 30), 2.042, 0.0005);
	T_NEAR(stat_t_quantile(0.995, 5), 4.032, 0.0005);
	T_NEAR(stat_t_quantile(0.025, 4), -2.776, 0.0005);
	/* Python, to many more digits */
	T_REL(stat_t_quantile(0.975, 1), 12.706204736174648, 1e-11);
	T_REL(stat_t_quantile(0.975, 2), 4.3026527297494574, 1e-11);
	T_REL(stat_t_quantile(0.975, 4), 2.7764451051977943, 1e-11);
	T_REL(stat_t_quantile(0.975, 7), 2.364624251592783, 1e-11);
	T_REL(stat_t_quantile(0.975, 10), 2.228138851986274, 1e-11);
	T_REL(stat_t_quantile(0.975, 30), 2.0422724563012356, 1e-11);
	T_REL(stat_t_quantile(0.995, 5), 4.032142983555218, 1e-11);
	T_REL(stat_t_quantile(0.975, 2.5), 3.57465484200368, 1e-11);
	T_REL(stat_t_quantile(0.9, 3), 1.6377443536962102, 1e-11);
	T_REL(stat_t_quantile(0.9, 3.7), 1.5575658388615072, 1e-11);
	T_REL(stat_t_quantile(1e-6, 4), -41.577854150450975, 1e-10);
	/* closed forms: df = 1 is tan(pi (p - 1/2)), df = 2 is (2p - 1) / sqrt(2 p (1 - p)) */
	T_REL(stat_t_quantile(0.9, 1), tan(0.4 * PI), 1e-12);
	T_REL(stat_t_quantile(0.7, 2), 0.4 / sqrt(2 * 0.7 * 0.3), 1e-12);
	/* large df approaches the normal quantile 1.959963984540054 (NormalDist().inv_cdf(0.975)) */
	T_NEAR(stat_t_quantile(0.975, 1e6), 1.95996, 0.00001);
	T_REL(stat_t_quantile(0.975, 1e6), 1.9599663568275831, 1e-10);
	T_REL(stat_t_quantile(0.975, INFINITY), 1.959963984540054, 1e-12);
	T_REL(stat_t_quantile(0.975, 1e15), 1.959963984540054, 1e-12);
	/* the round trip quantile(cdf(x)) == x, across the tails and the centre */
	for (size_t i = 0; i < sizeof(dfs) / sizeof(dfs[0]); i++)
		for (size_t j = 0; j < sizeof(xs) / sizeof(xs[0]); j++) {
			double p = stat_t_cdf(xs[j], dfs[i]);

			if ((xs[j] > 0 && p > 1 - 1e-6) || p < 1e-300)
				continue;   /* 1 - p has lost the digits to recover x, or p underflowed */
			T_REL(stat_t_quantile(p, dfs[i]), xs[j], 1e-10);
		}
	/* and cdf(quantile(p)) == p */
	T_REL(stat_t_cdf(stat_t_quantile(1e-12, 6.5), 6.5), 1e-12, 1e-10);
	T_REL(stat_t_cdf(stat_t_quantile(0.5 + 1e-12, 6.5), 6.5), 0.5 + 1e-12, 1e-15);
	/* just above the median: (p - 1/2) / density at 0 (Python: 0.3839463752660198) */
	T_REL(stat_t_quantile(0.5 + 1e-12, 6.5), (0.5 + 1e-12 - 0.5) / 0.3839463752660198, 1e-10);
	T_REL(stat_t_quantile(0.5 - 1e-12, 6.5), (0.5 - 1e-12 - 0.5) / 0.3839463752660198, 1e-10);
	/* edges */
	T_CHECK(stat_t_quantile(0.5, 3) == 0);
	T_CHECK(stat_t_quantile(0, 3) == -INFINITY);
	T_CHECK(stat_t_quantile(1, 3) == INFINITY);
	T_CHECK(stat_t_quantile(1e-300, 0.05) == -INFINITY);   /* beyond DBL_MAX */
	T_CHECK(isnan(stat_t_quantile(-0.1, 3)));
	T_CHECK(isnan(stat_t_quantile(1.1, 3)));
	T_CHECK(isnan(stat_t_quantile(NAN, 3)));
	T_CHECK(isnan(stat_t_quantile(0.9, 0)));
	T_CHECK(isnan(stat_t_quantile(0.9, NAN)));
}

/* test_describe: textbook data sets, NaN skipping, small n. */
static void test_describe(void)
{
	/* Student (1908), Cushny & Peebles: extra hours of sleep with two drugs, ten patients */
	static const double sleep1[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
	static const double sleep2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	static const double wiki[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double holes[] = { NAN, 2, 4, NAN, 4, 4, 5, 5, 7, NAN, 9, NAN };
	static const double same[] = { 0.1, 0.1, 0.1, 0.1 };
	static const double offset[] = { 1e9 + 2, 1e9 + 4, 1e9 + 4, 1e9 + 4, 1e9 + 5, 1e9 + 5, 1e9 + 7, 1e9 + 9 };
	const double nan1[] = { NAN }, one[] = { 3.5, NAN }, inf3[] = { 1, INFINITY, 2 };
	double diff[10];
	struct stat_desc d;

	for (int i = 0; i < 10; i++)
		diff[i] = sleep2[i] - sleep1[i];
	/* the paired differences: mean 1.58, sd 1.2300, 95% CI [0.7001, 2.4599]
	 * (Python; the same as R's t.test(extra ~ group, data = sleep, paired = TRUE)) */
	stat_describe(diff, 10, &d);
	T_CHECK(d.n == 10);
	T_REL(d.mean, 1.58, 1e-14);
	T_REL(d.sd, 1.2299954832798732, 1e-12);
	T_REL(d.ci95, 0.8798857632769826, 1e-10);
	T_NEAR(d.mean - d.ci95, 0.7001, 0.00005);
	T_NEAR(d.mean + d.ci95, 2.4599, 0.00005);
	/* its paired t = mean / (sd / sqrt(10)) = 4.0621, p = 0.002833 (R); Python 0.0028328901973842706 */
	T_REL(d.mean / (d.sd / sqrt(10)), 4.062127683382037, 1e-12);
	T_REL(2 * stat_t_cdf(-d.mean / (d.sd / sqrt(10)), 9), 0.0028328901973842706, 1e-10);
	stat_describe(sleep1, 10, &d);
	T_REL(d.mean, 0.75, 1e-14);
	T_REL(d.sd, 1.7890096577591625, 1e-12);
	T_REL(d.ci95, 1.2797804135262325, 1e-10);
	stat_describe(sleep2, 10, &d);
	T_REL(d.mean, 2.33, 1e-14);
	T_REL(d.sd, 2.002248735796829, 1e-12);
	T_REL(d.ci95, 1.4323224606232945, 1e-10);

	/* the standard deviation example: population sd 2, sample sd sqrt(32/7) */
	stat_describe(wiki, 8, &d);
	T_CHECK(d.n == 8);
	T_CHECK(d.mean == 5);
	T_REL(d.sd, sqrt(32.0 / 7), 1e-14);
	T_REL(d.ci95, 1.7874879182362091, 1e-10);   /* Python: 2.364624 * sd / sqrt(8) */
	/* the same with NaNs in between: skipped */
	stat_describe(holes, 12, &d);
	T_CHECK(d.n == 8);
	T_CHECK(d.mean == 5);
	T_REL(d.sd, sqrt(32.0 / 7), 1e-14);
	T_REL(d.ci95, 1.7874879182362091, 1e-10);
	/* and shifted by 1e9: no digits lost */
	stat_describe(offset, 8, &d);
	T_CHECK(d.mean == 1e9 + 5);
	T_REL(d.sd, sqrt(32.0 / 7), 1e-12);

	/* equal values: their value and sd 0 exactly */
	stat_describe(same, 4, &d);
	T_CHECK(d.n == 4 && d.mean == 0.1 && d.sd == 0 && d.ci95 == 0);
	/* n < 2 */
	stat_describe(one, 2, &d);
	T_CHECK(d.n == 1 && d.mean == 3.5 && isnan(d.sd) && isnan(d.ci95));
	stat_describe(nan1, 1, &d);
	T_CHECK(d.n == 0 && isnan(d.mean) && isnan(d.sd) && isnan(d.ci95));
	stat_describe(NULL, 0, &d);
	T_CHECK(d.n == 0 && isnan(d.mean) && isnan(d.sd) && isnan(d.ci95));
	/* an infinite entry counts and spoils mean and sd */
	stat_describe(inf3, 3, &d);
	T_CHECK(d.n == 3 && isnan(d.mean) && isnan(d.sd) && isnan(d.ci95));
}

/* The samples of the Welch examples: 5 tight values, 7 spread ones. */
static const double a5[] = { 10.1, 10.3, 9.9, 10.2, 10.0 };
static const double b7[] = { 11.5, 9.2, 12.8, 10.4, 13.1, 8.9, 12.0 };

/* test_welch: worked examples from Python (and R's published output). */
static void test_welch(void)
{
	static const double sleep1[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
	static const double sleep2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	static const double c4[] = { 20.0, 22.0, 19.0, 21.0 };
	struct stat_desc a, b, c, x, y;
	struct stat_welch w, v;

	/* Student's sleep data, group 2 against group 1. Python: diff 1.58,
	 * t 1.860813467486853, df 17.776473516178488, p 0.07939414018735817,
	 * CI [-0.20548323071171026, 3.3654832307117104]; R's t.test(extra ~ group,
	 * data = sleep) prints t = -1.8608, df = 17.776, p-value = 0.07939,
	 * CI -3.3654832 0.2054832 (group 1 - group 2). */
	stat_describe(sleep1, 10, &a);
	stat_describe(sleep2, 10, &b);
	T_CHECK(stat_welch(&a, &b, &w) == 0);
	T_REL(w.diff, 1.58, 1e-14);
	T_REL(w.t, 1.860813467486853, 1e-12);
	T_REL(w.df, 17.776473516178488, 1e-12);
	T_REL(w.p, 0.07939414018735817, 1e-10);
	T_REL(w.ci_lo, -0.20548323071171026, 1e-10);
	T_REL(w.ci_hi, 3.3654832307117104, 1e-10);
	T_NEAR(w.t, 1.8608, 0.00005);
	T_NEAR(w.df, 17.776, 0.0005);
	T_NEAR(w.p, 0.07939, 0.000005);

	/* unequal variances and sizes: 5 tight values against 7 spread ones.
	 * Python: diff 1.0285714285714285, t 1.6165156176683972,
	 * df 6.149546894818413, p 0.1559082752373266,
	 * CI [-0.5192401240956768, 2.5763829812385337]. */
	stat_describe(a5, 5, &x);
	stat_describe(b7, 7, &y);
	T_REL(x.sd, 0.15811388300841897, 1e-12);
	T_REL(y.sd, 1.6730354506248872, 1e-12);
	T_CHECK(stat_welch(&x, &y, &w) == 0);
	T_REL(w.diff, 1.0285714285714285, 1e-13);
	T_REL(w.t, 1.6165156176683972, 1e-12);
	T_REL(w.df, 6.149546894818413, 1e-12);
	T_REL(w.p, 0.1559082752373266, 1e-10);
	T_REL(w.ci_lo, -0.5192401240956768, 1e-10);
	T_REL(w.ci_hi, 2.5763829812385337, 1e-10);
	/* swapping the sides negates diff, t and the CI; df and p stay */
	T_CHECK(stat_welch(&y, &x, &v) == 0);
	T_REL(v.diff, -w.diff, 1e-15);
	T_REL(v.t, -w.t, 1e-15);
	T_REL(v.df, w.df, 1e-15);
	T_REL(v.p, w.p, 1e-15);
	T_REL(v.ci_lo, -w.ci_hi, 1e-14);
	T_REL(v.ci_hi, -w.ci_lo, 1e-14);

	/* a clear difference with a small non-integer df. Python: diff 10.4,
	 * t 16.015802472987573, df 3.0721002131769772, p 0.0004626948944785631,
	 * CI [8.360619628000105, 12.439380371999896]. */
	stat_describe(c4, 4, &c);
	T_CHECK(stat_welch(&x, &c, &w) == 0);
	T_REL(w.diff, 10.4, 1e-14);
	T_REL(w.t, 16.015802472987573, 1e-12);
	T_REL(w.df, 3.0721002131769772, 1e-12);
	T_REL(w.p, 0.0004626948944785631, 1e-10);
	T_REL(w.ci_lo, 8.360619628000105, 1e-10);
	T_REL(w.ci_hi, 12.439380371999896, 1e-10);
}

/* test_welch_degenerate: a standard deviation of 0 on one side or both,
 * and too few runs. */
static void test_welch_degenerate(void)
{
	static const double k3[] = { 4, 4, 4 }, k5[] = { 4, 4, 4, 4, 4 }, m4[] = { 3.5, 3.5, 3.5, 3.5 };
	struct stat_desc a, b, c, x, y, z, one, none;
	struct stat_welch w;

	stat_describe(a5, 5, &x);
	stat_describe(b7, 7, &y);
	/* one side with sd 0: df is the other side's n - 1 */
	stat_describe(k5, 5, &z);
	T_CHECK(stat_welch(&z, &y, &w) == 0);
	T_REL(w.df, 6, 1e-14);
	T_REL(w.t, (y.mean - 4) / (y.sd / sqrt(7)), 1e-14);

	/* both sd 0: equal means give p = 1, t = 0, CI [diff, diff] */
	stat_describe(k3, 3, &a);
	stat_describe(k5, 5, &b);
	T_CHECK(stat_welch(&a, &b, &w) == 0);
	T_CHECK(w.diff == 0 && w.t == 0 && w.p == 1 && w.ci_lo == 0 && w.ci_hi == 0);
	T_CHECK(w.df == 6);
	/* and different means p = 0, t = -inf here (b below a), CI [diff, diff] */
	stat_describe(m4, 4, &c);
	T_CHECK(stat_welch(&a, &c, &w) == 0);
	T_CHECK(w.diff == -0.5 && w.t == -INFINITY && w.p == 0);
	T_CHECK(w.ci_lo == -0.5 && w.ci_hi == -0.5 && w.df == 5);

	/* n < 2 on either side: -1, only diff written */
	stat_describe(k3, 1, &one);
	stat_describe(NULL, 0, &none);
	w = (struct stat_welch){ 7, 7, 7, 7, 7, 7, 7 };
	T_CHECK(stat_welch(&one, &x, &w) == -1);
	T_REL(w.diff, 10.1 - 4, 1e-14);
	T_CHECK(w.ci_lo == 7 && w.ci_hi == 7 && w.t == 7 && w.df == 7 && w.p == 7 && w.se == 7);
	w = (struct stat_welch){ 7, 7, 7, 7, 7, 7, 7 };
	T_CHECK(stat_welch(&x, &one, &w) == -1);
	T_REL(w.diff, 4 - 10.1, 1e-14);
	T_CHECK(w.ci_lo == 7 && w.ci_hi == 7 && w.t == 7 && w.df == 7 && w.p == 7 && w.se == 7);
	w = (struct stat_welch){ 7, 7, 7, 7, 7, 7, 7 };
	T_CHECK(stat_welch(&none, &x, &w) == -1);
	T_CHECK(isnan(w.diff) && w.p == 7);
}

/* main: every group; no files, no timing. */
int main(void)
{
	test_betainc();
	test_t_cdf();
	test_t_quantile();
	test_describe();
	test_welch();
	test_welch_degenerate();
	return t_done();
}
