/* micro.h: the microbenchmark harness (calibrate, subtract overhead, repeat, median) and the metric sink. */
#ifndef CONTEST_MICRO_H
#define CONTEST_MICRO_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "micro/metric.h"

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
 * of micro_metrics[] (micro/metric.h), which says its unit and column. */
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

/* The cache levels a summary shows: L1, L2, L3. */
#define MICRO_LEVELS 3

/* micro_cache_parse: a sysfs cache size such as "32768K", "1M" or "512" in
 * bytes; 0 when unreadable. */
size_t micro_cache_parse(const char *s);
/* micro_cache_reported_in: the data or unified cache size of each level
 * (1..MICRO_LEVELS) that the sysfs directory base (such as
 * /sys/devices/system/cpu/cpu0/cache) reports, into size[level - 1] (0 when
 * not reported); the highest level found, 0 when none. */
int micro_cache_reported_in(const char *base, size_t size[MICRO_LEVELS]);
/* micro_cache_reported: micro_cache_reported_in for CPU 0 of this system. */
int micro_cache_reported(size_t size[MICRO_LEVELS]);
/* micro_cache_largest: the largest of size[0..MICRO_LEVELS), 0 when none. */
size_t micro_cache_largest(const size_t size[MICRO_LEVELS]);
/* micro_cache_choose: the sizes a summary shows, into chosen[]: a level the
 * system reports has its reported size; a level it does not report takes
 * the curve's guess for it when that is above the level below (else 0).
 * Returns the levels taken from the report as bits (bit 0: L1). */
unsigned micro_cache_choose(const size_t reported[MICRO_LEVELS], const size_t curve[MICRO_LEVELS],
			    size_t chosen[MICRO_LEVELS]);

/* The memory group's methods (bench_mem.c), for tests. */
/* micro_mem_curve_max: the largest working set of the latency curves: 4 x
 * the largest reported cache, at least 64 MiB, at most 1 GiB; 256 MiB when
 * no cache is reported. */
size_t micro_mem_curve_max(const size_t reported[MICRO_LEVELS]);
/* micro_largest: the run's largest size, as lmbench's MB is its run's:
 * o->largest when given (--mb), else micro_mem_curve_max of the caches
 * this system reports. The stride walk's Main mem, the Mem read/write
 * buffers (full suite) and the file that Mmap Latency and Page Fault map
 * are this large. */
size_t micro_largest(const struct micro_opts *o);
/* micro_mem_sizes: the curves' working sets, 8 KiB x 2^k and x 1.5 x 2^k up
 * to max, into sizes[] (room for 48); their number. */
int micro_mem_sizes(size_t max, size_t *sizes);
/* micro_mem_stride_ring: lmbench 3's lat_mem_rd chain in buf[0..size): the
 * pointer at each multiple of stride points one stride on, the last to the
 * first; returns the first (where the walk starts). */
void **micro_mem_stride_ring(unsigned char *buf, size_t size, size_t stride);

/* The write size of the files the file and VM figures read and map: 8 KiB,
 * the default block of lmdd, which writes lmbench's file. The page cache
 * keeps a file in folios of about the size it was written in, and the
 * folio size moves the figures: lmbench's own lat_pagefault and bw_file_rd
 * read otherwise on files written 4 KiB, 8 KiB or 1 MiB a time
 * (docs/measurements.md: file block). */
#define MICRO_FILE_BLOCK 8192

/* The bandwidth figures' megabyte: 10^6 bytes, as lmbench 3's (its
 * timing library and bw_mem divide by 1000 x 1000). Runs recorded before
 * this carry no MID_MB_DECIMAL line: their MB/s are of 2^20 bytes
 * (MICRO_MB_OLD, micro/metric.h). */
#define MICRO_MB 1e6
/* micro_mb_per_s: MB/s of bytes moved in ns nanoseconds. */
static inline double micro_mb_per_s(double bytes, double ns)
{
	return bytes / MICRO_MB / (ns * 1e-9);
}
/* micro_bread: lmbench 3's bread, which its bw_file_rd, bw_mmap_rd and
 * lat_ctx read data with: the sum of the 8-byte words w[0..nw), each block
 * of 128 added as one expression (a tail of fewer than 128 is left out). */
uint64_t micro_bread(const uint64_t *w, size_t nw);
/* micro_bw_frd: lmbench's bw_mem frd, the summary's Mem read: the sum of
 * every 4-byte word of w[0..nw) (nw a multiple of 128), added as lmbench's
 * binary adds them (one chain). */
uint32_t micro_bw_frd(const uint32_t *w, size_t nw);
/* micro_bw_fwr: lmbench's bw_mem fwr, the summary's Mem write: 1 into
 * every 4-byte word of w[0..nw) (nw a multiple of 128), each 512-byte
 * block stored from its last word down, as lmbench's binary stores it. */
void micro_bw_fwr(volatile uint32_t *w, size_t nw);

/* micro_pin: bind the calling process to CPU cpu; 0 or -1 with errno. */
int micro_pin(int cpu);
/* micro_place_cpu: the CPU of end k of a two-ended benchmark under o's
 * placement (k = 0: the parent or ring member 0; the IPC peer is k = 1, ring
 * member i is k = i): o->cpu, or o->peer_cpu for odd k under spread; -1 when
 * the suite is not pinned. */
