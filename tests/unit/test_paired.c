/* test_paired.c: unit tests of results/stats/paired.c (paired t, Wilcoxon signed-rank) against independently computed values, and of the series model results/model/paired.c and its renderer on fixed records. */
#include "results/model/paired.h"
#include "results/render/render_paired.h"
#include "results/stats/paired.h"
#include "tests/unit/t.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Where the expected numbers come from: scipy 1.10.1 (Debian's
 * python3-scipy), computed apart from the C: scipy.stats.ttest_rel for t and
 * p, and mean -+ scipy.stats.t.ppf(0.975, n - 1) * sd / sqrt(n) for the
 * interval; scipy.stats.wilcoxon (zero_method "wilcox", mode "exact" where
 * there are no ties, mode "approx" with correction=True for the normal
 * approximation); with ties, where scipy has no exact mode, a python
 * enumeration of all 2^n sign assignments over scipy.stats.rankdata's
 * mid-ranks, counting those whose rank sum is at least as far from
 * n(n+1)/4 as the observed one. */

#define T_REL(a, b, eps) T_NEAR((a), (b), (eps) * fabs((double)(b)))

/* test_t: the paired t-test on Student's sleep data (Student 1908, from
 * Cushny and Peebles: extra hours of sleep under two drugs, 10 patients). */
