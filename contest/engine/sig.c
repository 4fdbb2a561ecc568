/* sig.c: interrupt handling of the controller: catch, record, let blocking calls return, run untimed work where an interrupt can end it. */
#include "contest/engine/sig.h"
#include "contest/engine/child.h"
#include "contest/sys/guard.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

volatile sig_atomic_t sig_caught;

/* on_signal: remember the first interrupting signal. */
static void on_signal(int signo)
{
	if (signo != SIGALRM && sig_caught == 0)
		sig_caught = signo;
}

void sig_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM };
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;  /* no SA_RESTART: wait4 and nanosleep return EINTR */
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

void sig_ticker(double interval)
{
	struct itimerval it;

	memset(&it, 0, sizeof it);
	it.it_interval.tv_sec = (time_t)interval;
	it.it_interval.tv_usec = (suseconds_t)((interval - (double)(time_t)interval) * 1e6);
	it.it_value = it.it_interval;
	setitimer(ITIMER_REAL, &it, NULL);
}

pid_t sig_wait(pid_t pid, int *status, int *err)
{
	pid_t r = -1;

	*err = 0;
	sig_ticker(0.5);  /* a signal just before waitpid is seen at the next tick */
	while (!sig_caught) {
		r = waitpid(pid, status, 0);
		*err = errno;
		if (r == pid || (r < 0 && *err != EINTR))
			break;
	}
	sig_ticker(0);
	return r;
}

int sig_in_child(int (*fn)(void *arg), void *arg, char *why, size_t len)
{
	pid_t parent = getpid(), pid, r = -1;
	int st = 0, done = 0, werr = 0;
	char how[96];

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		text_fmt(why, len, "fork: %s", strerror(errno));
		return -2;
	}
	if (pid == 0) {
		if (child_setup(parent) != 0)
			_exit(127);
		_exit(fn(arg) == 0 ? 0 : 1);
	}
	setpgid(pid, pid);
	r = sig_wait(pid, &st, &werr);
	if (r == pid)
		done = 1;
	proc_group_stop(pid, 1.0, &done, &st);  /* what it left running, or all of it */
	guard_release(pid);
	if (r != pid && sig_caught)
		return 1;
	if (!done) {
		text_fmt(why, len, "waitpid: %s", strerror(werr));
		return -2;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) <= 1)
		return WEXITSTATUS(st) == 0 ? 0 : -1;
	proc_describe(st, how, sizeof how);
	text_fmt(why, len, "its process %s", how);
	return -2;
}
