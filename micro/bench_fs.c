/* bench_fs.c: the file and VM system microbenchmarks: file create and delete, mmap, protection fault, page fault. */
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/bench_bw.h"
#include "micro/bench_mem.h"
#include "micro/bench_proc.h"
#include "micro/harness.h"
#include "micro/suite.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/stat.h>
#include <unistd.h>

#define FS_MB (1024u * 1024u)
enum {
	FS_PER_DIR = 100,      /* files per directory, as lmbench's lat_fs (its -n) */
	FS_MIN_FILES = 100,    /* files per sample, at least ... */
	FS_MAX_FILES = 10000,  /* ... and at most, */
	FS_CANDIDATES = 8,     /* directories tried for each size's files (fs_pick) */
	FS_PROBE = 16,         /* files a candidate is tried with */
};
#define FS_BYTES_MAX (256.0 * FS_MB)   /* and at most this much data in a size's samples */
#define FS_READ_BYTES (8u * FS_MB)     /* the region contest's own mmap_read maps */
#define FS_MAP_STRIDE (16u << 10)      /* mmap_lat writes one byte every 16 KiB ... */
#define FS_MAP_PART 10                 /* ... of the first tenth of the mapping */

/* One sample's files: directories "S-0", "S-1", ... (S the sample's number)
 * of FS_PER_DIR files each, named "S-D/F" relative to the directory top. */
struct fs_tree {
	int top;               /* the size's directory */
	int sample;            /* S */
	size_t nfiles, fsize;  /* files, and bytes written into each */
	const char *data;      /* fsize bytes */
};

/* fs_name: the name of file k of t, "S-D/F", into buf (>= 64 bytes). */
static void fs_name(const struct fs_tree *t, char *buf, size_t len, size_t k)
{
	text_fmt(buf, len, "%d-%zu/%zu", t->sample, k / FS_PER_DIR, k % FS_PER_DIR);
}

/* fs_tree_dirs: make (untimed) the directories of t's files; 0 or -1. */
static int fs_tree_dirs(const struct fs_tree *t)
{
	char name[64];

	for (size_t d = 0; d * FS_PER_DIR < t->nfiles; d++) {
		text_fmt(name, sizeof name, "%d-%zu", t->sample, d);
		if (mkdirat(t->top, name, 0700) != 0)
			return micro_fail_errno("mkdir");
	}
	return 0;
}

/* fs_create_all: create t's files, the last first (creat, write fsize bytes,
 * close), as lmbench's lat_fs does; seconds per file, or -1. */
static double fs_create_all(const struct fs_tree *t)
{
	char name[64];
	double t0 = mono_now();

	for (size_t k = t->nfiles; k-- > 0;) {
		fs_name(t, name, sizeof name, k);
		int fd = openat(t->top, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd < 0)
			return micro_fail_errno("create");
		if (t->fsize && write(fd, t->data, t->fsize) != (ssize_t)t->fsize) {
			int e = errno;
			close(fd);
			errno = e ? e : ENOSPC;
			return micro_fail_errno("write");
		}
		if (close(fd) != 0)
			return micro_fail_errno("close");
	}
	return (mono_now() - t0) / (double)t->nfiles;
}

/* fs_delete_all: unlink t's files, the last first; seconds per file, or -1. */
static double fs_delete_all(const struct fs_tree *t)
{
	char name[64];
	double t0 = mono_now();

	for (size_t k = t->nfiles; k-- > 0;) {
		fs_name(t, name, sizeof name, k);
		if (unlinkat(t->top, name, 0) != 0)
			return micro_fail_errno("unlink");
	}
	return (mono_now() - t0) / (double)t->nfiles;
}

/* One file size's measurement: its directory, its files and the figures. */
struct fs_size {
	struct fs_tree t;
	int n;                   /* samples */
	double c[31], d[31];     /* per-file seconds of each sample */
	char why[128];           /* set when it failed */
};

/* fs_creates: under s->t.top, the pilot (sample 0, FS_MIN_FILES files,
 * untimed and kept: it warms the directory's block group and sizes the
 * samples to about min_sec) then the n samples' creates; 0, or -1 with the
 * reason in s->why. */
