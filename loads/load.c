/* load.c: helpers shared by load bodies: workers that die with their parent, failure, tools, disk space. */
#include "load.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

int load_fork(void)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(0);
	}
	return pid;
}

void load_fail(struct load_counter *c, const char *fmt, ...)
{
	int expect = 0;
	va_list ap;

	if (atomic_compare_exchange_strong(&c->failed, &expect, 2)) {
		va_start(ap, fmt);
		vsnprintf(c->reason, sizeof c->reason, fmt, ap);
		va_end(ap);
		atomic_store(&c->failed, 1);
	}
	_exit(1);
}

void load_supervise(struct load_counter *c)
{
	int st;
	pid_t pid;
	char how[96];

	for (;;) {
		pid = wait(&st);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			load_fail(c, "the load has no worker left");
		proc_describe(st, how, sizeof how);
		load_fail(c, "a worker of the load (pid %d) %s", (int)pid, how);
	}
}

/* exec_tool: in a forked worker: stdin from /dev/null, stdout to out_fd and
 * stderr to err_fd (-1: /dev/null), then exec argv; never returns. */
static _Noreturn void exec_tool(char *const argv[], int out_fd, int err_fd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0 || dup2(null, STDIN_FILENO) < 0 ||
	    dup2(out_fd >= 0 ? out_fd : null, STDOUT_FILENO) < 0 ||
	    dup2(err_fd >= 0 ? err_fd : null, STDERR_FILENO) < 0)
		_exit(127);
	execvp(argv[0], argv);
	_exit(127);
}

int load_run_tool(char *const argv[], int out_fd)
{
	int st;
	pid_t pid = load_fork();

	if (pid < 0)
		return -1;
	if (pid == 0)
		exec_tool(argv, out_fd, -1);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

int load_spawn_piped(char *const argv[], int *rfd)
{
	int fds[2], e;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	pid = load_fork();
	if (pid == 0)
		exec_tool(argv, fds[1], fds[1]);
	e = errno;
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		errno = e;
		return -1;
	}
	*rfd = fds[0];
	return pid;
}

int load_need_space(const char *name, const char *dir, uint64_t bytes, char *errbuf, size_t errlen)
{
	struct statvfs sv;
	uint64_t avail, need = bytes + bytes / 20 + (16u << 20);
	char a[32], b[32];

	if (statvfs(dir, &sv) != 0) {
		util_fmt(errbuf, errlen, "%s: cannot check free space in %s: %s", name, dir, strerror(errno));
		return -1;
	}
	avail = (uint64_t)sv.f_bavail * sv.f_frsize;
	if (avail >= need)
		return 0;
	util_fmt(errbuf, errlen, "%s needs %s free in %s, only %s is", name,
	         util_fmt_size_h(need, a, sizeof a), dir, util_fmt_size_h(avail, b, sizeof b));
	return -1;
}
