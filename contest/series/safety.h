/* safety.h: what a series run as root at boot trusts, checked at start and at every resume before anything runs (the journal folder and its files, the program, contest-init: only root may be able to change them), and a series taken down through its boot unit alone when its journal cannot be read or trusted. */
#ifndef CONTEST_SERIES_SAFETY_H
#define CONTEST_SERIES_SAFETY_H

#include <stddef.h>
#include "contest/series/journal.h"

/* The file a resume started by the init script appends its output to, in
 * the journal folder (--log). */
#define SERIES_LOG "series-resume.log"

/* series_trust_dir: dir (absolute) and each file a series keeps in it
 * (journal, journal.old, lock, stop, the log, the guest folder) can be
 * changed only by root, or by the user who runs contest when not root
 * (lib/trust.h); missing files are fine, a missing dir is not. 0, or -1
 * with why: one line naming the path, its owner and mode. */
int series_trust_dir(const char *dir, char *why, size_t len);

/* series_trust_plan: the same for what j will run: its program, and what
 * its driver runs beside it (its trust op: qemu's contest-init). 0, or -1
 * with why. */
int series_trust_plan(const struct series_journal *j, char *why, size_t len);

/* series_log_open: stdout and stderr appended to DIR/SERIES_LOG, opened
 * without following a link, a regular file with one link, made 0600. 0,
 * or -1 (errno). */
int series_log_open(const char *dir);

/* series_orphan: the series in dir cannot go on (what: why, one line):
 * when the boot unit under root ("" the machine; a sim's folder) names
 * dir, the next boot is disarmed through the driver the unit names and
 * the unit removed, said in one line on stderr and to syslog. 0 when it
 * was taken down, 1 when it could not be (said), 2 when no unit of dir is
 * installed (said). */
int series_orphan(const char *dir, const char *root, const char *what);

#endif
