/* main.c: contest's entry point: parse the command line and dispatch to run, report, loads, micro, clean, interact or bisect. */
#include "contest/cmd/bisect.h"
#include "contest/cmd/clean.h"
#include "contest/interact/interact.h"
#include "contest/cmd/loadrate.h"
#include "contest/cmd/loads.h"
#include "contest/cmd/micro.h"
#include "contest/cli/opts.h"
#include "contest/cmd/report.h"
#include "contest/cmd/run.h"
#include "contest/cli/version.h"
#include "lib/err.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	static struct opts o;

	err_set_progname("contest");
	if (argc > 1 && strcmp(argv[1], "bisect") == 0)
		bisect_exit_map();   /* no error of contest bisect may read as git bisect's "bad" */
	opts_parse(&o, argc, argv);
	switch (o.mode) {
	case MODE_HELP:
		opts_usage(stdout);
		return 0;
	case MODE_VERSION:
		printf("contest %s\n", CONTEST_VERSION);
		return 0;
	case MODE_LOADS:
		return o.rate ? loadrate_main(&o) : loads_main();
	case MODE_REPORT:
		return report_main(&o);   /* --micro too: report_main knows its formats */
	case MODE_MICRO:
		return micro_main(&o);
	case MODE_CLEAN:
		return clean_main(&o);
	case MODE_INTERACT:
		return interact_main(&o);
	case MODE_BISECT:
		return bisect_main(&o);
	case MODE_RUN:
	case MODE_SWEEP:
	default:
		return run_main(&o);
	}
}
