/* interact.c: `contest interact`: each background condition started as a run starts its load, each simulated task run against it for its window, each window recorded. */
#include "contest/interact/interact.h"
#include "contest/cli/version.h"
#include "contest/engine/compile.h"
#include "contest/engine/load_control.h"
#include "contest/engine/machine.h"
#include "contest/engine/prepare.h"
#include "contest/engine/setup.h"
#include "contest/engine/sig.h"
#include "contest/interact/calib.h"
#include "contest/interact/task.h"
#include "contest/sys/confine.h"
#include "contest/sys/guard.h"
#include "contest/sys/swapfile.h"
#include "contest/sys/sysctl.h"
#include "contest/sys/undo.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "results/record/store.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The compile background's log in the testbed, as a run's compile has. */
#define ICOMPILE_LOG "compile.log"

/* compile_step: one make of the compile background (argv, said as what;
 * make's output into the log at log, made afresh when fresh, else the
 * descriptor *fd goes on); fails the load with make's status and, when it
 * ran out of space, the error, as a run's compile says it. */
static void compile_step(const struct load_env *env, char *const argv[], const char *what,
                         const char *log, int fresh, int *fd, struct load_counter *c)
{
	char why[sizeof c->reason];
	int st;

	if (fresh) {
		if (*fd >= 0)
			close(*fd);
		if ((*fd = compile_log_open(log, why, sizeof why)) < 0)
			load_fail(c, "%s", why);
	}
	st = load_run_logged(argv, *fd);
	if (st == -1)
		load_fail(c, "cannot run make in %s: %s", env->tree, strerror(errno));
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		compile_failure(*fd, env->tree, log, what, st, why, sizeof why);
		load_fail(c, "%s", why);
	}
}

/* compile_body: the compile background's leader: make clean, then make
 * -jN (prep->mode) [TARGET (prep->path)] in the tree, forever, with their
 * output in TESTBED/compile.log (afresh each compile); one unit each
 * compile. */
static void compile_body(const struct load_env *env, const struct load_prep *prep, struct load_counter *c)
{
	char jobs[24], log[PATH_MAX];
	char *clean[] = { "make", "clean", NULL };
	char *build[] = { "make", jobs, prep->path[0] ? (char *)prep->path : NULL, NULL };
	int fd = -1;

	snprintf(jobs, sizeof jobs, "-j%d", prep->mode > 0 ? prep->mode : 1);
	compile_unset_make_vars();
	if (fs_path(log, sizeof log, "%s/%s", env->testbed, ICOMPILE_LOG) != 0)
		load_fail(c, "%s/%s: %s", env->testbed, ICOMPILE_LOG, strerror(errno));
	if (chdir(env->tree) != 0)
		load_fail(c, "cannot enter %s", env->tree);
	for (;;) {
		compile_step(env, clean, "make clean", log, 1, &fd, c);
		compile_step(env, build, "make", log, 0, &fd, c);
		load_add(c, 1);
	}
}

const struct load_desc interact_compile = {
	.name = "compile", .what = "the reference compile (make clean; make -jN), restarted when it ends",
	.unit = "one compile", .per_unit = 1, .work = "compiles", .needs = "the workload tree",
	.flags = LOAD_F_TREE, .body = compile_body,
};

/* One invocation's state. */
struct ia {
	struct runner r;
	struct icalib cal;
	int done[OPTS_MAX_LOADS][ITASK_N];   /* runs recorded of each load and task */
	int recorded;                        /* windows recorded by this invocation */
	const char *phase;                   /* what was going on, for the interrupt message */
};

/* say: a progress line on stderr unless -q. */
static void say(const struct ia *a, const char *fmt, const char *x, const char *y)
{
	if (a->r.o->progress != PROGRESS_NEVER) {
		fprintf(stderr, "interact: ");
		fprintf(stderr, fmt, x, y);
		fputc('\n', stderr);
	}
}

