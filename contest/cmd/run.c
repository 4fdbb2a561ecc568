/* run.c: the run command (and a sweep's): the machine sized, set up, every run of the plan made (contest/engine/run_loop.h), the machine put back and the labels' report printed; --dry-run prints the plan instead. */
#include "contest/cmd/run.h"
#include "contest/cmd/clean.h"
#include "contest/engine/guess.h"
#include "contest/engine/machine.h"
#include "contest/engine/paths.h"
#include "contest/engine/plan.h"
#include "contest/engine/progress.h"
#include "contest/engine/run_loop.h"
#include "contest/engine/setup.h"
#include "contest/engine/sig.h"
#include "contest/report/pipeline.h"
#include "contest/sys/confine.h"
#include "contest/sys/guard.h"
#include "contest/sys/undo.h"
#include "lib/err.h"
#include "lib/proc.h"

#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

/* dry_run: --dry-run: the options and directories checked as a run checks
 * them before making anything, then the plan printed with its estimates (from the runs
 * of the workload recorded in the results directory, read only, else a
 * first guess: guess_plan) and the free space, and
 * its disk checked as a run checks it; nothing locked, made or changed.
 * 0, or exit 2 as the run would. */
static int dry_run(const struct opts *o, const char *note)
{
	static struct runner r;
	struct plan p;
	char why[768], key[160];

	setup_check(&r, o);
	plan_build(&p, o);   /* MEM set as set-up takes it (machine_size) */
	if (plan_paths(&p, why, sizeof why) != 0)   /* nothing made: a new directory stays so */
		errx(EXIT_USAGE, "%s", why);
	if (note[0] != '\0')
		printf("machine: %s\n", note);
	guess_workload(o, key, sizeof key);
	guess_plan(&p, o, plan_dir_name(&p.results), NULL, key);
	plan_space(&p);
	plan_print(&p, stdout, 1);
	fflush(stdout);
	if (plan_disk_check(&p, load_swap_active(), why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s", why);
	return 0;
}

/* say_kept: unless -q, what the testbed keeps for the next run, and how big. */
static void say_kept(const struct runner *r)
{
	if (r->o->progress != PROGRESS_NEVER) {
		fflush(stdout);
		clean_say_kept(r->testbed);
	}
}

/* finish: after the last run: the memory group's figures, the machine put
 * back (a change that cannot be undone fails the invocation), the labels'
 * report (a sweep's comparison, with significance when every setting has 2
 * runs). The exit status, from status. */
static int finish(struct runner *r, int status)
{
	const struct opts *o = r->o;
	const char *labels[OPTS_MAX_SWEEP];
	struct confine_usage use;

	progress_clear(&r->prog);
	if (o->confine && (!o->machine_auto || o->progress != PROGRESS_NEVER) && confine_usage(&use) == 0)
		warnx("memory group: limit %llu bytes, peak usage %lld bytes, limit reached %lld times, "
		      "%lld process(es) killed by its OOM killer", (unsigned long long)o->mem,
		      (long long)use.peak, (long long)use.hits, (long long)use.ooms);
	if (undo_all() != 0)
		status = EXIT_RUNFAIL;
	for (size_t v = 0; v < r->plan.nset; v++)
		labels[v] = r->plan.set[v].label;
	struct report_req req = { .results = r->results, .labels = labels, .nlabels = r->plan.nset,
	                          .format = "text", .stats = r->plan.nset > 1 && o->runs >= 2,
	                          .keep_busy = 1, .why = o->why, .latency = o->latency,
	                          .normalize = o->normalize };
	report_print(&req, stdout);
	say_kept(r);
	return status;
}

int cmd_run(struct opts *o)
{
	struct runner r = { 0 };
	int status = 0, rc;
	char note[512];

	machine_size(o, proc_mem_total(), geteuid() == 0, confine_available() != 0, note, sizeof note);
	if (o->dry_run)
		return dry_run(o, note);
	sig_install();
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	guard_start();
	setup_runner(&r, o);
	if (sig_caught)
		setup_intr("setting up");
	if (note[0] != '\0' && o->progress != PROGRESS_NEVER)
		warnx("%s", note);
	if (run_settings(&r) != 0)
		return EXIT_RUNFAIL;
	rc = run_all(&r, &status);
	if (rc != 0) {
		say_kept(&r);  /* after an interrupt too */
		return rc;
	}
	return finish(&r, status);
}
