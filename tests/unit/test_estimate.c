/* test_estimate.c: the first guess of a run's time: from the recorded loads over their cost factors, else from the canary and the workload's size; its overheads and how it is said. */
#include "contest/engine/estimate.h"
#include "tests/unit/t.h"

#include <math.h>

/* test_base_from_canary: nothing recorded: canary x units x per unit over the CPUs. */
static void test_base_from_canary(void)
{
	struct est_load l[2] = { { .cost = 1.0 }, { .cost = 6.0 } };

	/* 0.14 s canary, the default scale's 310 units at 1.16 canaries each, 2 CPUs */
	T_NEAR(est_base(l, 2, 0.14, 310, 1.16, 2), 0.14 * 310 * 1.16 / 2, 1e-9);
	T_NEAR(est_compile(&l[1], 25.0), 150.0, 1e-9);
	/* no canary, no size, no CPU: nothing to guess from */
	T_CHECK(isnan(est_base(l, 2, NAN, 310, 1.16, 2)));
	T_CHECK(isnan(est_base(l, 2, 0.14, 0, 1.16, 2)));
	T_CHECK(isnan(est_base(l, 2, 0.14, 310, 1.16, 0)));
	T_CHECK(isnan(est_compile(&l[0], NAN)));
}

/* test_base_from_records: recorded loads give the base, each over its cost
 * factor, weighted by its runs; the canary is then not used. */
static void test_base_from_records(void)
{
	struct est_load l[3] = {
		{ .cost = 1.0, .secs = 30.0, .nrec = 1 },   /* no_load: 30 */
		{ .cost = 2.0, .secs = 72.0, .nrec = 3 },   /* a load at 2x: 36 */
		{ .cost = 0, .secs = 0, .nrec = 0 },        /* not recorded, no factor: 1 */
	};

	T_NEAR(est_base(l, 3, 0.14, 310, 1.16, 2), (30.0 + 3 * 36.0) / 4, 1e-9);
	T_NEAR(est_base(l, 3, NAN, 0, 0, 0), (30.0 + 3 * 36.0) / 4, 1e-9);
	/* a recorded load's own mean stands; a guessed one is base x its factor */
	T_NEAR(est_compile(&l[1], 10.0), 72.0, 1e-9);
	T_NEAR(est_compile(&l[2], 10.0), 10.0, 1e-9);
}

/* test_overhead: the fixed part, the files written, a warm-up compile. */
static void test_overhead(void)
{
	T_NEAR(est_overhead(0, 0, 25), EST_STEP_SECS, 1e-9);
	T_NEAR(est_overhead(4, 0, 25), EST_STEP_SECS + 4, 1e-9);
	T_NEAR(est_overhead(-1, 0, 25), EST_STEP_SECS, 1e-9);
	T_NEAR(est_overhead(0, 1, 25), EST_STEP_SECS + 25, 1e-9);
}

/* test_fmt: seconds below 2 minutes, whole minutes, hours. */
static void test_fmt(void)
{
	char b[32];

	T_STREQ(est_fmt_guess(3, b, sizeof b), "about 10s");
	T_STREQ(est_fmt_guess(47, b, sizeof b), "about 50s");
	T_STREQ(est_fmt_guess(9 * 60 + 20, b, sizeof b), "about 9 min");
	T_STREQ(est_fmt_guess(9 * 60 + 40, b, sizeof b), "about 10 min");
	T_STREQ(est_fmt_guess(3 * 3600 + 1800, b, sizeof b), "about 3.5 h");
	T_STREQ(est_fmt_guess(NAN, b, sizeof b), "unknown");
}

int main(void)
{
	test_base_from_canary();
	test_base_from_records();
	test_overhead();
	test_fmt();
	return t_done();
}
