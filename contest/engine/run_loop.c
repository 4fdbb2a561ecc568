/* run_loop.c: a run invocation: every run of the plan, one step and one measurement at a time, each recorded. */
#include "contest/engine/run_loop.h"
#include "contest/cli/version.h"
#include "contest/engine/autorun.h"
#include "contest/engine/canary.h"
#include "contest/engine/compile.h"
#include "contest/engine/flush.h"
#include "contest/engine/guess.h"
#include "contest/engine/load_control.h"
#include "contest/engine/machine.h"
#include "contest/engine/plan.h"
#include "contest/engine/prepare.h"
#include "contest/engine/progress.h"
#include "contest/engine/settle.h"
#include "contest/engine/setup.h"
#include "contest/engine/sig.h"
#include "contest/sense/evidence.h"
#include "contest/sense/interfere.h"
#include "contest/sense/probe.h"
#include "contest/sys/confine.h"
#include "contest/sys/guard.h"
#include "contest/sys/swapfile.h"
#include "contest/sys/sysctl.h"
#include "contest/sys/undo.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "results/model/stall.h"
#include "results/record/store.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

enum step_result { STEP_OK, STEP_FAILED, STEP_INTR };

/* flush_caches: sync, then drop page cache, dentries and inodes (in a
 * child, see contest/engine/flush.h). Returns 1 when flushed, 0 when not (not
 * root, or drop_caches refused: noticed once; or interrupted, r->phase then
 * saying whether the sync goes on). */
static int flush_caches(struct runner *r)
{
	enum flush_result fr;
	int err;

	if (r->o->no_flush)
		return 0;
	if (geteuid() == 0) {
		progress_wait_begin(&r->prog);
		fr = flush_run(&err);
		progress_wait_end(&r->prog);
		if (fr == FLUSH_DONE)
			return 1;
		if (fr == FLUSH_LEFT)
			r->phase = "flushing caches; the sync goes on in the background";
		if (fr != FLUSH_FAILED)
			return 0;
		if (!r->flush_warned) {
			progress_clear(&r->prog);
			errno = err;
			warn("cannot drop caches via /proc/sys/vm/drop_caches; runs are recorded as not flushed");
		}
	} else if (!r->flush_warned) {
		progress_clear(&r->prog);
		warnx("not root: caches are not flushed before runs; runs are recorded as not flushed");
	}
	r->flush_warned = 1;
	return 0;
}

/* make_cmd: run make in the tree (clean when clean), untimed or timed. */
static int make_cmd(struct runner *r, int clean, struct compile_result *res, char *errbuf, size_t len)
{
	char *argv[4] = { "make", NULL, NULL, NULL };
	struct compile_result scratch;

	argv[1] = clean ? "clean" : r->jobsarg;
	if (!clean && r->o->target != NULL)
		argv[2] = (char *)r->o->target;
	return compile_run(r->tree, argv, r->log, clean ? NULL : progress_tick, &r->prog,
	                   res ? res : &scratch, errbuf, len);
}

/* failed: mark rec failed with reason (formatted, cut to fit). */
static enum step_result failed(struct rec *rec, const char *fmt, const char *what)
{
	rec->failed = 1;
	text_fmt(rec->reason, sizeof rec->reason, fmt, what);
	return STEP_FAILED;
}

/* phase: what the run does now: words for an interrupt message, and the
 * progress line's phase (NULL: unchanged). */
static void phase(struct runner *r, const char *what, const char *shown)
{
	r->phase = what;
	if (shown != NULL)
		progress_phase(&r->prog, shown);
}

/* lead: the load's head start; STEP_INTR when interrupted. */
static enum step_result lead(struct runner *r)
{
	double end = mono_now() + r->o->lead;
	while (mono_now() < end) {
		if (sig_caught)
			return STEP_INTR;
		mono_sleep(fmin(0.2, end - mono_now()));
	}
	return sig_caught ? STEP_INTR : STEP_OK;
}

/* The system's evidence over one compile: counters before it and the
 * responsiveness probe running through it. */
struct evidence {
	struct ev_snap before;
	struct intf_snap intf;
	struct probe probe;
	int probing;
};

/* evidence_begin: read the system's counters and start the probe (unless
 * --no-probe; a probe that cannot start is said once and left out). */
