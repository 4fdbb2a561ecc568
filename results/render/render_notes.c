/* render_notes.c: what every format says beside a block's figures: their decimals, the notes under a load's block (emulated, apart, failed, busy, stopped and outlying runs) and the ratio base's line. */
#include "results/render/render.h"

#include <stdio.h>

/* render_prec: see render.h. */
int render_prec(const struct rep_model *m, int col)
{
	static const int classic[5] = { 1, 0, 0, 0, 2 }, stats[5] = { 2, 1, 1, 1, 2 };

	if (m->baseline >= 0)
		return stats[col];
	return classic[col] + (m->precise ? 1 : 0);
}

/* render_notes: see render.h. */
void render_notes(const struct rep_block *b, int outliers, render_note_fn *fn, void *arg)
{
	char buf[512];

	for (size_t i = 0; i < b->nrows; i++) {
		const struct rep_row *r = &b->rows[i];
		if (r->guest != NULL) {
			snprintf(buf, sizeof buf, REC_EMULATED_NOTE " (guest: %s)", r->guest);
			fn(r->name, buf, arg);
		}
		if (r->apart && r->c->n > 0)
			fn(r->name, REP_APART_NOTE, arg);
		if (r->c->n > 0 && r->c->detail[0] != '\0')
			fn(r->name, r->c->detail, arg);
		if (r->c->failed > 0) {
			snprintf(buf, sizeof buf, "%d failed run(s) not averaged", r->c->failed);
			fn(r->name, buf, arg);
		}
		if (r->c->busy > 0)
			fn(r->name, render_busy(r->c, buf, sizeof buf), arg);
		if (r->c->stopped > 0)
			fn(r->name, render_stopped(r->c, buf, sizeof buf), arg);
	}
	for (size_t i = 0; outliers && i < b->nrows; i++)
		if (b->rows[i].c->tout > 0)
			fn(b->rows[i].name, render_outliers(b->rows[i].c, buf, sizeof buf), arg);
}

/* run_list: "WHAT: run 3" or "WHAT: runs 1, 2, 5 and 4 more" (the first
 * SUM_BUSY_LIST of count runs) into buf; the length written. */
static size_t run_list(char *buf, size_t len, const char *what, int count, const int *runs)
{
	size_t n = 0;
	int shown = count < SUM_BUSY_LIST ? count : SUM_BUSY_LIST;

	n += (size_t)snprintf(buf, len, "%s: run%s", what, count > 1 ? "s" : "");
	for (int i = 0; i < shown && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s %d", i ? "," : "", runs[i]);
	if (n < len && count > shown)
		n += (size_t)snprintf(buf + n, len - n, " and %d more", count - shown);
	return n;
}

/* span: "MIN-MAXUNIT", or "MAXUNIT" when they are one. */
static void span(char *buf, size_t len, double min, double max, const char *unit)
{
	if (min < max)
		snprintf(buf, len, "%.1f-%.1f%s", min, max, unit);
	else
		snprintf(buf, len, "%.1f%s", max, unit);
}

/* render_busy: see render.h. */
const char *render_busy(const struct sum_cell *c, char *buf, size_t len)
{
	size_t n = run_list(buf, len, "busy machine", c->busy, c->busy_run);
	char range[64];

	span(range, sizeof range, c->busy_min, c->busy_max, "%");
	if (n < len)
		snprintf(buf + n, len - n, " had %s of one CPU taken by other programs beside the compile "
		         "(more than %.0f%%): %s", range, SUM_BUSY_PCT,
		         c->busy_out ? "left out of these figures (--keep-busy keeps them)" :
		         c->busy > 1 ? "their Times may be too long" : "its Time may be too long");
	return buf;
}

/* render_stopped: see render.h. */
const char *render_stopped(const struct sum_cell *c, char *buf, size_t len)
{
	size_t n = run_list(buf, len, "stopped", c->stopped, c->stopped_run);
	int all = c->stopped_caught == c->stopped, none = c->stopped_caught == 0;
	char range[64];

	span(range, sizeof range, c->stopped_min, c->stopped_max, " s");
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, " %s for %s (%s%s)", all ? "stopped" : none ? "stalled" :
		                      "stopped or stalled", range, all ? "a stop contest caught, such as Ctrl-Z" :
		                      "contest did not run for at least 1 s and 5% of the Time: a stop it could not "
		                      "catch, such as SIGSTOP, or a frozen machine", all || none ? "" :
		                      "; or a stop it caught");
	if (n < len)
		snprintf(buf + n, len - n, ": %s", c->stopped_out ? "left out of these figures (--keep-busy keeps them)" :
		         c->stopped > 1 ? "their Times may be too long" : "its Time may be too long");
	return buf;
}

/* render_outliers: see render.h. */
const char *render_outliers(const struct sum_cell *c, char *buf, size_t len)
{
	size_t n = 0;
	int k = 0;

	for (int i = 0; i < c->nt && n < len; i++) {
		if (!c->tvout[i])
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s %d (Time %.2f)", k ? ", " : "",
		                      k ? "" : c->tout > 1 ? "runs" : "run", c->trun[i], c->tv[i]);
		k++;
	}
	if (n < len)
		snprintf(buf + n, len - n, " %s (median %.2f, MAD %.2f): kept in the figures",
		         c->tout > 1 ? "are outliers" : "is an outlier", c->rt.median, c->rt.mad);
	return buf;
}

/* render_median: see render.h. */
const char *render_median(const struct sum_cell *c, char *buf, size_t len)
{
	if (c->rt.k == 0)
		snprintf(buf, len, "median %.2f, 95%% interval - (needs %d runs)", c->rt.median,
		         ROB_CI_MIN_N);
	else
		snprintf(buf, len, "median %.2f, 95%% interval %.2f to %.2f", c->rt.median, c->rt.lo,
		         c->rt.hi);
	return buf;
}

/* render_ratio_note: see render.h. */
const char *render_ratio_note(const struct rep_model *m, char *buf, size_t len)
{
	if (m->ratio_base == NULL)
		return NULL;
	snprintf(buf, len, "Ratio: Time over %s's no_load Time", m->ratio_base);
	return buf;
}
