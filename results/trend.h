/* trend.h: --trend: the labels of a series in order (recorded or as kernel versions) and each row's step from the one before it, tested with Welch's t-test. */
#ifndef RESULTS_TREND_H
#define RESULTS_TREND_H

#include <stddef.h>
#include "results/model.h"

/* trend_steps: b->steps (one per row) and b->largest. A row with ok runs
 * steps from the nearest row before it with ok runs, when that row is of
 * the same series (series[label]; NULL: one series); its step is
 * compare_cells' Time figure of it against that row (difference in
 * percent of the row before, 95% interval, Welch's p, significant when p <
 * CMP_ALPHA). largest: the row of the significant step with the largest
 * |difference in %|, else of the largest step of all; -1 when no row
 * steps. 0, or -1 on allocation failure. */
int trend_steps(struct rep_block *b, const size_t *series);

/* One label being put in trend order. */
struct trend_key {
	const char *name;    /* the name shown (and summarised under) */
	const char *label;   /* the label as stored: its version */
	size_t series;       /* its series (host); series come one after the other */
	size_t rank;         /* its place in recorded order */
};

/* trend_order: sort the n keys of v into trend order: by series, then by
 * rank (by_version 0), or by version (kver_label_cmp of label, a label
 * that is not a version after those that are, ties by rank). Returns how
 * many labels are not kernel versions when by_version (0 otherwise). */
size_t trend_order(struct trend_key *v, size_t n, int by_version);

#endif
