/* probe.h: responsiveness probe: a thread that wakes every 10 ms and records how late each wake-up is. */
#ifndef CONTEST_PROBE_H
#define CONTEST_PROBE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

/* Use:
 *         struct probe p = { 0 };
 *         struct probe_result r;
 *         char why[128];
 *         if (probe_start(&p, why, sizeof why) != 0)
 *                 warnx("probe: %s", why);   (probe_stop still fills r: all NaN)
 *         ... the run ...
 *         probe_stop(&p, &r);
 * The thread runs at normal priority with every signal blocked (signals
 * stay with the controller's thread), sleeps to absolute CLOCK_MONOTONIC
 * deadlines PROBE_PERIOD_NS apart and stores each wake-up's lateness. It
 * takes no lock the controller or a forked child could wait for: only the
 * thread writes its buffer (growing it with realloc, rarely: capacity
 * doubles), probe_stop joins it before reading. A forked child never
 * touches the probe. A struct probe must not be copied or moved while it
 * runs; one probe runs at a time per struct, and may be started again
 * after probe_stop. */

#define PROBE_PERIOD_NS 10000000L   /* 10 ms */

/* What a probe measured between start and stop. Times not available are NaN. */
struct probe_result {
	size_t count;      /* wake-ups measured */
	size_t missed;     /* periods skipped because a wake-up came later than one period */
	size_t dropped;    /* wake-ups not stored because the buffer could not grow */
	double p50_us;     /* lateness percentiles (nearest rank), microseconds; NaN when count is 0 */
	double p99_us;
	double max_us;
	double cpu_s;      /* CPU time of the probe thread, s; NaN when it did not run */
	double wall_s;     /* start to stop, s; NaN when it did not run */
};

/* The probe's state; its fields are private to probe.c. Zero-initialize it
 * before the first probe_start. */
struct probe {
	pthread_t thread;
	atomic_int stop;   /* set by probe_stop, read by the thread */
	int running;       /* started and not yet stopped (controller side only) */
	double *lat;       /* lateness of each wake-up, us; written by the thread only */
	size_t n, cap;
	size_t missed, dropped;
	double cpu_s;      /* set by the thread as it ends */
	double t0;         /* mono_now() at start */
};

/* probe_start: start the probe thread. 0, or -1 with a one-line reason in
 * why (allocation or thread creation failed, already running). */
int probe_start(struct probe *p, char *why, size_t whylen);

/* probe_stop: ask the thread to stop (it sees it within one period), join
 * it, summarize into *out and free the buffer. A probe that is not running
 * gives count 0 and NaN figures. */
void probe_stop(struct probe *p, struct probe_result *out);

/* probe_summarize: sort lat[0..n) in place and set out's count, p50_us,
 * p99_us and max_us from it (NaN when n is 0); the other fields are left
 * alone. */
void probe_summarize(double *lat, size_t n, struct probe_result *out);

/* probe_percentile: the q-quantile of sorted[0..n) (ascending) by the
 * nearest-rank method: the element of 1-based rank ceil(q * n), clamped to
 * [1, n] (so q = 0 gives the minimum, q = 1 the maximum; q * n is taken as
 * an integer when within 1e-9 of one, so 0.07 * 100 is rank 7). NaN when n
 * is 0 or q is outside [0, 1] or NaN. */
double probe_percentile(const double *sorted, size_t n, double q);

#endif
