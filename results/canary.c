/* canary.c: the report's machine speed: the reference canary (a median), NTime, and the note naming the labels and runs off it. */
#include "results/canary.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* counted: run r counts for the machine speed: ok, with a canary. */
static int counted(const struct rec *r)
{
	return !r->failed && isfinite(canary_of(r));
}

double canary_ntime(const struct rep_model *m, const struct sum_cell *c)
{
	return c->time_per_canary * m->canary_ref;
}

/* off_pct: how far v is from ref, in percent of ref. */
static double off_pct(double v, double ref)
{
	return (v / ref - 1) * 100;
}

/* put: append printf(fmt, ...) to buf at *n (cut to fit). */
static void put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*n >= len)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *n, len - *n, fmt, ap);
	va_end(ap);
	*n += k > 0 ? (size_t)k : 0;
}

/* labels_line: line 0 of canary_line: each label's mean canary. */
static int labels_line(const struct rep_model *m, char *buf, size_t len)
{
	size_t n = 0, runs = 0;

	for (size_t i = 0; i < m->nruns; i++)
		runs += counted(m->runs[i]);
	if (runs == 0)
		return 0;
	put(buf, len, &n, "machine speed (canary: the best of 3 cc -O2 -c, seconds; reference %.3f, "
	    "the median of %zu run%s):", m->canary_ref, runs, runs > 1 ? "s" : "");
	for (size_t k = 0; k < m->nlabels; k++) {
		double sum = 0, mean, pct;
		int cnt = 0;
		for (size_t i = 0; i < m->nruns; i++)
			if (counted(m->runs[i]) && strcmp(m->runs[i]->label, m->labels[k]) == 0) {
				sum += canary_of(m->runs[i]);
				cnt++;
			}
		if (cnt == 0)
			continue;
		mean = sum / cnt;
		pct = off_pct(mean, m->canary_ref);
		put(buf, len, &n, " %s %.3f", m->labels[k], mean);
		if (fabs(pct) > CANARY_OFF_PCT)
			put(buf, len, &n, " (%+.1f%%, more than %.0f%% off)", pct, CANARY_OFF_PCT);
		put(buf, len, &n, ",");
	}
	if (n > 0 && n <= len && buf[n - 1] == ',')
		buf[n - 1] = '\0';
	return 1;
}

/* runs_line: line 1 (drift 0) or 2 (drift 1) of canary_line. */
static int runs_line(const struct rep_model *m, int drift, char *buf, size_t len)
{
	size_t n = 0;
	int shown = 0, more = 0;

	for (size_t i = 0; i < m->nruns; i++) {
		const struct rec *r = m->runs[i];
		double a = r->ev[REV_CANARY], b = r->ev[REV_CANARY_AFTER];
		double pct = drift ? off_pct(b, a) : off_pct(canary_of(r), m->canary_ref);
		double limit = drift ? CANARY_DRIFT_PCT : CANARY_OFF_PCT;
		if (!counted(r) || !(fabs(pct) > limit))
			continue;
		if (shown == CANARY_LIST) {
			more++;
			continue;
		}
		if (shown++ == 0)
			put(buf, len, &n, drift ? "runs whose canary after differs from before by more than "
			    "%.0f%% (the machine drifted):" : "runs whose canary is more than %.0f%% off the "
			    "reference:", limit);
		put(buf, len, &n, "%s %s %s run %d ", shown > 1 ? "," : "", r->label, r->load, r->run);
		if (drift)
			put(buf, len, &n, "%.3f -> %.3f (%+.1f%%)", a, b, pct);
		else
			put(buf, len, &n, "%.3f (%+.1f%%)", canary_of(r), pct);
	}
	if (more > 0)
		put(buf, len, &n, " and %d more", more);
	return shown > 0;
}

int canary_line(const struct rep_model *m, int k, char *buf, size_t len)
{
	if (len > 0)
		buf[0] = '\0';
	if (k == 0)
		return labels_line(m, buf, len);
	return k <= 2 ? runs_line(m, k == 2, buf, len) : 0;
}
