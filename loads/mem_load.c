/* mem_load.c: repeatedly touches one word per page of 110% of MEM in a cache- and TLB-hostile order. */
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
	MODE_ANON = 0,  /* swap is active: anonymous memory */
	MODE_FILE = 1,  /* no swap: shared mapping of testbed/mem_load.map */
	BATCH = 64,     /* pages touched before adding them to the counter */
};

static const char map_name[] = "mem_load.map";

/* map_bytes: 110% of MEM rounded up to whole pages (at least one page). */
static uint64_t map_bytes(const struct load_env *env, uint64_t page)
{
	uint64_t b = env->mem + env->mem / 10;
	b = (b + page - 1) / page * page;
	return b ? b : page;
}

/* mem_prepare: choose the mode; without swap create the map file at its full
 * size, written with zeros. */
static int mem_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf, size_t errlen)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t bytes = map_bytes(env, page);
	int dfd, fd, rc;

	prep->path[0] = '\0';
	if (load_swap_active()) {
		prep->mode = MODE_ANON;
		text_copy(prep->detail, "anonymous memory (swap active)", sizeof prep->detail);
		return 0;
	}
	prep->mode = MODE_FILE;
	text_copy(prep->detail, "file-backed shared mapping (no swap)", sizeof prep->detail);
	if (fs_path(prep->path, sizeof prep->path, "%s/%s", env->testbed, map_name) != 0) {
		text_fmt(errbuf, errlen, "mem_load: testbed path too long");
		prep->path[0] = '\0';
		return -1;
	}
	if ((dfd = load_fresh("mem_load", env->testbed, map_name, bytes, errbuf, errlen)) < 0)
		return -1;
	fd = fs_create_at(dfd, map_name, O_RDWR, 0600);
	close(dfd);
	if (fd < 0) {
		text_fmt(errbuf, errlen, "mem_load: creating %s: %s", prep->path, strerror(errno));
		return -1;
	}
	/* written data, not fallocate's unwritten extents: the first write
	 * fault on an unwritten page converts its extent (on ext4 splitting it
	 * page by page, several times slower than faults on written blocks:
	 * docs/measurements.md: mem_load's file), and clean pages the kernel
	 * drops come back by reading the disk, as swapped-out pages do */
	rc = fs_write_zeros(fd, bytes);
	if (close(fd) != 0 && rc == 0)
		rc = errno;
	if (rc != 0) {
		text_fmt(errbuf, errlen, "mem_load: writing %s (%llu bytes): %s", prep->path,
		         (unsigned long long)bytes, strerror(rc));
		return -1;
	}
	return 0;
}

/* is_prime: trial division (n is at most a few hundred million). */
static int is_prime(uint64_t n)
{
	if (n < 2)
		return 0;
	for (uint64_t d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

/* far_stride: a prime near 5/8 of npages that does not divide it, so that
 * idx = (idx + stride) mod npages visits every page once per pass with
 * consecutive touches far apart; 1 for tiny areas. */
static uint64_t far_stride(uint64_t npages)
{
	uint64_t s;

	if (npages < 4)
		return 1;
	for (s = npages * 5 / 8; s < npages; s++)
		if (is_prime(s) && npages % s != 0)
			return s;
	return 1;
}

/* mem_body: map the area (anonymous, or the shared file) and touch it forever. */
static void mem_body(const struct load_env *env, const struct load_prep *prep, struct load_counter *c)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t bytes = map_bytes(env, page);
	uint64_t npages = bytes / page, stride = far_stride(npages), idx = 0;
	uint64_t lines = page / 64;
	unsigned done = 0;
	char *area;
	int fd;

	/* the kernel must pick this load, never the compile, if memory runs out */
	fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, "1000", 4) != 4) {
			/* ignored: best effort */
		}
		close(fd);
	}
	if (prep->mode == MODE_FILE) {
		struct stat st;
		char why[512];
		int dfd = fs_dir_open(env->testbed, why, sizeof why);

		if (dfd < 0)
			load_fail(c, "%s", why);
		fd = openat(dfd, map_name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			load_fail(c, "opening %s: %s", prep->path, strerror(errno));
		/* what prepare made, not a link to a file elsewhere put in its place */
		if (!fs_own_file(dfd, fd) || fstat(fd, &st) != 0 || (uint64_t)st.st_size != bytes)
			load_fail(c, "%s is not contest's file of %llu bytes", prep->path,
			          (unsigned long long)bytes);
		close(dfd);
		area = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		close(fd);
	} else {
		area = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (area != MAP_FAILED)
			madvise(area, bytes, MADV_NOHUGEPAGE);  /* one page per touch; ignore failure */
	}
	if (area == MAP_FAILED)
		load_fail(c, "mapping %llu bytes: %s", (unsigned long long)bytes, strerror(errno));
	for (;;) {
		/* one word per page, in a cache line that moves from page to page */
		volatile uint64_t *w = (volatile uint64_t *)(area + idx * page + (idx % lines) * 64);
		*w += 1;
		idx += stride;
		if (idx >= npages)
			idx -= npages;
		if (++done == BATCH) {
			load_add(c, BATCH);
			done = 0;
		}
	}
}

/* mem_cleanup: remove the map file (it may not exist). */
static void mem_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	load_cleanup("mem_load", env->testbed, map_name);
}

const struct load_desc load_mem_load = {
	.name = "mem_load",
	.what = "repeatedly writes one word per page of 110% of MEM, pages visited with a large prime stride "
	        "(anonymous memory with swap, else a shared mapping of a testbed file)",
	.unit = "10,000 pages referenced",
	.per_unit = 10000,
	.work = "pages referenced",
	.needs = "without swap, disk space: 110% of MEM in the testbed",
	.flags = LOAD_F_MAPFILE,
	.cost = 1.25,
	.prep_s = 2.75,
	.disk_pct = 110,
	.files = { map_name },
	.prepare = mem_prepare,
	.body = mem_body,
	.cleanup = mem_cleanup,
};
