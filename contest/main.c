/* main.c: contest's entry point: parse the command line and dispatch to run, report, loads, micro, clean, interact or bisect. */
#include "contest/bisect.h"
#include "contest/cleancmd.h"
#include "contest/interact.h"
#include "contest/loadrate.h"
#include "contest/loadscmd.h"
#include "contest/microcmd.h"
#include "contest/opts.h"
#include "contest/report.h"
#include "contest/run.h"
#include "contest/version.h"
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
