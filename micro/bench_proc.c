/* bench_proc.c: the "processor, processes" microbenchmarks: null call and I/O, stat, open/close, select, signals, fork, exec, shell. */
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/bench_proc.h"
#include "micro/harness.h"
#include "micro/proc_fork.h"
#include "micro/suite.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

enum { PROC_NSOCK = 100 };             /* descriptors select() is told of */

#define PROC_TRUE "/bin/true"          /* the tiny program exec and sh run */
#define PROC_SH "/bin/sh"
/* The shell command, as lmbench's lat_proc gives it: the program alone, which
 * a shell such as dash execs in place of itself (no second fork). */
#define PROC_SH_CMD PROC_TRUE

/* proc_measure: time loop through the harness and add it as metric id (us). */
static void proc_measure(const struct micro_opts *o, struct micro_set *set, enum micro_id id,
			 micro_loop_fn loop, void *state)
{
	struct micro_value v;

	micro_time_ns(o, loop, state, &v);
	micro_put_time(set, id, &v);
}

/* null_call_loop: n getppid system calls, made raw so libc cannot cache them. */
static int null_call_loop(void *state, uint64_t n)
{
	(void)state;
	for (uint64_t i = 0; i < n; i++)
		if (syscall(SYS_getppid) < 0)
			return micro_fail_errno("getppid");
	return 0;
}

/* null_read_loop: n 1-byte reads from the descriptor *state (/dev/zero). */
static int null_read_loop(void *state, uint64_t n)
{
	int fd = *(int *)state;
	char c;

	for (uint64_t i = 0; i < n; i++)
		if (read(fd, &c, 1) != 1)
			return micro_fail_errno("read /dev/zero");
	return 0;
}

/* null_write_loop: n 1-byte writes to the descriptor *state (/dev/null). */
static int null_write_loop(void *state, uint64_t n)
{
	int fd = *(int *)state;
	char c = 0;

	for (uint64_t i = 0; i < n; i++)
		if (write(fd, &c, 1) != 1)
			return micro_fail_errno("write /dev/null");
	return 0;
}

/* proc_null_io: null_io, the mean of a 1-byte read of /dev/zero and a
 * 1-byte write to /dev/null; the spread is the larger of the two. */
static void proc_null_io(const struct micro_opts *o, struct micro_set *set)
{
	struct micro_value r, w;
	int zfd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	int nfd = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (zfd < 0 || nfd < 0) {
		micro_put_na(set, MID_NULL_IO, "cannot open /dev/zero or /dev/null");
	} else if (micro_time_ns(o, null_read_loop, &zfd, &r) != 0) {
		micro_put(set, MID_NULL_IO, &r);
	} else if (micro_time_ns(o, null_write_loop, &nfd, &w) != 0) {
		micro_put(set, MID_NULL_IO, &w);
	} else {
		micro_put_value(set, MID_NULL_IO, (r.value + w.value) / 2000.0,
				r.spread > w.spread ? r.spread : w.spread);
	}
	if (zfd >= 0)
		close(zfd);
	if (nfd >= 0)
		close(nfd);
}

/* stat_loop: n stat() calls of the path *state. */
static int stat_loop(void *state, uint64_t n)
{
	const char *path = state;
	struct stat st;

	for (uint64_t i = 0; i < n; i++)
		if (stat(path, &st) != 0)
			return micro_fail_errno("stat");
	return 0;
}

/* open_close_loop: n open() + close() pairs of the path *state. */
static int open_close_loop(void *state, uint64_t n)
{
	const char *path = state;

	for (uint64_t i = 0; i < n; i++) {
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			return micro_fail_errno("open");
		if (close(fd) != 0)
			return micro_fail_errno("close");
	}
	return 0;
}

/* proc_files: stat and open_close of a file created in o->dir (removed after). */
static void proc_files(const struct micro_opts *o, struct micro_set *set)
{
	char path[4096], why[128];
	int fd = -1;

	if (fs_path(path, sizeof(path), "%s/proc_stat_file", o->dir) != 0 ||
	    (fd = fs_create_at(AT_FDCWD, path, O_WRONLY, 0644)) < 0) {
		text_fmt(why, sizeof(why), "create %s: %s", "proc_stat_file", strerror(errno));
		micro_put_na(set, MID_STAT, why);
		micro_put_na(set, MID_OPEN_CLOSE, why);
		return;
	}
	close(fd);
	proc_measure(o, set, MID_STAT, stat_loop, path);
	proc_measure(o, set, MID_OPEN_CLOSE, open_close_loop, path);
	unlink(path);
}

/* The descriptors select() watches: dups of one connected socket. */
struct select_state {
	int fd[PROC_NSOCK];
	int nfd;          /* how many are open */
	fd_set set;
};

/* select_loop: n select() calls with zero timeout for writing, told of
 * PROC_NSOCK descriptors (nfds), as lmbench's lat_select calls it. */
static int select_loop(void *state, uint64_t n)
{
	struct select_state *s = state;

	for (uint64_t i = 0; i < n; i++) {
		fd_set w = s->set;
		struct timeval tv = { 0, 0 };
		if (select(PROC_NSOCK, NULL, &w, NULL, &tv) < 0)
			return micro_fail_errno("select");
	}
	return 0;
}

