/* task.h: the simulated interactive tasks of contest interact (audio, video, desktop, game): their schedules, the lateness and deadline arithmetic, and the thread that runs one. */
#ifndef CONTEST_INTERACT_TASK_H
#define CONTEST_INTERACT_TASK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum itask_kind { ITASK_AUDIO, ITASK_VIDEO, ITASK_DESKTOP, ITASK_GAME, ITASK_N };

/* A task: its name, its period (desktop: of a frame within a burst; game:
 * none, 0) and the share of one CPU its work takes per period (desktop:
 * drawn per burst between DESK_DEMAND_MIN and DESK_DEMAND_MAX; game: a
 * frame of ITASK_GAME_FRAME_MS, back to back). */
struct itask_def {
	const char *name;
	int64_t period_ns;
	double demand;
	const char *what;     /* one line for --help, docs/interact.md and messages */
};
extern const struct itask_def itask_defs[ITASK_N];

#define ITASK_GAME_FRAME_MS 5.0   /* the work of one game frame */
/* desktop: a burst of DESK_FRAMES_MIN..MAX frames, each of one period
 * (20 ms) with demand DESK_DEMAND_MIN..MAX of it, then DESK_IDLE_MIN..MAX
 * ms of idle; all drawn from a generator seeded per window. */
#define DESK_FRAMES_MIN 2
#define DESK_FRAMES_MAX 30
#define DESK_DEMAND_MIN 0.10
#define DESK_DEMAND_MAX 0.90
#define DESK_IDLE_MIN_MS 100
#define DESK_IDLE_MAX_MS 1000

/* itask_find: the kind called name, or -1. */
int itask_find(const char *name);

/* One period (frame) of a periodic task: when it should begin (its
 * intended wake-up), its deadline (the next period's start) and its work
 * in loops. Times in nanoseconds of CLOCK_MONOTONIC. */
struct iframe {
	int64_t start, deadline;
	double loops;
};

/* itask_late: lateness of a wake-up at woke for one intended at start:
 * woke - start, 0 when it came early. */
int64_t itask_late(int64_t start, int64_t woke);

/* itask_met: 1 when the period's work, done at done, finished by its
 * deadline (the next period's start), else 0. */
int itask_met(const struct iframe *f, int64_t done);

/* itask_skip: 1 when frame f is over before it could begin (now at or
 * past its deadline): it is skipped, counted as a missed deadline whose
 * work was wanted and not done. */
int itask_skip(const struct iframe *f, int64_t now);

/* The schedule of a periodic task: frames from t0, for audio and video
 * every period with the same work, for desktop in bursts drawn from the
 * seeded generator (xorshift64*). */
struct isched {
	int kind;
	int64_t t0, period;
	double loops_ms;      /* calibration: loops per ms of work */
	uint64_t k;           /* frames handed out so far */
	uint64_t rng;         /* desktop: the generator's state */
	int64_t next;         /* desktop: the next frame's start */
	int left;             /* desktop: frames left in the burst */
	double burst_loops;   /* desktop: the work of each frame of the burst */
};

/* isched_init: the schedule of kind from t0 for loops_ms (seed: desktop's). */
void isched_init(struct isched *s, int kind, int64_t t0, double loops_ms, uint64_t seed);

/* isched_next: the next frame of s into *f. */
void isched_next(struct isched *s, struct iframe *f);

/* itask_rand: the next number of the xorshift64* generator at *state (a
 * state of 0 is taken as 1). */
uint64_t itask_rand(uint64_t *state);

/* itask_burn: loops of the work loop (the unit the calibration counts);
 * returns a value that depends on every loop, so it is never optimised away. */
uint64_t itask_burn(uint64_t loops);

/* What one window of a task measured; NaN where not available (met_pct
 * for game, fps for the others, every lateness figure with no wake-up). */
struct itask_result {
	uint64_t wakeups;     /* wake-ups measured (game: frames) */
	double lat_mean_us, lat_sd_us, lat_p99_us, lat_max_us;
	double met_pct, cpu_pct, fps;
};

/* itask_summarize: lat[0..n) (microseconds; sorted in place) into out's
 * wakeups and lateness figures: mean and sample sd, p99 (nearest rank),
 * max. */
void itask_summarize(double *lat, size_t n, struct itask_result *out);

/* itask_pct: 100 * part / whole, NaN when whole is 0. */
double itask_pct(double part, double whole);

/* One task running in a thread of contest's own for a window. */
struct itask_run {
	/* set before itask_start */
	int kind;
	double seconds;       /* the window */
	double loops_ms;
	int rt;               /* --rt: SCHED_FIFO */
	int nice;             /* --nice */
	uint64_t seed;        /* desktop's generator */
	/* the thread's, read after itask_join */
	pthread_t thread;
	atomic_int stop, finished;
	double *lat;          /* lateness of each wake-up (game: frame time beyond its work), us */
	size_t n, cap;
	uint64_t periods, met; /* frames due in the window, and finished by their deadline */
	double want, got;      /* loops of work asked for, and done */
	double elapsed;        /* the window as it ran, s */
	char why[160];         /* when the thread could not set its priority */
};

/* itask_policy_check: whether a thread may take --rt (SCHED_FIFO) and
 * --nice nice: tried in a short-lived thread. 0, or -1 with one line in why
 * ("--rt: SCHED_FIFO needs root or CAP_SYS_NICE"). */
int itask_policy_check(int rt, int nice, char *why, size_t len);

/* itask_start: start t's thread (every signal blocked in it: they stay with
 * the controller) for t->seconds. 0, or -1 with one line in why. */
int itask_start(struct itask_run *t, char *why, size_t len);

/* itask_done: 1 once the thread finished its window. */
int itask_done(struct itask_run *t);

/* itask_join: ask the thread to stop (it sees it within 100 ms), join it
 * and fill out from what it measured (when out is not NULL); free its
 * buffer. 0, or -1 with t->why when the thread failed. */
int itask_join(struct itask_run *t, struct itask_result *out);

#endif
