/* child.h: the set-up every child of the controller runs first: own process group, guarded, confined, dying with contest. */
#ifndef CONTEST_CHILD_H
#define CONTEST_CHILD_H

#include <sys/types.h>

/* child_setup: call first in a child forked by the controller: own
 * process group (enlisted with the guard, so the whole group is killed if
 * contest is killed outright), no inherited lock, default signal handling,
 * SIGKILL when the parent dies, the memory group of --confine, stdin from
 * /dev/null. Returns -1 when the parent is already gone. */
int child_setup(pid_t parent);

/* child_setup_outside: child_setup without joining the memory group of
 * --confine: for a child whose work is not the measured one and may outlive
 * the group (the cache flush's sync). */
int child_setup_outside(pid_t parent);

#endif
