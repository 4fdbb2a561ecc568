/* fs.c: safe file-system operations: paths that must fit, directories opened for the *at calls, own files, removal that never follows a link. */
#include "lib/fs.h"
#include "lib/failpoint.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int fs_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}


int fs_mkdirs(const char *path)
{
	char tmp[PATH_MAX];
	char *p;

	if (fs_path(tmp, sizeof tmp, "%s", path) != 0)
		return -1;
	for (p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
		return -1;
	struct stat st;
	if (stat(tmp, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

int fs_dir_open(const char *path, char *why, size_t len)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
		snprintf(why, len, "%s is writable by anybody and not sticky (mode %04o): another user "
		         "could replace contest's files in it; use a directory of your own",
		         path, (unsigned)(st.st_mode & 07777));
		close(fd);
		return -1;
	}
	return fd;
}

int fs_trusted(int fd, uid_t uid)
{
	struct stat st;

	if (uid == geteuid())
		return 1;
	return fstat(fd, &st) == 0 && st.st_uid == uid;
}

int fs_own_file(int dirfd, int file)
{
	struct stat st;

	return fstat(file, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
	       fs_trusted(dirfd, st.st_uid);
}

int fs_mkdir_at(int fd, const char *name, mode_t mode)
{
	struct stat st;
	int d;

	if (mkdirat(fd, name, mode) != 0)
		return -1;
	d = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d < 0)
		return -1;
	if (fstat(d, &st) != 0 || st.st_uid != geteuid()) {
		close(d);
		errno = EPERM;
		return -1;
	}
	return d;
}

int fs_rm_at(int fd, const char *name)
{
	struct dirent *de;
	DIR *d;
	int sub, rc = 0, removed, passes = 0;

	sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sub < 0) {
		if (errno == ENOTDIR || errno == ELOOP)
			return unlinkat(fd, name, 0) == 0 || errno == ENOENT ? 0 : -1;
		return errno == ENOENT ? 0 : -1;
	}
	d = fdopendir(sub);
	if (d == NULL) {
		close(sub);
		return -1;
	}
	do {                    /* rescan: removal during readdir may skip entries */
		removed = 0;
		rewinddir(d);
		while (rc == 0 && (errno = 0, de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
				rc = fs_rm_at(sub, de->d_name);
				removed++;
			}
		}
		if (rc == 0 && errno != 0)
			rc = -1;
	} while (rc == 0 && removed > 0 && ++passes < 100);  /* bounded: a process may still write */
	closedir(d);
	if (rc == 0 && unlinkat(fd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
		rc = -1;
	return rc;
}

int fs_rm_own(int fd, const char *name)
{
	struct stat st;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!fs_trusted(fd, st.st_uid)) {  /* a link too: another user's entry is theirs */
		errno = EPERM;
		return -1;
	}
	return fs_rm_at(fd, name);
}

const char *fs_kind(const struct stat *st)
{
	if (S_ISLNK(st->st_mode))
		return "a symbolic link";
	if (S_ISFIFO(st->st_mode))
		return "a FIFO";
	if (S_ISDIR(st->st_mode))
		return "a directory";
	if (S_ISSOCK(st->st_mode))
		return "a socket";
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		return "a device";
	return st->st_nlink > 1 ? "a hard link" : "a regular file";
}

int fs_rm_same(int fd, const char *name, const struct stat *was)
{
	struct stat st;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : -1;
	if (st.st_dev != was->st_dev || st.st_ino != was->st_ino) {
		errno = EEXIST;
		return -1;
	}
	return fs_rm_at(fd, name);
}

int fs_create_at(int fd, const char *name, int access, mode_t perm)
{
	return openat(fd, name, access | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, perm);
}

int fs_in_dir(const char *dir, int (*fn)(int dfd, void *arg), void *arg)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc, e;

	if (fd < 0)
		return -1;
	rc = fn(fd, arg);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

/* rm_own_fn: fs_rm_own for fs_in_dir; arg is the name. */
static int rm_own_fn(int dfd, void *arg)
{
	return fs_rm_own(dfd, arg);
}

int fs_rm_in(const char *dir, const char *name)
{
	return fs_in_dir(dir, rm_own_fn, (void *)name);
}

int fs_write_zeros(int fd, uint64_t bytes)
{
	static const char zeros[1 << 16];

	while (bytes > 0) {
		size_t n = bytes < sizeof zeros ? (size_t)bytes : sizeof zeros;
		ssize_t w = write(fd, zeros, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? errno : ENOSPC;
		bytes -= (uint64_t)w;
	}
	return fdatasync(fd) != 0 ? errno : 0;
}

const char *fs_type_name(long type)
{
	static const struct { uint32_t magic; const char *name; } fs[] = {
		{ 0xEF53, "ext2/3/4" },       { 0x58465342, "xfs" },      { 0x9123683E, "btrfs" },
		{ 0x01021994, "tmpfs" },      { 0x6969, "nfs" },          { 0x794C7630, "overlayfs" },
		{ 0xF2F52010, "f2fs" },       { 0x2FC12FC1, "zfs" },      { 0x858458F6, "ramfs" },
		{ 0x65735546, "fuse" },       { 0xCA451A4E, "bcachefs" }, { 0xFF534D42, "cifs" },
		{ 0xFE534D42, "smb2" },       { 0x4D44, "vfat" },         { 0x01021997, "9p" },
	};

	for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++)
		if (fs[i].magic == (uint32_t)type)
			return fs[i].name;
	return NULL;
}

int fs_type_in_memory(long type)
{
	return (uint32_t)type == 0x01021994 || (uint32_t)type == 0x858458F6;   /* tmpfs, ramfs */
}

/* What replace_in makes: data[0..len) with mode (exactly, or under the
 * umask), or a symbolic link to target; points: the crash points passed. */
struct repl {
	const void *data;
	size_t len;
	mode_t mode;
	int exact, points;
	const char *target;
};

/* replace_in: tmp in directory dfd made as r says, synced, renamed over
 * name, dfd synced; 0, or -1 with errno (tmp removed). */
static int replace_in(int dfd, const char *tmp, const char *name, const struct repl *r)
{
	size_t off = 0;
	ssize_t w;
	int fd = -1, e;

	unlinkat(dfd, tmp, 0);   /* left by a power loss: never ours to append to */
	if (r->target != NULL) {
		if (symlinkat(r->target, dfd, tmp) != 0)
			return -1;
	} else {
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, r->exact ? 0600 : r->mode);
		if (fd < 0)
			return -1;
		while (off < r->len) {
			if ((w = write(fd, (const char *)r->data + off, r->len - off)) < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				errno = w == 0 ? ENOSPC : errno;   /* nothing written: the disk is full */
				goto fail;
			}
			off += (size_t)w;
		}
		if ((r->exact && fchmod(fd, r->mode) != 0) || fsync(fd) != 0)
			goto fail;
		if (r->points)
			failpoint("replace-tmp");   /* the new text durable beside the old file */
		e = close(fd);
		fd = -1;
		if (e != 0)
			goto fail;
	}
	if (renameat(dfd, tmp, dfd, name) != 0)
		goto fail;
	if (r->points)
		failpoint("replace-rename");   /* renamed, its folder not yet synced */
	return fsync(dfd) != 0 && errno != EINVAL ? -1 : 0;
fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	unlinkat(dfd, tmp, 0);
	errno = e;
	return -1;
}

int fs_replace(const char *path, const void *data, size_t len, mode_t mode)
{
	const struct repl r = { .data = data, .len = len, .mode = mode, .points = 1 };
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	char dir[PATH_MAX], tmp[PATH_MAX];
	int dfd, rc;

	if (slash == NULL)
		strcpy(dir, ".");
	else if (fs_path(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path) != 0)
		return -1;
	if (fs_path(tmp, sizeof tmp, "%s.tmp", base) != 0)
		return -1;
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -1;
	rc = replace_in(dfd, tmp, base, &r);
	close(dfd);
	return rc;
}

int fs_replace_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, const char *target)
{
	const struct repl r = { .data = data, .len = len, .mode = mode, .exact = 1, .target = target };
	char tmp[PATH_MAX];

	if (fs_path(tmp, sizeof tmp, ".%s.%ld.tmp", name, (long)getpid()) != 0)
		return -1;
	return replace_in(dfd, tmp, name, &r);
}
