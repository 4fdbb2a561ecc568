/* autorun.h: -n auto's part in the run loop: which planned run comes next (from precise.c's verdicts), the interval on the progress line, the closing lines. */
#ifndef CONTEST_AUTORUN_H
#define CONTEST_AUTORUN_H

#include <stddef.h>
#include "contest/engine/plan.h"
#include "contest/engine/setup.h"
#include "results/record/record.h"

/* autorun_note: under -n auto, the interval of pr's condition so far on
 * the progress line; after recording rec (NULL: before the run), rec
 * counted first. 0, or -1 when out of memory (said). */
int autorun_note(struct runner *r, struct plan_run pr, const struct rec *rec);

/* autorun_next: under -n auto, whether run pr of the plan is to be made
 * (its condition is still active). At the first such run of a round
 * (*round passed), the progress line's count becomes the most runs left,
 * and *budget_hit is set when --budget would pass before the round ends:
 * the seconds of the runs so far and, for each active condition, their
 * mean. */
int autorun_next(struct runner *r, struct plan_run pr, size_t made, long *round, int *budget_hit);

/* autorun_say: the closing line of each condition (precise_say) on stderr;
 * r's intervals freed. */
void autorun_say(struct runner *r, int budget_hit);

#endif
