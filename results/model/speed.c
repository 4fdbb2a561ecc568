/* speed.c: the report's machine speed: NTime, the canary's own noise, and the note naming the labels and runs beyond it. */
#include "results/model/speed.h"
#include "lib/text.h"

#include <math.h>
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

/* by_value: qsort order of doubles. */
static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* off_pct: how far v is from ref, in percent of ref. */
static double off_pct(double v, double ref)
{
	return (v / ref - 1) * 100;
}

/* median_of: the median of v[0..n) (sorted in place); NaN when n is 0. */
static double median_of(double *v, size_t n)
{
	if (n == 0)
		return NAN;
	qsort(v, n, sizeof *v, by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* label_median: the median canary of label's counted runs (their number
 * to *cnt, NULL: not wanted); NaN none. */
static double label_median(const struct rep_model *m, const char *label, double *scratch, size_t *cnt)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nruns; i++)
		if (counted(m->runs[i]) && strcmp(m->runs[i]->label, label) == 0)
			scratch[n++] = canary_of(m->runs[i]);
	if (cnt != NULL)
		*cnt = n;
	return median_of(scratch, n);
}

/* mad_scale: 1.4826 x the median absolute deviation of v[0..n) from mid
 * (a robust sd), NaN when n < CANARY_NOISE_N; v is overwritten. */
static double mad_scale(double *v, size_t n, double mid)
{
	if (n < CANARY_NOISE_N)
		return NAN;
	for (size_t i = 0; i < n; i++)
		v[i] = fabs(v[i] - mid);
	return 1.4826 * median_of(v, n);
}

int canary_noise(const struct rep_model *m, struct canary_noise *z)
{
	size_t n = m->nruns ? m->nruns : 1, k = 0, ks = 0, kd = 0;
	double *v = malloc(5 * n * sizeof *v), *sp, *dv, *tmp;

	*z = (struct canary_noise){ .within = NAN, .across = NAN, .run = NAN, .dmid = 0, .drift = NAN };
	if (v == NULL)
		return -1;
	sp = v + n, dv = sp + 2 * n, tmp = dv + n;   /* sp: two a run */
	for (size_t i = 0; i < m->nruns; i++) {
		const struct rec *r = m->runs[i];
		double a = r->ev[REV_CANARY], b = r->ev[REV_CANARY_AFTER];
		if (!counted(r))
			continue;
		v[k++] = canary_of(r) / label_median(m, r->label, tmp, NULL) - 1;
		for (int e = 0; e < 2; e++)
			if (isfinite(r->ev[e ? REV_CANARY_AFTER_SPREAD : REV_CANARY_SPREAD]))
				sp[ks++] = r->ev[e ? REV_CANARY_AFTER_SPREAD : REV_CANARY_SPREAD] / 100;
		if (isfinite(a) && isfinite(b) && a > 0)
			dv[kd++] = b / a - 1;
	}
	/* a best of 3's spread (the slowest less the fastest) is about 1.7 sd of one compile */
	if (ks > 0)
		z->within = median_of(sp, ks) / 1.693;
	z->across = mad_scale(v, k, 0);
	/* what the runs' canaries do is their noise; a single compile's spread
	 * only stands in for it (it overstates a best of 3's) */
	z->run = !isnan(z->across) ? z->across : !isnan(z->within) ? z->within : CANARY_FALLBACK_PCT / 100;
	if (kd >= CANARY_NOISE_N)
		z->dmid = median_of(dv, kd);
	z->drift = mad_scale(dv, kd, z->dmid);
	if (isnan(z->drift))
		z->drift = (!isnan(z->within) ? z->within : CANARY_FALLBACK_PCT / 100) * sqrt(2);
	free(v);
	return 0;
}

/* run_limit, drift_limit: how far (percent) a run's canary may lie from
 * its label's median, and its after from its before beyond the usual
 * difference, before it is flagged. */
static double run_limit(const struct canary_noise *z)
{
	return fmax(CANARY_K * z->run * 100, CANARY_MIN_PCT);
}

static double drift_limit(const struct canary_noise *z)
{
	return fmax(CANARY_K * z->drift * 100, CANARY_MIN_PCT);
}

/* ref_label: the label the others' canaries are set against: the baseline, else the first. */
static const char *ref_label(const struct rep_model *m)
{
	return m->baseline_name != NULL ? m->baseline_name : m->nlabels > 0 ? m->labels[0] : "";
}

