/* bench_bw.c: bandwidth microbenchmarks (cached file read and mmap, memcpy, hand copy, memory read and write) in MB/s. */
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/bench_bw.h"
#include "micro/bench_mem.h"
#include "micro/harness.h"
#include "micro/suite.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* One operation moves one chunk; successive operations walk the whole
 * buffer (or file) round and round, so every call sees memory outside the
 * caches whatever n the harness asks for. */
#define BW_CHUNK ((size_t)1 << 20)
/* read() transfer size of bw_file_reread. */
#define BW_IOSIZE ((size_t)64 << 10)
#define BW_MIB ((size_t)1 << 20)

/* Keeps sums alive: the compiler must compute what is stored here. */
static volatile uint64_t bw_sink;

/* The state every bandwidth loop shares. */
struct bw_state {
	unsigned char *src, *dst;  /* big anonymous buffers, size bytes each */
	size_t size;               /* a multiple of BW_CHUNK */
	size_t span;               /* the bytes the cursor goes round: size, or
	                            * bw_half for the copies */
	size_t pos;                /* offset of the next chunk */
	int fd;                    /* the cached file (size bytes), or -1 */
	const unsigned char *map;  /* its mapping, or NULL */
	unsigned char *iobuf;      /* BW_IOSIZE bytes for read() */
};

/* bw_buffer_size: bytes of each buffer and of the file: the run's largest
 * size (micro_largest, as lmbench's bw_mem and bw_file_rd take its MB) in
 * full mode, max(2 x LLC, 32 MiB) in quick mode (32 MiB when the LLC is
 * unknown), at most 512 MiB, a multiple of BW_CHUNK. */
static size_t bw_buffer_size(const struct micro_opts *o)
{
	size_t caches[MICRO_LEVELS], llc, size;

	micro_cache_reported(caches);
	llc = micro_cache_largest(caches);
	if (!o->quick)
		size = micro_largest(o);
	else
		size = llc && 2 * llc > 32 * BW_MIB ? 2 * llc : 32 * BW_MIB;
	if (size > 512 * BW_MIB)
		size = 512 * BW_MIB;
	return (size + BW_CHUNK - 1) / BW_CHUNK * BW_CHUNK;
}

/* bw_next: the offset of the next chunk, advancing the cursor round the buffer. */
static size_t bw_next(struct bw_state *s)
{
	size_t at = s->pos;

	s->pos = at + BW_CHUNK >= s->span ? 0 : at + BW_CHUNK;
	return at;
}

/* bw_half: the copies' span: half the size (lmbench's script runs bw_mem
 * bcopy and fcp at half its MB, each buffer MB/2), whole chunks: the span
 * the chunks go round moves memcpy's rate (docs/measurements.md: Bcopy). */
static size_t bw_half(size_t size)
{
	size_t h = size / 2 / BW_CHUNK * BW_CHUNK;

	return h ? h : BW_CHUNK;
}

/* BW_SUM128: p[0] + p[1] + ... + p[127] as one flat expression added left
 * to right, as lmbench 3 sums a block in bw_mem's frd and in bread (which
 * bw_file_rd and bw_mmap_rd call): with gcc -O2, as with lmbench's -O, one
 * dependent chain of 127 adds from memory, which limits the rate (other
 * shapes of the sum read faster or slower: docs/measurements.md: Mem
 * read). gcc -O3 and clang -O2 vectorise it: keep the Makefile's -O2. */
#define BW_S8(p, i) p[i] + p[i + 1] + p[i + 2] + p[i + 3] + p[i + 4] + p[i + 5] + p[i + 6] + p[i + 7] +
#define BW_SUM128(p) \
	BW_S8(p, 0) BW_S8(p, 8) BW_S8(p, 16) BW_S8(p, 24) BW_S8(p, 32) BW_S8(p, 40) BW_S8(p, 48) \
	BW_S8(p, 56) BW_S8(p, 64) BW_S8(p, 72) BW_S8(p, 80) BW_S8(p, 88) BW_S8(p, 96) BW_S8(p, 104) \
	BW_S8(p, 112) BW_S8(p, 120) 0