/* wait_for: until mono_now() reaches end, or t (when not NULL) finished;
 * 1 when interrupted, -1 when the load failed (why), else 0. */
static int wait_for(struct load_control *lc, double end, struct itask_run *t, char *why, size_t len)
{
	while (mono_now() < end && (t == NULL || !itask_done(t))) {
		if (sig_caught)
			return 1;
		if (load_control_check(lc, why, len) != 0)
			return -1;
		mono_sleep(fmin(0.1, end - mono_now()));
	}
	return sig_caught ? 1 : load_control_check(lc, why, len) != 0 ? -1 : 0;
}

/* new_rec: the record of task k's window under load li, with res. */
static void new_rec(const struct ia *a, size_t li, int k, const char *ts,
                    const struct itask_run *t, const struct itask_result *res,
                    const struct load_prep *prep, struct interact_record *v)
{
	const struct opts *o = a->r.o;
	const struct load_desc *d = o->loads[li];

	memset(v, 0, sizeof *v);
	text_copy(v->label, o->label, sizeof v->label);
	text_copy(v->task, itask_defs[k].name, sizeof v->task);
	text_copy(v->load, d->name, sizeof v->load);
	v->run = a->done[li][k] + 1;
	text_copy(v->timestamp, ts, sizeof v->timestamp);
	text_copy(v->host, a->r.uts.nodename, sizeof v->host);
	text_copy(v->kernel, a->r.uts.release, sizeof v->kernel);
	text_copy(v->version, CONTEST_VERSION, sizeof v->version);
	text_copy(v->workload, a->r.workload, sizeof v->workload);
	v->jobs = (int)o->jobs;
	v->mem = o->mem;
	v->flushed = 0;   /* the tasks measure wake-ups, not a cold compile: no flush */
	v->seconds = t->elapsed;
	text_copy(v->policy, o->rt ? "fifo" : "normal", sizeof v->policy);
	v->nice = o->nice;
	v->loops_ms = a->cal.loops_ms;
	v->seed = t->seed;
	v->wakeups = res->wakeups;
	v->lat_mean_us = res->lat_mean_us;
	v->lat_sd_us = res->lat_sd_us;
	v->lat_p99_us = res->lat_p99_us;
	v->lat_max_us = res->lat_max_us;
	v->met_pct = res->met_pct;
	v->cpu_pct = res->cpu_pct;
	v->fps = res->fps;
	text_copy(v->detail, prep->detail, sizeof v->detail);
	sysctl_applied(v->sysctl, sizeof v->sysctl);
	confine_describe(v->confine, sizeof v->confine);
	swap_describe(v->swap, sizeof v->swap);
}

/* window: task k for --seconds against load li (running as lc), recorded.
 * 0; 1 interrupted; -1 the load failed or the record could not be
 * written (why). */
static int window(struct ia *a, size_t li, int k, struct load_control *lc, const struct load_prep *prep,
                  char *why, size_t len)
{
	const struct opts *o = a->r.o;
	struct itask_run t = { .kind = k, .seconds = o->rate_seconds, .loops_ms = a->cal.loops_ms,
	                       .rt = o->rt, .nice = o->nice };
	struct itask_result res;
	struct interact_record v;
	char ts[40];
	int rc;

	if (k == ITASK_DESKTOP)   /* recorded: the bursts can be drawn again */
		t.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^ (uint64_t)(li * 977 + 1);
	setup_timestamp(ts, sizeof ts);
	a->phase = itask_defs[k].name;
	if (itask_start(&t, why, len) != 0)
		return -1;
	rc = wait_for(lc, mono_now() + o->rate_seconds + 5, &t, why, len);
	if (itask_join(&t, rc == 0 ? &res : NULL) != 0 && rc == 0) {
		text_copy(why, t.why, len);
		return -1;
	}
	if (rc != 0)
		return rc;
	new_rec(a, li, k, ts, &t, &res, prep, &v);
	if (store_interact_append(a->r.results, &v) != 0) {
		text_fmt(why, len, "cannot record %s under %s in %s: %s", v.task, v.load, a->r.results,
		         strerror(errno));
		return -1;
	}
	a->done[li][k]++;
	a->recorded++;
	if (o->progress != PROGRESS_NEVER)
		fprintf(stderr, "interact:   %-8s %-13s latency %.0f us mean, %.0f us max; %s %.1f%s; CPU %.1f%%\n",
		        v.task, v.load, v.lat_mean_us, v.lat_max_us, k == ITASK_GAME ? "frames/s" : "deadlines met",
		        k == ITASK_GAME ? v.fps : v.met_pct, k == ITASK_GAME ? "" : "%", v.cpu_pct);
	return 0;
}

