/* sig.c: interrupt handling of the controller: catch, record, and let blocking calls return. */
#include "sig.h"

#include <string.h>
#include <sys/time.h>

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
