/* verdict.h: contest bisect's decision for one load: like the good label, worse, or undecided, from the two (or three) samples' summaries and the boundary. */
#ifndef CONTEST_VERDICT_H
#define CONTEST_VERDICT_H

#include <stddef.h>
#include "results/stats/stats.h"

/* The fewest runs of each side a verdict rests on (as -n auto judges an
 * interval from 3 runs): with 2, the spread is one degree of freedom's. */
#define VERDICT_MIN_RUNS 3
/* The default --threshold: worse than the good label by more than this
 * percent of its mean Time is bad. */
#define VERDICT_THRESHOLD 5.0

/* The exit statuses of contest bisect, as git bisect run reads them. */
enum verdict { VERDICT_GOOD = 0, VERDICT_BAD = 1, VERDICT_UNDECIDED = 125 };

/* One load's Times: the good label's runs, the running kernel's, and with
 * --bad the bad label's (bad.n == 0: no --bad; the boundary is then
 * threshold percent above good's mean, else halfway from good's mean to
 * bad's). The labels name the sides in the reason. */
struct verdict_in {
	struct stat_desc good, cur, bad;
	double threshold;
	const char *good_label, *bad_label;
};

/* diff_pct: cur's mean - good's in % of good's; lo_pct, hi_pct its 95%
 * interval (with --bad, that of the distance from the midpoint, shifted
 * back: the midpoint's own uncertainty is in it); bound_pct: the boundary
 * in % of good's mean; p: Welch's two-sided p of cur against good. NaN
 * where there are too few runs. why: one line, the figures and the rule
 * that decided. */
struct verdict_out {
	enum verdict v;
	double diff_pct, lo_pct, hi_pct, bound_pct, p;
	char why[400];
};

/* verdict_decide: bad when the whole interval lies above the boundary,
 * good when it lies below it (a faster kernel is good), undecided when it
 * straddles it or a side has fewer than VERDICT_MIN_RUNS runs, or good's
 * mean is not a positive number. Returns out->v. */
enum verdict verdict_decide(const struct verdict_in *in, struct verdict_out *out);

/* verdict_bad_usable: 0 when the bad label's Time is significantly above
 * the good label's (Welch, p < 0.05) with VERDICT_MIN_RUNS runs each, so a
 * midpoint between them separates something; else -1 and why says so. */
int verdict_bad_usable(const struct stat_desc *good, const struct stat_desc *bad, char *why, size_t len);

#endif