/* make_said: the compile background's make failed (why: its reason, with
 * "(log: LOG)"): its log is kept as a failed run's is, and the failure is
 * said as a run's: the reason, then make's last lines. */
static void make_said(struct ia *a, char *why, size_t len)
{
	char tag[sizeof a->r.o->label + 32], kept[sizeof a->r.log];

	snprintf(tag, sizeof tag, "%s-interact-compile", a->r.o->label);
	if (compile_keep_failed(a->r.log, tag, why, len, kept, sizeof kept) != 0)
		text_copy(kept, a->r.log, sizeof kept);
	warnx("compile: %s; its remaining windows are not recorded; make's last lines:", why);
	compile_log_tail(kept, 10);
}

/* condition: load li as the background: prepared, started, its lead, then
 * every task's window in turn, stopped and cleaned up. 0; 1 interrupted;
 * -1 it failed (said; the windows before are kept). */
static int condition(struct ia *a, size_t li)
{
	const struct opts *o = a->r.o;
	const struct load_desc *d = o->loads[li];
	struct load_prep prep = { .per_unit = d->per_unit };
	struct load_control lc = { 0 };
	char why[512] = "";
	int rc = 0;

	if (d == &interact_compile) {
		prep.mode = (int)o->jobs;
		text_copy(prep.path, o->target ? o->target : "", sizeof prep.path);
	}
	if (d->prepare != NULL) {
		a->phase = "preparing the load";
		rc = prepare_load(d, &a->r.env, &prep, why, sizeof why);
		rc = rc == 1 || sig_caught ? 1 : rc;
	}
	if (rc == 0) {
		a->phase = "starting the load";
		rc = load_control_start(&lc, d, &a->r.env, &prep, why, sizeof why);
	}
	if (rc == 0 && lc.pgid != 0) {
		a->phase = "the load's lead";
		rc = wait_for(&lc, mono_now() + o->lead, NULL, why, sizeof why);
	}
	for (size_t i = 0; rc == 0 && i < o->ntasks; i++)
		rc = window(a, li, o->tasks[i], &lc, &prep, why, sizeof why);
	int make_failed = rc != 0 && d == &interact_compile && lc.pgid != 0 && atomic_load(&lc.ctr->failed) == 1;
	if (rc == 0 || !sig_caught)
		a->phase = "stopping the load";
	if (load_control_stop(&lc, 2.0) != 0 && rc == 0) {
		text_copy(why, "the load's processes could not be stopped", sizeof why);
		rc = -1;
	}
	if (d->cleanup != NULL)
		d->cleanup(&a->r.env, &prep);
	if (sig_caught)
		return 1;
	if (make_failed)
		make_said(a, why, sizeof why);
	else if (rc != 0)
		warnx("%s: %s; its remaining windows are not recorded", d->name, why);
	return rc;
}

/* read_done: the runs already recorded of each load and task of the label;
 * exits 2 when its file is refused, has malformed lines (a torn one is no
 * bar: the append marks it and begins a line of its own), or holds windows
 * of another --rt or --nice (a row would average them). */
