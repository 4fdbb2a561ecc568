/* test_progress.c: the live line's estimate: each load condition's own finished runs, else the mean of all, the step now running counted; the ticker starts and stops. */
#include "contest/engine/progress.h"
#include "lib/clock.h"
#include "results/record/record.h"
#include "tests/unit/t.h"

/* finish: a step of condition cond that took secs, finished now. */
static void finish(struct progress *p, int step, int cond, double secs)
{
	struct rec r;

	rec_init(&r);
	progress_step(p, step, cond, "x", 1, 2);
	progress_done(p, &r, secs);
}

/* test_left: a slow condition's runs are estimated from its own, not the mean. */
static void test_left(void)
{
	struct progress p;

	/* 2 conditions x 2 runs: a 100 s load (a big file prepared) and a 10 s one */
	progress_init(&p, PROGRESS_NEVER, 4, 2);
	T_CHECK(progress_left(&p) == -1);
	finish(&p, 1, 0, 100);
	progress_step(&p, 2, 1, "y", 1, 2);
	/* condition 1 not finished once: the mean (100) for it, 100 for condition 0 */
	T_NEAR(progress_left(&p), 3 * 100, 1);
	progress_done(&p, &(struct rec){ 0 }, 10);
	progress_step(&p, 3, 0, "x", 2, 2);
	/* one 100 s and one 10 s run left, not twice the mean 55 */
	T_NEAR(progress_left(&p), 100 + 10, 1);
	/* the step now running: what it took is spent, no more than its estimate */
	p.step_start = mono_now() - 30;
	T_NEAR(progress_left(&p), 70 + 10, 1);
	p.step_start = mono_now() - 500;
	T_NEAR(progress_left(&p), 10, 1);
	/* -n auto: per condition not known, the mean of all */
	progress_init(&p, PROGRESS_NEVER, 4, 0);
	finish(&p, 1, 0, 100);
	finish(&p, 2, 1, 10);
	progress_step(&p, 3, 0, "x", 2, 2);
	T_NEAR(progress_left(&p), 2 * 55, 1);
}

/* test_expect: the plan's estimates give a first guess before any run
 * finished, and the finished runs correct the conditions not run yet by
 * what they took over what was expected. */
static void test_expect(void)
{
	struct progress p;

	/* 3 conditions x 1 run, expected 10, 20 and 70 s */
	progress_init(&p, PROGRESS_NEVER, 3, 1);
	progress_expect(&p, 0, 10);
	progress_expect(&p, 1, 20);
	progress_expect(&p, 2, 70);
	progress_step(&p, 1, 0, "x", 1, 1);
	T_NEAR(progress_left(&p), 100, 1);
	progress_done(&p, &(struct rec){ 0 }, 20);  /* twice what was expected */
	progress_step(&p, 2, 1, "y", 1, 1);
	T_NEAR(progress_left(&p), (20 + 70) * 2, 1);
	progress_done(&p, &(struct rec){ 0 }, 20);  /* as expected: 40 s over 30 expected */
	progress_step(&p, 3, 2, "z", 1, 1);
	T_NEAR(progress_left(&p), 70 * 40.0 / 30.0, 1);
	/* one condition without an estimate: nothing before a run finished */
	progress_init(&p, PROGRESS_NEVER, 2, 1);
	progress_expect(&p, 0, 10);
	T_CHECK(progress_left(&p) == -1);
}

/* test_ticker: without a live line nothing starts; with one it starts and stops. */
static void test_ticker(void)
{
	struct progress p;

	progress_init(&p, PROGRESS_NEVER, 1, 1);
	progress_wait_begin(&p);
	T_CHECK(!p.ticking);
	progress_wait_end(&p);
	progress_init(&p, PROGRESS_ALWAYS, 1, 1);
	progress_step(&p, 1, 0, "x", 1, 1);
	progress_wait_begin(&p);
	T_CHECK(p.ticking);
	mono_sleep(0.6);
	progress_wait_end(&p);
	T_CHECK(!p.ticking);
	progress_clear(&p);
}

int main(void)
{
	test_left();
	test_expect();
	test_ticker();
	fputc('\n', stderr);   /* end the live line it drew: the closing line stands alone */
	return t_done();
}