static int fs_creates(const struct micro_opts *o, struct fs_size *s)
{
	struct fs_tree *t = &s->t;
	double pilot;

	t->sample = 0;
	t->nfiles = FS_MIN_FILES;
	if (fs_tree_dirs(t) != 0 || (pilot = fs_create_all(t)) < 0)
		goto fail;
	double want = o->min_sec / (pilot > 1e-7 ? pilot : 1e-7);
	if (t->fsize && want > FS_BYTES_MAX / ((double)s->n * (double)t->fsize))
		want = FS_BYTES_MAX / ((double)s->n * (double)t->fsize);  /* every create before any delete */
	t->nfiles = want < FS_MIN_FILES ? FS_MIN_FILES : want > FS_MAX_FILES ? FS_MAX_FILES : (size_t)want;
	for (t->sample = 1; t->sample <= s->n; t->sample++)
		if (fs_tree_dirs(t) != 0 || (s->c[t->sample - 1] = fs_create_all(t)) < 0)
			goto fail;
	return 0;
fail:
	micro_why(s->why, sizeof s->why);
	return -1;
}

/* fs_deletes: the n samples' deletes of s; 0, or -1 with the reason in s->why. */
static int fs_deletes(struct fs_size *s)
{
	for (s->t.sample = 1; s->t.sample <= s->n; s->t.sample++)
		if ((s->d[s->t.sample - 1] = fs_delete_all(&s->t)) < 0) {
			micro_why(s->why, sizeof s->why);
			return -1;
		}
	return 0;
}

/* fs_put: the figures of s as metrics create and delete (us per file), or
 * both not available with its reason. */
static void fs_put(struct micro_set *set, struct fs_size *s, enum micro_id create,
		   enum micro_id delete)
{
	if (s->why[0]) {
		micro_put_na(set, create, s->why);
		micro_put_na(set, delete, s->why);
		return;
	}
	double mc = micro_median(s->c, s->n), md = micro_median(s->d, s->n);
	micro_put_value(set, create, mc * 1e6, micro_spread(s->c, s->n, mc));
	micro_put_value(set, delete, md * 1e6, micro_spread(s->d, s->n, md));
}

/* fs_nojournal: 1 when dir fd is on ext4 without a journal (no
 * /proc/fs/jbd2/DEV-* for its device). There ext4 does not reuse an inode
 * freed in the last 60 s (360 s while its inode table block is unwritten)
 * and every create scans past each such inode of its block group
 * (recently_deleted()): after an earlier run's deletes, creates cost many
 * times more (docs/measurements.md: File Create). */
static int fs_nojournal(int fd)
{
	struct statfs sf;
	struct stat st;
	char path[128], *text, *name;
	int none = 0;

	if (fstatfs(fd, &sf) != 0 || sf.f_type != 0xEF53 || fstat(fd, &st) != 0)
		return 0;
	text_fmt(path, sizeof path, "dev/block/%u:%u/uevent", major(st.st_dev), minor(st.st_dev));
	if ((text = text_read("/sys", path, 4096, NULL, NULL)) == NULL)
		return 0;
	if ((name = strstr(text, "DEVNAME=")) != NULL) {
		name += 8;
		name[strcspn(name, "\n")] = '\0';
		DIR *d = opendir("/proc/fs/jbd2");
		struct dirent *e;
		size_t n = strlen(name);
		none = d != NULL;
		while (d && (e = readdir(d)) != NULL)
			if (strncmp(e->d_name, name, n) == 0 && e->d_name[n] == '-')
				none = 0;
		if (d)
			closedir(d);
	}
	free(text);
	return none;
}

/* fs_probe: seconds per create of FS_PROBE files made and removed at once
 * in directory fd (names "p0".. ), or a large value when that failed. */
static double fs_probe(int fd)
{
	char name[16];
	double t0 = mono_now();

	for (int k = 0; k < FS_PROBE; k++) {
		text_fmt(name, sizeof name, "p%d", k);
		int f = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (f < 0)
			return 1e9;
		close(f);
	}
	double t = (mono_now() - t0) / FS_PROBE;
	for (int k = 0; k < FS_PROBE; k++) {
		text_fmt(name, sizeof name, "p%d", k);
		unlinkat(fd, name, 0);
	}
	return t;
}

/* fs_pick: a new directory for tag's files in fsfd, in the block group of
 * FS_CANDIDATES candidates ("TAG.0"...) where creating is cheapest: ext4
 * places each in a group of its own (fsfd has FS_TOPDIR_FL), and a group
 * whose inodes were freed in the last minutes makes every create scan past
 * them (fs_nojournal), so the cheapest is the one without. The others stay
 * (empty) until fsfd's tree is removed. Its descriptor, or -1. */
static int fs_pick(int fsfd, const char *tag)
{
	char name[32];
	double best = 0;
	int pick = -1;

	for (int c = 0; c < FS_CANDIDATES; c++) {
		text_fmt(name, sizeof name, "%s.%d", tag, c);
		int fd = fs_mkdir_at(fsfd, name, 0700);
		if (fd < 0)
			continue;
		double t = fs_probe(fd);
		if (pick < 0 || t < best) {
			if (pick >= 0)
				close(pick);
			pick = fd;
			best = t;
		} else {
			close(fd);
		}
	}
	return pick;
}

