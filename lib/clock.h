/* clock.h: the monotonic clock in seconds, and a sleep that a signal ends. */
#ifndef LIB_CLOCK_H
#define LIB_CLOCK_H

/* mono_now: CLOCK_MONOTONIC in seconds. */
double mono_now(void);
/* mono_sleep: sleep for s seconds; returns early (-1) when a signal arrives. */
int mono_sleep(double s);

#endif