static void read_done(struct ia *a)
{
	const struct opts *o = a->r.o;
	struct interact_record_set set = { 0 };

	if (store_interact_read_label(a->r.results, o->label, &set) != 0 || set.bad > set.torn) {
		interact_record_set_free(&set);
		errx(EXIT_USAGE, "refusing to append to the interactivity results of label '%s' in %s",
		     o->label, a->r.results);
	}
	for (size_t i = 0; i < set.n; i++)
		if (strcmp(set.v[i].policy, o->rt ? "fifo" : "normal") != 0 || set.v[i].nice != o->nice) {
			warnx("label '%s' has interactivity results taken at policy %s, nice %d in %s: the "
			      "rows would mix them; give --rt or --nice runs a label of their own (such as "
			      "%s+rt)", o->label, set.v[i].policy, set.v[i].nice, a->r.results, o->label);
			interact_record_set_free(&set);
			exit(EXIT_USAGE);
		}
	for (size_t i = 0; i < set.n; i++)
		for (size_t li = 0; li < o->nloads; li++) {
			int k = itask_find(set.v[i].task);
			if (k >= 0 && strcmp(set.v[i].load, o->loads[li]->name) == 0 && set.v[i].run > a->done[li][k])
				a->done[li][k] = set.v[i].run;
		}
	interact_record_set_free(&set);
}

/* calibrate: the calibration of this host (said when measured now); exits
 * 1 when it cannot be stored. */
static void calibrate(struct ia *a)
{
	char why[PATH_MAX + 128], num[32];
	int fresh;

	a->phase = "calibrating";
	if (icalib_get(a->r.results, a->r.uts.nodename, a->r.o->recalibrate, &a->cal, &fresh, why,
	               sizeof why) != 0)
		errx(EXIT_RUNFAIL, "%s", why);
	if (fresh)
		say(a, "calibrated: %s loops of work per millisecond of CPU (kept in %s)",
		    (snprintf(num, sizeof num, "%.0f", a->cal.loops_ms), num), ICALIB_FILE);
}

int cmd_interact(struct opts *o)
{
	static struct ia a;
	const char *labels[1] = { o->label };
	char note[512], why[256], what[64];
	int status = 0;

	if (itask_policy_check(o->rt, o->nice, why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s", why);
	machine_size(o, proc_mem_total(), geteuid() == 0, confine_available() != 0, note, sizeof note);
	sig_install();
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	guard_start();
	setup_runner(&a.r, o);
	if (sig_caught)
		setup_intr("setting up");
	if (note[0] != '\0' && o->progress != PROGRESS_NEVER)
		warnx("%s", note);
	read_done(&a);
	calibrate(&a);
	if (sig_caught)
		setup_intr("calibrating");
	for (long round = 0; round < o->runs; round++)
		for (size_t li = 0; li < o->nloads; li++) {
			snprintf(what, sizeof what, "run %ld/%ld", round + 1, o->runs);
			say(&a, "%s: %s", what, o->loads[li]->name);
			int rc = condition(&a, li);
			if (rc == 1) {
				warnx("interrupted by %s during %s under %s (%s); it is not recorded, %d completed "
				      "window(s) are kept in %s", strsignal(sig_caught), a.phase, o->loads[li]->name,
				      what, a.recorded, a.r.results);
				return EXIT_INTR;
			}
			if (rc != 0)
				status = EXIT_RUNFAIL;
		}
	if (undo_all() != 0)
		status = EXIT_RUNFAIL;
	struct report_req req = { .results = a.r.results, .labels = labels, .nlabels = 1, .format = "text",
	                          .stats = o->runs >= 2 };
	/* a line the closing table skipped (said) is not this invocation's failure */
	int rc = interact_report(&req, stdout);
	if (rc != 0 && rc != EXIT_SKIPPED && status == 0)
		status = EXIT_RUNFAIL;
	return status;
}