/* fs_files: the four create and delete metrics by lmbench's lat_fs method
 * (fresh files, FS_PER_DIR per directory, created then deleted, the last
 * first) in a directory fs_pick chose for each size under "fs" of o->dir,
 * removed after; every create of both sizes before any delete (a create
 * after deletes of the same group would scan past the freed inodes);
 * fs_nojournal too. */
static void fs_files(const struct micro_opts *o, struct micro_set *set)
{
	static char data[10240];
	static struct fs_size sz[2];
	static const char *const tag[2] = { "0k", "10k" };
	int dirfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int fsfd = dirfd >= 0 ? fs_mkdir_at(dirfd, "fs", 0700) : -1, flags = 0;

	memset(data, 'x', sizeof(data));
	if (fsfd >= 0 && ioctl(fsfd, FS_IOC_GETFLAGS, &flags) == 0) {
		flags |= FS_TOPDIR_FL;  /* spread its subdirectories over block groups */
		(void)ioctl(fsfd, FS_IOC_SETFLAGS, &flags);
	}
	for (int i = 0; i < 2; i++) {
		memset(&sz[i], 0, sizeof sz[i]);
		sz[i].t = (struct fs_tree){ .top = -1, .fsize = i ? sizeof data : 0, .data = data };
		sz[i].n = o->samples < 1 ? 1 : o->samples > 31 ? 31 : o->samples;
		if (fsfd < 0 || (sz[i].t.top = fs_pick(fsfd, tag[i])) < 0)
			text_fmt(sz[i].why, sizeof sz[i].why, "directory %s: %s", tag[i], strerror(errno));
		else
			fs_creates(o, &sz[i]);
	}
	for (int i = 0; i < 2; i++)
		if (!sz[i].why[0])
			fs_deletes(&sz[i]);
	micro_put_value(set, MID_FS_NOJOURNAL, fsfd >= 0 ? fs_nojournal(fsfd) : 0, 0);
	fs_put(set, &sz[0], MID_FS_CREATE_0K, MID_FS_DELETE_0K);
	fs_put(set, &sz[1], MID_FS_CREATE_10K, MID_FS_DELETE_10K);
	for (int i = 0; i < 2; i++)
		if (sz[i].t.top >= 0)
			close(sz[i].t.top);
	if (fsfd >= 0)
		close(fsfd);
	if (dirfd >= 0) {
		fs_rm_at(dirfd, "fs");
		close(dirfd);
	}
}

/* A mapped file: the descriptor, its size, the current mapping of it
 * (page_fault) and the order its pages are touched in. */
struct fs_map {
	int fd;
	size_t size, page;
	size_t maplen;          /* what mmap_lat maps: the whole file */
	volatile char *map;     /* NULL: none */
	size_t *order;          /* the byte offset of each page, shuffled */
	unsigned sum;
};

/* mmap_loop: n times, lmbench's lat_mmap: map the first maplen bytes of the
 * cached file shared and writable, write one byte every FS_MAP_STRIDE of its
 * first tenth, unmap. */
static int mmap_loop(void *state, uint64_t n)
{
	struct fs_map *m = state;

	for (uint64_t i = 0; i < n; i++) {
		volatile char *p = mmap(NULL, m->maplen, PROT_READ | PROT_WRITE, MAP_SHARED, m->fd, 0);
		if (p == MAP_FAILED)
			return micro_fail_errno("mmap");
		for (size_t at = 0; at < m->maplen / FS_MAP_PART; at += FS_MAP_STRIDE)
			p[at] = 1;
		if (munmap((void *)p, m->maplen) != 0)
			return micro_fail_errno("munmap");
	}
	return 0;
}

/* mmap_read_loop: n times, contest's own: map the first FS_READ_BYTES of the
 * cached file read-only, read one byte every 16 KiB of all of it, unmap. */
static int mmap_read_loop(void *state, uint64_t n)
{
	struct fs_map *m = state;
	size_t len = m->size < FS_READ_BYTES ? m->size : FS_READ_BYTES;
	unsigned sum = 0;

	for (uint64_t i = 0; i < n; i++) {
		volatile char *p = mmap(NULL, len, PROT_READ, MAP_SHARED, m->fd, 0);
		if (p == MAP_FAILED)
			return micro_fail_errno("mmap");
		for (size_t at = 0; at < len; at += FS_MAP_STRIDE)
			sum += (unsigned char)p[at];
		if (munmap((void *)p, len) != 0)
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
		void *p = mmap(NULL, m->size, PROT_READ, MAP_SHARED, m->fd, 0);
		if (p == MAP_FAILED)
			return micro_fail_errno("mmap");
		msync(p, m->size, MS_INVALIDATE);
		if (munmap(p, m->size) != 0)
			return micro_fail_errno("munmap");
	}
	return 0;
}

