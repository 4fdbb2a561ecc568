/* proc.c: processes seen through /proc: fields of /proc files, a process group's CPU time and members, how a process ended, a staged stop. */
#include "lib/proc.h"
#include "lib/clock.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

unsigned long long proc_field(const char *path, const char *key)
{
	FILE *f = fopen(path, "re");
	char line[256];
	size_t n = strlen(key);
	unsigned long long v = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, key, n) == 0 && (line[n] == ' ' || line[n] == '\t') &&
		    sscanf(line + n, "%llu", &v) == 1)
			break;
	fclose(f);
	return v;
}

uint64_t proc_mem_total(void)
{
	return (uint64_t)proc_field("/proc/meminfo", "MemTotal:") * 1024;
}

#define PF_KTHREAD_FLAG 0x00200000u   /* the kernel's PF_KTHREAD in /proc/PID/stat's flags */

/* read_pid_file: /proc/PID/NAME's first len - 1 bytes into buf, ended by
 * a NUL; -1 when the process is gone or the file is empty. */
static int read_pid_file(const char *pid, const char *name, char *buf, size_t len)
{
	char path[300];
	int fd;
	ssize_t n;

	snprintf(path, sizeof path, "/proc/%s/%s", pid, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* read_stat: pgrp, flags and tick counts of one process; -1 when it is gone. */
static int read_stat(const char *pid, long *pgrp, unsigned *flags, unsigned long long ticks[4])
{
	char buf[1024];
	char *p;

	if (read_pid_file(pid, "stat", buf, sizeof buf) != 0)
		return -1;
	/* the command name may hold spaces and parentheses: fields follow the last ')' */
	p = strrchr(buf, ')');
	if (p == NULL)
		return -1;
	/* after ')': state(3) ppid(4) pgrp(5) session(6) tty(7) tpgid(8) flags(9) ...
	 * utime(14) stime(15) cutime(16) cstime(17) */
	if (sscanf(p + 1, " %*c %*d %ld %*d %*d %*d %u %*u %*u %*u %*u %llu %llu %llu %llu",
	           pgrp, flags, &ticks[0], &ticks[1], &ticks[2], &ticks[3]) != 6)
		return -1;
	return 0;
}

/* run_ns: the scheduler's own CPU time of one task in nanoseconds, the
 * first field of /proc/PID/schedstat (CONFIG_SCHED_INFO); -1 without it. */
static long long run_ns(const char *pid)
{
	char buf[128];
	long long v;

	if (read_pid_file(pid, "schedstat", buf, sizeof buf) != 0)
		return -1;
	return sscanf(buf, "%lld", &v) == 1 && v >= 0 ? v : -1;
}

/* scan: walk /proc; sum the CPU seconds and count the members of pgid
 * (each with its waited-for children, in ticks), or with pgid 0 the kernel
 * threads (their own: the scheduler's nanoseconds where schedstat has
 * them, else ticks; a tick count is whole 1/USER_HZ truncated from each of
 * utime and stime, so a thread that ran 4 ms can move it by 10 ms). */
static int scan(pid_t pgid, double *secs)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	unsigned long long ticks = 0;
	double ns = 0;
	int count = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		long pgrp;
		unsigned flags;
		unsigned long long t[4];
		long long run;
		if (!isdigit((unsigned char)e->d_name[0]) || read_stat(e->d_name, &pgrp, &flags, t) != 0)
			continue;
		if (pgid == 0 && (flags & PF_KTHREAD_FLAG)) {
			if ((run = run_ns(e->d_name)) >= 0)
				ns += (double)run;
			else
				ticks += t[0] + t[1];
		} else if (pgid != 0 && pgrp == (long)pgid)
			ticks += t[0] + t[1] + t[2] + t[3];
		else
			continue;
		count++;
	}
	closedir(d);
	*secs = (double)ticks / proc_hz() + ns / 1e9;
	return count;
}

int proc_group_cpu(pid_t pgid, double *secs)
{
	return pgid > 0 ? scan(pgid, secs) : -1;
}

int proc_kthreads_cpu(double *secs)
{
	return scan(0, secs);
}

int proc_group_count(pid_t pgid)
{
	double secs;
	return scan(pgid, &secs);
}

double proc_hz(void)
{
	long hz = sysconf(_SC_CLK_TCK);

	return (double)(hz > 0 ? hz : 100);
}

void proc_describe(int wstatus, char *buf, size_t len)
{
	if (WIFEXITED(wstatus))
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(wstatus));
	else if (WIFSIGNALED(wstatus))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(wstatus), strsignal(WTERMSIG(wstatus)));
	else
		snprintf(buf, len, "ended (status 0x%x)", wstatus);
}

/* reap_until_gone: reap members of the group until none is left or the
 * deadline passes; 0 when gone. */
static int reap_until_gone(pid_t pgid, double deadline, int *leader_done, int *leader_status)
{
	for (;;) {
		int st;
		pid_t r;
		while ((r = waitpid(-pgid, &st, WNOHANG)) > 0) {
			if (r == pgid && leader_done != NULL && !*leader_done) {
				*leader_done = 1;
				*leader_status = st;
			}
		}
		if (kill(-pgid, 0) != 0 && errno == ESRCH)
			return 0;
		if (mono_now() >= deadline)
			return -1;
		mono_sleep(0.005);
	}
}

int proc_group_stop(pid_t pgid, double grace, int *leader_done, int *leader_status)
{
	kill(-pgid, SIGTERM);
	kill(-pgid, SIGCONT);
	if (reap_until_gone(pgid, mono_now() + grace, leader_done, leader_status) == 0)
		return 0;
	kill(-pgid, SIGKILL);
	return reap_until_gone(pgid, mono_now() + 5.0, leader_done, leader_status);
}
