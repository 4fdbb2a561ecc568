/* calib.h: the calibration of contest interact: loops of the work loop per millisecond of CPU, measured once per machine and kept in RESULTS/interact.calib. */
#ifndef CONTEST_INTERACT_CALIB_H
#define CONTEST_INTERACT_CALIB_H

#include <stddef.h>

#define ICALIB_FILE    "interact.calib"
#define ICALIB_FORMAT  "contest-interact-calib"
#define ICALIB_VERSION 1

/* A calibration: whose machine, when, and its figure. */
struct icalib {
	char host[72];
	char timestamp[40];
	double loops_ms;      /* itask_burn loops per millisecond of the thread's CPU time */
};

/* icalib_format: c as the file's text ("contest-interact-calib<TAB>1", then
 * "host", "timestamp" and "loops_ms" lines of KEY<TAB>VALUE); snprintf
 * semantics. */
int icalib_format(const struct icalib *c, char *buf, size_t len);

/* icalib_parse: text, the whole file at path, into *c. 0, or -1 with one
 * line in why naming path and the line ("RESULTS/interact.calib:3: bad
 * loops_ms"): a wrong first line, a line without a tab, an unknown or
 * repeated key, a figure that is no positive number, a missing key or a
 * last line without its newline. */
int icalib_parse(const char *text, const char *path, struct icalib *c, char *why, size_t len);

/* icalib_measure: the machine's loops per millisecond: the best of 5 timings
 * (thread CPU time, so other programs do not lengthen it) of a count of
 * loops that takes at least 20 ms. */
double icalib_measure(void);

/* icalib_get: the calibration of this host from results/interact.calib,
 * or measured and stored there (atomically: a temporary file renamed) when
 * there is none, it is another host's, recalibrate is set, or the file is
 * malformed (said in one line with file and line, then redone). *fresh is
 * set when it was measured now. 0, or -1 with one line in why when the
 * file cannot be written. */
int icalib_get(const char *results, const char *host, int recalibrate, struct icalib *c, int *fresh,
               char *why, size_t len);

#endif
