/* series.c: the series command's actions: start (plan checked, printed, journaled, the unit installed, the first reboot), resume, stop and status, one at a time under the journal folder's lock. */
#include "contest/series/series.h"
#include "contest/series/closing.h"
#include "contest/series/safety.h"
#include "contest/series/status.h"
#include "contest/series/step.h"
#include "contest/series/unit.h"
#include "lib/err.h"
#include "lib/failpoint.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "lib/trust.h"
#include "results/record/record.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/* lock_dir: dir made if need be and locked for this process (flock on
 * DIR/lock, released at exit); the descriptor, -1 when another process
 * holds it (wait 0) or on error (said). */
static int lock_dir(const char *dir, int wait)
{
	char path[PATH_MAX];
	int fd;

	if (fs_mkdirs(dir) != 0 && errno != EEXIST) {
		warn("series: cannot make %s", dir);
		return -1;
	}
	if (fs_path(path, sizeof path, "%s/lock", dir) != 0 ||
	    (fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644)) < 0) {
		warn("series: cannot open %s/lock", dir);
		return -1;
	}
	if (flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* failpoint_all: under a crash test (FAILPOINT_ENV set), a point passed by
 * one of the series' runs takes this process down with it, as a power cut
 * would (lib/failpoint.h). */
static void failpoint_all(void)
{
	char pid[24];

	if (getenv(FAILPOINT_ENV) == NULL)
		return;
	snprintf(pid, sizeof pid, "%ld", (long)getpid());
	setenv(FAILPOINT_ALSO_ENV, pid, 1);
}

/* ctx_open: c for journal j in dir: its driver, the driver's state, what
 * runs now. 0, or -1 (said). */
static int ctx_open(struct series_ctx *c, const char *dir, struct series_journal *j)
{
	char why[512];

	c->dir = dir;
	c->j = j;
	c->drv = boot_driver_find(j->driver);
	c->bc.root = j->root;
	text_copy(c->bc.opts, j->driver_opts, sizeof c->bc.opts);
	if (c->drv == NULL || c->drv->running == NULL) {
		warnx("series: the journal in %s names boot driver '%s', which this contest does not have", dir,
		      j->driver);
		return -1;
	}
	if (c->drv->running(&c->bc, &c->now, why, sizeof why) != 0) {
		warnx("series: cannot tell which kernel runs: %s", why);
		return -1;
	}
	return 0;
}

/* split_kernel: "LABEL=SPEC[,release=R]" into k; 0, or -1 with why. */
static int split_kernel(const char *arg, struct boot_kernel *k, char *why, size_t len)
{
	const char *eq = strchr(arg, '='), *rel;
	size_t n;

	memset(k, 0, sizeof *k);
	if (eq == NULL || eq == arg || eq[1] == '\0' || (size_t)(eq - arg) >= sizeof k->label) {
		text_fmt(why, len, "-k '%s' is not LABEL=SPEC (a label, '=', what boots it)", arg);
		return -1;
	}
	memcpy(k->label, arg, (size_t)(eq - arg));
	n = text_copy(k->spec, eq + 1, sizeof k->spec);
	if (n >= sizeof k->spec) {
		text_fmt(why, len, "-k '%s': SPEC is longer than %zu characters", k->label, sizeof k->spec - 1);
		return -1;
	}
	if ((rel = strstr(k->spec, ",release=")) != NULL) {
		text_copy(k->release, rel + 9, sizeof k->release);
		k->spec[rel - k->spec] = '\0';
	}
	return 0;
}

/* plan_kernels: the kernels of s resolved by c's driver into j; 0, or -1
 * (said). Labels are once each. */
static int plan_kernels(const struct series_start *s, struct series_ctx *c, struct series_journal *j)
{
	char why[768];

	if (s->nk < 2 || s->nk > SERIES_MAX_KERNELS) {
		warnx("series: give from 2 to %d kernels, each as -k LABEL=SPEC (%zu given)", SERIES_MAX_KERNELS,
		      s->nk);
		return -1;
	}
	for (size_t i = 0; i < s->nk; i++) {
		struct boot_kernel *k = &j->kern[i].k;
		const char *bad = NULL;
		if (split_kernel(s->kernels[i], k, why, sizeof why) != 0 ||
		    c->drv->resolve(&c->bc, k, why, sizeof why) != 0) {
			warnx("series: %s", why);
			return -1;
		}
		if (rec_label_check(k->label, &bad) != 0) {   /* the runs' own rule, before anything is made */
			char q[TEXT_QUOTED];
			warnx("series: -k: label '%s' %s", text_quote(k->label, q, sizeof q), bad);
			return -1;
		}
		for (size_t o = 0; o < i; o++)
			if (strcmp(j->kern[o].k.label, k->label) == 0) {
				warnx("series: label '%s' is given twice", k->label);
				return -1;
			}
	}
	j->nk = s->nk;
	return 0;
}

/* absolute: path made absolute against cwd into out; 0, or -1 (ENAMETOOLONG). */
static int absolute(const char *path, const char *cwd, char *out, size_t len)
{
	return path[0] == '/' ? (text_copy(out, path, len) < len ? 0 : -1) : fs_path(out, len, "%s/%s", cwd, path);
}

/* plan_fill: the rest of j's plan from s. 0, or -1 (said). */
static int plan_fill(const struct series_start *s, struct series_journal *j)
{
	struct tm tm;
	time_t t = time(NULL);

	if (s->nloads > SERIES_MAX_LOADS || s->nargs > SERIES_MAX_ARGS || s->rounds > SERIES_MAX_ROUNDS) {
		warnx("series: at most %d loads, %d run options and %d rounds", SERIES_MAX_LOADS, SERIES_MAX_ARGS,
		      SERIES_MAX_ROUNDS);
		return -1;
	}
	j->seed = s->seed_given ? s->seed : series_seed_new();
	gmtime_r(&t, &tm);
	strftime(j->id, sizeof j->id, "%Y%m%dT%H%M%S", &tm);
	text_fmt(j->id + strlen(j->id), sizeof j->id - strlen(j->id), "-%llu", (unsigned long long)j->seed);
	text_copy(j->driver, s->driver, sizeof j->driver);
	if (getcwd(j->cwd, sizeof j->cwd) == NULL || realpath("/proc/self/exe", j->program) == NULL ||
	    absolute(s->results, j->cwd, j->results, sizeof j->results) != 0) {
		warn("series: cannot resolve the working directory, contest's path or the results directory '%s'",
		     s->results);
		return -1;
	}
	j->rounds = s->rounds;
	j->max_tries = s->tries;
	j->deadline = s->deadline;
	j->countdown = s->countdown;
	for (size_t i = 0; i < s->nloads; i++)
		text_copy(j->loads[i], s->loads[i], sizeof j->loads[i]);
	j->nloads = s->nloads;
	for (size_t i = 0; i < s->nargs; i++)
		if (text_copy(j->args[i], s->args[i], sizeof j->args[i]) >= sizeof j->args[i]) {
			warnx("series: run option '%.40s...' is too long", s->args[i]);
			return -1;
		}
	j->nargs = s->nargs;
	series_order(j->nk, j->rounds, j->seed, j->order);
	return 0;
}

/* can_resume: 0 when the kernel that runs is the one that boots by default
 * (it comes back after any failure and must go on with the series); else
 * -1 (said). Unknown defaults are warned about. */
static int can_resume(struct series_ctx *c)
{
	char def[BOOT_RELEASE_MAX], why[512];

	if (c->drv->default_release(&c->bc, def, sizeof def, why, sizeof why) != 0) {
		warnx("series: %s", why);
		return -1;
	}
	if (def[0] == '\0') {
		warnx("series: warning: cannot tell which kernel boots by default; it must be one on which this"
		      " contest and its boot unit go on with the series");
		return 0;
	}
	if (strcmp(def, c->now.release) != 0) {
		warnx("series: the running kernel (%s) is not the one that boots by default (%s), which must go on"
		      " with the series after a failed boot; start it from %s", c->now.release, def, def);
		return -1;
	}
	return 0;
}

/* estimate_print: the plan's time: its runs from s's estimate, and its
 * reboots, whose time is measured at the first; none for guests (a driver
 * whose run boots the kernel in a machine of its own). */
static void estimate_print(const struct series_start *s, const struct series_journal *j, int guests)
{
	long steps = j->rounds * (long)j->nk;

	if (guests) {   /* this machine's records say nothing of a run inside a guest */
		printf("plan: %ld steps, %ld runs, each in a guest of its own; no estimate: a run's time in a"
		       " guest is not this machine's (under TCG many times longer)\n", steps,
		       steps * (long)j->nloads);
		return;
	}
	printf("plan: %ld steps of one reboot each; %ld runs", steps, steps * (long)j->nloads);
	if (isfinite(s->round_secs))
		printf(", about %.0f min of runs (%.0f s a step)", steps * s->round_secs / 60, s->round_secs);
	else
		printf(" (their time is not known: no recorded runs of this workload, no canary)");
	printf(", plus %ld reboots (their time is measured at the first one: contest series status)\n", steps);
}

/* start_checks: the driver (its options, its check), its kernels and the
 * running kernel checked for s, into c and j (plan_kernels, plan_fill). 0,
 * or -1 (said). */
static int start_checks(const struct series_start *s, struct series_ctx *c, struct series_journal *j)
{
	char why[512], cwd[PATH_MAX];

	c->drv = boot_driver_find(s->driver);
	if (c->drv == NULL || c->drv->check == NULL) {
		warnx("series: --boot '%s': this contest has no such boot driver (oneshot, kexec, qemu, sim)", s->driver);
		return -1;
	}
	if (getcwd(cwd, sizeof cwd) == NULL || absolute(s->sim ? s->sim : "", cwd, j->root, sizeof j->root) != 0)
		return -1;
	if (s->sim == NULL)   /* --sim DIR: the sim's firmware, where its unit lives too */
		j->root[0] = '\0';
	c->bc.root = j->root;
	if ((c->drv->configure != NULL && c->drv->configure(&c->bc, &s->boot, why, sizeof why) != 0) ||
	    c->drv->check(&c->bc, why, sizeof why) != 0) {
		warnx("series: %s", why);
		return -1;
	}
	text_copy(j->driver_opts, c->bc.opts, sizeof j->driver_opts);
	if (c->drv->running(&c->bc, &c->now, why, sizeof why) != 0) {
		warnx("series: cannot tell which kernel runs: %s", why);
		return -1;
	}
	if (plan_kernels(s, c, j) != 0 || plan_fill(s, j) != 0 || can_resume(c) != 0)
		return -1;
	if (trust_path(s->dir, TRUST_PARENT, geteuid(), why, sizeof why) != 0 ||
	    series_trust_plan(j, why, sizeof why) != 0) {   /* the folder, made if need be below */
		warnx("series: %s%s", strncmp(why, "the ", 4) == 0 ? "" : "the journal folder: ", why);
		return -1;
	}
	return 0;
}

/* unfinished: 1 when dir holds a series that is neither done nor stopped
 * (said). */
static int unfinished(const char *dir)
{
	struct series_journal *old = journal_new();
	char note[512], why[512];
	int fb, rc = 0;

	if (old != NULL && journal_read(dir, old, &fb, note, sizeof note, why, sizeof why) == 0 &&
	    old->phase != PH_DONE) {
		warnx("series: %s holds series %s, not finished; 'contest series status --journal %s', or stop it and"
		      " start another in another --journal folder", dir, old->id, dir);
		rc = 1;
	}
	free(old);
	return rc;
}

/* begin: the driver's begin (boot.h), with the series' first kernel, its
 * state kept in j. */
static void begin(struct series_ctx *c, const char *dir)
{
	struct series_journal *j = c->j;
	const char *args[SERIES_MAX_ARGS];

	if (c->drv->begin == NULL)
		return;
	for (size_t i = 0; i < j->nargs && i < SERIES_MAX_ARGS; i++)
		args[i] = j->args[i];
	struct series_run r = { .dir = dir, .driver = j->driver, .program = j->program, .cwd = j->cwd,
	                        .results = j->results, .args = args, .nargs = j->nargs, .id = j->id, .round = 0,
	                        .kernel = &j->kern[0].k, .load = "", .deadline = 0 };
	c->drv->begin(&c->bc, &r);
	text_copy(j->driver_opts, c->bc.opts, sizeof j->driver_opts);
}

/* start: series_start's steps for its journal j (zeroed). */
static int start(const struct series_start *s, struct series_journal *j)
{
	struct series_ctx c = { 0 };
	char why[512];
	int lock;

	if (start_checks(s, &c, j) != 0)
		return EXIT_USAGE;
	c.dir = s->dir;
	c.j = j;
	series_plan_print(j, stdout);
	estimate_print(s, j, c.drv->reboot == NULL);
	if (s->dry_run)
		return 0;
	if ((lock = lock_dir(s->dir, 0)) < 0) {
		warnx("series: %s is in use by another contest series", s->dir);
		return EXIT_USAGE;
	}
	if (series_trust_dir(s->dir, why, sizeof why) != 0) {   /* as made, and what it held */
		warnx("series: %s", why);
		return EXIT_USAGE;
	}
	if (unfinished(s->dir))
		return EXIT_USAGE;
	j->phase = PH_ARM;
	text_copy(j->boot_id, c.now.boot_id, sizeof j->boot_id);
	begin(&c, s->dir);
	if (c.drv->unit && series_unit_install(j->root, j->program, s->dir, j->driver, why, sizeof why) != 0) {
		warnx("series: %s", why);
		return EXIT_RUNFAIL;
	}
	if (series_save(&c) != 0) {   /* no journal: no unit either */
		series_unit_remove(j->root, why, sizeof why);
		return EXIT_RUNFAIL;
	}
	return series_go(&c);
}

int series_start(const struct series_start *s)
{
	struct series_journal *j;
	int rc;

	failpoint_all();
	if ((j = journal_new()) == NULL)
		return EXIT_RUNFAIL;
	rc = start(s, j);
	free(j);
	return rc;
}

/* trusted_read: the journal of dir into j, once dir and what it holds, and
 * then what the journal names, are trusted. 0, or -1 with why (errno
 * ENOENT: no journal there). */
static int trusted_read(const char *dir, struct series_journal *j, int *fb, char *note, size_t nlen, char *why,
                        size_t len)
{
	if (series_trust_dir(dir, why, len) != 0)
		return -1;
	if (journal_read(dir, j, fb, note, nlen, why, len) != 0)
		return -1;
	return series_trust_plan(j, why, len);
}

/* take_down: the series in dir cannot go on (why; enoent: there is no journal):
 * taken down through its boot unit under root when it has one (said);
 * the exit status of resume (stop: 0 when taken down). */
static int take_down(const char *dir, const char *root, const char *why, int enoent, int stop)
{
	char what[PATH_MAX + 600];

	text_fmt(what, sizeof what, "%s%s", stop ? "" : "cannot go on: ", why);
	switch (series_orphan(dir, root, what)) {
	case 0: return stop ? 0 : EXIT_RUNFAIL;
	case 2: return enoent ? EXIT_USAGE : EXIT_RUNFAIL;
	default: return EXIT_RUNFAIL;
	}
}

/* resume: series_resume into its journal j. */
static int resume(const char *dir, const char *sim, int log, struct series_journal *j)
{
	struct series_ctx c = { 0 };
	char note[512], why[2 * PATH_MAX + 256];
	int fb, lock;

	failpoint_all();
	if (series_trust_dir(dir, why, sizeof why) != 0)   /* before anything is made or read there */
		return take_down(dir, sim ? sim : "", why, errno == ENOENT, 0);
	if ((lock = lock_dir(dir, 1)) < 0)
		return EXIT_RUNFAIL;
	if (log && series_log_open(dir) != 0)
		warn("series: cannot append to %s/%s", dir, SERIES_LOG);
	if (trusted_read(dir, j, &fb, note, sizeof note, why, sizeof why) != 0)
		return take_down(dir, sim ? sim : "", why, errno == ENOENT, 0);
	if (ctx_open(&c, dir, j) != 0)
		return EXIT_RUNFAIL;
	c.torn = fb;
	if (fb)
		journal_event(j, "the journal was torn (%s)", note);
	if (j->phase == PH_STOPPED) {
		j->phase = PH_ARM;
		text_copy(j->boot_id, c.now.boot_id, sizeof j->boot_id);
		journal_event(j, "resumed at round %ld", j->step / (long)j->nk + 1);
		if (c.drv->unit && series_unit_install(j->root, j->program, dir, j->driver, why, sizeof why) != 0) {
			warnx("series: %s", why);
			return EXIT_RUNFAIL;
		}
	}
	return series_go(&c);
}

int series_resume(const char *dir, const char *sim, int log)
{
	struct series_journal *j = journal_new();
	int rc = j != NULL ? resume(dir, sim, log, j) : EXIT_RUNFAIL;

	free(j);
	return rc;
}

/* stop: series_stop into its journal j. */
static int stop(const char *dir, const char *sim, struct series_journal *j)
{
	struct series_ctx c = { 0 };
	char path[PATH_MAX], note[512], why[2 * PATH_MAX + 256];
	int fb, lock;

	if (trusted_read(dir, j, &fb, note, sizeof note, why, sizeof why) != 0)
		return take_down(dir, sim ? sim : "", why, errno == ENOENT, 1);
	if (j->phase == PH_DONE || j->phase == PH_STOPPED) {
		printf("contest series: series %s is %s already\n", j->id, j->phase == PH_DONE ? "done" : "stopped");
		return 0;
	}
	if (fs_path(path, sizeof path, "%s/stop", dir) != 0 || fs_replace(path, "stop\n", 5, 0644) != 0) {
		warn("series: cannot write %s/stop", dir);
		return EXIT_RUNFAIL;
	}
	if ((lock = lock_dir(dir, 0)) < 0) {
		printf("contest series: a step of series %s is under way; it stops before its next run or reboot\n",
		       j->id);
		return 0;
	}
	if (ctx_open(&c, dir, j) != 0)
		return EXIT_RUNFAIL;
	return series_end(&c, PH_STOPPED);
}

int series_stop(const char *dir, const char *sim)
{
	struct series_journal *j = journal_new();
	int rc = j != NULL ? stop(dir, sim, j) : EXIT_RUNFAIL;

	free(j);
	return rc;
}

int series_status(const char *dir)
{
	struct series_journal *j = journal_new();
	char note[512], why[PATH_MAX + 256];
	int fb;

	if (j == NULL)
		return EXIT_RUNFAIL;
	if (journal_read(dir, j, &fb, note, sizeof note, why, sizeof why) != 0) {
		warnx("series: %s", why);
		free(j);
		return EXIT_USAGE;
	}
	if (fb)
		printf("note: %s\n", note);
	series_plan_print(j, stdout);
	series_now_print(j, dir, fb, stdout);
	printf("boot unit: %s%s\n", series_unit_installed(j->root) ? "installed" : "not installed",
	       series_stop_asked(dir) ? "; a stop is asked" : "");
	series_events_print(j, stdout);
	free(j);
	return 0;
}
