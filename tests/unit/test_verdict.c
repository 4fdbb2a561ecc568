/* test_verdict.c: unit tests of results/model/verdict.c, contest bisect's decision: good, bad, undecided (the interval straddles the boundary, too few runs), and the --bad midpoint rule. */
#include "results/model/verdict.h"
#include "tests/unit/t.h"

#include <math.h>

/* sd: a sample summary of n runs with this mean and standard deviation. */
static struct stat_desc sd(int n, double mean, double s)
{
	return (struct stat_desc){ .n = n, .mean = mean, .sd = s, .ci95 = NAN };
}

/* decide: the verdict of cur against good (4 runs of 3.00 s, sd 0.03) at
 * the 5% threshold, without --bad. */
static enum verdict decide(struct stat_desc cur, struct verdict_out *out)
{
	struct verdict_in in = { .good = sd(4, 3.00, 0.03), .cur = cur, .threshold = VERDICT_THRESHOLD,
	                         .good_label = "a", .bad_label = "b" };
	return verdict_decide(&in, out);
}

/* test_threshold: like good, faster, far worse, and at the threshold. */
static void test_threshold(void)
{
	struct verdict_out out;

	T_CHECK(decide(sd(5, 3.01, 0.03), &out) == VERDICT_GOOD);
	T_CHECK(out.hi_pct < 5 && out.lo_pct < 0 && out.bound_pct == 5);
	T_NEAR(out.diff_pct, 1.0 / 3, 1e-9);
	T_CHECK(strncmp(out.why, "good: Time 3.01 s against a's 3.00 s: +0.3% (95% CI ", 52) == 0);
	T_CHECK(strstr(out.why, "5 runs against 4; the interval lies below the 5% threshold") != NULL);

	T_CHECK(decide(sd(5, 2.40, 0.03), &out) == VERDICT_GOOD);   /* faster is good */
	T_NEAR(out.diff_pct, -20, 1e-9);

	T_CHECK(decide(sd(5, 3.75, 0.05), &out) == VERDICT_BAD);
	T_NEAR(out.diff_pct, 25, 1e-9);
	T_CHECK(out.lo_pct > 5 && out.p < 0.001);
	T_CHECK(strncmp(out.why, "bad: Time 3.75 s against a's 3.00 s: +25.0% (95% CI +", 53) == 0);
	T_CHECK(strstr(out.why, "; the interval lies above the 5% threshold") != NULL);

	/* +5%: whatever the spread, the interval holds the threshold */
	T_CHECK(decide(sd(5, 3.15, 0.03), &out) == VERDICT_UNDECIDED);
	T_CHECK(out.lo_pct < 5 && out.hi_pct > 5);
	T_CHECK(strncmp(out.why, "cannot decide: Time 3.15 s against a's 3.00 s: +5.0% (95% CI ", 61) == 0);
	T_CHECK(strstr(out.why, "the interval straddles the 5% threshold (more runs narrow it)") != NULL);
	/* +10% with a wide spread: significant (p < 0.05) but not surely above 5% */
	T_CHECK(decide(sd(3, 3.30, 0.10), &out) == VERDICT_UNDECIDED);
	T_CHECK(out.p < 0.05 && out.lo_pct > 0 && out.lo_pct < 5);
}

/* test_too_few: fewer than VERDICT_MIN_RUNS on a side decides nothing,
 * however far apart the means; a Time that is not a number neither. */
static void test_too_few(void)
{
	struct verdict_out out;
	struct verdict_in in = { .good = sd(2, 3.00, 0.03), .cur = sd(5, 6.00, 0.03), .threshold = 5,
	                         .good_label = "a", .bad_label = "b" };

	T_CHECK(decide(sd(2, 9.00, 0.01), &out) == VERDICT_UNDECIDED);
	T_STREQ(out.why, "cannot decide: 2 run(s) of this kernel against 4 of a; a verdict needs 3 of each");
	T_CHECK(isnan(out.diff_pct) && isnan(out.p));
	T_CHECK(verdict_decide(&in, &out) == VERDICT_UNDECIDED);
	T_STREQ(out.why, "cannot decide: 5 run(s) of this kernel against 2 of a; a verdict needs 3 of each");
	in.good.n = 4;
	in.bad = sd(1, 9.00, NAN);
	T_CHECK(verdict_decide(&in, &out) == VERDICT_UNDECIDED);
	T_STREQ(out.why, "cannot decide: 5 run(s) of this kernel against 4 of a and 1 of b; a verdict needs 3 "
	                 "of each");
	T_CHECK(decide(sd(3, INFINITY, NAN), &out) == VERDICT_UNDECIDED);
	T_CHECK(strncmp(out.why, "cannot decide: no usable Time", 29) == 0);
}

