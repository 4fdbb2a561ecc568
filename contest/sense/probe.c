/* probe.c: responsiveness probe: a thread sleeping to absolute 10 ms deadlines, the lateness of its wake-ups and their percentiles. */
#include "contest/sense/probe.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/text.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The first buffer holds 8192 wake-ups (82 s, 64 KiB); it doubles when full. */
#define PROBE_BLOCK 8192

/* probe_ns: ts in nanoseconds. */
static int64_t probe_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

/* probe_record: append one lateness (us) to the thread's buffer, growing it
 * when full; counted in dropped when it cannot grow. */
static void probe_record(struct probe *p, double us)
{
	if (p->n == p->cap) {
		size_t cap = p->cap * 2;
		double *nl = cap > p->cap && cap < SIZE_MAX / sizeof *nl ? realloc(p->lat, cap * sizeof *nl) : NULL;

		if (nl == NULL) {
			p->dropped++;
			return;
		}
		p->lat = nl;
		p->cap = cap;
	}
	p->lat[p->n++] = us;
}

/* probe_main: the thread: sleep to each deadline, record lateness, skip
 * the periods a late wake-up overran, until stop is set; then note its CPU
 * time. */
static void *probe_main(void *arg)
{
	struct probe *p = arg;
	struct timespec ts, cpu;
	int64_t next, late, skip;
	int rc;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		goto out;
	next = probe_ns(&ts);
	for (;;) {
		next += PROBE_PERIOD_NS;
		ts.tv_sec = (time_t)(next / 1000000000);
		ts.tv_nsec = (long)(next % 1000000000);
		do
			rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		while (rc == EINTR);
		if (rc != 0 || clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
			break;
		if (atomic_load_explicit(&p->stop, memory_order_acquire))
			break;
		late = probe_ns(&ts) - next;
		if (late < 0)
			late = 0;
		probe_record(p, (double)late / 1000.0);
		if (late >= PROBE_PERIOD_NS) {   /* next deadline: the first boundary after now */
			skip = late / PROBE_PERIOD_NS;
			next += skip * PROBE_PERIOD_NS;
			p->missed += (size_t)skip;
		}
	}
out:
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu) == 0)
		p->cpu_s = (double)cpu.tv_sec + (double)cpu.tv_nsec / 1e9;
	return NULL;
}

int probe_start(struct probe *p, char *why, size_t whylen)
{
	sigset_t all, old;
	int rc;

	if (p->running) {
		text_fmt(why, whylen, "the probe is already running");
		return -1;
	}
	p->n = p->missed = p->dropped = 0;
	p->cpu_s = NAN;
	p->cap = PROBE_BLOCK;
	p->lat = malloc(PROBE_BLOCK * sizeof *p->lat);
	if (p->lat == NULL) {
		text_fmt(why, whylen, "cannot allocate the probe's buffer: %s", strerror(errno));
		return -1;
	}
	atomic_store(&p->stop, 0);
	p->t0 = mono_now();
	/* the thread inherits a mask blocking every signal: they stay with the controller */
	if (sigfillset(&all) != 0 || (rc = pthread_sigmask(SIG_SETMASK, &all, &old)) != 0) {
		text_fmt(why, whylen, "cannot block signals for the probe thread");
		free(p->lat);
		p->lat = NULL;
		return -1;
	}
	rc = pthread_create(&p->thread, NULL, probe_main, p);
	if (pthread_sigmask(SIG_SETMASK, &old, NULL) != 0 && rc == 0)
		warnx("probe: cannot restore the signal mask");
	if (rc != 0) {
		text_fmt(why, whylen, "cannot start the probe thread: %s", strerror(rc));
		free(p->lat);
		p->lat = NULL;
		return -1;
	}
	p->running = 1;
	return 0;
}

void probe_stop(struct probe *p, struct probe_result *out)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->cpu_s = out->wall_s = NAN;
	probe_summarize(NULL, 0, out);
	if (!p->running)
		return;
	atomic_store_explicit(&p->stop, 1, memory_order_release);
	rc = pthread_join(p->thread, NULL);
	p->running = 0;
	if (rc != 0) {   /* cannot happen for a running probe; leave the buffer to it */
		warnx("probe: pthread_join: %s", strerror(rc));
		p->lat = NULL;
		return;
	}
	out->wall_s = mono_now() - p->t0;
	out->cpu_s = p->cpu_s;
	out->missed = p->missed;
	out->dropped = p->dropped;
	probe_summarize(p->lat, p->n, out);
	free(p->lat);
	p->lat = NULL;
	p->n = p->cap = 0;
}

/* probe_cmp: ascending order of doubles (no NaN is ever stored). */
static int probe_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void probe_summarize(double *lat, size_t n, struct probe_result *out)
{
	if (n > 1)
		qsort(lat, n, sizeof *lat, probe_cmp);
	out->count = n;
	out->p50_us = probe_percentile(lat, n, 0.5);
	out->p99_us = probe_percentile(lat, n, 0.99);
	out->max_us = probe_percentile(lat, n, 1.0);
}

double probe_percentile(const double *sorted, size_t n, double q)
{
	double r;
	size_t k;

	if (n == 0 || sorted == NULL || !(q >= 0 && q <= 1))
		return NAN;
	r = q * (double)n;
	k = (size_t)ceil(r - 1e-9);
	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return sorted[k - 1];
}
