/* bench_fs.c: the file and VM system microbenchmarks: file create and delete, mmap, protection fault, page fault. */
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/micro.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define FS_MB (1024u * 1024u)

enum {
	FS_PILOT = 200,                 /* files whose deletion is timed to size the pool */
	FS_POOL_MAX = 60000,            /* at most this many files in the pool ... */
	FS_TRIES = 3,                   /* delete measurements tried before giving up */
};
#define FS_POOL_BYTES (256ull * FS_MB) /* ... and at most this much data */
#define FS_FILL_SEC 5.0                /* at most this long filling the pool (quick: half) */
#define FS_MAP_BYTES (8u * FS_MB)      /* the region mmap_lat maps */

/* A directory of files named by a running counter: the files
 * gone..made-1 exist; creating appends, deleting takes the oldest. */
struct fs_pool {
	int dfd;
	size_t fsize;          /* bytes written into each file at create */
	const char *data;      /* fsize bytes */
	uint64_t made, gone;
	int exhausted;         /* a delete loop wanted more files than existed */
};

/* fs_name: the name of file k, "f" and hex digits, into buf (>= 18 bytes). */
static void fs_name(char *buf, uint64_t k)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = "0123456789abcdef"[k & 15];
		k >>= 4;
	} while (k);
	*buf++ = 'f';
	while (n)
		*buf++ = tmp[--n];
	*buf = '\0';
}

/* fs_create_loop: create n new files (O_CREAT|O_EXCL, fsize bytes written, closed). */
static int fs_create_loop(void *state, uint64_t n)
{
	struct fs_pool *p = state;
	char name[24];

	for (uint64_t i = 0; i < n; i++) {
		fs_name(name, p->made);
		int fd = openat(p->dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd < 0)
			return micro_fail_errno("create");
		p->made++;
		if (p->fsize && write(fd, p->data, p->fsize) != (ssize_t)p->fsize) {
			int e = errno;
			close(fd);
			errno = e ? e : ENOSPC;
			return micro_fail_errno("write");
		}
		if (close(fd) != 0)
			return micro_fail_errno("close");
	}
	return 0;
}

/* fs_delete_loop: unlink the n oldest files; fails (exhausted) when fewer exist. */
static int fs_delete_loop(void *state, uint64_t n)
{
	struct fs_pool *p = state;
	char name[24];

	if (p->made - p->gone < n) {
		p->exhausted = 1;
		return micro_fail("file pool exhausted (creating files too slow)");
	}
	for (uint64_t i = 0; i < n; i++) {
		fs_name(name, p->gone);
		if (unlinkat(p->dfd, name, 0) != 0)
			return micro_fail_errno("unlink");
		p->gone++;
	}
	return 0;
}

/* fs_fill: create files, untimed, until at least want exist or the
 * clock passes deadline (mono_now seconds); 0 or -1 when a create failed. */
static int fs_fill(struct fs_pool *p, uint64_t want, double deadline)
{
	while (p->made - p->gone < want) {
		uint64_t k = want - (p->made - p->gone);
		if (fs_create_loop(p, k < 64 ? k : 64) != 0)
			return -1;
		if (mono_now() > deadline)
			break;
	}
	return 0;
}

/* FS_CALLS: harness calls of min_sec beyond the samples: calibration
 * (its confirming call and the ramp up to it) takes about three. */
#define FS_CALLS 3.5

/* fs_need: files the harness deletes under o, with margin, when one
 * deletion takes per seconds: the samples and calibration, 25% more. */
static uint64_t fs_need(const struct micro_opts *o, double per)
{
	return (uint64_t)((o->samples + FS_CALLS) * 1.25 * o->min_sec / per) + 256;
}

/* fs_fit: shrink o (a copy of base) to what have files allow: shorter
 * samples first, down to a fifth of base's, then fewer samples. */