static void evidence_begin(struct runner *r, struct evidence *e)
{
	char why[256];

	memset(e, 0, sizeof *e);
	ev_snap_read(&e->before, "/proc");
	intf_read(&e->intf, "/proc");
	if (r->o->no_probe)
		return;
	if (probe_start(&e->probe, why, sizeof why) == 0)
		e->probing = 1;
	else if (!r->probe_warned++)
		warnx("no responsiveness probe: %s", why);
}

/* evidence_end: after the compile was reaped: stop the probe and store the
 * deltas, the probe's figures, the interference over the window of time
 * seconds (the load's group used load_secs) and contest's CPU limit in rec
 * (NaN where not available; a foreign figure below zero is no share: na,
 * said once). */
static void evidence_end(struct runner *r, struct evidence *e, struct rec *rec, double load_secs, double time)
{
	struct ev_snap after, d;
	struct intf_snap intf;
	struct probe_result pr;
	char why[160];

	intf_read(&intf, "/proc");
	intf_result(&e->intf, &intf, load_secs, time, &rec->ev[REV_FOREIGN], &rec->ev[REV_STEAL], why, sizeof why);
	if (why[0] != '\0' && !r->foreign_warned++)
		warnx("foreign CPU not recorded (na) for %s run %d: %s; a share cannot be below 0, so these "
		      "figures cannot be trusted here", rec->load, rec->run, why);
	intf_limit(&e->intf, &intf, &rec->ev[REV_CPU_LIMIT], &rec->ev[REV_THROTTLED]);

	if (e->probing) {
		probe_stop(&e->probe, &pr);
		rec->ev[REV_PROBE_N] = (double)pr.count;
		rec->ev[REV_PROBE_P50] = pr.p50_us;
		rec->ev[REV_PROBE_P99] = pr.p99_us;
		rec->ev[REV_PROBE_MAX] = pr.max_us;
	}
	ev_snap_read(&after, "/proc");
	ev_delta(&e->before, &after, &d);
	for (size_t i = 0; i < REV_SYS_N; i++)
		rec->ev[i] = ev_get(&d, i);
}

/* measure: start the load, let it lead, time the compile inside the load's
 * window, stop the load. Fills the figures of rec. */
static enum step_result measure(struct runner *r, const struct load_desc *d,
                                const struct load_prep *prep, struct rec *rec)
{
	struct load_control lc;
	struct load_sample a, b;
	struct evidence ev;
	struct compile_result res;
	char why[256];
	int rc;
	enum step_result out = STEP_OK;

	phase(r, "starting the load", NULL);
	if (load_control_start(&lc, d, &r->env, prep, why, sizeof why) != 0)
		return failed(rec, "%s", why);
	if (lc.pgid != 0) {
		phase(r, "the load's lead", "load lead");
		if (lead(r) == STEP_INTR) {
			out = STEP_INTR;
			goto stop;
		}
		if (load_control_check(&lc, why, sizeof why) != 0) {
			out = failed(rec, "%s", why);
			goto stop;
		}
	}
	phase(r, "the compile", "compiling");
	if (sig_caught) {
		out = STEP_INTR;
		goto stop;
	}
	evidence_begin(r, &ev);
	load_control_sample(&lc, &a);
	rc = make_cmd(r, 0, &res, why, sizeof why);
	load_control_sample(&lc, &b);
	evidence_end(r, &ev, rec, b.cpu - a.cpu, res.time);
	rec->ev[REV_GAP] = res.gap;
	if (rc == COMPILE_INTR) {
		out = STEP_INTR;
		goto stop;
	}
	if (rc != COMPILE_OK) {
		char lwhy[256], tag[sizeof rec->label + 64], kept[sizeof r->log];

		/* kept under a name of its own: the next run's compile.log would empty it */
		snprintf(tag, sizeof tag, "%s-%s-%d", rec->label, d->name, rec->run);
		if (compile_keep_failed(r->log, tag, why, sizeof why, kept, sizeof kept) != 0)
			text_copy(kept, r->log, sizeof kept);
		progress_clear(&r->prog);
		warnx("%s run %d: compile failed: %s; its last lines:", d->name, rec->run, why);
		compile_log_tail(kept, 10);
		out = failed(rec, "compile failed: %s", why);
		/* a load that failed too (the disk it filled) comes first: often the cause */
		if (load_control_check(&lc, lwhy, sizeof lwhy) != 0)
			text_fmt(rec->reason, sizeof rec->reason, "%s; compile failed: %s", lwhy, why);
		goto stop;
	}
	if (load_control_check(&lc, why, sizeof why) != 0) {
		out = failed(rec, "%s", why);
		goto stop;
	}
	rec->ev[REV_C_MAJFLT] = (double)res.ru.ru_majflt;
	rec->ev[REV_C_MINFLT] = (double)res.ru.ru_minflt;
	rec->ev[REV_C_NVCSW] = (double)res.ru.ru_nvcsw;
	rec->ev[REV_C_NIVCSW] = (double)res.ru.ru_nivcsw;
	rec->time = res.time;
	rec->cpu_pct = ((double)res.ru.ru_utime.tv_sec + res.ru.ru_utime.tv_usec / 1e6 +
	                (double)res.ru.ru_stime.tv_sec + res.ru.ru_stime.tv_usec / 1e6) / res.time * 100;
	rec->loads = (double)(b.work - a.work) / prep->per_unit;
	rec->lcpu_pct = (b.cpu - a.cpu) / res.time * 100;
stop:
	if (out != STEP_INTR && !sig_caught)
		r->phase = "stopping the load";  /* else the message names where it came */
	if (lc.pgid != 0)
		progress_phase(&r->prog, "stopping load");
	progress_wait_begin(&r->prog);  /* a load that wrote much may take long to go */
	rc = load_control_stop(&lc, 2.0);
	progress_wait_end(&r->prog);
	if (rc != 0 && out == STEP_OK)
		out = failed(rec, "%s", "the load's processes could not be stopped");
	return out;
}


