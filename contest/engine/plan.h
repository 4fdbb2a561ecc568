/* plan.h: the run plan of an invocation: its settings (one label, or a sweep's values) x its load conditions x its rounds, in the order the runs happen; printed by --dry-run. */
#ifndef CONTEST_PLAN_H
#define CONTEST_PLAN_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "contest/cli/opts.h"
#include "loads/load.h"

/* What one run is recorded under: the invocation's label, or one value of
 * a sweep and its label. */
struct plan_setting {
	const char *label;
	const char *value;        /* the sweep's value of its key, NULL for a run */
};

/* A directory the runs use (-d, -R, -o): checked and resolved once, when
 * the plan is made (plan_paths, contest/engine/paths.h). */
struct plan_dir {
	const char *given;        /* as named on the command line; NULL: not given (-o) */
	char path[PATH_MAX];      /* absolute, links resolved: when the plan is made if it
	                           * exists, else when set-up makes it; "" until then */
	int taken;                /* set-up has made and locked it: named by path from then
	                           * on (when it has one), by given before (plan_dir_name) */
};

/* The free space of a directory the plan's files go to (plan_space). */
struct plan_space {
	char dir[PATH_MAX];       /* the directory looked at: the one given, or its nearest
	                           * existing parent when it is not made yet; "" none */
	uint64_t free;            /* bytes free there for an unprivileged user; UINT64_MAX unknown */
	long fstype;              /* its file system, statfs(2)'s f_type; 0 unknown */
};

/* The plan: every load condition under every setting, once per round.
 * Strings and loads point into the struct opts it was built from. */
struct plan {
	const char *key;          /* the swept sysctl key, NULL for a run */
	size_t nset;
	struct plan_setting set[OPTS_MAX_SWEEP];
	const struct load_desc *const *loads;
	size_t nloads;
	long rounds;              /* -n; under -n auto the most (--max-runs) */
	int autorun;              /* -n auto: rounds stop when each condition is precise */
	double precision;         /* --precision, % */
	double budget;            /* --budget, seconds (0: none) */
	/* for the printed estimates */
	uint64_t mem;             /* MEM in bytes, 0 when unknown */
	double lead;              /* the load's head start, seconds */
	int confine;              /* the runs are in a memory group (--confine, or the default's) */
	int swap;                 /* 1: --swap makes a swap file for the runs */
	double secs[OPTS_MAX_LOADS];  /* each load's compile, seconds: its recorded mean, else
	                               * the first guess (guess), else 0 */
	size_t nrec[OPTS_MAX_LOADS];  /* the recorded runs that mean is of (0: none) */
	int other[OPTS_MAX_LOADS];    /* 1: runs of other labels (none under the plan's) */
	int guess[OPTS_MAX_LOADS];    /* 1: secs is a first guess (plan_guess) */
	/* the first guess's inputs (plan_guess) */
	double canary;            /* the canary, seconds; NaN: none */
	char size[96];            /* the workload's size as said ("the default scale's 310 units") */
	/* the testbed, the results directory and -o's (plan_build: as given) */
	struct plan_dir testbed, results, otherdir;
	/* for the disk check (plan_space) */
	struct plan_space tb, odir;   /* the testbed's and -o's free space */
	int present[OPTS_MAX_LOADS];  /* 1: load k's kept file is in the testbed already, reused */
};

/* One run of the plan: which round, load (index in loads) and setting. */
struct plan_run {
	long round;               /* 0-based */
	size_t load, set;
};

/* plan_build: p from o: the label or the sweep's values, o's loads, -n
 * rounds, MEM and the lead, the directories as given (-d, -R, -o; not yet
 * checked: plan_paths); no estimates yet (nrec 0), free space unknown. */
void plan_build(struct plan *p, const struct opts *o);

/* plan_dir_name: d as the messages name it: its path once set-up has
 * taken it, else as given (NULL: not given). */
const char *plan_dir_name(const struct plan_dir *d);