static void fs_fit(struct micro_opts *o, const struct micro_opts *base, uint64_t have, double per)
{
	*o = *base;
	if (have >= fs_need(o, per))
		return;
	o->min_sec = have > 256 ? (double)(have - 256) * per / ((o->samples + FS_CALLS) * 1.25) : 0;
	if (o->min_sec < base->min_sec / 5)
		o->min_sec = base->min_sec / 5;
	while (o->samples > 1 && have < fs_need(o, per))
		o->samples--;
}

/* fs_delete_measure: fs_delete_* on the pool. Times a pilot batch of
 * deletions to estimate how many files the harness will delete, fills
 * the pool to that (untimed, at most cap files and FS_FILL_SEC seconds;
 * shorter or fewer samples when the pool falls short, see fs_fit), and
 * measures; when the pool runs out anyway it doubles the pool and
 * measures again. */
static void fs_delete_measure(const struct micro_opts *o, struct fs_pool *p, uint64_t cap,
			      struct micro_value *v)
{
	uint64_t pilot = o->quick ? FS_PILOT / 4 : FS_PILOT, want;
	double deadline = mono_now() + (o->quick ? FS_FILL_SEC / 2 : FS_FILL_SEC), t, per;
	struct micro_opts o2;

	memset(v, 0, sizeof(*v));
	if (fs_fill(p, pilot, deadline) != 0 || p->made - p->gone < pilot ||
	    (t = mono_now(), fs_delete_loop(p, pilot) != 0)) {
		text_copy(v->reason, p->made - p->gone < pilot ? "creating the files to delete too slow"
				 : "cannot create the files to delete", sizeof(v->reason));
		return;
	}
	per = (mono_now() - t) / (double)pilot;
	if (per < 1e-7)
		per = 1e-7;
	want = fs_need(o, per);
	for (int i = 0; i < FS_TRIES; i++, want *= 2) {
		if (want > cap)
			want = cap;
		p->exhausted = 0;
		if (fs_fill(p, want, deadline) != 0) {
			text_copy(v->reason, "cannot create the files to delete", sizeof(v->reason));
			return;
		}
		fs_fit(&o2, o, p->made - p->gone, per);
		if (micro_time_ns(&o2, fs_delete_loop, p, v) == 0 || !p->exhausted)
			return;
		if (want == cap || mono_now() > deadline)
			return;
		per /= 2;
	}
}

/* fs_create_delete: metrics create and delete (fs_create_<tag> and
 * fs_delete_<tag>) with files of fsize bytes, in the fresh subdirectory
 * fs_<tag> of o->dir, removed after. */
static void fs_create_delete(const struct micro_opts *o, struct micro_set *set, const char *tag,
			     enum micro_id create, enum micro_id delete, size_t fsize,
			     const char *data)
{
	struct fs_pool p = { .dfd = -1, .fsize = fsize, .data = data };
	char sub[32], why[128];
	struct micro_value v;
	uint64_t cap = FS_POOL_BYTES / (fsize ? fsize : 1);

	if (cap > FS_POOL_MAX)
		cap = FS_POOL_MAX;
	text_fmt(sub, sizeof(sub), "fs_%s", tag);
	int dirfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dirfd < 0 || (p.dfd = fs_mkdir_at(dirfd, sub, 0755)) < 0) {
		text_fmt(why, sizeof(why), "directory %s: %s", sub, strerror(errno));
		micro_put_na(set, create, why);
		micro_put_na(set, delete, why);
	} else {
		micro_time_ns(o, fs_create_loop, &p, &v);
		micro_put_time(set, create, &v);
		fs_delete_measure(o, &p, cap, &v);
		micro_put_time(set, delete, &v);
	}
	if (p.dfd >= 0)
		close(p.dfd);
	if (dirfd >= 0) {
		fs_rm_at(dirfd, sub);
		close(dirfd);
	}
}

/* A mapped file: the descriptor, its size, the current mapping of it
 * (page_fault) and the next page of that mapping to touch. */
struct fs_map {
	int fd;
	size_t size, page, pos;
	size_t maplen;          /* what mmap_lat maps */
	volatile char *map;     /* NULL: none */
	unsigned sum;
};

