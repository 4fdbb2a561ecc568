/* series.h: the series command: contest series start|status|stop|resume. */
#ifndef CONTEST_CMD_SERIES_H
#define CONTEST_CMD_SERIES_H

#include "contest/cli/opts.h"

/* series_check: contest series' own checks: its action, and what each
 * action takes (start: --boot, two or more -k LABEL=SPEC, --sim with
 * --boot sim, a number of rounds); usage errors exit 2. */
void series_check(struct opts *o);

/* cmd_series: the action; its exit status. */
int cmd_series(struct opts *o);

#endif
