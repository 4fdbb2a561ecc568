/* summary.c: groups records by workload, load and label into means and Ratios. */
#include "results/model/summary.h"
#include "results/model/orphan.h"
#include "results/model/stall.h"
#include "lib/array.h"
#include "lib/parse.h"
#include "lib/text.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NO_LOAD "no_load"

/* A name seen in the records (a copy), with its earliest timestamp and sort rank. */
struct ent {
	char *name;
	const char *first;
	size_t rank;
};

struct ents {
	struct ent *v;
	size_t n, cap;
};

/* ents_find: index of name in e, or -1. */
static long ents_find(const struct ents *e, const char *name)
{
	for (size_t i = 0; i < e->n; i++)
		if (strcmp(e->v[i].name, name) == 0)
			return (long)i;
	return -1;
}

/* ents_see: add name (or keep the earlier timestamp when present); -1 on ENOMEM. */
static int ents_see(struct ents *e, const char *name, const char *ts)
{
	long i = ents_find(e, name);

	if (i >= 0) {
		if (strcmp(ts, e->v[i].first) < 0)
			e->v[i].first = ts;
		return 0;
	}
	struct ent *v = array_grow(e->v, &e->cap, e->n + 1, sizeof *v, 16);
	if (v == NULL)
		return -1;
	e->v = v;
	char *copy = strdup(name);
	if (copy == NULL)
		return -1;
	e->v[e->n++] = (struct ent){ copy, ts, SIZE_MAX };
	return 0;
}

/* ents_free: free the names and the table. */
static void ents_free(struct ents *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->v[i].name);
	free(e->v);
}

/* ent_cmp: by rank, then earliest timestamp, then name. */
static int ent_cmp(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;
	int c;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if ((c = strcmp(x->first, y->first)) != 0)
		return c;
	return strcmp(x->name, y->name);
}

/* ents_out: sort e and move its names into *out (count in *n); -1 on ENOMEM. */
static int ents_out(struct ents *e, char ***out, size_t *n)
{
	if (e->n > 1)
		qsort(e->v, e->n, sizeof *e->v, ent_cmp);
	*out = calloc(e->n ? e->n : 1, sizeof **out);
	if (*out == NULL)
		return -1;
	for (*n = 0; *n < e->n; (*n)++) {
		(*out)[*n] = e->v[*n].name;
		e->v[*n].name = NULL;
	}
	return 0;
}

/* in_list: 1 when name is one of the n strings of v. */
static int in_list(const char *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], name) == 0)
			return 1;
	return 0;
}

/* wkey: the workload a record's Time belongs to: its identity, its jobs
 * and the machine it ran on (summary_machine): "builtin-1:tiny -j8, MEM
 * 4.0G in a memory group"; runs of different keys are never averaged. */
static const char *wkey(const struct rec *r, char *buf, size_t len)
{
	const char *w = r->workload[0] ? r->workload : "(not recorded)";
	char jobs[24] = "", mach[96];

	if (r->jobs > 0)
		text_fmt(jobs, sizeof jobs, " -j%d", r->jobs);
	summary_machine(r, mach, sizeof mach);
	text_fmt(buf, len, "%s%s%s%s", w, jobs, mach[0] ? SUM_MACHINE_SEP : "", mach);
	return buf;
}

const char *summary_machine(const struct rec *r, char *buf, size_t len)
{
	char size[32] = "", cpus[48] = "";
	double lim = r->ev[REV_CPU_LIMIT];

	text_copy(buf, "", len);
	if (isfinite(lim) && lim > 0)
		text_fmt(cpus, sizeof cpus, "%g CPU%s for contest's group", lim, lim == 1 ? "" : "s");
	if (r->mem != 0)
		parse_fmt_size(r->mem, size, sizeof size);
	text_fmt(buf, len, "%s%s%s%s%s", size[0] ? "MEM " : "", size,
	         size[0] && (strstr(r->confine, "limit_in_bytes=") || strstr(r->confine, "memory.max=")) ?
	         " in a memory group" : "", size[0] && cpus[0] ? ", " : "", cpus);
	return buf;
}

