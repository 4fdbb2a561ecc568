/* bench_mem.c: measured CPU clock, memory load latencies in ns (lmbench 3's forward 128-byte stride walk; contest's random chase) and the cache sizes. */
#include "lib/text.h"
#include "micro/bench_mem.h"
#include "micro/harness.h"
#include "micro/suite.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Dependent adds per operation of the clock loop. */
#define MEM_ADDS 512
/* Dependent loads per operation of the chase loop. */
#define MEM_LOADS 64
/* One link of the chain per cache line. */
#define MEM_LINE 64
/* Alignment asked of the chase buffer so huge pages can back it. */
#define MEM_HUGE ((size_t)2 << 20)
/* The curves: sizes MEM_MIN x 2^k and x 1.5 x 2^k, up to 4 x the largest
 * cache the system reports (at least MEM_MAX_LEAST; MEM_MAX_NONE when it
 * reports none), at most MEM_MAX_MOST. */
#define MEM_MIN ((size_t)8 << 10)
#define MEM_MAX_LEAST ((size_t)64 << 20)
#define MEM_MAX_NONE ((size_t)256 << 20)
#define MEM_MAX_MOST ((size_t)1 << 30)
#define MEM_POINTS 48
/* lmbench's lat_mem_rd stride of the summary's figures (bytes). */
#define MEM_STRIDE 128
/* Samples per curve point (the curves have many points; 5 keep the median). */
#define MEM_CURVE_SAMPLES 5
/* The summary's L1 $ and L2 $: lmbench 3's getsummary takes the stride
 * walk's points at these working sets (fixed sizes, not detected caches),
 * each the fastest of MEM_LM_SAMPLES samples as lat_mem_rd reports it. */
#define MEM_LM_L1 ((size_t)1 << 10)
#define MEM_LM_L2 ((size_t)128 << 10)
#define MEM_LM_SAMPLES 11
/* Loads per pass of the summary's walk, lat_mem_rd's 100. The count
 * matters: at 128 KiB (1,024 lines) 64 loads a pass give each load
 * instruction the same 16 lines every time, which a prefetcher can learn
 * (docs/measurements.md: stride walk). */
#define MEM_LM_LOADS 100
/* Plateaus: the curve is cut into at most MEM_SEGS pieces of at least
 * MEM_WIDTH points, each piece's median MEM_LEVEL above the one before. */
#define MEM_SEGS 6
#define MEM_WIDTH 3
#define MEM_LEVEL 2.0

/* State of the clock loop: two registers of a dependent chain. */
struct mem_adds {
	uint64_t x, y;
};

/* State of the chase loop: where the chase stands. */
struct mem_chase {
	void **cur;
};

/* mem_adds_loop: n times, MEM_ADDS additions each depending on the one
 * before (x += y); the empty asm makes x opaque between additions so the
 * compiler can neither fold nor reorder them: one add per cycle on any
 * current core, so ns per add gives the clock. */
static int mem_adds_loop(void *state, uint64_t n)
{
	struct mem_adds *a = state;
	uint64_t x = a->x, y = a->y;

#define MEM_ADD1 x += y; __asm__ __volatile__("" : "+r"(x));
#define MEM_ADD8 MEM_ADD1 MEM_ADD1 MEM_ADD1 MEM_ADD1 MEM_ADD1 MEM_ADD1 MEM_ADD1 MEM_ADD1
#define MEM_ADD64 MEM_ADD8 MEM_ADD8 MEM_ADD8 MEM_ADD8 MEM_ADD8 MEM_ADD8 MEM_ADD8 MEM_ADD8
	for (uint64_t i = 0; i < n; i++) {
		MEM_ADD64 MEM_ADD64 MEM_ADD64 MEM_ADD64 MEM_ADD64 MEM_ADD64 MEM_ADD64 MEM_ADD64
	}
	a->x = x;
	return 0;
}

