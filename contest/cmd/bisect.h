/* bisect.h: the bisect command: the loads run on the running kernel as a run runs them, then each judged against the good label (and the bad one), with the exit status git bisect run reads. */
#ifndef CONTEST_BISECT_H
#define CONTEST_BISECT_H

#include "contest/cli/opts.h"

/* What contest bisect exits with when it gives no verdict: a usage or input
 * error, or a run that could not be recorded. git bisect run takes 1-127
 * (but 125) as "bad" and aborts the bisection on 128-255; 128 is git's own
 * fatal status. An interrupt stays 130, which aborts it too. */
#define BISECT_ABORT 128

/* bisect_exit_map: make errx and err exit BISECT_ABORT instead of their
 * status (EXIT_INTR stays): called before the command line is parsed when
 * it is contest bisect's, so that no error inside it reads as "bad". */
void bisect_exit_map(void);

/* bisect_check: contest bisect's checks between options, after them: --good
 * given, neither it nor --bad the label the runs are stored under,
 * --threshold not with --bad (whose midpoint is the boundary). Exits
 * through opts_usage_error when refused. */
void bisect_check(struct opts *o);

/* cmd_bisect: contest bisect. Before anything runs, the good (and bad)
 * label must have VERDICT_MIN_RUNS ok runs of each load (default: the loads
 * the good label has) of this workload, -j and MEM; then cmd_run runs them
 * (stored under -k as any run's), and each load's runs of this invocation
 * are judged (results/model/verdict.h), one line each. Returns 1 when a load is
 * bad, else 125 when one is undecided, else 0; BISECT_ABORT when refused;
 * 130 interrupted. */
int cmd_bisect(struct opts *o);

#endif