/* micro_bread: see bench_bw.h. BW_SUM128 a block; not inlined, so its loads
 * stay plain loads of memory the caller may have had others write. */
__attribute__((noinline)) uint64_t micro_bread(const uint64_t *w, size_t nw)
{
	uint64_t sum = 0;

	for (size_t i = 0; i + 128 <= nw; i += 128) {
		const uint64_t *p = w + i;
		sum += BW_SUM128(p);
	}
	return sum;
}

/* micro_bw_frd: see bench_bw.h. lmbench's frd: the sum of every 4-byte word,
 * BW_SUM128 a block of 128. */
uint32_t micro_bw_frd(const uint32_t *w, size_t nw)
{
	uint32_t sum = 0;

	for (size_t i = 0; i + 128 <= nw; i += 128) {
		const uint32_t *p = w + i;
		sum += BW_SUM128(p);
	}
	return sum;
}

/* BW_ST16: 1 into p[i + 15] down to p[i], one 4-byte store each. */
#define BW_ST4(p, i) p[i + 3] = 1; p[i + 2] = 1; p[i + 1] = 1; p[i] = 1;
#define BW_ST16(p, i) BW_ST4(p, i + 12) BW_ST4(p, i + 8) BW_ST4(p, i + 4) BW_ST4(p, i)

/* micro_bw_fwr: see bench_bw.h. lmbench's fwr as its binary runs it: a block
 * of 128 stores of the constant 1 with no loop among them, each 512-byte
 * block from its last word down to its first (lmbench's chained
 * p[0] = ... = p[127] = 1 stores right to left); volatile, so neither
 * merged nor vectorised. Both shapes matter: fewer stores a loop step,
 * or ascending stores, read otherwise than lmbench's fwr
 * (docs/measurements.md: Mem write). */
void micro_bw_fwr(volatile uint32_t *w, size_t nw)
{
	for (size_t b = 0; b + 128 <= nw; b += 128) {
		volatile uint32_t *p = w + b;

		BW_ST16(p, 112) BW_ST16(p, 96) BW_ST16(p, 80) BW_ST16(p, 64)
		BW_ST16(p, 48) BW_ST16(p, 32) BW_ST16(p, 16) BW_ST16(p, 0)
	}
}

/* bw_copy_hand: lmbench's fcp: copy nw 4-byte words (a multiple of 4), a
 * 4-byte load and a 4-byte store per word. Volatile accesses keep the
 * compiler from turning the loop into a call to memcpy or vectorising it:
 * it stays a plain word copy. */
static void bw_copy_hand(volatile uint32_t *d, const volatile uint32_t *s, size_t nw)
{
	for (size_t i = 0; i + 4 <= nw; i += 4) {
		uint32_t w0 = s[i], w1 = s[i + 1], w2 = s[i + 2], w3 = s[i + 3];

		d[i] = w0; d[i + 1] = w1; d[i + 2] = w2; d[i + 3] = w3;
	}
}

/* bw_file_loop: n times, read() one chunk of the cached file at the cursor
 * into the 64 KiB buffer, BW_IOSIZE bytes per call, each block summed as
 * lmbench 3's bw_file_rd sums it (every 8-byte word, its bread). */
static int bw_file_loop(void *state, uint64_t n)
{
	struct bw_state *s = state;

	for (uint64_t i = 0; i < n; i++) {
		size_t at = bw_next(s);

		for (size_t off = 0; off < BW_CHUNK; off += BW_IOSIZE) {
			ssize_t r = pread(s->fd, s->iobuf, BW_IOSIZE, (off_t)(at + off));
			if (r < 0)
				return micro_fail_errno("read");
			if ((size_t)r != BW_IOSIZE)
				return micro_fail("read: short read (%zd bytes)", r);
			bw_sink += micro_bread((const uint64_t *)s->iobuf, BW_IOSIZE / 8);
		}
	}
	return 0;
}

/* bw_sum_chunks: n times, sum the words of the chunk of base at the cursor. */
static int bw_sum_chunks(struct bw_state *s, const unsigned char *base, uint64_t n)
{
	uint64_t sum = 0;

	for (uint64_t i = 0; i < n; i++)
		sum += micro_bread((const uint64_t *)(base + bw_next(s)), BW_CHUNK / 8);
	bw_sink = sum;
	return 0;
}

