/* exec.c: a program found through PATH, and a program run without a shell, in a process group of its own, to its end or a time limit, its output captured up to a bound. */
#include "lib/exec.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define EXEC_GRACE 1.0        /* seconds between SIGTERM and SIGKILL at the limit */
#define EXEC_FIRST 16384      /* the first size of the stdout buffer */

int exec_which(const char *name, char *out, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;
	struct stat st;

	if (path != NULL && *path != '\0' && *name != '\0' && strchr(name, '/') == NULL)
		for (p = path; ; p = end + 1) {
			end = strchr(p, ':');
			if (end == NULL)
				end = p + strlen(p);
			if (end > p && fs_path(out, len, "%.*s/%s", (int)(end - p), p, name) == 0 &&
			    stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
				return 0;
			if (*end == '\0')
				break;
		}
	errno = ENOENT;
	return -1;
}

/* close_above_2: every descriptor above 2 closed (close_range, else one by one). */
static void close_above_2(void)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0)
		return;
#endif
	long max = sysconf(_SC_OPEN_MAX);

	for (long fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
		close((int)fd);
}

int exec_stdio(int fd[3])
{
	int nul = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (nul < 0)
		return -1;
	/* above 2 first, so that no dup2 below overwrites a descriptor still needed */
	for (int i = 0; i < 3; i++)
		if ((fd[i] = fcntl(fd[i] >= 0 ? fd[i] : nul, F_DUPFD_CLOEXEC, 3)) < 0)
			return -1;
	for (int i = 0; i < 3; i++)
		if (dup2(fd[i], i) < 0)
			return -1;
	return 0;
}

/* child: in the forked child: its own process group, stdin, stdout and
 * stderr from fd[0..2] (-1: /dev/null) and no other descriptor, the
 * signals contest handles back to their defaults and none blocked, then
 * exec path; never returns (127 when it cannot start). */
static _Noreturn void child(const struct exec *x, const char *path, pid_t parent, int fd[3])
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGPIPE, SIGCHLD };
	sigset_t none;

	setpgid(0, 0);
	if (x->die_with_parent && (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent))
		_exit(127);
	if (exec_stdio(fd) != 0)
		_exit(127);
	close_above_2();
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execv(path, x->argv);
	dprintf(STDERR_FILENO, "cannot run %s: %s\n", path, strerror(errno));
	_exit(127);
}

/* read_out: one read of fd into x's stdout buffer, grown up to out_max
 * (past it, or without memory, read and dropped: out_cut); read's result. */
static ssize_t read_out(struct exec *x, int fd, size_t *cap)
{
	char drop[4096], *more;
	ssize_t r;

	if (x->out_len + 1 == *cap && x->out_len < x->out_max) {
		size_t want = *cap * 2 > x->out_max + 1 ? x->out_max + 1 : *cap * 2;
		if ((more = realloc(x->out, want)) != NULL) {
			x->out = more;
			*cap = want;
		}
	}
	if (x->out_len + 1 == *cap) {
		if ((r = read(fd, drop, sizeof drop)) > 0)
			x->out_cut = 1;
		return r;
	}
	if ((r = read(fd, x->out + x->out_len, *cap - 1 - x->out_len)) > 0) {
		x->out_len += (size_t)r;
		x->out[x->out_len] = '\0';
	}
	return r;
}

/* read_err: one read of fd into x->err, which keeps the end: when a read
 * does not fit, the buffer starts again with it (the last line matters). */
static ssize_t read_err(struct exec *x, int fd, size_t *n)
{
	char buf[4096];
	ssize_t r = read(fd, buf, sizeof buf);
	size_t k;

	if (r <= 0)
		return r;
	if (*n + (size_t)r >= sizeof x->err)
		*n = 0;
	k = (size_t)r < sizeof x->err - 1 ? (size_t)r : sizeof x->err - 1;
	memcpy(x->err + *n, buf + (size_t)r - k, k);
	*n += k;
	x->err[*n] = '\0';
	return r;
}

/* drain: the pipes out and err (-1: none) read until both end; 1 when
 * deadline (0: none) passed first, else 0. */
