/* fs.h: safe file-system operations: paths that must fit, directories opened for the *at calls, own files, removal that never follows a link. */
#ifndef LIB_FS_H
#define LIB_FS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct stat;

/* fs_path: snprintf into a PATH_MAX buffer; -1 (and errno ENAMETOOLONG) when truncated. */
int fs_path(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* fs_mkdirs: mkdir -p with mode 0755; 0 or -1 with errno. */
int fs_mkdirs(const char *path);

/* fs_replace: path's contents made data[0..len) all at once, so that a crash
 * or power loss at any moment leaves the old contents or the new, never a
 * mix: written to a temporary file beside it (PATH.tmp), fsynced, renamed
 * over path, then the directory fsynced. mode for a new file. 0, or -1 with
 * errno (the temporary file removed). */
int fs_replace(const char *path, const void *data, size_t len, mode_t mode);
/* fs_replace_at: name in directory dfd replaced all at once as fs_replace
 * does, by data[0..len) with exactly mode (not under the umask), or, target
 * non-NULL, by a symbolic link to target; the temporary file is
 * .NAME.PID.tmp, hidden, so that no pattern of the folder's takes it (an rc
 * folder's S*), and no crash point is passed. 0, or -1 with errno (the
 * temporary file removed). */
int fs_replace_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, const char *target);

/* Files in a shared directory (the testbed may be /tmp): work relative to a
 * directory descriptor, create with O_EXCL|O_NOFOLLOW, never follow a link
 * not made here, and delete only what is one's own. */

/* fs_dir_open: open directory path for the *at calls, refusing one in
 * which anybody may replace the entries: writable by others and not sticky
 * (group members are trusted). The descriptor (O_CLOEXEC), or -1 with a
 * one-line reason naming path in why. */
int fs_dir_open(const char *path, char *why, size_t len);
/* fs_trusted: 1 when an entry of directory fd owned by uid counts as
 * one's own: uid is the effective uid, or the directory's owner (who can
 * replace any entry of it anyway); else 0. */
int fs_trusted(int fd, uid_t uid);
/* fs_own_file: 1 when descriptor file, opened in directory dirfd, is a
 * regular file with a single link owned by a trusted user (fs_trusted):
 * not a device, FIFO or hard link to a file elsewhere; else 0. */
int fs_own_file(int dirfd, int file);
/* fs_mkdir_at: create directory name in fd (mode, under the umask) and
 * open it without following links; the directory opened must be one of the
 * effective uid (not one swapped in by another user). Its descriptor
 * (O_CLOEXEC), or -1 with errno (EEXIST: name exists; EPERM: swapped). */
int fs_mkdir_at(int fd, const char *name, mode_t mode);

/* fs_create_at: create name in directory fd, new (O_EXCL), never through a
 * link (O_NOFOLLOW), close-on-exec, opened with access (O_WRONLY or
 * O_RDWR) and perm (under the umask). Its descriptor, or -1 with errno
 * (EEXIST: something is in the way). */
int fs_create_at(int fd, const char *name, int access, mode_t perm);
/* fs_in_dir: open directory dir, call fn(its descriptor, arg), close it;
 * fn's result, with errno as fn left it; -1 with errno when dir cannot be
 * opened. */
int fs_in_dir(const char *dir, int (*fn)(int dfd, void *arg), void *arg);

/* fs_rm_at: remove name inside directory fd, recursively, never
 * following symbolic links (a link is removed, not its target). A missing
 * name is not an error. 0, or -1 with errno. */
int fs_rm_at(int fd, const char *name);
/* fs_rm_own: fs_rm_at, but only when name is a trusted entry (fs_trusted;
 * a symbolic link goes, not its target): what another user made, a link
 * too, is left. A missing name is not an error. 0, or -1 with errno
 * (EPERM: name belongs to another user). */
int fs_rm_own(int fd, const char *name);
/* fs_kind: what st (from lstat) is, for messages: "a symbolic link", "a
 * FIFO", "a directory", "a socket", "a device", "a hard link" (a regular
 * file with more than one link), "a regular file". */
const char *fs_kind(const struct stat *st);
/* fs_rm_same: fs_rm_at, but only while name still is the file or
 * directory st describes (device and inode, not following a link; keep it
 * open meanwhile, or its inode number may be reused). A missing name is not
 * an error. 0, or -1 with errno (EEXIST: name is another file now, left
 * alone). */
int fs_rm_same(int fd, const char *name, const struct stat *st);
/* fs_rm_in: fs_rm_own relative to directory dir. */
int fs_rm_in(const char *dir, const char *name);

/* fs_write_zeros: write bytes of zeros to fd (64 KiB writes, retried on
 * EINTR) and fdatasync it; 0 or an errno value (ENOSPC for a write of 0). */
int fs_write_zeros(int fd, uint64_t bytes);

/* fs_type_name: the name of a file system from statfs(2)'s f_type
 * ("ext4", "tmpfs"); NULL when the table does not know it. */
const char *fs_type_name(long type);

/* fs_type_in_memory: 1 when the file system of statfs(2)'s f_type keeps
 * its files' pages in memory alone (tmpfs, ramfs): the kernel reclaims
 * them only by swapping them out (tmpfs) or never (ramfs); else 0. */
int fs_type_in_memory(long type);

#endif
