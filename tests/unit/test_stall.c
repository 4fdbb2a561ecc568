/* test_stall.c: a run whose contest was stopped (a stop it caught) or stalled (the probe's worst wake-up or the controller's gap, at least 1 s and 5% of the Time): the rule, the row's mark and note, left out under --stats and by -n auto; quiet runs and old records (na) untouched. */
#include "contest/engine/precise.h"
#include "lib/text.h"
#include "results/model/stall.h"
#include "results/model/summary.h"
#include "results/record/record.h"
#include "tests/unit/trender.h"

#include <math.h>

static const char *const order[] = { "no_load", NULL };

/* mk: an ok no_load run of label with Time t, stopped_s stop, the probe's
 * worst wake-up probe (s) and the controller's gap (s); NaN: not recorded. */
static struct rec mk(const char *label, int run, double t, double stop, double probe, double gap)
{
	struct rec r;

	rec_init(&r);
	text_copy(r.label, label, sizeof r.label);
	text_copy(r.load, "no_load", sizeof r.load);
	text_copy(r.workload, "builtin-1:tiny", sizeof r.workload);
	r.run = run;
	r.jobs = 8;
	r.time = t;
	r.cpu_pct = 190;
	r.loads = 0;
	r.lcpu_pct = 0;
	r.ev[REV_FOREIGN] = 0.5;
	r.ev[REV_STOPPED] = stop;
	r.ev[REV_PROBE_MAX] = probe * 1e6;
	r.ev[REV_GAP] = gap;
	return r;
}

/* test_rule: what marks a run, and for how long. */
static void test_rule(void)
{
	struct rec r;

	/* a quiet run: scheduling delays of milliseconds */
	r = mk("a", 1, 2.0, 0, 0.012, 0.004);
	T_CHECK(stall_of(&r) == 0 && !stall_caught(&r));
	/* a caught stop marks it whatever its length, even a short one */
	r = mk("a", 1, 12.0, 10.0, 10.0, 10.0);
	T_NEAR(stall_of(&r), 10.0, 1e-9);
	T_CHECK(stall_caught(&r));
	r = mk("a", 1, 60.0, 0.2, 0.2, 0.2);
	T_NEAR(stall_of(&r), 0.2, 1e-9);
	/* an unseen stop: the probe's stall, or the controller's gap without a probe */
	r = mk("a", 1, 20.1, 0, 20.03434, 19.9);
	T_NEAR(stall_of(&r), 20.03434, 1e-9);
	T_CHECK(!stall_caught(&r));
	r = mk("a", 1, 20.1, 0, NAN, 19.9);
	T_NEAR(stall_of(&r), 19.9, 1e-9);
	r = mk("a", 1, 20.1, NAN, 19.5, NAN);   /* gap not recorded */
	T_NEAR(stall_of(&r), 19.5, 1e-9);
	/* the two bounds: at least 1 s, and at least 5% of the Time */
	r = mk("a", 1, 2.0, 0, 0.99, 0.5);
	T_CHECK(stall_of(&r) == 0);
	r = mk("a", 1, 2.0, 0, 1.0, 0.5);
	T_NEAR(stall_of(&r), 1.0, 1e-9);
	r = mk("a", 1, 600.0, 0, 29.9, 1.0);    /* under 5% of a long compile */
	T_CHECK(stall_of(&r) == 0);
	r = mk("a", 1, 600.0, 0, 1.0, 30.0);
	T_NEAR(stall_of(&r), 30.0, 1e-9);
	/* a failed run is failed, not stopped; an old record reads na */
	r = mk("a", 1, 20.0, 10.0, 10.0, 10.0);
	r.failed = 1;
	T_CHECK(stall_of(&r) == 0 && !stall_caught(&r));
	r = mk("a", 1, 20.0, NAN, NAN, NAN);
	T_CHECK(stall_of(&r) == 0 && !stall_caught(&r));
}

/* test_report: the row's mark and its note; left out under --stats. */
static void test_report(void)
{
	static const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct rec v[] = {
		mk("a", 1, 2.0, 0, 0.02, 0.01), mk("a", 2, 2.1, 0, 0.03, 0.01),
		mk("b", 1, 2.0, 0, 0.02, 0.01), mk("b", 2, 12.0, 10.0, 10.0, 10.0),
		mk("b", 3, 22.0, 0, 20.0, 19.9),
		mk("c", 1, 12.1, 10.1, 10.1, 10.0),
	};
	struct summary s;
	char *buf = NULL;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		T_CHECK(rec_set_add(&set, &v[i]) == 0);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_STREQ(tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0),
	        "no_load:\n"
	        "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	        "a                 [2]   2.0     190     0       0       1.00\n"
	        "b                 [3]   12.0    190     0       0       1.00   stopped\n"
	        "c                 [1]   12.1    190     0       0       1.00   stopped\n"
	        "  b: stopped: runs 2, 3 stopped or stalled for 10.0-20.0 s (contest did not run for at "
	        "least 1 s and 5% of the Time: a stop it could not catch, such as SIGSTOP, or a frozen "
	        "machine; or a stop it caught): their Times may be too long\n"
	        "  c: stopped: run 1 stopped for 10.1 s (a stop contest caught, such as Ctrl-Z): its Time "
	        "may be too long\n"
	        "workload: builtin-1:tiny -j8\n");
	tr_render(&buf, &s, &set, "markdown", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "stopped: runs 2, 3 stopped or stalled") == 1);
	tr_render(&buf, &s, &set, "html", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "stopped: run 1 stopped for 10.1 s") == 1);
	summary_free(&s);

	/* --stats: left out of every figure, the note saying so */
	T_CHECK(summary_build_busy(&s, &set, NULL, 0, NULL, 0, order, 1) == 0);
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "b                 [1]   2.0     190     0       0       1.00   stopped\n") == 1);
	T_CHECK(tr_count(buf, "c                 [0]   -       -       -       -       -   stopped\n") == 1);
	T_CHECK(tr_count(buf, "  c: stopped: run 1 stopped for 10.1 s (a stop contest caught, such as Ctrl-Z): "
	                      "left out of these figures (--keep-busy keeps them)\n") == 1);
	summary_free(&s);

	/* one unseen stop alone */
	rec_set_free(&set);
	T_CHECK(rec_set_add(&set, &v[4]) == 0);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "  b: stopped: run 3 stalled for 20.0 s (contest did not run for at least 1 s and "
	                      "5% of the Time: a stop it could not catch, such as SIGSTOP, or a frozen machine): "
	                      "its Time may be too long\n") == 1);
	summary_free(&s);
	rec_set_free(&set);
	free(buf);
}

/* test_auto: -n auto makes a stopped run but does not count it. */
static void test_auto(void)
{
	struct precise p;
	struct rec r;

	T_CHECK(precise_init(&p, 3, 8, 1, 1, 0) == 0);
	r = mk("a", 1, 2.0, 0, 0.02, 0.01);
	T_CHECK(precise_add(&p, 0, 0, &r) == 0);
	r = mk("a", 2, 12.0, 10.0, 10.0, 10.0);
	T_CHECK(precise_add(&p, 0, 0, &r) == 0);
	r = mk("a", 3, 22.0, 0, 20.0, 19.9);
	T_CHECK(precise_add(&p, 0, 0, &r) == 0);
	T_CHECK(precise_cond(&p, 0, 0)->made == 3);
	T_CHECK(precise_cond(&p, 0, 0)->n == 1);
	precise_free(&p);
}

int main(void)
{
	test_rule();
	test_report();
	test_auto();
	return t_done();
}
