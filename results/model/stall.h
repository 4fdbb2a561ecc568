/* stall.h: a run whose contest was stopped or stalled: not a valid run, kept and marked, left out of the figures as a busy one is. */
#ifndef CONTEST_STALL_H
#define CONTEST_STALL_H

#include "results/record/record.h"

/* A stop contest caught (SIGTSTP, SIGTTIN, SIGTTOU: stopped_s above 0)
 * marks its run whatever its length: contest knows for certain. A stop it
 * could not catch (SIGSTOP, a job manager's freeze) stops contest's
 * threads while the compile may go on and end unseen, so the Time is read
 * late; it shows as the probe's worst wake-up (probe_max_us: the probe
 * sleeps to deadlines 10 ms apart) or the controller's longest gap beyond
 * its tick (gap_s). Such a stall marks the run when it is at least
 * STALL_MIN_S and at least STALL_MIN_PCT of the run's Time. On a quiet
 * machine either figure is a scheduling delay: milliseconds, tens of them
 * with the compile's jobs queued on every CPU; a second is far beyond
 * that, so a quiet run is never marked. The share is the busy rule's bound
 * (summary.h's SUM_BUSY_PCT): a shorter stall can have lengthened the Time
 * by less than that share. A machine that froze contest that long
 * (thrashing) is marked too: its Time may be read late by as much. */
#define STALL_MIN_S 1.0
#define STALL_MIN_PCT 5.0

/* stall_of: how long ok run r was stopped or stalled, in seconds, when
 * that marks it (the rule above): its stopped_s when above 0, else the
 * longer of its probe's worst wake-up and its gap_s when both bounds are
 * met; 0 when it is not marked, for a failed run, and for a record of an
 * earlier version (the figures na). */
double stall_of(const struct rec *r);

/* stall_caught: r's stall is a stop contest caught (stopped_s above 0). */
int stall_caught(const struct rec *r);

#endif
