/* harness.c: one timing harness for every microbenchmark: calibrate, subtract overhead, repeat, take the median. */
#include "lib/text.h"
#include "micro/harness.h"

#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static _Thread_local char fail_reason[128];

/* MICRO_MAX_N: calibration gives up beyond this count (a loop that does no work). */
#define MICRO_MAX_N (1ull << 40)

/* micro_opts_init: see harness.h. The full suite takes 9 samples of at
 * least 20 ms each per metric; --quick 3 samples of at least 2 ms. */
void micro_opts_init(struct micro_opts *o, int quick)
{
	memset(o, 0, sizeof(*o));
	o->quick = quick;
	o->min_sec = quick ? 0.002 : 0.02;
	o->samples = quick ? 3 : 9;
	o->cpu = 0;
}

int micro_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(fail_reason, sizeof(fail_reason), fmt, ap);
	va_end(ap);
	return -1;
}

void micro_why(char *buf, size_t len)
{
	text_copy(buf, fail_reason[0] ? fail_reason : "benchmark failed", len);
}

int micro_fail_errno(const char *what)
{
	return micro_fail("%s: %s", what, strerror(errno));
}

/* now_ns: the monotonic clock in nanoseconds. */
static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double micro_cpu_ns(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts) != 0)
		return micro_fail_errno("CPU-time clock");
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* null_loop: the harness's own empty loop, timed to be subtracted. */
static int null_loop(void *state, uint64_t n)
{
	(void)state;
	for (uint64_t i = 0; i < n; i++)
		__asm__ __volatile__("" ::: "memory");
	return 0;
}

/* run_once: time one call of loop(state, n) in ns by clock (NULL: the
 * monotonic clock); -1 when it or the clock failed. */
static double run_once(micro_loop_fn loop, void *state, micro_clock_fn clock, uint64_t n)
{
	double t0 = clock ? clock(state) : now_ns();

	if (t0 < 0 || loop(state, n) != 0)
		return -1;
	double t1 = clock ? clock(state) : now_ns();
	return t1 < 0 ? -1 : t1 - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double micro_median(double *v, int n)
{
	if (n <= 0)
		return 0;
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double micro_spread(const double *v, int n, double median)
{
	if (n < 2 || median == 0)
		return 0;
	double lo = v[0], hi = v[0];
	for (int i = 1; i < n; i++) {
		if (v[i] < lo)
			lo = v[i];
		if (v[i] > hi)
			hi = v[i];
	}
	return (hi - lo) / (median < 0 ? -median : median);
}

/* calibrate: the smallest n (found by doubling, then scaling) whose call
 * lasts at least min_ns. A call that reaches min_ns must be confirmed by a
 * second one reaching half of it, so one preempted call cannot fix a small
 * n. 0 when the loop failed. */
static uint64_t calibrate(micro_loop_fn loop, void *state, micro_clock_fn clock, double min_ns)
{
	uint64_t n = 1;

	for (;;) {
		double t = run_once(loop, state, clock, n);
		if (t < 0)
			return 0;
		if (t >= min_ns) {
			double t2 = run_once(loop, state, clock, n);
			if (t2 < 0)
				return 0;
			if (t2 >= min_ns / 2)
				return n;
			t = t2;
		}
		if (t >= min_ns / 16) {
			/* close enough to scale in one step, with 10% margin */
			double scaled = (double)n * min_ns * 1.1 / t;
			if (scaled <= (double)n * 2)
				n *= 2;
			else
				n = scaled > (double)MICRO_MAX_N ? MICRO_MAX_N + 1 : (uint64_t)scaled;
			continue;
		}
		if (n > MICRO_MAX_N) {
			micro_fail("the loop's time does not grow with its count");
			return 0;
		}
		n *= t < min_ns / 1024 ? 8 : 2;
	}
}

/* micro_time_ns: see harness.h. */
int micro_time_ns(const struct micro_opts *o, micro_loop_fn loop, void *state,
		  struct micro_value *out)
{
	return micro_time_ns_clock(o, loop, state, NULL, out);
}

/* micro_time_ns_clock: see harness.h. */
int micro_time_ns_clock(const struct micro_opts *o, micro_loop_fn loop, void *state,
			micro_clock_fn clock, struct micro_value *out)
{
	enum { MAXS = 31 };
	double t[MAXS], z[MAXS];
	int samples = o->samples < 1 ? 1 : o->samples > MAXS ? MAXS : o->samples;
	uint64_t n;

	memset(out, 0, sizeof(*out));
	fail_reason[0] = '\0';
	/* one untimed call first: a cold first call would size the samples too small */
	n = loop(state, 1) == 0 ? calibrate(loop, state, clock, o->min_sec * 1e9) : 0;
	for (int i = 0; n && i < samples; i++) {
		t[i] = run_once(loop, state, clock, n);
		if (t[i] < 0)
			n = 0;
		else
			z[i] = run_once(null_loop, NULL, NULL, n);
	}
	if (!n) {
		micro_why(out->reason, sizeof(out->reason));
		return -1;
	}
	double overhead = micro_median(z, samples);
	for (int i = 0; i < samples; i++) {
		t[i] = (t[i] - overhead) / (double)n;
		if (t[i] < 0)
			t[i] = 0;
	}
	out->value = micro_median(t, samples);
	out->min = t[0];  /* sorted by the median */
	out->spread = micro_spread(t, samples, out->value);
	out->ok = 1;
	return 0;
}

void micro_put_name(struct micro_set *set, const char *name, const struct micro_value *v)
{
	if (set->n >= MICRO_MAX)
		return;
	struct micro_metric *m = &set->m[set->n++];
	text_copy(m->name, name, sizeof(m->name));
	m->v = *v;
}

void micro_put(struct micro_set *set, enum micro_id id, const struct micro_value *v)
{
	micro_put_name(set, micro_metrics[id].name, v);
}

void micro_put_value(struct micro_set *set, enum micro_id id, double value, double spread)
{
	struct micro_value v = { .value = value, .spread = spread, .ok = 1 };

	micro_put(set, id, &v);
}

void micro_put_na(struct micro_set *set, enum micro_id id, const char *reason)
{
	struct micro_value v = { .ok = 0 };

	text_copy(v.reason, reason, sizeof(v.reason));
	micro_put(set, id, &v);
}

void micro_put_time(struct micro_set *set, enum micro_id id, const struct micro_value *v)
{
	double per = strcmp(micro_metrics[id].unit, "us") == 0 ? 1000.0 : 1.0;

	if (v->ok) {
		struct micro_value u = { .value = v->value / per, .spread = v->spread, .ok = 1 };
		text_copy(u.reason, v->reason, sizeof(u.reason));  /* an available figure's note */
		micro_put(set, id, &u);
	} else
		micro_put(set, id, v);
}

void micro_put_member(struct micro_set *set, enum micro_id id, size_t k, const struct micro_value *v)
{
	char name[sizeof(set->m[0].name)];

	text_fmt(name, sizeof(name), "%s%zu", micro_metrics[id].name, k);
	micro_put_name(set, name, v);
}

const struct micro_metric *micro_get(const struct micro_set *set, const char *name)
{
	for (int i = 0; i < set->n; i++)
		if (strcmp(set->m[i].name, name) == 0)
			return &set->m[i];
	return NULL;
}

int micro_pin(int cpu)
{
	cpu_set_t cs;

	CPU_ZERO(&cs);
	CPU_SET(cpu, &cs);
	return sched_setaffinity(0, sizeof(cs), &cs);
}
