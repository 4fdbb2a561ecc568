/* cmds.h: the commands: each one's own checks of its options and its entry point, keyed by the mode the command line names. */
#ifndef CONTEST_CMD_CMDS_H
#define CONTEST_CMD_CMDS_H

#include "contest/cli/opts.h"

/* cmd_check: after opts_parse, the checks and defaults of o's command that
 * depend on its options together (a sweep's values, interact's tasks and
 * conditions, bisect's labels); exits 2 with one line when refused. */
void cmd_check(struct opts *o);

/* cmd_main: after cmd_check, run o's command; its exit status. */
int cmd_main(struct opts *o);

#endif
