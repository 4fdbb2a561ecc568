/* test_report.c: unit tests of the summary (grouping, means, Ratio) and the classic text. */
#include "lib/text.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "results/model/summary.h"
#include "tests/unit/t.h"
#include "tests/unit/trender.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NA NAN
#define WL "builtin-1:default"
#define WL_LINE "workload: " WL " -j4\n"   /* under the tables of a report of one workload */

static const char *const order[] = {
	"no_load", "cacherun", "process_load", "ctar_load", "xtar_load", "io_load",
	"io_other", "read_load", "list_load", "mem_load", "dbench_load", NULL
};

/* add: append one run to set; failed runs carry no figures. */
static void add(struct rec_set *set, const char *label, const char *load, const char *ts,
                const char *workload, double time, double cpu, double loads, double lcpu,
                int failed)
{
	struct rec r;

	rec_init(&r);
	text_copy(r.label, label, sizeof r.label);
	text_copy(r.load, load, sizeof r.load);
	text_copy(r.timestamp, ts, sizeof r.timestamp);
	text_copy(r.workload, workload, sizeof r.workload);
	r.run = (int)set->n + 1;
	r.jobs = 4;
	r.failed = failed;
	if (!failed) {
		r.time = time;
		r.cpu_pct = cpu;
		r.loads = loads;
		r.lcpu_pct = lcpu;
	}
	T_CHECK(rec_set_add(set, &r) == 0);
}

static char *buf;   /* the last text() */

/* text: the text report of s (with show) into buf, through the report model. */
static const char *text_show(const struct summary *s, const struct rep_show *show)
{
	return tr_render(&buf, s, NULL, "text", show, NULL, NULL, 0);
}

/* text: the classic text of s into buf. */
static const char *text(const struct summary *s, int precise)
{
	return text_show(s, &(struct rep_show){ .baseline = -1, .precise = precise });
}

/* stats_text: render s with --stats against baseline label index b into buf. */
static const char *stats_text(const struct summary *s, long b)
{
	return text_show(s, &(struct rep_show){ .baseline = b });
}

/* build: summary_build with the classic load order. */
static void build(struct summary *s, const struct rec_set *set, const char *const *labels,
                  size_t nlabels, const char *const *only, size_t nonly)
{
	T_CHECK(summary_build(s, set, labels, nlabels, only, nonly, order) == 0);
}

/* contract_example: runs whose means are exactly the contract's example. */
static void contract_example(struct rec_set *set)
{
	add(set, "2.5.59", "no_load", "2003-02-20T10:00:00Z", WL, 78, 93.6, 0, 0, 0);
	add(set, "2.5.59", "no_load", "2003-02-20T10:05:00Z", WL, 79, 93.7, 0, 0, 0);
	add(set, "2.5.59", "no_load", "2003-02-20T10:10:00Z", WL, 80, 93.8, 0, 0, 0);
	add(set, "2.5.59", "cacherun", "2003-02-20T10:15:00Z", WL, 75, 97.3, 0, 0, 0);
	add(set, "2.5.59", "cacherun", "2003-02-20T10:20:00Z", WL, 76, 97.4, 0, 0, 0);
	add(set, "2.5.59", "cacherun", "2003-02-20T10:25:00Z", WL, 77, 97.5, 0, 0, 0);
	add(set, "2.5.60", "no_load", "2003-02-21T09:00:00Z", WL, 78.5, 94.8, 0, 0, 0);
	add(set, "2.5.60", "no_load", "2003-02-21T09:05:00Z", WL, 79.5, 95.0, 0, 0, 0);
}

static const char golden[] =
	"no_load:\n"
	"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	"2.5.59            [3]   79.0    94      0       0       1.00\n"
	"2.5.60            [2]   79.0    95      0       0       1.00\n"
	"cacherun:\n"
	"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	"2.5.59            [3]   76.0    97      0       0       0.96\n"
	WL_LINE;