/* test_bad_label: with --bad the boundary is halfway to the bad label's
 * mean: the same runs are judged by which label they are closer to. */
static void test_bad_label(void)
{
	struct verdict_out out;
	/* a 3.00, b 3.30 (+10%: midpoint +5%); this kernel +8%: closer to b */
	struct verdict_in in = { .good = sd(6, 3.00, 0.02), .bad = sd(6, 3.30, 0.02), .cur = sd(6, 3.24, 0.02),
	                         .threshold = 10, .good_label = "a", .bad_label = "b" };

	T_CHECK(verdict_decide(&in, &out) == VERDICT_BAD);
	T_NEAR(out.bound_pct, 5, 1e-9);
	/* by hand: var 0.02^2/6 + 2 x 0.25 x 0.02^2/6 = 1e-4, Welch-Satterthwaite
	 * df 10, t(0.975, 10) = 2.228138852; 3.24 - 3.15 +- 0.02228, + 0.15 */
	T_NEAR(out.lo_pct, (0.24 - 0.02228138852) / 3 * 100, 1e-6);
	T_NEAR(out.hi_pct, (0.24 + 0.02228138852) / 3 * 100, 1e-6);
	T_CHECK(strstr(out.why, "; the interval lies above halfway to b (+5.0%; b's Time 3.30 s)") != NULL);
	/* +2%: closer to a */
	in.cur.mean = 3.06;
	T_CHECK(verdict_decide(&in, &out) == VERDICT_GOOD);
	T_CHECK(strstr(out.why, "lies below halfway to b") != NULL);
	/* at the midpoint: undecided */
	in.cur.mean = 3.15;
	T_CHECK(verdict_decide(&in, &out) == VERDICT_UNDECIDED);
	T_CHECK(strstr(out.why, "straddles halfway to b") != NULL);
	/* the midpoint's own uncertainty widens the interval: a wide bad label
	 * leaves undecided what a narrow one decides */
	in.cur.mean = 3.21;
	T_CHECK(verdict_decide(&in, &out) == VERDICT_BAD);
	in.bad.sd = 0.30;
	T_CHECK(verdict_decide(&in, &out) == VERDICT_UNDECIDED);
	/* without --bad the +8% runs are good at a 10% threshold */
	in.bad = sd(0, NAN, NAN);
	in.cur.mean = 3.24;
	T_CHECK(verdict_decide(&in, &out) == VERDICT_GOOD);
	/* no spread at all: the interval is the point */
	in = (struct verdict_in){ .good = sd(3, 2, 0), .bad = sd(3, 4, 0), .cur = sd(3, 3.5, 0), .threshold = 5,
	                          .good_label = "a", .bad_label = "b" };
	T_CHECK(verdict_decide(&in, &out) == VERDICT_BAD);
	T_NEAR(out.lo_pct, 75, 1e-9);
	T_NEAR(out.hi_pct, 75, 1e-9);
}

/* test_bad_usable: a bad label must be significantly slower than the good one. */
static void test_bad_usable(void)
{
	struct stat_desc g = sd(4, 3.00, 0.03), b = sd(4, 3.60, 0.03), same = sd(4, 3.01, 0.03);
	char why[256];

	T_CHECK(verdict_bad_usable(&g, &b, why, sizeof why) == 0);
	T_CHECK(verdict_bad_usable(&g, &same, why, sizeof why) == -1);
	T_CHECK(strncmp(why, "Time 3.01 s is not significantly above 3.00 s (+0.3%, p = ", 58) == 0);
	T_CHECK(verdict_bad_usable(&b, &g, why, sizeof why) == -1);   /* faster "bad" */
	b.n = 2;
	T_CHECK(verdict_bad_usable(&g, &b, why, sizeof why) == -1);
	T_STREQ(why, "4 and 2 run(s); a midpoint needs 3 of each");
}

int main(void)
{
	test_threshold();
	test_too_few();
	test_bad_label();
	test_bad_usable();
	return t_done();
}
