/* guess.h: the plan's estimate, gathered: reads the same workload's records, else times the canary and sizes the workload, and hands them to estimate.c for each planned run. */
#ifndef CONTEST_GUESS_H
#define CONTEST_GUESS_H

#include <stddef.h>
#include "contest/cli/opts.h"
#include "contest/engine/plan.h"

/* guess_workload: the identity o's workload is recorded under
 * (builtin_identity; for -t, ktree_identity from the top Makefile's version
 * as make kernelversion prints it, .config's hash and the target), read
 * without running anything, for --dry-run; "" when the tree cannot be read. */
void guess_workload(const struct opts *o, char *buf, size_t len);

/* guess_plan: p's estimates: plan_estimate from results for workload,
 * then, when a load has no recorded run of it, plan_guess with the canary
 * and o's workload's size (the built-in scale's units, or the -t tree's
 * .config lines that build something). The canary: timed now in testbed
 * (the run's, NULL for --dry-run); for --dry-run the latest recorded on
 * this host in results, else timed in a temporary testbed removed
 * afterwards; none under --no-canary without a recorded one. */
void guess_plan(struct plan *p, const struct opts *o, const char *results, const char *testbed,
                const char *workload);

#endif
