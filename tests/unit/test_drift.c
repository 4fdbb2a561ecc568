/* test_drift.c: a trend through the rounds: Spearman's test and the Theil-Sen move on fixed series, and the report's drift sentences from fixed records whose Times trend upward, absent when the same Times are shuffled. */
#include "lib/text.h"
#include "results/stats/drift.h"
#include "results/model/machine_note.h"
#include "results/record/record.h"
#include "results/model/summary.h"
#include "tests/unit/trender.h"

#include <math.h>

static const char *const order[] = { "no_load", NULL };

/* test_series: exact p for a few values, t beyond, the move, too few values. */
static void test_series(void)
{
	double up[8] = { 10, 10.2, 10.3, 10.5, 10.6, 10.8, 10.9, 11 };
	double flat[8] = { 10.5, 10.1, 10.8, 10.3, 10.6, 10.0, 10.9, 10.4 };
	double ties[6] = { 1, 1, 1, 1, 1, 1 };
	double big[12];
	struct drift d;

	drift_test(up, 8, &d);
	T_CHECK(d.n == 8);
	T_NEAR(d.rho, 1, 1e-12);
	T_NEAR(d.p, 2.0 / 40320, 1e-12);      /* only the two orders as extreme */
	T_CHECK(drift_sig(&d, 10));
	T_CHECK(d.pct > 9 && d.pct < 11);     /* 10 -> 11 over a median of 10.55 */
	drift_test(flat, 8, &d);
	T_CHECK(fabs(d.rho) < 0.3 && d.p > 0.3);
	T_CHECK(!drift_sig(&d, 1));
	drift_test(ties, 6, &d);
	T_CHECK(d.p == 1 && !drift_sig(&d, 1));
	T_NEAR(d.pct, 0, 1e-12);
	drift_test(up, 4, &d);                /* too few to test */
	T_CHECK(isnan(d.rho) && !drift_sig(&d, 1));
	for (int i = 0; i < 12; i++)
		big[i] = 20 - i * 0.1 + (i % 3) * 0.05;
	big[5] = NAN;                         /* left out */
	drift_test(big, 12, &d);
	T_CHECK(d.n == 11 && d.rho < -0.9 && d.p < 0.001 && d.pct < 0);
}

/* add: one ok no_load run of label, Time t. */
static void add(struct rec_set *set, const char *label, int run, double t)
{
	struct rec r;

	rec_init(&r);
	text_copy(r.label, label, sizeof r.label);
	text_copy(r.load, "no_load", sizeof r.load);
	r.run = run;
	text_fmt(r.timestamp, sizeof r.timestamp, "2026-12-01T10:%02d:00Z", run * 2 + (label[0] == 'b'));
	r.time = t;
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* report: the text report of labels a (Times ta) and b (tb), 8 runs each. */
static const char *report(char **buf, const double *ta, const double *tb)
{
	struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;

	for (int i = 0; i < 8; i++) {
		add(&set, "a", i + 1, ta[i]);
		add(&set, "b", i + 1, tb[i]);
	}
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	tr_render(buf, &s, &set, "text", &show, NULL, NULL, 0);
	summary_free(&s);
	rec_set_free(&set);
	return *buf;
}

/* test_report: Times rising 10% through a's rounds, b 2% off a: both
 * sentences; the same Times shuffled: neither. */
static void test_report(void)
{
	double up[8] = { 60.0, 60.9, 61.7, 62.4, 63.3, 64.0, 65.2, 66.0 };
	double mixed[8] = { 62.4, 66.0, 60.9, 64.0, 60.0, 65.2, 61.7, 63.3 };   /* the same, shuffled */
	double b[8] = { 64.3, 63.9, 64.6, 64.1, 64.4, 63.8, 64.5, 64.0 };
	char *buf = NULL;

	report(&buf, up, b);
	T_CHECK(strstr(buf, "drift: a no_load's Time rose by ") != NULL);
	T_CHECK(strstr(buf, " over its 8 runs (Spearman's rho with the run order +1.00, p 5e-05)") != NULL);
	T_CHECK(strstr(buf, "the intervals do not account for it") != NULL);
	T_CHECK(strstr(buf, "this machine's speed moved by ") != NULL);
	T_CHECK(strstr(buf, " during these runs; differences below ") != NULL);
	T_CHECK(strstr(buf, "% cannot be told apart here\n") != NULL);
	T_CHECK(strstr(buf, "b no_load's Time") == NULL);   /* b does not trend */
	report(&buf, mixed, b);
	T_CHECK(strstr(buf, "drift:") == NULL);
	T_CHECK(strstr(buf, "this machine's speed moved") == NULL);
	free(buf);
}

int main(void)
{
	test_series();
	test_report();
	return t_done();
}