/* select_socket: a TCP socket connected to listener *lfd on 127.0.0.1
 * (never accepted: the backlog holds it), or -1 with why set. */
static int select_socket(int *lfd, char *why, size_t len)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = 0,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof(a);
	int fd = -1;

	*lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*lfd < 0 || bind(*lfd, (struct sockaddr *)&a, sizeof(a)) != 0 || listen(*lfd, 1) != 0 ||
	    getsockname(*lfd, (struct sockaddr *)&a, &alen) != 0)
		text_fmt(why, len, "listen on 127.0.0.1: %s", strerror(errno));
	else if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
		 connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
		text_fmt(why, len, "connect to 127.0.0.1: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	return fd;
}

/* proc_select: select_tcp as lmbench's lat_select -n 100 tcp measures it:
 * one loopback TCP connection, duplicated 100 times, watched for writing
 * (each is ready) with nfds 100, so that the duplicates numbered 100 or
 * more are not watched, as in lmbench. 100 listening sockets, each its
 * own, cost more a call than the duplicates and lmbench's
 * (docs/measurements.md: select). */
static void proc_select(const struct micro_opts *o, struct micro_set *set)
{
	struct select_state s = { .nfd = 0 };
	char why[128] = "";
	int lfd = -1, watched = 0;
	int fd = select_socket(&lfd, why, sizeof(why));

	FD_ZERO(&s.set);
	while (fd >= 0 && s.nfd < PROC_NSOCK) {
		int d = fcntl(fd, F_DUPFD_CLOEXEC, 0);
		if (d < 0) {
			text_fmt(why, sizeof(why), "dup: %s", strerror(errno));
			break;
		}
		s.fd[s.nfd++] = d;
		if (d < PROC_NSOCK) {
			FD_SET(d, &s.set);
			watched++;
		}
	}
	if (fd >= 0)
		close(fd);
	if (!why[0] && watched == 0)
		text_fmt(why, sizeof(why), "no descriptor below %d to watch", PROC_NSOCK);
	if (why[0])
		micro_put_na(set, MID_SELECT_TCP, why);
	else
		proc_measure(o, set, MID_SELECT_TCP, select_loop, &s);
	for (int i = 0; i < s.nfd; i++)
		close(s.fd[i]);
	if (lfd >= 0)
		close(lfd);
}

static volatile sig_atomic_t proc_caught;

/* proc_on_usr1: the handler whose cost sig_hndl measures: counts. */
static void proc_on_usr1(int sig)
{
	(void)sig;
	proc_caught++;
}

/* sig_inst_loop: n sigaction() installs of the SIGUSR1 handler, each
 * reading the old action back (lmbench's lat_sig install). */
static int sig_inst_loop(void *state, uint64_t n)
{
	struct sigaction sa, old;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = proc_on_usr1;
	for (uint64_t i = 0; i < n; i++) {
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGUSR1, &sa, &old) != 0)  /* the old one read back, as lmbench's */
			return micro_fail_errno("sigaction");
	}
	return 0;
}

/* sig_hndl_loop: n kill(getpid(), SIGUSR1), each caught by the handler. */
static int sig_hndl_loop(void *state, uint64_t n)
{
	pid_t self = *(pid_t *)state;

	proc_caught = 0;
	for (uint64_t i = 0; i < n; i++)
		if (kill(self, SIGUSR1) != 0)
			return micro_fail_errno("kill");
	if ((uint64_t)proc_caught != n)
		return micro_fail("%llu of %llu signals caught", (unsigned long long)proc_caught,
				  (unsigned long long)n);
	return 0;
}

/* sig_send_loop: n kill(getpid(), 0): sending without a signal, the cost
 * sig_hndl subtracts (lmbench's "catch less the cost of sending"). */
static int sig_send_loop(void *state, uint64_t n)
{
	pid_t self = *(pid_t *)state;

	for (uint64_t i = 0; i < n; i++)
		if (kill(self, 0) != 0)
			return micro_fail_errno("kill");
	return 0;
}

/* micro_sig_catch: see bench_proc.h. SIGUSR1's disposition and the signal mask
 * are restored afterwards. */
int micro_sig_catch(const struct micro_opts *o, struct micro_value *v)
{
	struct micro_value send;
	struct sigaction sa, old;
	sigset_t usr1, oldmask;
	pid_t self = getpid();
	int rc = -1;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = proc_on_usr1;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigaction(SIGUSR1, &sa, &old) != 0) {
		memset(v, 0, sizeof(*v));
		micro_fail_errno("sigaction SIGUSR1");
		micro_why(v->reason, sizeof(v->reason));
		return -1;
	}
	sigprocmask(SIG_UNBLOCK, &usr1, &oldmask);
	if (micro_time_ns(o, sig_send_loop, &self, &send) != 0) {
		*v = send;
	} else if (micro_time_ns(o, sig_hndl_loop, &self, v) == 0) {
		v->value = v->value > send.value ? v->value - send.value : 0;
		rc = 0;
	}
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
	sigaction(SIGUSR1, &old, NULL);
	return rc;
}

