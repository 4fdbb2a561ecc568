/* interfere.h: interference over a compile window: CPU time of processes outside contest's compile, load and probe, and steal time. */
#ifndef CONTEST_INTERFERE_H
#define CONTEST_INTERFERE_H

/* Use: intf_read(&a, "/proc") at the window's start, intf_read(&b, "/proc")
 * at its end (after the compile was reaped), then intf_result(&a, &b,
 * load_secs, time, &foreign_pct, &steal_pct).
 *
 * Foreign CPU is the machine's busy time (/proc/stat's cpu line: user, nice,
 * system, irq and softirq of every CPU; guest time is inside user) less what is not
 * foreign: contest itself and the probe thread (getrusage RUSAGE_SELF),
 * every child contest reaped inside the window, the compile's whole tree
 * among them (RUSAGE_CHILDREN), the load's process group (its members and
 * their reaped children, given as load_secs), and the kernel threads
 * (PF_KTHREAD: writeback, kswapd and kworkers do the load's and the
 * compile's work). irq and softirq time is in the busy time because a
 * process's own times include the interrupts it was interrupted by (on
 * kernels without CONFIG_IRQ_TIME_ACCOUNTING, the common case). A foreign
 * process that starts or exits inside the window counts for the CPU it used
 * inside it, since the machine's total sees it whatever its life; a kernel
 * thread that exits inside the window counts as foreign for what it used
 * (rare). The figures come from tick accounting and rusage, so a quiet
 * machine reads within a few percent of one CPU of 0, either side. */
struct intf_snap {
	double busy, steal;       /* /proc/stat ticks, all CPUs; NaN when unreadable */
	double kthreads;          /* seconds of the kernel threads alive now; NaN when unreadable */
	double self, children;    /* seconds: getrusage RUSAGE_SELF and RUSAGE_CHILDREN */
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
 * positive. */
void intf_result(const struct intf_snap *a, const struct intf_snap *b, double load_secs, double time,
                 double *foreign_pct, double *steal_pct);

#endif
