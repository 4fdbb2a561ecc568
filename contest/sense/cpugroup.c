/* cpugroup.c: contest's CPU cgroups: the machine's precise CPU time, the CPUs contest's group may use (a cfs quota, a cpuset), and how much of a window it was throttled. */
#include "contest/sense/cpugroup.h"
#include "lib/cgroup.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <ctype.h>
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
	char root[PATH_MAX];

	memset(g, 0, sizeof *g);
	g->cpu_v = own(mountinfo, cgroup, v2ctl, "cpu", g->cpu, g->cpu_top);
	g->set_v = own(mountinfo, cgroup, v2ctl, "cpuset", g->set, g->set_top);
	/* the whole machine only where the mount shows the real root */
	if (cg_mount_of(mountinfo, "cgroup", "cpuacct", g->acct, root, sizeof g->acct) == 0)
		g->acct_v = strcmp(root, "/") == 0 ? 1 : 0;
	else if (cg_mount_of(mountinfo, "cgroup2", NULL, g->acct, root, sizeof g->acct) == 0)
		g->acct_v = strcmp(root, "/") == 0 ? 2 : 0;
}

/* kthread: 1 when process pid is a kernel thread (PF_KTHREAD in the
 * flags of /proc/PID/stat). */
static int kthread(long pid)
{
	char rel[64], *text, *p;
	unsigned long flags = 0;
	int yes = 0;

	snprintf(rel, sizeof rel, "%ld/stat", pid);
	if ((text = text_read("/proc", rel, 4096, NULL, NULL)) == NULL)
		return 0;
	/* the flags are the 9th field: the 6th after the command's closing ')' */
	if ((p = strrchr(text, ')')) != NULL && sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %lu", &flags) == 1)
		yes = (flags & 0x00200000UL) != 0;
	free(text);
	return yes;
}

/* root_kthreads_only: 1 when the v2 root group dir holds only kernel threads. */
static int root_kthreads_only(const char *dir)
{
	char rel[PATH_MAX];
	char *text, *p, *end;
	int ok = 1;

	if (fs_path(rel, sizeof rel, "%s/cgroup.procs", dir + 1) != 0 ||
	    (text = text_read("/", rel, 1 << 20, NULL, NULL)) == NULL)
		return 0;
	for (p = text; *p && ok; p = end) {
		long pid = strtol(p, &end, 10);
		if (end == p)
			break;
		ok = kthread(pid);
	}
	free(text);
	return ok;
}

void cpug_open(struct cpug *g)
{
	char *mi = text_read("/proc/self", "mountinfo", 1 << 20, NULL, NULL);
	char *cg = text_read("/proc/self", "cgroup", 1 << 16, NULL, NULL);
	char point[PATH_MAX], root[PATH_MAX], ctl[512] = "";

	if (mi != NULL && cg_mount_of(mi, "cgroup2", NULL, point, root, sizeof point) == 0)
		cg_read(point, "cgroup.controllers", ctl, sizeof ctl);
	cpug_locate(g, mi ? mi : "", cg ? cg : "", ctl);
	if (g->acct_v == 2 && !root_kthreads_only(g->acct))
		g->acct_v = 0;
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
	return sum;
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
