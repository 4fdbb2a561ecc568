/* status.h: contest series status's account of where a series stands for a person watching it: the step at work and for how long, the steps done and to go, and the time left as its own records measure it. */
#ifndef CONTEST_SERIES_STATUS_H
#define CONTEST_SERIES_STATUS_H

#include <stdio.h>
#include "contest/series/journal.h"

/* series_now_print: three lines on j, the journal of folder dir (fb: read
 * from journal.old):
 *   "now: ..."        the step at work, its kernel and round, what it does
 *                     (arming, rebooting, running a load) and since when:
 *                     the journal's last change (a reboot: when it was
 *                     asked); a run or an arming is said to be under way
 *                     only while a contest holds DIR/lock, else that none
 *                     is at it; a stopped series since its stop; no line
 *                     when the series is done
 *   "progress: ..."   the steps done, the one under way (or next), those
 *                     to go after it and those skipped (a dropped
 *                     kernel's without runs on record), the dropped named
 *   "time left: ..."  the runs to go times the average time a run took
 *                     from the series' first record's start to its last
 *                     (reboots included), what it rests on said; "no
 *                     estimate yet" before two runs are on record; at the
 *                     end "time: ...", from the first run to the last. */
void series_now_print(const struct series_journal *j, const char *dir, int fb, FILE *out);

#endif
