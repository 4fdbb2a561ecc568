/* test_robust.c: unit tests of results/stats/robust.c (median interval, MAD outliers, Mann-Whitney U) and stat_welch_mdd against independently computed values. */
#include "results/stats/robust.h"
#include "results/stats/stats.h"
#include "tests/unit/t.h"

#include <math.h>

/* Where the expected numbers come from: tests/unit/robust_ref.py (python3,
 * standard library only, written apart from the C and not run by make
 * check): the median interval's k and coverage by summing math.comb(n, j) /
 * 2^n over j = k..n-k for every k; median and MAD by statistics.median; the
 * Mann-Whitney p by enumerating every assignment of ranks to the second
 * sample (itertools.combinations) and counting those with U at or beyond the
 * observed one, and by the normal formula (tie and continuity corrections)
 * written out; the smallest detectable difference with Student t quantiles
 * found by bisection on Simpson's integral of the t density. */

#define T_REL(a, b, eps) T_NEAR((a), (b), (eps) * fabs((double)(b)))

/* test_median_ci: k and coverage for n = 5 (none) to 100, on 1..n. */
static void test_median_ci(void)
{
	static const int ns[] = { 6, 7, 8, 9, 10, 11, 17, 20, 30, 100 };
	static const int ks[] = { 1, 1, 1, 2, 2, 2, 5, 6, 10, 40 };
	static const double covs[] = { 0.96875, 0.984375, 0.9921875, 0.9609375, 0.978515625,
	                               0.98828125, 0.950958251953125, 0.9586105346679688,
	                               0.9572260547429323, 0.9647997997822951 };
	double v[100];
	struct rob_desc d;

	for (int i = 0; i < 100; i++)
		v[i] = i + 1;
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		rob_describe(v, ns[i], &d);
		T_CHECK(d.n == ns[i] && d.k == ks[i]);
		T_REL(d.cover, covs[i], 1e-12);
		T_CHECK(d.lo == ks[i] && d.hi == ns[i] + 1 - ks[i]);
		T_CHECK(d.median == (ns[i] + 1) / 2.0);
	}
	/* n = 5: [min, max] covers 1 - 2/32 = 93.75% only: the median, no interval */
	rob_describe(v, 5, &d);
	T_CHECK(d.median == 3 && d.k == 0 && isnan(d.lo) && isnan(d.hi) && isnan(d.cover));
	rob_describe(v, 1, &d);
	T_CHECK(d.median == 1 && d.mad == 0 && d.k == 0);
	rob_describe(NULL, 0, &d);
	T_CHECK(d.n == 0 && isnan(d.median) && isnan(d.mad));
}

/* test_mad: median, MAD and the outlier rule on worked samples. */
static void test_mad(void)
{
	/* O7 sorted: python median 50.3, MAD 0.4, interval k = 1 (49.8, 63.2)
	 * covering 0.984375, modified z of 63.2: 21.75232699312028 */
	static const double o7[] = { 49.8, 49.9, 50.1, 50.3, 50.6, 51.0, 63.2 };
	/* E6 sorted: median 3.135, MAD 0.05 */
	static const double e6[] = { 3.05, 3.1, 3.12, 3.15, 3.2, 3.4 };
	static const double same[] = { 4, 4, 4, 4, 9 }, four[] = { 1, 2, 3, 100 };
	struct rob_desc d;

	rob_describe(o7, 7, &d);
	T_REL(d.median, 50.3, 1e-15);
	T_REL(d.mad, 0.4, 1e-12);
	T_CHECK(d.k == 1 && d.lo == 49.8 && d.hi == 63.2);
	T_REL(d.cover, 0.984375, 1e-12);
	T_REL(fabs(63.2 - d.median) / (ROB_MAD_SCALE * d.mad), 21.75232699312028, 1e-9);
	T_CHECK(rob_outlier(&d, 63.2) && !rob_outlier(&d, 51.0) && !rob_outlier(&d, 49.8));
	/* the threshold itself: z = 3.5 is not over it, a little more is */
	T_CHECK(!rob_outlier(&d, 50.3 + 3.5 * ROB_MAD_SCALE * 0.4 * (1 - 1e-9)));
	T_CHECK(rob_outlier(&d, 50.3 + 3.5 * ROB_MAD_SCALE * 0.4 * (1 + 1e-9)));
	rob_describe(e6, 6, &d);
	T_REL(d.median, 3.135, 1e-15);
	T_REL(d.mad, 0.05, 1e-12);
	/* python: 3.4's modified z is 3.574801025225953 > 3.5: an outlier, 3.2 not */
	T_REL(fabs(3.4 - d.median) / (ROB_MAD_SCALE * d.mad), 3.574801025225953, 1e-9);
	T_CHECK(rob_outlier(&d, 3.4) && !rob_outlier(&d, 3.2) && !rob_outlier(&d, 3.05));
	/* MAD 0 (more than half equal): nothing flagged, not even 9 */
	rob_describe(same, 5, &d);
	T_CHECK(d.mad == 0 && !rob_outlier(&d, 9));
	/* fewer than ROB_OUT_MIN_N values: nothing flagged (100 has z 65 here) */
	rob_describe(four, 4, &d);
	T_CHECK(d.median == 2.5 && d.mad == 1 && !rob_outlier(&d, 100));
}

