/* test_cpugroup.c: contest's CPU cgroups from fixed texts and fixture group directories: where each figure is read on cgroup v1, v2 and a hybrid machine, the limit (quota, cpuset, the least up the tree), the throttling, the machine's total, and the window's figures from them. */
#include "contest/sense/cpugroup.h"
#include "contest/sense/interfere.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "tests/unit/t.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a hybrid machine: v1 controllers on their own mounts, cgroup2 beside them */
static const char mi_v1[] =
	"31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
	"32 30 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n"
	"33 30 0:30 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset\n"
	"40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
static const char cg_v1[] = "3:cpuset:/one\n2:cpuacct:/\n1:cpu:/ci/job\n0::/\n";

/* v2 only */
static const char mi_v2[] = "25 22 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
static const char cg_v2[] = "0::/system.slice/ci.service\n";

/* in a container: the namespace's root is a group of the host */
static const char mi_ns[] = "25 22 0:22 /docker/x /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n";
static const char cg_ns[] = "0::/docker/x\n";

static void test_locate(void)
{
	struct cpug g;

	cpug_locate(&g, mi_v1, cg_v1, "");
	T_CHECK(g.acct_v == 1 && g.cpu_v == 1 && g.set_v == 1);
	T_STREQ(g.acct, "/sys/fs/cgroup/cpuacct");
	T_STREQ(g.cpu, "/sys/fs/cgroup/cpu/ci/job");
	T_STREQ(g.cpu_top, "/sys/fs/cgroup/cpu");
	T_STREQ(g.set, "/sys/fs/cgroup/cpuset/one");
	cpug_locate(&g, mi_v2, cg_v2, "cpuset cpu io memory pids");
	T_CHECK(g.acct_v == 2 && g.cpu_v == 2 && g.set_v == 2);
	T_STREQ(g.acct, "/sys/fs/cgroup");
	T_STREQ(g.cpu, "/sys/fs/cgroup/system.slice/ci.service");
	T_STREQ(g.set_top, "/sys/fs/cgroup");
	cpug_locate(&g, mi_v2, cg_v2, "memory pids");        /* no cpu controllers enabled */
	T_CHECK(g.acct_v == 2 && g.cpu_v == 0 && g.set_v == 0);
	cpug_locate(&g, mi_v2, "0::/\n", "cpu");           /* contest in the root group itself */
	T_CHECK(g.acct_v == 0 && g.cpu_v == 2);
	T_STREQ(g.proc, "/proc");
	cpug_locate(&g, mi_ns, cg_ns, "cpu");                /* the host's total is not in view */
	T_CHECK(g.acct_v == 0 && g.cpu_v == 2);
	T_STREQ(g.cpu, "/sys/fs/cgroup");
	cpug_locate(&g, "", "", "");
	T_CHECK(g.acct_v == 0 && g.cpu_v == 0 && g.set_v == 0);
}

static void test_cpulist(void)
{
	T_CHECK(cpug_cpulist("0-3,6\n") == 5);
	T_CHECK(cpug_cpulist("1") == 1);
	T_CHECK(cpug_cpulist("0,2-3") == 3);
	T_CHECK(cpug_cpulist("") == -1);
	T_CHECK(cpug_cpulist("3-1") == -1);
	T_CHECK(cpug_cpulist("x") == -1);
}

/* file: write text to dir/name. */
static void file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	T_CHECK(fs_path(path, sizeof path, "%s/%s", dir, name) == 0);
	T_CHECK((f = fopen(path, "w")) != NULL);
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* sub: dir/name made; into out. */
static void sub(const char *dir, const char *name, char *out)
{
	T_CHECK(fs_path(out, 4096, "%s/%s", dir, name) == 0);
	T_CHECK(mkdir(out, 0755) == 0);
}

/* fake_stat: a /proc/PID/stat text of a process named comm with utime and
 * stime ticks, under procroot. */
static void fake_stat(const char *procroot, const char *pid, const char *comm, int ut, int st)
{
	char dir[4096], text[512];

	sub(procroot, pid, dir);
	snprintf(text, sizeof text, "%s (%s) S 2 0 0 0 -1 2129984 0 0 0 0 %d %d 7 9 20 0 1 0 5 0 0\n", pid,
	         comm, ut, st);
	file(dir, "stat", text);
}

