/* paths.h: the directories a run uses (the testbed, the results directory and -o's), checked and resolved once when its plan is made; the stages after it use the plan's paths. */
#ifndef CONTEST_PATHS_H
#define CONTEST_PATHS_H

#include <stddef.h>
#include "contest/engine/plan.h"

/* plan_paths: p's directories (plan_build's, as given) checked before
 * anything is made, each resolved into its path when it exists: the
 * testbed and the results directory are new, empty or contest's
 * (lock_dir_check, contest/sys/lock.h), directories, writable; -o, when
 * given, an existing, writable directory on a file system that holds
 * files (not proc, sysfs, cgroup and the like; io_other's or not, it is
 * locked for the invocation's life). 0, or -1 with one line in why naming
 * the first path refused and what is wrong with it. */
int plan_paths(struct plan *p, char *why, size_t len);

/* plan_dir_resolve: make d (with its parents) when missing and resolve it
 * into d->path (kept when that much is done, "" before), which must be
 * writable; what names it ("testbed"). 0, or -1 with one line in why. */
int plan_dir_resolve(struct plan_dir *d, const char *what, char *why, size_t len);

#endif