int canary_label(const struct rep_model *m, const struct canary_noise *z, const char *label, double *mean,
                 double *pct, double *half)
{
	const char *ref = ref_label(m);
	double sum[2] = { 0, 0 };
	int cnt[2] = { 0, 0 };

	*mean = *pct = *half = NAN;
	for (size_t i = 0; i < m->nruns; i++)
		if (counted(m->runs[i])) {
			int in = strcmp(m->runs[i]->label, label) == 0;
			if (!in && strcmp(m->runs[i]->label, ref) != 0)
				continue;
			sum[in] += canary_of(m->runs[i]);
			cnt[in]++;
		}
	if (cnt[1] == 0)
		return 0;
	*mean = sum[1] / cnt[1];
	if (cnt[0] == 0 || strcmp(label, ref) == 0)
		return 0;
	*pct = off_pct(*mean, sum[0] / cnt[0]);
	*half = CANARY_Z * z->run * 100 * sqrt(1.0 / cnt[1] + 1.0 / cnt[0]);
	return fabs(*pct) > fmax(*half, CANARY_MIN_PCT);
}

/* labels_line: line 0 of canary_line: each label's mean canary. */
static int labels_line(const struct rep_model *m, char *buf, size_t len)
{
	struct canary_noise z;
	size_t n = 0, runs = 0;

	for (size_t i = 0; i < m->nruns; i++)
		runs += counted(m->runs[i]);
	if (runs == 0 || canary_noise(m, &z) != 0)
		return 0;
	text_put(buf, len, &n, "machine speed (canary: the best of 3 cc -O2 -c, seconds; reference %.3f, "
	    "the median of %zu run%s; a run's canary varies by %.1f%% (sd) here):", m->canary_ref, runs,
	    runs > 1 ? "s" : "", z.run * 100);
	for (size_t k = 0; k < m->nlabels; k++) {
		double mean, pct, half;
		int off = canary_label(m, &z, m->labels[k], &mean, &pct, &half);
		if (isnan(mean))
			continue;
		text_put(buf, len, &n, " %s %.3f", m->labels[k], mean);
		if (off)
			text_put(buf, len, &n, " (%+.1f%% +-%.1f%% against %s's: beyond the noise)", pct, half, ref_label(m));
		else if (isfinite(pct))   /* within: the interval says how much could pass unseen */
			text_put(buf, len, &n, " (%+.1f%% +-%.1f%%)", pct, half);
		text_put(buf, len, &n, ",");
	}
	if (n > 0 && n <= len && buf[n - 1] == ',')
		buf[n - 1] = '\0';
	return 1;
}

int canary_run_flag(const struct rep_model *m, const struct canary_noise *z, const struct rec *r, int drift,
                    double *pct)
{
	double tmp_one[1], a = r->ev[REV_CANARY], b = r->ev[REV_CANARY_AFTER];
	double *scratch;
	size_t peers;

	*pct = NAN;
	if (!counted(r))
		return 0;
	if (drift) {
		*pct = off_pct(b, a);
		return fabs(*pct - z->dmid * 100) > drift_limit(z);
	}
	scratch = m->nruns > 1 ? malloc(m->nruns * sizeof *scratch) : tmp_one;
	if (scratch == NULL)
		return 0;
	*pct = off_pct(canary_of(r), label_median(m, r->label, scratch, &peers));
	if (scratch != tmp_one)
		free(scratch);
	/* of two runs, which one is off cannot be told */
	return peers >= 3 && fabs(*pct) > run_limit(z);
}

/* runs_line: line 1 (drift 0) or 2 (drift 1) of canary_line. */
static int runs_line(const struct rep_model *m, int drift, char *buf, size_t len)
{
	struct canary_noise z;
	size_t n = 0;
	int shown = 0, more = 0;
	double pct;

	if (canary_noise(m, &z) != 0)
		return 0;
	for (size_t i = 0; i < m->nruns; i++) {
		const struct rec *r = m->runs[i];
		if (!canary_run_flag(m, &z, r, drift, &pct))
			continue;
		if (shown == CANARY_LIST) {
			more++;
			continue;
		}
		if (shown++ == 0 && drift)
			text_put(buf, len, &n, "runs whose canary after differs from before beyond its noise (by more "
			    "than %.1f%% from the usual %+.1f%%; the machine drifted):", drift_limit(&z),
			    z.dmid * 100);
		else if (shown == 1)
			text_put(buf, len, &n, "runs whose canary lies beyond its noise (more than %.1f%% from their "
			    "label's median):", run_limit(&z));
		text_put(buf, len, &n, "%s %s %s run %d ", shown > 1 ? "," : "", r->label, r->load, r->run);
		if (drift)
			text_put(buf, len, &n, "%.3f -> %.3f (%+.1f%%)", r->ev[REV_CANARY], r->ev[REV_CANARY_AFTER], pct);
		else
			text_put(buf, len, &n, "%.3f (%+.1f%%)", canary_of(r), pct);
	}
	if (more > 0)
		text_put(buf, len, &n, " and %d more", more);
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
