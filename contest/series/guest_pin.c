/* guest_pin.c: a QEMU guest's vCPU threads, found by their names in /proc, each pinned to a CPU of its own. */
#include "contest/series/guest_pin.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

int guest_pin_vcpu(const char *comm)
{
	char *end;
	long n;

	if (strncmp(comm, "CPU ", 4) != 0 || comm[4] < '0' || comm[4] > '9')
		return -1;
	n = strtol(comm + 4, &end, 10);
	if (n > 4095 || (strncmp(end, "/TCG", 4) != 0 && strncmp(end, "/KVM", 4) != 0))
		return -1;
	end += 4;
	return *end == '\0' || *end == '\n' ? (int)n : -1;
}

int guest_pin_find(const char *procroot, pid_t pid, int vcpus, pid_t *tid)
{
	char dir[PATH_MAX], rel[64];
	struct dirent *e;
	DIR *d;
	int found = 0;

	for (int i = 0; i < vcpus; i++)
		tid[i] = 0;
	if (fs_path(dir, sizeof dir, "%s/%ld/task", procroot, (long)pid) != 0 || (d = opendir(dir)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		char *text, *end;
		long t = strtol(e->d_name, &end, 10);
		int n;
		if (e->d_name[0] == '.' || *end != '\0' || t <= 0)
			continue;
		snprintf(rel, sizeof rel, "%ld/comm", t);
		if ((text = text_read(dir, rel, 256, NULL, NULL)) == NULL)
			continue;
		n = guest_pin_vcpu(text);
		free(text);
		if (n >= 0 && n < vcpus && tid[n] == 0) {
			tid[n] = (pid_t)t;
			found++;
		}
	}
	closedir(d);
	return found;
}

int guest_pin_cpus(int *cpu, int max)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof set, &set) != 0)
		return 0;
	for (int c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpu[n++] = c;
	return n;
}

int guest_pin(pid_t pid, int vcpus, char *why, size_t len)
{
	static pid_t tid[CPU_SETSIZE];
	static int cpu[CPU_SETSIZE];
	struct timespec tick = { 0, 20000000 };
	int ncpu = guest_pin_cpus(cpu, CPU_SETSIZE), found = 0;

	if (vcpus > ncpu || vcpus > CPU_SETSIZE) {
		text_fmt(why, len, "--pin: %d vCPUs but %d CPUs to pin them to", vcpus, ncpu);
		return -1;
	}
	for (int i = 0; i < GUEST_PIN_WAIT * 50 && (found = guest_pin_find("/proc", pid, vcpus, tid)) < vcpus;
	     i++) {
		siginfo_t si = { 0 };
		/* QEMU ended (refused the image): nothing to pin; left for its reaper */
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid)
			return 1;
		nanosleep(&tick, NULL);
	}
	if (found < vcpus) {
		text_fmt(why, len, "--pin: QEMU showed %d of its %d vCPU threads (named CPU n/TCG or CPU n/KVM) "
		         "in %d s", found < 0 ? 0 : found, vcpus, GUEST_PIN_WAIT);
		return -1;
	}
	for (int i = 0; i < vcpus; i++) {
		cpu_set_t one;
		CPU_ZERO(&one);
		CPU_SET(cpu[i], &one);
		if (sched_setaffinity(tid[i], sizeof one, &one) != 0) {
			text_fmt(why, len, "--pin: vCPU %d (thread %ld) to CPU %d: %s", i, (long)tid[i], cpu[i],
			         strerror(errno));
			return -1;
		}
	}
	return 0;
}
