/* guard.h: a watcher process that ends the compile's and the loads' process groups when contest itself is killed outright. */
#ifndef CONTEST_GUARD_H
#define CONTEST_GUARD_H

#include <sys/types.h>

/* guard_start: fork the watcher. It learns of every process group a child
 * of contest starts (guard_enlist) and, when contest dies without ending
 * them (kill -9), sends each SIGKILL: the parent-death signal reaches only
 * direct children, not make's compilers or a load tool's own children. It
 * ignores SIGINT, SIGTERM, SIGHUP and SIGQUIT, and is stopped and waited
 * for at contest's normal exit. Returns 0, or -1 (reported) when it cannot
 * be started; contest then runs without it. */
int guard_start(void);

/* guard_enlist: in a child of contest that has just made its own process
 * group: tell the watcher, then close the inherited descriptor. */
void guard_enlist(void);

/* guard_release: in contest: group pgid has ended; the watcher forgets it. */
void guard_release(pid_t pgid);

#endif
