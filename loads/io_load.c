/* io_load.c: repeatedly writes a MEM-sized file of zeros in the testbed, like copying /dev/zero. */
#include "lib/fs.h"
#include "loads/io_common.h"
#include "loads/load.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define IO_CHUNK (1u << 20)
#define IO_LOAD_FILE "io_load.dat"

int io_prepare_in(const char *load, const char *dir, const char *file, uint64_t bytes,
                  char *errbuf, size_t errlen)
{
	int fd = load_dir(load, dir, errbuf, errlen), rc;

	if (fd < 0)
		return -1;
	rc = load_clear(load, fd, dir, file, errbuf, errlen);
	close(fd);
	if (rc != 0)
		return -1;
	return load_need_space(load, dir, bytes, errbuf, errlen);
}

/* write_all: write len bytes of buf at the current offset, retrying short
 * writes and EINTR; 0 or -1 with errno (ENOSPC for a write of 0). */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

void io_write_forever(const char *dir, const char *file, uint64_t bytes, struct load_counter *c)
{
	char path[PATH_MAX], why[512];
	char *zeros;
	int dfd, fd;

	if (fs_path(path, sizeof path, "%s/%s", dir, file) != 0)
		load_fail(c, "%s/%s: %s", dir, file, strerror(errno));
	zeros = calloc(1, IO_CHUNK);
	if (zeros == NULL)
		load_fail(c, "cannot allocate the write buffer: %s", strerror(errno));
	if ((dfd = fs_dir_open(dir, why, sizeof why)) < 0)
		load_fail(c, "%s", why);
	fd = openat(dfd, file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		load_fail(c, "cannot create %s: %s", path, strerror(errno));
	close(dfd);
	/* Each pass rewrites the same blocks from the start, as dd conv=notrunc
	 * would: pure write-back traffic, without freeing and reallocating (and,
	 * on file systems mounted with discard, discarding) MEM bytes per pass. */
	for (;;) {
		uint64_t left = bytes;

		if (lseek(fd, 0, SEEK_SET) != 0)
			load_fail(c, "cannot seek in %s: %s", path, strerror(errno));
		while (left > 0) {
			size_t n = left < IO_CHUNK ? (size_t)left : IO_CHUNK;
			if (write_all(fd, zeros, n) != 0)
				load_fail(c, "cannot write %s: %s", path, strerror(errno));
			load_add(c, n);
			left -= n;
		}
		/* The pages stay cached, as after dd: a MEM-sized file competes
		 * with the compile for memory the way the classic load did. */
		if (fdatasync(fd) != 0)
			load_fail(c, "cannot fdatasync %s: %s", path, strerror(errno));
	}
}

/* io_load_prepare: remove a stale file; MEM must be free in the testbed. */
static int io_load_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                           size_t errlen)
{
	(void)prep;
	return io_prepare_in("io_load", env->testbed, IO_LOAD_FILE, env->mem, errbuf, errlen);
}

/* io_load_body: write testbed/io_load.dat over and over until killed. */
static void io_load_body(const struct load_env *env, const struct load_prep *prep,
                         struct load_counter *c)
{
	(void)prep;
	io_write_forever(env->testbed, IO_LOAD_FILE, env->mem, c);
}

/* io_load_cleanup: remove testbed/io_load.dat. */
static void io_load_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	load_cleanup("io_load", env->testbed, IO_LOAD_FILE);
}

const struct load_desc load_io_load = {
	.name = "io_load",
	.what = "repeatedly writes a file of MEM bytes of zeros in the testbed (1 MiB writes, "
	        "fdatasync after each pass), like copying /dev/zero",
	.unit = "100 MiB written",
	.per_unit = 100.0 * 1024 * 1024,
	.work = "bytes written",
	.needs = "disk space: MEM in the testbed",
	.flags = 0,
	.files = { IO_LOAD_FILE },
	.prepare = io_load_prepare,
	.body = io_load_body,
	.cleanup = io_load_cleanup,
};