/* fs_remap: replace the current mapping (if any) by a fresh shared
 * read-only mapping of the whole file, its cached translations dropped
 * (msync MS_INVALIDATE), as lmbench 3's lat_pagefault maps it; 0 or -1. */
static int fs_remap(struct fs_map *m)
{
	void *p;

	if (m->map)
		munmap((void *)m->map, m->size);
	m->map = NULL;
	p = mmap(NULL, m->size, PROT_READ, MAP_SHARED, m->fd, 0);
	if (p == MAP_FAILED)
		return micro_fail_errno("mmap");
	msync(p, m->size, MS_INVALIDATE);
	m->map = p;
	return 0;
}

/* page_fault_loop: n whole passes, as lmbench 3's lat_pagefault makes
 * them: a fresh mapping (the one before unmapped), then one byte of every
 * page read in m->order (shuffled, as lmbench takes them). A pass is the
 * unit because its cost is not even: the kernel's fault-around maps the
 * cached neighbours of each faulting page, so the first quarter of a pass
 * faults on nearly every page and the rest on few (docs/measurements.md:
 * page fault); a sample of part of a pass reads whatever part it got. */
static int page_fault_loop(void *state, uint64_t n)
{
	struct fs_map *m = state;
	size_t pages = m->size / m->page;
	unsigned sum = 0;

	for (uint64_t i = 0; i < n; i++) {
		if (fs_remap(m) != 0)
			return -1;
		for (size_t k = 0; k < pages; k++)
			sum += (unsigned char)m->map[m->order[k]];
	}
	m->sum += sum;
	return 0;
}

/* The protection-fault loop's state, shared with its SIGSEGV handler. */
static volatile char *fs_prot_page;
static volatile uint64_t fs_prot_caught, fs_prot_want;
static sigjmp_buf fs_prot_out;

/* fs_on_segv: one protection fault caught; returning re-runs the faulting
 * write, which faults again (lmbench's lat_sig prot), until the wanted
 * number is reached: then it jumps out of the loop, so the write never
 * completes (no write fault into the file system). */
static void fs_on_segv(int sig)
{
	(void)sig;
	if (++fs_prot_caught >= fs_prot_want)
		siglongjmp(fs_prot_out, 1);
}

/* prot_loop: n protection faults (each a signal caught and returned from)
 * on the read-only shared file page: one write faulting n times. */
static int prot_loop(void *state, uint64_t n)
{
	(void)state;
	if (n == 0)
		return 0;
	fs_prot_caught = 0;
	fs_prot_want = n;
	if (sigsetjmp(fs_prot_out, 1) == 0)
		*fs_prot_page = 1;
	if (fs_prot_caught != n)
		return micro_fail("%llu of %llu protection faults caught",
				  (unsigned long long)fs_prot_caught, (unsigned long long)n);
	return 0;
}

/* fs_prot_fault: prot_fault by lmbench's method: the time of a write to a
 * read-only MAP_SHARED page of the file fd caught by a SIGSEGV handler, less
 * the cost of catching a signal (micro_sig_catch), measured just before as
 * lat_sig prot measures it. SIGSEGV's disposition and the page are
 * restored/unmapped afterwards. */
