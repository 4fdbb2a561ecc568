/* sig.c: interrupt handling of the controller: catch, record, let blocking calls return, run untimed work where an interrupt can end it; a terminal's stop stops the children's groups too. */
#include "contest/engine/sig.h"
#include "contest/engine/child.h"
#include "contest/sys/guard.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

volatile sig_atomic_t sig_caught;

/* The controller's pid (the stop handler acts there only), the process
 * groups of its children that a stop stops with it (0: a free slot), and
 * the milliseconds it was stopped so far. Written by the controller's
 * thread and its handlers only (the probe thread blocks every signal). */
static pid_t owner;
static volatile pid_t groups[SIG_GROUPS_MAX];
static volatile sig_atomic_t stopped_ms;

/* on_signal: remember the first interrupting signal. */
static void on_signal(int signo)
{
	if (signo != SIGALRM && sig_caught == 0)
		sig_caught = signo;
}

/* ms_now: CLOCK_MONOTONIC in milliseconds (async-signal-safe). */
static long long ms_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* on_stop: SIGTSTP, SIGTTIN or SIGTTOU: stop the children's groups, then
 * contest itself, as a terminal stops a job; at SIGCONT resume them and
 * count the time stopped. */
static void on_stop(int signo)
{
	int saved = errno;
	long long t0;

	(void)signo;
	if (getpid() != owner) {   /* a child before child_setup: it stops as it would have */
		kill(getpid(), SIGSTOP);
		errno = saved;
		return;
	}
	t0 = ms_now();
	for (size_t i = 0; i < SIG_GROUPS_MAX; i++)
		if (groups[i] > 0)
			kill(-groups[i], SIGSTOP);
	kill(getpid(), SIGSTOP);   /* every thread stops here until SIGCONT */
	for (size_t i = 0; i < SIG_GROUPS_MAX; i++)
		if (groups[i] > 0)
			kill(-groups[i], SIGCONT);
	stopped_ms += (sig_atomic_t)(ms_now() - t0);
	errno = saved;
}

void sig_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM }, stops[] = { SIGTSTP, SIGTTIN, SIGTTOU };
	struct sigaction sa;

	owner = getpid();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;  /* no SA_RESTART: wait4 and nanosleep return EINTR */
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	sa.sa_handler = on_stop;
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
		sigaddset(&sa.sa_mask, stops[i]);   /* one stop at a time */
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
		sigaction(stops[i], &sa, NULL);
}

void sig_group_add(pid_t pgid)
{
	for (size_t i = 0; i < SIG_GROUPS_MAX; i++)
		if (groups[i] == 0) {
			groups[i] = pgid;
			return;
		}
}

void sig_group_del(pid_t pgid)
{
	for (size_t i = 0; i < SIG_GROUPS_MAX; i++)
		if (groups[i] == pgid)
			groups[i] = 0;
}

double sig_stopped(void)
{
	return stopped_ms / 1000.0;
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
	sig_group_add(pid);
	r = sig_wait(pid, &st, &werr);
	if (r == pid)
		done = 1;
	proc_group_stop(pid, 1.0, &done, &st);  /* what it left running, or all of it */
	sig_group_del(pid);
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
