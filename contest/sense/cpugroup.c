/* cpugroup.c: contest's CPU cgroups: the machine's precise CPU time, the CPUs contest's group may use (a cfs quota, a cpuset), and how much of a window it was throttled. */
#include "contest/sense/cpugroup.h"
#include "lib/cgroup.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* own: contest's group for controller ctl: v1 where ctl is mounted, else
 * v2 when ctl is in v2ctl; the version, 0 none. */
static int own(const char *mi, const char *cg, const char *v2ctl, const char *ctl, char *dir, char *top)
{
	if (cg_group_dir(mi, cg, ctl, dir, top, PATH_MAX) == 0)
		return 1;
	if (cg_has_word(v2ctl, ctl, ' ') && cg_group_dir(mi, cg, NULL, dir, top, PATH_MAX) == 0)
		return 2;
	return 0;
}

void cpug_locate(struct cpug *g, const char *mountinfo, const char *cgroup, const char *v2ctl)
{
	char root[PATH_MAX], mine[PATH_MAX];

	memset(g, 0, sizeof *g);
	text_copy(g->proc, "/proc", sizeof g->proc);
	g->cpu_v = own(mountinfo, cgroup, v2ctl, "cpu", g->cpu, g->cpu_top);
	g->set_v = own(mountinfo, cgroup, v2ctl, "cpuset", g->set, g->set_top);
	/* the whole machine only where the mount shows the real root */
	if (cg_mount_of(mountinfo, "cgroup", "cpuacct", g->acct, root, sizeof g->acct) == 0)
		g->acct_v = strcmp(root, "/") == 0 ? 1 : 0;
	else if (cg_mount_of(mountinfo, "cgroup2", NULL, g->acct, root, sizeof g->acct) == 0)
		/* and only with contest outside the root group: a child it reaps
		 * there would be in its own figures and in none of the machine's */
		g->acct_v = strcmp(root, "/") == 0 && cg_group_path(cgroup, NULL, mine, sizeof mine) == 0 &&
		            strcmp(mine, "/") != 0 ? 2 : 0;
}

/* pid_secs: the user + system seconds of process pid from procroot's
 * PID/stat (its live and exited threads, not its children); -1 when it is
 * gone or the text is malformed. */
static int pid_secs(const char *procroot, long pid, double *secs)
{
	char rel[64], *text, *p;
	unsigned long long ut, st;
	int rc = -1;

	snprintf(rel, sizeof rel, "%ld/stat", pid);
	if ((text = text_read(procroot, rel, 4096, NULL, NULL)) == NULL)
		return -1;
	/* utime and stime are fields 14 and 15: the 12th and 13th after the command's ')' */
	if ((p = strrchr(text, ')')) != NULL &&
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) == 2) {
		*secs = (double)(ut + st) / proc_hz();
		rc = 0;
	}
	free(text);
	return rc;
}

/* root_secs: the seconds the processes in the v2 root group g->acct have
 * used (kernel threads and any other), read one by one from g->proc; NaN
 * when its cgroup.procs cannot be read. One that exits between the list
 * and its stat is left out. */
static double root_secs(const struct cpug *g)
{
	char *text, *p, *end;
	double sum = 0, s;

	if ((text = text_read(g->acct, "cgroup.procs", 1 << 22, NULL, NULL)) == NULL)
		return NAN;
	for (p = text;; p = end) {
		long pid = strtol(p, &end, 10);
		if (end == p)
			break;
		if (pid_secs(g->proc, pid, &s) == 0)
			sum += s;
	}
	free(text);
	return sum;
}

void cpug_open(struct cpug *g)
{
	char *mi = text_read("/proc/self", "mountinfo", 1 << 20, NULL, NULL);
	char *cg = text_read("/proc/self", "cgroup", 1 << 16, NULL, NULL);
	char point[PATH_MAX], root[PATH_MAX], ctl[512] = "";

	if (mi != NULL && cg_mount_of(mi, "cgroup2", NULL, point, root, sizeof point) == 0)
		cg_read(point, "cgroup.controllers", ctl, sizeof ctl);
	cpug_locate(g, mi ? mi : "", cg ? cg : "", ctl);
	free(mi);
	free(cg);
}

