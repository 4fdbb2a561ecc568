/* lock.h: one contest at a time per testbed and per results directory, and the leftovers of one that was killed. */
#ifndef CONTEST_LOCK_H
#define CONTEST_LOCK_H

#include <stddef.h>
#include <time.h>

/* The lock file's name inside a locked directory. */
#define LOCK_FILE ".contest.lock"

/* lock_take: hold DIR/.contest.lock (created when missing) with flock for
 * the rest of the process's life and write "PID START" in it (emptied again
 * at a normal exit). what names dir in messages ("testbed"), opt is the
 * option that picks another ("-d"; NULL: there is none). A directory this process already holds
 * is not locked twice. Returns 0, or -1 with one line in errbuf, such as
 * "testbed '/x/tb' is in use by contest pid 1234 (since
 * 2026-11-30T16:20:01Z); wait for it or use another -d" (errno EBUSY
 * when another contest holds it). */
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
 * generated built-in tree), changed at or after since (the killed one's
 * start: older entries of those names are somebody else's). When say and
 * something was removed, print "removed leftovers of an interrupted run in
 * TESTBED: NAME ...". The tree, compile.log and read_load.dat are reusable
 * and kept. Returns the number of names removed. */
int lock_sweep(const char *testbed, int say, time_t since);

/* lock_kept_name: 1 when name, an entry of a testbed, is one contest
 * keeps there for the next run (a built-in tree builtin-V-SCALE,
 * compile.log, a failed run's kept log (lock_failed_log), a load's kept file such as read_load.dat) or one only a
 * killed contest leaves (what lock_sweep removes); else 0. */
int lock_kept_name(const char *name);

/* The end of a failed run's kept compile log, compile.log.TAG.failed. */
#define LOCK_FAILED_SUFFIX ".failed"

/* lock_failed_log: 1 when name is a failed run's kept compile log
 * (compile.log.TAG.failed, see compile_keep_failed); else 0. */
int lock_failed_log(const char *name);

/* lock_testbed: before a testbed is used (given: as the user named it,
 * testbed: its real path): refuse one that another user could change under
 * contest (given as another user's symbolic link, writable by anybody and
 * not sticky, writable by a group and not sticky when contest is root, or
 * owned by a user other than contest's and root, or not contest's:
 * lock_dir_check), take its lock (lock_take) and,
 * when its last holder was killed outright (its record was left in the lock
 * file), sweep what it left (lock_sweep, saying what was removed). 0, or -1
 * with one line in errbuf. */
int lock_testbed(const char *given, const char *testbed, char *errbuf, size_t errlen);

/* lock_testbed_planned: lock_testbed of a testbed that a run's plan has
 * checked already (lock_dir_check: plan_paths, contest/engine/paths.h). */
int lock_testbed_planned(const char *given, const char *testbed, char *errbuf, size_t errlen);

/* lock_dir_check: before a testbed (results 0) or results directory
 * (results 1) given as dir is made or used: 0 when it is missing (made
 * new), empty, a shared sticky directory such as /tmp (see fs_dir_open),
 * or already contest's: it holds contest's lock file (LOCK_FILE, made in
 * every directory contest uses) or, for results, a file with one of
 * contest's headers (LABEL.loads, LABEL.micro, LABEL.env). Anything else
 * (such as /etc, or a link to it) is refused: -1 with one line in errbuf,
 * "results directory '/x' is not contest's: it holds 12 entries and no
 * .contest.lock nor result file of contest's; give a new or empty -R, or
 * one contest has used". what and opt name dir in it. */
int lock_dir_check(const char *dir, int results, const char *what, const char *opt, char *errbuf,
                   size_t errlen);

/* lock_results: lock_dir_check, then lock_take of the results directory
 * dir ("results directory", "-R"). 0, or -1 with one line in errbuf. */
int lock_results(const char *dir, char *errbuf, size_t errlen);

/* lock_other: for io_other's -o directory: take its lock and remove an
 * io_other.dat a contest killed outright left there, saying so. Returns -1 with one
 * line in errbuf only when another contest holds it; a directory that
 * cannot be locked (missing, read-only) is left for io_other to report. */
int lock_other(const char *dir, char *errbuf, size_t errlen);

#endif
