/* series.h: a kernel series, as its command's actions: start one, go on with it at boot (resume), stop it, say where it stands. */
#ifndef CONTEST_SERIES_SERIES_H
#define CONTEST_SERIES_SERIES_H

#include <stddef.h>
#include <stdint.h>
#include "contest/series/boot.h"

#define SERIES_DIR_DEFAULT "/var/lib/contest/series"

/* What contest series start was given. */
struct series_start {
	const char *dir;                  /* the journal's folder */
	const char *driver;               /* oneshot, kexec, qemu, sim */
	const char *sim;                  /* --sim DIR: the sim driver's folder, its root (the unit's too) */
	const char *const *kernels;       /* LABEL=SPEC[,release=R], nk of them */
	size_t nk;
	long rounds;
	uint64_t seed;
	int seed_given;
	int tries;                        /* failed boots or cut runs before a kernel is dropped */
	double deadline, countdown;       /* seconds */
	const char *const *loads;         /* canonical load names */
	size_t nloads;
	const char *const *args;          /* every run's options, one word each */
	size_t nargs;
	const char *results;              /* the results directory */
	double round_secs;                /* one kernel's runs of a round, estimated; NaN unknown */
	int dry_run;                      /* print the plan, change nothing */
	struct boot_options boot;         /* the driver's own options (boot.h), its configure's to read */
};

/* series_start: the plan checked (the driver works here, every kernel
 * resolves, the running kernel is the one that boots by default, so that
 * it can go on after any failure), printed with its order and estimate,
 * journaled, the boot unit installed, and the first kernel armed and
 * booted (a guest driver: no unit, nothing armed; each run boots a guest).
 * Exit status: 0, 1 (a step failed, said), 2 (refused, said). */
int series_start(const struct series_start *s);

/* series_resume: go on with the series in dir on the kernel that runs (the
 * boot unit's step; also after contest series stop), once dir, its journal
 * and the program it names are trusted (safety.h); log: the output
 * appended to dir's SERIES_LOG (the init script's unit). A series that
 * cannot go on (no readable or trusted journal) is taken down through its
 * boot unit (under sim, the sim driver's folder, else the machine). Exit
 * status as series_start. */
int series_resume(const char *dir, const char *sim, int log);

/* series_stop: the series in dir stopped: at once when no step is under way
 * (nothing armed, the boot unit removed), else before its next run or
 * reboot. Without a readable, trusted journal: its boot unit (as resume
 * finds it) removed and its next boot disarmed, said. */
int series_stop(const char *dir, const char *sim);

/* series_status: the plan, where the series stands and what happened. */
int series_status(const char *dir);

#endif