/* bw_mmap_loop: n times, sum the words of one chunk of the mapped file. */
static int bw_mmap_loop(void *state, uint64_t n)
{
	struct bw_state *s = state;

	return bw_sum_chunks(s, s->map, n);
}

/* bw_libc_loop: n times, memcpy one chunk from src to dst. */
static int bw_libc_loop(void *state, uint64_t n)
{
	struct bw_state *s = state;

	for (uint64_t i = 0; i < n; i++) {
		size_t at = bw_next(s);
		memcpy(s->dst + at, s->src + at, BW_CHUNK);
	}
	return 0;
}

/* bw_hand_loop: n times, copy one chunk from src to dst with bw_copy_hand. */
static int bw_hand_loop(void *state, uint64_t n)
{
	struct bw_state *s = state;

	for (uint64_t i = 0; i < n; i++) {
		size_t at = bw_next(s);
		bw_copy_hand((volatile uint32_t *)(s->dst + at), (const volatile uint32_t *)(s->src + at), BW_CHUNK / 4);
	}
	return 0;
}

/* bw_frd_loop: n times, lmbench's frd over one chunk of src. */
static int bw_frd_loop(void *state, uint64_t n)
{
	struct bw_state *s = state;
	uint32_t sum = 0;

	for (uint64_t i = 0; i < n; i++)
		sum += micro_bw_frd((const uint32_t *)(s->src + bw_next(s)), BW_CHUNK / 4);
	bw_sink = sum;
	return 0;
}

/* bw_fwr_loop: n times, lmbench's fwr over one chunk of dst. */
static int bw_fwr_loop(void *state, uint64_t n)
{
	struct bw_state *s = state;

	for (uint64_t i = 0; i < n; i++)
		micro_bw_fwr((volatile uint32_t *)(s->dst + bw_next(s)), BW_CHUNK / 4);
	return 0;
}

/* bw_measure: with the cursor going round span bytes, one untimed pass
 * (so the harness calibrates on the steady state, not on a cold first
 * chunk), then time loop and add metric id in MB/s (BW_CHUNK bytes per
 * operation); not available when the loop failed or ran too fast to time. */
static void bw_measure(const struct micro_opts *o, struct micro_set *set, enum micro_id id,
		       micro_loop_fn loop, struct bw_state *s, size_t span)
{
	struct micro_value v;

	s->pos = 0;
	s->span = span;
	(void)loop(s, s->span / BW_CHUNK);  /* a failure recurs in the harness, with its reason */
	if (micro_time_ns(o, loop, s, &v) != 0) {
		micro_put(set, id, &v);
		return;
	}
	if (v.value <= 0) {
		micro_put_na(set, id, "too fast to time");
		return;
	}
	micro_put_value(set, id, micro_mb_per_s((double)BW_CHUNK, v.value), v.spread);
}

/* bw_map_anon: size bytes of private anonymous memory, every page touched
 * (filled with a pattern) so no page fault lands in a timed loop; NULL on failure. */
static unsigned char *bw_map_anon(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	for (size_t i = 0; i < size; i += 4096)
		memset((unsigned char *)p + i, (int)(i >> 12) | 1, 4096);
	return p;
}

/* bw_make_file: create name in dir (O_EXCL) holding size bytes of src,
 * written MICRO_FILE_BLOCK at a time (lmbench's file's folios), read once
 * so it is all in the page cache; the descriptor, or -1 with reason set
 * (the file is removed then). */
