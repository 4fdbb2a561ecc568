/* interact.h: `contest interact`: simulated interactive tasks run against each background condition, recorded in RESULTS/LABEL.interact, and their report. */
#ifndef CONTEST_INTERACT_H
#define CONTEST_INTERACT_H

#include <stdio.h>
#include "contest/cli/opts.h"
#include "contest/report/pipeline.h"
#include "loads/load.h"

/* The window of each task when --seconds is not given: the default set
 * (10 conditions x (3 s of lead + 4 tasks x 15 s)) takes about 11 minutes (estimated)
 * plus the loads' preparation; --quick's (4 conditions in about a minute). */
#define INTERACT_SECONDS       15.0
#define INTERACT_QUICK_SECONDS 3.0

/* The compile as a background condition: make clean, then the workload's
 * make -jN, again and again (its Loads unit: one compile), in the load's
 * process group, so the loads' start and staged stop run it. */
extern const struct load_desc interact_compile;

/* interact_operand: a background condition named on the command line: a
 * load, an alias, compile, or all (no_load, compile, then the default
 * set's loads; cacherun, which runs nothing, is left out, and refused when
 * named). Exits 2 on an unknown one. */
void interact_operand(struct opts *o, const char *name);

/* interact_check: contest interact's own checks and defaults, after
 * opts_parse: -n auto refused, --tasks read into o's tasks (every task by
 * default), its operands (o->names) as conditions (interact_operand; all
 * by default), --seconds from --quick. Exits 2 with one line when refused. */
void interact_check(struct opts *o);

/* cmd_interact: run every task against every condition, -n rounds, each
 * window recorded; then print the label's interactivity report. The exit
 * status (0, 1 a condition failed, 2 input error, 130 interrupted). */
int cmd_interact(struct opts *o);

/* interact_report: report --interactive of req (labels, format, stats,
 * baseline, precise) into out. 0; EXIT_USAGE (reported) when there are no
 * interactivity results, a named label has none, or malformed lines were
 * skipped (the others still shown). */
int interact_report(const struct report_req *req, FILE *out);

#endif
