/* setup.h: what a run invocation sets up before its first run (testbed, results, workload tree, machine changes, runs already recorded) and records beside its results (the environment). */
#ifndef CONTEST_SETUP_H
#define CONTEST_SETUP_H

#include <limits.h>
#include <stddef.h>
#include <sys/utsname.h>
#include "contest/cli/opts.h"
#include "contest/engine/plan.h"
#include "contest/engine/precise.h"
#include "contest/engine/progress.h"
#include "contest/sys/sysctl.h"
#include "loads/load.h"

/* Everything one invocation shares between its runs. */
struct runner {
	struct opts *o;
	struct plan plan;          /* what runs, in what order, and in which directories */
	const char *testbed;       /* the plan's testbed and results directory (absolute) */
	const char *results;
	char tree[PATH_MAX];       /* where make runs */
	char log[PATH_MAX];        /* the last command's output */
	char workload[160];        /* workload identity */
	char jobsarg[16];          /* "-jN" */
	struct load_env env;
	struct utsname uts;
	struct sysctl_set sysctl[OPTS_MAX_SYSCTL];  /* --sysctl, checked */
	int flush_warned;
	int probe_warned;         /* said once that the probe cannot run */
	int foreign_warned;       /* said once that a foreign CPU figure was not a share */
	int settle_warned;        /* said once that the machine did not get quiet */
	int warm;                  /* the last step was a successful compile with no load */
	/* runs of each load already recorded under each setting's label */
	int done[OPTS_MAX_SWEEP][OPTS_MAX_LOADS];
	struct progress prog;
	struct precise prec;       /* -n auto: each condition's interval so far */
	const char *phase;         /* what was happening, for the interrupt message */
};

/* setup_check: what can be refused before anything is made (also by
 * --dry-run): every --sysctl key exists and is writable, root for --confine
 * and --swap, the settings fit the record; exits 2 when refused. The
 * directories are the plan's to check (plan_paths, contest/engine/paths.h). */
void setup_check(struct runner *r, const struct opts *o);

/* setup_runner: fill r for o: the plan (its directories checked and
 * resolved: plan_paths), defaults (-j, --mem), the checked --sysctl
 * settings, testbed and results directories (made when new, locked), the
 * machine changes (after the locks, in the undo table), the runs already
 * recorded, the workload tree. A refusal is said on one line and exits 2
 * with everything it made undone; an interrupt exits 130 (setup_intr). */
void setup_runner(struct runner *r, struct opts *o);

/* setup_intr: interrupted before the first run: undo what set-up made, say
 * so ("interrupted by SIG while WHAT; no run was started"), exit 130. */
_Noreturn void setup_intr(const char *what);

/* setup_record_env: this invocation's environment fingerprint, next to the
 * label's results (RESULTS/LABEL.env); a failure is said and not fatal. */
void setup_record_env(struct runner *r, const char *label);

/* setup_timestamp: UTC now with microseconds ("2026-11-30T13:18:49.123456Z"). */
void setup_timestamp(char *buf, size_t len);

#endif