/* index_of: position of name in v[0..n), or -1. */
static long index_of(char *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], name) == 0)
			return (long)i;
	return -1;
}

/* keep: 1 when r passes the label and load selections. */
static int keep(const struct rec *r, const char *const *labels, size_t nlabels,
                const char *const *only, size_t nonly)
{
	return (nlabels == 0 || in_list(labels, nlabels, r->label)) &&
	       (nonly == 0 || in_list(only, nonly, r->load));
}

/* Figures derived from a run's evidence, kept after its REV_N in acc. */
enum why { WHY_SCAN, WHY_MEMFULL, WHY_IOFULL, WHY_N };

/* evidence: the run's evidence figures then its derived ones (NaN where
 * not available) into v[REV_N + WHY_N]. */
static void evidence(const struct rec *r, double *v)
{
	memcpy(v, r->ev, sizeof r->ev);
	v[REV_N + WHY_SCAN] = r->ev[REV_PGSCAN_KSWAPD] + r->ev[REV_PGSCAN_DIRECT];
	v[REV_N + WHY_MEMFULL] = r->time > 0 ? r->ev[REV_PSI_MEM_FULL] / (r->time * 1e4) : NAN;
	v[REV_N + WHY_IOFULL] = r->time > 0 ? r->ev[REV_PSI_IO_FULL] / (r->time * 1e4) : NAN;
}

/* Sums of one cell's available figures: time, cpu_pct, loads, lcpu_pct;
 * then the sums of their squared deviations from the means. */
struct acc {
	double sum[4], dev[4];
	int cnt[4];
	double evsum[REV_N + WHY_N];   /* evidence, then the derived figures (enum why) */
	int evcnt[REV_N + WHY_N];
	double tcsum;                  /* Time / canary (canary_of, results/record/record.h) */
	int tccnt;
};

/* is_busy: ok run r had foreign CPU over SUM_BUSY_PCT. */
static int is_busy(const struct rec *r)
{
	return !r->failed && r->ev[REV_FOREIGN] > SUM_BUSY_PCT;
}

/* is_out: ok run r is left out of the figures when busy runs are dropped:
 * it was busy, or its contest was stopped or stalled (stall_of). */
static int is_out(const struct rec *r)
{
	return is_busy(r) || stall_of(r) > 0;
}

/* stall_note: count ok run r in c's stopped runs when stall_of marks it
 * (left out of the figures when dropped). */
static void stall_note(struct sum_cell *c, const struct rec *r, int dropped)
{
	double s = stall_of(r);

	if (!(s > 0))
		return;
	if (c->stopped < SUM_BUSY_LIST)
		c->stopped_run[c->stopped] = r->run;
	c->stopped_min = c->stopped == 0 ? s : fmin(c->stopped_min, s);
	c->stopped_max = c->stopped == 0 ? s : fmax(c->stopped_max, s);
	c->stopped_caught += stall_caught(r);
	c->stopped_out = dropped;
	c->stopped++;
}

/* busy_note: count ok run r in c's busy runs when it was busy, and in its
 * stopped runs when stopped (left out of the figures when dropped). */
static void busy_note(struct sum_cell *c, const struct rec *r, int dropped)
{
	double f = r->ev[REV_FOREIGN];

	stall_note(c, r, dropped);
	if (!is_busy(r))
		return;
	if (c->busy < SUM_BUSY_LIST)
		c->busy_run[c->busy] = r->run;
	c->busy_min = c->busy == 0 ? f : fmin(c->busy_min, f);
	c->busy_max = c->busy == 0 ? f : fmax(c->busy_max, f);
	c->busy_out = dropped;
	c->busy++;
}

/* cell_at: the index of r's cell (a failed run without a workload: in its
 * label's and load's, orphan_home), or -1 when r is not selected. */
