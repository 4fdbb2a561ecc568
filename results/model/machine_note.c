/* machine_note.c: the report's notes on the machine under its tables: its speed (the canary), the CPU limits of contest's group, and drift through the runs. */
#include "results/model/machine_note.h"
#include "results/model/speed.h"
#include "results/stats/drift.h"
#include "lib/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* limit_line: line 3: each CPU limit of the runs, the labels under it and
 * the mean throttled share. */
static int limit_line(const struct rep_model *m, char *buf, size_t len)
{
	size_t n = 0;
	int any = 0;

	for (size_t i = 0; i < m->nruns; i++) {
		double lim = m->runs[i]->ev[REV_CPU_LIMIT], thr = 0;
		int runs = 0, thn = 0, seen = 0, labels = 0;
		if (!isfinite(lim))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = m->runs[j]->ev[REV_CPU_LIMIT] == lim;
		if (seen)
			continue;
		text_put(buf, len, &n, "%s%g CPU%s", any++ ? "; to " : "contest's group was limited to ", lim,
		    lim == 1 ? "" : "s");
		for (size_t j = i; j < m->nruns; j++)
			if (m->runs[j]->ev[REV_CPU_LIMIT] == lim) {
				runs++;
				if (isfinite(m->runs[j]->ev[REV_THROTTLED])) {
					thr += m->runs[j]->ev[REV_THROTTLED];
					thn++;
				}
			}
		if (thn > 0)
			text_put(buf, len, &n, " and throttled %.0f%% of the window", thr / thn);
		text_put(buf, len, &n, " (");
		for (size_t k = 0; k < m->nlabels; k++) {
			int has = 0;
			for (size_t j = i; j < m->nruns && !has; j++)
				has = m->runs[j]->ev[REV_CPU_LIMIT] == lim && strcmp(m->runs[j]->label, m->labels[k]) == 0;
			if (has)
				text_put(buf, len, &n, "%s%s", labels++ ? ", " : "", m->labels[k]);
		}
		text_put(buf, len, &n, "%s%d run%s)", labels ? ", " : "", runs, runs == 1 ? "" : "s");
	}
	if (any)
		text_put(buf, len, &n, "; a limit is not a busy machine, and runs under different limits are kept apart");
	return any;
}

/* A series tested for a trend: a label's Times of a load (of one
 * workload), or every canary (load NULL). */
struct series {
	const char *label, *load;
	struct drift d;
};

/* same_cond: runs a and b are of one label, load and workload. */
static int same_cond(const struct rec *a, const struct rec *b)
{
	return strcmp(a->label, b->label) == 0 && strcmp(a->load, b->load) == 0 &&
	       strcmp(a->workload, b->workload) == 0 && a->jobs == b->jobs && a->mem == b->mem &&
	       (a->ev[REV_CPU_LIMIT] == b->ev[REV_CPU_LIMIT] ||
	        (isnan(a->ev[REV_CPU_LIMIT]) && isnan(b->ev[REV_CPU_LIMIT])));
}

/* ok_time: run r counts in a Time series. */
static int ok_time(const struct rec *r)
{
	return !r->failed && isfinite(r->time);
}

/* by_ts: qsort order of records by timestamp. */
static int by_ts(const void *a, const void *b)
{
	return strcmp((*(const struct rec *const *)a)->timestamp, (*(const struct rec *const *)b)->timestamp);
}

/* cond_series: the Time series of run i's condition (when i is its first
 * run) into *s, its values in run-number order; 0 when i is not first. */
static int cond_series(const struct rep_model *m, size_t i, double *v, struct series *s)
{
	const struct rec *r = m->runs[i];
	int n = 0;

	for (size_t j = 0; j < i; j++)
		if (ok_time(m->runs[j]) && same_cond(m->runs[j], r))
			return 0;
	/* in run-number order: a file's records are, runs accumulating */
	for (int run = 1, found = 1; found; run++) {
		found = 0;
		for (size_t j = i; j < m->nruns; j++)
			if (m->runs[j]->run >= run && ok_time(m->runs[j]) && same_cond(m->runs[j], r))
				found = 1;
		for (size_t j = i; j < m->nruns; j++)
			if (m->runs[j]->run == run && ok_time(m->runs[j]) && same_cond(m->runs[j], r))
				v[n++] = m->runs[j]->time;
	}
	*s = (struct series){ .label = r->label, .load = r->load };
	drift_test(v, n, &s->d);
	return 1;
}

/* all_series: every series of m tested (n >= DRIFT_MIN_N) into *out (to
 * free), their count returned; -1 out of memory. */
