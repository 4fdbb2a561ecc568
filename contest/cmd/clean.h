/* clean.h: contest clean: remove what contest keeps in a testbed between runs, listing each with its size; and a run's closing line about them. */
#ifndef CONTEST_CLEANCMD_H
#define CONTEST_CLEANCMD_H

#include "contest/cli/opts.h"

/* cmd_clean: contest clean [-d TESTBED]: refuse a directory that is not
 * a contest testbed (no lock file, none of contest's names) or is in use,
 * then, holding its lock, remove each entry contest keeps there
 * (lock_kept_name, of contest's user), printing it with its size on
 * stdout; the results are never touched. 0, 1 when an entry could not be
 * removed (said), or exit 2. */
int cmd_clean(struct opts *o);

/* clean_say_kept: on stderr, one line naming what contest keeps in
 * testbed for the next run and how big each is, and how to remove it
 * ("contest: kept in /x/tb for the next run: read_load.dat 24.0G,
 * builtin-1-default 41M; contest clean -d /x/tb removes them"); nothing
 * when it keeps nothing there. */
void clean_say_kept(const char *testbed);

#endif
