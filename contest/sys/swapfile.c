/* swapfile.c: --swap SIZE: a swap file in the testbed, active for the invocation, always deactivated and removed afterwards. */
#include "contest/sys/swapfile.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/shm.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/swap.h>
#include <unistd.h>

/* The swap file in force: shared with the watcher (swap_share). */
struct active {
	int on;                   /* 1 while activated */
	int made;                 /* 1 while the file exists */
	char path[PATH_MAX];
	uint64_t bytes;
};
static struct active own, *cur = &own;
static pid_t owner;

int swap_header(unsigned char *page, size_t pagesize, uint64_t bytes)
{
	uint64_t pages = bytes / pagesize;
	uint32_t v;

	if (pages < 10 || pages - 1 > UINT32_MAX)
		return -1;
	memset(page, 0, pagesize);
	v = 1;                                  /* version, after 1024 boot bytes */
	memcpy(page + 1024, &v, 4);
	v = (uint32_t)(pages - 1);              /* last_page */
	memcpy(page + 1028, &v, 4);
	/* nr_badpages 0 at 1032; uuid at 1036 */
	if (getrandom(page + 1036, 16, 0) != 16)
		for (int i = 0; i < 16; i++)
			page[1036 + i] = (unsigned char)(rand() & 0xff);
	page[1036 + 6] = (page[1036 + 6] & 0x0f) | 0x40;   /* a version 4 UUID */
	page[1036 + 8] = (page[1036 + 8] & 0x3f) | 0x80;
	memcpy(page + 1052, "contest", 7);      /* volume name */
	memcpy(page + pagesize - 10, "SWAPSPACE2", 10);
	return 0;
}

int swap_share(void)
{
	struct active *sh = shm_copy(cur, sizeof *cur);

	if (sh == NULL)
		return -1;
	cur = sh;
	return 0;
}

/* at_exit: deactivate and remove, whatever way this process leaves. */
static void at_exit(void)
{
	if (getpid() == owner)
		swap_end();
}

/* fs_name: a name for the file system of fd, for messages. */
static const char *fs_name(int fd)
{
	struct statfs sf;
	const char *name;

	if (fstatfs(fd, &sf) != 0)
		return "unknown";
	name = fs_type_name((long)sf.f_type);
	return name != NULL ? name : "this file system";
}

/* fill: write the header page, then zeros, to fd (bytes in all), synced;
 * 0 or -1 with errno. */
static int fill(int fd, uint64_t bytes, size_t pagesize)
{
	unsigned char *page = calloc(1, pagesize);
	ssize_t w;
	int rc;

	if (page == NULL || swap_header(page, pagesize, bytes) != 0) {
		free(page);
		errno = page ? EINVAL : ENOMEM;
		return -1;
	}
	w = write(fd, page, pagesize);
	if (w != (ssize_t)pagesize)
		rc = w < 0 ? errno : ENOSPC;
	else
		rc = fs_write_zeros(fd, bytes - pagesize);
	free(page);
	if (rc == 0)
		return 0;
	errno = rc;
	return -1;
}

int swap_start(const char *testbed, uint64_t bytes, char *why, size_t len)
{
	size_t pagesize = (size_t)sysconf(_SC_PAGESIZE);
	char fs[32];
	int dfd, fd;

	bytes -= bytes % pagesize;
	if (geteuid() != 0) {
		text_fmt(why, len, "--swap needs root (swapon)");
		return -1;
	}
	if ((dfd = fs_dir_open(testbed, why, len)) < 0)
		return -1;
	if (fs_path(cur->path, sizeof cur->path, "%s/%s", testbed, SWAP_FILE) != 0 ||
	    fs_rm_own(dfd, SWAP_FILE) != 0) {
		text_fmt(why, len, "--swap: %s/%s is in the way: %s", testbed, SWAP_FILE, strerror(errno));
		close(dfd);
		return -1;
	}
	fd = openat(dfd, SWAP_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	close(dfd);
	if (fd < 0) {
		text_fmt(why, len, "--swap: cannot create %s: %s", cur->path, strerror(errno));
		return -1;
	}
	if (owner == 0) {
		owner = getpid();
		atexit(at_exit);
	}
	cur->made = 1;
	cur->bytes = bytes;
	text_copy(fs, fs_name(fd), sizeof fs);
	if (fill(fd, bytes, pagesize) != 0) {
		text_fmt(why, len, "--swap: cannot write %s (%" PRIu64 " bytes): %s", cur->path, bytes,
		         strerror(errno));
		close(fd);
		swap_end();
		return -1;
	}
	close(fd);
	cur->on = 1;  /* before swapon: a kill -9 right after it still has the watcher undo it */
	if (swapon(cur->path, 0) != 0) {
		int e = errno;
		cur->on = 0;
		if (e == EINVAL)
			text_fmt(why, len, "--swap: the testbed's file system (%s) cannot hold swap "
			         "(swapon: %s); use a testbed on ext4 or xfs", fs, strerror(e));
		else
			text_fmt(why, len, "--swap: swapon %s: %s", cur->path, strerror(e));
		swap_end();
		return -1;
	}
	return 0;
}

int swap_end(void)
{
	int rc = 0;

	if (cur->on) {
		if (swapoff(cur->path) != 0 && errno != EINVAL) {  /* EINVAL: swapon never came */
			warn("cannot deactivate the swap file %s; do it by hand: swapoff %s", cur->path,
			     cur->path);
			return -1;
		}
		cur->on = 0;
	}
	if (cur->made) {
		if (unlink(cur->path) != 0 && errno != ENOENT) {
			warn("cannot remove the swap file %s", cur->path);
			rc = -1;
		}
		cur->made = 0;
	}
	return rc;
}

void swap_describe(char *buf, size_t len)
{
	if (cur->on)
		text_fmt(buf, len, "%" PRIu64 " bytes in %s", cur->bytes, cur->path);
	else
		text_fmt(buf, len, "%s", "");
}
