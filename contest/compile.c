/* compile.c: run one command of the workload (make, make clean), timed with wait4 and the monotonic clock. */
#include "compile.h"
#include "proc.h"
#include "sig.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* exec_child: in the forked child: set up and exec argv; never returns. */
static _Noreturn void exec_child(pid_t parent, const char *dir, char *const argv[], int logfd)
{
	static const char *const makevars[] = { "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES",
	                                        "GNUMAKEFLAGS", "MAKE_TERMOUT", "MAKE_TERMERR" };
	if (proc_child_setup(parent) != 0)
		_exit(127);
	if (dup2(logfd, STDOUT_FILENO) < 0 || dup2(logfd, STDERR_FILENO) < 0)
		_exit(127);
	for (size_t i = 0; i < sizeof makevars / sizeof makevars[0]; i++)
		unsetenv(makevars[i]);
	if (chdir(dir) != 0) {
		dprintf(STDERR_FILENO, "contest: cannot enter %s: %s\n", dir, strerror(errno));
		_exit(127);
	}
	execvp(argv[0], argv);
	dprintf(STDERR_FILENO, "contest: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int compile_run(const char *dir, char *const argv[], const char *log,
                void (*tick)(void *arg, double elapsed), void *arg,
                struct compile_result *res, char *errbuf, size_t errlen)
{
	pid_t parent = getpid(), pid, r;
	int logfd, st = 0;
	double t0;

	memset(res, 0, sizeof *res);
	logfd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (logfd < 0) {
		snprintf(errbuf, errlen, "cannot open log %s: %s", log, strerror(errno));
		return COMPILE_FAILED;
	}
	fflush(NULL);
	sig_ticker(0.5);
	t0 = util_now();
	pid = fork();
	if (pid < 0) {
		sig_ticker(0);
		close(logfd);
		snprintf(errbuf, errlen, "fork: %s", strerror(errno));
		return COMPILE_FAILED;
	}
	if (pid == 0)
		exec_child(parent, dir, argv, logfd);
	setpgid(pid, pid);
	close(logfd);
	for (;;) {
		r = wait4(pid, &st, 0, &res->ru);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			snprintf(errbuf, errlen, "wait4: %s", strerror(errno));
			break;
		}
		if (sig_caught)
			break;
		if (tick != NULL)
			tick(arg, util_now() - t0);
	}
	res->time = util_now() - t0;
	sig_ticker(0);
	if (r != pid) {
		int done = 0;
		proc_group_stop(pid, 2.0, &done, &st);
		return sig_caught ? COMPILE_INTR : COMPILE_FAILED;
	}
	/* make is gone; anything it left behind in its group goes too */
	if (kill(-pid, 0) == 0)
		proc_group_stop(pid, 1.0, NULL, NULL);
	res->wstatus = st;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return COMPILE_OK;
	char how[96];
	proc_describe(st, how, sizeof how);
	snprintf(errbuf, errlen, "%s %s (log: %s)", argv[0], how, log);
	return COMPILE_FAILED;
}

void compile_log_tail(const char *log, int n)
{
	FILE *f = fopen(log, "re");
	char *lines[64] = { 0 };
	char buf[512];
	int count = 0;

	if (f == NULL || n <= 0)
		goto out;
	if (n > 64)
		n = 64;
	while (fgets(buf, sizeof buf, f) != NULL) {
		free(lines[count % n]);
		lines[count % n] = strdup(buf);
		count++;
	}
	for (int i = count > n ? count - n : 0; i < count; i++)
		fprintf(stderr, "    %s%s", lines[i % n] ? lines[i % n] : "",
		        lines[i % n] && strchr(lines[i % n], '\n') ? "" : "\n");
out:
	for (int i = 0; i < 64; i++)
		free(lines[i]);
	if (f != NULL)
		fclose(f);
}