static long cell_at(const struct summary *s, const struct rec_set *set, const struct rec *r,
                    const char *const *labels, size_t nlabels,
                    const char *const *only, size_t nonly)
{
	char kb[sizeof r->workload + 16];

	if (!keep(r, labels, nlabels, only, nonly))
		return -1;
	long w = index_of(s->workloads, s->nworkloads, wkey(orphan_home(set, r), kb, sizeof kb));
	long l = index_of(s->loads, s->nloads, r->load);
	long k = index_of(s->labels, s->nlabels, r->label);
	if (w < 0 || l < 0 || k < 0)
		return -1;
	return (long)(((size_t)w * s->nloads + (size_t)l) * s->nlabels + (size_t)k);
}

/* accumulate: add every record of set that passes the selections to its
 * cell: counts and sums, or (deviations) the squared deviations from the
 * means finish computed. */
static void accumulate(struct summary *s, struct acc *acc, const struct rec_set *set,
                       const char *const *labels, size_t nlabels,
                       const char *const *only, size_t nonly, int deviations)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct rec *r = &set->v[i];
		long at = cell_at(s, set, r, labels, nlabels, only, nonly);
		if (at < 0)
			continue;
		struct sum_cell *c = &s->cells[at];
		const double fig[4] = { r->time, r->cpu_pct, r->loads, r->lcpu_pct };
		if (!deviations)
			busy_note(c, r, s->drop_busy);
		if (s->drop_busy && is_out(r))
			continue;  /* counted in the busy or stopped figures only */
		if (deviations) {
			for (int j = 0; j < 4 && !r->failed; j++)
				if (!isnan(fig[j]))
					acc[at].dev[j] += (fig[j] - c->st[j].mean) * (fig[j] - c->st[j].mean);
			continue;
		}
		if (r->failed) {
			c->failed++;
			continue;
		}
		if (c->n == 0)
			c->detail = r->detail;
		else if (strcmp(c->detail, r->detail) != 0)
			c->detail = "mixed";
		c->n++;
		if (isfinite(r->time / canary_of(r))) {
			acc[at].tcsum += r->time / canary_of(r);
			acc[at].tccnt++;
		}
		for (int j = 0; j < 4; j++) {
			if (isnan(fig[j]))
				continue;
			acc[at].sum[j] += fig[j];
			acc[at].cnt[j]++;
		}
		double ev[REV_N + WHY_N];
		evidence(r, ev);
		for (int j = 0; j < REV_N + WHY_N; j++) {
			if (isnan(ev[j]))
				continue;
			if (j == REV_PROBE_MAX)  /* the worst wake-up of all the runs */
				acc[at].evsum[j] = acc[at].evcnt[j] ? fmax(acc[at].evsum[j], ev[j]) : ev[j];
			else
				acc[at].evsum[j] += ev[j];
			acc[at].evcnt[j]++;
		}
	}
}

/* no_load_at: the workload of s record r is a no_load run of, when it is
 * one the Ratios are taken from (ok, with a Time, not busy when busy runs
 * are dropped); -1 when not. */
static long no_load_at(const struct summary *s, const struct rec *r)
{
	char kb[sizeof r->workload + 16];

	if (r->failed || isnan(r->time) || strcmp(r->load, NO_LOAD) != 0 ||
	    (s->drop_busy && is_out(r)))
		return -1;
	return index_of(s->workloads, s->nworkloads, wkey(r, kb, sizeof kb));
}

/* no_load_means: the mean no_load time of each workload and label (NaN when
 * none), from every ok no_load record of the selected labels: the load filter
 * does not apply, so a Ratio is still shown when no_load is not. -1 on ENOMEM. */
