/* swapfile.c: --swap SIZE: a swap file in the testbed, active for the invocation, always deactivated and removed afterwards. */
#include "contest/sys/swapfile.h"
#include "contest/sys/undo.h"
#include "lib/err.h"
#include "lib/fs.h"
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

/* The swap file in force: its entry in the undo table (undo.h). */
struct active {
	int on;                   /* 1 while activated */
	int made;                 /* 1 while the file exists */
	char path[PATH_MAX];
	uint64_t bytes;
};
_Static_assert(sizeof(struct active) <= UNDO_STATE_MAX, "the swap file fits an undo entry");

static int swap_end(void *state);

/* active: the swap file in force, or NULL. */
static struct active *active(void)
{
	return undo_find(swap_end, 0);
}

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

/* swap_create: the file TESTBED/contest.swap, new (one of contest's own in
 * the way is removed first), in the undo table as made; its descriptor, or
 * -1 with one line in why. */
static int swap_create(const char *testbed, uint64_t bytes, struct active **cur, char *why,
                       size_t len)
{
	struct active a = { .made = 1, .bytes = bytes };
	int dfd, fd;

	if ((dfd = fs_dir_open(testbed, why, len)) < 0)
		return -1;
	if (fs_path(a.path, sizeof a.path, "%s/%s", testbed, SWAP_FILE) != 0 ||
	    fs_rm_own(dfd, SWAP_FILE) != 0) {
		text_fmt(why, len, "--swap: %s/%s is in the way: %s", testbed, SWAP_FILE, strerror(errno));
		close(dfd);
		return -1;
	}
	fd = fs_create_at(dfd, SWAP_FILE, O_WRONLY, 0600);
	close(dfd);
	if (fd < 0) {
		text_fmt(why, len, "--swap: cannot create %s: %s", a.path, strerror(errno));
		return -1;
	}
	if ((*cur = undo_push(swap_end, &a, sizeof a)) == NULL) {
		text_fmt(why, len, "--swap: too many changes to undo");
		close(fd);
		unlink(a.path);
		return -1;
	}
	return fd;
}

int swap_start(const char *testbed, uint64_t bytes, char *why, size_t len)
{
	size_t pagesize = (size_t)sysconf(_SC_PAGESIZE);
	struct active *cur;
	char fs[32];
	int fd;

	bytes -= bytes % pagesize;
	if (geteuid() != 0) {
		text_fmt(why, len, "--swap needs root (swapon)");
		return -1;
	}
	if ((fd = swap_create(testbed, bytes, &cur, why, len)) < 0)
		return -1;
	text_copy(fs, fs_name(fd), sizeof fs);
	if (fill(fd, bytes, pagesize) != 0) {
		text_fmt(why, len, "--swap: cannot write %s (%" PRIu64 " bytes): %s", cur->path, bytes,
		         strerror(errno));
		close(fd);
		undo_one(cur);
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
		undo_one(cur);
		return -1;
	}
	return 0;
}

/* swap_end: the swap file's undo action: deactivate and remove it. 0, or
 * -1 (said on stderr with what to do by hand). */
static int swap_end(void *state)
{
	struct active *cur = state;
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
	const struct active *cur = active();

	if (cur != NULL && cur->on)
		text_fmt(buf, len, "%" PRIu64 " bytes in %s", cur->bytes, cur->path);
	else
		text_fmt(buf, len, "%s", "");
}
