/* paired.h: a kernel series read as rounds: each label against the baseline within the same round (paired), beside today's unpaired figures of the same runs, and the machine's drift across the rounds, per load. */
#ifndef CONTEST_MODEL_PAIRED_H
#define CONTEST_MODEL_PAIRED_H

#include <stddef.h>
#include "results/record/record.h"
#include "results/stats/drift.h"
#include "results/stats/paired.h"

/* A round is one (series, round) of the records: a record with round 0 or
 * an empty series is in none. Rounds are ordered by their series (in the
 * order the set first names it) and then by round number. A label's Time
 * in a round is the mean over its ok runs there (failed ones never count;
 * busy ones, foreign CPU over SUM_BUSY_PCT as the summary judges it, and
 * stopped ones, results/model/stall.h, only with keep_busy), so a round
 * with several runs of one label is one pair. */

/* One label against the baseline on one load. */
struct paired_row {
	size_t label;          /* its index in the model's labels */
	int n;                 /* rounds paired: both sides have a Time there */
	int alone;             /* rounds where only one of the two has a Time (left out) */
	double base_mean;      /* the baseline's mean Time (s) over the n rounds */
	/* paired: the mean of (label's Time - baseline's) per round, in s and in
	 * percent of base_mean, with the 95% interval (t with n - 1 df) */
	double diff, lo, hi, pct, lo_pct, hi_pct;
	double t_p;            /* the paired t-test's two-sided p (NaN when n < 2) */
	struct pair_wilcoxon rank;  /* Wilcoxon's signed-rank test on the same pairs */
	double rank_min_p;     /* the smallest p the exact rank test could give here:
	                        * pair_wilcoxon_min_p(rank.n) */
	int t_sig, rank_sig;   /* that p below CMP_ALPHA (results/model/compare.h) */
	/* unpaired, as today's report would say it: Welch's t-test on every run
	 * that went into the pairs (each run on its own, not the round means),
	 * the difference of means in percent of the baseline's mean of its runs */
	int u_tested;          /* each side had 2 runs or more: the test ran */
	int u_na, u_nb;        /* the baseline's runs, the label's */
	double u_pct, u_lo_pct, u_hi_pct, u_p;
	int u_sig;
	double *time;          /* the label's Time per round of the load, in the drift's
	                        * round order (NaN: none there); the pair of round j is
	                        * (drift.time[j], time[j]), its difference time[j] - drift.time[j] */
};

/* How the machine moved across the rounds of one load: the baseline's Time
 * per round, in round order, tested for a trend. */
struct paired_drift {
	size_t rounds;         /* rounds of this load (any label has a Time there) */
	double *time;          /* the baseline's Time per round (NaN: none there) */
	int *round;            /* each round's number */
	const char **series;   /* each round's series id (pointing into the records) */
	struct drift trend;    /* drift_test over time[] (rho NaN under DRIFT_MIN_N values) */
	int sig;               /* drift_sig(&trend, 1) */
	int first, last;       /* the first and last round with a baseline Time (0: none) */
	double move_pct;       /* the Time of the last over that of the first, in percent
	                        * less 100 (NaN with fewer than 2) */
};

struct paired_load {
	const char *load;      /* the caller's load name */
	struct paired_drift drift;
	struct paired_row *rows;   /* one per label but the baseline, in label order */
	size_t nrows;
	int busy;              /* busy or stopped ok runs of the model's labels here */
};

/* The model. labels, base and loads point into the caller's arrays, which
 * must outlive it. */
struct paired_model {
	const char *const *labels;
	size_t nlabels, base;
	struct paired_load *loads;
	size_t nloads;
	int keep_busy;         /* busy runs counted (else left out, counted in busy) */
};

/* paired_build: the model of set's records of the nlabels labels (labels[base]
 * the baseline) on the nloads loads, in those orders, into *m. Records of
 * other labels or loads are ignored. Returns 0, or -1 on allocation failure
 * or base out of range (m then holds nothing to free). */
int paired_build(struct paired_model *m, const struct rec_set *set,
                 const char *const *labels, size_t nlabels, size_t base,
                 const char *const *loads, size_t nloads, int keep_busy);

/* paired_free: what paired_build allocated; m may be zeroed or built. */
void paired_free(struct paired_model *m);

#endif