/* mem_chase_loop: n times, MEM_LOADS loads each taking its address from the one before. */
static int mem_chase_loop(void *state, uint64_t n)
{
	struct mem_chase *c = state;
	void **p = c->cur;

#define MEM_LD1 p = (void **)*p;
#define MEM_LD8 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1
	for (uint64_t i = 0; i < n; i++) {
		MEM_LD8 MEM_LD8 MEM_LD8 MEM_LD8 MEM_LD8 MEM_LD8 MEM_LD8 MEM_LD8
	}
	c->cur = p;
	return 0;
}

/* mem_walk_loop: n times, MEM_LM_LOADS dependent loads (lat_mem_rd's pass). */
static int mem_walk_loop(void *state, uint64_t n)
{
	struct mem_chase *c = state;
	void **p = c->cur;

#define MEM_LD10 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1 MEM_LD1
	for (uint64_t i = 0; i < n; i++) {
		MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10 MEM_LD10
	}
	c->cur = p;
	return 0;
}

/* mem_rand: splitmix64 step; a fixed seed gives the same chains every run. */
static uint64_t mem_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* mem_build_chain: link the lines of buf[0..size) into one random cycle
 * (Sattolo's shuffle of the line numbers in idx, which holds size /
 * MEM_LINE entries); returns the first link. */
static void **mem_build_chain(unsigned char *buf, size_t size, uint32_t *idx)
{
	size_t lines = size / MEM_LINE;
	uint64_t seed = 0x636f6e74657374ull ^ size;

	for (size_t i = 0; i < lines; i++)
		idx[i] = (uint32_t)i;
	for (size_t i = lines - 1; i > 0; i--) {
		size_t j = (size_t)(mem_rand(&seed) % i);
		uint32_t t = idx[i];
		idx[i] = idx[j];
		idx[j] = t;
	}
	/* idx is now a single cycle: line i links to line idx[i] */
	for (size_t i = 0; i < lines; i++)
		*(void **)(buf + i * MEM_LINE) = buf + (size_t)idx[i] * MEM_LINE;
	return (void **)buf;
}

size_t micro_mem_curve_max(const size_t reported[MICRO_LEVELS])
{
	size_t largest = micro_cache_largest(reported), max;

	if (!largest)
		return MEM_MAX_NONE;
	max = largest > MEM_MAX_MOST / 4 ? MEM_MAX_MOST : 4 * largest;
	return max < MEM_MAX_LEAST ? MEM_MAX_LEAST : max;
}

size_t micro_largest(const struct micro_opts *o)
{
	size_t reported[MICRO_LEVELS];

	if (o->largest)
		return o->largest;
	micro_cache_reported(reported);
	return micro_mem_curve_max(reported);
}

void **micro_mem_stride_ring(unsigned char *buf, size_t size, size_t stride)
{
	size_t n = size / stride;

	/* element i points to element i + 1, the last to the first */
	for (size_t i = 0; i < n; i++)
		*(void **)(buf + i * stride) = buf + (i + 1 < n ? i + 1 : 0) * stride;
	return (void **)buf;
}

int micro_mem_sizes(size_t max, size_t *sizes)
{
	int k = 0;

	for (size_t s = MEM_MIN; s <= max && k < MEM_POINTS; s *= 2) {
		sizes[k++] = s;
		if (s + s / 2 <= max && k < MEM_POINTS)
			sizes[k++] = s + s / 2;
	}
	return k;
}

/* mem_map_chase: a max-byte buffer aligned to MEM_HUGE. With huge, advised
 * to use transparent huge pages (MADV_HUGEPAGE) so that beyond the reach of
 * the 4 KiB TLB a load does not also pay a page walk: contest's random
 * chase is meant to be the memory's latency (without it a large working
 * set's figure grows by the page walks: docs/measurements.md: random
 * chase). Without huge, no advice: the pages
 * lmbench's malloc gets under the system's THP setting. Where THP is off
 * the advice is ignored. *base and *len receive what to munmap. NULL on
 * failure. */
