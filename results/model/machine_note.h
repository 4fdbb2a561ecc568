/* machine_note.h: the report's notes on the machine under its tables: its speed (the canary), the CPU limits of contest's group, and drift through the runs. */
#ifndef CONTEST_MACHNOTE_H
#define CONTEST_MACHNOTE_H

#include <stddef.h>
#include "results/model/model.h"

/* The notes' lines, k = 0 .. REP_NOTES - 1: 0-2, the machine-speed note
 * (canary_line, results/model/speed.h); 3, the CPU limits ("contest's group was
 * limited to 1.5 CPUs and throttled 31% of the window (a, 6 runs); runs
 * under different limits are kept apart"); 4, the trends through the runs
 * (a series of at least DRIFT_MIN_N: each label's Times of a load in run
 * order, and every canary in time order; results/stats/drift.h): "drift: a
 * no_load's Time rose by 9.0% over its 6 runs (Spearman's rho with the run
 * order +0.94, p 0.003); the intervals do not account for it"; 5, when the
 * largest such move is more than the smallest difference between two
 * labels' mean Times in a block: "this machine's speed moved by 9.0%
 * during these runs; differences below 9.0% cannot be told apart here". */
#define REP_NOTES 6

/* machine_note: line k of the notes into buf: 0 when there is none, 1 when it
 * is a line of its own, 2 when it is an item of the line above (the
 * canary's flags). rep_model_build keeps those there are in the model
 * (notes), which the renderers print. */
int machine_note(const struct rep_model *m, int k, char *buf, size_t len);

/* machine_drift: the largest move (percent, absolute) among the trends of m's
 * series that pass the test together, NaN when none does; the number of
 * series tested to *tested (NULL: not wanted). */
double machine_drift(const struct rep_model *m, int *tested);

#endif
