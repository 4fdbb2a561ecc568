/* paired.c: a kernel series read as rounds: the paired and unpaired comparisons with the baseline and the drift across rounds, per load (results/model/paired.h). */
#include "results/model/paired.h"
#include "results/model/compare.h"
#include "results/model/stall.h"
#include "results/stats/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A round: its series (an index into the series ids) and its number. */
struct key {
	size_t series;
	int round;
};

/* The work of one load: its rounds, and per label and round the sum and
 * count of the counted runs' Times (label k, round j at k * nkeys + j). */
struct work {
	const struct rec_set *set;
	const char **ids;      /* distinct series ids, in the order first met */
	size_t nids;
	struct key *keys;
	size_t nkeys;
	double *sum;
	int *cnt;
	double *ua, *ub;       /* room for the unpaired runs, set->n each */
};

/* label_at: the index of name among the model's labels, or -1. */
static long label_at(const struct paired_model *m, const char *name)
{
	for (size_t k = 0; k < m->nlabels; k++)
		if (strcmp(m->labels[k], name) == 0)
			return (long)k;
	return -1;
}

/* is_busy: ok run r had foreign CPU over SUM_BUSY_PCT, or its contest was
 * stopped or stalled (summary.c's rules: results/model/stall.h). */
static int is_busy(const struct rec *r)
{
	return !r->failed && (r->ev[REV_FOREIGN] > SUM_BUSY_PCT || stall_of(r) > 0);
}

/* counted: 1 when r is an ok run with a Time that the model counts (busy
 * only with keep_busy). */
static int counted(const struct paired_model *m, const struct rec *r)
{
	return !r->failed && isfinite(r->time) && (m->keep_busy || !is_busy(r));
}

/* series_ids: w->ids, the distinct non-empty series of the set in the order
 * first met. Returns 0 or -1 (allocation). */
static int series_ids(struct work *w)
{
	w->ids = malloc((w->set->n ? w->set->n : 1) * sizeof *w->ids);
	if (!w->ids)
		return -1;
	w->nids = 0;
	for (size_t i = 0; i < w->set->n; i++) {
		const char *s = w->set->v[i].series;
		size_t j = 0;

		while (j < w->nids && strcmp(w->ids[j], s) != 0)
			j++;
		if (s[0] && j == w->nids)
			w->ids[w->nids++] = s;
	}
	return 0;
}

/* key_of: r's round as a key; 0 when r is in none. */
static int key_of(const struct work *w, const struct rec *r, struct key *k)
{
	if (r->round <= 0 || !r->series[0])
		return 0;
	for (k->series = 0; k->series < w->nids; k->series++)
		if (strcmp(w->ids[k->series], r->series) == 0)
			break;
	k->round = r->round;
	return 1;
}

/* key_at: the index of k among w's rounds, or -1. */
static long key_at(const struct work *w, const struct key *k)
{
	for (size_t j = 0; j < w->nkeys; j++)
		if (w->keys[j].series == k->series && w->keys[j].round == k->round)
			return (long)j;
	return -1;
}

/* by_key: qsort order of rounds: series, then round number. */
static int by_key(const void *x, const void *y)
{
	const struct key *a = x, *b = y;

	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	return (a->round > b->round) - (a->round < b->round);
}

/* load_rounds: w's rounds of load: those where a counted run of the
 * model's labels is, sorted; and its busy runs into *busy. */
static void load_rounds(const struct paired_model *m, struct work *w, const char *load, int *busy)
{
	struct key k;

	w->nkeys = 0;
	*busy = 0;
	for (size_t i = 0; i < w->set->n; i++) {
		const struct rec *r = &w->set->v[i];

		if (strcmp(r->load, load) != 0 || label_at(m, r->label) < 0)
			continue;
		*busy += is_busy(r);
		if (counted(m, r) && key_of(w, r, &k) && key_at(w, &k) < 0)
			w->keys[w->nkeys++] = k;
	}
	qsort(w->keys, w->nkeys, sizeof *w->keys, by_key);
}