/* mmap_loop: n times: map the first maplen bytes of the cached file,
 * read one byte every 16 KiB of it (so the mapping is really set up), unmap. */
static int mmap_loop(void *state, uint64_t n)
{
	struct fs_map *m = state;
	unsigned sum = 0;

	for (uint64_t i = 0; i < n; i++) {
		volatile char *p = mmap(NULL, m->maplen, PROT_READ, MAP_SHARED, m->fd, 0);
		if (p == MAP_FAILED)
			return micro_fail_errno("mmap");
		for (size_t at = 0; at < m->maplen; at += 16384)
			sum += (unsigned char)p[at];
		if (munmap((void *)p, m->maplen) != 0)
			return micro_fail_errno("munmap");
	}
	m->sum += sum;
	return 0;
}

/* remap_loop: n mmap + munmap of the whole file as fs_remap maps it,
 * untouched: the cost page_fault subtracts. */
static int remap_loop(void *state, uint64_t n)
{
	struct fs_map *m = state;

	for (uint64_t i = 0; i < n; i++) {
		void *p = mmap(NULL, m->size, PROT_READ, MAP_PRIVATE, m->fd, 0);
		if (p == MAP_FAILED)
			return micro_fail_errno("mmap");
#ifdef MADV_NOHUGEPAGE
		madvise(p, m->size, MADV_NOHUGEPAGE);
#endif
		if (munmap(p, m->size) != 0)
			return micro_fail_errno("munmap");
	}
	return 0;
}

/* fs_remap: replace the current mapping (if any) by a fresh private
 * read-only mapping of the whole file without huge pages; 0 or -1. */
static int fs_remap(struct fs_map *m)
{
	void *p;

	if (m->map)
		munmap((void *)m->map, m->size);
	m->map = NULL;
	p = mmap(NULL, m->size, PROT_READ, MAP_PRIVATE, m->fd, 0);
	if (p == MAP_FAILED)
		return micro_fail_errno("mmap");
	m->map = p;
	m->pos = 0;
#ifdef MADV_NOHUGEPAGE
	madvise(p, m->size, MADV_NOHUGEPAGE);
#endif
	return 0;
}

/* page_fault_loop: read one byte of each of n pages, in order, from
 * fresh mappings; a new mapping (the old one unmapped) when one is used up. */
static int page_fault_loop(void *state, uint64_t n)
{
	struct fs_map *m = state;
	unsigned sum = 0;

	for (uint64_t i = 0; i < n; i++) {
		if (!m->map || m->pos >= m->size)
			if (fs_remap(m) != 0)
				return -1;
		sum += (unsigned char)m->map[m->pos];
		m->pos += m->page;
	}
	m->sum += sum;
	return 0;
}

static sigjmp_buf fs_jmp;

/* fs_on_segv: leave the faulting write by jumping back into prot_one. */
static void fs_on_segv(int sig)
{
	(void)sig;
	siglongjmp(fs_jmp, 1);
}

/* prot_one: write to the read-only page p and come back through SIGSEGV;
 * 0, or -1 when the write did not fault. */
static __attribute__((noinline)) int prot_one(volatile char *p)
{
	if (sigsetjmp(fs_jmp, 0) == 0) {
		*p = 1;
		return -1;
	}
	return 0;
}

/* prot_loop: n protection faults on the read-only page *state. */
static int prot_loop(void *state, uint64_t n)
{
	volatile char *p = state;

	for (uint64_t i = 0; i < n; i++)
		if (prot_one(p) != 0)
			return micro_fail("write to a read-only page did not fault");
	return 0;
}

/* fs_prot_fault: prot_fault on an anonymous read-only page; SIGSEGV's
 * disposition and the page are restored/unmapped afterwards. */
