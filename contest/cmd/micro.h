/* micro.h: `contest micro` (run and store the microbenchmark suite) and `contest report --micro`. */
#ifndef CONTEST_MICROCMD_H
#define CONTEST_MICROCMD_H

#include <stdio.h>
#include "contest/cli/opts.h"

/* micro_main: run the suite o->runs times for o->label, append each run to
 * RESULTS/LABEL.micro, then print the label's summary. Returns 0, 1 when a
 * run could not be stored, 2 on input errors, 130 when interrupted (the
 * scratch directory removed, completed runs kept). */
int micro_main(struct opts *o);

/* micro_report: the summary of the labels (all when none) from results.
 * Returns 0, or 2 (reported) when there is nothing to show or malformed lines
 * were skipped. */
int micro_report(const char *results, const char *const *labels, size_t nlabels, FILE *out);

#endif
