/* report.h: the report command: contest report / contest -r. */
#ifndef CONTEST_CMD_REPORT_H
#define CONTEST_CMD_REPORT_H

#include "contest/cli/opts.h"

/* report_check: contest report's own checks between its options (--baseline,
 * --paired, --keep-busy, --trend and --order, --lmbench, the forms that read
 * one -R, --interactive's), then its labels; exits 2 with one line when
 * refused. */
void report_check(struct opts *o);

/* cmd_report: contest report / contest -r: the report o asks for, to
 * stdout or --output. Returns the exit status. */
int cmd_report(struct opts *o);

#endif