/* plan_size: the runs of the plan in all. */
size_t plan_size(const struct plan *p);

/* plan_at: the k-th run (0-based, k < plan_size) in the order they happen:
 * round by round, in each round load by load, for each load setting by
 * setting (A B C A B C ...), so drift of the machine spreads evenly. */
struct plan_run plan_at(const struct plan *p, size_t k);

/* plan_estimate: fill p's estimates from the runs recorded in the results
 * directory dir (read only; none when it does not exist) of the workload
 * (its identity, as records name it: builtin_identity, ktree_identity;
 * another workload's runs are never used): of each load, the mean compile
 * time of its ok runs under the plan's labels, else under any label (a
 * guess: another label may be another kernel or machine). */
void plan_estimate(struct plan *p, const char *dir, const char *workload);

/* plan_guess: a first guess of the compile of each load plan_estimate
 * found no run of (guess set): the recorded loads' no_load-equivalent
 * scaled by the load's cost factor, else canary x units x per_unit over
 * cpus (contest/estimate.h), size saying what units are; nothing when
 * neither is known (canary NaN). */
void plan_guess(struct plan *p, double canary, double units, double per_unit, int cpus, const char *size);

/* plan_total: the estimated seconds of the whole plan: each run's compile
 * (recorded or guessed), its lead, est_overhead (a load's files written
 * once when they are kept, not when already there; a warm-up compile
 * where the run before it leaves the caches cold); loads without either
 * count 0, their number into *unknown. */
double plan_total(const struct plan *p, size_t *unknown);

/* plan_run_secs: the estimated seconds of one run of load k, its runs'
 * mean as plan_total counts them; 0 when its compile is not known. */
double plan_run_secs(const struct plan *p, size_t k);

/* plan_disk: the disk load d needs for MEM bytes, from its descriptor's
 * disk_pct and flags (its needs text shown beside): one line into buf, such as
 * "256M (disk space: MEM in the testbed)", "none", or the need itself when
 * it depends on the workload. */
void plan_disk(const struct load_desc *d, uint64_t mem, char *buf, size_t len);

/* plan_peak_disk: the most disk the plan's loads need at once in the
 * testbed: each load's files (disk_pct of MEM) beside the files kept by the
 * loads before it (LOAD_F_KEEPS); -o loads and tree-sized files not counted. */
uint64_t plan_peak_disk(const struct plan *p);

/* plan_peak_new: plan_peak_disk without the kept files already in the
 * testbed (present): what the free space must hold. When what is not
 * NULL, the loads making that peak go into it, such as "read_load's kept
 * 12.0G file beside mem_load's 13.2G". */
uint64_t plan_peak_new(const struct plan *p, char *what, size_t len);

/* plan_space: fill p's free space of its testbed and of -o's directory
 * (when given; each by plan_dir_name), each looked at in the directory or,
 * when it is not made yet, in its nearest existing parent; and which
 * loads' kept files (load_desc.kept) are in the testbed already at the
 * size the plan needs (MEM known). */
void plan_space(struct plan *p);

/* plan_disk_check: 0 when the free space plan_space found holds the
 * plan's peak in the testbed and io_other's need in -o (with
 * load_space_need's margin; unknown free space passes), and when no load
 * of LOAD_F_MAPFILE would map a testbed file in memory (tmpfs, ramfs)
 * inside the memory group without swap (swap_on: the machine's swap is
 * active); else -1 with one line in why naming the directory, its free
 * space or file system, the need and the loads making it, and what to do. */
int plan_disk_check(const struct plan *p, int swap_on, char *why, size_t len);

/* plan_print: the plan on f: its shape and order, the load conditions (full:
 * one line per load condition with its runs, settings and disk; else their
 * names on one line), the peak disk beside the free space, and the
 * estimated time. --dry-run prints it full, a run short before its first run. */
void plan_print(const struct plan *p, FILE *f, int full);

#endif
