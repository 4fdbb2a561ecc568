/* model.c: builds the report model once: the blocks and rows of a summary, their comparisons, the runs, the environment differences and the micro summary. */
#include "results/model/model.h"
#include "lib/array.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* fill_row: row of label k in load l of workload w, compared with the
 * baseline label b (b < 0: none) unless one of the two ran emulated and the
 * other not (m->guest). */
static void fill_row(struct rep_row *row, const struct rep_model *m, const struct summary *s, size_t w,
                     size_t l, size_t k, long b)
{
	memset(row, 0, sizeof *row);
	row->label = k;
	row->name = s->labels[k];
	row->c = summary_cell(s, w, l, k);
	row->guest = m->guest[k];
	if (b < 0)
		return;
	compare_row(s, w, l, k, (size_t)b, &row->cmp);
	row->apart = !row->cmp.is_baseline && (m->guest[k] == NULL) != (m->guest[b] == NULL);
	row->compared = row->cmp.has_base && !row->cmp.is_baseline && row->c->n > 0 && !row->apart;
}

const char *rep_model_emulated(const struct rec_set *set, const char *label)
{
	for (size_t i = 0; set != NULL && i < set->n; i++)
		if (strcmp(set->v[i].label, label) == 0 && rec_emulated(&set->v[i]))
			return set->v[i].guest;
	return NULL;
}

/* count_rows: how many labels have ok, failed, busy or stopped runs of load l in workload w. */
static size_t count_rows(const struct summary *s, size_t w, size_t l)
{
	size_t n = 0;

	for (size_t k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		n += c->n + c->failed + c->busy + c->stopped > 0;
	}
	return n;
}

/* split_name: out's identity, jobs and machine from its name "IDENTITY
 * -jJOBS, MACHINE" (summary.c's wkey; no jobs: -1, no machine: ""). -1 on
 * ENOMEM. */
static int split_name(struct rep_workload *out)
{
	const char *m = strstr(out->name, SUM_MACHINE_SEP "MEM ");
	size_t n = m ? (size_t)(m - out->name) : strlen(out->name);
	char *end, *j;
	long jobs = -1;

	out->machine = strdup(m ? m + strlen(SUM_MACHINE_SEP) : "");
	out->identity = strndup(out->name, n);
	if (out->machine == NULL || out->identity == NULL)
		return -1;
	j = strrchr(out->identity, ' ');
	if (j != NULL && strncmp(j, " -j", 3) == 0 && j[3] >= '0' && j[3] <= '9') {
		jobs = strtol(j + 3, &end, 10);
		if (*end != '\0' || jobs > INT_MAX)
			jobs = -1;
	}
	out->jobs = (int)jobs;
	if (jobs >= 0)
		*j = '\0';
	return 0;
}

/* by_value: qsort order of doubles. */
static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* canary_reference: the reference canary of m: the median canary of its ok
 * runs (m->runs) that have one; NaN when none has. */
static double canary_reference(const struct rep_model *m)
{
	double *v = malloc((m->nruns ? m->nruns : 1) * sizeof *v), ref = NAN;
	size_t n = 0;

	if (v == NULL)
		return NAN;
	for (size_t i = 0; i < m->nruns; i++)
		if (!m->runs[i]->failed && isfinite(canary_of(m->runs[i])))
			v[n++] = canary_of(m->runs[i]);
	qsort(v, n, sizeof *v, by_value);
	if (n > 0)
		ref = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	free(v);
	return ref;
}

/* bigger: 1 when step x beats step y (NULL: none yet) as the largest: a
 * significant step beats one that is not, then the larger |difference|. */
static int bigger(const struct cmp_fig *x, const struct cmp_fig *y)
{
	if (!isfinite(x->pct))
		return 0;
	if (y == NULL || x->significant != y->significant)
		return y == NULL || x->significant;
	return fabs(x->pct) > fabs(y->pct);
}

static int trend_steps(struct rep_block *b, const size_t *series)
{
	const struct cmp_fig *best = NULL;
	long prev = -1;

	b->largest = -1;
	if ((b->steps = calloc(b->nrows ? b->nrows : 1, sizeof *b->steps)) == NULL)
		return -1;
	for (size_t i = 0; i < b->nrows; i++) {
		const struct rep_row *r = &b->rows[i];
		struct rep_step *st = &b->steps[i];
		struct cmp_row cmp;
		st->from = st->apart = -1;
		if (r->c->n == 0)
			continue;
		if (prev >= 0 && (b->rows[prev].guest == NULL) != (r->guest == NULL))
			st->apart = prev;   /* emulated and native: no step between them */
		else if (prev >= 0 && (series == NULL || series[b->rows[prev].label] == series[r->label])) {
			compare_cells(b->rows[prev].c, r->c, &cmp);
			st->from = prev;
			st->time = cmp.time;
			if (bigger(&st->time, best)) {
				best = &st->time;
				b->largest = (long)i;
			}
		}
		prev = (long)i;
	}
	return 0;
}

/* build_workload: the blocks of workload w into out, with their trend
 * steps under show->trend. -1 on ENOMEM. */
