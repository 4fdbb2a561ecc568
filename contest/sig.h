/* sig.h: interrupt handling of the controller: SIGINT, SIGTERM, SIGHUP end a run cleanly. */
#ifndef CONTEST_SIG_H
#define CONTEST_SIG_H

#include <signal.h>

/* The interrupting signal caught so far, 0 when none. */
extern volatile sig_atomic_t sig_caught;

/* sig_install: catch SIGINT, SIGTERM, SIGHUP (recorded in sig_caught) and
 * SIGALRM (only interrupts), all without SA_RESTART so blocking calls
 * return EINTR. */
void sig_install(void);

/* sig_ticker: SIGALRM every interval seconds (0 stops it). */
void sig_ticker(double interval);

#endif