int micro_place_cpu(const struct micro_opts *o, int k);
/* micro_place: bind the calling process (a freshly forked end k) to
 * micro_place_cpu(o, k); nothing when that is the CPU it inherited or -1.
 * 0 or -1 with errno. */
int micro_place(const struct micro_opts *o, int k);

/* A group of benchmarks: runs them all, adds every metric it owns to set
 * (failed ones as not available), cleans up everything it started or
 * created even on failure. Returns nothing: failures are metrics. */
typedef void (*micro_group_fn)(const struct micro_opts *o, struct micro_set *set);

/* The groups, one file each, in suite order. */
void micro_group_proc(const struct micro_opts *o, struct micro_set *set); /* bench_proc.c */
void micro_group_ctx(const struct micro_opts *o, struct micro_set *set);  /* bench_ctx.c */
void micro_group_ipc(const struct micro_opts *o, struct micro_set *set);  /* bench_ipc.c */
void micro_group_fs(const struct micro_opts *o, struct micro_set *set);   /* bench_fs.c */
void micro_group_bw(const struct micro_opts *o, struct micro_set *set);   /* bench_bw.c */
void micro_group_mem(const struct micro_opts *o, struct micro_set *set);  /* bench_mem.c */

/* The groups' names, in suite order (proc ctx ipc fs bw mem), as --only takes them. */
#define MICRO_GROUPS 6
extern const char *const micro_group_names[MICRO_GROUPS];
/* micro_group_find: the number of the group called name, or -1. */
int micro_group_find(const char *name);

/* micro_sig_catch: lmbench's cost of catching a signal, in ns: the time of
 * kill(self, SIGUSR1) caught by a handler, less the time of kill(self, 0)
 * (lat_sig catch). sig_hndl is it, and prot_fault subtracts it, measured
 * again just before its faults as lat_sig prot does (the fault is a small
 * difference of two large times: one measured minutes before carries the
 * machine's change of speed into it). 0, or -1 with v not ok and its
 * reason. bench_proc.c. */
int micro_sig_catch(const struct micro_opts *o, struct micro_value *v);

/* Fork proc's helper: a small program of its own (micro/forker/forker.c)
 * that runs the fork + exit + wait loop, so that the process forked is as
 * small as lmbench's lat_proc and not contest's whole process
 * (docs/micro.md: fork proc). proc_fork.c. */
#define MICRO_FORKER "contest-forker"
/* Fork proc's reason (a note) when the helper forked; the fallback's says why not. */
#define MICRO_FORKER_NOTE "forked by " MICRO_FORKER
/* micro_forker_find: MICRO_FORKER for contest at program: beside it (make
 * builds it in build/), else in ../lib/contest/ (make install); its path
 * into out, 0; -1 with out "" when neither is executable. */
int micro_forker_find(const char *program, char *out, size_t len);
/* A running helper and what its replies added up to. */
struct micro_forker {
	pid_t pid;
	int fd;                 /* its stdin and stdout */
	double ns;              /* the time of its fork loops so far */
	uint64_t forks;         /* children forked so far */
	uint64_t child_minflt;  /* their minor page faults */
	uint64_t self_minflt;   /* the helper's own, during the loops */
};
/* micro_forker_start: run the helper at path (dying with us); 0, or -1
 * with micro_fail. micro_forker_stop must follow. */
int micro_forker_start(struct micro_forker *f, const char *path);
/* micro_forker_loop: a micro_loop_fn: the helper forks n children (each
 * leaves through exit, reaped before the next) and its reply is added to f. */
int micro_forker_loop(void *state, uint64_t n);
/* micro_forker_clock: a micro_clock_fn: the helper's loop time so far, ns. */
double micro_forker_clock(void *state);
/* micro_forker_stop: end the helper and reap it; 0 when it ended with status
 * 0, else -1 with micro_fail. */
int micro_forker_stop(struct micro_forker *f);
/* micro_fork_proc: Fork proc's figure (ns per fork + exit + wait) into *v:
 * the loop in the helper o->forker, or, when there is none or it does not
 * run, in contest's own process by fallback(state, n). v->reason says
 * which ran, also when v is ok. proc_fork.c. */
void micro_fork_proc(const struct micro_opts *o, micro_loop_fn fallback, void *state,
		     struct micro_value *v);

/* micro_suite_cpu: the CPU the suite runs on: the highest this process may
 * use (CPU 0 takes most device interrupts). */
int micro_suite_cpu(void);
/* micro_peer_cpu_pick: the second CPU of --placement spread: the highest
 * this process may use other than cpu; -1 when there is none. */
int micro_peer_cpu_pick(int cpu);

/* micro_suite: run every group (those of o->groups) in order with the
 * whole process (and so every child) bound to o->cpu, files in a new
 * scratch directory under parent (o->dir is set to it; removed afterwards,
 * also on failure). Stops between groups when *stop becomes non-zero. Returns 0, or -1 with the reason in
 * errbuf (interrupted, scratch directory). */
int micro_suite(struct micro_opts *o, const char *parent, struct micro_set *set,
                volatile sig_atomic_t *stop, char *errbuf, size_t errlen);

#endif
