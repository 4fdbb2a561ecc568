/* progress.h: progress of a run invocation on stderr: a live line on a terminal, else a line per run. */
#ifndef CONTEST_PROGRESS_H
#define CONTEST_PROGRESS_H

#include "contest/opts.h"
#include "results/record.h"

struct progress {
	int enabled, live;     /* show anything; rewrite one line in place */
	int nsteps;            /* runs planned in this invocation */
	int shown;             /* a live line is on screen */
	double sum;            /* seconds of the finished steps */
	int done;              /* finished steps */
	/* the step now running */
	int step;
	char load[160];           /* what runs: the load, or "LOAD of LABEL" in a sweep */
	long run, runs;
	const char *phase;     /* "preparing", "lead", "compiling", ... */
	double phase_start;
	char note[128];        /* said after the figures of the step's line ("" none) */
};

/* progress_init: never: nothing; auto: a line per finished run, plus a live
 * line when stderr is a terminal; always: the live line even when it is not. */
void progress_init(struct progress *p, enum progress_mode mode, int nsteps);

/* progress_step: step (1-based) of load (the name shown, copied), run run of runs begins. */
void progress_step(struct progress *p, int step, const char *load, long run, long runs);

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