/* test_v2: a fixture v2 tree: a 1.5-CPU cpu.max above contest's group, a
 * looser one on it, the throttling counted where the quota binds, and the
 * machine's total from the top-level groups and the root's own processes
 * (a kernel thread, an init nobody moved, one that has exited). */
static void test_v2(const char *top, const char *procroot)
{
	char a[4096], b[4096], s2[4096], at[4096];
	struct cpug g = { .acct_v = 2, .cpu_v = 2, .set_v = 2 };
	double periods, thr, hz = proc_hz();

	sub(top, "ci.slice", a);
	sub(a, "job.scope", b);
	sub(top, "system.slice", s2);
	file(top, "cpu.max", "max 100000\n");
	file(a, "cpu.max", "150000 100000\n");
	file(b, "cpu.max", "300000 100000\n");
	file(a, "cpu.stat", "usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n"
	     "nr_periods 40\nnr_throttled 12\nthrottled_usec 900000\n");
	file(s2, "cpu.stat", "usage_usec 500000\n");
	file(b, "cpuset.cpus.effective", "0-1\n");
	file(top, "cgroup.procs", "");
	text_copy(g.acct, top, sizeof g.acct);
	text_copy(g.proc, procroot, sizeof g.proc);
	text_copy(g.cpu_top, top, sizeof g.cpu_top);
	text_copy(g.cpu, b, sizeof g.cpu);
	text_copy(g.set, b, sizeof g.set);
	T_NEAR(cpug_limit(&g, 2, at, sizeof at), 1.5, 1e-12);
	T_STREQ(at, a);
	T_CHECK(cpug_throttle(at, 2, &periods, &thr) == 0);
	T_CHECK(periods == 40 && thr == 12);
	T_NEAR(cpug_machine(&g), 3.0, 1e-9);
	/* the root's processes: seconds of their own, not of their children */
	fake_stat(procroot, "2", "kthreadd", 0, 150);
	fake_stat(procroot, "1", "init (a) b", 40, 10);
	file(top, "cgroup.procs", "1\n2\n77\n");
	T_NEAR(cpug_machine(&g), 3.0 + 200 / hz, 1e-9);
	/* a one-CPU cpuset is tighter than the quota */
	file(b, "cpuset.cpus.effective", "1\n");
	T_NEAR(cpug_limit(&g, 2, at, sizeof at), 1.0, 1e-12);
	/* nothing limits: unlimited quotas, every online CPU */
	file(a, "cpu.max", "max 100000\n");
	file(b, "cpu.max", "max 100000\n");
	file(b, "cpuset.cpus.effective", "0-1\n");
	T_CHECK(isnan(cpug_limit(&g, 2, at, sizeof at)));
	T_STREQ(at, "");
	/* a top-level group without cpu.stat: no total */
	sub(top, "broken.slice", s2);
	T_CHECK(isnan(cpug_machine(&g)));
	T_CHECK(cpug_throttle(s2, 2, &periods, &thr) == -1);
}

/* test_v1: a fixture v1 tree: cfs quota and period, -1 for none, the
 * cpuacct root's total. */
static void test_v1(const char *top)
{
	char a[4096], at[4096];
	struct cpug g = { .acct_v = 1, .cpu_v = 1 };
	double periods, thr;

	sub(top, "v1", a);
	file(a, "cpu.cfs_quota_us", "-1\n");
	file(a, "cpu.cfs_period_us", "100000\n");
	file(a, "cpuacct.usage", "12500000000\n");
	file(a, "cpu.stat", "nr_periods 10\nnr_throttled 3\nthrottled_time 123\n");
	text_copy(g.acct, a, sizeof g.acct);
	text_copy(g.cpu, a, sizeof g.cpu);
	text_copy(g.cpu_top, a, sizeof g.cpu_top);
	T_CHECK(isnan(cpug_limit(&g, 2, at, sizeof at)));
	file(a, "cpu.cfs_quota_us", "90000\n");
	T_NEAR(cpug_limit(&g, 2, at, sizeof at), 0.9, 1e-12);
	T_CHECK(cpug_throttle(at, 1, &periods, &thr) == 0 && periods == 10 && thr == 3);
	T_NEAR(cpug_machine(&g), 12.5, 1e-9);
}

