/* io_common.c: the writer shared by io_load and io_other: a stale file cleared, space checked, zeros written forever. */
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

int io_prepare_in(const char *load, const char *dir, const char *file, uint64_t bytes,
                  char *errbuf, size_t errlen)
{
	int fd = load_fresh(load, dir, file, bytes, errbuf, errlen);

	if (fd < 0)
		return -1;
	close(fd);
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
	fd = fs_create_at(dfd, file, O_WRONLY, 0644);
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
			if (load_write_all(fd, zeros, n) != 0)
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
