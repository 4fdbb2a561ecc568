/* loads.h: the loads command: every load contest knows, described; with --rate, each one's work alone (contest/cmd/loadrate.h). */
#ifndef CONTEST_LOADSCMD_H
#define CONTEST_LOADSCMD_H

#include "contest/cli/opts.h"

/* cmd_loads: contest loads: every load, what it does, its unit, its needs;
 * 0. With --rate, loadrate_main's measurement and its exit status. */
int cmd_loads(struct opts *o);

#endif
