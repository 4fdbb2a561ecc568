/* step.c: a series going on: each phase's intent journaled before its side effect (arm, reboot, run), and what a boot finds (the scheduled kernel, another one, a run cut short) turned into the next step. */
#include "contest/series/step.h"
#include "contest/series/closing.h"
#include "contest/series/unit.h"
#include "contest/cli/version.h"
#include "lib/err.h"
#include "lib/failpoint.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/store.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

/* step_round: the 1-based round of step s. */
static long step_round(const struct series_journal *j, long s)
{
	return s / (long)j->nk + 1;
}

/* step_kernel: the kernel of the step under way. */
static struct series_kernel *step_kernel(struct series_ctx *c)
{
	return &c->j->kern[journal_step_kernel(c->j, c->j->step)];
}

int series_stop_asked(const char *dir)
{
	char path[PATH_MAX];

	return fs_path(path, sizeof path, "%s/stop", dir) == 0 && access(path, F_OK) == 0;
}

int series_save(struct series_ctx *c)
{
	char why[PATH_MAX + 128];

	if (journal_write(c->dir, c->j, why, sizeof why) != 0) {
		warnx("%s", why);
		return -1;
	}
	series_story_save(c->j);   /* the plan and events beside the records, when they changed */
	return 0;
}

/* epoch: the wall clock, seconds. */
static double epoch(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CUT_MARK: how the reason of the record the series keeps of a cut run
 * begins. That record is no outcome: the run is made again. */
#define CUT_MARK "incomplete:"

/* What the records say of the step's loads (the kernel's, of this series
 * and the step's round): the records are the truth, the journal's load
 * index only where they stand at its last write. */
struct outcome {
	int done[SERIES_MAX_LOADS];   /* 1: the load has its outcome: an ok record, or the failed
	                               * record its run ended with (past its deadline, refused) */
	long n[SERIES_MAX_LOADS];     /* the label's records of the load, of any series and status */
	int last[SERIES_MAX_LOADS];   /* their highest run number */
	size_t next;                  /* the first load without an outcome (nloads: the step is done) */
};

/* outcome_read: what the records say of the step's loads, into o. 0, or
 * -1 when they cannot be read (said). */
static int outcome_read(struct series_ctx *c, struct outcome *o)
{
	struct series_journal *j = c->j;
	const char *label = step_kernel(c)->k.label;
	long round = step_round(j, j->step);
	struct rec_set s = { 0 };

	memset(o, 0, sizeof *o);
	if (store_read_label(j->results, label, &s) != 0) {
		warnx("series: cannot read the records of %s in %s", label, j->results);
		return -1;
	}
	for (size_t i = 0; i < s.n; i++)
		for (size_t l = 0; l < j->nloads; l++) {
			const struct rec *r = &s.v[i];
			if (strcmp(r->load, j->loads[l]) != 0)
				continue;
			o->n[l]++;
			o->last[l] = r->run > o->last[l] ? r->run : o->last[l];
			if (strcmp(r->series, j->id) == 0 && r->round == round &&
			    (!r->failed || strncmp(r->reason, CUT_MARK, strlen(CUT_MARK)) != 0))
				o->done[l] = 1;
		}
	rec_set_free(&s);
	while (o->next < j->nloads && o->done[o->next])
		o->next++;
	return 0;
}

/* record_failed: a failed record of the step's run of its load, saying why
 * (CUT_MARK: a run cut by a crash, to be made again; else the outcome of a
 * run that ended, past its deadline or without a record of its own); its
 * run number after o's. Its workload is left empty: the report counts it
 * with its label's and load's runs (results/model/orphan.h). 0, or -1
 * (said). */
static int record_failed(struct series_ctx *c, const char *reason, const struct outcome *o)
{
	struct series_journal *j = c->j;
	struct series_kernel *k = step_kernel(c);
	struct utsname u;
	struct rec r;
	struct timespec ts;
	struct tm tm;

	rec_init(&r);
	text_copy(r.label, k->k.label, sizeof r.label);
	text_copy(r.load, j->loads[j->load], sizeof r.load);
	r.run = o->last[j->load] + 1;
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(r.timestamp, sizeof r.timestamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (uname(&u) == 0)
		text_copy(r.host, u.nodename, sizeof r.host);
	text_copy(r.kernel, c->drv->reboot ? c->now.release : k->k.release, sizeof r.kernel);
	text_copy(r.version, CONTEST_VERSION, sizeof r.version);
	r.failed = 1;
	text_copy(r.reason, reason, sizeof r.reason);
	text_copy(r.series, j->id, sizeof r.series);
	r.round = (int)step_round(j, j->step);
	text_copy(r.boot, j->driver, sizeof r.boot);
	if (c->drv->describe != NULL)   /* where the run was to happen, when not on this machine */
		c->drv->describe(&c->bc, 0, r.guest, sizeof r.guest);
	if (fs_mkdirs(j->results) != 0 || store_append(j->results, &r) != 0) {   /* cut before its run made it */
		warn("series: cannot record the %s run of %s in %s", r.load, r.label, j->results);
		return -1;
	}
	return 0;
}

/* next_step: on to the next step not of a dropped kernel, to be armed from
 * this boot (phase ARM), or the end (DONE). */
static void next_step(struct series_ctx *c)
{
	struct series_journal *j = c->j;

	j->load = 0;
	do
		j->step++;
	while (j->step < j->rounds * (long)j->nk && j->kern[journal_step_kernel(j, j->step)].dropped);
	if (j->step < j->rounds * (long)j->nk) {
		step_kernel(c)->tries = 0;
		j->phase = PH_ARM;
	} else
		j->phase = PH_DONE;
	text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
}

/* drop_kernel: kernel k given up, with why; its remaining steps are skipped. */
static void drop_kernel(struct series_ctx *c, struct series_kernel *k, const char *why)
{
	k->dropped = 1;
	journal_event(c->j, "round %ld: %s dropped after %d tries: %s; the series goes on without it",
	              step_round(c->j, c->j->step), k->k.label, c->j->max_tries, why);
}

/* count_failure: one more failure of the step's kernel on *count (its
 * failed boots or its cut runs), said by event in the journal; back to
 * arming it (ARM), or, at the series' max_tries, the kernel dropped (why)
 * and on to the next step: then 1, else 0. */
static int count_failure(struct series_ctx *c, int *count, const char *event, const char *why)
{
	(*count)++;
	journal_event(c->j, "%s", event);
	c->j->phase = PH_ARM;
	if (*count < c->j->max_tries)
		return 0;
	drop_kernel(c, step_kernel(c), why);
	next_step(c);
	return 1;
}

/* run_of: the run of the step's load, as its driver gets it, into r (args
 * holds the series' run options it points to). */
static void run_of(struct series_ctx *c, struct series_run *r, const char **args)
{
	const struct series_journal *j = c->j;

	for (size_t i = 0; i < j->nargs && i < SERIES_MAX_ARGS; i++)
		args[i] = j->args[i];
	*r = (struct series_run){ .dir = c->dir, .driver = j->driver, .program = j->program, .cwd = j->cwd,
	                          .results = j->results, .args = args, .nargs = j->nargs, .id = j->id,
	                          .round = step_round(j, j->step), .kernel = &step_kernel(c)->k,
	                          .load = j->loads[j->load], .deadline = j->deadline };
}

/* countdown: the next reboot named and counted down; 1 when a stop was
 * asked meanwhile. */
static int countdown(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	struct series_kernel *k = step_kernel(c);
	long total = j->rounds * (long)j->nk;

	printf("contest series: rebooting into %s (%s) for round %ld of %ld, step %ld of %ld, in %.0f s;"
	       " 'contest series stop --journal %s' stops the series\n", k->k.label, k->k.release,
	       step_round(j, j->step), j->rounds, j->step + 1, total, j->countdown, c->dir);
	fflush(stdout);
	for (double left = j->countdown; left > 0; left -= 1) {
		if (series_stop_asked(c->dir))
			return 1;
		struct timespec one = { left >= 1 ? 1 : 0, left >= 1 ? 0 : (long)(left * 1e9) };
		nanosleep(&one, NULL);
	}
	return series_stop_asked(c->dir);
}

/* arm_and_reboot: phase ARM: the intent, the arm, the intent to reboot, the
 * countdown and the reboot. 0 when the reboot is under way (or the series
 * stopped), 1 on failure (said). */
static int arm_and_reboot(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	char why[512];

	j->phase = PH_ARM;
	text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
	if (series_save(c) != 0)
		return 1;
	if (c->drv->arm(&c->bc, &step_kernel(c)->k, why, sizeof why) != 0) {
		warnx("series: cannot arm %s: %s", step_kernel(c)->k.label, why);
		return 1;
	}
	failpoint("arm");   /* armed, the journal still says it is to be */
	j->phase = PH_REBOOT;
	j->asked = epoch();
	if (series_save(c) != 0)
		return 1;
	if (countdown(c))
		return series_end(c, PH_STOPPED);
	j->asked = epoch();
	if (series_save(c) != 0)
		return 1;
	if (c->drv->reboot(&c->bc, why, sizeof why) != 0) {
		warnx("series: cannot reboot into %s: %s", step_kernel(c)->k.label, why);
		return 1;
	}
	failpoint("reboot");   /* the reboot asked (the machine goes down from here) */
	return 0;
}

/* on_arm: phase ARM found by a new process. In the boot that armed:
 * arm (again). In a later boot (the power went between arming and the
 * reboot's intent): the armed kernel may have come up, else arm again;
 * no failed boot is counted, since no reboot was asked. */
static void on_arm(struct series_ctx *c)
{
	struct series_kernel *k = step_kernel(c);

	if (strcmp(c->now.boot_id, c->j->boot_id) == 0)
		return;
	if (strcmp(c->now.release, k->k.release) == 0) {
		journal_event(c->j, "round %ld: %s came up (%s) after a power loss between arming it and"
		              " the reboot", step_round(c->j, c->j->step), k->k.label, k->k.release);
		c->j->phase = PH_BOOTED;
	} else
		journal_event(c->j, "round %ld: the machine went down between arming %s and its reboot"
		              " (power loss); arming it again", step_round(c->j, c->j->step), k->k.label);
	text_copy(c->j->boot_id, c->now.boot_id, sizeof c->j->boot_id);
}

/* on_reboot: phase REBOOT found by a new process: the scheduled kernel
 * came up (BOOTED), or another did (a failed boot: counted, retried or
 * the kernel dropped), or there was no reboot (ask again). */
static void on_reboot(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	struct series_kernel *k = step_kernel(c);
	long r = step_round(j, j->step);
	char ev[SERIES_EVENT_MAX];

	if (strcmp(c->now.boot_id, j->boot_id) == 0) {
		j->phase = PH_ARM;   /* still the boot that asked: the reboot did not happen */
		return;
	}
	if (j->asked > 0 && epoch() > j->asked) {
		j->boot_s += epoch() - j->asked;
		j->nboot++;
	}
	text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
	if (strcmp(c->now.release, k->k.release) == 0) {
		j->phase = PH_BOOTED;
		return;
	}
	text_fmt(ev, sizeof ev, "round %ld: %s did not come up (try %d of %d): %s came up instead", r, k->k.label,
	         k->tries + 1, j->max_tries, c->now.release);
	count_failure(c, &k->tries, ev, "it never came up");
}

/* on_run: phase RUN found by a new process: the run's outcome is on
 * record (it ended before the process did: on to the next load without
 * one), or the run was cut (a crash, a hang, a power loss, a kill): kept
 * as an incomplete record, once (a resume before this one may have kept
 * it and died before its journal), and made again; the kernel is dropped
 * when its runs were cut max_tries times. 0, or 1 when the results cannot
 * be read or written (said). */
static int on_run(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	struct series_kernel *k = step_kernel(c);
	long r = step_round(j, j->step);
	char reason[200], ev[SERIES_EVENT_MAX];
	struct outcome o;

	if (outcome_read(c, &o) != 0)
		return 1;
	if (!o.done[j->load]) {
		text_fmt(reason, sizeof reason, CUT_MARK " the run was cut or left no record (a crash, a hang,"
		         " a power loss, a kill, a full disk) in round %ld of series %s; run again", r, j->id);
		if (o.n[j->load] <= j->count && record_failed(c, reason, &o) != 0)
			return 1;
		text_fmt(ev, sizeof ev, "round %ld: %s's %s run was cut or left no record (crash, hang, power loss,"
		         " kill, full disk): kept as incomplete, to be run again", r, k->k.label, j->loads[j->load]);
		if (count_failure(c, &k->crashes, ev, "its runs were cut that often"))
			return 0;
	}
	j->load = o.next;
	j->phase = strcmp(c->now.boot_id, j->boot_id) == 0 ? PH_BOOTED : PH_ARM;
	text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
	return 0;
}

/* record_if_missing: after a run of the step's load ended as rc says
 * (why): its outcome on record, a failed record made when the run left
 * none (past its deadline, refused, not started): that run is not made
 * again. 0, or 1 when the results cannot be read or written (said). */
static int record_if_missing(struct series_ctx *c, int rc, const char *why)
{
	struct series_journal *j = c->j;
	struct series_kernel *k = step_kernel(c);
	char reason[200];
	struct outcome o;

	if (outcome_read(c, &o) != 0)
		return 1;
	if (o.done[j->load])
		return 0;
	text_fmt(reason, sizeof reason, "%s (series %s, round %ld)", rc == LAUNCH_DEADLINE ? why :
	         "the run left no record", j->id, step_round(j, j->step));
	journal_event(j, "round %ld: %s's %s run: %s", step_round(j, j->step), k->k.label,
	              j->loads[j->load], rc == LAUNCH_DEADLINE ? why : "it left no record");
	return record_failed(c, reason, &o) != 0 ? 1 : 0;
}

/* on_noboot: the step's run never started, its kernel never reached it
 * in the machine the driver's run boots (why): a failed boot, counted; the
 * kernel dropped after max_tries of them, else booted again. 0, or 1 when
 * the journal cannot be written (said). */
static int on_noboot(struct series_ctx *c, const char *why)
{
	struct series_kernel *k = step_kernel(c);
	char ev[SERIES_EVENT_MAX];

	text_fmt(ev, sizeof ev, "round %ld: %s did not come up in its guest (try %d of %d): %s",
	         step_round(c->j, c->j->step), k->k.label, k->tries + 1, c->j->max_tries, why);
	count_failure(c, &k->tries, ev, "its guest never came up");
	return series_save(c) != 0 ? 1 : 0;
}

/* run_loads: phase BOOTED in the kernel's own boot: each load of the step
 * without an outcome on record run once, its intent (and the records it
 * had) journaled first. 0 when the step is done, 1 on failure (said), 2
 * when stopped or interrupted. */
static int run_loads(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	struct outcome o;
	struct series_run run;
	const char *args[SERIES_MAX_ARGS];
	char why[256];

	for (;;) {
		if (outcome_read(c, &o) != 0)
			return 1;
		if ((j->load = o.next) >= j->nloads)
			break;
		if (series_stop_asked(c->dir))
			return 2;
		j->count = o.n[j->load];
		j->phase = PH_RUN;
		if (series_save(c) != 0)
			return 1;
		run_of(c, &run, args);
		int rc = c->drv->run(&c->bc, &run, why, sizeof why);
		if (rc == 130)
			return 2;
		if (rc == LAUNCH_NOBOOT)
			return on_noboot(c, why);
		if (record_if_missing(c, rc, why) != 0)
			return 1;
		j->load++;
		j->phase = PH_BOOTED;
		if (series_save(c) != 0)
			return 1;
	}
	next_step(c);
	return 0;
}

/* on_booted: phase BOOTED. In the kernel's own boot (a driver without
 * reboots: in any boot of the machine): its runs. In a later boot: the step done when
 * every load has its outcome on record (the boot ended after its last
 * run, or a torn journal was behind its records); else its boot ended
 * before the next one had (a crash, a hang, a power loss: between its
 * runs, or, the journal torn, maybe in one): counted as a cut and booted
 * again. 0, or 1 and 2 as run_loads. */
static int on_booted(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	struct series_kernel *k = step_kernel(c);
	long r = step_round(j, j->step);
	struct outcome o;
	char ev[SERIES_EVENT_MAX];

	if (strcmp(c->now.boot_id, j->boot_id) == 0 || c->drv->reboot == NULL) {
		text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
		return run_loads(c);   /* without reboots, the machine's boot is no boot of the kernel */
	}
	if (outcome_read(c, &o) != 0)
		return 1;
	if (o.next >= j->nloads) {
		journal_event(j, "round %ld: %s's runs were all on record when its boot ended; on to the next step",
		              r, k->k.label);
		next_step(c);
		return 0;
	}
	if (o.next != j->load || c->torn)   /* the records ahead of the journal, or it was torn */
		text_fmt(ev, sizeof ev, "round %ld: %s's boot ended before its %s run had an outcome (crash, hang or"
		         " power loss; the journal was torn, so that run may have been cut); booting it again", r,
		         k->k.label, j->loads[o.next]);
	else
		text_fmt(ev, sizeof ev, "round %ld: %s's boot ended between its runs (crash, hang or power loss);"
		         " booting it again", r, k->k.label);
	j->load = o.next;
	text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
	count_failure(c, &k->crashes, ev, "its boots ended that often");
	return 0;
}

/* not_disarmed: series_end's disarm failed (why): the series is not
 * marked done or stopped, and its boot unit stays, so that the next resume
 * (at the next boot) or 'contest series stop' disarms again. At the end:
 * back to the last step with its runs all made, which a resume finds done;
 * at a stop: its phase kept, and DIR/stop, which the next resume honours.
 * Said in one line; 1. */
static int not_disarmed(struct series_ctx *c, enum series_phase ph, const char *why)
{
	struct series_journal *j = c->j;
	char path[PATH_MAX];

	if (ph == PH_DONE) {
		j->step = j->rounds * (long)j->nk - 1;
		j->load = j->nloads;
		j->phase = PH_BOOTED;
		text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
	} else if (fs_path(path, sizeof path, "%s/stop", c->dir) != 0 || fs_replace(path, "stop\n", 5, 0644) != 0)
		warn("series: cannot write %s/stop", c->dir);
	journal_event(j, "%s, but the boot entry could not be disarmed (%.100s); the next resume or 'contest series"
	              " stop' tries again", ph == PH_DONE ? "every step made" : "stop asked", why);
	series_save(c);
	warnx("series: cannot disarm: %s; the series is not marked %s and its boot unit stays: the next resume"
	      " or 'contest series stop --journal %s' disarms again", why, ph == PH_DONE ? "done" : "stopped", c->dir);
	return 1;
}

int series_end(struct series_ctx *c, enum series_phase ph)
{
	char why[512], path[PATH_MAX];
	int status = 0;

	if (c->drv->disarm != NULL && c->drv->disarm(&c->bc, why, sizeof why) != 0)
		return not_disarmed(c, ph, why);
	if (c->drv->unit && series_unit_remove(c->j->root, why, sizeof why) != 0) {
		warnx("series: %s", why);
		status = 1;
	}
	c->j->phase = ph;
	if (ph == PH_STOPPED)
		journal_event(c->j, "stopped at round %ld (contest series stop); 'contest series resume' goes on",
		              step_round(c->j, c->j->step));
	if (series_save(c) != 0)
		return 1;
	if (fs_path(path, sizeof path, "%s/stop", c->dir) == 0)
		unlink(path);
	if (ph == PH_DONE)
		series_closing(c->j, stdout);
	else
		printf("contest series: stopped; %s\n", "'contest series resume' goes on from where it stopped");
	return status;
}

/* step_done: 1 when every load of the step has its outcome on record
 * (nothing to arm it for: the journal was behind its records, torn, or
 * put back by series_end), 0 when not, -1 when the records cannot be read
 * (said). */
static int step_done(struct series_ctx *c)
{
	struct outcome o;

	return outcome_read(c, &o) != 0 ? -1 : o.next >= c->j->nloads;
}

int series_go(struct series_ctx *c)
{
	struct series_journal *j = c->j;
	int rc;

	for (;;) {
		if (j->phase == PH_DONE)
			return series_end(c, PH_DONE);
		if (series_stop_asked(c->dir))
			return series_end(c, PH_STOPPED);
		if (j->kern[journal_step_kernel(j, j->step)].dropped) {
			next_step(c);
			continue;
		}
		switch (j->phase) {
		case PH_ARM:
			if (c->drv->arm == NULL) {   /* each run boots its own kernel: nothing to arm */
				j->phase = PH_BOOTED;
				text_copy(j->boot_id, c->now.boot_id, sizeof j->boot_id);
				break;
			}
			if ((rc = step_done(c)) != 0) {
				if (rc < 0)
					return 1;
				next_step(c);
				break;
			}
			on_arm(c);
			if (j->phase == PH_ARM)
				return arm_and_reboot(c);
			break;
		case PH_REBOOT: on_reboot(c); break;
		case PH_RUN:
			if (on_run(c) != 0)
				return 1;
			break;
		case PH_BOOTED:
			if ((rc = on_booted(c)) != 0)
				return rc == 2 ? series_end(c, PH_STOPPED) : 1;
			break;
		default: return 1;
		}
		if (series_save(c) != 0)
			return 1;
	}
}
