/* progress.c: progress of a run invocation on stderr: a live line on a terminal, else a line per run. */
#include "contest/engine/progress.h"
#include "lib/clock.h"
#include "lib/text.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

void progress_init(struct progress *p, enum progress_mode mode, int nsteps, int per_cond)
{
	*p = (struct progress){ 0 };
	p->nsteps = nsteps;
	p->per_cond = per_cond;
	p->enabled = mode != PROGRESS_NEVER;
	p->live = mode == PROGRESS_ALWAYS || (p->enabled && isatty(STDERR_FILENO));
}

void progress_step(struct progress *p, int step, int cond, const char *load, long run, long runs)
{
	p->step = step;
	p->cond = cond >= 0 && cond < OPTS_MAX_LOADS ? cond : 0;
	p->step_start = mono_now();
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

/* cond_secs: the estimated seconds of a step of condition c: the mean of
 * its own finished steps, else of all. */
static double cond_secs(const struct progress *p, int c)
{
	return p->cond_done[c] > 0 ? p->cond_sum[c] / p->cond_done[c] : p->sum / p->done;
}

double progress_left(const struct progress *p)
{
	double left = 0, cur;
	int rest = p->nsteps - p->done;

	if (p->done == 0)
		return -1;
	for (int c = 0; p->per_cond > 0 && c < OPTS_MAX_LOADS; c++)
		if (p->cond_done[c] > 0 && p->per_cond > p->cond_done[c]) {
			left += cond_secs(p, c) * (p->per_cond - p->cond_done[c]);
			rest -= p->per_cond - p->cond_done[c];
		}
	left += p->sum / p->done * (rest > 0 ? rest : 0);  /* the conditions not finished once yet */
	/* the step now running: what it took so far is spent, but not more than its estimate */
	cur = fmin(mono_now() - p->step_start, cond_secs(p, p->cond));
	return left - cur > 0 ? left - cur : 0;
}

void progress_tick(void *arg, double elapsed)
{
	struct progress *p = arg;
	char e[32], left[32];

	(void)elapsed;
	if (!p->live)
		return;
	progress_fmt_secs(mono_now() - p->phase_start, e, sizeof e);
	if (p->done > 0)
		progress_fmt_secs(progress_left(p), left, sizeof left);
	fprintf(stderr, "\r\033[K[%d/%d] %s run %ld/%ld: %s %s%s%s", p->step, p->nsteps, p->load,
	        p->run, p->runs, p->phase, e, p->done > 0 ? ", about " : "", p->done > 0 ? left : "");
	if (p->done > 0)
		fputs(" left", stderr);
	if (p->note[0] != '\0')
		fprintf(stderr, "; %s", p->note);
	fflush(stderr);
	p->shown = 1;
}

/* ticker: the thread of progress_wait_begin: a redraw every 0.5 s until told to stop. */
static void *ticker(void *arg)
{
	struct progress *p = arg;
	struct timespec at;

	pthread_mutex_lock(&p->mu);
	while (!p->stop) {
		clock_gettime(CLOCK_REALTIME, &at);
		at.tv_nsec += 500000000L;
		if (at.tv_nsec >= 1000000000L) {
			at.tv_sec++;
			at.tv_nsec -= 1000000000L;
		}
		if (pthread_cond_timedwait(&p->cv, &p->mu, &at) != 0 && !p->stop)
			progress_tick(p, 0);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

void progress_wait_begin(struct progress *p)
{
	sigset_t all, old;

	if (!p->live || p->ticking)
		return;
	p->stop = 0;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	/* the signals stay with the main thread, whose waits they interrupt */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	p->ticking = pthread_create(&p->ticker, NULL, ticker, p) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!p->ticking) {
		pthread_cond_destroy(&p->cv);
		pthread_mutex_destroy(&p->mu);
	}
}

void progress_wait_end(struct progress *p)
{
	if (!p->ticking)
		return;
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_signal(&p->cv);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->ticker, NULL);
	pthread_cond_destroy(&p->cv);
	pthread_mutex_destroy(&p->mu);
	p->ticking = 0;
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
	p->cond_done[p->cond]++;
	p->cond_sum[p->cond] += step_secs;
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
