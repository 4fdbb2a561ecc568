/* failpoint.h: named crash points for tests of crash safety: a process dies at once (SIGKILL, as in a power cut) at the step a test names in the environment, and nowhere else. */
#ifndef LIB_FAILPOINT_H
#define LIB_FAILPOINT_H

/* FAILPOINT_ENV names the point: "NAME" (the first time this process
 * passes it) or "NAME:N" (the N-th time). FAILPOINT_ALSO_ENV, when set to
 * a pid, names a process that dies with it (the series' own process, when
 * the point is passed by one of its runs), so that a point passed in a
 * run cuts the whole machine's work, as a power cut does. Unset, as in
 * every real use, failpoint() does nothing. */
#define FAILPOINT_ENV      "CONTEST_FAILPOINT"
#define FAILPOINT_ALSO_ENV "CONTEST_FAILPOINT_ALSO"

/* failpoint: die here by SIGKILL when the environment names name (and
 * this is its N-th pass); else return at once. */
void failpoint(const char *name);

#endif
