/* test_orphan.c: a failed run that recorded no workload (a series' incomplete record of a cut run) is counted in its label's and load's block, never in a "(not recorded)" block of its own; the home it takes: of its load and series first, then of its load, then of its series; the run before it, else the one after; none: it stays apart. */
#include "lib/text.h"
#include "results/model/orphan.h"
#include "results/model/summary.h"
#include "results/record/record.h"
#include "tests/unit/trec.h"
#include "tests/unit/trender.h"

#include <stdlib.h>

static const char *const order[] = { "no_load", "process_load", NULL };

/* mk: a run of label's load: ok with Time t in workload w and series ser
 * (round 1), or failed without a workload when w is NULL; started at
 * minute min. */
static struct rec mk(const char *label, const char *load, int run, const char *w, const char *ser, int min,
                     double t)
{
	struct rec r;

	trec_init(&r, label, load, w ? w : "", run);
	text_fmt(r.timestamp, sizeof r.timestamp, "2026-12-07T20:%02d:00Z", min);
	text_copy(r.series, ser, sizeof r.series);
	r.round = ser[0] ? 1 : 0;
	if (w == NULL) {
		r.failed = 1;
		text_copy(r.reason, "incomplete: the run was cut", sizeof r.reason);
		return r;
	}
	r.jobs = 8;
	r.mem = 4ull << 30;
	r.time = t;
	r.cpu_pct = 190;
	r.loads = 1;
	r.lcpu_pct = 10;
	return r;
}

/* test_home: which record lends an orphan its workload. */
static void test_home(void)
{
	struct rec_set set = { 0 };
	struct rec v[] = {
		mk("a", "process_load", 1, "w-old", "", 1, 2.0),      /* 0: no series, before */
		mk("a", "process_load", 2, "w-s1", "s1", 3, 2.0),     /* 1: series s1, before */
		mk("a", "process_load", 3, NULL, "s1", 5, 0),         /* 2: the orphan of s1 */
		mk("a", "process_load", 4, "w-s1b", "s1", 6, 2.0),    /* 3: series s1, after */
		mk("a", "process_load", 5, NULL, "s2", 7, 0),         /* 4: an orphan of s2 (none of s2) */
		mk("a", "no_load", 1, NULL, "s1", 8, 0),              /* 5: no_load: no run of its load has a workload */
		mk("b", "process_load", 1, NULL, "s1", 9, 0),         /* 6: b's: b has none */
		mk("a", "process_load", 6, "w-late", "", 10, 2.0),    /* 7: no series, after */
	};

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		T_CHECK(rec_set_add(&set, &v[i]) == 0);
	T_CHECK(orphan_home(&set, &set.v[0]) == &set.v[0]);   /* an ok run is its own */
	T_CHECK(orphan_home(&set, &set.v[2]) == &set.v[1]);   /* its series, the run before it */
	T_CHECK(orphan_home(&set, &set.v[4]) == &set.v[3]);   /* no run of s2: the latest before it */
	T_CHECK(orphan_home(&set, &set.v[5]) == &set.v[3]);   /* nothing of its load: its series' */
	T_CHECK(orphan_home(&set, &set.v[6]) == &set.v[6]);   /* nothing of its label: apart */
	set.v[1].workload[0] = '\0';   /* s1's run before it gone: s1's after it */
	set.v[1].failed = 1;
	T_CHECK(orphan_home(&set, &set.v[2]) == &set.v[3]);
	set.v[2].series[0] = '\0';   /* an orphan of no series: the latest before it of any */
	T_CHECK(orphan_home(&set, &set.v[2]) == &set.v[0]);
	set.v[5].series[0] = '\0';   /* nothing of its load nor its series: apart */
	T_CHECK(orphan_home(&set, &set.v[5]) == &set.v[5]);
	set.v[2].failed = 0;   /* an ok run without a workload (an early version's) stays apart */
	T_CHECK(orphan_home(&set, &set.v[2]) == &set.v[2]);
	rec_set_free(&set);
}

/* test_report: a series with a cut run: one block, the failed run counted in it. */
static void test_report(void)
{
	static const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct rec v[] = {
		mk("a", "no_load", 1, "builtin-1:mini", "s1", 1, 2.0),
		mk("a", "process_load", 2, NULL, "s1", 2, 0),   /* cut, kept as incomplete */
		mk("a", "process_load", 3, "builtin-1:mini", "s1", 3, 3.0),
		mk("b", "no_load", 1, "builtin-1:mini", "s1", 4, 2.0),
		mk("b", "process_load", 1, "builtin-1:mini", "s1", 5, 3.0),
	};
	struct summary s;
	char *buf = NULL;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		T_CHECK(rec_set_add(&set, &v[i]) == 0);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_CHECK(s.nworkloads == 1);
	T_STREQ(tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0),
	        "no_load:\n"
	        "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	        "a                 [1]   2.0     190     1       10      1.00\n"
	        "b                 [1]   2.0     190     1       10      1.00\n"
	        "process_load:\n"
	        "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	        "a                 [1]   3.0     190     1       10      1.50\n"
	        "b                 [1]   3.0     190     1       10      1.50\n"
	        "  a: 1 failed run(s) not averaged\n"
	        "workload: builtin-1:mini -j8, MEM 4.0G\n");
	T_CHECK(tr_count(buf, "not recorded") == 0);
	tr_render(&buf, &s, &set, "csv", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "not recorded") == 0);
	T_CHECK(tr_count(buf, "builtin-1:mini,8,MEM 4.0G,process_load,a,1,1,") == 1);
	summary_free(&s);

	/* a load whose every run failed (past the series' deadline): in its series' block */
	struct rec d = mk("c", "process_load", 1, NULL, "s1", 7, 0);
	text_copy(d.reason, "the run passed the series' deadline of 2 s", sizeof d.reason);
	struct rec e = mk("c", "no_load", 1, "builtin-1:mini", "s1", 6, 2.0);
	T_CHECK(rec_set_add(&set, &d) == 0 && rec_set_add(&set, &e) == 0);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_CHECK(s.nworkloads == 1);
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "not recorded") == 0);
	T_CHECK(tr_count(buf, "c                 [0]   -       -       -       -       -\n") == 1);
	T_CHECK(tr_count(buf, "  c: 1 failed run(s) not averaged\n") == 1);
	summary_free(&s);
	rec_set_free(&set);
	free(buf);
}

int main(void)
{
	test_home();
	test_report();
	return t_done();
}