static int build_workload(struct rep_workload *out, const struct rep_model *m, const struct summary *s,
                          size_t w, long b, const struct rep_show *show)
{
	out->name = s->workloads[w];
	if (split_name(out) != 0)
		return -1;
	out->blocks = calloc(s->nloads ? s->nloads : 1, sizeof *out->blocks);
	if (out->blocks == NULL)
		return -1;
	for (size_t l = 0; l < s->nloads; l++) {
		size_t n = count_rows(s, w, l);
		if (n == 0)
			continue;
		struct rep_block *bl = &out->blocks[out->nblocks++];
		bl->load = s->loads[l];
		bl->base = b >= 0 ? summary_cell(s, w, l, (size_t)b) : NULL;
		if ((bl->rows = calloc(n, sizeof *bl->rows)) == NULL)
			return -1;
		for (size_t k = 0; k < s->nlabels; k++) {
			const struct sum_cell *c = summary_cell(s, w, l, k);
			if (c->n + c->failed + c->busy + c->stopped > 0)
				fill_row(&bl->rows[bl->nrows++], m, s, w, l, k, b);
		}
		bl->largest = -1;
		if (show->trend != NULL && trend_steps(bl, show->series) != 0)
			return -1;
	}
	return 0;
}

/* in_names: 1 when name is one of the n strings of v. */
static int in_names(char *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], name) == 0)
			return 1;
	return 0;
}

/* select_runs: the records of set whose label and load s keeps. -1 on ENOMEM. */
static int select_runs(struct rep_model *m, const struct summary *s, const struct rec_set *set)
{
	if (set == NULL || set->n == 0)
		return 0;
	if ((m->runs = calloc(set->n, sizeof *m->runs)) == NULL)
		return -1;
	for (size_t i = 0; i < set->n; i++) {
		const struct rec *r = &set->v[i];
		if (!in_names(s->labels, s->nlabels, r->label) || !in_names(s->loads, s->nloads, r->load))
			continue;
		m->runs[m->nruns++] = r;
		if (m->first_ts == NULL || strcmp(r->timestamp, m->first_ts) < 0)
			m->first_ts = r->timestamp;
		if (m->last_ts == NULL || strcmp(r->timestamp, m->last_ts) > 0)
			m->last_ts = r->timestamp;
	}
	return 0;
}

/* fact: run r's host or version. */
static const char *fact(const struct rec *r, enum rep_fact what)
{
	return what == REP_HOST ? r->host : r->version;
}

const char *rep_model_join(const struct rep_model *m, enum rep_fact what, char *buf, size_t len)
{
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	for (size_t i = 0; i < m->nruns && n < len; i++) {
		const char *v = fact(m->runs[i], what);
		size_t k;
		for (k = 0; k < i && strcmp(fact(m->runs[k], what), v) != 0; k++)
			;
		if (k == i && v[0] != '\0')
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", v);
	}
	return buf;
}

int rep_model_shape(struct rep_model *m, const struct summary *s, const struct rec_set *set,
                    const struct rep_show *show, const struct micro_record_set *micro)
{
	memset(m, 0, sizeof *m);
	m->labels = s->labels;
	m->nlabels = s->nlabels;
	m->baseline = show->baseline >= 0 && show->baseline < (long)s->nlabels ? show->baseline : -1;
	m->baseline_name = m->baseline >= 0 ? s->labels[m->baseline] : NULL;
	m->precise = show->precise;
	m->why = show->why;
	m->latency = show->latency;
	m->normalize = show->normalize;
	m->trend = show->trend;
	m->series = show->series;
	m->ratio_base = s->ratio_base;
	m->workloads = calloc(s->nworkloads ? s->nworkloads : 1, sizeof *m->workloads);
	m->guest = calloc(s->nlabels ? s->nlabels : 1, sizeof *m->guest);
	if (m->workloads == NULL || m->guest == NULL)
		goto fail;
	for (size_t k = 0; k < s->nlabels; k++)
		m->guest[k] = rep_model_emulated(set, s->labels[k]);
	for (; m->nworkloads < s->nworkloads; m->nworkloads++)
		if (build_workload(&m->workloads[m->nworkloads], m, s, m->nworkloads, m->baseline,
		                   show) != 0) {
			m->nworkloads++;
			goto fail;
		}
	if (select_runs(m, s, set) != 0)
		goto fail;
	m->canary_ref = canary_reference(m);
	if (micro != NULL && micro->n > 0)
		m->micro = micro;
	return 0;
fail:
	rep_model_free(m);
	return -1;
}

int rep_model_env_add(struct rep_model *m, const char *label, const char *key, const char *from,
                      const char *to)
{
	struct rep_env *v = array_grow(m->env, &m->env_cap, m->nenv + 1, sizeof *v, 8);

	if (v == NULL)
		return -1;
	m->env = v;
	struct rep_env e = { strdup(label), strdup(key), strdup(from), strdup(to) };
	if (e.label == NULL || e.key == NULL || e.from == NULL || e.to == NULL) {
		free(e.label);
		free(e.key);
		free(e.from);
		free(e.to);
		return -1;
	}
	m->env[m->nenv++] = e;
	m->env_ref = m->nlabels ? m->labels[0] : NULL;
	return 0;
}

void rep_model_free(struct rep_model *m)
{
	for (size_t w = 0; w < m->nworkloads; w++) {
		for (size_t l = 0; l < m->workloads[w].nblocks; l++) {
			free(m->workloads[w].blocks[l].rows);
			free(m->workloads[w].blocks[l].steps);
		}
		free(m->workloads[w].blocks);
		free(m->workloads[w].identity);
		free(m->workloads[w].machine);
	}
	free(m->workloads);
	free((void *)m->guest);
	for (size_t i = 0; i < m->nenv; i++) {
		free(m->env[i].label);
		free(m->env[i].key);
		free(m->env[i].from);
		free(m->env[i].to);
	}
	free(m->env);
	for (size_t i = 0; i < m->nnotes; i++)
		free(m->notes[i].text);
	free(m->notes);
	free((void *)m->runs);
	for (size_t i = 0; i < m->nstories; i++) {
		free(m->stories[i].s);
		free(m->stories[i].note);
	}
	free(m->stories);
	memset(m, 0, sizeof *m);
}