static void fs_prot_fault(const struct micro_opts *o, struct micro_set *set, int fd)
{
	struct sigaction sa, old;
	struct micro_value v, catch;
	sigset_t segv, oldmask;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *p;

	if (micro_sig_catch(o, &catch) != 0) {
		char why[sizeof(catch.reason) + 40];
		text_fmt(why, sizeof(why), "the catch it subtracts: %s", catch.reason);
		micro_put_na(set, MID_PROT_FAULT, why);
		return;
	}
	if ((p = mmap(NULL, page, PROT_READ, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		micro_put_na(set, MID_PROT_FAULT, "mmap of a page failed");
		return;
	}
	fs_prot_page = p;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fs_on_segv;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&segv);
	sigaddset(&segv, SIGSEGV);
	if (sigaction(SIGSEGV, &sa, &old) != 0) {
		micro_put_na(set, MID_PROT_FAULT, "sigaction SIGSEGV failed");
	} else {
		sigprocmask(SIG_UNBLOCK, &segv, &oldmask);
		micro_time_ns(o, prot_loop, NULL, &v);
		sigprocmask(SIG_SETMASK, &oldmask, NULL);
		sigaction(SIGSEGV, &old, NULL);
		if (v.ok)
			v.value = v.value > catch.value ? v.value - catch.value : 0;
		micro_put_time(set, MID_PROT_FAULT, &v);
	}
	munmap(p, page);
}

/* fs_make_file: create path (O_EXCL) with size bytes written
 * MICRO_FILE_BLOCK at a time (as lmdd writes lmbench's file: the same
 * page-cache folios), flushed and cached; fd or -1. */
static int fs_make_file(const char *path, size_t size)
{
	char buf[MICRO_FILE_BLOCK];
	int fd = fs_create_at(AT_FDCWD, path, O_RDWR, 0644);

	if (fd < 0)
		return -1;
	for (size_t off = 0; off < size; off += sizeof(buf)) {
		size_t n = size - off < sizeof(buf) ? size - off : sizeof(buf);
		memset(buf, (int)(off >> 13) | 1, n);
		if (pwrite(fd, buf, n, (off_t)off) != (ssize_t)n) {
			close(fd);
			unlink(path);
			return -1;
		}
	}
	fsync(fd);
	posix_fadvise(fd, 0, (off_t)size, POSIX_FADV_WILLNEED);
	return fd;
}

/* fs_shuffle: m->order, every page's offset once, shuffled (Fisher-Yates,
 * a fixed seed: the same order every run); 0 or -1. */
static int fs_shuffle(struct fs_map *m)
{
	size_t n = m->size / m->page;
	uint64_t x = 0x70616765ull;

	m->order = malloc(n * sizeof *m->order);
	if (!m->order)
		return -1;
	for (size_t i = 0; i < n; i++)
		m->order[i] = i * m->page;
	for (size_t i = n - 1; i > 0; i--) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;  /* xorshift64 */
		size_t j = (size_t)(x % (i + 1)), t = m->order[i];
		m->order[i] = m->order[j];
		m->order[j] = t;
	}
	return 0;
}

/* fs_vm: mmap_lat, mmap_read, prot_fault and page_fault on a file of the
 * run's largest size (micro_largest; 16 MiB quick) in o->dir, removed after. */
static void fs_vm(const struct micro_opts *o, struct micro_set *set)
{
	struct fs_map m = { .fd = -1 };
	struct micro_value v;
	char path[4096], why[128];

	m.page = (size_t)sysconf(_SC_PAGESIZE);
	m.size = o->quick ? 16 * FS_MB : micro_largest(o) / m.page * m.page;
	m.maplen = m.size;
	if (fs_shuffle(&m) != 0 || fs_path(path, sizeof(path), "%s/fs_map_file", o->dir) != 0 ||
	    (m.fd = fs_make_file(path, m.size)) < 0) {
		text_fmt(why, sizeof(why), "create fs_map_file: %s", strerror(errno));
		micro_put_na(set, MID_MMAP_LAT, why);
		micro_put_na(set, MID_MMAP_READ, why);
		micro_put_na(set, MID_PROT_FAULT, why);
		micro_put_na(set, MID_PAGE_FAULT, why);
		free(m.order);
		return;
	}
	micro_time_ns(o, mmap_loop, &m, &v);
	micro_put_time(set, MID_MMAP_LAT, &v);
	micro_time_ns(o, mmap_read_loop, &m, &v);
	micro_put_time(set, MID_MMAP_READ, &v);
	fs_prot_fault(o, set, m.fd);
	/* a pass less a mapping and unmapping of the file untouched, per page */
	struct micro_value remap;
	if (micro_time_ns(o, page_fault_loop, &m, &v) == 0 &&
	    micro_time_ns(o, remap_loop, &m, &remap) == 0) {
		double pages = (double)(m.size / m.page);
		v.value = v.value > remap.value ? (v.value - remap.value) / pages : 0;
		v.min = v.min > remap.value ? (v.min - remap.value) / pages : 0;
	} else if (v.ok) {
		v = remap;
	}
	micro_put_time(set, MID_PAGE_FAULT, &v);
	if (m.map)
		munmap((void *)m.map, m.size);
	free(m.order);
	close(m.fd);
	unlink(path);
}

/* micro_group_fs: see suite.h. Adds fs_create_0k, fs_delete_0k,
 * fs_create_10k, fs_delete_10k, mmap_lat, mmap_read, prot_fault and
 * page_fault, all in microseconds (per file, per mapping, per fault, per
 * page). */
void micro_group_fs(const struct micro_opts *o, struct micro_set *set)
{
	fs_files(o, set);
	fs_vm(o, set);
}
