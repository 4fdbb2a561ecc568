/* series.c: the series command: its checks, start's estimate from the engine's plan, and each action handed to the series room (contest/series/series.h). */
#include "contest/cmd/series.h"
#include "contest/engine/guess.h"
#include "contest/engine/machine.h"
#include "contest/engine/plan.h"
#include "contest/series/series.h"
#include "contest/sys/confine.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void series_check(struct opts *o)
{
	const char *a = o->action;

	if (a == NULL)
		opts_usage_error("series: give an action: start, status, stop or resume%s", "");
	if (strcmp(a, "start") != 0 && strcmp(a, "status") != 0 && strcmp(a, "stop") != 0 &&
	    strcmp(a, "resume") != 0)
		opts_usage_error("series: '%s' is not start, status, stop or resume", a);
	if (strcmp(a, "start") != 0) {
		if (o->nkernels > 0 || o->boot != NULL || o->npass > 0 || o->nloads > 0 || o->runs_given || o->vcpus ||
		    o->guest_mem || o->accel || o->pin || (o->sim && strcmp(a, "status") == 0) ||
		    (o->log && strcmp(a, "resume") != 0))
			opts_usage_error("series %s: takes only --journal DIR (resume and stop: --sim DIR, where a sim "
			                 "series' boot unit is; resume: --log)", a);
		return;
	}
	if (o->log)
		opts_usage_error("series start: --log is for series resume, the boot unit's%s", "");
	if (o->boot == NULL)
		opts_usage_error("series start: give --boot oneshot, kexec, qemu or sim%s", "");
	if ((o->sim != NULL) != (strcmp(o->boot, "sim") == 0))
		opts_usage_error("series start: --sim DIR goes with --boot sim, and only with it%s", "");
	if ((o->vcpus || o->guest_mem || o->accel || o->pin) && strcmp(o->boot, "qemu") != 0)
		opts_usage_error("series start: --vcpus, --guest-mem, --accel and --pin go with --boot qemu, and only "
		                 "with it%s", "");
	if (o->nkernels < 2)
		opts_usage_error("series start: give two or more kernels, each as -k LABEL=SPEC%s", "");
	if (o->runs_auto)
		opts_usage_error("series start: -n '%s' is for runs; give a series a number of rounds", "auto");
	if (!o->runs_given)   /* a whole Latin square, and at least 6 pairs for the rank test */
		for (o->runs = (long)o->nkernels; o->runs < 6; o->runs += (long)o->nkernels)
			;
}

/* round_secs: the estimated seconds of one kernel's runs in a round (its
 * loads once each), from the engine's plan of o as a run of one round;
 * NaN when a load's time is not known. */
static double round_secs(const struct opts *o)
{
	static struct opts one;
	struct plan p;
	char note[512], key[160];
	size_t unknown = 0;

	one = *o;
	one.runs = 1;
	machine_size(&one, proc_mem_total(), geteuid() == 0, confine_available() != 0, note, sizeof note);
	plan_build(&p, &one);
	guess_workload(&one, key, sizeof key);
	guess_plan(&p, &one, one.results, NULL, key);
	double t = plan_total(&p, &unknown);
	return unknown > 0 ? NAN : t;
}

int cmd_series(struct opts *o)
{
	char dir[PATH_MAX], cwd[PATH_MAX];
	const char *given = o->journal ? o->journal : SERIES_DIR_DEFAULT;
	const char *loads[OPTS_MAX_LOADS];
	char settle[48];
	const char *args[sizeof o->pass / sizeof o->pass[0] + 1];
	size_t nargs = 0, settle_given = 0;

	if (given[0] != '/' && (getcwd(cwd, sizeof cwd) == NULL || fs_path(dir, sizeof dir, "%s/%s", cwd, given) != 0))
		errx(EXIT_USAGE, "series: --journal '%s': cannot make it an absolute path", given);
	if (given[0] == '/')
		text_copy(dir, given, sizeof dir);
	if (strcmp(o->action, "status") == 0)
		return series_status(dir);
	if (strcmp(o->action, "stop") == 0)
		return series_stop(dir, o->sim);
	if (strcmp(o->action, "resume") == 0)
		return series_resume(dir, o->sim, o->log);
	for (size_t i = 0; i < o->npass; i++) {
		args[nargs++] = o->pass[i];
		settle_given |= strncmp(o->pass[i], "--settle=", 9) == 0;
	}
	if (!settle_given) {   /* CONTEST_SETTLE as it is now, not at boot */
		snprintf(settle, sizeof settle, "--settle=%g", o->settle);
		args[nargs++] = settle;
	}
	for (size_t i = 0; i < o->nloads; i++)
		loads[i] = o->loads[i]->name;
	struct series_start s = {
		.dir = dir, .driver = o->boot, .sim = o->sim, .kernels = o->kernels, .nk = o->nkernels,
		.rounds = o->runs, .seed = (uint64_t)o->seed, .seed_given = o->seed_given, .tries = o->tries,
		.deadline = o->deadline, .countdown = o->countdown, .loads = loads, .nloads = o->nloads,
		.args = args, .nargs = nargs, .results = o->results, .round_secs = round_secs(o),
		.dry_run = o->dry_run,
		.boot = { .accel = o->accel, .vcpus = o->vcpus, .guest_mib = (long)(o->guest_mem >> 20), .pin = o->pin },
	};
	return series_start(&s);
}
