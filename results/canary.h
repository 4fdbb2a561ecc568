/* canary.h: the report's machine speed: NTime and the note naming the labels and runs off the reference (each run's canary: canary_of, results/record.h). */
#ifndef CONTEST_RESULTS_CANARY_H
#define CONTEST_RESULTS_CANARY_H

#include <stddef.h>
#include "results/model.h"
#include "results/record.h"

/* A run or label whose canary is more than CANARY_OFF_PCT percent slower or
 * faster than the reference, and a run whose canary after differs from its
 * canary before by more than that (the machine drifted inside the run), are
 * flagged; CANARY_LIST runs are named per line, then "and N more". 5%: above
 * the canary's own noise. On the 2-core development VM, quiet, the best-of-3
 * canary varied by 1.7-1.8% (sd); over 80 runs, 3% flagged 7 runs as off
 * and 16 as drifted, 5% flagged 1 and 4. */
#define CANARY_OFF_PCT 5.0
/* A run whose canary after differs from its canary before by more than
 * CANARY_DRIFT_PCT percent drifted inside the run. 10%: the canary before a
 * run stays a little slower than the one after it even after its warm-ups
 * (it follows the flush and the quiet wait): measured on a quiet 2-core VM,
 * after minus before was -2% on average, up to -8% in 16 tiny runs, and
 * -13% in the first default-scale runs before the warm-ups. */
#define CANARY_DRIFT_PCT 10.0
#define CANARY_LIST 8

/* canary_ntime: cell c's NTime: the mean over its ok runs of Time x the
 * reference / the run's canary (c->time_per_canary x m->canary_ref); NaN
 * when no run has a canary. */
double canary_ntime(const struct rep_model *m, const struct sum_cell *c);

/* canary_line: line k (0, 1, 2) of the report's machine-speed note into
 * buf, 1 when there is one, 0 when not: 0, each label's mean canary
 * ("machine speed (canary: the best of 3 cc -O2 -c, seconds; reference
 * 0.141, the median of 12 runs): a 0.142, b 0.155 (+9.9%, more than 5%
 * off)"; none
 * when no run has a canary); 1, the runs more than CANARY_OFF_PCT off the
 * reference ("runs whose canary is more than 5% off the reference: b
 * no_load run 2 0.160 (+13.5%)"); 2, the runs that drifted ("runs whose
 * canary after differs from before by more than 5% (the machine drifted):
 * a io_load run 1 0.139 -> 0.150 (+7.9%)"). */
int canary_line(const struct rep_model *m, int k, char *buf, size_t len);

#endif
