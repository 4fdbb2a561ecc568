/* read_load.c: repeatedly reads a MEM-sized file from start to end, from disk rather than the page cache. */
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/load.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (1u << 20)
#define READ_FILE "read_load.dat"
#define READ_TMP  "read_load.dat.tmp"   /* being written: renamed to READ_FILE when whole */

/* is_complete: 1 when the file open as fd (in directory dfd) is contest's
 * own regular file (fs_own_file) of size bytes. */
static int is_complete(int dfd, int fd, uint64_t size)
{
	struct stat st;

	return fs_own_file(dfd, fd) && fstat(fd, &st) == 0 && (uint64_t)st.st_size == size;
}

/* fill: fill buf (len a multiple of 8) with the next words of a xorshift64*
 * stream, so no file system can keep the file sparse or compress it. */
static void fill(unsigned char *buf, size_t len, uint64_t *state)
{
	for (size_t i = 0; i + 8 <= len; i += 8) {
		uint64_t x = *state;
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		*state = x;
		x *= 0x2545F4914F6CDD1DULL;
		memcpy(buf + i, &x, 8);
	}
}

/* create_file: create READ_TMP in directory dfd, O_EXCL and never through a
 * link, with size bytes of pseudo-random data, fdatasync it and rename it to
 * READ_FILE (path, for messages): a contest killed meanwhile leaves only
 * READ_TMP, which the next one sweeps. 0, or -1 with a reason in errbuf
 * (the partial file removed). */
static int create_file(int dfd, const char *path, uint64_t size, char *errbuf, size_t errlen)
{
	const char *name = READ_TMP;
	unsigned char *buf = malloc(READ_CHUNK);
	uint64_t state = 0x9E3779B97F4A7C15ULL, left = size;
	const char *what = "create";
	struct stat st;
	int fd = -1, e;

	if (buf == NULL) {
		what = "allocate a buffer for";
		goto fail;
	}
	fd = fs_create_at(dfd, name, O_WRONLY, 0644);
	if (fd < 0)
		goto fail;
	what = "write";
	while (left > 0) {
		size_t n = left < READ_CHUNK ? (size_t)left : READ_CHUNK;
		fill(buf, READ_CHUNK, &state);
		if (load_write_all(fd, buf, n) != 0)
			goto fail;
		left -= n;
	}
	what = "fdatasync";
	if (fdatasync(fd) != 0)
		goto fail;
	what = "close";
	if (fstat(fd, &st) != 0)
		goto fail;
	if (close(fd) != 0) {
		e = errno;
		fs_rm_same(dfd, name, &st);
		errno = e;
		fd = -1;
		goto fail;
	}
	fd = -1;
	what = "rename into place";
	if (renameat(dfd, name, dfd, READ_FILE) != 0) {
		e = errno;
		fs_rm_same(dfd, name, &st);
		errno = e;
		goto fail;
	}
	free(buf);
	return 0;
fail:
	text_fmt(errbuf, errlen, "read_load: cannot %s %s: %s", what, path, strerror(errno));
	if (fd >= 0) {
		if (fstat(fd, &st) == 0)
			fs_rm_same(dfd, name, &st);  /* ours, not what may have replaced it */
		close(fd);
	}
	free(buf);
	return -1;
}

/* read_load_prepare: reuse testbed/read_load.dat when it is contest's own
 * regular file of MEM bytes; else (re)create it, after checking for MEM of
 * free space. */
static int read_load_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                             size_t errlen)
{
	char path[PATH_MAX];
	int dfd, fd, ok, rc = -1;

	(void)prep;
	if (fs_path(path, sizeof path, "%s/%s", env->testbed, READ_FILE) != 0) {
		text_fmt(errbuf, errlen, "read_load: %s/%s: %s", env->testbed, READ_FILE,
		         strerror(errno));
		return -1;
	}
	if ((dfd = load_dir("read_load", env->testbed, errbuf, errlen)) < 0)
		return -1;
	fd = openat(dfd, READ_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0) {
		ok = is_complete(dfd, fd, env->mem);
		close(fd);
		if (ok) {
			close(dfd);
			return 0;
		}
	}
	if (load_clear("read_load", dfd, env->testbed, READ_FILE, errbuf, errlen) == 0 &&
	    load_clear("read_load", dfd, env->testbed, READ_TMP, errbuf, errlen) == 0 &&
	    load_need_space("read_load", env->testbed, env->mem, errbuf, errlen) == 0)
		rc = create_file(dfd, path, env->mem, errbuf, errlen);
	close(dfd);
	return rc;
}

/* read_load_body: forever: drop the file from the page cache, then read it
 * from start to end with 1 MiB reads, counting the bytes read. */
static void read_load_body(const struct load_env *env, const struct load_prep *prep,
                           struct load_counter *c)
{
	char *buf = malloc(READ_CHUNK);
	char path[PATH_MAX], why[512];
	int dfd, fd;

	(void)prep;
	if (fs_path(path, sizeof path, "%s/%s", env->testbed, READ_FILE) != 0)
		load_fail(c, "%s/%s: %s", env->testbed, READ_FILE, strerror(errno));
	if (buf == NULL)
		load_fail(c, "cannot allocate the read buffer: %s", strerror(errno));
	if ((dfd = fs_dir_open(env->testbed, why, sizeof why)) < 0)
		load_fail(c, "%s", why);
	fd = openat(dfd, READ_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		load_fail(c, "cannot open %s: %s", path, strerror(errno));
	if (!is_complete(dfd, fd, env->mem))
		load_fail(c, "%s is not contest's regular file of MEM bytes", path);
	close(dfd);
	for (;;) {
		uint64_t off = 0;

		errno = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		if (errno != 0)
			load_fail(c, "cannot drop %s from the cache: %s", path, strerror(errno));
		while (off < env->mem) {
			ssize_t n = pread(fd, buf, READ_CHUNK, (off_t)off);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				load_fail(c, "cannot read %s: %s", path, strerror(errno));
			if (n == 0)
				load_fail(c, "%s ended early, at byte %llu", path,
				          (unsigned long long)off);
			load_add(c, (uint64_t)n);
			off += (uint64_t)n;
		}
	}
}

/* read_load_cleanup: keep testbed/read_load.dat for later runs (documented
 * reusable file) unless it is not of MEM bytes; remove a partial
 * read_load.dat.tmp (an interrupted prepare). */
static void read_load_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	char why[512];
	int dfd, fd, ok = 0;

	(void)prep;
	if ((dfd = fs_dir_open(env->testbed, why, sizeof why)) < 0)
		return;  /* prepare failed the run with the reason */
	load_cleanup("read_load", env->testbed, READ_TMP);
	fd = openat(dfd, READ_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0) {
		ok = is_complete(dfd, fd, env->mem);
		close(fd);
	}
	close(dfd);
	if (!ok)
		load_cleanup("read_load", env->testbed, READ_FILE);
}

const struct load_desc load_read_load = {
	.name = "read_load",
	.what = "repeatedly reads a file of MEM bytes from start to end (1 MiB reads, dropped "
	        "from the page cache before each pass); the file is prepared untimed and reused",
	.unit = "100 MiB read",
	.per_unit = 100.0 * 1024 * 1024,
	.work = "bytes read",
	.needs = "disk space: MEM in the testbed (the file is kept for later runs)",
	.flags = LOAD_F_KEEPS,
	.cost = 1.17,
	.prep_s = 1.25,
	.disk_pct = 100,
	.files = { READ_TMP },
	.kept = READ_FILE,
	.prepare = read_load_prepare,
	.body = read_load_body,
	.cleanup = read_load_cleanup,
};
