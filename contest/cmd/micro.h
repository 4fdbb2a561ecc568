/* micro.h: `contest micro` (run and store the microbenchmark suite) and `contest report --micro`. */
#ifndef CONTEST_MICROCMD_H
#define CONTEST_MICROCMD_H

#include <stdio.h>
#include "contest/cli/opts.h"
#include "results/render/render.h"

/* cmd_micro: run the suite o->runs times for o->label, append each run to
 * RESULTS/LABEL.micro, then print the label's summary. Returns 0, 1 when a
 * run could not be stored, 2 on input errors, 130 when interrupted (the
 * scratch directory removed, completed runs kept). */
int cmd_micro(struct opts *o);

/* micro_check: --only's list into o->micro_groups; a name that is not a
 * group, exit 2 with one line. */
void micro_check(struct opts *o);

/* What report --micro shows. */
struct micro_show {
	const char *const *labels;    /* contest's labels (nlabels 0: all) */
	size_t nlabels;
	const char *const *lmbench;   /* --lmbench FILE[=LABEL], beside them */
	size_t nlmbench;
	render_micro_fn *form;        /* the format's form; NULL: the summary text */
};

/* micro_report (contest/cmd/micro_report.c): the summary of show's labels from
 * results, then of each lmbench file (its runs labelled as lmbench_summary_parse
 * says), in show's form. Returns 0, or 2 (reported) when there is nothing
 * to show, malformed lines were skipped, or an lmbench file is refused. */
int micro_report(const char *results, const struct micro_show *show, FILE *out);

#endif
