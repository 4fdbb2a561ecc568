/* trend.c: --trend: labels in recorded or version order (each row's step from the row before it is the model's: results/model/model.c). */
#include "results/model/trend.h"
#include "results/model/kernel_version.h"

#include <math.h>
#include <stdlib.h>

/* The order trend_order sorts by, for qsort. */
static int by_version;

/* key_cmp: series, then version (when by_version), then rank. */
static int key_cmp(const void *pa, const void *pb)
{
	const struct trend_key *a = pa, *b = pb;
	int c;

	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	if (by_version && (c = kernel_version_label_cmp(a->label, b->label)) != 0)
		return c;
	return (a->rank > b->rank) - (a->rank < b->rank);
}

size_t trend_order(struct trend_key *v, size_t n, int version)
{
	struct kernel_version k;
	size_t bad = 0;

	by_version = version;
	if (n > 1)
		qsort(v, n, sizeof *v, key_cmp);
	for (size_t i = 0; version && i < n; i++)
		bad += kernel_version_parse(v[i].label, &k) != 0;
	return bad;
}
