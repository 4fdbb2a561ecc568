/* guard.c: a watcher process that ends the compile's and the loads' process groups when contest itself is killed outright. */
#include "contest/sys/guard.h"
#include "contest/sys/lock.h"
#include "contest/sys/undo.h"
#include "lib/err.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_GROUPS 32

static int gfd = -1;       /* contest's end of the socket (also in its children until they enlist) */
static pid_t gpid;         /* the watcher */
static pid_t gowner;       /* the process that started it */

/* tell: send one message (a group to watch, its negation to forget, 0 to
 * stop); a watcher that is gone is not an error. */
static void tell(int32_t v)
{
	if (gfd >= 0)
		while (send(gfd, &v, sizeof v, MSG_NOSIGNAL) < 0 && errno == EINTR)
			;
}

/* on_parent_death: the parent-death signal only interrupts poll. */
static void on_parent_death(int signo)
{
	(void)signo;
}

/* apply: one message to the set of watched groups; 1 when it says stop. */
static int apply(int32_t v, pid_t *groups, int *n)
{
	if (v == 0)
		return 1;
	if (v > 0) {
		if (*n < MAX_GROUPS)
			groups[(*n)++] = (pid_t)v;
		return 0;
	}
	for (int i = 0; i < *n; i++)
		if (groups[i] == (pid_t)-v) {
			groups[i] = groups[--*n];
			break;
		}
	return 0;
}

/* watch: the watcher's life: collect groups until told to stop (contest
 * ended them itself) or until contest is gone (then kill what is left). */
static _Noreturn void watch(int fd, pid_t parent)
{
	static const int ignored[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM };
	struct sigaction sa;
	pid_t groups[MAX_GROUPS];
	int n = 0, null;
	int32_t v;
	ssize_t k;

	/* its own session: a signal to contest's whole process group (kill -9
	 * -PGID, timeout -s KILL, a CI job's end) must not take the watcher too */
	setsid();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++)
		sigaction(ignored[i], &sa, NULL);
	sa.sa_handler = on_parent_death;  /* no SA_RESTART: poll returns */
	sigaction(SIGUSR1, &sa, NULL);
	prctl(PR_SET_PDEATHSIG, SIGUSR1);
	null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	while (getppid() == parent) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		if (poll(&p, 1, 1000) <= 0)
			continue;
		k = recv(fd, &v, sizeof v, MSG_DONTWAIT);
		if (k == 0)
			break;  /* every sender is gone */
		if (k == (ssize_t)sizeof v && apply(v, groups, &n))
			_exit(0);
	}
	/* contest is gone: what it sent last still counts */
	while (recv(fd, &v, sizeof v, MSG_DONTWAIT) == (ssize_t)sizeof v)
		if (apply(v, groups, &n))
			_exit(0);
	for (int i = 0; i < n; i++)
		kill(-groups[i], SIGKILL);
	undo_all();  /* what contest changed and could not undo itself, last first */
	_exit(0);
}

/* guard_stop: at contest's exit: stop the watcher and wait for it, so no
 * copy of contest outlives it. */
static void guard_stop(void)
{
	if (getpid() != gowner || gpid <= 0)
		return;
	tell(0);
	close(gfd);
	gfd = -1;
	while (waitpid(gpid, NULL, 0) < 0 && errno == EINTR)
		;
	gpid = 0;
}

int guard_start(void)
{
	pid_t parent = getpid(), pid;
	int sv[2];

	if (undo_share() != 0)
		warn("cannot share --sysctl, --swap and --confine with the watcher; kill -9 would leave them");
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		warn("cannot start the watcher that ends the compile and the load if contest is killed");
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		warn("cannot start the watcher that ends the compile and the load if contest is killed");
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		lock_child();
		watch(sv[1], parent);
	}
	close(sv[1]);
	gfd = sv[0];
	gpid = pid;
	gowner = parent;
	atexit(guard_stop);
	return 0;
}

void guard_enlist(void)
{
	if (gfd < 0)
		return;
	tell((int32_t)getpid());
	close(gfd);
	gfd = -1;
}

void guard_release(pid_t pgid)
{
	if (getpid() == gowner)
		tell(-(int32_t)pgid);
}
