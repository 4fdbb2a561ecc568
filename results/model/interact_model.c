/* interact_model.c: the interactivity report's model from LABEL.interact records: rows averaged over runs, intervals, the baseline comparisons. */
#include "results/model/interact_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The tasks' order in the report; a task of another name comes after. */
static const char *const task_order[] = { "audio", "video", "desktop", "game" };

enum imetric interact_model_score(const struct iblock *b)
{
	return b->game ? IM_FPS : IM_MET;
}

/* fig: figure i of record r. */
static double fig(const struct interact_record *r, enum imetric i)
{
	const double v[IM_N] = { r->lat_mean_us, r->lat_sd_us, r->lat_p99_us, r->lat_max_us, r->met_pct,
	                         r->cpu_pct, r->fps };
	return v[i];
}

/* index_of: the index of s in v[0..n), or n. */
static size_t index_of(const char *const *v, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n && strcmp(v[i], s) != 0; i++)
		;
	return i;
}

/* pick_labels: m's labels: those asked for, else each label of set by its
 * first timestamp. */
static int pick_labels(struct interact_model *m, const struct interact_record_set *set, const char *const *labels, size_t n)
{
	const char **first = calloc(set->n + n + 1, sizeof *first);

	m->labels = calloc(set->n + n + 1, sizeof *m->labels);
	if (m->labels == NULL || first == NULL) {
		free(first);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (index_of(m->labels, m->nlabels, labels[i]) == m->nlabels)
			m->labels[m->nlabels++] = labels[i];
	for (size_t i = 0; n == 0 && i < set->n; i++) {
		size_t k = index_of(m->labels, m->nlabels, set->v[i].label);
		if (k == m->nlabels) {
			m->labels[m->nlabels++] = set->v[i].label;
			first[k] = set->v[i].timestamp;
		} else if (strcmp(set->v[i].timestamp, first[k]) < 0)
			first[k] = set->v[i].timestamp;
	}
	for (size_t i = 1; n == 0 && i < m->nlabels; i++)   /* insertion sort by first timestamp */
		for (size_t j = i; j > 0 && strcmp(first[j], first[j - 1]) < 0; j--) {
			const char *t = first[j], *l = m->labels[j];
			first[j] = first[j - 1], m->labels[j] = m->labels[j - 1];
			first[j - 1] = t, m->labels[j - 1] = l;
		}
	free(first);
	return 0;
}

/* values: figure i of the records of set for (task, load, label) into v;
 * how many (NaN ones left out). */
static int values(const struct interact_record_set *set, const char *task, const char *load, const char *label,
                  enum imetric i, double *v)
{
	int n = 0;

	for (size_t k = 0; k < set->n; k++) {
		const struct interact_record *r = &set->v[k];
		if (strcmp(r->task, task) == 0 && strcmp(r->load, load) == 0 && strcmp(r->label, label) == 0 &&
		    !isnan(fig(r, i)))
			v[n++] = fig(r, i);
	}
	return n;
}

/* cmp_doubles: ascending order for qsort. */
static int cmp_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* compare: figure i of row against the baseline's runs into *c. */
static void compare(const struct interact_record_set *set, const char *task, const struct irow *row,
                    const char *base, enum imetric i, double *va, double *vb, struct icmp *c)
{
	struct stat_desc a, b;
	struct stat_welch w;
	int na = values(set, task, row->load, base, i, va), nb = values(set, task, row->load, row->label, i, vb);

	memset(c, 0, sizeof *c);
	c->diff = c->p = NAN;
	stat_describe(va, na, &a);
	stat_describe(vb, nb, &b);
	if (na > 0 && nb > 0)
		c->diff = b.mean - a.mean;
	if (stat_welch(&a, &b, &w) == 0) {
		c->tested = 1;
		c->p = w.p;
	}
	qsort(va, (size_t)na, sizeof *va, cmp_doubles);
	qsort(vb, (size_t)nb, sizeof *vb, cmp_doubles);
	rob_mann_whitney(va, na, vb, nb, &c->mw);
}

/* fill_row: the figures of row (load, label set) of block b from set;
 * va, vb: room for set->n values each. */
static void fill_row(const struct interact_model *m, const struct interact_record_set *set, const struct iblock *b,
                     struct irow *row, double *va, double *vb)
{
	const char *base = m->baseline >= 0 ? m->labels[m->baseline] : NULL;

	for (int i = 0; i < IM_N; i++)
		stat_describe(va, values(set, b->task, row->load, row->label, i, va), &row->f[i]);
	row->runs = values(set, b->task, row->load, row->label, IM_CPU, va);
	row->max_us = NAN;
	for (int k = values(set, b->task, row->load, row->label, IM_MAX, va) - 1; k >= 0; k--)
		if (isnan(row->max_us) || va[k] > row->max_us)
			row->max_us = va[k];
	if (base == NULL || strcmp(base, row->label) == 0 ||
	    values(set, b->task, row->load, base, IM_CPU, va) == 0)
		return;
	row->has_base = 1;
	compare(set, b->task, row, base, IM_LAT, va, vb, &row->lat);
	compare(set, b->task, row, base, interact_model_score(b), va, vb, &row->score);
}

/* add_block: the block of task (its rows in the order of loads, then of
 * the labels; a row only where there are runs). 0, or -1. */
static int add_block(struct interact_model *m, const struct interact_record_set *set, const char *task,
                     const char *const *loads, size_t nloads, double *va, double *vb)
{
	struct iblock *b = &m->blocks[m->nblocks];

	b->task = task;
	b->game = strcmp(task, "game") == 0;
	if ((b->rows = calloc(nloads * m->nlabels + 1, sizeof *b->rows)) == NULL)
		return -1;
	m->nblocks++;
	for (size_t l = 0; l < nloads; l++)
		for (size_t k = 0; k < m->nlabels; k++) {
			struct irow *row = &b->rows[b->n];
			row->load = loads[l];
			row->label = m->labels[k];
			if (values(set, task, loads[l], m->labels[k], IM_CPU, va) == 0 &&
			    values(set, task, loads[l], m->labels[k], IM_FPS, va) == 0)
				continue;
			fill_row(m, set, b, row, va, vb);
			b->n++;
		}
	return 0;
}

int interact_model_build(struct interact_model *m, const struct interact_record_set *set, const char *const *labels,
                 size_t nlabels, const char *const *loads, const char *baseline, int stats, int precise)
{
	const char **tasks = calloc(set->n + 5, sizeof *tasks), **order = NULL;
	double *va = calloc(set->n + 1, sizeof *va), *vb = calloc(set->n + 1, sizeof *vb);
	size_t nt = 0, no = 0;
	int rc = -1;

	memset(m, 0, sizeof *m);
	m->stats = stats;
	m->precise = precise;
	m->baseline = -1;
	if (tasks == NULL || va == NULL || vb == NULL || pick_labels(m, set, labels, nlabels) != 0 ||
	    (order = calloc(set->n + 64, sizeof *order)) == NULL)
		goto out;
	m->baseline = baseline ? (long)index_of(m->labels, m->nlabels, baseline) : 0;
	if (m->baseline >= (long)m->nlabels)
		m->baseline = -1;
	m->baseline_name = m->baseline >= 0 ? m->labels[m->baseline] : NULL;
	for (size_t i = 0; loads[i] != NULL && no < 63; i++)
		if (index_of(order, no, loads[i]) == no)
			order[no++] = loads[i];
	for (size_t i = 0; i < 4; i++)
		tasks[nt++] = task_order[i];
	for (size_t i = 0; i < set->n; i++) {
		if (index_of(order, no, set->v[i].load) == no)
			order[no++] = set->v[i].load;
		if (index_of(tasks, nt, set->v[i].task) == nt)
			tasks[nt++] = set->v[i].task;
	}
	rc = 0;
	for (size_t t = 0; t < nt && rc == 0 && m->nblocks < sizeof m->blocks / sizeof m->blocks[0]; t++)
		rc = add_block(m, set, tasks[t], order, no, va, vb);
	/* a block with no rows (a task never run) is left out */
	size_t kept = 0;
	for (size_t t = 0; t < m->nblocks; t++)
		if (m->blocks[t].n > 0)
			m->blocks[kept++] = m->blocks[t];
		else
			free(m->blocks[t].rows);
	m->nblocks = kept;
out:
	free(tasks);
	free(order);
	free(va);
	free(vb);
	if (rc != 0)
		interact_model_free(m);
	return rc;
}

void interact_model_free(struct interact_model *m)
{
	for (size_t t = 0; t < m->nblocks; t++)
		free(m->blocks[t].rows);
	free(m->labels);
	memset(m, 0, sizeof *m);
}