/* settle: the quiet start of load d's run: wait up to --settle seconds for
 * a quiet machine, recording how long and whether it got quiet; said once
 * per invocation when it did not. */
static enum step_result settle(struct runner *r, const struct load_desc *d, struct rec *rec)
{
	struct settle_window w;
	double waited;
	char why[160];
	int rc;

	if (r->o->settle <= 0)
		return STEP_OK;
	phase(r, "waiting for a quiet machine", "settling");
	rc = settle_wait(r->o->settle, &waited, &w);
	if (rc < 0)
		return STEP_INTR;
	rec->ev[REV_SETTLE] = waited;
	rec->ev[REV_QUIET] = rc;
	if (rc == 0 && !r->settle_warned++) {
		progress_clear(&r->prog);
		warnx("the machine did not get quiet within %gs before %s run %d (%s); the run goes on, and "
		      "its record says so (quiet 0)", r->o->settle, d->name, rec->run,
		      settle_describe(&w, why, sizeof why));
	}
	return STEP_OK;
}

/* step: one run of load d: warm-up if needed, clean, prepare, flush,
 * quiet start, canary (then flushed again), measure, clean up the load,
 * canary after. STEP_INTR when an interrupt arrived at any
 * point (r->phase says where): the run is then not recorded. */
static enum step_result step(struct runner *r, const struct load_desc *d, struct rec *rec)
{
	char why[256];
	enum step_result out = STEP_OK;
	struct load_prep prep = { .per_unit = d->per_unit };
	int rc;

	rec->flushed = 0;
	if ((d->flags & LOAD_F_WARM) && !r->warm) {
		phase(r, "the warm-up compile", "warm-up compile");
		rc = make_cmd(r, 1, NULL, why, sizeof why);
		if (rc == COMPILE_OK)
			rc = make_cmd(r, 0, NULL, why, sizeof why);
		if (rc != COMPILE_OK)
			return sig_caught ? STEP_INTR : failed(rec, "warm-up compile failed: %s", why);
	}
	r->warm = 0;
	phase(r, "make clean", "make clean");
	if (make_cmd(r, 1, NULL, why, sizeof why) != COMPILE_OK)
		return sig_caught ? STEP_INTR : failed(rec, "make clean failed: %s", why);
	if (sig_caught)
		return STEP_INTR;
	if (d->prepare != NULL) {
		/* in a child, so an interrupt need not wait for a large file to be written */
		phase(r, "preparing the load", "preparing load");
		rc = prepare_load_shown(d, &r->env, &prep, &r->prog, why, sizeof why);
		if (rc == 1 || sig_caught)
			out = STEP_INTR;
		else if (rc != 0)
			out = failed(rec, "%s", why);
		text_copy(rec->detail, prep.detail, sizeof rec->detail);
	}
	if (out == STEP_OK && !(d->flags & LOAD_F_WARM)) {
		phase(r, "flushing caches", "flushing caches");
		rec->flushed = flush_caches(r);
	}
	if (out == STEP_OK)
		out = settle(r, d, rec);
	if (out == STEP_OK && canary_record(r, rec, REV_CANARY) != 0)
		out = STEP_INTR;
	if (out == STEP_OK && rec->flushed && !r->o->no_canary)
		flush_caches(r);  /* what the canary read: the compile starts cold as before */
	if (out == STEP_OK)
		out = sig_caught ? STEP_INTR : measure(r, d, &prep, rec);
	prepare_cleanup(d, &r->env, &prep, &r->prog);
	if (out == STEP_OK && !sig_caught && canary_record(r, rec, REV_CANARY_AFTER) != 0)
		out = STEP_INTR;
	if (sig_caught)
		return STEP_INTR;  /* also when it came while the load stopped: not recorded */
	if (out == STEP_OK && (d->flags & LOAD_F_NOPROC))
		r->warm = 1;
	return out;
}

