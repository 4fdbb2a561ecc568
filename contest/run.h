/* run.h: a run invocation: plan the runs of each load condition, measure each, store records. */
#ifndef CONTEST_RUN_H
#define CONTEST_RUN_H

#include <stddef.h>
#include "contest/opts.h"
#include "loads/load.h"

/* run_main: prepare testbed, workload and results directory, run every
 * planned run, append a record for each, then print the label's report.
 * Returns the exit status (0, 1 a run failed, 2 input error, 130
 * interrupted). */
int run_main(struct opts *o);

/* run_prepare_load: d's prepare, in a child an interrupt ends at once (a
 * load may write a file of MEM bytes). prep is read and filled as prepare
 * would. Returns 0, -1 with a one-line reason in why, or 1 when
 * interrupted (d's cleanup still has to run). */
int run_prepare_load(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                     char *why, size_t len);

/* run_builtin_tree: builtin_prepare in a child an interrupt ends at once
 * (then the half-generated tree is removed). Returns 0 with the tree's
 * directory in dir, -1 with a one-line reason in why, or 1 when
 * interrupted. */
int run_builtin_tree(const char *testbed, const char *scale, char *dir, size_t dirlen, char *why,
                     size_t len);

#endif
