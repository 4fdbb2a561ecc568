/* launch.h: one run of a series, as contest itself run for one load. */
#ifndef CONTEST_SERIES_LAUNCH_H
#define CONTEST_SERIES_LAUNCH_H

#include <limits.h>
#include <stddef.h>
#include "contest/series/boot.h"
#include "contest/series/journal.h"

/* The words of a run's command line, and the line itself. */
struct launch_words {
	char label[96];
	char results[PATH_MAX + 16];
	const char *argv[SERIES_MAX_ARGS + 12];
};

/* launch_argv: the command line of run r into w (w->argv, NULL-terminated;
 * its words point into r, w and extra): PROGRAM --kernel=LABEL --runs=1
 * --quiet --results=RESULTS [the series' run options] [extra, when not
 * NULL] -- LOAD. Returns its word count. */
size_t launch_argv(const struct series_run *r, const char *results, const char *extra, struct launch_words *w);

/* launch_series_env: CONTEST_SERIES's value for run r: ID,ROUND,DRIVER,
 * and ",GUEST" when guest is neither NULL nor "" (where a driver whose
 * run boots the kernel runs it, "tcg 2 vcpus 2G"). */
void launch_series_env(const struct series_run *r, const char *guest, char *out, size_t len);

/* launch_run: the run op of the drivers that reboot the machine
 * (boot.h): contest -k LABEL -n 1 -R RESULTS -q [the series' run options]
 * -- LOAD for r, in r->cwd, in a process group of its own, with
 * CONTEST_SERIES=ID,ROUND,DRIVER so that its record says which series,
 * round and boot; waited for. Past r->deadline (when not 0) its group is
 * stopped (SIGTERM, then SIGKILL) and LAUNCH_DEADLINE returned. Else its
 * exit status (0 recorded, 1 the run failed and was recorded as failed, 2
 * refused, 130 interrupted), or LAUNCH_ERROR; why says how it ended. c is
 * not read. */
int launch_run(const struct boot_ctx *c, const struct series_run *r, char *why, size_t len);

#endif