double cpug_machine(const struct cpug *g)
{
	double sum = 0;
	long long v;
	DIR *d;
	struct dirent *e;
	char sub[PATH_MAX];

	if (g->acct_v == 1)
		return (v = cg_number(g->acct, "cpuacct.usage", NULL)) >= 0 ? (double)v / 1e9 : NAN;
	if (g->acct_v != 2 || (d = opendir(g->acct)) == NULL)
		return NAN;
	while ((e = readdir(d)) != NULL) {
		if (e->d_type != DT_DIR || e->d_name[0] == '.' ||
		    fs_path(sub, sizeof sub, "%s/%s", g->acct, e->d_name) != 0)
			continue;
		if ((v = cg_number(sub, "cpu.stat", "usage_usec")) < 0) {
			sum = NAN;
			break;
		}
		sum += (double)v / 1e6;
	}
	closedir(d);
	/* the root's own processes: in no top-level group, and the root's
	 * cpu.stat is the ticks of /proc/stat, not the scheduler's clock */
	return sum + root_secs(g);
}

int cpug_cpulist(const char *list)
{
	int n = 0;
	const char *p = list;

	while (*p && *p != '\n') {
		char *end;
		long a = strtol(p, &end, 10), b = a;
		if (end == p || a < 0)
			return -1;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1 || b < a)
				return -1;
			p = end;
		}
		n += (int)(b - a + 1);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return n > 0 ? n : -1;
}

/* quota: the CPUs the cfs quota of group dir allows (v1 or v2); NaN none. */
static double quota(const char *dir, int v)
{
	long long q, period;
	char text[128];

	if (v == 1) {
		q = cg_number(dir, "cpu.cfs_quota_us", NULL);
		period = cg_number(dir, "cpu.cfs_period_us", NULL);
	} else {
		cg_read(dir, "cpu.max", text, sizeof text);
		if (sscanf(text, "%lld %lld", &q, &period) != 2)
			q = -1;
	}
	return q > 0 && period > 0 ? (double)q / (double)period : NAN;
}

/* up: cut dir to its parent; 0, or -1 at top (or above it). */
static int up(char *dir, const char *top)
{
	char *slash = strrchr(dir, '/');
	size_t tl = strlen(top);

	if (strlen(dir) <= tl || slash == NULL || (size_t)(slash - dir) < tl)
		return -1;
	*slash = '\0';
	return 0;
}

double cpug_limit(const struct cpug *g, int online, char *at, size_t len)
{
	double least = NAN, q;
	char dir[PATH_MAX], text[4096];
	int n;

	text_copy(at, "", len);
	if (g->cpu_v != 0) {
		text_copy(dir, g->cpu, sizeof dir);
		do {
			q = quota(dir, g->cpu_v);
			if (isfinite(q) && !(q >= least)) {
				least = q;
				text_copy(at, dir, len);
			}
		} while (up(dir, g->cpu_top) == 0);
	}
	if (g->set_v != 0) {
		cg_read(g->set, g->set_v == 1 ? "cpuset.effective_cpus" : "cpuset.cpus.effective", text,
		        sizeof text);
		n = cpug_cpulist(text);
		if (n > 0 && n < online && !(n >= least))
			least = n;
	}
	return least;
}

int cpug_throttle(const char *at, int v, double *periods, double *throttled)
{
	long long p = cg_number(at, "cpu.stat", "nr_periods"), t = cg_number(at, "cpu.stat", "nr_throttled");

	(void)v;  /* the same names on v1 and v2 */
	*periods = *throttled = NAN;
	if (p < 0 || t < 0)
		return -1;
	*periods = (double)p;
	*throttled = (double)t;
	return 0;
}
