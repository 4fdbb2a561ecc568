/* clock.c: the monotonic clock in seconds, and a sleep that a signal ends. */
#include "lib/clock.h"

#include <time.h>

double mono_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int mono_sleep(double s)
{
	struct timespec ts;
	if (s <= 0)
		return 0;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	return nanosleep(&ts, NULL) == 0 ? 0 : -1;
}