/* round_sums: w->sum and w->cnt of load's counted runs, per label and round. */
static void round_sums(const struct paired_model *m, struct work *w, const char *load)
{
	struct key k;

	for (size_t j = 0; j < m->nlabels * w->nkeys; j++) {
		w->sum[j] = 0;
		w->cnt[j] = 0;
	}
	for (size_t i = 0; i < w->set->n; i++) {
		const struct rec *r = &w->set->v[i];
		long lab, j;

		if (strcmp(r->load, load) != 0 || !counted(m, r) || !key_of(w, r, &k))
			continue;
		lab = label_at(m, r->label);
		j = key_at(w, &k);
		if (lab < 0 || j < 0)
			continue;
		w->sum[(size_t)lab * w->nkeys + (size_t)j] += r->time;
		w->cnt[(size_t)lab * w->nkeys + (size_t)j]++;
	}
}

/* round_time: label k's Time in round j of w: its runs' mean, NaN when none. */
static double round_time(const struct work *w, size_t k, size_t j)
{
	size_t at = k * w->nkeys + j;

	return w->cnt[at] ? w->sum[at] / w->cnt[at] : NAN;
}

/* pct_of: x in percent of base; NaN when base is 0 or not finite. */
static double pct_of(double x, double base)
{
	return isfinite(base) && base != 0 ? x / base * 100 : NAN;
}

/* drift_fill: d from the baseline's Time per round of w. Returns 0 or -1. */
static int drift_fill(const struct paired_model *m, const struct work *w, struct paired_drift *d)
{
	d->rounds = w->nkeys;
	d->time = malloc((w->nkeys ? w->nkeys : 1) * sizeof *d->time);
	d->round = malloc((w->nkeys ? w->nkeys : 1) * sizeof *d->round);
	d->series = malloc((w->nkeys ? w->nkeys : 1) * sizeof *d->series);
	if (!d->time || !d->round || !d->series)
		return -1;
	d->first = d->last = 0;
	d->move_pct = NAN;
	for (size_t j = 0, fj = 0; j < w->nkeys; j++) {
		d->time[j] = round_time(w, m->base, j);
		d->round[j] = w->keys[j].round;
		d->series[j] = w->ids[w->keys[j].series];
		if (isnan(d->time[j]))
			continue;
		if (!d->first) {
			fj = j;
			d->first = d->round[j];
		} else {
			d->move_pct = pct_of(d->time[j] - d->time[fj], d->time[fj]);
		}
		d->last = d->round[j];
	}
	drift_test(d->time, (int)w->nkeys, &d->trend);
	d->sig = drift_sig(&d->trend, 1);
	return 0;
}

/* unpaired: row's Welch figures from the runs of the baseline and label
 * k in the rounds both have a Time in. */
static void unpaired(const struct paired_model *m, const struct work *w, const char *load,
                     size_t k, struct paired_row *row)
{
	struct stat_desc da, db;
	struct stat_welch wt;
	struct key key;

	row->u_na = row->u_nb = 0;
	for (size_t i = 0; i < w->set->n; i++) {
		const struct rec *r = &w->set->v[i];
		long lab, j;

		if (strcmp(r->load, load) != 0 || !counted(m, r) || !key_of(w, r, &key))
			continue;
		lab = label_at(m, r->label);
		if ((lab != (long)m->base && lab != (long)k) || (j = key_at(w, &key)) < 0 ||
		    isnan(round_time(w, m->base, (size_t)j)) || isnan(round_time(w, k, (size_t)j)))
			continue;
		if (lab == (long)m->base)
			w->ua[row->u_na++] = r->time;
		else
			w->ub[row->u_nb++] = r->time;
	}
	stat_describe(w->ua, row->u_na, &da);
	stat_describe(w->ub, row->u_nb, &db);
	row->u_tested = stat_welch(&da, &db, &wt) == 0;
	row->u_pct = row->u_lo_pct = row->u_hi_pct = row->u_p = NAN;
	if (!row->u_tested)
		return;
	row->u_pct = pct_of(wt.diff, da.mean);
	row->u_lo_pct = pct_of(wt.ci_lo, da.mean);
	row->u_hi_pct = pct_of(wt.ci_hi, da.mean);
	row->u_p = wt.p;
	row->u_sig = wt.p < CMP_ALPHA;
}

/* row_fill: label k against the baseline on load, from w, into row.
 * Returns 0 or -1 (allocation). */
