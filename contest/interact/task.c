/* task.c: the simulated interactive tasks: schedules, lateness and deadline arithmetic, and the thread that runs one window of a task. */
#include "contest/interact/task.h"
#include "contest/sense/probe.h"
#include "lib/text.h"
#include "results/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MS 1000000LL   /* nanoseconds */

const struct itask_def itask_defs[ITASK_N] = {
	[ITASK_AUDIO] = { "audio", 50 * MS, 0.05, "every 50 ms, 5% of one CPU of work" },
	[ITASK_VIDEO] = { "video", 16666667, 0.40, "every 16.7 ms (60 Hz), 40% of one CPU of work" },
	[ITASK_DESKTOP] = { "desktop", 20 * MS, 0.50,
		"bursts of 2-30 frames of 20 ms, each 10-90% work, 0.1-1 s idle between" },
	[ITASK_GAME] = { "game", 0, 1.0, "5 ms frames back to back, as many as it gets" },
};

int itask_find(const char *name)
{
	for (int k = 0; k < ITASK_N; k++)
		if (strcmp(itask_defs[k].name, name) == 0)
			return k;
	return -1;
}

int64_t itask_late(int64_t start, int64_t woke)
{
	return woke > start ? woke - start : 0;
}

int itask_met(const struct iframe *f, int64_t done)
{
	return done <= f->deadline;
}

int itask_skip(const struct iframe *f, int64_t now)
{
	return now >= f->deadline;
}

uint64_t itask_rand(uint64_t *state)
{
	uint64_t x = *state ? *state : 1;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 2685821657736338717ULL;
}

/* uniform: a number from lo to hi (inclusive) drawn from *rng. */
static double uniform(uint64_t *rng, double lo, double hi)
{
	return lo + (hi - lo) * (double)(itask_rand(rng) >> 11) / (double)(1ULL << 53);
}

void isched_init(struct isched *s, int kind, int64_t t0, double loops_ms, uint64_t seed)
{
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->t0 = t0;
	s->period = itask_defs[kind].period_ns;
	s->loops_ms = loops_ms;
	s->rng = seed ? seed : 1;
	s->next = t0;
}

void isched_next(struct isched *s, struct iframe *f)
{
	double period_ms = (double)s->period / MS;

	if (s->kind != ITASK_DESKTOP) {
		f->start = s->t0 + (int64_t)s->k * s->period;
		f->deadline = f->start + s->period;
		f->loops = itask_defs[s->kind].demand * period_ms * s->loops_ms;
		s->k++;
		return;
	}
	if (s->left == 0) {  /* a new burst, after the idle (none before the first) */
		if (s->k > 0)
			s->next += (int64_t)(uniform(&s->rng, DESK_IDLE_MIN_MS, DESK_IDLE_MAX_MS) * MS);
		s->left = DESK_FRAMES_MIN + (int)(itask_rand(&s->rng) % (DESK_FRAMES_MAX - DESK_FRAMES_MIN + 1));
		s->burst_loops = uniform(&s->rng, DESK_DEMAND_MIN, DESK_DEMAND_MAX) * period_ms * s->loops_ms;
	}
	f->start = s->next;
	f->deadline = f->start + s->period;
	f->loops = s->burst_loops;
	s->next = f->deadline;
	s->left--;
	s->k++;
}

uint64_t itask_burn(uint64_t loops)
{
	volatile uint64_t x = 1;

	for (uint64_t i = 0; i < loops; i++)
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	return x;
}

double itask_pct(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : NAN;
}

void itask_summarize(double *lat, size_t n, struct itask_result *out)
{
	struct stat_desc d;

	out->wakeups = n;
	out->lat_mean_us = out->lat_sd_us = out->lat_p99_us = out->lat_max_us = NAN;
	if (n == 0)
		return;
	struct probe_result pr = { 0 };

	probe_summarize(lat, n, &pr);  /* sorts; p99 and max */
	stat_describe(lat, (int)n, &d);
	out->lat_mean_us = d.mean;
	out->lat_sd_us = n > 1 ? d.sd : 0;
	out->lat_p99_us = pr.p99_us;
	out->lat_max_us = pr.max_us;
}

/* now_ns: CLOCK_MONOTONIC in nanoseconds. */
static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* sleep_until: sleep to t (absolute, CLOCK_MONOTONIC) in steps of at most
 * 100 ms, so a stop is seen; 0, or -1 when stopped. */
static int sleep_until(struct itask_run *t, int64_t at)
{
	for (;;) {
		int64_t now = now_ns(), to = at - now > 100 * MS ? now + 100 * MS : at;
		struct timespec ts = { (time_t)(to / 1000000000), (long)(to % 1000000000) };

		if (atomic_load(&t->stop))
			return -1;
		if (now >= at)
			return 0;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
	}
}

/* record: one lateness (us) into t's buffer; dropped when it is full. */
static void record(struct itask_run *t, double us)
{
	if (t->n < t->cap)
		t->lat[t->n++] = us;
}

/* run_periodic: the frames of t's schedule due before end: sleep to each
 * start, note how late the wake-up was (always: a stall longer than a
 * period is the lateness interactivity is about), do its work, note whether
 * it was done by the deadline; a frame already over before it could begin
 * is skipped (missed, its work wanted and not done). */
