/* progress.c: progress of a run invocation on stderr: a live line on a terminal, else a line per run. */
#include "contest/progress.h"
#include "lib/clock.h"
#include "lib/text.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>

void progress_init(struct progress *p, enum progress_mode mode, int nsteps)
{
	*p = (struct progress){ 0 };
	p->nsteps = nsteps;
	p->enabled = mode != PROGRESS_NEVER;
	p->live = mode == PROGRESS_ALWAYS || (p->enabled && isatty(STDERR_FILENO));
}

void progress_step(struct progress *p, int step, const char *load, long run, long runs)
{
	p->step = step;
	text_copy(p->load, load, sizeof p->load);
	p->run = run;
	p->runs = runs;
	progress_phase(p, "preparing");
}

void progress_phase(struct progress *p, const char *phase)
{
	p->phase = phase;
	p->phase_start = mono_now();
	progress_tick(p, 0);
}

const char *progress_fmt_secs(double s, char *buf, size_t len)
{
	long v = lround(s);
	if (v < 60)
		snprintf(buf, len, "%lds", v);
	else if (v < 3600)
		snprintf(buf, len, "%ldm%02lds", v / 60, v % 60);
	else
		snprintf(buf, len, "%ldh%02ldm", v / 3600, (v % 3600) / 60);
	return buf;
}

void progress_tick(void *arg, double elapsed)
{
	struct progress *p = arg;
	char e[32], left[32];

	(void)elapsed;
	if (!p->live)
		return;
	progress_fmt_secs(mono_now() - p->phase_start, e, sizeof e);
	if (p->done > 0) {
		double est = p->sum / p->done * (p->nsteps - p->done) - (mono_now() - p->phase_start);
		progress_fmt_secs(est > 0 ? est : 0, left, sizeof left);
	}
	fprintf(stderr, "\r\033[K[%d/%d] %s run %ld/%ld: %s %s%s%s", p->step, p->nsteps, p->load,
	        p->run, p->runs, p->phase, e, p->done > 0 ? ", about " : "", p->done > 0 ? left : "");
	if (p->done > 0)
		fputs(" left", stderr);
	if (p->note[0] != '\0')
		fprintf(stderr, "; %s", p->note);
	fflush(stderr);
	p->shown = 1;
}

void progress_clear(struct progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		p->shown = 0;
	}
}

void progress_done(struct progress *p, const struct rec *r, double step_secs)
{
	p->done++;
	p->sum += step_secs;
	if (!p->enabled && !r->failed)
		return;  /* a failure is said even with --quiet */
	progress_clear(p);
	if (r->failed)
		fprintf(stderr, "[%d/%d] %s run %ld/%ld: FAILED: %s\n", p->step, p->nsteps, p->load,
		        p->run, p->runs, r->reason);
	else
		fprintf(stderr, "[%d/%d] %s run %ld/%ld: Time %.1f CPU%% %.1f Loads %.1f LCPU%% %.1f%s%s\n",
		        p->step, p->nsteps, p->load, p->run, p->runs, r->time, r->cpu_pct, r->loads,
		        r->lcpu_pct, p->note[0] ? "; " : "", p->note);
}

void progress_note(struct progress *p, const char *note)
{
	text_copy(p->note, note ? note : "", sizeof p->note);
}