static const char golden_precise[] =
	"no_load:\n"
	"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	"2.5.59            [3]   79.00   93.7    0.0     0.0     1.000\n"
	"2.5.60            [2]   79.00   94.9    0.0     0.0     1.000\n"
	"cacherun:\n"
	"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	"2.5.59            [3]   76.00   97.4    0.0     0.0     0.962\n"
	WL_LINE;

static void test_contract_example(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	contract_example(&set);
	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(s.nworkloads == 1 && s.nloads == 2 && s.nlabels == 2);
	T_STREQ(s.loads[0], "no_load");
	T_STREQ(s.loads[1], "cacherun");
	T_STREQ(s.labels[0], "2.5.59");
	T_STREQ(s.labels[1], "2.5.60");
	const struct sum_cell *c = summary_cell(&s, 0, 1, 0);
	T_CHECK(c->n == 3 && c->failed == 0);
	T_NEAR(c->time, 76, 1e-9);
	T_NEAR(c->cpu_pct, 97.4, 1e-9);
	T_NEAR(c->ratio, 76.0 / 79.0, 1e-12);
	c = summary_cell(&s, 0, 0, 1);
	T_CHECK(c->n == 2);
	T_NEAR(c->time, 79, 1e-9);
	T_NEAR(c->cpu_pct, 94.9, 1e-9);
	T_NEAR(c->ratio, 1, 1e-12);
	c = summary_cell(&s, 0, 1, 1);
	T_CHECK(c->n == 0 && c->failed == 0 && isnan(c->time));
	T_STREQ(text(&s, 0), golden);
	T_STREQ(text(&s, 1), golden_precise);
	summary_free(&s);
	T_CHECK(s.cells == NULL && s.labels == NULL);

	/* The order of the records does not matter. */
	struct rec_set rev = { 0 };
	for (size_t i = set.n; i-- > 0;)
		rec_set_add(&rev, &set.v[i]);
	build(&s, &rev, NULL, 0, NULL, 0);
	T_STREQ(text(&s, 0), golden);
	summary_free(&s);
	rec_set_free(&rev);
	rec_set_free(&set);
}