static int bw_make_file(const char *dir, const char *name, const unsigned char *src, size_t size,
			unsigned char *iobuf, char *reason, size_t len)
{
	char path[PATH_MAX];
	int fd;

	if (fs_path(path, sizeof(path), "%s/%s", dir, name) != 0) {
		text_fmt(reason, len, "scratch path too long");
		return -1;
	}
	fd = fs_create_at(AT_FDCWD, path, O_RDWR, 0600);
	if (fd < 0) {
		text_fmt(reason, len, "create %s: %s", name, strerror(errno));
		return -1;
	}
	for (size_t off = 0; off < size;) {
		size_t n = size - off < MICRO_FILE_BLOCK ? size - off : MICRO_FILE_BLOCK;
		ssize_t w = write(fd, src + off, n);
		if (w <= 0) {
			text_fmt(reason, len, "write %s: %s", name, w < 0 ? strerror(errno) : "no progress");
			goto fail;
		}
		off += (size_t)w;
	}
	for (size_t off = 0; off < size; off += BW_IOSIZE) {
		ssize_t r = pread(fd, iobuf, BW_IOSIZE, (off_t)off);
		if (r != (ssize_t)BW_IOSIZE) {
			text_fmt(reason, len, "read %s: %s", name, r < 0 ? strerror(errno) : "short read");
			goto fail;
		}
	}
	return fd;
fail:
	close(fd);
	fs_rm_in(dir, name);
	return -1;
}

/* micro_group_bw: see suite.h. Metrics (MB/s, MB = 10^6 bytes as lmbench
 * 3's): bw_file_reread, bw_mmap_reread, bw_bcopy_libc, bw_bcopy_hand,
 * bw_mem_frd, bw_mem_fwr (lmbench's frd and fwr, the summary's Mem read
 * and write), and mb_decimal (1: this run's megabyte is 10^6 bytes). */
void micro_group_bw(const struct micro_opts *o, struct micro_set *set)
{
	static const char file_name[] = "bw_file";
	static const enum micro_id all[] = {
		MID_BW_FILE_REREAD, MID_BW_MMAP_REREAD, MID_BW_BCOPY_LIBC, MID_BW_BCOPY_HAND,
		MID_BW_MEM_FRD, MID_BW_MEM_FWR,
	};
	struct bw_state s = { .fd = -1 };
	char reason[128] = "";
	uint64_t sum = 0;

	micro_put_value(set, MID_MB_DECIMAL, 1, 0);

	s.size = bw_buffer_size(o);
	s.src = bw_map_anon(s.size);
	s.dst = s.src ? bw_map_anon(s.size) : NULL;
	s.iobuf = malloc(BW_IOSIZE);
	if (!s.src || !s.dst || !s.iobuf) {
		text_fmt(reason, sizeof(reason), "cannot allocate 2 x %zu MiB: %s",
			 s.size >> 20, strerror(errno));
		for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
			micro_put_na(set, all[i], reason);
		goto out;
	}

	s.fd = bw_make_file(o->dir, file_name, s.src, s.size, s.iobuf, reason, sizeof(reason));
	if (s.fd < 0) {
		micro_put_na(set, MID_BW_FILE_REREAD, reason);
		micro_put_na(set, MID_BW_MMAP_REREAD, reason);
	} else {
		bw_measure(o, set, MID_BW_FILE_REREAD, bw_file_loop, &s, s.size);
		void *m = mmap(NULL, s.size, PROT_READ, MAP_SHARED | MAP_POPULATE, s.fd, 0);
		if (m == MAP_FAILED) {
			text_fmt(reason, sizeof(reason), "mmap: %s", strerror(errno));
			micro_put_na(set, MID_BW_MMAP_REREAD, reason);
		} else {
			s.map = m;
			sum += micro_bread((const uint64_t *)s.map, s.size / 8);  /* fault in, untimed */
			bw_measure(o, set, MID_BW_MMAP_REREAD, bw_mmap_loop, &s, s.size);
			munmap(m, s.size);
			s.map = NULL;
		}
	}
	bw_sink = sum;

	bw_measure(o, set, MID_BW_BCOPY_LIBC, bw_libc_loop, &s, bw_half(s.size));
	bw_measure(o, set, MID_BW_BCOPY_HAND, bw_hand_loop, &s, bw_half(s.size));
	bw_measure(o, set, MID_BW_MEM_FRD, bw_frd_loop, &s, s.size);
	bw_measure(o, set, MID_BW_MEM_FWR, bw_fwr_loop, &s, s.size);

out:
	if (s.fd >= 0) {
		close(s.fd);
		fs_rm_in(o->dir, file_name);
	}
	if (s.src)
		munmap(s.src, s.size);
	if (s.dst)
		munmap(s.dst, s.size);
	free(s.iobuf);
}
