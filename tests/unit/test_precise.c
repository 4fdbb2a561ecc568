/* test_precise.c: -n auto's bookkeeping: the interval of the counted runs, reached at 3 or more, failed and busy runs made but not counted, the cap, the closing lines. */
#include "contest/engine/precise.h"
#include "tests/unit/t.h"

#include <math.h>
#include <stdio.h>

/* add: a run of condition (0, l) with Time t, failed or with foreign CPU f. */
static void add(struct precise *p, size_t l, double t, int failed, double f)
{
	struct rec r;

	rec_init(&r);
	r.time = t;
	r.failed = failed;
	r.ev[REV_FOREIGN] = f;
	T_CHECK(precise_add(p, 0, l, &r) == 0);
}

/* name: the load's number as its name. */
static const char *name(const void *ctx, size_t set, size_t load, char *buf, size_t len)
{
	(void)ctx;
	snprintf(buf, len, "c%zu.%zu", set, load);
	return buf;
}

/* any_active: some condition of p still needs runs. */
static int any_active(const struct precise *p)
{
	for (size_t s = 0; s < p->nset; s++)
		for (size_t l = 0; l < p->nloads; l++)
			if (precise_active(p, s, l))
				return 1;
	return 0;
}

/* test_reached: 10, 10.1 give an interval but 2 runs never reach; the third does. */
static void test_reached(void)
{
	struct precise p;
	char note[128];

	T_CHECK(precise_init(&p, 3, 8, 1, 2) == 0);
	T_CHECK(precise_active(&p, 0, 0) && any_active(&p));
	T_STREQ(precise_note(&p, 0, 0, note, sizeof note), "Time +-?% (to +-3%): 0 run(s) counted");
	add(&p, 0, 10.0, 0, NAN);
	add(&p, 0, 10.1, 0, 0.5);
	/* mean 10.05, sd 0.0707, t(0.975, 1) 12.706: +-4.47% */
	T_NEAR(precise_cond(&p, 0, 0)->ci_pct, 12.7062047 * 0.0707106781 / sqrt(2) / 10.05 * 100, 1e-6);
	T_CHECK(precise_active(&p, 0, 0));
	add(&p, 0, 10.05, 0, NAN);
	/* sd 0.05, t(0.975, 2) 4.30265273: +-1.24% */
	T_NEAR(precise_cond(&p, 0, 0)->ci_pct, 4.30265273 * 0.05 / sqrt(3) / 10.05 * 100, 1e-6);
	T_CHECK(precise_cond(&p, 0, 0)->reached && !precise_active(&p, 0, 0));
	T_STREQ(precise_note(&p, 0, 0, note, sizeof note), "Time +-1.2% (to +-3%), 3 run(s) counted");
	T_CHECK(any_active(&p));   /* load 1 still needs runs */
	precise_free(&p);
}

/* test_cap: failed and busy runs count to --max-runs, not in the interval. */
static void test_cap(void)
{
	struct precise p;
	char out[1024];
	FILE *f;

	T_CHECK(precise_init(&p, 1, 4, 1, 1) == 0);
	add(&p, 0, 10, 1, NAN);     /* failed */
	add(&p, 0, 20, 0, 40);      /* beside a busy machine */
	add(&p, 0, 10, 0, 1);
	T_CHECK(precise_cond(&p, 0, 0)->n == 1 && precise_cond(&p, 0, 0)->made == 3);
	T_CHECK(isnan(precise_cond(&p, 0, 0)->ci_pct) && precise_active(&p, 0, 0));
	add(&p, 0, 12, 0, 0);      /* 10, 12: t(0.975, 1) 12.706 x sd 1.414 / sqrt 2 / mean 11 */
	T_CHECK(!precise_active(&p, 0, 0) && !any_active(&p) && !precise_cond(&p, 0, 0)->reached);
	f = fmemopen(out, sizeof out, "w");
	precise_say(&p, f, 0, name, NULL);
	fclose(f);
	T_STREQ(out, "-n auto: c0.0: Time +-115.5% (95%) from 2 of 4 run(s): NOT reached +-1%: --max-runs 4 made\n");
	precise_free(&p);
}

/* test_budget: a condition stopped by the budget says so; one with no counted run says no interval. */
static void test_budget(void)
{
	struct precise p;
	char out[1024];
	FILE *f;

	T_CHECK(precise_init(&p, 2, 10, 2, 1) == 0);
	add(&p, 0, 5, 0, NAN);
	f = fmemopen(out, sizeof out, "w");
	precise_say(&p, f, 1, name, NULL);
	fclose(f);
	T_STREQ(out, "-n auto: c0.0: no interval (95%) from 1 of 1 run(s): NOT reached +-2%: the --budget would have passed in another round\n"
	             "-n auto: c1.0: no interval (95%) from 0 of 0 run(s): NOT reached +-2%: the --budget would have passed in another round\n");
	precise_free(&p);
}

int main(void)
{
	test_reached();
	test_cap();
	test_budget();
	return t_done();
}
