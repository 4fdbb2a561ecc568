/* progress.h: progress of a run invocation on stderr: a live line on a terminal, else a line per run. */
#ifndef CONTEST_PROGRESS_H
#define CONTEST_PROGRESS_H

#include <pthread.h>
#include "contest/cli/opts.h"
#include "results/record/record.h"

struct progress {
	int enabled, live;     /* show anything; rewrite one line in place */
	int nsteps;            /* runs planned in this invocation */
	int shown;             /* a live line is on screen */
	double sum;            /* seconds of the finished steps */
	int done;              /* finished steps */
	/* each load condition's finished steps, for the estimate: a condition's
	 * runs take what its own took (a big file prepared once, stopping a
	 * load that wrote much), else the mean of all */
	int per_cond;          /* runs planned of each condition; 0: not known (-n auto) */
	int cond_done[OPTS_MAX_LOADS];
	double cond_sum[OPTS_MAX_LOADS];
	/* the plan's estimate of a step of each condition (progress_expect; 0
	 * not known), and over the finished steps whose condition had one, what
	 * they took and what they were expected to take: the conditions not run
	 * yet are their estimate corrected by that ratio */
	double expect[OPTS_MAX_LOADS];
	double done_expect, done_took;
	double step_start;     /* when the step now running began */
	int cond;              /* its condition */
	/* the ticker of progress_wait_begin */
	pthread_t ticker;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int ticking, stop;
	/* the step now running */
	int step;
	char load[160];           /* what runs: the load, or "LOAD of LABEL" in a sweep */
	long run, runs;
	const char *phase;     /* "preparing", "lead", "compiling", ... */
	double phase_start;
	char note[128];        /* said after the figures of the step's line ("" none) */
};

/* progress_init: never: nothing; auto: a line per finished run, plus a live
 * line when stderr is a terminal; always: the live line even when it is not.
 * nsteps runs are planned, per_cond of each load condition (0: not known). */
void progress_init(struct progress *p, enum progress_mode mode, int nsteps, int per_cond);

/* progress_step: step (1-based) of load condition cond (an index below
 * OPTS_MAX_LOADS) shown as load (copied), run run of runs begins. */
void progress_step(struct progress *p, int step, int cond, const char *load, long run, long runs);

/* progress_expect: the plan's estimate of one step of condition cond,
 * seconds (0: not known). */
void progress_expect(struct progress *p, int cond, double secs);

/* progress_left: the estimated seconds left of the invocation: each
 * condition's steps at what its own finished ones took; a condition not
 * finished once at its plan estimate times what the finished steps took
 * over their estimates, else at the mean of all finished steps; the step
 * now running less what it took so far. -1 when nothing is known: none
 * finished, and not every condition has an estimate (or -n auto). */
double progress_left(const struct progress *p);

/* progress_wait_begin: until progress_wait_end, redraw the live line every
 * 0.5 s from a thread of its own (every signal blocked there), so the
 * elapsed counter moves while contest waits on what does not tick (a child
 * preparing a load's file, a load stopped, its files removed). Nothing
 * without a live line, or when the thread cannot start. */
void progress_wait_begin(struct progress *p);

/* progress_wait_end: stop the ticker of progress_wait_begin (nothing when none). */
void progress_wait_end(struct progress *p);

/* progress_phase: the step enters phase (a live line is redrawn). */
void progress_phase(struct progress *p, const char *phase);

/* progress_tick: redraw the live line; a tick callback for compile_run. */
void progress_tick(void *p, double elapsed);

/* progress_done: the step finished with record r; a failed run is reported
 * on stderr in every mode, even never. */
void progress_done(struct progress *p, const struct rec *r, double step_secs);

/* progress_note: what the live line and the step's finished line add, such
 * as -n auto's interval so far (copied; "" or NULL: nothing). */
void progress_note(struct progress *p, const char *note);

/* progress_clear: remove the live line before other output on stderr. */
void progress_clear(struct progress *p);

/* progress_fmt_secs: s seconds as "42s", "3m05s" or "1h02m" into buf; buf. */
const char *progress_fmt_secs(double s, char *buf, size_t len);

#endif