static int all_series(const struct rep_model *m, struct series **out)
{
	size_t cap = m->nruns + 1;
	struct series *s = calloc(cap, sizeof *s);
	double *v = malloc(cap * sizeof *v);
	const struct rec **by = malloc(cap * sizeof *by);
	int k = 0, c = 0;

	if (s == NULL || v == NULL || by == NULL) {
		free(s), free(v), free(by);
		return -1;
	}
	for (size_t i = 0; i < m->nruns; i++)
		if (ok_time(m->runs[i]) && cond_series(m, i, v, &s[k]) && s[k].d.n >= DRIFT_MIN_N)
			k++;
	for (size_t i = 0; i < m->nruns; i++)
		by[i] = m->runs[i];
	qsort(by, m->nruns, sizeof *by, by_ts);
	for (size_t i = 0; i < m->nruns; i++)
		if (!by[i]->failed && isfinite(canary_of(by[i])))
			v[c++] = canary_of(by[i]);
	s[k] = (struct series){ .label = NULL, .load = NULL };
	drift_test(v, c, &s[k].d);
	k += s[k].d.n >= DRIFT_MIN_N;
	free(v);
	free(by);
	*out = s;
	return k;
}

double machine_drift(const struct rep_model *m, int *tested)
{
	struct series *s;
	int k = all_series(m, &s);
	double most = NAN;

	if (tested != NULL)
		*tested = k > 0 ? k : 0;
	if (k < 0)
		return NAN;
	for (int i = 0; i < k; i++)
		if (drift_sig(&s[i].d, k) && !(fabs(s[i].d.pct) <= most))
			most = fabs(s[i].d.pct);
	free(s);
	return most;
}

/* drift_line: line 4: the series with a trend. */
static int drift_line(const struct rep_model *m, char *buf, size_t len)
{
	struct series *s;
	int k = all_series(m, &s), shown = 0;
	size_t n = 0;

	if (k < 0)
		return 0;
	for (int i = 0; i < k; i++) {
		const struct drift *d = &s[i].d;
		if (!drift_sig(d, k))
			continue;
		text_put(buf, len, &n, "%s", shown++ ? "; " : "drift: ");
		if (s[i].load != NULL)
			text_put(buf, len, &n, "%s %s's Time %s by %.1f%% over its %d runs", s[i].label, s[i].load,
			    d->pct > 0 ? "rose" : "fell", fabs(d->pct), d->n);
		else
			text_put(buf, len, &n, "the machine %s by %.1f%% over the %d runs (the canary)",
			    d->pct > 0 ? "slowed" : "sped up", fabs(d->pct), d->n);
		text_put(buf, len, &n, " (Spearman's rho with the run order %+.2f, p %.2g)", d->rho, d->p);
	}
	if (shown)
		text_put(buf, len, &n, "; a trend is judged at p < %.2g shared by the %d series tested; the "
		    "intervals do not account for it", DRIFT_ALPHA, k);
	free(s);
	return shown > 0;
}

/* least_diff: the smallest difference (percent) between two labels' mean
 * Times in a block of m; NaN when no block has two labels with runs. */
static double least_diff(const struct rep_model *m)
{
	double least = NAN;

	for (size_t w = 0; w < m->nworkloads; w++)
		for (size_t b = 0; b < m->workloads[w].nblocks; b++) {
			const struct rep_block *bl = &m->workloads[w].blocks[b];
			for (size_t i = 0; i < bl->nrows; i++)
				for (size_t j = i + 1; j < bl->nrows; j++) {
					double x = bl->rows[i].c->time, y = bl->rows[j].c->time, d;
					if (!(x > 0) || !(y > 0))
						continue;
					d = fabs(x / y - 1) * 100;
					if (!(d >= least))
						least = d;
				}
		}
	return least;
}

/* moved_line: line 5: the plain sentence when the machine moved more than
 * the differences compared. */
static int moved_line(const struct rep_model *m, char *buf, size_t len)
{
	double x = machine_drift(m, NULL), d = least_diff(m);

	if (!(x > d))
		return 0;
	text_fmt(buf, len, "this machine's speed moved by %.1f%% during these runs; differences below %.1f%% "
	         "cannot be told apart here", x, x);
	return 1;
}

int machine_note(const struct rep_model *m, int k, char *buf, size_t len)
{
	if (len > 0)
		buf[0] = '\0';
	if (k < 3)
		return canary_line(m, k, buf, len) ? (k ? 2 : 1) : 0;
	if (k == 3)
		return limit_line(m, buf, len);
	if (k == 4)
		return drift_line(m, buf, len);
	return k == 5 ? moved_line(m, buf, len) : 0;
}
