/* test_micro_mem.c: the memory group adds mhz, the curve, the latencies and the cache guesses once each, in sane ranges. */
#include "lib/text.h"
#include "micro/bench_mem.h"
#include "micro/cache.h"
#include "micro/harness.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <stdio.h>
#include <string.h>

/* check_range: name is present once and, when available (or must_ok),
 * available with lo < value < hi; a not-available one has a reason. */
static void check_range(const struct micro_set *set, const char *name, int must_ok,
			double lo, double hi)
{
	const struct micro_metric *m = tm_find(set, name);

	if (!m)
		return;
	if (!m->v.ok) {
		if (must_ok)
			fprintf(stderr, "%s: not available: %s\n", name, m->v.reason);
		T_CHECK(!must_ok);
		T_CHECK(m->v.reason[0] != '\0');
		return;
	}
	tm_range(m, lo, hi);
}

int main(void)
{
	struct micro_opts o;
	static struct micro_set set;
	char dir[] = "/tmp/test_micro_mem.XXXXXX", name[32];
	size_t reported[MICRO_LEVELS], sizes[48];
	int curve = 0, stride = 0, k;

	tm_begin(&o, dir);

	micro_group_mem(&o, &set);

	/* MHz: a real clock is 0.2 to 10 GHz; a unit error is off by 1000. */
	check_range(&set, "mhz", 1, 200, 10000);
	/* ns per load: a broken chase is ~0, a unit error (us, ps) off by 1000;
	 * both curves over the same working sets, up to 4 x the largest cache */
	micro_cache_reported(reported);
	k = micro_mem_sizes(micro_mem_curve_max(reported), sizes);
	for (int i = 0; i < k; i++) {
		text_fmt(name, sizeof(name), "curve_%zu", sizes[i]);
		check_range(&set, name, 1, 0.1, 5000);
		text_fmt(name, sizeof(name), "stride_%zu", sizes[i]);
		check_range(&set, name, 1, 0.05, 5000);
	}
	for (int i = 0; i < set.n; i++) {
		curve += strncmp(set.m[i].name, "curve_", 6) == 0;
		stride += strncmp(set.m[i].name, "stride_", 7) == 0;
	}
	T_CHECK(curve == k && stride == k);
	/* 4 x the largest cache, but at most 1 GiB (a VM may report a
	 * host's 480 MiB L3) */
	if (4 * micro_cache_largest(reported) > ((size_t)1 << 30))
		T_CHECK(sizes[k - 1] == ((size_t)1 << 30));
	else
		T_CHECK(sizes[k - 1] >= 4 * micro_cache_largest(reported));
	/* the run's largest size is the curves' unless --mb gives one */
	T_CHECK(micro_largest(&o) == micro_mem_curve_max(reported));
	o.largest = (size_t)24 << 20;
	T_CHECK(micro_largest(&o) == ((size_t)24 << 20));
	o.largest = 0;
	/* the summary's L1 $, L2 $ and Main mem: the stride walk at 1 KiB,
	 * 128 KiB and the largest working set */
	check_range(&set, "lat_1k", 1, 0.1, 50);
	check_range(&set, "lat_128k", 1, 0.1, 500);
	check_range(&set, "lat_largest", 1, 0.1, 5000);
	/* cache sizes in bytes: the first jump is always there on real
	 * hardware; the later ones may not be within 32 MiB */
	check_range(&set, "cache_l1", 1, 1024, 64 << 20);
	check_range(&set, "cache_l2", 0, 4096, 1024.0 * (1 << 20));
	check_range(&set, "cache_l3", 0, 4096, 1024.0 * (1 << 20));
	check_range(&set, "rand_main", 1, 0.5, 5000);
	/* mhz, 3 latencies, 3 sizes, cache_src, 4 random-chase figures, 3 curve guesses */
	T_CHECK(set.n == 2 * curve + 15);
	const struct micro_metric *l1 = micro_get(&set, "lat_1k"), *mm = micro_get(&set, "lat_largest");
	if (l1 && mm && l1->v.ok && mm->v.ok)
		T_CHECK(mm->v.value > l1->v.value);

	tm_end(dir);
	return t_done();
}
