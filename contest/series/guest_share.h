/* guest_share.h: what a guest is given and what is taken back from it: paths in QEMU's option lists, the token that marks its init's lines, its exit status read from its console, and its results share (a fresh staging folder whose one record of the run is imported). */
#ifndef CONTEST_SERIES_GUEST_SHARE_H
#define CONTEST_SERIES_GUEST_SHARE_H

#include <stddef.h>
#include "contest/series/boot.h"

#define GUEST_TOKEN_LEN 32     /* hex digits of a guest's token */
#define GUEST_STAGE "stage"    /* DIR/guest/stage: a run's results share */

/* guest_opt_escape: in as a value in a QEMU option list (-virtfs, -drive,
 * -chardev): each ',' doubled (",," is a literal comma there) into out.
 * 0, or -1 when it does not fit in len. */
int guest_opt_escape(const char *in, char *out, size_t len);

/* guest_token: GUEST_TOKEN_LEN random hex digits (getrandom) into out (at
 * least GUEST_TOKEN_LEN + 1 bytes). 0, or -1 with errno. */
int guest_token(char *out);

/* guest_console_scan: what console (a guest's whole console text) says
 * through lines of its init marked with token: *booted 1 when a line
 * "contest-guest: TOKEN command at ..." is there, and the N of the last
 * line "contest-guest: TOKEN exit N" (N digits only, 0 to 255, the line's
 * end after them); -1 when there is none. A line without the token, or
 * with another, says nothing. */
int guest_console_scan(const char *console, const char *token, int *booted);

/* guest_run_status: what guest_run returns for a guest whose init said
 * status (guest_console_scan's: -1 none): the status itself, except 130,
 * which a guest may print but only the host's interrupt may mean (it
 * stops a series), returned as 1, a failed run; LAUNCH_ERROR for none. */
int guest_run_status(int status);

/* guest_stage_make: DIR/guest/stage (gdir is DIR/guest) made anew, empty
 * and 0700, whatever was there removed (never following a link); its path
 * into out. 0, or -1 with why. */
int guest_stage_make(const char *gdir, char *out, size_t olen, char *why, size_t len);

/* guest_stage_import: run's record from the staging folder under gdir
 * into run->results: the last record of LABEL.loads there (LABEL, the
 * run's kernel's) whose label, load, series (run->id) and round are this
 * run's, numbered after the label's last run of load in run->results, its
 * host this machine's name (uname's nodename, as a failed run's record
 * says it: the guest's own name, "(none)" in these guests, would split
 * the series' labels into HOST:LABEL in a report), and
 * the environment its run recorded (LABEL.env's last block, its
 * key=value lines); nothing else, and nothing at all unless take (a guest
 * that never reached its run has no record to give). The staging folder
 * is removed after. 1 when a record was imported, 0 when there was none,
 * -1 with why when the results cannot be read or written. */
int guest_stage_import(const struct series_run *run, const char *gdir, int take, char *why, size_t len);

#endif
