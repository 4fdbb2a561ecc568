/* loadrate.c: `contest loads --rate`: each load alone for a few seconds: its work rate, CPU and the system's major faults. */
#include "contest/cmd/loadrate.h"
#include "contest/engine/load_control.h"
#include "contest/engine/machine.h"
#include "contest/engine/prepare.h"
#include "contest/engine/sig.h"
#include "contest/sys/guard.h"
#include "contest/sys/lock.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "workload/ktree.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/* majflt: pgmajfault from /proc/vmstat; 0 when unknown. */
static unsigned long long majflt(void)
{
	return proc_field("/proc/vmstat", "pgmajfault");
}

/* wait_for: sleep s seconds unless interrupted or the load fails; -1 then. */
static int wait_for(struct load_control *lc, double s, char *why, size_t len)
{
	double end = mono_now() + s;

	while (mono_now() < end) {
		if (sig_caught)
			return -1;
		if (load_control_check(lc, why, len) != 0)
			return -1;
		mono_sleep(end - mono_now() < 0.2 ? end - mono_now() : 0.2);
	}
	return sig_caught ? -1 : 0;
}

/* rate_one: prepare, start, settle, measure, stop and clean up load d;
 * prints its row. Returns 0, 1 (the load failed) or EXIT_INTR. */
static int rate_one(const struct load_desc *d, const struct load_env *env, double secs)
{
	struct load_prep prep = { .per_unit = d->per_unit };
	struct load_control lc;
	struct load_sample a, b;
	char why[256] = "";
	unsigned long long fa, fb;
	double t0, t;
	int rc = 0;

	if (d->prepare != NULL) {
		rc = prepare_load(d, env, &prep, why, sizeof why);
		if (rc == 1 || sig_caught) {
			rc = EXIT_INTR;
			goto out;
		}
		if (rc != 0) {
			rc = 1;
			goto out;
		}
	}
	sync();
	if (load_control_start(&lc, d, env, &prep, why, sizeof why) != 0) {
		rc = 1;
		goto out;
	}
	if (wait_for(&lc, 1.0, why, sizeof why) == 0) {
		load_control_sample(&lc, &a);
		fa = majflt();
		t0 = mono_now();
		if (wait_for(&lc, secs, why, sizeof why) == 0) {
			load_control_sample(&lc, &b);
			fb = majflt();
			t = mono_now() - t0;
			double work = (double)(b.work - a.work);
			printf("%-14s %7.1f %9.2f %14.0f %7.1f %9.0f  %s%s%s\n", d->name, t,
			       work / prep.per_unit / t, work / t, (b.cpu - a.cpu) / t * 100,
			       (double)(fb - fa) / t, d->work, prep.detail[0] ? "; " : "", prep.detail);
		}
	}
	if (sig_caught)
		rc = EXIT_INTR;
	else if (why[0] != '\0')
		rc = 1;
	load_control_stop(&lc, 2.0);
out:
	if (d->cleanup != NULL)
		d->cleanup(env, &prep);
	if (rc == 1)
		warnx("%s: %s", d->name, why);
	fflush(stdout);
	return rc;
}

int loadrate_main(struct opts *o)
{
	char testbed[PATH_MAX], tree[PATH_MAX] = "", other[PATH_MAX], why[512];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int status = 0, need_tree = 0;

	sig_install();
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	machine_size(o, proc_mem_total(), 0, 0, why, sizeof why);  /* no group: each load alone */
	if (o->mem == 0)
		errx(EXIT_USAGE, "cannot read MemTotal from /proc/meminfo; give --mem");
	if (fs_mkdirs(o->testbed) != 0 || realpath(o->testbed, testbed) == NULL)
		err(EXIT_USAGE, "testbed '%s'", o->testbed);
	if (lock_testbed(o->testbed, testbed, why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s", why);
	guard_start();
	for (size_t i = 0; i < o->nloads; i++)
		need_tree |= (o->loads[i]->flags & LOAD_F_TREE) != 0;
	if (o->tree != NULL) {
		if (ktree_check(o->tree, tree, sizeof tree, why, sizeof why) != 0)
			errx(EXIT_USAGE, "%s", why);
	} else if (need_tree) {
		int rc = prepare_tree(testbed, o->scale, tree, sizeof tree, why, sizeof why);
		if (rc == 1) {
			warnx("interrupted by %s while %s; no load was run", strsignal(sig_caught), why);
			return EXIT_INTR;
		}
		if (rc != 0)
			errx(EXIT_USAGE, "%s", why);
	}
	if (o->other != NULL && realpath(o->other, other) == NULL)
		text_copy(other, o->other, sizeof other);  /* io_other says what is wrong */
	else if (o->other != NULL && lock_other(other, why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s", why);
	struct load_env env = { .testbed = testbed, .other = o->other ? other : NULL, .tree = tree,
	                        .mem = o->mem, .cpus = cpus < 1 ? 1 : (int)cpus };
	printf("%-14s %7s %9s %14s %7s %9s  %s\n", "Load", "Seconds", "Loads/s", "Work/s", "LCPU%",
	       "MajFlt/s", "Work unit");
	for (size_t i = 0; i < o->nloads; i++) {
		if (o->loads[i]->flags & LOAD_F_NOPROC)
			continue;
		int rc = sig_caught ? EXIT_INTR : rate_one(o->loads[i], &env, o->rate_seconds);
		if (rc == EXIT_INTR) {
			warnx("interrupted by %s during %s; it was stopped and its files removed",
			      strsignal(sig_caught), o->loads[i]->name);
			return EXIT_INTR;
		}
		if (rc != 0)
			status = EXIT_RUNFAIL;
	}
	return status;
}
