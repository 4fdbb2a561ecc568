/* plan.h: the run plan of an invocation: its settings (one label, or a sweep's values) x its load conditions x its rounds, in the order the runs happen; printed by --dry-run. */
#ifndef CONTEST_PLAN_H
#define CONTEST_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "contest/opts.h"
#include "loads/load.h"

/* What one run is recorded under: the invocation's label, or one value of
 * a sweep and its label. */
struct plan_setting {
	const char *label;
	const char *value;        /* the sweep's value of its key, NULL for a run */
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
	double secs[OPTS_MAX_LOADS];  /* mean recorded compile time of each load, seconds */
	size_t nrec[OPTS_MAX_LOADS];  /* the recorded runs that mean is of (0: none) */
	int other[OPTS_MAX_LOADS];    /* 1: runs of other labels (none under the plan's) */
};

/* One run of the plan: which round, load (index in loads) and setting. */
struct plan_run {
	long round;               /* 0-based */
	size_t load, set;
};

/* plan_build: p from o: the label or the sweep's values, o's loads, -n
 * rounds, MEM and the lead; no estimates yet (nrec 0). */
void plan_build(struct plan *p, const struct opts *o);

/* plan_size: the runs of the plan in all. */
size_t plan_size(const struct plan *p);

/* plan_at: the k-th run (0-based, k < plan_size) in the order they happen:
 * round by round, in each round load by load, for each load setting by
 * setting (A B C A B C ...), so drift of the machine spreads evenly. */
struct plan_run plan_at(const struct plan *p, size_t k);

/* plan_estimate: fill p's estimates from the runs recorded in the results
 * directory dir (read only; none when it does not exist): of each load, the
 * mean compile time of its runs under the plan's labels, else under any
 * label (a guess: another label may be another workload or machine). */
void plan_estimate(struct plan *p, const char *dir);

/* plan_disk: the disk load d needs for MEM bytes, from its descriptor's
 * disk_pct and flags (its needs text shown beside): one line into buf, such as
 * "256M (disk space: MEM in the testbed)", "none", or the need itself when
 * it depends on the workload. */
void plan_disk(const struct load_desc *d, uint64_t mem, char *buf, size_t len);

/* plan_peak_disk: the most disk the plan's loads need at once in the
 * testbed: each load's files (disk_pct of MEM) beside the files kept by the
 * loads before it (LOAD_F_KEEPS); -o loads and tree-sized files not counted. */
uint64_t plan_peak_disk(const struct plan *p);

/* plan_print: the plan on f: its shape and order, one line per load
 * condition with its runs, settings and disk, and the estimated time. */
void plan_print(const struct plan *p, FILE *f);

#endif
