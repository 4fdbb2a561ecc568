/* micro.c: `contest micro`: run the microbenchmark suite for one label, store it, show the summary. */
#include "contest/cmd/micro.h"
#include "contest/cli/version.h"
#include "contest/engine/sig.h"
#include "contest/sys/lock.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/harness.h"
#include "micro/proc_fork.h"
#include "micro/suite.h"
#include "results/record/store.h"
#include "results/render/render_micro.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

/* dir_abs: create dir if needed and store its absolute path; *made set when
 * it was created. Exits 2 when that fails. */
static void dir_abs(const char *what, const char *dir, char *out, int *made)
{
	char q[TEXT_QUOTED];

	text_quote(dir, q, sizeof q);   /* echoed: one line whatever the bytes */
	*made = access(dir, F_OK) != 0;
	if (fs_mkdirs(dir) != 0 || realpath(dir, out) == NULL)
		err(EXIT_USAGE, "cannot use %s '%s'", what, q);
	if (access(out, W_OK | X_OK) != 0)
		err(EXIT_USAGE, "%s '%s' is not writable", what, q);
}

/* last_run: the highest run number stored for label; -1 (reported) when its
 * file cannot be read, -2 when lines of it are malformed (each reported;
 * a torn line is no bar: the append marks it and begins a line of its own). */
static int last_run(const char *results, const char *label)
{
	struct micro_record_set set = { 0 };
	int run = 0;

	if (store_micro_read_label(results, label, &set) != 0 || set.bad > set.torn) {
		run = set.bad > set.torn ? -2 : -1;
		micro_record_set_free(&set);
		return run;
	}
	for (size_t i = 0; i < set.n; i++)
		if (set.v[i].run > run)
			run = set.v[i].run;
	micro_record_set_free(&set);
	return run;
}

/* to_records: the lines of one suite run for storing. */
static struct micro_record *to_records(const struct opts *o, const struct micro_opts *mo,
                               const struct micro_set *set, int run, const char *ts)
{
	struct micro_record *v = calloc((size_t)set->n + 1, sizeof *v);
	struct utsname u;

	if (v == NULL)
		return NULL;
	uname(&u);
	for (int i = 0; i < set->n; i++) {
		struct micro_record *m = &v[i];
		const struct micro_metric *x = &set->m[i];
		text_copy(m->label, o->label, sizeof m->label);
		m->run = run;
		text_copy(m->timestamp, ts, sizeof m->timestamp);
		text_copy(m->host, u.nodename, sizeof m->host);
		text_copy(m->kernel, u.release, sizeof m->kernel);
		text_copy(m->version, CONTEST_VERSION, sizeof m->version);
		text_copy(m->mode, mo->quick ? "quick" : "full", sizeof m->mode);
		if (mo->cpu >= 0 && mo->spread)
			text_fmt(m->placement, sizeof m->placement, "spread:cpu%d+cpu%d", mo->cpu, mo->peer_cpu);
		else if (mo->cpu >= 0)
			text_fmt(m->placement, sizeof m->placement, "cpu%d", mo->cpu);
		else
			text_copy(m->placement, "unpinned", sizeof m->placement);
		text_copy(m->metric, x->name, sizeof m->metric);
		m->value = x->v.ok ? x->v.value : NAN;
		m->spread = x->v.ok ? x->v.spread : 0;
		/* an available figure's reason is its note (Fork proc: which process forked) */
		text_copy(m->reason, x->v.ok || x->v.reason[0] ? x->v.reason : "failed", sizeof m->reason);
	}
	return v;
}

