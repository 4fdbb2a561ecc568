/* cpugroup.h: contest's CPU cgroups: the machine's precise CPU time, the CPUs contest's group may use (a cfs quota, a cpuset), and how much of a window it was throttled. */
#ifndef CONTEST_CPUGROUP_H
#define CONTEST_CPUGROUP_H

#include <limits.h>
#include <stddef.h>

/* Where the figures are read. cgroup v1 (a hierarchy per controller, or
 * several on one) and v2 (one unified hierarchy) both; on a hybrid
 * machine a v1 controller is used where it is mounted. */
struct cpug {
	/* the machine's CPU time: 1, the v1 cpuacct root's cpuacct.usage (every
	 * task, nanoseconds from the scheduler's own clock); 2, the sum of the
	 * v2 top-level groups' cpu.stat usage_usec (the same clock, in
	 * microseconds) and the CPU time of each process in the root group
	 * itself (kernel threads, and an init or a shell nobody moved), only
	 * while contest is not in the root group; 0, none (a cgroup namespace,
	 * which shows only its own groups, is none) */
	int acct_v;
	char acct[PATH_MAX];       /* that root's directory */
	char proc[PATH_MAX];       /* where the root's processes are read ("/proc") */
	int cpu_v, set_v;          /* the cpu and cpuset controllers' hierarchy: 1, 2, or 0 none */
	char cpu[PATH_MAX], cpu_top[PATH_MAX];   /* contest's group for cpu, and its hierarchy's top */
	char set[PATH_MAX], set_top[PATH_MAX];   /* the same for cpuset */
};

/* cpug_locate: g from the texts of /proc/self/mountinfo and
 * /proc/self/cgroup and of the v2 top's cgroup.controllers (v2ctl, "" when
 * none): where each figure is read; acct_v 2 needs cgroup's "0::" line to
 * name a group other than the root. */
void cpug_locate(struct cpug *g, const char *mountinfo, const char *cgroup, const char *v2ctl);

/* cpug_open: cpug_locate on this process's own files. */
void cpug_open(struct cpug *g);

/* cpug_machine: the CPU seconds every task has used (acct_v 2: the
 * top-level groups' and the root's processes'; a process of the root that
 * exited is no longer in it), NaN when g has no such figure. */
double cpug_machine(const struct cpug *g);

/* cpug_cpulist: the number of CPUs in a cpuset list ("0-3,6\n": 5); -1
 * when the list is empty or malformed. */
int cpug_cpulist(const char *list);

/* cpug_limit: the CPUs contest's group may use: the least of the cfs
 * quotas (v1 cpu.cfs_quota_us / cpu.cfs_period_us, v2 cpu.max) of its
 * group and every group above it up to the top, and of its cpuset's
 * effective CPUs when fewer than online; NaN when nothing limits it
 * (or no such controller). The directory of the group whose quota is the
 * least (where its throttling is counted) to at ("" when no quota). */
double cpug_limit(const struct cpug *g, int online, char *at, size_t len);

/* cpug_throttle: from the cpu.stat of the group at (hierarchy version v):
 * its cfs periods so far and those in which it was throttled; -1 when
 * unreadable. */
int cpug_throttle(const char *at, int v, double *periods, double *throttled);

#endif