static int no_load_means(const struct summary *s, const struct rec_set *set,
                         const char *const *labels, size_t nlabels, double *base)
{
	size_t nb = s->nworkloads * s->nlabels, i;
	int *cnt = calloc(nb ? nb : 1, sizeof *cnt);

	if (cnt == NULL)
		return -1;
	for (i = 0; i < nb; i++)
		base[i] = 0;
	for (i = 0; i < set->n; i++) {
		const struct rec *r = &set->v[i];
		long w = no_load_at(s, r);
		long k = index_of(s->labels, s->nlabels, r->label);
		if (w < 0 || k < 0 || !keep(r, labels, nlabels, NULL, 0))
			continue;
		base[(size_t)w * s->nlabels + (size_t)k] += r->time;
		cnt[(size_t)w * s->nlabels + (size_t)k]++;
	}
	for (i = 0; i < nb; i++)
		base[i] = cnt[i] ? base[i] / cnt[i] : NAN;
	free(cnt);
	return 0;
}

/* over: v over the no_load mean b (a Ratio, or its interval); NaN when b
 * is not a positive figure. */
static double over(double v, double b)
{
	return b > 0 && isfinite(b) ? v / b : NAN;
}

/* finish: means from the sums, then each cell's Ratio to base (see no_load_means). */
static void finish(struct summary *s, const struct acc *acc, const double *base)
{
	size_t total = s->nworkloads * s->nloads * s->nlabels;

	for (size_t i = 0; i < total; i++) {
		struct sum_cell *c = &s->cells[i];
		if (c->detail == NULL)
			c->detail = "";
		double *m[4] = { &c->time, &c->cpu_pct, &c->loads, &c->lcpu_pct };
		for (int j = 0; j < 4; j++) {
			*m[j] = acc[i].cnt[j] ? acc[i].sum[j] / acc[i].cnt[j] : NAN;
			c->st[j] = (struct stat_desc){ .n = acc[i].cnt[j], .mean = *m[j], .sd = NAN,
			                               .ci95 = NAN };
		}
		double ev[REV_N + WHY_N];
		for (int j = 0; j < REV_N + WHY_N; j++)
			ev[j] = !acc[i].evcnt[j] ? NAN : j == REV_PROBE_MAX ? acc[i].evsum[j]
			        : acc[i].evsum[j] / acc[i].evcnt[j];
		memcpy(c->ev, ev, sizeof c->ev);
		c->scan = ev[REV_N + WHY_SCAN];
		c->mem_full_pct = ev[REV_N + WHY_MEMFULL];
		c->io_full_pct = ev[REV_N + WHY_IOFULL];
		c->time_per_canary = acc[i].tccnt ? acc[i].tcsum / acc[i].tccnt : NAN;
		double b = base[(i / (s->nloads * s->nlabels)) * s->nlabels + i % s->nlabels];
		c->base = b;
		c->ratio = over(c->time, b);
	}
}

/* spread: standard deviations and 95% confidence intervals from the
 * deviations; the Ratio's interval is Time's scaled by the same base. */
static void spread(struct summary *s, const struct acc *acc)
{
	size_t total = s->nworkloads * s->nloads * s->nlabels;

	for (size_t i = 0; i < total; i++) {
		struct sum_cell *c = &s->cells[i];
		for (int j = 0; j < 4; j++) {
			int n = acc[i].cnt[j];
			if (n < 2)
				continue;
			c->st[j].sd = sqrt(acc[i].dev[j] / (n - 1));
			c->st[j].ci95 = stat_t_quantile(0.975, n - 1) * c->st[j].sd / sqrt(n);
		}
		c->ratio_ci95 = over(c->st[0].ci95, c->base);
	}
}

/* A run's Time and run number, for sorting a cell's Times. */
struct run_time {
	double time;
	int run;
};

/* run_time_cmp: by Time, then run number. */
static int run_time_cmp(const void *a, const void *b)
{
	const struct run_time *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->run > y->run) - (x->run < y->run);
}

/* times_sort: cell c's Times ascending, their run numbers with them, then
 * their robust summary and outliers. tmp holds at least c->nt entries. */
