/* suite.h: the microbenchmark suite: its groups in order, where each end of a benchmark runs, and one suite run (suite.c). */
#ifndef CONTEST_MICRO_SUITE_H
#define CONTEST_MICRO_SUITE_H

#include <signal.h>
#include <stddef.h>

#include "micro/harness.h"

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