/* test_mw: exact p by enumeration, the normal approximation, too few runs. */
static void test_mw(void)
{
	static const double a4[] = { 3.05, 3.10, 3.15, 3.20 }, b5[] = { 3.12, 3.28, 3.30, 3.35, 3.40 };
	static const double b4[] = { 3.25, 3.30, 3.35, 3.40 };
	static const double a8[] = { 9.5, 9.8, 10.2, 10.4, 10.9, 11.0, 11.5, 12.1 };
	static const double b9[] = { 10.1, 10.7, 11.2, 11.6, 11.9, 12.2, 12.4, 12.8, 13.0 };
	static const double t5[] = { 1, 2, 2, 3, 4 }, t6[] = { 2, 3, 3, 5, 6, 6 };
	static const double s4[] = { 7, 7, 7, 7 };
	struct rob_mw w;

	rob_mann_whitney(a4, 4, b5, 5, &w);   /* python: U 18, p 0.06349206349206349 (= 8/126) */
	T_CHECK(w.done && w.exact && w.u == 18);
	T_REL(w.p, 0.06349206349206349, 1e-13);
	rob_mann_whitney(a4, 4, b4, 4, &w);   /* U 16, p 2/70: the smallest there is with 4 and 4 */
	T_CHECK(w.done && w.exact && w.u == 16);
	T_REL(w.p, 0.02857142857142857, 1e-13);
	rob_mann_whitney(b4, 4, a4, 4, &w);   /* the other way round: U 0, the same p */
	T_CHECK(w.u == 0);
	T_REL(w.p, 0.02857142857142857, 1e-13);
	rob_mann_whitney(a8, 8, b9, 9, &w);   /* U 58; exact 0.03595228301110654 */
	T_CHECK(w.exact && w.u == 58);
	T_REL(w.p, 0.03595228301110654, 1e-12);
	/* ties: the normal approximation; python U 24, p 0.11304997885632297 */
	rob_mann_whitney(t5, 5, t6, 6, &w);
	T_CHECK(w.done && !w.exact && w.u == 24);
	T_REL(w.p, 0.11304997885632297, 1e-12);
	/* every value tied: p = 1 */
	rob_mann_whitney(s4, 4, s4, 4, &w);
	T_CHECK(w.done && !w.exact && w.u == 8 && w.p == 1);
	/* fewer than 4 on a side: not done */
	rob_mann_whitney(a4, 3, b5, 5, &w);
	T_CHECK(!w.done && isnan(w.p));
	rob_mann_whitney(a4, 4, b5, 3, &w);
	T_CHECK(!w.done && isnan(w.p));
}

/* test_mw_big: 20 x 20 runs, the exact test's largest square (python: p
 * 0.799407187161697 by the recurrence ways(m, n, u) = ways(m-1, n, u-n) +
 * ways(m, n-1, u), itself checked against enumeration on A8 and B9); beyond
 * ROB_MW_EXACT_MAX the normal approximation. */
static void test_mw_big(void)
{
	double a[30], b[30];
	struct rob_mw w;

	for (int i = 0; i < 30; i++) {
		a[i] = i;
		b[i] = i + 0.5;   /* b just above each a: U = n (n + 1) / 2 */
	}
	rob_mann_whitney(a, 20, b, 20, &w);
	T_CHECK(w.exact && w.u == 210);
	T_REL(w.p, 0.799407187161697, 1e-12);
	rob_mann_whitney(a, 30, b, 30, &w);
	T_CHECK(!w.exact && w.u == 465);
	/* normal: z = (15 - 0.5) / sqrt(900 * 61 / 12), p = erfc(z / sqrt 2) */
	T_REL(w.p, erfc(14.5 / sqrt(900 * 61 / 12.0) / sqrt(2)), 1e-14);
}

/* test_mdd: (t(0.975, df) + t(0.80, df)) se on Welch's df. python: A8 vs B9
 * df 14.99214366939318, MDD 1.3356956695006845 (12.51237161124763% of A8's
 * mean); A4 vs B5 df 6.663822772959659, MDD 0.18835364812213964. */
static void test_mdd(void)
{
	static const double a8[] = { 10.2, 11.5, 9.8, 10.9, 12.1, 10.4, 11.0, 9.5 };
	static const double b9[] = { 11.9, 12.4, 10.7, 13.0, 11.2, 12.8, 10.1, 12.2, 11.6 };
	static const double a4[] = { 3.10, 3.20, 3.15, 3.05 }, b5[] = { 3.30, 3.12, 3.40, 3.35, 3.28 };
	static const double k3[] = { 4, 4, 4 };
	struct stat_desc x, y;
	struct stat_welch w;

	stat_describe(a8, 8, &x);
	stat_describe(b9, 9, &y);
	T_CHECK(stat_welch(&x, &y, &w) == 0);
	T_REL(w.df, 14.99214366939318, 1e-12);
	T_REL(stat_welch_mdd(&w), 1.3356956695006845, 1e-9);
	T_REL(stat_welch_mdd(&w) / x.mean * 100, 12.51237161124763, 1e-9);
	stat_describe(a4, 4, &x);
	stat_describe(b5, 5, &y);
	T_CHECK(stat_welch(&x, &y, &w) == 0);
	T_REL(stat_welch_mdd(&w), 0.18835364812213964, 1e-9);
	/* no spread at all: any difference is seen */
	stat_describe(k3, 3, &x);
	T_CHECK(stat_welch(&x, &x, &w) == 0 && stat_welch_mdd(&w) == 0);
}

/* main: every group; no files, no timing. */
int main(void)
{
	test_median_ci();
	test_mad();
	test_mw();
	test_mw_big();
	test_mdd();
	return t_done();
}