static void test_t(void)
{
	static const double a[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
	static const double b[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	/* Hollander and Wolfe (1973, p. 29): Hamilton depression scale before
	 * (x) and after (y) a tranquilizer, 9 patients */
	static const double x[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30 };
	static const double y[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29 };
	static const double na[] = { 1, NAN, 3, 4 }, nb[] = { 2, 5, NAN, 6 };
	static const double c[] = { 1, 2, 3 }, c1[] = { 1.5, 2.5, 3.5 };
	struct pair_t t;

	pair_t_test(a, b, 10, &t);
	T_CHECK(t.n == 10);
	T_REL(t.mean, 1.58, 1e-12);
	T_REL(t.sd, 1.2299954832798732, 1e-12);
	T_REL(t.t, 4.062127683382037, 1e-10);
	T_REL(t.p, 0.00283289019738427, 1e-8);
	T_REL(t.lo, 0.7001142367452713, 1e-9);
	T_REL(t.hi, 2.4598857632547286, 1e-9);
	pair_t_test(x, y, 9, &t);
	T_REL(t.t, -3.0353754156485917, 1e-10);
	T_REL(t.p, 0.016176627434908095, 1e-8);
	/* NaN pairs skipped: (1, 2) and (4, 6), d = 1 and 2 */
	pair_t_test(na, nb, 4, &t);
	T_CHECK(t.n == 2 && t.mean == 1.5);
	pair_t_test(na, nb, 1, &t);
	T_CHECK(t.n == 1 && t.mean == 1 && isnan(t.p) && isnan(t.lo) && isnan(t.sd));
	pair_t_test(na, nb, 0, &t);
	T_CHECK(t.n == 0 && isnan(t.mean) && isnan(t.p));
	/* every difference the same: the degenerate test */
	pair_t_test(c, c1, 3, &t);
	T_CHECK(t.mean == 0.5 && t.lo == 0.5 && t.hi == 0.5 && t.p == 0 && isinf(t.t));
	pair_t_test(c, c, 3, &t);
	T_CHECK(t.mean == 0 && t.p == 1 && t.t == 0);
}

/* wil: the signed-rank test of d against zeros (b = d, a = 0). */
static void wil(const double *d, int n, struct pair_wilcoxon *w)
{
	double z[32] = { 0 };

	pair_wilcoxon(z, d, n, w);
}

/* test_wilcoxon_exact: exact p without and with ties and zeros. */
static void test_wilcoxon_exact(void)
{
	static const double x[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30 };
	static const double y[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29 };
	/* one zero and two tied |d| = 5: enumeration p = 0.6328125 (scipy's
	 * approximation, 0.6352893188352069, is not the exact figure) */
	static const double a2[] = { 125, 115, 130, 140, 140, 115, 140, 125, 140, 135 };
	static const double b2[] = { 110, 122, 125, 120, 140, 124, 123, 137, 135, 145 };
	/* mid-ranks: 2, 2 and -2 share 2; 3, 3, 3 share 5; a zero; enumeration:
	 * W+ 64, 8 of 2048 assignments as far out, p = 0.00390625 */
	static const double t3[] = { 2, 2, 3, 3, 3, 5, 6, -2, 7, 8, 0, 4 };
	/* no ties, 20 values: scipy exact 0.00485992431640625, W- = 32 */
	static const double d20[] = { 3, -1, 4, -1.5, 5, 9, -2.5, 6, 5.5, 3.5, 5.25, 8, 9.5,
	                              7, -9.25, 2, -3.25, 8.5, 4.5, 6.5 };
	static const double up[] = { 1, 2, 3, 4, 5, 6 };
	struct pair_wilcoxon w;

	pair_wilcoxon(x, y, 9, &w);
	T_CHECK(w.exact && w.n == 9 && w.zeros == 0 && w.w_plus == 5);
	T_REL(w.p, 0.0390625, 1e-14);
	pair_wilcoxon(a2, b2, 10, &w);
	T_CHECK(w.exact && w.pairs == 10 && w.zeros == 1 && w.n == 9 && w.w_plus == 18);
	T_REL(w.p, 0.6328125, 1e-14);
	wil(t3, 12, &w);
	T_CHECK(w.exact && w.n == 11 && w.zeros == 1 && w.w_plus == 64);
	T_REL(w.p, 0.00390625, 1e-14);
	wil(d20, 20, &w);
	T_CHECK(w.exact && w.n == 20 && w.w_plus == 210 - 32);
	T_REL(w.p, 0.00485992431640625, 1e-14);
	/* the smallest p: every difference of one sign (scipy exact) */
	wil(up, 3, &w);
	T_CHECK(w.p == 0.25 && pair_wilcoxon_min_p(3) == 0.25);
	wil(up, 5, &w);
	T_CHECK(w.p == 0.0625 && pair_wilcoxon_min_p(5) == 0.0625);
	wil(up, 6, &w);
	T_CHECK(w.p == 0.03125 && pair_wilcoxon_min_p(6) == 0.03125);
	T_CHECK(pair_wilcoxon_min_p(1) == 1 && pair_wilcoxon_min_p(0) == 1);
	/* all equal: nothing ranked, p 1; no pairs: p NaN */
	pair_wilcoxon(a2, a2, 10, &w);
	T_CHECK(w.pairs == 10 && w.zeros == 10 && w.n == 0 && w.p == 1);
	pair_wilcoxon(a2, b2, 0, &w);
	T_CHECK(w.pairs == 0 && isnan(w.p));
}

/* test_wilcoxon_normal: above PAIR_EXACT_N, the normal approximation. */
static void test_wilcoxon_normal(void)
{
	/* 21 values, no ties: scipy approx 0.005425654098145787, W- = 35 */
	static const double d21[] = { 3, -1, 4, -1.5, 5, 9, -2.5, 6, 5.5, 3.5, 5.25, 8, 9.5,
	                              7, -9.25, 2, -3.25, 8.5, 4.5, 6.5, 2.25 };
	/* 30 values, many ties: scipy approx 5.565844941727541e-05, W+ 428.5 */
	static const double d30[] = { 3, -1, 4, -1, 5, 9, -2, 6, 5, 3, 5, 8, 9, 7, -9,
	                              3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7 };
	/* 25 values, no ties: scipy approx 0.21582066439530534, W+ 209 */
	static const double d25[] = { 1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14,
	                              15, 16, -17, 18, 19, -20, 21, 22, -23, 24, 25 };
	struct pair_wilcoxon w;

	wil(d21, 21, &w);
	T_CHECK(!w.exact && w.n == 21 && w.w_plus == 231 - 35);
	T_REL(w.p, 0.005425654098145787, 1e-10);
	wil(d30, 30, &w);
	T_CHECK(!w.exact && w.n == 30 && w.w_plus == 428.5);
	T_REL(w.p, 5.565844941727541e-05, 1e-9);
	wil(d25, 25, &w);
	T_CHECK(!w.exact && w.w_plus == 209);
	T_REL(w.p, 0.21582066439530534, 1e-10);
}

/* add: one record of label on no_load in series round rnd (series "" and
 * round 0: none) with Time t, failed or not, its foreign CPU f. */
static void add(struct rec_set *set, const char *label, const char *series, int rnd,
                double t, int failed, double f)
{
	struct rec r;

	rec_init(&r);
	snprintf(r.label, sizeof r.label, "%s", label);
	snprintf(r.load, sizeof r.load, "no_load");
	snprintf(r.series, sizeof r.series, "%s", series);
	r.round = rnd;
	r.run = (int)set->n + 1;
	r.time = t;
	r.failed = failed;
	r.ev[REV_FOREIGN] = f;
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* The fixed noise of a's and b's runs per round (parts of one, within
 * +-0.3%), chosen by hand, not random. */
static const double noise_a[6] = { 0.003, -0.002, 0.001, -0.003, 0.002, -0.001 };
static const double noise_b[6] = { -0.001, 0.003, -0.002, 0.002, -0.003, 0.001 };

/* series: rounds 1..6 of a and b into set, b slower than a by the factor
 * slow: the machine drifts 10% linearly over the 6 rounds (round r's Time
 * times 1 + 0.10 (r - 1) / 5), a runs first in odd rounds and b in even
 * ones, and the second run of a round meets half a round's more drift. b's
 * run of round failed_round (0: none) fails. */
static void series(struct rec_set *set, double slow, int failed_round)
{
	for (int r = 1; r <= 6; r++) {
		int a_first = r % 2 == 1;
		double fa = 1 + 0.10 * (r - 1 + (a_first ? 0 : 0.5)) / 5;
		double fb = 1 + 0.10 * (r - 1 + (a_first ? 0.5 : 0)) / 5;
		double ta = 100 * fa * (1 + noise_a[r - 1]);
		double tb = 100 * slow * fb * (1 + noise_b[r - 1]);

		if (a_first)
			add(set, "a", "s1", r, ta, 0, 0);
		add(set, "b", "s1", r, tb, r == failed_round, 0);
		if (!a_first)
			add(set, "a", "s1", r, ta, 0, 0);
	}
}

static const char *const labels[] = { "a", "b" };
static const char *const loads[] = { "no_load" };

/* build: the model of set, a the baseline, b the row; returns the row. */
static const struct paired_row *build(struct paired_model *m, const struct rec_set *set, int keep)
{
	T_CHECK(paired_build(m, set, labels, 2, 0, loads, 1, keep) == 0);
	T_CHECK(m->nloads == 1 && m->loads[0].nrows == 1 && m->loads[0].rows[0].label == 1);
	return &m->loads[0].rows[0];
}

/* rendered: m as text, to be freed (also on stdout with TEST_PAIRED_SHOW
 * set in the environment). */
static char *rendered(const struct paired_model *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	render_paired(f, m);
	fclose(f);
	if (getenv("TEST_PAIRED_SHOW"))   /* to look at it: TEST_PAIRED_SHOW=1 */
		fputs(buf, stdout);
	return buf;
}

/* test_drift_3pct: b 3% slower under a 10% drift: the paired test sees it,
 * Welch's does not; the drift line shows the drift. */
static void test_drift_3pct(void)
{
	struct rec_set set = { 0 };
	struct paired_model m;
	const struct paired_row *r;
	const struct paired_drift *d;
	char *text;

	series(&set, 1.03, 0);
	r = build(&m, &set, 0);
	T_CHECK(r->n == 6 && r->alone == 0 && r->rank.n == 6 && r->rank.w_plus == 21);
	T_NEAR(r->pct, 3.0, 0.3);
	T_CHECK(r->lo_pct > 0 && r->hi_pct > r->pct && r->lo_pct < r->pct);
	T_CHECK(r->t_p < 0.05 && r->t_sig);
	T_CHECK(r->rank.p < 0.05 && r->rank_sig && r->rank.exact && r->rank.p == 0.03125);
	T_CHECK(r->u_tested && r->u_na == 6 && r->u_nb == 6);
	T_NEAR(r->u_pct, 3.0, 0.3);
	T_CHECK(r->u_p >= 0.05 && !r->u_sig && r->u_lo_pct < 0 && r->u_hi_pct > 6);
	d = &m.loads[0].drift;
	T_CHECK(d->rounds == 6 && d->first == 1 && d->last == 6 && d->round[5] == 6);
	T_CHECK(d->trend.n == 6 && d->trend.rho == 1 && d->sig);
	T_CHECK(d->move_pct > 9 && d->move_pct < 12);
	text = rendered(&m);
	T_CHECK(strstr(text, "Rounds: each kernel against a within the same round") != NULL);
	T_CHECK(strstr(text, "\nno_load:\n") != NULL);
	T_CHECK(strstr(text, "0.031 *") != NULL);
	T_CHECK(strstr(text, "  drift: a's Time moved +") != NULL);
	T_CHECK(strstr(text, "from round 1 to round 6 (Spearman rho 1.00") != NULL);
	T_CHECK(strstr(text, "rank p: with") == NULL);
	free(text);
	paired_free(&m);
	rec_set_free(&set);
}

/* test_no_difference: the same drift, b as fast as a: neither test finds
 * a difference. */
static void test_no_difference(void)
{
	struct rec_set set = { 0 };
	struct paired_model m;
	const struct paired_row *r;

	series(&set, 1.0, 0);
	r = build(&m, &set, 0);
	T_CHECK(r->n == 6);
	T_NEAR(r->pct, 0, 0.5);
	T_CHECK(r->t_p >= 0.05 && !r->t_sig && r->rank.p >= 0.05 && !r->rank_sig);
	T_CHECK(r->u_tested && r->u_p >= 0.05 && !r->u_sig);
	T_CHECK(r->lo_pct < 0 && r->hi_pct > 0);
	paired_free(&m);
	rec_set_free(&set);
}

/* test_left_out: a failed run leaves its round out of the pairs; another
 * series' rounds are not this one's; runs in no round are in none. */
static void test_left_out(void)
{
	struct rec_set set = { 0 };
	struct paired_model m;
	const struct paired_row *r;
	char *text;

	series(&set, 1.03, 3);
	r = build(&m, &set, 0);
	T_CHECK(r->n == 5 && r->alone == 1 && r->rank.n == 5);
	T_CHECK(r->rank.p == 0.0625 && !r->rank_sig && r->rank_min_p == 0.0625);
	T_CHECK(r->t_sig && r->u_na == 5 && r->u_nb == 5);
	T_CHECK(m.loads[0].drift.rounds == 6);
	text = rendered(&m);
	T_CHECK(strstr(text, "  b: 1 round left out") != NULL);
	T_CHECK(strstr(text, "rank p: with 5 rounds that differ the signed-rank test cannot go"
	                     " below 0.0625") != NULL);
	free(text);
	paired_free(&m);
	/* series s2 has b's runs of rounds 1..6 only, 20% faster, and runs in
	 * no round (series "" or round 0) are far off: none is paired */
	for (int k = 1; k <= 6; k++)
		add(&set, "b", "s2", k, 80, 0, 0);
	add(&set, "b", "", 2, 50, 0, 0);
	add(&set, "a", "s1", 0, 500, 0, 0);
	r = build(&m, &set, 0);
	T_CHECK(r->n == 5 && r->alone == 7 && r->u_na == 5 && r->u_nb == 5);
	T_NEAR(r->pct, 3.0, 0.5);
	T_CHECK(m.loads[0].drift.rounds == 12 && m.loads[0].drift.last == 6);
	T_CHECK(isnan(m.loads[0].drift.time[11]) && m.loads[0].drift.round[6] == 1);
	paired_free(&m);
	rec_set_free(&set);
}

/* test_mean_busy: several runs of a label in a round make one pair of
 * their mean; a busy run is left out unless kept. */
static void test_mean_busy(void)
{
	struct rec_set set = { 0 };
	struct paired_model m;
	const struct paired_row *r;
	char *text;

	add(&set, "a", "s", 1, 10, 0, 0);
	add(&set, "a", "s", 1, 12, 0, 0);
	add(&set, "b", "s", 1, 12, 0, 0);
	add(&set, "a", "s", 2, 10, 0, 0);
	add(&set, "b", "s", 2, 11, 0, 0);
	add(&set, "b", "s", 2, 30, 0, 50);     /* busy: foreign CPU 50% */
	add(&set, "a", "s", 3, 10, 1, 0);      /* failed */
	add(&set, "b", "s", 3, 10, 0, 0);
	r = build(&m, &set, 0);
	T_CHECK(r->n == 2 && r->alone == 1 && m.loads[0].busy == 1);
	T_CHECK(m.loads[0].drift.time[0] == 11 && m.loads[0].drift.time[1] == 10);
	T_CHECK(isnan(m.loads[0].drift.time[2]) && isnan(m.loads[0].drift.trend.rho));
	T_NEAR(r->diff, 1, 1e-12);           /* (12 - 11 + 11 - 10) / 2 */
	T_NEAR(r->base_mean, 10.5, 1e-12);
	T_NEAR(r->pct, 100.0 / 10.5, 1e-9);
	T_CHECK(r->t_p == 0 && r->u_na == 3 && r->u_nb == 2);
	text = rendered(&m);
	T_CHECK(strstr(text, "1 busy or stopped run (foreign CPU over 5%, or contest stopped or stalled) left out") != NULL);
	T_CHECK(strstr(text, "(a trend needs 5 rounds)") != NULL);
	free(text);
	paired_free(&m);
	r = build(&m, &set, 1);
	T_NEAR(r->diff, (12 - 11 + 20.5 - 10) / 2.0, 1e-12);
	T_CHECK(r->u_nb == 3 && m.loads[0].busy == 1);
	paired_free(&m);
	/* a baseline out of range builds nothing */
	T_CHECK(paired_build(&m, &set, labels, 2, 2, loads, 1, 0) == -1 && m.loads == NULL);
	rec_set_free(&set);
}

int main(void)
{
	test_t();
	test_wilcoxon_exact();
	test_wilcoxon_normal();
	test_drift_3pct();
	test_no_difference();
	test_left_out();
	test_mean_busy();
	return t_done();
}