static void times_sort(struct sum_cell *c, struct run_time *tmp)
{
	for (int i = 0; i < c->nt; i++)
		tmp[i] = (struct run_time){ c->tv[i], c->trun[i] };
	if (c->nt > 1)
		qsort(tmp, (size_t)c->nt, sizeof *tmp, run_time_cmp);
	for (int i = 0; i < c->nt; i++) {
		c->tv[i] = tmp[i].time;
		c->trun[i] = tmp[i].run;
	}
	rob_describe(c->tv, c->nt, &c->rt);
	for (int i = 0; i < c->nt; i++)
		c->tout += c->tvout[i] = (unsigned char)rob_outlier(&c->rt, c->tv[i]);
}

/* times: each cell's Times of the runs in its figures (the ok runs with a
 * Time, busy ones left out when dropped: those st[FIG_TIME] counts) into
 * s->tv and s->trun, then sorted and summarised (times_sort). -1 on ENOMEM. */
static int times(struct summary *s, const struct rec_set *set,
                 const char *const *labels, size_t nlabels,
                 const char *const *only, size_t nonly)
{
	size_t total = s->nworkloads * s->nloads * s->nlabels, nt = 0, at = 0;
	int most = 0;
	struct run_time *tmp;

	for (size_t i = 0; i < total; i++) {
		nt += (size_t)s->cells[i].st[FIG_TIME].n;
		if (s->cells[i].st[FIG_TIME].n > most)
			most = s->cells[i].st[FIG_TIME].n;
	}
	s->tv = calloc(nt ? nt : 1, sizeof *s->tv);
	s->trun = calloc(nt ? nt : 1, sizeof *s->trun);
	s->tvout = calloc(nt ? nt : 1, sizeof *s->tvout);
	tmp = calloc(most ? (size_t)most : 1, sizeof *tmp);
	if (s->tv == NULL || s->trun == NULL || s->tvout == NULL || tmp == NULL) {
		free(tmp);
		return -1;
	}
	for (size_t i = 0; i < total; i++) {
		s->cells[i].tv = s->cells[i].st[FIG_TIME].n ? s->tv + at : NULL;
		s->cells[i].trun = s->cells[i].st[FIG_TIME].n ? s->trun + at : NULL;
		s->cells[i].tvout = s->cells[i].st[FIG_TIME].n ? s->tvout + at : NULL;
		at += (size_t)s->cells[i].st[FIG_TIME].n;
	}
	for (size_t i = 0; i < set->n; i++) {
		const struct rec *r = &set->v[i];
		long k = cell_at(s, set, r, labels, nlabels, only, nonly);
		if (k < 0 || r->failed || isnan(r->time) || (s->drop_busy && is_out(r)))
			continue;
		struct sum_cell *c = &s->cells[k];
		c->tv[c->nt] = r->time;
		c->trun[c->nt++] = r->run;
	}
	for (size_t i = 0; i < total; i++)
		times_sort(&s->cells[i], tmp);
	free(tmp);
	return 0;
}

int summary_build(struct summary *s, const struct rec_set *set,
                  const char *const *labels, size_t nlabels,
                  const char *const *only, size_t nonly,
                  const char *const *load_order)
{
	return summary_build_busy(s, set, labels, nlabels, only, nonly, load_order, 0);
}

