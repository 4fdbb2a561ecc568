/* trend.h: --trend: the labels of a series in order (recorded or as kernel versions); the steps between them are the model's (results/model/model.h). */
#ifndef RESULTS_TREND_H
#define RESULTS_TREND_H

#include <stddef.h>

/* One label being put in trend order. */
struct trend_key {
	const char *name;    /* the name shown (and summarised under) */
	const char *label;   /* the label as stored: its version */
	size_t series;       /* its series (host); series come one after the other */
	size_t rank;         /* its place in recorded order */
};

/* trend_order: sort the n keys of v into trend order: by series, then by
 * rank (by_version 0), or by version (kernel_version_label_cmp of label, a label
 * that is not a version after those that are, ties by rank). Returns how
 * many labels are not kernel versions when by_version (0 otherwise). */
size_t trend_order(struct trend_key *v, size_t n, int by_version);

#endif
