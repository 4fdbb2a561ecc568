/* launch.h: one run of a series, as contest itself run for one load. */
#ifndef CONTEST_SERIES_LAUNCH_H
#define CONTEST_SERIES_LAUNCH_H

#include <stddef.h>
#include "contest/series/journal.h"

enum { LAUNCH_ERROR = -1, LAUNCH_DEADLINE = -2 };

/* launch_run: contest -k LABEL -n 1 -R RESULTS -q [the series' run
 * options] -- LOAD for kernel k of j, in j's directory, in a process group
 * of its own, with CONTEST_SERIES=ID,ROUND,DRIVER so that its record says
 * which series, round and boot; waited for. Past j->deadline (when not 0)
 * its group is stopped (SIGTERM, then SIGKILL) and LAUNCH_DEADLINE
 * returned. Else its exit status (0 recorded, 1 the run failed and was
 * recorded as failed, 2 refused, 130 interrupted), or LAUNCH_ERROR; why
 * says how it ended. */
int launch_run(const struct series_journal *j, size_t k, const char *load, long round, char *why, size_t len);

#endif
