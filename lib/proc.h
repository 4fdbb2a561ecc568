/* proc.h: processes seen through /proc: fields of /proc files, a process group's CPU time and members, how a process ended, a staged stop. */
#ifndef LIB_PROC_H
#define LIB_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* proc_field: the number after "KEY " on the first line of path that
 * starts with it ("/proc/vmstat", "pgmajfault"); 0 when absent or unreadable. */
unsigned long long proc_field(const char *path, const char *key);

/* proc_mem_total: MemTotal from /proc/meminfo in bytes; 0 when unknown. */
uint64_t proc_mem_total(void);

/* proc_describe: "exited with status N" or "killed by signal N (Name)". */
void proc_describe(int wstatus, char *buf, size_t len);

/* proc_group_cpu: user+system seconds of every process in group pgid, each
 * including its waited-for children (utime+stime+cutime+cstime, in clock
 * ticks). Returns the number of processes found, or -1 when /proc cannot be
 * read. */
int proc_group_cpu(pid_t pgid, double *secs);

/* proc_kthreads_cpu: CPU seconds of every kernel thread now (PF_KTHREAD:
 * kswapd, kworkers, writeback, ...), from the scheduler's nanoseconds in
 * /proc/PID/schedstat, else from the ticks of user+system; the number of
 * them, or -1 when /proc cannot be read. */
int proc_kthreads_cpu(double *secs);

/* proc_hz: clock ticks per second of /proc's figures (USER_HZ). */
double proc_hz(void);

/* proc_group_count: processes (zombies included) in group pgid; -1 on error. */
int proc_group_count(pid_t pgid);

/* proc_group_stop: end group pgid: SIGTERM (and SIGCONT), reap members for
 * up to grace seconds, then SIGKILL and reap for up to 5 seconds more. When
 * the leader (pid pgid) is reaped here and *leader_done is 0, its status goes
 * to *leader_status and *leader_done becomes 1. Returns 0 when no member is
 * left, else -1. */
int proc_group_stop(pid_t pgid, double grace, int *leader_done, int *leader_status);

#endif
