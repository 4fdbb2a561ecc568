/* ksys.c: the real side of a kernel build's seam: a program run in a folder with its output to a log or captured, the CPUs counted, a program looked up in PATH. */
#include "contest/kbuild/ksys.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

const struct kbuild_sys kbuild_sys_real = { ksys_run, ksys_cpus, ksys_have, NULL };

/* child: in the new process: killed with parent, its streams set (fd
 * the log or the pipe's end, -1 none), in cwd, then argv; never returns. */
static _Noreturn void child(char *const argv[], const char *cwd, int out, int to_log, pid_t parent)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	if (null >= 0)
		dup2(null, 0);
	if (out >= 0)
		dup2(out, 1);
	dup2(to_log ? out : null, 2);
	if (cwd != NULL && chdir(cwd) != 0) {
		dprintf(2, "kbuild: cannot enter %s: %s\n", cwd, strerror(errno));
		_exit(127);
	}
	execvp(argv[0], argv);
	dprintf(2, "kbuild: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* drain: fd read to its end, the first olen - 1 bytes kept in out. */
static void drain(int fd, char *out, size_t olen)
{
	size_t n = 0;
	char sink[4096];
	ssize_t r;

	for (;;) {
		char *to = n + 1 < olen ? out + n : sink;
		size_t room = n + 1 < olen ? olen - 1 - n : sizeof sink;
		if ((r = read(fd, to, room)) == 0 || (r < 0 && errno != EINTR))
			break;
		if (r > 0 && to != sink)
			n += (size_t)r;
	}
	if (olen > 0)
		out[n] = '\0';
}

int ksys_run(void *ctx, char *const argv[], const char *cwd, const char *log, char *out, size_t olen, char *why,
             size_t len)
{
	int fd = -1, p[2] = { -1, -1 }, st;
	pid_t pid, parent = getpid();

	(void)ctx;
	if (log != NULL && (fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) < 0) {
		text_fmt(why, len, "cannot write the build log %s: %s", log, strerror(errno));
		return -1;
	}
	if (log == NULL && pipe2(p, O_CLOEXEC) != 0) {
		text_fmt(why, len, "cannot run %s: %s", argv[0], strerror(errno));
		return -1;
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		text_fmt(why, len, "cannot run %s: %s", argv[0], strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (pid == 0)
		child(argv, cwd, log ? fd : p[1], log != NULL, parent);
	if (fd >= 0)
		close(fd);
	if (log == NULL) {
		close(p[1]);
		drain(p[0], out, olen);
		close(p[0]);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			text_fmt(why, len, "cannot wait for %s: %s", argv[0], strerror(errno));
			return -1;
		}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int ksys_cpus(void *ctx)
{
	cpu_set_t set;
	int n;

	(void)ctx;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && (n = CPU_COUNT(&set)) > 0)
		return n;
	n = (int)sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? n : 1;
}

int ksys_have(void *ctx, const char *prog)
{
	const char *path = getenv("PATH"), *p, *end;
	char file[PATH_MAX];

	(void)ctx;
	for (p = path ? path : "/usr/bin:/bin"; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ':');
		if (end > p && snprintf(file, sizeof file, "%.*s/%s", (int)(end - p), p, prog) < (int)sizeof file &&
		    access(file, X_OK) == 0)
			return 1;
	}
	return 0;
}
