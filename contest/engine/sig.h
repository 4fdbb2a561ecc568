/* sig.h: interrupt handling of the controller: SIGINT, SIGTERM, SIGHUP end a run cleanly. */
#ifndef CONTEST_SIG_H
#define CONTEST_SIG_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/* The interrupting signal caught so far, 0 when none. */
extern volatile sig_atomic_t sig_caught;

/* sig_install: catch SIGINT, SIGTERM, SIGHUP (recorded in sig_caught) and
 * SIGALRM (only interrupts), all without SA_RESTART so blocking calls
 * return EINTR. */
void sig_install(void);

/* sig_ticker: SIGALRM every interval seconds (0 stops it). */
void sig_ticker(double interval);

/* sig_wait: wait for child pid until it ends or sig_caught is set (a tick
 * every 0.5 s, so a signal just before the wait is seen). Returns pid with
 * its wait status in status when it ended, else -1 (errno in err, EINTR
 * when interrupted). */
pid_t sig_wait(pid_t pid, int *status, int *err);

/* sig_in_child: run fn(arg) in a forked child (its own process group, dying
 * with contest, see child_setup) and wait for it, so an interrupt need
 * not wait for fn: when sig_caught is set, the child's whole group is ended.
 * fn's results, and its one-line reason when it fails, must be written to
 * MAP_SHARED memory. Returns 0 when fn returned 0, -1 when it failed, 1 when
 * interrupted, -2 when the child could not be run or died without
 * returning (how, in why). */
int sig_in_child(int (*fn)(void *arg), void *arg, char *why, size_t len);

#endif
