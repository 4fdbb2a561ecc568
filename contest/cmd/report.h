/* report.h: the report command: contest report / contest -r. */
#ifndef CONTEST_CMD_REPORT_H
#define CONTEST_CMD_REPORT_H

#include "contest/cli/opts.h"

/* report_main: contest report / contest -r: the report o asks for, to
 * stdout or --output. Returns the exit status. */
int report_main(const struct opts *o);

#endif
