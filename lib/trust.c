/* trust.c: a path that only root (and one more owner) can change: folders from / down, owners, modes, no links on the way, sticky folders' own entries. */
#include "lib/trust.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* owner_name: "name (uid N)" of uid into buf. */
static const char *owner_name(uid_t uid, char *buf, size_t len)
{
	struct passwd *pw = getpwuid(uid);

	if (pw != NULL)
		text_fmt(buf, len, "%s (uid %lu)", pw->pw_name, (unsigned long)uid);
	else
		text_fmt(buf, len, "uid %lu", (unsigned long)uid);
	return buf;
}

/* refuse: why says part fails (what), with its owner and mode; -1, errno EPERM. */
static int refuse(const char *part, const struct stat *st, const char *what, char *why, size_t len)
{
	char who[96];

	text_fmt(why, len, "%s %s (owner %s, mode %04o)", part, what, owner_name(st->st_uid, who, sizeof who),
	         (unsigned)(st->st_mode & 07777));
	errno = EPERM;
	return -1;
}

/* part_ok: one part of the path (its stat st; last: the path itself, of
 * kind k; *sticky: the folder above it is sticky and open to others, set
 * for the next part). 0, or -1 with why. */
static int part_ok(const char *part, const struct stat *st, int last, enum trust_kind k, uid_t owner,
                   int *sticky, char *why, size_t len)
{
	int open_to_others = (st->st_mode & (S_IWGRP | S_IWOTH)) != 0;

	if (S_ISLNK(st->st_mode))
		return refuse(part, st, "is a symbolic link", why, len);
	if (st->st_uid != 0 && st->st_uid != owner)
		return refuse(part, st, *sticky ? "is another user's, in a folder open to all" :
		              "is owned by someone else", why, len);
	if ((!last || k == TRUST_DIR) && !S_ISDIR(st->st_mode))
		return refuse(part, st, "is not a folder", why, len);
	if (last && k == TRUST_PARENT && !S_ISDIR(st->st_mode) && !S_ISREG(st->st_mode))
		return refuse(part, st, "is not a regular file or a folder", why, len);
	if (last && k == TRUST_FILE && !S_ISREG(st->st_mode))
		return refuse(part, st, "is not a regular file", why, len);
	if (last && k == TRUST_FILE && st->st_nlink != 1)
		return refuse(part, st, "is not a regular file with one link", why, len);
	if (open_to_others && (last || !(st->st_mode & S_ISVTX)))
		return refuse(part, st, "can be written by others", why, len);
	*sticky = open_to_others;   /* a sticky folder: the next entry's owner decides */
	return 0;
}

int trust_path(const char *path, enum trust_kind k, uid_t owner, char *why, size_t len)
{
	char part[PATH_MAX];
	struct stat st;
	size_t n = strlen(path), end = 1;
	int sticky = 0;

	while (n > 1 && path[n - 1] == '/')   /* "/a/b/" as "/a/b" */
		n--;
	if (path[0] != '/' || n >= sizeof part) {
		text_fmt(why, len, "'%s' is not an absolute path", path);
		errno = EINVAL;
		return -1;
	}
	for (;;) {   /* "/", then each longer prefix that ends a part */
		memcpy(part, path, end);
		part[end] = '\0';
		int last = end >= n;
		if (lstat(part, &st) != 0) {
			if (errno == ENOENT && k == TRUST_PARENT)
				return 0;
			text_fmt(why, len, "%s: %s", part, strerror(errno));
			return -1;
		}
		if (part_ok(part, &st, last, k, owner, &sticky, why, len) != 0)
			return -1;
		if (last)
			return 0;
		while (end < n && path[end] == '/')
			end++;
		while (end < n && path[end] != '/')
			end++;
	}
}
