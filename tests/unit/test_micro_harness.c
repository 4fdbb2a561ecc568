/* test_micro_harness.c: the microbenchmark harness on synthetic loops: calibration, overhead subtraction, median, failures. */
#include "micro/harness.h"
#include "tests/unit/t.h"

#include <math.h>
#include <time.h>

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

struct spin { double op_ns; uint64_t max_n; int calls; double last_ns; };

/* spin_loop: each operation busy-waits op_ns on the monotonic clock. */
static int spin_loop(void *state, uint64_t n)
{
	struct spin *s = state;
	double t0 = now_ns();
	s->calls++;
	if (n > s->max_n)
		s->max_n = n;
	for (uint64_t i = 0; i < n; i++) {
		double end = now_ns() + s->op_ns;
		while (now_ns() < end)
			;
	}
	s->last_ns = now_ns() - t0;
	return 0;
}

static int empty_loop(void *state, uint64_t n)
{
	(void)state;
	for (uint64_t i = 0; i < n; i++)
		__asm__ __volatile__("" ::: "memory");
	return 0;
}

static int fail_loop(void *state, uint64_t n)
{
	int *calls = state;
	(void)n;
	if (++*calls >= 3)
		return micro_fail("broke after %d calls", *calls);
	return 0;
}

/* A benchmark that keeps its own clock: each operation advances it by
 * op_ns, and the clock can be made to fail. */
struct own { double clock, op_ns; int broken; };

static int own_loop(void *state, uint64_t n)
{
	struct own *s = state;
	s->clock += (double)n * s->op_ns;
	return 0;
}

static double own_clock(void *state)
{
	const struct own *s = state;
	return s->broken ? micro_fail("clock broken") : s->clock;
}

int main(void)
{
	struct micro_opts o;
	struct micro_value v;

	/* median and spread */
	double a[] = { 5, 1, 4, 2, 3 }, b[] = { 4, 1, 3, 2 };
	T_NEAR(micro_median(a, 5), 3, 1e-12);
	T_NEAR(micro_median(b, 4), 2.5, 1e-12);
	T_NEAR(micro_spread(a, 5, 3), 4.0 / 3.0, 1e-12);
	T_NEAR(micro_spread(a, 1, 3), 0, 1e-12);

	/* calibration: each sample lasts at least min_sec; the figure is per operation */
	micro_opts_init(&o, 1);
	T_CHECK(o.samples >= 3 && o.min_sec > 0);
	struct spin s = { .op_ns = 20000 };
	T_CHECK(micro_time_ns(&o, spin_loop, &s, &v) == 0);
	T_CHECK(v.ok);
	T_CHECK(v.value >= 20000 && v.value < 20000 * 50);   /* never below the spin */
	T_CHECK(s.last_ns >= o.min_sec * 1e9 / 2);            /* samples calibrated to min_sec */
	T_CHECK(s.max_n >= 2);
	T_CHECK(s.calls >= 1 + o.samples);                   /* warm-up, calibration, samples */
	T_CHECK(v.spread >= 0);

	/* overhead subtraction: an empty loop costs (almost) nothing per operation */
	T_CHECK(micro_time_ns(&o, empty_loop, NULL, &v) == 0);
	T_CHECK(v.ok && v.value >= 0 && v.value < 50);

	/* the benchmark's own clock times the loop (the empty loop subtracted
	 * is on the monotonic clock: far below a microsecond per operation) */
	struct own w = { .op_ns = 1000 };
	T_CHECK(micro_time_ns_clock(&o, own_loop, &w, own_clock, &v) == 0);
	T_CHECK(v.ok && v.value > 990 && v.value <= 1000);
	w.broken = 1;
	T_CHECK(micro_time_ns_clock(&o, own_loop, &w, own_clock, &v) == -1);
	T_CHECK(!v.ok);
	T_STREQ(v.reason, "clock broken");

	/* a failing loop: not available, with its reason */
	int calls = 0;
	T_CHECK(micro_time_ns(&o, fail_loop, &calls, &v) == -1);
	T_CHECK(!v.ok);
	T_STREQ(v.reason, "broke after 3 calls");

	/* the metric set */
	struct micro_set set = { 0 };
	struct micro_value x = { .value = 1.5, .spread = 0.1, .ok = 1 }, y = { .ok = 0, .reason = "no TCP" };
	micro_put_name(&set, "x", &x);
	micro_put_name(&set, "y", &y);
	T_CHECK(set.n == 2);
	T_CHECK(micro_get(&set, "x") && micro_get(&set, "x")->v.ok && micro_get(&set, "x")->v.value == 1.5);
	T_CHECK(micro_get(&set, "y") && !micro_get(&set, "y")->v.ok);
	T_STREQ(micro_get(&set, "y")->v.reason, "no TCP");
	T_CHECK(micro_get(&set, "z") == NULL);
	for (int i = 0; i < MICRO_MAX + 5; i++)
		micro_put_name(&set, "many", &x);
	T_CHECK(set.n == MICRO_MAX);
	return t_done();
}
