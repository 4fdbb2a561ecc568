/* summary.h: records grouped into the report's model: workloads x loads x labels. */
#ifndef CONTEST_SUMMARY_H
#define CONTEST_SUMMARY_H

#include "results/record/record.h"
#include "results/stats/robust.h"
#include "results/stats/stats.h"

/* The figures of a row, as indexes of sum_cell.st. */
enum { FIG_TIME, FIG_CPU, FIG_LOADS, FIG_LCPU };

/* One row of a block: the ok runs of one label, one load, one workload
 * (identity and jobs). */
/* The foreign CPU (percent of one CPU) above which a run's machine was
 * busy, and how many busy run numbers a cell lists. */
#define SUM_BUSY_PCT 5.0
#define SUM_BUSY_LIST 8

struct sum_cell {
	int n;            /* ok runs averaged */
	int failed;       /* failed runs, not averaged */
	double time, cpu_pct, loads, lcpu_pct;  /* arithmetic means over the n runs (NaN when n == 0) */
	double ratio;     /* time / same label and workload's no_load mean time (the ratio
	                   * base's, summary_ratio_base); NaN when none */
	double ratio_ci95;   /* half-width of Ratio's 95% interval: Time's over that mean */
	double base;      /* that no_load mean time (NaN when none) */
	struct stat_desc st[4];  /* time, cpu_pct, loads, lcpu_pct: n, mean, sd, ci95 */
	const char *detail;  /* the runs' load detail ("" none, "mixed" when they differ); points into the set */
	/* the runs' evidence (enum rec_ev): means over the ok runs that have the
	 * figure (probe_max_us: the largest), NaN when none has it */
	double ev[REV_N];
	double scan;         /* pages scanned (kswapd + direct), mean */
	double mem_full_pct; /* memory "full" stall time over Time, in %, mean of the runs' */
	double io_full_pct;  /* io "full" stall time over Time, in %, mean of the runs' */
	/* busy runs: ok runs whose foreign CPU (foreign_pct) was over
	 * SUM_BUSY_PCT: how many, the first SUM_BUSY_LIST run numbers, and the
	 * least and most foreign CPU among them */
	int busy;
	int busy_run[SUM_BUSY_LIST];
	double busy_min, busy_max;
	int busy_out;        /* they were left out of the figures (summary_build_busy) */
	/* stopped runs: ok runs whose contest was stopped or stalled
	 * (results/model/stall.h): how many, the first SUM_BUSY_LIST run
	 * numbers, the shortest and longest stop, how many were stops contest
	 * caught, and whether they were left out with the busy ones */
	int stopped;
	int stopped_run[SUM_BUSY_LIST];
	double stopped_min, stopped_max;
	int stopped_caught;
	int stopped_out;
	/* the Times of the runs in the figures (st[FIG_TIME].n of them, busy runs
	 * left out when dropped), ascending (equal ones by run number), each
	 * with its run number; NULL when none; owned by the summary */
	int nt;
	double *tv;
	int *trun;
	struct rob_desc rt;  /* their median, its 95% interval and their MAD */
	int tout;            /* how many of them are outliers (rob_outlier) */
	unsigned char *tvout;   /* 1 where tv[i] is one of them, else 0; NULL when none */
	/* the mean over the ok runs with a canary of Time / the run's canary
	 * (results/model/speed.h: NTime is this x the report's reference); NaN none */
	double time_per_canary;
};

struct summary {
	size_t nworkloads, nloads, nlabels;
	char **workloads;  /* "IDENTITY -jJOBS, MACHINE" ("(not recorded)" when empty; see wkey), in first-recorded order */
	char **loads;      /* in load_order, then any others in first-recorded order */
	char **labels;     /* as named, else in first-recorded order */
	struct sum_cell *cells;   /* nworkloads * nloads * nlabels */
	int drop_busy;            /* busy runs were left out of the figures (counted in busy) */
	const char *ratio_base;   /* the label every Ratio is over (summary_ratio_base); NULL:
	                           * each row's own label */
	double *tv;               /* the cells' tv, trun and tvout, one block each */
	int *trun;
	unsigned char *tvout;
};

/* What separates a workload's name from its machine in sum's workload names. */
#define SUM_MACHINE_SEP ", "

/* summary_machine: the machine run r ran on, "MEM 4.0G in a memory group"
 * (a memory limit is in its confine), "MEM 24G" (none), then the CPUs
 * contest's group was limited to when it was (", 1.5 CPUs for contest's
 * group": runs under different CPU limits are different machines); ""
 * when r has neither (a record of an early version); returns buf. */
const char *summary_machine(const struct rec *r, char *buf, size_t len);

/* summary_build: group the records of set. labels (nlabels > 0) selects and
 * orders the labels; else all, ordered by their earliest timestamp. only
 * (nonly > 0) keeps just these loads. load_order gives the block order
 * (NULL-terminated; loads not in it follow in first-recorded order).
 * Runs of different workloads are never averaged together. Ratios use the
 * no_load runs even when only leaves no_load out.
 * Returns 0, or -1 on allocation failure. */
int summary_build(struct summary *s, const struct rec_set *set,
                  const char *const *labels, size_t nlabels,
                  const char *const *only, size_t nonly,
                  const char *const *load_order);

/* summary_build_busy: summary_build, but with drop_busy set the busy runs
 * (foreign CPU over SUM_BUSY_PCT) and the stopped ones (stall_of) are left
 * out of every figure, Ratio's no_load means included, and only counted in
 * each cell's busy and stopped figures. */
int summary_build_busy(struct summary *s, const struct rec_set *set,
                       const char *const *labels, size_t nlabels,
                       const char *const *only, size_t nonly,
                       const char *const *load_order, int drop_busy);

/* summary_ratio_base: every cell's Ratio (and its interval, and base)
 * taken over label's mean no_load Time of the cell's workload instead of
 * its own label's, from set's no_load records of label (shown or not; ok,
 * busy ones left out as the summary leaves them out); NaN in a workload
 * where label has none. label must outlive s (s->ratio_base). Returns the
 * number of workloads where label has no_load runs (0: nothing changed),
 * or -1 on allocation failure. */
int summary_ratio_base(struct summary *s, const struct rec_set *set, const char *label);

/* summary_cell: the cell of workload w, load l, label k. */
const struct sum_cell *summary_cell(const struct summary *s, size_t w, size_t l, size_t k);

void summary_free(struct summary *s);

#endif