static void fs_prot_fault(const struct micro_opts *o, struct micro_set *set)
{
	struct sigaction sa, old;
	struct micro_value v;
	sigset_t segv, oldmask;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		micro_put_na(set, MID_PROT_FAULT, "mmap of a page failed");
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fs_on_segv;
	sa.sa_flags = SA_NODEFER;      /* siglongjmp leaves without restoring the mask */
	sigemptyset(&sa.sa_mask);
	sigemptyset(&segv);
	sigaddset(&segv, SIGSEGV);
	if (sigaction(SIGSEGV, &sa, &old) != 0) {
		micro_put_na(set, MID_PROT_FAULT, "sigaction SIGSEGV failed");
	} else {
		sigprocmask(SIG_UNBLOCK, &segv, &oldmask);
		micro_time_ns(o, prot_loop, p, &v);
		sigprocmask(SIG_SETMASK, &oldmask, NULL);
		sigaction(SIGSEGV, &old, NULL);
		micro_put_time(set, MID_PROT_FAULT, &v);
	}
	munmap(p, page);
}

/* fs_make_file: create path (O_EXCL) with size bytes written 4 KiB at a
 * time (small page-cache folios), flushed and cached; fd or -1. */
static int fs_make_file(const char *path, size_t size)
{
	char buf[4096];
	int fd = fs_create_at(AT_FDCWD, path, O_RDWR, 0644);

	if (fd < 0)
		return -1;
	for (size_t off = 0; off < size; off += sizeof(buf)) {
		memset(buf, (int)(off >> 12) | 1, sizeof(buf));
		if (pwrite(fd, buf, sizeof(buf), (off_t)off) != (ssize_t)sizeof(buf)) {
			close(fd);
			unlink(path);
			return -1;
		}
	}
	fsync(fd);
	posix_fadvise(fd, 0, (off_t)size, POSIX_FADV_WILLNEED);
	return fd;
}

/* fs_vm: mmap_lat and page_fault on a file of 16 MiB (8 MiB quick) in
 * o->dir, removed after. */
static void fs_vm(const struct micro_opts *o, struct micro_set *set)
{
	struct fs_map m = { .fd = -1 };
	struct micro_value v;
	char path[4096], why[128];

	m.page = (size_t)sysconf(_SC_PAGESIZE);
	m.size = o->quick ? 8 * FS_MB : 16 * FS_MB;
	m.maplen = FS_MAP_BYTES;
	if (fs_path(path, sizeof(path), "%s/fs_map_file", o->dir) != 0 ||
	    (m.fd = fs_make_file(path, m.size)) < 0) {
		text_fmt(why, sizeof(why), "create fs_map_file: %s", strerror(errno));
		micro_put_na(set, MID_MMAP_LAT, why);
		micro_put_na(set, MID_PAGE_FAULT, why);
		return;
	}
	micro_time_ns(o, mmap_loop, &m, &v);
	micro_put_time(set, MID_MMAP_LAT, &v);
	/* per page touched, less its share of mapping and unmapping the file */
	struct micro_value remap;
	if (micro_time_ns(o, page_fault_loop, &m, &v) == 0 &&
	    micro_time_ns(o, remap_loop, &m, &remap) == 0) {
		double share = remap.value / (double)(m.size / m.page);
		v.value = v.value > share ? v.value - share : 0;
	} else if (v.ok) {
		v = remap;
	}
	micro_put_time(set, MID_PAGE_FAULT, &v);
	if (m.map)
		munmap((void *)m.map, m.size);
	close(m.fd);
	unlink(path);
}

/* micro_group_fs: see micro.h. Adds fs_create_0k, fs_delete_0k,
 * fs_create_10k, fs_delete_10k, mmap_lat, prot_fault and page_fault, all
 * in microseconds (per file, per mapping, per fault, per page). */
void micro_group_fs(const struct micro_opts *o, struct micro_set *set)
{
	static char data[10240];

	memset(data, 'x', sizeof(data));
	fs_create_delete(o, set, "0k", MID_FS_CREATE_0K, MID_FS_DELETE_0K, 0, data);
	fs_create_delete(o, set, "10k", MID_FS_CREATE_10K, MID_FS_DELETE_10K, sizeof(data),
			 data);
	fs_vm(o, set);
	fs_prot_fault(o, set);
}
