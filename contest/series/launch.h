/* launch.h: one run of a series, as contest itself run for one load. */
#ifndef CONTEST_SERIES_LAUNCH_H
#define CONTEST_SERIES_LAUNCH_H

#include <limits.h>
#include <stddef.h>
#include "contest/series/journal.h"

/* LAUNCH_NOBOOT: a guest never reached its run (a guest driver's only). */
enum { LAUNCH_ERROR = -1, LAUNCH_DEADLINE = -2, LAUNCH_NOBOOT = -3 };

/* The words of a run's command line, and the line itself. */
struct launch_words {
	char label[96];
	char results[PATH_MAX + 16];
	const char *argv[SERIES_MAX_ARGS + 12];
};

/* launch_argv: the command line of a run of load for kernel k of j into w
 * (w->argv, NULL-terminated; its words point into j, w, load and extra):
 * PROGRAM --kernel=LABEL --runs=1 --quiet --results=RESULTS [the series'
 * run options] [extra, when not NULL] -- LOAD. Returns its word count. */
size_t launch_argv(const struct series_journal *j, size_t k, const char *load, const char *results,
                   const char *extra, struct launch_words *w);

/* launch_series_env: CONTEST_SERIES's value for a run of round: ID,ROUND,
 * DRIVER, and ",GUEST" when guest is neither NULL nor "" (the guest a
 * guest driver runs it in, "tcg 2 vcpus 2G"). */
void launch_series_env(const struct series_journal *j, long round, const char *guest, char *out, size_t len);

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
