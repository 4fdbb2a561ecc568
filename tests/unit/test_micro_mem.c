/* test_micro_mem.c: the memory group adds mhz, the curve, the latencies and the cache guesses once each, in sane ranges. */
#include "lib/text.h"
#include "micro/micro.h"
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
	int curve = 0;

	tm_begin(&o, dir);

	micro_group_mem(&o, &set);

	/* MHz: a real clock is 0.2 to 10 GHz; a unit error is off by 1000. */
	check_range(&set, "mhz", 1, 200, 10000);
	/* ns per load: a broken chase is ~0, a unit error (us, ps) off by 1000 */
	for (size_t s = 8192; s <= ((size_t)32 << 20); s *= 2) {
		text_fmt(name, sizeof(name), "curve_%zu", s);
		check_range(&set, name, 1, 0.1, 5000);
		text_fmt(name, sizeof(name), "curve_%zu", s + s / 2);
		if (s + s / 2 <= ((size_t)32 << 20))
			check_range(&set, name, 1, 0.1, 5000);
	}
	for (int i = 0; i < set.n; i++)
		curve += strncmp(set.m[i].name, "curve_", 6) == 0;
	T_CHECK(curve == 25);
	check_range(&set, "lat_l1", 1, 0.1, 50);
	check_range(&set, "lat_l2", 1, 0.2, 500);
	check_range(&set, "lat_main", 1, 0.5, 5000);
	/* cache sizes in bytes: the first jump is always there on real
	 * hardware; the later ones may not be within 32 MiB */
	check_range(&set, "cache_l1", 1, 1024, 64 << 20);
	check_range(&set, "cache_l2", 0, 4096, 1024.0 * (1 << 20));
	check_range(&set, "cache_l3", 0, 4096, 1024.0 * (1 << 20));
	T_CHECK(set.n == curve + 7);
	const struct micro_metric *l1 = micro_get(&set, "lat_l1"), *mm = micro_get(&set, "lat_main");
	if (l1 && mm && l1->v.ok && mm->v.ok)
		T_CHECK(mm->v.value > l1->v.value);

	tm_end(dir);
	return t_done();
}