static void run_periodic(struct itask_run *t, int64_t t0, int64_t end)
{
	struct isched s;
	struct iframe f;

	isched_init(&s, t->kind, t0, t->loops_ms, t->seed);
	for (isched_next(&s, &f); f.start < end; isched_next(&s, &f)) {
		if (sleep_until(t, f.start) != 0)
			return;
		int64_t woke = now_ns();
		t->periods++;
		t->want += f.loops;
		record(t, (double)itask_late(f.start, woke) / 1000.0);
		if (itask_skip(&f, woke))
			continue;
		itask_burn((uint64_t)f.loops);
		t->got += f.loops;
		t->met += (uint64_t)itask_met(&f, now_ns());
	}
}

/* run_game: frames of ITASK_GAME_FRAME_MS of work back to back until end;
 * each frame's time beyond its work is its lateness. */
static void run_game(struct itask_run *t, int64_t end)
{
	double loops = ITASK_GAME_FRAME_MS * t->loops_ms;
	int64_t a = now_ns(), b;

	while (a < end && !atomic_load(&t->stop)) {
		itask_burn((uint64_t)loops);
		b = now_ns();
		record(t, (double)itask_late((int64_t)(ITASK_GAME_FRAME_MS * MS), b - a) / 1000.0);
		t->periods++;
		t->got += loops;
		a = b;
	}
}

/* apply_policy: --rt and --nice for the calling thread; 0, or -1 with why. */
static int apply_policy(int rt, int nice, char *why, size_t len)
{
	struct sched_param sp = { .sched_priority = 1 };

	if (rt && pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) != 0) {
		text_fmt(why, len, "--rt: SCHED_FIFO needs root or CAP_SYS_NICE");
		return -1;
	}
	if (nice != 0 && setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice) != 0) {
		text_fmt(why, len, "--nice %d: %s", nice, errno == EACCES || errno == EPERM ?
		         "a nice below 0 needs root or CAP_SYS_NICE" : strerror(errno));
		return -1;
	}
	return 0;
}

/* task_main: the thread: its priority, then its window. */
static void *task_main(void *arg)
{
	struct itask_run *t = arg;
	int64_t t0, end;

	/* wake-ups as the scheduler gives them: no timer slack (50 us by default) added */
	prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
	if (apply_policy(t->rt, t->nice, t->why, sizeof t->why) == 0) {
		t0 = now_ns();
		end = t0 + (int64_t)(t->seconds * 1e9);
		if (t->kind == ITASK_GAME)
			run_game(t, end);
		else
			run_periodic(t, t0, end);
		t->elapsed = (double)(now_ns() - t0) / 1e9;
	}
	atomic_store(&t->finished, 1);
	return NULL;
}

/* check_main: the policy check's thread: try, say why not. */
static void *check_main(void *arg)
{
	struct itask_run *t = arg;

	if (apply_policy(t->rt, t->nice, t->why, sizeof t->why) != 0)
		atomic_store(&t->stop, 1);
	return NULL;
}

/* spawn: fn(t) in a new thread with every signal blocked; 0 or an errno. */
static int spawn(struct itask_run *t, void *(*fn)(void *))
{
	sigset_t all, old;
	int rc;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&t->thread, NULL, fn, t);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

int itask_policy_check(int rt, int nice, char *why, size_t len)
{
	struct itask_run t = { .rt = rt, .nice = nice };
	int rc;

	if (!rt && nice == 0)
		return 0;
	if ((rc = spawn(&t, check_main)) != 0) {
		text_fmt(why, len, "cannot start a thread: %s", strerror(rc));
		return -1;
	}
	pthread_join(t.thread, NULL);
	if (atomic_load(&t.stop)) {
		text_copy(why, t.why, len);
		return -1;
	}
	return 0;
}

int itask_start(struct itask_run *t, char *why, size_t len)
{
	int rc;

	t->cap = (size_t)(t->seconds * 2000) + 64;   /* 2 a millisecond: more than any task makes */
	t->n = 0;
	t->periods = t->met = 0;
	t->want = t->got = t->elapsed = 0;
	t->why[0] = '\0';
	atomic_store(&t->stop, 0);
	atomic_store(&t->finished, 0);
	if ((t->lat = malloc(t->cap * sizeof *t->lat)) == NULL) {
		text_fmt(why, len, "out of memory");
		return -1;
	}
	if ((rc = spawn(t, task_main)) != 0) {
		free(t->lat);
		t->lat = NULL;
		text_fmt(why, len, "cannot start the %s thread: %s", itask_defs[t->kind].name, strerror(rc));
		return -1;
	}
	return 0;
}

int itask_done(struct itask_run *t)
{
	return atomic_load(&t->finished);
}

int itask_join(struct itask_run *t, struct itask_result *out)
{
	atomic_store(&t->stop, 1);
	pthread_join(t->thread, NULL);
	if (out != NULL) {
		itask_summarize(t->lat, t->n, out);
		out->met_pct = t->kind == ITASK_GAME ? NAN : itask_pct((double)t->met, (double)t->periods);
		out->fps = t->kind == ITASK_GAME && t->elapsed > 0 ? (double)t->periods / t->elapsed : NAN;
		out->cpu_pct = t->kind == ITASK_GAME ?
		               itask_pct(t->got / t->loops_ms, t->elapsed * 1000) : itask_pct(t->got, t->want);
	}
	free(t->lat);
	t->lat = NULL;
	return t->why[0] != '\0' ? -1 : 0;
}
