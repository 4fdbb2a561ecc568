/* interfere.h: interference over a compile window: CPU time of processes outside contest's compile, load and probe, and steal time. */
#ifndef CONTEST_INTERFERE_H
#define CONTEST_INTERFERE_H

#include <limits.h>
#include <stddef.h>

/* Use: intf_read(&a, "/proc") at the window's start, intf_read(&b, "/proc")
 * at its end (after the compile was reaped), then intf_result(&a, &b,
 * load_secs, time, &foreign_pct, &steal_pct) and intf_limit(&a, &b,
 * &cpu_limit, &throttled_pct).
 *
 * Foreign CPU is the CPU time every task used over the window less what is
 * not foreign: contest itself and the probe thread (getrusage
 * RUSAGE_SELF), every child contest reaped inside the window, the
 * compile's whole tree among them (RUSAGE_CHILDREN), the load's process
 * group (its members and their reaped children, given as load_secs), and
 * the kernel threads (PF_KTHREAD: writeback, kswapd and kworkers do the
 * load's and the compile's work). All of these are the scheduler's own
 * nanosecond accounting (the kernel threads' from /proc/PID/schedstat,
 * ticks without it) but the load's, which /proc gives only in ticks: a
 * tick count is truncated per task, so a short window reads its few
 * milliseconds as a whole tick or none. The machine's total is too where a cgroup
 * hierarchy counts every task (contest/sense/cpugroup.h: the v1 cpuacct
 * root, or v2's top-level groups and the processes of the root group
 * itself, while contest is not one of them); elsewhere
 * it is /proc/stat's tick-sampled busy time (user, nice, system, irq and
 * softirq of every CPU; guest time is inside user), which drifts from the
 * precise figures by a few percent of one CPU either side, more under a
 * cfs quota whose throttling starts and stops the CPUs between ticks. So
 * a CPU limit on contest's own group (a quota, a cpuset) is not foreign:
 * it is recorded as what it is (intf_limit). contest's share is its own
 * processes' times, not its cgroup's, since that group may hold others
 * (a login session's scope). A foreign process that starts or exits inside
 * the window counts for the CPU it used inside it; a kernel thread that
 * exits inside the window counts as foreign for what it used (rare).
 * Measured by the ticks, a busy machine under a quota can read as less than
 * contest's own precise time (tens of percent under QEMU's TCG, whose
 * ticks come late). No share is below zero: a precise figure above
 * -INTF_NOISE_PCT reads as 0 (the readings' microseconds apart), and any
 * other figure below zero is not a measurement: it is NaN, and why says so. */
#define INTF_NOISE_PCT 0.5
struct intf_snap {
	double busy, steal;       /* /proc/stat ticks, all CPUs; NaN when unreadable */
	double kthreads;          /* seconds of the kernel threads alive now; NaN when unreadable */
	double self, children;    /* seconds: getrusage RUSAGE_SELF and RUSAGE_CHILDREN */
	double machine;           /* seconds of every task from the cgroups' accounting; NaN none */
	double limit;             /* CPUs contest's group may use (cpug_limit); NaN unlimited */
	char at[PATH_MAX];        /* the group whose quota limits it ("" none) */
	double periods, throttled;   /* its cfs periods and the throttled ones so far; NaN unread */
};

/* intf_parse_stat: busy (user + nice + system + irq + softirq) and steal ticks from the
 * first "cpu " line of /proc/stat's text; NaN each when absent or malformed
 * (steal NaN too on a kernel that has no such field), or text is NULL. */
void intf_parse_stat(const char *text, double *busy, double *steal);

/* intf_read: s now, from procroot's stat and the processes of /proc. */
void intf_read(struct intf_snap *s, const char *procroot);

/* intf_result: over the window from a to b, of time seconds, with the
 * load's group using load_secs (0 without a load): foreign CPU and steal
 * time in percent of one CPU, NaN where a figure is missing or time is not
 * positive. A foreign figure that came out below zero is NaN too, and why
 * (when not NULL; len bytes) says what read how far below ("" otherwise). */
void intf_result(const struct intf_snap *a, const struct intf_snap *b, double load_secs, double time,
                 double *foreign_pct, double *steal_pct, char *why, size_t len);

/* intf_limit: over the window from a to b: the CPUs contest's group could
 * use (a's) and the share of the window's cfs periods in which it was
 * throttled, in percent (0 under a cpuset alone); NaN each when nothing
 * limited it, the throttling NaN too when cpu.stat could not be read. */
void intf_limit(const struct intf_snap *a, const struct intf_snap *b, double *cpu_limit, double *throttled_pct);

#endif
