/* util.h: error reporting and small string, size and clock helpers shared by every module. */
#ifndef CONTEST_UTIL_H
#define CONTEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct stat;

#define CONTEST_VERSION "0.1.0"

/* Exit statuses of the contract (section 1). */
enum { EXIT_RUNFAIL = 1, EXIT_USAGE = 2, EXIT_INTR = 130 };

/* util_set_progname: name used as the prefix of every message ("contest"). */
void util_set_progname(const char *name);

/* warnx: print "contest: MSG" on stderr. */
void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* warn: like warnx, followed by ": strerror(errno)". */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* errx/err: like warnx/warn, then exit with status code (util_exit_hook first, when set). */
_Noreturn void errx(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void err(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* util_exit_hook: for tests only; NULL (the default) in the product. When set,
 * errx and err call it with the exit status after the message instead of
 * exiting; it must not return (a fuzz target longjmps back), and exit follows
 * if it does. */
extern void (*util_exit_hook)(int status);

/* util_parse_size: parse "512M", "2G", "1.5G", "4096" (bytes; K M G T binary).
 * Returns 0 and stores bytes, or -1 when s is not a positive size. */
int util_parse_size(const char *s, uint64_t *bytes);
/* util_parse_int: parse a decimal integer in [min, max]; -1 when not. */
int util_parse_int(const char *s, long min, long max, long *out);

/* util_fmt_size_h: human-readable, "1.5G", "640M", "12K", "512B". */
char *util_fmt_size_h(uint64_t bytes, char *buf, size_t len);

/* util_proc_field: the number after "KEY " on the first line of path that
 * starts with it ("/proc/vmstat", "pgmajfault"); 0 when absent or unreadable. */
unsigned long long util_proc_field(const char *path, const char *key);

/* util_mem_total: MemTotal from /proc/meminfo in bytes; 0 when unknown. */
uint64_t util_mem_total(void);

/* util_now: CLOCK_MONOTONIC in seconds. */
double util_now(void);
/* util_sleep: sleep for s seconds; returns early (-1) when a signal arrives. */
int util_sleep(double s);

/* util_strlcpy: copy with truncation, always NUL-terminated; returns strlen(src). */
size_t util_strlcpy(char *dst, const char *src, size_t len);
/* util_read_text: at most max bytes of root/rel as a NUL-terminated string
 * to free, and its length in *len (NULL: not wanted); *cut (NULL: not
 * wanted) is set when the file goes on past max. NULL when it cannot be
 * read. */
char *util_read_text(const char *root, const char *rel, size_t max, size_t *len, int *cut);

/* util_write_zeros: write bytes of zeros to fd (64 KiB writes, retried on
 * EINTR) and fdatasync it; 0 or an errno value (ENOSPC for a write of 0). */
int util_write_zeros(int fd, uint64_t bytes);

/* util_shared_copy: a copy of the n bytes at src in anonymous memory shared
 * with the processes forked from now on (a watcher's view of what is in
 * force); NULL when it cannot be mapped. */
void *util_shared_copy(const void *src, size_t n);

/* util_path: snprintf into a PATH_MAX buffer; -1 (and errno ENAMETOOLONG) when truncated. */
int util_path(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* util_fmt: snprintf that cuts to fit silently (for messages and reasons). */
void util_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* util_mkdirs: mkdir -p with mode 0755; 0 or -1 with errno. */
int util_mkdirs(const char *path);

/* Files in a shared directory (the testbed may be /tmp): contest works
 * relative to a directory descriptor, creates with O_EXCL|O_NOFOLLOW, never
 * follows a link it did not make, and deletes only what is its own. */

/* util_dir_open: open directory path for the *at calls, refusing one in
 * which anybody may replace the entries: writable by others and not sticky
 * (group members are trusted). The descriptor (O_CLOEXEC), or -1 with a
 * one-line reason naming path in why. */
int util_dir_open(const char *path, char *why, size_t len);
/* util_trusted: 1 when an entry of directory fd owned by uid counts as
 * contest's own: uid is the effective uid, or the directory's owner (who can
 * replace any entry of it anyway); else 0. */
int util_trusted(int fd, uid_t uid);
/* util_own_file: 1 when descriptor file, opened in directory dirfd, is a
 * regular file with a single link owned by a trusted user (util_trusted):
 * not a device, FIFO or hard link to a file elsewhere; else 0. */
int util_own_file(int dirfd, int file);
/* util_mkdir_at: create directory name in fd (mode, under the umask) and
 * open it without following links; the directory opened must be one of the
 * effective uid (not one swapped in by another user). Its descriptor
 * (O_CLOEXEC), or -1 with errno (EEXIST: name exists; EPERM: swapped). */
int util_mkdir_at(int fd, const char *name, mode_t mode);

/* util_rm_at: remove name inside directory fd, recursively, never
 * following symbolic links (a link is removed, not its target). A missing
 * name is not an error. 0, or -1 with errno. */
int util_rm_at(int fd, const char *name);
/* util_rm_own: util_rm_at, but only when name is a symbolic link (the link
 * goes) or a trusted entry (util_trusted): what another user made is left.
 * A missing name is not an error. 0, or -1 with errno (EPERM: name belongs
 * to another user). */
int util_rm_own(int fd, const char *name);
/* util_rm_same: util_rm_at, but only while name still is the file or
 * directory st describes (device and inode, not following a link; keep it
 * open meanwhile, or its inode number may be reused). A missing name is not
 * an error. 0, or -1 with errno (EEXIST: name is another file now, left
 * alone). */
int util_rm_same(int fd, const char *name, const struct stat *st);
/* util_rm_in: util_rm_own relative to directory dir. */
int util_rm_in(const char *dir, const char *name);

#endif