/* test_window: the window's limit and throttled share from two snapshots;
 * the precise total used for foreign CPU where both have it. */
static void test_window(void)
{
	struct intf_snap a = { .busy = 0, .kthreads = 0, .self = 0, .children = 0, .machine = 100,
	                       .limit = 1.5, .at = "/g", .periods = 10, .throttled = 2 };
	struct intf_snap b = a;
	double lim, thr, f, st;
	char why[200];

	b.periods = 50;
	b.throttled = 12;
	intf_limit(&a, &b, &lim, &thr);
	T_NEAR(lim, 1.5, 1e-12);
	T_NEAR(thr, 25, 1e-12);
	text_copy(b.at, "/other", sizeof b.at);   /* the limit moved: not known */
	intf_limit(&a, &b, &lim, &thr);
	T_CHECK(isnan(thr));
	a.at[0] = '\0';                            /* a cpuset alone: never throttled */
	intf_limit(&a, &b, &lim, &thr);
	T_NEAR(thr, 0, 1e-12);
	a.limit = NAN;                             /* unlimited */
	intf_limit(&a, &b, &lim, &thr);
	T_CHECK(isnan(lim) && isnan(thr));
	/* 10 s: every task 15 s by the scheduler, ours 15 s: nothing foreign whatever the ticks say */
	b.machine = 115;
	b.children = 15;
	b.busy = 16 * 100;
	intf_result(&a, &b, 0, 10, &f, &st, why, sizeof why);
	T_NEAR(f, 0, 1e-9);
	/* a v2 guest under a 1.5-CPU cpu.max, 65.9 s: the scheduler's 98.910 s
	 * against ours 2.310 + 3.483 + 93.088 s; its ticks said 56.65 s */
	b = a;
	b.machine = a.machine + 98.910;
	b.kthreads = 2.310;
	b.self = 3.483;
	b.children = 93.088;
	b.busy = 5665;
	intf_result(&a, &b, 0, 65.9, &f, &st, why, sizeof why);
	T_NEAR(f, (98.910 - 98.881) / 65.9 * 100, 1e-9);
	b.machine = a.machine + 98.880;            /* a microsecond's reading apart: 0 */
	intf_result(&a, &b, 0, 65.9, &f, &st, why, sizeof why);
	T_CHECK(f == 0);
	T_CHECK(why[0] == '\0');
	b.machine = a.machine + 97.0;              /* a real shortfall: no share, and why */
	intf_result(&a, &b, 0, 65.9, &f, &st, why, sizeof why);
	T_CHECK(isnan(f));
	T_CHECK(strstr(why, "cgroups' accounting") != NULL && strstr(why, "2.9% of one CPU below") != NULL);
	a.machine = b.machine = NAN;               /* the ticks alone, 64.1% short: no share */
	intf_result(&a, &b, 0, 65.9, &f, &st, why, sizeof why);
	T_CHECK(isnan(f));
	T_CHECK(strstr(why, "ticks of /proc/stat") != NULL && strstr(why, "64.1% of one CPU below") != NULL);
	b.busy = 9900;                             /* the ticks above ours: a share, no why */
	intf_result(&a, &b, 0, 65.9, &f, &st, why, sizeof why);
	T_NEAR(f, (99.0 - 98.881) / 65.9 * 100, 1e-9);
	T_CHECK(why[0] == '\0');
}

int main(void)
{
	char top[] = "/tmp/contest-cpug.XXXXXX", procroot[] = "/tmp/contest-cpug-proc.XXXXXX", cmd[128];

	test_locate();
	test_cpulist();
	T_CHECK(mkdtemp(top) != NULL && mkdtemp(procroot) != NULL);
	test_v2(top, procroot);
	test_v1(top);
	test_window();
	snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", top, procroot);
	T_CHECK(system(cmd) == 0);
	return t_done();
}