static void test_averaging(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "x", "no_load", "T1", WL, 100, 90, NA, 0, 0);
	add(&set, "x", "no_load", "T2", WL, 110, NA, NA, 2, 0);
	add(&set, "x", "no_load", "T3", WL, 120, 96, NA, 4, 0);
	add(&set, "x", "io_load", "T4", WL, 200, 50, 3, 10, 0);
	add(&set, "x", "io_load", "T5", WL, 220, 60, 4, 20, 0);
	add(&set, "x", "io_load", "T6", WL, 0, 0, 0, 0, 1);
	add(&set, "y", "io_load", "T7", WL, 50, 50, 5, 5, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	const struct sum_cell *c = summary_cell(&s, 0, 0, 0);
	T_CHECK(c->n == 3);
	T_NEAR(c->time, 110, 1e-9);
	T_NEAR(c->cpu_pct, 93, 1e-9);    /* the NaN run is left out */
	T_CHECK(isnan(c->loads));        /* none available */
	T_NEAR(c->lcpu_pct, 2, 1e-9);
	c = summary_cell(&s, 0, 1, 0);
	T_CHECK(c->n == 2 && c->failed == 1);
	T_NEAR(c->time, 210, 1e-9);
	T_NEAR(c->loads, 3.5, 1e-9);
	T_NEAR(c->ratio, 210.0 / 110.0, 1e-12);
	c = summary_cell(&s, 0, 1, 1);
	T_CHECK(c->n == 1 && isnan(c->ratio));   /* y has no no_load */
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"x                 [3]   110.0   93      -       2       1.00\n"
		"io_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"x                 [2]   210.0   55      4       15      1.91\n"
		"y                 [1]   50.0    50      5       5       -\n"
		"  x: 1 failed run(s) not averaged\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_long_label(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "2.5.59", "no_load", "T1", WL, 79, 93.7, 0, 0, 0);
	add(&set, "2.6.0-test4-mm4-long", "no_load", "T2", WL, 80, 94, 0, 0, 0);
	add(&set, "2.5.59", "cacherun", "T3", WL, 79, 93.7, 0, 0, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel              [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"2.5.59                 [1]   79.0    94      0       0       1.00\n"
		"2.6.0-test4-mm4-long   [1]   80.0    94      0       0       1.00\n"
		"cacherun:\n"
		"Kernel              [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"2.5.59                 [1]   79.0    94      0       0       1.00\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);

	/* Exactly 15 characters keeps the classic layout. */
	add(&set, "2.6.0-test4-mm4", "no_load", "T1", WL, 79, 93.7, 0, 0, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"2.6.0-test4-mm4   [1]   79.0    94      0       0       1.00\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_failed(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "f", "no_load", "T1", WL, 60, 90, 0, 0, 0);
	add(&set, "f", "no_load", "T2", WL, 0, 0, 0, 0, 1);
	add(&set, "f", "no_load", "T3", WL, 62, 92, 0, 0, 0);
	add(&set, "g", "no_load", "T4", WL, 0, 0, 0, 0, 1);
	add(&set, "g", "no_load", "T5", WL, 0, 0, 0, 0, 1);
	add(&set, "g", "mem_load", "T6", WL, 0, 0, 0, 0, 1);
	build(&s, &set, NULL, 0, NULL, 0);
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"f                 [2]   61.0    91      0       0       1.00\n"
		"g                 [0]   -       -       -       -       -\n"
		"  f: 1 failed run(s) not averaged\n"
		"  g: 2 failed run(s) not averaged\n"
		"mem_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"g                 [0]   -       -       -       -       -\n"
		"  g: 1 failed run(s) not averaged\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);
}

/* What a load ran is said under its block: once per label, "mixed" when runs differ. */
static void test_detail(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "d", "no_load", "T1", WL, 60, 90, 0, 0, 0);
	add(&set, "d", "dbench_load", "T2", WL, 90, 60, 3, 20, 0);
	add(&set, "d", "dbench_load", "T3", WL, 90, 60, 3, 20, 0);
	add(&set, "e", "dbench_load", "T4", WL, 80, 60, 3, 20, 0);
	add(&set, "e", "dbench_load", "T5", WL, 80, 60, 3, 20, 0);
	text_copy(set.v[1].detail, "built-in emulation", sizeof set.v[1].detail);
	text_copy(set.v[2].detail, "built-in emulation", sizeof set.v[2].detail);
	text_copy(set.v[3].detail, "real dbench", sizeof set.v[3].detail);
	text_copy(set.v[4].detail, "built-in emulation", sizeof set.v[4].detail);
	build(&s, &set, NULL, 0, NULL, 0);
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"d                 [1]   60.0    90      0       0       1.00\n"
		"dbench_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"d                 [2]   90.0    60      3       20      1.50\n"
		"e                 [2]   80.0    60      3       20      -\n"
		"  d: built-in emulation\n"
		"  e: mixed\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_workloads(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "k", "no_load", "T1", "builtin-1:tiny", 10, 90, 0, 0, 0);
	add(&set, "k", "no_load", "T2", "builtin-1:tiny", 12, 90, 0, 0, 0);
	add(&set, "k", "cacherun", "T3", "builtin-1:tiny", 11, 95, 0, 0, 0);
	add(&set, "k", "no_load", "T4", "tree:/src/linux:bzImage", 20, 80, 0, 0, 0);
	add(&set, "k", "cacherun", "T5", "tree:/src/linux:bzImage", 30, 85, 0, 0, 0);
	add(&set, "m", "no_load", "T0", "tree:/src/linux:bzImage", 40, 80, 0, 0, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(s.nworkloads == 2);
	T_STREQ(s.workloads[0], "tree:/src/linux:bzImage -j4");
	T_STREQ(s.workloads[1], "builtin-1:tiny -j4");
	T_STREQ(text(&s, 0),
		"Workload: tree:/src/linux:bzImage -j4\n"
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"m                 [1]   40.0    80      0       0       1.00\n"
		"k                 [1]   20.0    80      0       0       1.00\n"
		"cacherun:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"k                 [1]   30.0    85      0       0       1.50\n"
		"Workload: builtin-1:tiny -j4\n"
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"k                 [2]   11.0    90      0       0       1.00\n"
		"cacherun:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"k                 [1]   11.0    95      0       0       1.00\n");
	summary_free(&s);
	rec_set_free(&set);

	/* Records without a workload column form a workload of their own. */
	add(&set, "k", "no_load", "T1", "", 10, 90, 0, 0, 0);
	add(&set, "k", "no_load", "T2", "builtin-1:tiny", 20, 90, 0, 0, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(strstr(text(&s, 0), "Workload: (not recorded) -j4\nno_load:\n") == buf);
	T_CHECK(summary_cell(&s, 1, 0, 0)->n == 1);
	summary_free(&s);
	rec_set_free(&set);

	/* The same workload compiled with other jobs is another workload. */
	add(&set, "k", "no_load", "T1", "builtin-1:tiny", 10, 90, 0, 0, 0);
	add(&set, "k", "no_load", "T2", "builtin-1:tiny", 30, 90, 0, 0, 0);
	set.v[1].jobs = 1;
	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(s.nworkloads == 2);
	T_CHECK(strstr(text(&s, 0), "Workload: builtin-1:tiny -j1\n") != NULL);
	T_CHECK(summary_cell(&s, 0, 0, 0)->n == 1 && summary_cell(&s, 1, 0, 0)->n == 1);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_label_order(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const char *const named[] = { "aa", "zz" };
	const char *const one[] = { "aa", "aa" };

	add(&set, "aa", "no_load", "2026-02-01T00:00:00Z", WL, 10, 0, 0, 0, 0);
	add(&set, "zz", "no_load", "2026-01-01T00:00:00Z", WL, 20, 0, 0, 0, 0);
	add(&set, "mm", "no_load", "2026-01-01T00:00:00Z", WL, 30, 0, 0, 0, 0);
	add(&set, "aa", "no_load", "2025-12-01T00:00:00Z", WL, 10, 0, 0, 0, 1);
	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(s.nlabels == 3);
	if (s.nlabels == 3) {
		T_STREQ(s.labels[0], "aa");   /* its failed run is the earliest */
		T_STREQ(s.labels[1], "mm");   /* a tie: by name */
		T_STREQ(s.labels[2], "zz");
	}
	summary_free(&s);
	set.v[3].failed = 0;
	set.n = 3;
	build(&s, &set, NULL, 0, NULL, 0);
	T_STREQ(s.labels[0], "mm");
	T_STREQ(s.labels[1], "zz");
	T_STREQ(s.labels[2], "aa");
	summary_free(&s);
	build(&s, &set, named, 2, NULL, 0);
	T_CHECK(s.nlabels == 2);
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"aa                [1]   10.0    0       0       0       1.00\n"
		"zz                [1]   20.0    0       0       0       1.00\n" WL_LINE);
	summary_free(&s);
	build(&s, &set, one, 2, NULL, 0);
	T_CHECK(s.nlabels == 1);
	T_STREQ(text(&s, 0),
		"no_load:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"aa                [1]   10.0    0       0       0       1.00\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_load_filter_and_order(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const char *const only[] = { "cacherun" };
	const char *const none[] = { "dbench_load" };

	contract_example(&set);
	build(&s, &set, NULL, 0, only, 1);
	T_CHECK(s.nloads == 1);
	T_STREQ(text(&s, 0),
		"cacherun:\n"
		"Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
		"2.5.59            [3]   76.0    97      0       0       0.96\n" WL_LINE);
	summary_free(&s);
	build(&s, &set, NULL, 0, none, 1);
	T_CHECK(s.nloads == 0);
	T_STREQ(text(&s, 0), "");
	summary_free(&s);
	rec_set_free(&set);

	add(&set, "a", "zzz_load", "T1", WL, 1, 0, 0, 0, 0);
	add(&set, "a", "io_load", "T2", WL, 1, 0, 0, 0, 0);
	add(&set, "a", "aaa_load", "T3", WL, 1, 0, 0, 0, 0);
	add(&set, "a", "no_load", "T4", WL, 1, 0, 0, 0, 0);
	add(&set, "a", "process_load", "T5", WL, 1, 0, 0, 0, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(s.nloads == 5);
	if (s.nloads == 5) {
		T_STREQ(s.loads[0], "no_load");
		T_STREQ(s.loads[1], "process_load");
		T_STREQ(s.loads[2], "io_load");
		T_STREQ(s.loads[3], "zzz_load");
		T_STREQ(s.loads[4], "aaa_load");
	}
	summary_free(&s);
	rec_set_free(&set);
}

static void test_wide_figures(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "w", "process_load", "T1", WL, 1234567, 250.25, 12345678.9, 399.9, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	T_STREQ(text(&s, 0),
		"process_load:\n"
		"Kernel         [runs]   Time      CPU%      Loads     LCPU%     Ratio\n"
		"w                 [1]   1234567.0 250       12345679  400       -\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);

	build(&s, &set, NULL, 0, NULL, 0);
	T_CHECK(s.nworkloads == 0 && s.nloads == 0 && s.nlabels == 0);
	T_STREQ(text(&s, 0), "");
	summary_free(&s);
}

/* --stats: spread, intervals and the comparison against the baseline, from
 * fixed runs whose statistics are known: a = 10, 11, 12 (mean 11, sd 1,
 * ci95 2.484 = 4.303 / sqrt 3); c = 10.5, 11, 11.5 (same mean: p = 1);
 * b = 20, 21, 22 (+90.9%: diff 10, se sqrt(2/3), Welch t = 12.25, df = 4,
 * t(0.975, 4) = 2.776 so CI 10 +- 2.267 = +70.3% to +111.5%, p = 0.000255);
 * d one run. io_load: a and b identical (p = 1). */
static void test_stats(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const double a[] = { 10, 11, 12 }, b[] = { 20, 21, 22 }, c[] = { 10.5, 11, 11.5 };

	for (int i = 0; i < 3; i++) {
		add(&set, "a", "no_load", "T1", WL, a[i], 90, 0, 0, 0);
		add(&set, "b", "no_load", "T2", WL, b[i], 90, 0, 0, 0);
		add(&set, "c", "no_load", "T3", WL, c[i], 90, 0, 0, 0);
		add(&set, "a", "io_load", "T1", WL, a[i] * 2, 50, 10 + i, 5, 0);
		add(&set, "b", "io_load", "T2", WL, a[i] * 2, 50, 10 + i, 5, 0);
	}
	add(&set, "d", "no_load", "T4", WL, 11, 90, 0, 0, 0);
	build(&s, &set, NULL, 0, NULL, 0);
	const struct sum_cell *ca = summary_cell(&s, 0, 0, 0);
	T_NEAR(ca->st[FIG_TIME].sd, 1, 1e-9);
	T_NEAR(ca->st[FIG_TIME].ci95, 4.302653 / sqrt(3), 1e-5);
	T_NEAR(ca->ratio_ci95, 4.302653 / sqrt(3) / 11, 1e-5);
	const char *t = stats_text(&s, 0);
	T_CHECK(strstr(t, "no_load:\nKernel         [runs]   Time    +-95%   sd      CPU%    Loads   +-95%   LCPU%   Ratio   +-95%\n"
	                  "a                   3   11.00   2.48    1.00    90.0    0.0     0.0     0.0     1.00    0.23\n") != NULL);
	T_CHECK(strstr(t, "  b vs a: Time +90.9% (95% CI +70.3% to +111.5%, p = 0.00026) *\n") != NULL);
	T_CHECK(strstr(t, "  c vs a: Time +0.0% (95% CI -18.9% to +18.9%, p = 1), no significant difference\n") != NULL);
	T_CHECK(strstr(t, "  d vs a: the test needs at least 2 runs of each (d has 1, a has 3); Time +0.0%\n") != NULL);
	T_CHECK(strstr(t, "  b vs a: Time +0.0% (95% CI -20.6% to +20.6%, p = 1), no significant difference; "
	                  "Loads +0.0% (95% CI -20.6% to +20.6%, p = 1), no significant difference\n") != NULL);
	/* the classic text is untouched without --stats */
	T_CHECK(strstr(text(&s, 0), "+-95%") == NULL);
	summary_free(&s);
	rec_set_free(&set);
}

/* test_evidence: --why and --latency: means over the ok runs that have a
 * figure, the largest wake-up of all, stall time over Time, "-" where no
 * run has the figure (a kernel without PSI, runs made with --no-probe). */
static void test_evidence(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	add(&set, "a", "mem_load", "2026-01-01T00:00:00Z", WL, 10, 100, 5, 50, 0);
	add(&set, "a", "mem_load", "2026-01-01T00:01:00Z", WL, 20, 100, 5, 50, 0);
	add(&set, "a", "mem_load", "2026-01-01T00:02:00Z", WL, 0, 0, 0, 0, 1);  /* failed: left out */
	add(&set, "b", "mem_load", "2026-01-02T00:00:00Z", WL, 10, 100, 5, 50, 0);
	struct rec *r = set.v;
	const double pgmaj[2] = { 100, 300 }, swout[2] = { 0, 10 }, kswapd[2] = { 1000, 3000 },
	             direct[2] = { 10, 30 }, memfull[2] = { 1e6, 4e6 }, iofull[2] = { 0, 2e6 },
	             n[2] = { 900, 1900 }, p50[2] = { 100, 200 }, p99[2] = { 1000, 3000 },
	             max[2] = { 9000, 5000 };
	for (int i = 0; i < 2; i++) {
		r[i].ev[REV_PGMAJFAULT] = pgmaj[i];
		r[i].ev[REV_PSWPIN] = 0;
		r[i].ev[REV_PSWPOUT] = swout[i];
		r[i].ev[REV_PGSCAN_KSWAPD] = kswapd[i];
		r[i].ev[REV_PGSCAN_DIRECT] = direct[i];
		r[i].ev[REV_PSI_MEM_FULL] = memfull[i];
		r[i].ev[REV_PSI_IO_FULL] = iofull[i];
		r[i].ev[REV_PROBE_N] = n[i];
		r[i].ev[REV_PROBE_P50] = p50[i];
		r[i].ev[REV_PROBE_P99] = p99[i];
		r[i].ev[REV_PROBE_MAX] = max[i];
	}
	r[2].ev[REV_PGMAJFAULT] = 1e9;  /* a failed run's figures are not averaged */
	build(&s, &set, NULL, 0, NULL, 0);
	const struct sum_cell *c = summary_cell(&s, 0, 0, 0);
	const struct rep_show show = { .baseline = -1, .why = 1, .latency = 1 };
	T_NEAR(c->ev[REV_PGMAJFAULT], 200, 1e-9);
	T_NEAR(c->scan, 2020, 1e-9);
	T_NEAR(c->mem_full_pct, (10.0 + 20.0) / 2, 1e-9);   /* 1 s of 10 s, 4 s of 20 s */
	T_NEAR(c->io_full_pct, (0 + 10.0) / 2, 1e-9);
	T_NEAR(c->ev[REV_PROBE_P99], 2000, 1e-9);
	T_NEAR(c->ev[REV_PROBE_MAX], 9000, 1e-9);
	T_STREQ(text_show(&s, &show), "mem_load:\n"
	             "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	             "a                 [2]   15.0    100     5       50      -\n"
	             "b                 [1]   10.0    100     5       50      -\n"
	             "  a: 1 failed run(s) not averaged\n"
	             "Kernel            MajFlt   SwapIn  SwapOut     Scan MemFull%  IoFull% Foreign%   Steal%\n"
	             "a                    200        0        5     2020     15.0      5.0        -        -\n"
	             "b                      -        -        -        -        -        -        -        -\n"
	             "Kernel           Wakeups    p50us    p99us    maxus\n"
	             "a                   1400      150     2000     9000\n"
	             "b                      -        -        -        -\n" WL_LINE);
	summary_free(&s);
	rec_set_free(&set);
}

/* test_env: environment differences in every format, and none when none
 * differ; json lists every selected run, of every load. */
static void test_env(void)
{
	static const struct tr_env env[] = {
		{ "2.5.60", "vm.swappiness", "60", "10" },
		{ "2.5.60", "cmdline", "ro", "ro \"x,y\"" },
	};
	const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;

	contract_example(&set);
	build(&s, &set, NULL, 0, NULL, 0);
	tr_render(&buf, &s, &set, "text", &show, NULL, env, 2);
	T_CHECK(strncmp(buf, golden, strlen(golden)) == 0);   /* the tables as they were, then: */
	T_STREQ(buf + strlen(golden), "The environment differs from 2.5.59's besides the kernel:\n"
	        "  2.5.60: vm.swappiness: 60 -> 10\n"
	        "  2.5.60: cmdline: ro -> ro \"x,y\"\n");
	T_CHECK(strstr(tr_render(&buf, &s, &set, "markdown", &show, NULL, env, 2),
	               "0.96 |\n\n\n**The environment differs from 2.5.59's besides the kernel:**\n\n"
	               "- 2.5.60: vm.swappiness: 60 -> 10\n- 2.5.60: cmdline: ro -> ro \"x,y\"\n") != NULL);
	T_CHECK(strstr(tr_render(&buf, &s, &set, "csv", &show, NULL, env, 2),
	               ",\n\nlabel,differs_from,key,from,to\n2.5.60,2.5.59,vm.swappiness,60,10\n"
	               "2.5.60,2.5.59,cmdline,ro,\"ro \"\"x,y\"\"\"\n") != NULL);
	tr_render(&buf, &s, &set, "json", &show, NULL, env, 2);
	T_CHECK(strstr(buf, "\n \"environment\": {\"reference\": \"2.5.59\", \"differences\": [\n"
	                    "  {\"label\": \"2.5.60\", \"key\": \"vm.swappiness\", \"from\": \"60\", \"to\": \"10\"},\n"
	                    "  {\"label\": \"2.5.60\", \"key\": \"cmdline\", \"from\": \"ro\", "
	                    "\"to\": \"ro \\\"x,y\\\"\"}]},\n \"runs\": [") != NULL);
	T_CHECK(tr_count(buf, "{\"run\": ") == 8 && tr_count(buf, "\"load\": \"cacherun\", \"timestamp") == 3);
	/* nothing differs: the tables alone, an empty list in json */
	T_STREQ(tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0), golden);
	T_CHECK(strstr(tr_render(&buf, &s, &set, "csv", &show, NULL, NULL, 0), "differs_from") == NULL);
	T_CHECK(strstr(tr_render(&buf, &s, &set, "json", &show, NULL, NULL, 0),
	               "\"environment\": {\"reference\": null, \"differences\": []}") != NULL);
	summary_free(&s);
	rec_set_free(&set);
}

int main(void)
{
	test_stats();
	test_contract_example();
	test_averaging();
	test_long_label();
	test_failed();
	test_detail();
	test_workloads();
	test_label_order();
	test_load_filter_and_order();
	test_wide_figures();
	test_evidence();
	test_env();
	free(buf);
	return t_done();
}
