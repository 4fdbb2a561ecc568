/* guess.c: the plan's estimate, gathered: reads the same workload's records, else times the canary and sizes the workload, and hands them to estimate.c for each planned run. */
#include "contest/engine/guess.h"
#include "contest/engine/canary.h"
#include "contest/engine/estimate.h"
#include "contest/engine/sig.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/model/speed.h"
#include "results/record/store.h"
#include "workload/builtin.h"
#include "workload/ktree.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

void guess_workload(const struct opts *o, char *buf, size_t len)
{
	char version[64];
	unsigned long long hash;

	buf[0] = '\0';
	if (o->tree == NULL)
		builtin_identity(o->scale, buf, len);
	else if (ktree_makefile_version(o->tree, version, sizeof version) == 0 &&
	         ktree_config_hash(o->tree, &hash) == 0)
		ktree_identity(version, hash, o->target ? o->target : KTREE_TARGET, buf, len);
}

/* recorded_canary: the canary of the latest run recorded in results on
 * this host that has one; NaN when none. */
static double recorded_canary(const char *results)
{
	struct rec_set got = { 0 };
	struct utsname u;
	double c = NAN;
	const char *at = "";

	if (uname(&u) != 0 || access(results, R_OK | X_OK) != 0 || store_read_all(results, &got) != 0)
		return NAN;
	for (size_t i = 0; i < got.n; i++)
		if (strcmp(got.v[i].host, u.nodename) == 0 && isfinite(canary_of(&got.v[i])) &&
		    strcmp(got.v[i].timestamp, at) >= 0) {
			c = canary_of(&got.v[i]);
			at = got.v[i].timestamp;
		}
	rec_set_free(&got);  /* at pointed into it: not used after */
	return c;
}

/* temp_canary: the canary timed in a temporary testbed (the tiny tree
 * generated there), removed afterwards, also when a signal came (it is
 * then taken as it would have been); NaN when it cannot be timed. */
static double temp_canary(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM };
	const char *tmp = getenv("TMPDIR");
	char dir[PATH_MAX], why[256], *slash;
	double best = NAN, spread;

	if (fs_path(dir, sizeof dir, "%s/contest-guess.XXXXXX", tmp && tmp[0] ? tmp : "/tmp") != 0 ||
	    mkdtemp(dir) == NULL)
		return NAN;
	sig_install();  /* the compiles' waits tick with SIGALRM; an interrupt ends them */
	if (canary_time(dir, &best, &spread, why, sizeof why) != 0)
		best = NAN;
	slash = strrchr(dir, '/');
	*slash = '\0';
	fs_rm_in(dir[0] ? dir : "/", slash + 1);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
	if (sig_caught)
		raise(sig_caught);
	return best;
}

/* size_of: o's workload's size in the first guess's units into *units and
 * *per_unit, said into size; 0, or -1 when it cannot be read. */
static int size_of(const struct opts *o, double *units, double *per_unit, char *size, size_t len)
{
	unsigned long lines;

	if (o->tree == NULL) {
		*units = builtin_units(o->scale);
		*per_unit = EST_UNIT_CANARIES;
		text_fmt(size, len, "the built-in %s scale's %.0f units x %.2f", o->scale, *units, *per_unit);
		return *units > 0 ? 0 : -1;
	}
	if (ktree_config_y(o->tree, &lines) != 0 || lines == 0)
		return -1;
	*units = (double)lines;
	*per_unit = EST_LINE_CANARIES;
	text_fmt(size, len, "the tree's %lu =y lines of .config x %.2f", lines, *per_unit);
	return 0;
}

void guess_plan(struct plan *p, const struct opts *o, const char *results, const char *testbed,
                const char *workload)
{
	double canary = NAN, units, per_unit;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	char size[96], why[256];
	double spread;
	size_t missing = 0;

	plan_estimate(p, results, workload);
	for (size_t k = 0; k < p->nloads; k++)
		missing += p->nrec[k] == 0;
	if (missing == 0)
		return;
	if (missing == p->nloads) {  /* else scaled from the recorded loads */
		if (size_of(o, &units, &per_unit, size, sizeof size) != 0)
			return;
		if (testbed != NULL && !o->no_canary && canary_time(testbed, &canary, &spread, why, sizeof why) != 0)
			canary = NAN;  /* the runs' canary says why */
		if (!isfinite(canary))
			canary = recorded_canary(results);
		if (!isfinite(canary) && testbed == NULL && !o->no_canary)
			canary = temp_canary();
	} else {
		units = per_unit = 1;
		size[0] = '\0';
	}
	if (o->jobs > 0 && o->jobs < cpus)
		cpus = o->jobs;
	plan_guess(p, canary, units, per_unit, cpus < 1 ? 1 : (int)cpus, size);
}
