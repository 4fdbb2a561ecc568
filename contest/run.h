/* run.h: a run invocation: plan the runs of each load condition, measure each, store records. */
#ifndef CONTEST_RUN_H
#define CONTEST_RUN_H

#include "contest/opts.h"

/* run_main: prepare testbed, workload and results directory, run every
 * planned run, append a record for each, then print the label's report.
 * Returns the exit status (0, 1 a run failed, 2 input error, 130
 * interrupted). */
int run_main(struct opts *o);

#endif
