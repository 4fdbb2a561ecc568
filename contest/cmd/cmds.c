/* cmds.c: the command table: one row per command (its word, mode, defaults, own checks and entry point), handed to the parser, and the checks and entry point of the command it named. */
#include "contest/cmd/cmds.h"
#include "contest/cmd/bisect.h"
#include "contest/cmd/clean.h"
#include "contest/cmd/loads.h"
#include "contest/cmd/micro.h"
#include "contest/cmd/report.h"
#include "contest/cmd/run.h"
#include "contest/cmd/series.h"
#include "contest/cmd/sweep.h"
#include "contest/interact/interact.h"

#include <stddef.h>

const struct opts_cmd cmd_table[] = {
	/* word, mode, runs_auto, max_runs, check, main */
	{ NULL, MODE_RUN, 0, 0, NULL, cmd_run },   /* no word: contest [run options] [LOAD...] */
	{ "report", MODE_REPORT, 0, 0, report_check, cmd_report },   /* also contest -r */
	{ "micro", MODE_MICRO, 0, 0, micro_check, cmd_micro },
	{ "loads", MODE_LOADS, 0, 0, NULL, cmd_loads },
	{ "sweep", MODE_SWEEP, 0, 0, sweep_check, cmd_run },   /* a sweep runs as a run of several settings */
	{ "clean", MODE_CLEAN, 0, 0, NULL, cmd_clean },
	{ "interact", MODE_INTERACT, 0, 0, interact_check, cmd_interact },
	{ "bisect", MODE_BISECT, 1, 10, bisect_check, cmd_bisect },
	{ "series", MODE_SERIES, 0, 0, series_check, cmd_series },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* row_of: the row of mode; a run's for a mode without one. */
static const struct opts_cmd *row_of(enum opts_mode mode)
{
	for (const struct opts_cmd *c = cmd_table; c->main != NULL; c++)
		if (c->mode == mode)
			return c;
	return &cmd_table[0];
}

void cmd_check(struct opts *o)
{
	const struct opts_cmd *c = row_of(o->mode);

	if (c->check != NULL)
		c->check(o);
}

int cmd_main(struct opts *o)
{
	return row_of(o->mode)->main(o);
}