static int drain(struct exec *x, int out, int err, size_t cap, double deadline)
{
	struct pollfd pf[2] = { { .fd = out, .events = POLLIN }, { .fd = err, .events = POLLIN } };
	size_t nerr = 0;

	while (pf[0].fd >= 0 || pf[1].fd >= 0) {
		double left = deadline - mono_now();
		if (deadline > 0 && left <= 0)
			return 1;
		if (poll(pf, 2, deadline <= 0 ? -1 : left > 3600 ? 3600000 : (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		for (int i = 0; i < 2; i++) {
			if (pf[i].fd < 0 || pf[i].revents == 0)
				continue;
			ssize_t r = i == 0 ? read_out(x, pf[i].fd, &cap) : read_err(x, pf[i].fd, &nerr);
			if (r < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			if (r <= 0)
				pf[i].fd = -1;
		}
	}
	return 0;
}

/* reap: wait for pid until deadline (0: none); 0 when it ended (*st its
 * status), 1 when deadline passed first, -1 when it cannot be waited for. */
static int reap(pid_t pid, int *st, double deadline)
{
	for (;;) {
		pid_t w = waitpid(pid, st, deadline > 0 ? WNOHANG : 0);
		if (w == pid)
			return 0;
		if (w < 0 && errno != EINTR)
			return -1;
		if (w == 0 && mono_now() >= deadline)
			return 1;
		if (w == 0)
			mono_sleep(0.01);
	}
}

/* stop: pid's group ended at the limit and its members reaped; pid's status into *st. */
static void stop(pid_t pid, int *st)
{
	int done = 0;

	proc_group_stop(pid, EXEC_GRACE, &done, st);
	if (!done) {
		kill(pid, SIGKILL);   /* it left the group */
		while (waitpid(pid, st, 0) < 0 && errno == EINTR)
			;
	}
}

/* closed: the descriptors of fd[0..n) that are open closed, each set to -1; errno kept. */
static void closed(int *fd, int n)
{
	int e = errno;

	for (int i = 0; i < n; i++)
		if (fd[i] >= 0) {
			close(fd[i]);
			fd[i] = -1;
		}
	errno = e;
}

int exec_run(struct exec *x)
{
	char path[PATH_MAX];
	int o[2] = { -1, -1 }, e[2] = { -1, -1 }, fd[3], rc = 0;
	size_t cap = x->out_max + 1 < EXEC_FIRST ? x->out_max + 1 : EXEC_FIRST;
	double deadline = x->limit > 0 ? mono_now() + x->limit : 0;
	pid_t parent = getpid(), pid;

	x->out = NULL;
	x->out_len = 0;
	x->out_cut = x->timed_out = 0;
	x->err[0] = '\0';
	x->status = -1;
	if (x->path == NULL ? exec_which(x->argv[0], path, sizeof path) != 0 : fs_path(path, sizeof path, "%s", x->path) != 0)
		return -1;
	if (x->out_max > 0 && ((x->out = calloc(1, cap)) == NULL || pipe2(o, O_CLOEXEC) != 0))
		goto fail;
	if (x->keep_err && !x->err_to_out && pipe2(e, O_CLOEXEC) != 0)
		goto fail;
	fd[0] = x->in > 0 ? x->in : -1;
	fd[1] = o[1];
	fd[2] = x->err_to_out ? o[1] : e[1];
	if ((pid = fork()) < 0)
		goto fail;
	if (pid == 0)
		child(x, path, parent, fd);
	setpgid(pid, pid);   /* as the child does: the group is there whoever runs first */
	closed(&o[1], 1);
	closed(&e[1], 1);
	x->timed_out = drain(x, o[0], e[0], cap, deadline);
	closed(&o[0], 1);
	closed(&e[0], 1);
	if (!x->timed_out && (rc = reap(pid, &x->status, deadline)) < 0)
		return -1;   /* reaped elsewhere (SIGCHLD ignored?): x->status -1, errno ECHILD */
	if (x->timed_out || rc == 1) {
		x->timed_out = 1;
		stop(pid, &x->status);
	}
	return !x->timed_out && WIFEXITED(x->status) ? WEXITSTATUS(x->status) : -1;
fail:
	closed(o, 2);
	closed(e, 2);
	exec_free(x);
	return -1;
}

void exec_free(struct exec *x)
{
	int e = errno;

	free(x->out);
	x->out = NULL;
	errno = e;
}
