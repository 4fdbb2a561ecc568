/* cmds.c: the command table: for each mode of the command line, its own checks and its entry point. */
#include "contest/cmd/cmds.h"
#include "contest/cmd/bisect.h"
#include "contest/cmd/clean.h"
#include "contest/cmd/loadrate.h"
#include "contest/cmd/loads.h"
#include "contest/cmd/micro.h"
#include "contest/cmd/report.h"
#include "contest/cmd/run.h"
#include "contest/cmd/series.h"
#include "contest/cmd/sweep.h"
#include "contest/interact/interact.h"

#include <stddef.h>

/* the entry points that do not take struct opts as it is */
static int loads_cmd(struct opts *o) { return o->rate ? loadrate_main(o) : loads_main(); }
static int report_cmd(struct opts *o) { return report_main(o); }   /* --micro too */
static int clean_cmd(struct opts *o) { return clean_main(o); }

static const struct cmd_row {
	enum opts_mode mode;
	void (*check)(struct opts *o);   /* NULL: none of its own */
	int (*main)(struct opts *o);
} cmds[] = {
	{ MODE_RUN, NULL, run_main },
	{ MODE_SWEEP, sweep_parse, run_main },   /* a sweep runs as a run of several settings */
	{ MODE_REPORT, NULL, report_cmd },
	{ MODE_LOADS, NULL, loads_cmd },
	{ MODE_MICRO, NULL, micro_main },
	{ MODE_CLEAN, NULL, clean_cmd },
	{ MODE_INTERACT, interact_finish, interact_main },
	{ MODE_BISECT, bisect_finish, bisect_main },
	{ MODE_SERIES, series_check, series_main },
};

/* row_of: the row of mode; a run's for a mode without one. */
static const struct cmd_row *row_of(enum opts_mode mode)
{
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (cmds[i].mode == mode)
			return &cmds[i];
	return &cmds[0];
}

void cmd_check(struct opts *o)
{
	const struct cmd_row *c = row_of(o->mode);

	if (c->check != NULL)
		c->check(o);
}

int cmd_main(struct opts *o)
{
	return row_of(o->mode)->main(o);
}
