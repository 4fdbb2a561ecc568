/* main.c: contest's entry point: parse the command line by the command table, then the command's own checks, then the command (contest/cmd/cmds.c). */
#include "contest/cli/opts.h"
#include "contest/cli/version.h"
#include "contest/cmd/bisect.h"
#include "contest/cmd/cmds.h"
#include "lib/err.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	static struct opts o;

	err_set_progname("contest");
	if (argc > 1 && strcmp(argv[1], "bisect") == 0)
		bisect_exit_map();   /* no error of contest bisect may read as git bisect's "bad" */
	opts_parse(&o, cmd_table, argc, argv);
	if (o.mode == MODE_HELP) {
		opts_usage(stdout);
		return 0;
	}
	if (o.mode == MODE_VERSION) {
		printf("contest %s\n", CONTEST_VERSION);
		return 0;
	}
	cmd_check(&o);
	return cmd_main(&o);
}
