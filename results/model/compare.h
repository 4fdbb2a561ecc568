/* compare.h: each label's difference from a baseline label, per workload and load, with Welch's t-test, Mann-Whitney's U test and the smallest detectable difference. */
#ifndef CONTEST_COMPARE_H
#define CONTEST_COMPARE_H

#include "results/model/summary.h"

#define CMP_ALPHA 0.05   /* p below this is marked significant ("*") */

/* One figure (Time or Loads) of a row against the baseline row. */
struct cmp_fig {
	int tested;        /* 1: both sides have at least 2 runs, the test ran */
	double diff;       /* row mean - baseline mean */
	double lo, hi;     /* 95% confidence interval of diff */
	double pct, lo_pct, hi_pct;  /* the same in percent of the baseline mean; NaN when it is 0 */
	double p;          /* Welch's two-sided p-value (NaN when not tested) */
	int significant;   /* tested and p < CMP_ALPHA */
	/* tested: the smallest difference these runs' spread would have shown at
	 * 95% confidence and 80% power (stat_welch_mdd), and that in percent of
	 * the baseline mean; NaN when not tested (pct: or the mean is 0) */
	double mdd, mdd_pct;
};

struct cmp_row {
	int is_baseline;   /* this row is the baseline's */
	int has_base;      /* the baseline has runs of this workload and load */
	struct cmp_fig time, loads;
	struct rob_mw mw;  /* Mann-Whitney U on the runs' Times (mw.done: each side had
	                    * ROB_MW_MIN_N runs) */
	int mw_significant;  /* mw.done and mw.p < CMP_ALPHA */
};

/* compare_baseline: the label index of name in s (the first label when name
 * is NULL); -1 when s has no such label. */
long compare_baseline(const struct summary *s, const char *name);

/* compare_row: row k of workload w, load l against the baseline label b. */
void compare_row(const struct summary *s, size_t w, size_t l, size_t k, size_t b,
                 struct cmp_row *out);

/* compare_cells: cell c against the cell base (is_baseline left 0). */
void compare_cells(const struct sum_cell *base, const struct sum_cell *c, struct cmp_row *out);

#endif
