/* test_micro_methods.c: the lmbench methods' counts, sizes and strides: the stride ring, the curve's sizes, rd and wr, the reported caches and the guesses' choice. */
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/bench_bw.h"
#include "micro/bench_mem.h"
#include "micro/cache.h"
#include "micro/harness.h"
#include "tests/unit/t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KB ((size_t)1 << 10)
#define MB ((size_t)1 << 20)

/* test_stride_ring: each link points one stride on, the last to the first,
 * and a walk visits every stride once per lap. */
static void test_stride_ring(void)
{
	enum { SIZE = 64 * 1024, STRIDE = 128 };
	unsigned char *buf = calloc(1, SIZE);
	void **p;
	size_t n = SIZE / STRIDE, seen = 0;

	T_CHECK(buf != NULL);
	if (!buf)
		return;
	p = micro_mem_stride_ring(buf, SIZE, STRIDE);
	T_CHECK((unsigned char *)p == buf);
	for (size_t i = 0; i < n; i++) {
		unsigned char *next = *(void **)(buf + i * STRIDE);
		T_CHECK(next == buf + (i + 1 < n ? i + 1 : 0) * STRIDE);
	}
	do {
		p = *p;
		seen++;
	} while ((unsigned char *)p != buf && seen <= n);
	T_CHECK(seen == n);
	free(buf);
}

/* test_curve_sizes: 8 KiB, x 1.5, x 2, ... up to the largest working set,
 * which is 4 x the largest reported cache (64 MiB at least, 1 GiB at most),
 * 256 MiB when no cache is reported. */
static void test_curve_sizes(void)
{
	size_t epyc[MICRO_LEVELS] = { 48 * KB, 1 * MB, 32 * MB }, none[MICRO_LEVELS] = { 0 };
	size_t small[MICRO_LEVELS] = { 32 * KB, 256 * KB, 0 };
	size_t huge[MICRO_LEVELS] = { 64 * KB, 2 * MB, 512 * MB }, sizes[48];
	int k;

	T_CHECK(micro_mem_curve_max(epyc) == 128 * MB);
	T_CHECK(micro_mem_curve_max(none) == 256 * MB);
	T_CHECK(micro_mem_curve_max(small) == 64 * MB);
	T_CHECK(micro_mem_curve_max(huge) == 1024 * MB);
	k = micro_mem_sizes(128 * MB, sizes);
	T_CHECK(k == 29);  /* 8K..128M: 15 powers of two and 14 halfway points */
	T_CHECK(sizes[0] == 8 * KB && sizes[1] == 12 * KB && sizes[2] == 16 * KB);
	T_CHECK(sizes[k - 1] == 128 * MB);
	for (int i = 1; i < k; i++)
		T_CHECK(sizes[i] > sizes[i - 1]);
}

/* test_frd_fwr: frd sums every 4-byte word and fwr stores into every one
 * (lmbench's bw_mem frd and fwr, the summary's Mem read and Mem write). */
static void test_frd_fwr(void)
{
	enum { NW = 1024 };
	static uint32_t w[NW];

	for (size_t i = 0; i < NW; i++)
		w[i] = (uint32_t)i;
	T_CHECK(micro_bw_frd(w, NW) == (uint32_t)(NW * (NW - 1) / 2));
	memset(w, 0, sizeof w);
	micro_bw_fwr(w, NW);
	size_t stored = 0;
	for (size_t i = 0; i < NW; i++)
		stored += w[i] == 1u;
	T_CHECK(stored == NW);
}

/* put: write text into dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	text_fmt(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	T_CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* index: a fake sysfs cache entry dir/indexI of type, level and size. */
static void index_dir(const char *dir, int i, const char *type, const char *level, const char *size)
{
	char sub[512];

	text_fmt(sub, sizeof sub, "%s/index%d", dir, i);
	T_CHECK(mkdir(sub, 0700) == 0);
	put(sub, "type", type);
	put(sub, "level", level);
	put(sub, "size", size);
}

/* test_reported: the data and unified caches of a fake sysfs tree by level;
 * the instruction cache left out; nothing when the tree is missing. */
static void test_reported(void)
{
	char dir[] = "/tmp/test_micro_methods.XXXXXX";
	size_t size[MICRO_LEVELS];

	T_CHECK(mkdtemp(dir) != NULL);
	index_dir(dir, 0, "Data\n", "1\n", "48K\n");
	index_dir(dir, 1, "Instruction\n", "1\n", "32K\n");
	index_dir(dir, 2, "Unified\n", "2\n", "1024K\n");
	index_dir(dir, 3, "Unified\n", "3\n", "32768K\n");
	T_CHECK(micro_cache_reported_in(dir, size) == 3);
	T_CHECK(size[0] == 48 * KB && size[1] == 1 * MB && size[2] == 32 * MB);
	T_CHECK(micro_cache_largest(size) == 32 * MB);
	fs_rm_in("/tmp", strrchr(dir, '/') + 1);
	T_CHECK(micro_cache_reported_in(dir, size) == 0);
	T_CHECK(size[0] == 0 && size[1] == 0 && size[2] == 0);
	T_CHECK(micro_cache_parse("512") == 512 && micro_cache_parse("2M") == 2 * MB);
	T_CHECK(micro_cache_parse("junk") == 0);
}

/* test_choose: reported sizes win and are marked; a level not reported takes
 * the curve's guess only above the level below; nothing reported: the curve. */
static void test_choose(void)
{
	size_t all[MICRO_LEVELS] = { 48 * KB, 1 * MB, 32 * MB }, two[MICRO_LEVELS] = { 48 * KB, 1 * MB, 0 };
	size_t none[MICRO_LEVELS] = { 0 }, curve[MICRO_LEVELS] = { 48 * KB, 512 * KB, 8 * MB };
	size_t low[MICRO_LEVELS] = { 32 * KB, 256 * KB, 768 * KB }, got[MICRO_LEVELS];

	T_CHECK(micro_cache_choose(all, curve, got) == 7);
	T_CHECK(got[0] == 48 * KB && got[1] == 1 * MB && got[2] == 32 * MB);
	T_CHECK(micro_cache_choose(two, curve, got) == 3);
	T_CHECK(got[2] == 8 * MB);
	T_CHECK(micro_cache_choose(two, low, got) == 3);
	T_CHECK(got[2] == 0);  /* 768K is below the reported L2 */
	T_CHECK(micro_cache_choose(none, curve, got) == 0);
	T_CHECK(got[0] == 48 * KB && got[1] == 512 * KB && got[2] == 8 * MB);
}

/* test_mb: bandwidths are in lmbench 3's megabytes (10^6 bytes); older
 * runs' 2^20-byte megabytes convert by MICRO_MB_OLD. */
static void test_mb(void)
{
	T_NEAR(micro_mb_per_s(1e6, 1e9), 1.0, 1e-12);
	T_NEAR(micro_mb_per_s(1048576.0, 1e6), 1048.576, 1e-9);
	T_NEAR(MICRO_MB_OLD, 1.048576, 1e-12);
}

int main(void)
{
	test_stride_ring();
	test_curve_sizes();
	test_frd_fwr();
	test_reported();
	test_choose();
	test_mb();
	return t_done();
}
