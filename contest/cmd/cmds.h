/* cmds.h: the command table, which the parser reads each command's word, mode and defaults from, and each command's own checks and entry point by the mode the command line named. */
#ifndef CONTEST_CMD_CMDS_H
#define CONTEST_CMD_CMDS_H

#include "contest/cli/opts.h"

/* cmd_table: one row per command (struct opts_cmd, contest/cli/opts.h),
 * ended by a row of NULL main: what opts_parse is handed. A new command
 * is its bit in enum opts_mode, its row here (its own checks, NULL when
 * none, and its entry point int cmd_NAME(struct opts *)), its options'
 * bit in their rows of the option table, and its files. */
extern const struct opts_cmd cmd_table[];

/* cmd_check: after opts_parse (and unless it asked for --help or
 * --version), the checks and defaults of o's command that depend on its
 * options together (a sweep's values, interact's tasks and conditions,
 * bisect's labels, report's forms); exits 2 with one line when refused. */
void cmd_check(struct opts *o);

/* cmd_main: after cmd_check, run o's command; its exit status. */
int cmd_main(struct opts *o);

#endif
