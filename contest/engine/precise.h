/* precise.h: -n auto's statistics, apart from any run: each condition's Time interval over the runs so far, and whether it is narrow enough (or the runs used up) to stop. */
#ifndef CONTEST_PRECISE_H
#define CONTEST_PRECISE_H

#include <stddef.h>
#include <stdio.h>
#include "results/record/record.h"

/* The fewest runs of a condition before -n auto judges its interval. */
#define PRECISE_MIN_RUNS 3

/* One condition (a setting's load): its runs made in this invocation and
 * the Times of those that count (ok, and not beside a busy machine). */
struct prec_cond {
	double *v;          /* the Times that count (NTimes with normalize), in run order */
	double *cv;         /* those runs' canaries (NaN: none), in the same order */
	size_t n, cap;
	long made;          /* runs made, failed and busy ones too */
	double ci_pct;      /* the 95% interval's half-width in % of the mean; NaN until 2 count */
	int reached;        /* ci_pct <= the target with at least PRECISE_MIN_RUNS counted */
};

struct precise {
	double target;      /* --precision, % */
	int normalize;      /* judge NTime (Time x the condition's first canary / the run's) */
	long max_runs;      /* --max-runs */
	size_t nset, nloads;
	struct prec_cond *c;   /* nset * nloads, set-major */
};

/* precise_init: p for nset settings x nloads conditions, to target percent
 * in at most max_runs runs each, on Time or (normalize) NTime. 0, or -1
 * when out of memory. */
int precise_init(struct precise *p, double target, long max_runs, size_t nset, size_t nloads, int normalize);

/* precise_cond: the condition of setting set, load load. */
struct prec_cond *precise_cond(const struct precise *p, size_t set, size_t load);

/* precise_active: 1 while the condition needs more runs: not reached, and
 * fewer than max_runs made. */
int precise_active(const struct precise *p, size_t set, size_t load);

/* precise_add: run r of the condition was made: counted in made, its Time
 * in the interval when it is ok, its foreign CPU is not over
 * SUM_BUSY_PCT and its contest was not stopped (results/model/stall.h: the
 * runs report --stats averages); with normalize its
 * Time scaled by the condition's first canary over its own (a run without
 * a canary counts with its Time); the interval and reached updated. 0, or
 * -1 when out of memory. */
int precise_add(struct precise *p, size_t set, size_t load, const struct rec *r);

/* precise_note: the condition's state for the progress line, such as
 * "Time +-2.4% (to +-2%), 4 runs counted" or "Time +-?: 1 run counted";
 * returns buf. */
const char *precise_note(const struct precise *p, size_t set, size_t load, char *buf, size_t len);

/* precise_say: one line per condition on f: whether it reached the target,
 * its interval and runs, and else why it stopped (the cap, the budget: when
 * budget_hit, an interrupt); then a trend through its rounds, when its
 * Times (NTimes) or its canaries have one (results/stats/drift.h, the test
 * shared by every series of the invocation): "; the machine slowed by 9.0%
 * over the 6 rounds (Time rose: Spearman's rho with the round +0.94, p
 * 0.003); the interval does not account for it". name(set, load) gives the
 * condition's name. */
void precise_say(const struct precise *p, FILE *f, int budget_hit,
                 const char *(*name)(const void *ctx, size_t set, size_t load, char *buf, size_t len),
                 const void *ctx);

/* precise_free: free p's memory. */
void precise_free(struct precise *p);

#endif
