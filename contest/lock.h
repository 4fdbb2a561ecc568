/* lock.h: one contest at a time per testbed and per results directory, and the leftovers of one that was killed. */
#ifndef CONTEST_LOCK_H
#define CONTEST_LOCK_H

#include <stddef.h>

/* The lock file's name inside a locked directory. */
#define LOCK_FILE ".contest.lock"

/* lock_take: hold DIR/.contest.lock (created when missing) with flock for
 * the rest of the process's life and write "PID START" in it (emptied again
 * at a normal exit). what names dir in messages ("testbed"), opt is the
 * option that picks another ("-d"). A directory this process already holds
 * is not locked twice. Returns 0, or -1 with one line in errbuf, such as
 * "testbed '/x/tb' is in use by contest pid 1234 (since
 * 2026-11-30T16:20:01Z); wait for it or use another -d". */
int lock_take(const char *dir, const char *what, const char *opt, char *errbuf, size_t errlen);

/* lock_drop: for a directory this process created and is about to remove:
 * delete its lock file (still held, so no other contest can be using it)
 * and stop holding it. Nothing when dir is not held. */
void lock_drop(const char *dir);

/* lock_child: in a forked child: close the inherited lock descriptors (the
 * parent keeps its locks), so a child that outlives contest holds nothing. */
void lock_child(void);

/* lock_sweep: in a testbed this process holds: remove what a contest killed
 * outright leaves there (load files, micro scratch directories, a half
 * generated built-in tree). When say and something was removed, print
 * "removed leftovers of an interrupted run in TESTBED: NAME ...". The tree,
 * compile.log and read_load.dat are reusable and kept. Returns the number
 * of names removed. */
int lock_sweep(const char *testbed, int say);

#endif