/* timestamp: UTC now, "2026-11-30T13:18:49Z". */
static void timestamp(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The error the figures a full testbed stopped say (set by say_na). */
static const char *space_err = "";

/* say_na: the figures of suite run r (of set, done in secs) that are not
 * available, one line each (and one when Fork proc forked from contest
 * itself), and the run's progress line; the number of
 * them that failed for lack of space (ENOSPC or EDQUOT in their reason),
 * their names in list (len) and the error in space_err. */
static int say_na(const struct opts *o, long r, const struct micro_set *set, double secs, char *list,
                  size_t len)
{
	static const int errs[] = { ENOSPC, EDQUOT };
	int na = 0, nspace = 0;
	size_t at = 0;

	list[0] = '\0';
	for (int i = 0; i < set->n; i++) {
		if (set->m[i].v.ok) {
			/* Fork proc forked from contest itself: no contest-forker */
			if (strcmp(set->m[i].name, "fork_proc") == 0 &&
			    strcmp(set->m[i].v.reason, MICRO_FORKER_NOTE) != 0)
				warnx("micro run %ld: fork_proc %s", r, set->m[i].v.reason);
			continue;
		}
		na++;
		warnx("micro run %ld: %s not available: %s", r, set->m[i].name, set->m[i].v.reason);
		for (size_t k = 0; k < sizeof errs / sizeof errs[0]; k++) {
			if (strstr(set->m[i].v.reason, strerror(errs[k])) == NULL)
				continue;
			space_err = strerror(errs[k]);
			if (at < len)
				at += (size_t)snprintf(list + at, len - at, "%s%s", nspace ? ", " : "", set->m[i].name);
			nspace++;
			break;
		}
	}
	if (o->progress != PROGRESS_NEVER)
		fprintf(stderr, "micro run %ld/%ld: %.1f s, %d metrics, %d not available\n", r, o->runs, secs,
		        set->n, na);
	return nspace;
}

void micro_check(struct opts *o)
{
	char list[128];

	if (o->micro_only == NULL)
		return;
	if (text_copy(list, o->micro_only, sizeof list) >= sizeof list)
		opts_usage_error("--only: '%s' is too long", o->micro_only);
	for (char *g = strtok(list, ","); g != NULL; g = strtok(NULL, ",")) {
		int k = micro_group_find(g);
		if (k < 0)
			opts_usage_error("--only: '%s' is not a group of proc, ctx, ipc, fs, bw, mem", g);
		o->micro_groups |= 1u << k;
	}
	if (o->micro_groups == 0)
		opts_usage_error("--only: no group named in '%s'", o->micro_only);
}

/* run_opts: the suite options of run r of o (mode, placement, groups) into
 * *mo, and the run's progress line. */
static void run_opts(const struct opts *o, struct micro_opts *mo, long r)
{
	micro_opts_init(mo, o->quick);
	mo->cpu = micro_suite_cpu();
	mo->spread = o->spread;
	mo->largest = (size_t)o->mb << 20;
	mo->groups = o->micro_groups;
	mo->peer_cpu = o->spread ? micro_peer_cpu_pick(mo->cpu) : -1;
	char self[PATH_MAX];
	if (realpath("/proc/self/exe", self) != NULL)
		micro_forker_find(self, mo->forker, sizeof mo->forker);
	if (o->progress == PROGRESS_NEVER)
		return;
	fprintf(stderr, "micro run %ld/%ld: %s suite", r, o->runs, o->quick ? "quick" : "full");
	if (mo->groups != 0)
		fprintf(stderr, " (--only %s)", o->micro_only);
	fprintf(stderr, " on CPU %d", mo->cpu);
	if (o->spread)
		fprintf(stderr, ", the other end of IPC and ring benchmarks on CPU %d", mo->peer_cpu);
	fputs(" ...\n", stderr);
}

int cmd_micro(struct opts *o)
{
	char testbed[PATH_MAX], results[PATH_MAX], why[1024], ts[40], space[1024];
	int made_tb, made_res, first, status = 0, nspace = 0;

	if (o->spread && micro_peer_cpu_pick(micro_suite_cpu()) < 0)
		errx(EXIT_USAGE, "--placement spread needs two CPUs; this process may use only CPU %d",
		     micro_suite_cpu());
	sig_install();
	dir_abs("testbed", o->testbed, testbed, &made_tb);
	dir_abs("results directory", o->results, results, &made_res);
	/* one contest per testbed and per results directory, for its whole life */
	if (lock_testbed(o->testbed, testbed, why, sizeof why) != 0 ||
	    lock_results(results, why, sizeof why) != 0) {
		warnx("%s", why);
		status = EXIT_USAGE;
		goto out;
	}
	if ((first = last_run(results, o->label)) < 0) {
		if (first == -2)
			warnx("refusing to append to the microbenchmark results of label '%s' in '%s'",
			      o->label, o->results);
		status = EXIT_USAGE;
		goto out;
	}
	for (long r = 1; r <= o->runs; r++) {
		struct micro_opts mo;
		struct micro_set set;
		double t0 = mono_now();

		run_opts(o, &mo, r);
		timestamp(ts, sizeof ts);
		if (micro_suite(&mo, testbed, &set, &sig_caught, why, sizeof why) != 0 || sig_caught) {
			if (sig_caught) {
				warnx("interrupted by %s during micro run %ld/%ld; it is not recorded, "
				      "%ld completed run(s) are kept in %s", strsignal(sig_caught), r, o->runs,
				      r - 1, results);
				status = EXIT_INTR;
			} else {
				warnx("micro run %ld/%ld: %s", r, o->runs, why);
				status = EXIT_RUNFAIL;
			}
			goto out;
		}
		struct micro_record *v = to_records(o, &mo, &set, first + (int)r, ts);
		if (v == NULL || store_micro_append(results, v, (size_t)set.n) != 0) {
			warn("cannot record micro run %d of '%s' in %s", first + (int)r, o->label, results);
			free(v);
			status = EXIT_RUNFAIL;
			goto out;
		}
		free(v);
		if ((nspace = say_na(o, r, &set, mono_now() - t0, space, sizeof space)) > 0) {
			status = EXIT_RUNFAIL;   /* the run is kept; another would lack the space too */
			break;
		}
	}
	{
		const char *labels[1] = { o->label };
		struct micro_show show = { .labels = labels, .nlabels = 1 };
		int rc = micro_report(results, &show, stdout);
		if (status == 0 && rc != EXIT_SKIPPED)   /* a skipped line (said) is not this run's failure */
			status = rc;
	}
	if (nspace > 0)
		warnx("micro: %d figure%s not measured for lack of space in the testbed %s (%s): %s; "
		      "the run is recorded with %s as na", nspace, nspace == 1 ? "" : "s", testbed,
		      space_err, space, nspace == 1 ? "it" : "them");
out:
	if (made_tb) {
		lock_drop(testbed);
		rmdir(testbed);  /* only when left empty */
	}
	if (made_res) {
		lock_drop(results);
		rmdir(results);
	}
	return status;
}