/* oom_note: when the confining group's OOM killer killed processes since
 * before was read, say so in a failed run's reason (else the reason only
 * says "killed by signal 9"). */
static void oom_note(const struct confine_usage *before, struct rec *rec)
{
	struct confine_usage now;
	char why[sizeof rec->reason];

	if (!rec->failed || before->ooms < 0 || confine_usage(&now) != 0 || now.ooms <= before->ooms)
		return;
	text_fmt(why, sizeof why, "%s", rec->reason);
	text_fmt(rec->reason, sizeof rec->reason, "the memory group's OOM killer killed %lld process(es); %s",
	         (long long)(now.ooms - before->ooms), why);
}

/* new_rec: a record of this invocation for run run of load d. */
static void new_rec(const struct runner *r, const char *label, const struct load_desc *d, int run,
                    struct rec *rec)
{
	rec_init(rec);
	text_copy(rec->label, label, sizeof rec->label);
	text_copy(rec->load, d->name, sizeof rec->load);
	rec->run = run;
	setup_timestamp(rec->timestamp, sizeof rec->timestamp);
	text_copy(rec->host, r->uts.nodename, sizeof rec->host);
	text_copy(rec->kernel, r->uts.release, sizeof rec->kernel);
	text_copy(rec->version, CONTEST_VERSION, sizeof rec->version);
	text_copy(rec->workload, r->workload, sizeof rec->workload);
	rec->jobs = (int)r->o->jobs;
	rec->mem = r->o->mem;
	sysctl_applied(rec->sysctl, sizeof rec->sysctl);
	confine_describe(rec->confine, sizeof rec->confine);
	swap_describe(rec->swap, sizeof rec->swap);
	text_copy(rec->series, r->o->series_id, sizeof rec->series);
	rec->round = r->o->series_round;
	text_copy(rec->boot, r->o->series_boot, sizeof rec->boot);
	text_copy(rec->guest, r->o->series_guest, sizeof rec->guest);
}
/* stall_say: when contest was stopped or stalled during run rec
 * (results/model/stall.h), say so in one line: it is recorded, marked. */
static void stall_say(struct runner *r, const struct rec *rec)
{
	double s = stall_of(rec);

	if (!(s > 0))
		return;
	progress_clear(&r->prog);
	if (stall_caught(rec))
		warnx("%s run %d was stopped for %.1f s (a terminal's stop, such as Ctrl-Z); it is recorded, "
		      "marked stopped, and left out of --stats and -n auto", rec->load, rec->run, s);
	else
		warnx("%s run %d: contest did not run for %.1f s of its %.1f s (a stop it could not catch, such "
		      "as SIGSTOP, or a frozen machine); it is recorded, marked stopped, and left out of --stats "
		      "and -n auto", rec->load, rec->run, s, rec->time);
}

/* use_setting: put setting v of a sweep in force, and a v1 group's
 * swappiness in step with it; 0, or -1 (said). */
static int use_setting(struct runner *r, size_t v)
{
	const struct plan_setting *st = &r->plan.set[v];
	char why[512];

	if ((st->value == NULL || sysctl_change(r->plan.key, st->value, why, sizeof why) == 0) &&
	    confine_follow(why, sizeof why) == 0)
		return 0;
	warnx("%s", why);
	return -1;
}

/* run_one: run k (1-based) of the invocation, pr of the plan, recorded
 * (*failed set when it failed). 0 to go on, or the exit status to stop
 * with (EXIT_INTR, or EXIT_RUNFAIL when it cannot be recorded; said). */
