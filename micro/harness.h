/* harness.h: the microbenchmark harness (calibrate, subtract overhead, repeat, median), its failures, the metric sink a group files its figures in, and pinning. */
#ifndef CONTEST_MICRO_HARNESS_H
#define CONTEST_MICRO_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "results/record/micro_metric.h"

/* How hard the harness works: the full suite or --quick. */
struct micro_opts {
	double min_sec;   /* one sample lasts at least this long (calibrated) */
	int samples;      /* samples per metric; the median is kept */
	int quick;        /* 1: smaller bandwidth buffers too (the latency curves keep their reach) */
	int cpu;          /* the CPU the suite runs on (placement); -1 when it could not be pinned */
	int spread;       /* --placement spread: IPC peers and odd ring members on peer_cpu */
	int peer_cpu;     /* with spread: the second CPU (micro_peer_cpu_pick) */
	size_t largest;   /* --mb: the run's largest size in bytes; 0: from the caches (micro_largest) */
	unsigned groups;  /* --only: the groups run, bit k for micro_group_names[k]; 0: all */
	char forker[4096]; /* contest-forker for Fork proc (micro_forker_find); "": none, fork here */
	char dir[4096];   /* scratch directory for files; created and removed by the suite */
};

/* micro_opts_init: defaults for the full suite (quick = 0) or --quick. */
void micro_opts_init(struct micro_opts *o, int quick);

/* One measured figure. */
struct micro_value {
	double value;     /* per operation: microseconds, ns or MB/s by metric */
	double spread;    /* (max - min) / median of the samples; 0 for one sample */
	double min;       /* the fastest sample, per operation (interference only adds time) */
	int ok;           /* 0: not available, see reason */
	char reason[128];
};

/* A benchmark's loop: perform the operation n times; 0, or -1 with a reason
 * stored through micro_fail (the metric becomes not available). */
typedef int (*micro_loop_fn)(void *state, uint64_t n);

/* micro_time_ns: the harness. Calibrates n so that one call of loop(state, n)
 * lasts at least o->min_sec, takes o->samples samples, subtracts the cost of
 * the harness's own empty loop of the same n, and stores the median
 * nanoseconds per operation and the spread in *out. Returns 0, or -1 with
 * out->ok = 0 and out->reason set when the loop failed. */
int micro_time_ns(const struct micro_opts *o, micro_loop_fn loop, void *state,
		  struct micro_value *out);

/* A clock for micro_time_ns_clock: nanoseconds now by some clock of the
 * benchmark's (such as the CPU time its processes used), -1 with
 * micro_fail when it cannot be read. */
typedef double (*micro_clock_fn)(void *state);

/* micro_cpu_ns: the time of CPU-time clock c (CLOCK_THREAD_CPUTIME_ID, or
 * another process's from clock_getcpuclockid) in ns; -1 with micro_fail. */
double micro_cpu_ns(clockid_t c);

/* micro_time_ns_clock: micro_time_ns with each call of the loop timed by
 * clock(state) instead of the monotonic clock (the calibration too; the
 * empty loop subtracted stays on the monotonic clock); NULL: micro_time_ns. */
int micro_time_ns_clock(const struct micro_opts *o, micro_loop_fn loop, void *state,
			micro_clock_fn clock, struct micro_value *out);

/* micro_fail: record why the current loop failed (printf format); the
 * harness copies it into the metric's reason. Returns -1 for `return micro_fail(...)`. */
int micro_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* micro_why: the reason the last micro_fail stored, into buf. */
void micro_why(char *buf, size_t len);
/* micro_fail_errno: micro_fail("WHAT: strerror(errno)"). */
int micro_fail_errno(const char *what);

/* micro_median: median of v[0..n) (sorts v). */
double micro_median(double *v, int n);
/* micro_spread: (max - min) / median of v[0..n); 0 when n < 2 or median 0. */
double micro_spread(const double *v, int n, double median);

/* The metrics one suite run produces, in the order measured; each is a row
 * of micro_metrics[] (results/record/micro_metric.h), which says its unit and column. */
#define MICRO_MAX 192

struct micro_metric {
	char name[32];    /* the row's name; a family's with its number */
	struct micro_value v;
};

struct micro_set {
	int n;
	struct micro_metric m[MICRO_MAX];
};

/* micro_put_name: add a metric called name with value v (copied) to set;
 * nothing when the set is full. The sink below the calls by id. */
void micro_put_name(struct micro_set *set, const char *name, const struct micro_value *v);
/* micro_put: add metric id with value v (copied). */
void micro_put(struct micro_set *set, enum micro_id id, const struct micro_value *v);
/* micro_put_value: add metric id, available, with a value and spread. */
void micro_put_value(struct micro_set *set, enum micro_id id, double value, double spread);
/* micro_put_na: add metric id, not available, with its reason. */
void micro_put_na(struct micro_set *set, enum micro_id id, const char *reason);
/* micro_put_time: add metric id from a harness figure v (ns per operation)
 * converted to the metric's unit ("us" or "ns"), with v's reason as a note
 * when it is available; a not-available v as it is. */
void micro_put_time(struct micro_set *set, enum micro_id id, const struct micro_value *v);
/* micro_put_member: add member number k of family id (name and k: "curve_4096"). */
void micro_put_member(struct micro_set *set, enum micro_id id, size_t k, const struct micro_value *v);
/* micro_get: the metric called name, or NULL. */
const struct micro_metric *micro_get(const struct micro_set *set, const char *name);

/* micro_pin: bind the calling process to CPU cpu; 0 or -1 with errno. */
int micro_pin(int cpu);

#endif
