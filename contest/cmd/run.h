/* run.h: the run command (and a sweep's): set up, run every planned run, put the machine back, print the report. */
#ifndef CONTEST_CMD_RUN_H
#define CONTEST_CMD_RUN_H

#include "contest/cli/opts.h"

/* cmd_run: prepare testbed, workload and results directory, run every
 * planned run, append a record for each, then print the label's report.
 * Returns the exit status (0, 1 a run failed, 2 input error, 130
 * interrupted). */
int cmd_run(struct opts *o);

#endif