static int run_one(struct runner *r, struct plan_run pr, int k, int *failed)
{
	const struct opts *o = r->o;
	const struct load_desc *d = r->plan.loads[pr.load];
	const struct plan_setting *st = &r->plan.set[pr.set];
	struct confine_usage before = { .ooms = -1 };
	struct rec rec;
	double t0 = mono_now(), stopped;
	enum step_result sr;
	char what[160];

	if (use_setting(r, pr.set) != 0)
		return EXIT_RUNFAIL;
	if (st->value != NULL)
		snprintf(what, sizeof what, "%s of %s", d->name, st->label);
	autorun_note(r, pr, NULL);
	progress_step(&r->prog, k, (int)pr.load, st->value ? what : d->name, pr.round + 1, o->runs);
	new_rec(r, st->label, d, r->done[pr.set][pr.load] + 1, &rec);
	if (o->confine)
		confine_usage(&before);
	stopped = sig_stopped();
	sr = step(r, d, &rec);
	rec.ev[REV_STOPPED] = sig_stopped() - stopped;
	oom_note(&before, &rec);
	if (sr == STEP_INTR) {
		progress_clear(&r->prog);
		warnx("interrupted by %s during %s run %ld/%ld%s%s (%s); it is not recorded, "
		      "%d completed run(s) are kept in %s", strsignal(sig_caught), d->name, pr.round + 1,
		      o->runs, st->value ? " of " : "", st->value ? st->label : "", r->phase, k - 1,
		      r->results);
		return EXIT_INTR;
	}
	stall_say(r, &rec);
	if (store_append(r->results, &rec) != 0) {
		progress_clear(&r->prog);
		warn("cannot record %s run %d of '%s' in %s", d->name, rec.run, rec.label, r->results);
		return EXIT_RUNFAIL;
	}
	r->done[pr.set][pr.load]++;
	if (autorun_note(r, pr, &rec) != 0)
		return EXIT_RUNFAIL;
	progress_done(&r->prog, &rec, mono_now() - t0);
	if (sig_caught) {
		progress_clear(&r->prog);
		warnx("interrupted by %s while recording %s run %ld/%ld; it is recorded, "
		      "%d completed run(s) are kept in %s", strsignal(sig_caught), d->name, pr.round + 1,
		      o->runs, k, r->results);
		return EXIT_INTR;
	}
	*failed = rec.failed;
	return 0;
}

int run_settings(struct runner *r)
{
	for (size_t v = 0; v < r->plan.nset; v++) {
		if (use_setting(r, v) != 0)
			return -1;
		setup_record_env(r, r->plan.set[v].label);
	}
	return 0;
}

int run_all(struct runner *r, int *status)
{
	const struct opts *o = r->o;
	int budget_hit = 0;
	long round = -1;
	size_t n;

	n = plan_size(&r->plan);
	if (o->progress != PROGRESS_NEVER) {
		/* the cost, said before the first run */
		guess_plan(&r->plan, o, r->results, r->testbed, r->workload);
		plan_space(&r->plan);  /* now that the testbed is made */
		plan_print(&r->plan, stderr, 0);
	}
	progress_init(&r->prog, o->progress, (int)n, o->runs_auto ? 0 : (int)(r->plan.rounds * (long)r->plan.nset));
	for (size_t k = 0; k < r->plan.nloads; k++)
		progress_expect(&r->prog, (int)k, plan_run_secs(&r->plan, k));
	if (o->runs_auto &&
	    precise_init(&r->prec, o->precision, o->max_runs, r->plan.nset, r->plan.nloads, o->normalize) != 0)
		errx(EXIT_RUNFAIL, "-n auto: out of memory");
	/* interleaved: every condition (and every setting of a sweep) once per
	 * round, so drift of the machine spreads over all of them evenly; under
	 * -n auto a round holds the conditions not yet precise */
	for (size_t k = 0, made = 0; k < n; k++) {
		struct plan_run pr = plan_at(&r->plan, k);
		int failed = 0, rc;

		if (o->runs_auto && !autorun_next(r, pr, made, &round, &budget_hit))
			continue;
		if (budget_hit)
			break;
		rc = run_one(r, pr, (int)++made, &failed);
		if (rc != 0)
			return rc;
		if (failed)
			*status = EXIT_RUNFAIL;
	}
	if (o->runs_auto) {
		progress_clear(&r->prog);
		autorun_say(r, budget_hit);
	}
	return 0;
}
