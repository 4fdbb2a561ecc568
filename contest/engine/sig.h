/* sig.h: interrupt handling of the controller: SIGINT, SIGTERM, SIGHUP end a run cleanly; a terminal's stop stops the children's groups too. */
#ifndef CONTEST_SIG_H
#define CONTEST_SIG_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/* The interrupting signal caught so far, 0 when none. */
extern volatile sig_atomic_t sig_caught;

/* sig_install: catch SIGINT, SIGTERM, SIGHUP (recorded in sig_caught) and
 * SIGALRM (only interrupts), all without SA_RESTART so blocking calls
 * return EINTR; and SIGTSTP, SIGTTIN and SIGTTOU: a terminal's stop (Ctrl-Z)
 * reaches contest's process group only, not the groups of its children, so
 * contest stops every group of sig_group_add with SIGSTOP, then itself; at
 * SIGCONT it resumes them and counts the time stopped (sig_stopped). A
 * blocking call then returns EINTR, as after SIGALRM. */
void sig_install(void);

/* How many children's process groups a stop stops at once. */
#define SIG_GROUPS_MAX 8

/* sig_group_add: the process group pgid of a child of contest (the
 * compile, the load) is stopped and resumed with contest (when no slot is
 * free, it is not). sig_group_del: it has ended. */
void sig_group_add(pid_t pgid);
void sig_group_del(pid_t pgid);

/* sig_stopped: the seconds contest was stopped by a stop it caught since
 * sig_install (to the millisecond). */
double sig_stopped(void);

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
