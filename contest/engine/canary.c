/* canary.c: the machine-speed canary: the tiny built-in tree's CANARY_UNIT compiled with cc -O2 -c, after CANARY_WARM warm-ups the best of CANARY_TRIES, and their spread. */
#include "contest/engine/canary.h"
#include "contest/engine/compile.h"
#include "contest/engine/prepare.h"
#include "contest/engine/setup.h"
#include "contest/engine/sig.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/record.h"

#include <limits.h>
#include <math.h>

int canary_time(const char *testbed, double *best, double *spread, char *why, size_t len)
{
	static char *const argv[] = { "cc", "-O2", "-std=gnu11", "-Iinclude", "-w", "-c", "-o",
	                              "/dev/null", CANARY_UNIT, NULL };
	struct compile_result res;
	char dir[PATH_MAX], log[PATH_MAX], err[512];
	double worst = NAN;
	int rc;

	*best = *spread = NAN;
	rc = prepare_tree(testbed, CANARY_SCALE, dir, sizeof dir, err, sizeof err);
	if (rc != 0) {
		text_fmt(why, len, "%s", rc == 1 ? "interrupted" : err);
		return rc == 1 ? 1 : -1;
	}
	if (fs_path(log, sizeof log, "%s/%s", dir, CANARY_LOG) != 0) {
		text_fmt(why, len, "%s/%s: path too long", dir, CANARY_LOG);
		return -1;
	}
	for (int i = 0; i < CANARY_WARM + CANARY_TRIES && rc == 0; i++) {
		int cr = compile_run(dir, argv, log, NULL, NULL, &res, err, sizeof err);
		if (cr == COMPILE_INTR || sig_caught)
			rc = 1;
		else if (cr != COMPILE_OK) {
			text_fmt(why, len, "%s", err);
			rc = -1;
		} else if (i >= CANARY_WARM) {
			if (!(res.time >= *best))
				*best = res.time;
			if (!(res.time <= worst))
				worst = res.time;
		}
	}
	if (rc != -1)
		fs_rm_in(dir, CANARY_LOG);  /* kept to be read when the compiler failed */
	if (rc != 0)
		*best = NAN;
	else if (*best > 0)
		*spread = (worst / *best - 1) * 100;
	return rc;
}

int canary_record(struct runner *r, struct rec *rec, int ev)
{
	static int warned;
	char why[512];
	double best, spread;
	int rc;

	if (r->o->no_canary)
		return 0;
	r->phase = "the machine-speed canary";
	progress_phase(&r->prog, "canary");
	rc = canary_time(r->testbed, &best, &spread, why, sizeof why);
	if (rc == 1 || sig_caught)
		return 1;
	if (rc == 0) {
		rec->ev[ev] = best;
		rec->ev[ev == REV_CANARY ? REV_CANARY_SPREAD : REV_CANARY_AFTER_SPREAD] = spread;
	}
	else if (!warned++) {
		progress_clear(&r->prog);
		warnx("no machine-speed canary: %s; canary_s and canary_after_s are recorded as na, "
		      "the runs go on", why);
	}
	return 0;
}