static unsigned char *mem_map_chase(size_t max, int huge, void **base, size_t *len)
{
	size_t total = max + MEM_HUGE;
	unsigned char *p = mmap(NULL, total, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	*base = p;
	*len = total;
	p += (MEM_HUGE - (uintptr_t)p % MEM_HUGE) % MEM_HUGE;
#ifdef MADV_HUGEPAGE
	if (huge)
		madvise(p, max, MADV_HUGEPAGE);  /* a hint: fine if refused */
#endif
	return p;
}

/* mem_median_of: median of t[from..to). */
static double mem_median_of(const double *t, int from, int to)
{
	double v[MEM_POINTS];
	int n = 0;

	for (int i = from; i < to; i++)
		v[n++] = t[i];
	return micro_median(v, n);
}

/* The plateaus found on the curve. */
struct mem_levels {
	int n;                     /* plateaus (1 + jumps) */
	int from[MEM_SEGS];        /* plateau i is the points [from[i], to[i]) */
	int to[MEM_SEGS];
	double lat[MEM_SEGS];      /* median latency of plateau i (ns) */
	size_t cache[MEM_SEGS];    /* size guessed for the cache jump i leaves */
};

/* mem_fit: the least-squares cut of log t[0..k) into m constant pieces of
 * at least MEM_WIDTH points each; stores the pieces' starts in from[0..m)
 * (from[0] = 0). Returns 0, or -1 when k is too short for m pieces. */
static int mem_fit(const double *t, int k, int m, int *from)
{
	double s1[MEM_POINTS + 1], s2[MEM_POINTS + 1];
	double best[MEM_SEGS + 1][MEM_POINTS + 1];
	int back[MEM_SEGS + 1][MEM_POINTS + 1];

	if (m < 1 || m > MEM_SEGS || k > MEM_POINTS || k < m * MEM_WIDTH)
		return -1;
	s1[0] = s2[0] = 0;
	for (int i = 0; i < k; i++) {
		double l = log(t[i]);
		s1[i + 1] = s1[i] + l;
		s2[i + 1] = s2[i] + l * l;
	}
#define MEM_SSE(a, b) (s2[b] - s2[a] - (s1[b] - s1[a]) * (s1[b] - s1[a]) / ((b) - (a)))
	for (int i = 0; i <= k; i++)
		best[1][i] = i >= MEM_WIDTH ? MEM_SSE(0, i) : HUGE_VAL;
	for (int g = 2; g <= m; g++) {
		for (int i = 0; i <= k; i++) {
			best[g][i] = HUGE_VAL;
			back[g][i] = 0;
			for (int j = (g - 1) * MEM_WIDTH; j + MEM_WIDTH <= i; j++) {
				double c = best[g - 1][j] + MEM_SSE(j, i);
				if (c < best[g][i]) {
					best[g][i] = c;
					back[g][i] = j;
				}
			}
		}
	}
#undef MEM_SSE
	for (int g = m, i = k; g >= 1; g--) {
		from[g - 1] = g > 1 ? back[g][i] : 0;
		i = from[g - 1];
	}
	return 0;
}

/* mem_find_levels: cut the curve t[] (ns at sizes[0..k)) into plateaus:
 * the most pieces (at most MEM_SEGS) of the least-squares piecewise
 * constant fit of log latency whose medians each rise MEM_LEVEL over the
 * one before (so noise and slow drift are not levels). The cache between
 * plateaus i and i + 1 is the largest size whose latency is still under
 * the mean of their two levels, i.e. where most loads still hit. */
static void mem_find_levels(const double *t, const size_t *sizes, int k, struct mem_levels *lv)
{
	struct mem_levels try;

	memset(lv, 0, sizeof(*lv));
	lv->n = 1;
	lv->to[0] = k;
	lv->lat[0] = mem_median_of(t, 0, k);
	for (int m = 2; m <= MEM_SEGS; m++) {
		int ok = 1;

		memset(&try, 0, sizeof(try));
		if (mem_fit(t, k, m, try.from) != 0)
			break;
		try.n = m;
		for (int j = 0; j < m; j++) {
			try.to[j] = j + 1 < m ? try.from[j + 1] : k;
			try.lat[j] = mem_median_of(t, try.from[j], try.to[j]);
			if (j > 0 && try.lat[j] < try.lat[j - 1] * MEM_LEVEL)
				ok = 0;
		}
		if (ok)
			*lv = try;
	}
	for (int j = 0; j + 1 < lv->n; j++) {
		double mid = (lv->lat[j] + lv->lat[j + 1]) / 2;

		lv->cache[j] = sizes[lv->to[j] - 1];
		for (int i = lv->from[j]; i < lv->to[j + 1]; i++)
			if (t[i] <= mid)
				lv->cache[j] = sizes[i];
	}
}

/* mem_mhz: the clock rate in MHz from the fastest sample of dependent adds. */
static void mem_mhz(const struct micro_opts *o, struct micro_set *set)
{
	struct mem_adds adds = { .x = 1, .y = 3 };
	struct micro_value v;

	/* the fastest sample: a preempted or slowed sample only adds time */
	if (micro_time_ns(o, mem_adds_loop, &adds, &v) == 0 && v.min > 0)
		micro_put_value(set, MID_MHZ, 1000.0 / (v.min / MEM_ADDS), v.spread);
	else if (v.ok)
		micro_put_na(set, MID_MHZ, "too fast to time");
	else
		micro_put(set, MID_MHZ, &v);
}

/* mem_plateau: the median latency of the points t[0..k) (at sizes[])
 * above lo bytes and at most hi / 2 (well inside a cache of hi bytes) into
 * *lat, with the median spread of those points into *sp; 0, or -1 when no
 * point lies there. */
static int mem_plateau(const double *t, const double *sp, const size_t *sizes, int k, size_t lo,
		       size_t hi, double *lat, double *spr)
{
	double v[MEM_POINTS], w[MEM_POINTS];
	int n = 0;

	for (int i = 0; i < k; i++)
		if (sizes[i] > lo && sizes[i] <= hi / 2 && t[i] > 0) {
			v[n] = t[i];
			w[n++] = sp[i];
		}
	if (n == 0)
		return -1;
	*lat = micro_median(v, n);
	*spr = micro_median(w, n);
	return 0;
}

/* The two ways a curve is walked. */
enum mem_walk { MEM_RANDOM, MEM_STRIDED };

/* mem_curve: the curve of walk over the k working sets sizes[] (member
 * curve_<bytes> for MEM_RANDOM, stride_<bytes> for MEM_STRIDED), their ns
 * per load in t[] (0 when failed) and spreads in sp[]; how many points were
 * measured. When the buffer cannot be allocated, every point is not
 * available with the reason, also left in reason. */
static int mem_curve(const struct micro_opts *o, struct micro_set *set, enum mem_walk walk,
		     const size_t *sizes, int k, double *t, double *sp, char *reason, size_t rlen)
{
	enum micro_id family = walk == MEM_RANDOM ? MID_CURVE : MID_STRIDE;
	struct micro_opts co = *o;
	struct micro_value v;
	void *base = NULL;
	size_t len = 0;
	unsigned char *buf = mem_map_chase(sizes[k - 1], walk == MEM_RANDOM, &base, &len);
	uint32_t *idx = walk == MEM_RANDOM ? malloc(sizes[k - 1] / MEM_LINE * sizeof(*idx)) : NULL;
	int got = 0, ok = buf && (idx || walk != MEM_RANDOM);

	if (co.samples > MEM_CURVE_SAMPLES)
		co.samples = MEM_CURVE_SAMPLES;
	if (!ok)
		text_fmt(reason, rlen, "cannot allocate %zu MiB: %s", sizes[k - 1] >> 20, strerror(errno));
	for (int i = 0; i < k; i++) {
		t[i] = 0;
		if (!ok) {
			struct micro_value na = { .ok = 0 };
			text_copy(na.reason, reason, sizeof(na.reason));
			micro_put_member(set, family, sizes[i], &na);
			continue;
		}
		size_t step = walk == MEM_RANDOM ? MEM_LINE : MEM_STRIDE;
		struct mem_chase c = { .cur = walk == MEM_RANDOM ? mem_build_chain(buf, sizes[i], idx)
		                                                 : micro_mem_stride_ring(buf, sizes[i], MEM_STRIDE) };
		/* warm up: one lap of the chain, at most 64 Ki loads */
		mem_chase_loop(&c, (sizes[i] / step < 65536 ? sizes[i] / step : 65536) / MEM_LOADS + 1);
		if (micro_time_ns(&co, mem_chase_loop, &c, &v) != 0 || v.value <= 0) {
			if (v.ok)
				text_copy(v.reason, "too fast to time", sizeof(v.reason));
			v.ok = 0;
			micro_put_member(set, family, sizes[i], &v);
			continue;
		}
		struct micro_value pt = { .value = v.value / MEM_LOADS, .spread = v.spread, .ok = 1 };
		t[i] = pt.value;
		sp[i] = pt.spread;
		micro_put_member(set, family, sizes[i], &pt);
		got++;
	}
	if (buf)
		munmap(base, len);
	free(idx);
	return got;
}

/* mem_put_plateau: metric id, the plateau of curve t[] inside the cache of
 * hi bytes above lo (mem_plateau); not available with a reason when the
 * cache is unknown or no point lies inside it. */
static void mem_put_plateau(struct micro_set *set, enum micro_id id, const double *t, const double *sp,
			    const size_t *sizes, int k, size_t lo, size_t hi)
{
	double lat, spr;

	if (!hi)
		micro_put_na(set, id, "cache size unknown");
	else if (mem_plateau(t, sp, sizes, k, lo, hi, &lat, &spr) != 0)
		micro_put_na(set, id, "no curve point inside the cache");
	else
		micro_put_value(set, id, lat, spr);
}

/* mem_lmbench_points: the summary's L1 $, L2 $ and Main mem as lmbench 3
 * takes them: the 128-byte stride walk (plain pages) at 1 KiB, 128 KiB and
 * max bytes (the run's largest size, micro_largest), 100 loads a pass
 * (mem_walk_loop, lat_mem_rd's count), each the fastest of
 * MEM_LM_SAMPLES samples (lat_mem_rd's minimum of 11); the spread is of
 * those samples. */
static void mem_lmbench_points(const struct micro_opts *o, struct micro_set *set, size_t max)
{
	static const enum micro_id ids[] = { MID_LAT_1K, MID_LAT_128K, MID_LAT_LARGEST };
	const size_t at[] = { MEM_LM_L1, MEM_LM_L2, max };
	struct micro_opts co = *o;
	void *base = NULL;
	size_t len = 0;
	unsigned char *buf = mem_map_chase(max, 0, &base, &len);

	co.samples = MEM_LM_SAMPLES;
	for (int i = 0; i < 3; i++) {
		struct micro_value v;
		if (!buf) {
			char why[96];
			text_fmt(why, sizeof(why), "cannot allocate %zu MiB: %s", max >> 20, strerror(errno));
			micro_put_na(set, ids[i], why);
			continue;
		}
		struct mem_chase c = { .cur = micro_mem_stride_ring(buf, at[i], MEM_STRIDE) };
		mem_walk_loop(&c, (at[i] / MEM_STRIDE < 65536 ? at[i] / MEM_STRIDE : 65536) / MEM_LM_LOADS + 1);
		if (micro_time_ns(&co, mem_walk_loop, &c, &v) != 0) {
			micro_put(set, ids[i], &v);
			continue;
		}
		if (v.min <= 0) {
			micro_put_na(set, ids[i], "too fast to time");
			continue;
		}
		micro_put_value(set, ids[i], v.min / MEM_LM_LOADS, v.spread);
	}
	if (buf)
		munmap(base, len);
}

/* mem_all_na: every summary metric of the group not available with reason. */
static void mem_all_na(struct micro_set *set, const char *reason)
{
	static const enum micro_id ids[] = {
		MID_LAT_1K, MID_LAT_128K, MID_LAT_LARGEST, MID_CACHE_L1, MID_CACHE_L2, MID_CACHE_L3,
		MID_RAND_L1, MID_RAND_L2, MID_RAND_L3, MID_RAND_MAIN, MID_GUESS_L1, MID_GUESS_L2,
		MID_GUESS_L3,
	};

	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
		micro_put_na(set, ids[i], reason);
}

/* mem_caches: the random curve's own cache guesses (guess_l1..l3), the
 * sizes the summary shows (cache_l1..l3: the reported ones, else the
 * curve's; cache_src says which) into chosen[]. */
static void mem_caches(struct micro_set *set, const double *t, const size_t *sizes, int k,
		       const size_t reported[MICRO_LEVELS], size_t chosen[MICRO_LEVELS])
{
	static const enum micro_id guess[] = { MID_GUESS_L1, MID_GUESS_L2, MID_GUESS_L3 };
	static const enum micro_id cache[] = { MID_CACHE_L1, MID_CACHE_L2, MID_CACHE_L3 };
	size_t curve[MICRO_LEVELS] = { 0 };
	struct mem_levels lv;
	unsigned src;

	mem_find_levels(t, sizes, k, &lv);
	for (int j = 0; j < MICRO_LEVELS; j++) {
		if (lv.n >= j + 2) {
			curve[j] = lv.cache[j];
			micro_put_value(set, guess[j], (double)lv.cache[j], 0);
		} else {
			micro_put_na(set, guess[j], "no jump in the curve");
		}
	}
	src = micro_cache_choose(reported, curve, chosen);
	for (int j = 0; j < MICRO_LEVELS; j++) {
		if (chosen[j])
			micro_put_value(set, cache[j], (double)chosen[j], 0);
		else
			micro_put_na(set, cache[j], "not reported and no jump in the curve");
	}
	micro_put_value(set, MID_CACHE_SRC, (double)src, 0);
}

/* micro_group_mem: see suite.h. Metrics: mhz (MHz); stride_<bytes>, lmbench's
 * forward 128-byte stride walk, and curve_<bytes>, contest's random chase,
 * for each working set (ns per dependent load); lat_1k, lat_128k,
 * lat_largest (mem_lmbench_points); cache_l1..l3 and
 * cache_src (mem_caches); rand_l1..l3, rand_main (the random curve's); the
 * spread of a plateau is the median spread of its points. */
void micro_group_mem(const struct micro_opts *o, struct micro_set *set)
{
	size_t sizes[MEM_POINTS], reported[MICRO_LEVELS], c[MICRO_LEVELS], largest = micro_largest(o);
	double t[MEM_POINTS], sp[MEM_POINTS], st[MEM_POINTS], ssp[MEM_POINTS];
	char reason[128] = "";
	int k, got;

	micro_cache_reported(reported);
	k = micro_mem_sizes(largest, sizes);
	mem_mhz(o, set);
	got = mem_curve(o, set, MEM_RANDOM, sizes, k, t, sp, reason, sizeof(reason));
	if (got == k)
		got = mem_curve(o, set, MEM_STRIDED, sizes, k, st, ssp, reason, sizeof(reason));
	if (got < k) {
		if (!reason[0])
			text_fmt(reason, sizeof(reason), "%d of %d curve points failed", k - got, k);
		mem_all_na(set, reason);
		return;
	}
	mem_caches(set, t, sizes, k, reported, c);
	mem_lmbench_points(o, set, largest);   /* the run's size, on the curves' grid or not (--mb 100) */
	mem_put_plateau(set, MID_RAND_L1, t, sp, sizes, k, 0, c[0]);
	mem_put_plateau(set, MID_RAND_L2, t, sp, sizes, k, c[0], c[1]);
	mem_put_plateau(set, MID_RAND_L3, t, sp, sizes, k, c[1], c[2]);
	micro_put_value(set, MID_RAND_MAIN, t[k - 1], sp[k - 1]);
}