int summary_build_busy(struct summary *s, const struct rec_set *set,
                       const char *const *labels, size_t nlabels,
                       const char *const *only, size_t nonly,
                       const char *const *load_order, int drop_busy)
{
	struct ents ew = { 0 }, el = { 0 }, ek = { 0 };
	struct acc *acc = NULL;
	double *base = NULL;
	size_t i, total;
	int rc = -1;

	memset(s, 0, sizeof *s);
	s->drop_busy = drop_busy;
	for (i = 0; i < nlabels; i++)
		if (ents_find(&ek, labels[i]) < 0 && ents_see(&ek, labels[i], "") != 0)
			goto out;
	for (i = 0; i < ek.n; i++)
		ek.v[i].rank = i;
	for (i = 0; i < set->n; i++) {
		const struct rec *r = &set->v[i];
		if (!keep(r, labels, nlabels, only, nonly))
			continue;
		char kb[sizeof r->workload + 16];
		if (ents_see(&ew, wkey(orphan_home(set, r), kb, sizeof kb), r->timestamp) != 0 ||
		    ents_see(&el, r->load, r->timestamp) != 0 ||
		    (nlabels == 0 && ents_see(&ek, r->label, r->timestamp) != 0))
			goto out;
	}
	for (i = 0; load_order && load_order[i]; i++) {
		long l = ents_find(&el, load_order[i]);
		if (l >= 0 && el.v[l].rank == SIZE_MAX)
			el.v[l].rank = i;
	}
	if (ents_out(&ew, &s->workloads, &s->nworkloads) != 0 ||
	    ents_out(&el, &s->loads, &s->nloads) != 0 ||
	    ents_out(&ek, &s->labels, &s->nlabels) != 0)
		goto out;
	total = s->nworkloads * s->nloads * s->nlabels;
	s->cells = calloc(total ? total : 1, sizeof *s->cells);
	acc = calloc(total ? total : 1, sizeof *acc);
	base = calloc(s->nworkloads * s->nlabels + 1, sizeof *base);
	if (s->cells == NULL || acc == NULL || base == NULL ||
	    no_load_means(s, set, labels, nlabels, base) != 0)
		goto out;
	accumulate(s, acc, set, labels, nlabels, only, nonly, 0);
	finish(s, acc, base);
	accumulate(s, acc, set, labels, nlabels, only, nonly, 1);
	spread(s, acc);
	if (times(s, set, labels, nlabels, only, nonly) != 0)
		goto out;
	rc = 0;
out:
	ents_free(&ew);
	ents_free(&el);
	ents_free(&ek);
	free(acc);
	free(base);
	if (rc != 0)
		summary_free(s);
	return rc;
}

int summary_ratio_base(struct summary *s, const struct rec_set *set, const char *label)
{
	double *sum = calloc(s->nworkloads + 1, sizeof *sum);
	int *cnt = calloc(s->nworkloads + 1, sizeof *cnt), found = 0;
	size_t total = s->nworkloads * s->nloads * s->nlabels;

	if (sum == NULL || cnt == NULL) {
		free(sum);
		free(cnt);
		return -1;
	}
	for (size_t i = 0; i < set->n; i++) {
		long w = strcmp(set->v[i].label, label) == 0 ? no_load_at(s, &set->v[i]) : -1;
		if (w >= 0) {
			sum[w] += set->v[i].time;
			found += cnt[w]++ == 0;
		}
	}
	for (size_t i = 0; found && i < total; i++) {
		struct sum_cell *c = &s->cells[i];
		size_t w = i / (s->nloads * s->nlabels);
		c->base = cnt[w] ? sum[w] / cnt[w] : NAN;
		c->ratio = over(c->time, c->base);
		c->ratio_ci95 = over(c->st[FIG_TIME].ci95, c->base);
	}
	if (found)
		s->ratio_base = label;
	free(sum);
	free(cnt);
	return found;
}

const struct sum_cell *summary_cell(const struct summary *s, size_t w, size_t l, size_t k)
{
	return &s->cells[(w * s->nloads + l) * s->nlabels + k];
}

/* free_names: free n strings of v and v itself. */
static void free_names(char **v, size_t n)
{
	if (v == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void summary_free(struct summary *s)
{
	free_names(s->workloads, s->nworkloads);
	free_names(s->loads, s->nloads);
	free_names(s->labels, s->nlabels);
	free(s->cells);
	free(s->tv);
	free(s->trun);
	free(s->tvout);
	memset(s, 0, sizeof *s);
}
