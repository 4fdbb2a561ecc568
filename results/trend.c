/* trend.c: --trend: labels in recorded or version order, and each row's step from the row before it with Welch's test; the largest step of a series. */
#include "results/trend.h"
#include "results/kver.h"

#include <math.h>
#include <stdlib.h>

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

int trend_steps(struct rep_block *b, const size_t *series)
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
		st->from = -1;
		if (r->c->n == 0)
			continue;
		if (prev >= 0 && (series == NULL || series[b->rows[prev].label] == series[r->label])) {
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

/* The order trend_order sorts by, for qsort. */
static int by_version;

/* key_cmp: series, then version (when by_version), then rank. */
static int key_cmp(const void *pa, const void *pb)
{
	const struct trend_key *a = pa, *b = pb;
	int c;

	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	if (by_version && (c = kver_label_cmp(a->label, b->label)) != 0)
		return c;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

size_t trend_order(struct trend_key *v, size_t n, int version)
{
	struct kver k;
	size_t bad = 0;

	by_version = version;
	if (n > 1)
		qsort(v, n, sizeof *v, key_cmp);
	for (size_t i = 0; version && i < n; i++)
		bad += kver_parse(v[i].label, &k) != 0;
	return bad;
}