static int row_fill(const struct paired_model *m, const struct work *w, const char *load,
                     size_t k, struct paired_row *row)
{
	double *a = w->ua, *b = w->ub, bsum = 0;
	struct pair_t t;

	memset(row, 0, sizeof *row);
	row->label = k;
	row->time = malloc((w->nkeys ? w->nkeys : 1) * sizeof *row->time);
	if (!row->time)
		return -1;
	for (size_t j = 0; j < w->nkeys; j++) {
		a[j] = round_time(w, m->base, j);
		b[j] = row->time[j] = round_time(w, k, j);
		if (isnan(a[j]) != isnan(b[j]))
			row->alone++;
		else if (!isnan(a[j]))
			bsum += a[j];
	}
	pair_t_test(a, b, (int)w->nkeys, &t);
	pair_wilcoxon(a, b, (int)w->nkeys, &row->rank);
	row->n = t.n;
	row->base_mean = t.n ? bsum / t.n : NAN;
	row->diff = t.mean;
	row->lo = t.lo;
	row->hi = t.hi;
	row->pct = pct_of(t.mean, row->base_mean);
	row->lo_pct = pct_of(t.lo, row->base_mean);
	row->hi_pct = pct_of(t.hi, row->base_mean);
	row->t_p = t.p;
	row->t_sig = t.p < CMP_ALPHA;
	row->rank_sig = row->rank.p < CMP_ALPHA;
	row->rank_min_p = pair_wilcoxon_min_p(row->rank.n);
	unpaired(m, w, load, k, row);
	return 0;
}

/* load_fill: load l of m from the set through w. Returns 0 or -1. */
static int load_fill(struct paired_model *m, struct work *w, size_t l, const char *load)
{
	struct paired_load *pl = &m->loads[l];

	pl->load = load;
	load_rounds(m, w, load, &pl->busy);
	round_sums(m, w, load);
	if (drift_fill(m, w, &pl->drift) < 0)
		return -1;
	pl->rows = calloc(m->nlabels, sizeof *pl->rows);
	if (!pl->rows)
		return -1;
	for (size_t k = 0; k < m->nlabels; k++)
		if (k != m->base && row_fill(m, w, load, k, &pl->rows[pl->nrows++]) < 0)
			return -1;
	return 0;
}

/* paired_build: see paired.h. */
int paired_build(struct paired_model *m, const struct rec_set *set,
                 const char *const *labels, size_t nlabels, size_t base,
                 const char *const *loads, size_t nloads, int keep_busy)
{
	struct work w = { .set = set };
	size_t room = set->n ? set->n : 1;
	int rc = -1;

	memset(m, 0, sizeof *m);
	if (base >= nlabels)
		return -1;
	m->labels = labels;
	m->nlabels = nlabels;
	m->base = base;
	m->keep_busy = keep_busy;
	m->loads = calloc(nloads ? nloads : 1, sizeof *m->loads);
	w.keys = malloc(room * sizeof *w.keys);
	w.sum = malloc(room * nlabels * sizeof *w.sum);
	w.cnt = malloc(room * nlabels * sizeof *w.cnt);
	w.ua = malloc(room * sizeof *w.ua);
	w.ub = malloc(room * sizeof *w.ub);
	if (m->loads && w.keys && w.sum && w.cnt && w.ua && w.ub && series_ids(&w) == 0) {
		for (rc = 0; rc == 0 && m->nloads < nloads; m->nloads++)
			rc = load_fill(m, &w, m->nloads, loads[m->nloads]);
	}
	free(w.ids);
	free(w.keys);
	free(w.sum);
	free(w.cnt);
	free(w.ua);
	free(w.ub);
	if (rc < 0)
		paired_free(m);
	return rc;
}

/* paired_free: see paired.h. */
void paired_free(struct paired_model *m)
{
	for (size_t l = 0; m->loads && l < m->nloads; l++) {
		free(m->loads[l].drift.time);
		free(m->loads[l].drift.round);
		free(m->loads[l].drift.series);
		for (size_t i = 0; m->loads[l].rows && i < m->loads[l].nrows; i++)
			free(m->loads[l].rows[i].time);
		free(m->loads[l].rows);
	}
	free(m->loads);
	memset(m, 0, sizeof *m);
}