/* proc_signals: sig_inst and sig_hndl; SIGUSR1's disposition is restored
 * afterwards. */
static void proc_signals(const struct micro_opts *o, struct micro_set *set)
{
	struct sigaction old;
	struct micro_value v;

	if (sigaction(SIGUSR1, NULL, &old) != 0) {
		micro_put_na(set, MID_SIG_INST, "sigaction SIGUSR1 failed");
	} else {
		proc_measure(o, set, MID_SIG_INST, sig_inst_loop, NULL);
		sigaction(SIGUSR1, &old, NULL);
	}
	micro_sig_catch(o, &v);
	micro_put_time(set, MID_SIG_HNDL, &v);
}

/* proc_reap: wait for child pid (killing it if waiting fails); 0 when it
 * exited with status 0, else -1 with a reason. */
static int proc_reap(pid_t pid, const char *what)
{
	int st;

	for (;;) {
		if (waitpid(pid, &st, 0) == pid)
			break;
		if (errno == EINTR)
			continue;
		int e = errno;
		kill(pid, SIGKILL);
		if (waitpid(pid, &st, 0) == pid)
			break;
		errno = e;
		return micro_fail_errno("waitpid");
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return micro_fail("%s: child status 0x%x", what, (unsigned)st);
	return 0;
}

/* proc_spawn: fork a child that runs argv[0] with the environment envp
 * (dying with us) or, when argv is NULL, leaves at once through the C
 * library's exit(), as lmbench's lat_proc fork child does (Fork proc's
 * fallback when contest-forker is not there); wait for it.
 * That exit runs the atexit handlers (contest's act only in the process
 * that registered them) and flushes stdio (flushed before the loop), and
 * its writes fault copies of the shared pages, which makes fork + exit()
 * slower than fork + _exit (docs/measurements.md: fork proc). 0 when the
 * child exited with status 0, else -1 with a reason. */
static int proc_spawn(char *const argv[], char *const envp[], pid_t parent)
{
	pid_t pid = fork();

	if (pid < 0)
		return micro_fail_errno("fork");
	if (pid == 0) {
		if (!argv)
			exit(0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		execve(argv[0], argv, envp);
		_exit(127);
	}
	return proc_reap(pid, argv ? argv[0] : "fork");
}

/* The program a spawn loop runs (NULL: none) and the parent's pid. */
struct spawn_state {
	char *const *argv;
	char *const *envp;  /* the program's environment */
	pid_t self;
};

/* spawn_loop: n fork (+ exec of argv) + wait, each child reaped. */
static int spawn_loop(void *state, uint64_t n)
{
	struct spawn_state *s = state;

	for (uint64_t i = 0; i < n; i++)
		if (proc_spawn(s->argv, s->envp, s->self) != 0)
			return -1;
	return 0;
}

/* proc_spawns: fork_proc (fork + exit + wait, in contest-forker, else here:
 * micro_fork_proc), exec_proc (fork + execve
 * /bin/true with an empty environment + wait, as lmbench's lat_proc exec)
 * and sh_proc (fork + /bin/sh -c /bin/true with contest's own environment,
 * as lat_proc shell's execlp passes its own, + wait: the shell execs the
 * program in place). */
static void proc_spawns(const struct micro_opts *o, struct micro_set *set)
{
	static char *const true_argv[] = { PROC_TRUE, NULL };
	static char *const sh_argv[] = { PROC_SH, "-c", PROC_SH_CMD, NULL };
	static char *const no_env[] = { NULL };
	struct spawn_state s = { .argv = NULL, .envp = no_env, .self = getpid() };

	struct micro_value v;

	fflush(NULL);  /* nothing buffered for the fork children's exit() to write again */
	micro_fork_proc(o, spawn_loop, &s, &v);
	micro_put_time(set, MID_FORK_PROC, &v);
	if (access(PROC_TRUE, X_OK) != 0) {
		micro_put_na(set, MID_EXEC_PROC, PROC_TRUE " not executable");
		micro_put_na(set, MID_SH_PROC, PROC_TRUE " not executable");
		return;
	}
	s.argv = true_argv;
	proc_measure(o, set, MID_EXEC_PROC, spawn_loop, &s);
	if (access(PROC_SH, X_OK) != 0) {
		micro_put_na(set, MID_SH_PROC, PROC_SH " not executable");
		return;
	}
	s.argv = sh_argv;
	s.envp = environ;
	proc_measure(o, set, MID_SH_PROC, spawn_loop, &s);
}

/* micro_group_proc: see suite.h. Adds null_call, null_io, stat,
 * open_close, select_tcp, sig_inst, sig_hndl, fork_proc, exec_proc and
 * sh_proc, all in microseconds per operation. */
void micro_group_proc(const struct micro_opts *o, struct micro_set *set)
{
	proc_measure(o, set, MID_NULL_CALL, null_call_loop, NULL);
	proc_null_io(o, set);
	proc_files(o, set);
	proc_select(o, set);
	proc_signals(o, set);
	proc_spawns(o, set);
}
