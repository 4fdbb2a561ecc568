/* load.c: helpers shared by load bodies: workers that die with their parent, failure, tools, disk space. */
#include "loads/load.h"
#include "lib/err.h"
#include "lib/exec.h"
#include "lib/fs.h"
#include "lib/parse.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysinfo.h>
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

/* exec_tool: in a forked worker: stdin from in_fd, stdout to out_fd and
 * stderr to err_fd (each -1: /dev/null), working directory dir_fd (-1:
 * unchanged), then exec argv; never returns. */
static _Noreturn void exec_tool(char *const argv[], int in_fd, int out_fd, int err_fd, int dir_fd)
{
	int fds[3] = { in_fd, out_fd, err_fd };

	if (exec_stdio(fds) != 0)
		_exit(127);
	if (dir_fd >= 0 && fchdir(dir_fd) != 0)
		_exit(127);
	execvp(argv[0], argv);
	_exit(127);
}

/* run_tool: fork and exec argv as a worker (exec_tool's descriptors) and
 * wait; its wait status, or -1 (errno). */
static int run_tool(char *const argv[], int out_fd, int err_fd)
{
	int st;
	pid_t pid = load_fork();

	if (pid < 0)
		return -1;
	if (pid == 0)
		exec_tool(argv, -1, out_fd, err_fd, -1);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

int load_run_tool(char *const argv[], int out_fd)
{
	return run_tool(argv, out_fd, -1);
}

int load_run_logged(char *const argv[], int log_fd)
{
	return run_tool(argv, log_fd, log_fd);
}

int load_spawn(char *const argv[], int in_fd, int out_fd, int dir_fd, int *rfd)
{
	int fds[2], e;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	pid = load_fork();
	if (pid == 0)
		exec_tool(argv, in_fd, out_fd >= 0 ? out_fd : fds[1], fds[1], dir_fd);
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

int load_dir(const char *name, const char *dir, char *errbuf, size_t errlen)
{
	char why[512];
	int fd = fs_dir_open(dir, why, sizeof why);

	if (fd < 0)
		text_fmt(errbuf, errlen, "%s: %s", name, why);
	return fd;
}

int load_clear(const char *name, int dfd, const char *dir, const char *file, char *errbuf,
               size_t errlen)
{
	struct stat st;

	if (fs_rm_own(dfd, file) == 0)
		return 0;
	if (errno == EPERM && fstatat(dfd, file, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    !fs_trusted(dfd, st.st_uid))
		text_fmt(errbuf, errlen, "%s: %s/%s is in the way and belongs to uid %u (%s), not to "
		         "contest; remove it or use another testbed", name, dir, file, (unsigned)st.st_uid,
		         fs_kind(&st));
	else
		text_fmt(errbuf, errlen, "%s: cannot remove %s/%s: %s", name, dir, file,
		         strerror(errno));
	return -1;
}

int load_fresh(const char *name, const char *dir, const char *file, uint64_t bytes, char *errbuf,
               size_t errlen)
{
	int dfd = load_dir(name, dir, errbuf, errlen);

	if (dfd < 0)
		return -1;
	if (load_clear(name, dfd, dir, file, errbuf, errlen) != 0 ||
	    load_need_space(name, dir, bytes, errbuf, errlen) != 0) {
		close(dfd);
		return -1;
	}
	return dfd;
}

void load_cleanup(const char *name, const char *dir, const char *file)
{
	char why[512];
	int fd = fs_dir_open(dir, why, sizeof why);

	/* an unusable directory or another user's entry failed prepare, which said so */
	if (fd < 0)
		return;
	if (fs_rm_own(fd, file) != 0 && errno != EPERM)
		warn("%s: cannot remove %s/%s", name, dir, file);
	close(fd);
}

uint64_t load_space_need(uint64_t bytes)
{
	return bytes + bytes / 20 + (16u << 20);
}

int load_space_free(const char *dir, uint64_t *avail)
{
	struct statvfs sv;

	if (statvfs(dir, &sv) != 0)
		return -1;
	*avail = (uint64_t)sv.f_bavail * sv.f_frsize;
	return 0;
}

int load_swap_active(void)
{
	struct sysinfo si;
	char line[256];
	int lines = 0;
	FILE *f = fopen("/proc/swaps", "re");

	if (f) {
		while (fgets(line, sizeof line, f))
			lines++;
		fclose(f);
		if (lines > 1)
			return 1;
	}
	return sysinfo(&si) == 0 && si.totalswap > 0;
}

int load_need_space(const char *name, const char *dir, uint64_t bytes, char *errbuf, size_t errlen)
{
	uint64_t avail, need = load_space_need(bytes);
	char a[32], b[32];

	if (load_space_free(dir, &avail) != 0) {
		text_fmt(errbuf, errlen, "%s: cannot check free space in %s: %s", name, dir, strerror(errno));
		return -1;
	}
	if (avail >= need)
		return 0;
	text_fmt(errbuf, errlen, "%s needs %s free in %s, only %s is", name,
	         parse_fmt_size(need, a, sizeof a), dir, parse_fmt_size(avail, b, sizeof b));
	return -1;
}

int load_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}
