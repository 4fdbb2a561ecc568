/* run_loop.h: the run loop of a run invocation: every run of the plan, one step and one measurement at a time, each recorded. */
#ifndef CONTEST_ENGINE_RUN_H
#define CONTEST_ENGINE_RUN_H

#include "contest/engine/setup.h"

/* run_settings: after setup_runner: each setting of r's plan put in force
 * (the last left in force) and its environment recorded; 0, or -1 (said). */
int run_settings(struct runner *r);

/* run_all: after run_settings: the plan and its cost said (unless quiet), then
 * every run of r's plan in order (interleaved: every condition, and every
 * setting of a sweep, once a round; under -n auto only the conditions not
 * yet precise, and no round past --budget), each recorded as it ends.
 * *status becomes EXIT_RUNFAIL when a run failed. 0 when the plan ran to
 * its end, else the exit status to stop with (EXIT_INTR, EXIT_RUNFAIL;
 * said). */
int run_all(struct runner *r, int *status);

#endif
