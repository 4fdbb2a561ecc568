/* test_micro_metric.c: the metric table is whole and consistent, and the sink files metrics by id under the table's names. */
#include "micro/harness.h"
#include "tests/unit/t.h"

#include <string.h>

/* test_table: every id has a full row, names are unique and found again,
 * section units match their titles. */
static void test_table(void)
{
	int cols[MS_COUNT] = { 0 };

	for (int id = 0; id < MID_COUNT; id++) {
		const struct micro_def *d = &micro_metrics[id];
		T_CHECK(d->name != NULL && d->unit != NULL && d->top != NULL && d->bottom != NULL);
		if (d->name == NULL)
			continue;
		T_CHECK(strlen(d->name) + (d->family ? 20 : 0) < sizeof(((struct micro_metric *)0)->name));
		T_CHECK(d->family || micro_metric_find(d->name) == id);
		T_CHECK(!d->family || d->sections == 0);  /* a family has no summary column */
		for (int s = 0; s < MS_COUNT; s++) {
			if (!(d->sections & MS_BIT(s)))
				continue;
			cols[s]++;
			T_CHECK(d->width > 0);
			if (s == MS_BW)
				T_STREQ(d->unit, "MB/s");
			else if (s != MS_MEM && s != MS_EXT && id != MID_MHZ)
				T_STREQ(d->unit, "us");
		}
	}
	/* the metrics of each summary section (Memory, contest's own: the three
	 * cache guesses share a column) */
	const int want[MS_COUNT] = { 11, 7, 8, 7, 9, 7, 8 };
	for (int s = 0; s < MS_COUNT; s++) {
		T_CHECK(micro_sections[s] != NULL);
		T_CHECK(cols[s] == want[s]);
	}
	T_CHECK(micro_metric_find("curve_4096") == MID_CURVE);
	T_CHECK(micro_metric_find("curve_") == -1);
	T_CHECK(micro_metric_find("stride_65536") == MID_STRIDE);
	/* no metric of contest's own method sits under an lmbench heading */
	for (int id = MID_RAND_L1; id <= MID_MMAP_READ; id++)
		T_CHECK(micro_metrics[id].sections == MS_BIT(MS_EXT));
	T_CHECK(micro_metric_find("no_such_metric") == -1);
}

/* test_sink: puts by id carry the table's names; times convert to the unit. */
static void test_sink(void)
{
	static struct micro_set set;
	struct micro_value ns = { .value = 2500, .spread = 0.2, .ok = 1 };

	micro_put_time(&set, MID_NULL_CALL, &ns);
	micro_put_member(&set, MID_CURVE, 4096, &ns);
	micro_put_na(&set, MID_BW_TCP, "no TCP");
	T_CHECK(set.n == 3);
	T_STREQ(set.m[0].name, "null_call");
	T_NEAR(set.m[0].v.value, 2.5, 1e-12);
	T_NEAR(set.m[0].v.spread, 0.2, 1e-12);
	T_STREQ(set.m[1].name, "curve_4096");
	T_NEAR(set.m[1].v.value, 2500, 1e-12);
	T_STREQ(set.m[2].name, "bw_tcp");
	T_CHECK(!set.m[2].v.ok);
	T_STREQ(set.m[2].v.reason, "no TCP");
}

int main(void)
{
	test_table();
	test_sink();
	return t_done();
}
