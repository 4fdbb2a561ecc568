/* util.h: error reporting and small string, size and clock helpers shared by every module. */
#ifndef CONTEST_UTIL_H
#define CONTEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define CONTEST_VERSION "0.1.0"

/* Exit statuses of the contract (section 1). */
enum { EXIT_RUNFAIL = 1, EXIT_USAGE = 2, EXIT_INTR = 130 };

/* util_set_progname: name used as the prefix of every message ("contest"). */
void util_set_progname(const char *name);

/* warnx: print "contest: MSG" on stderr. */
void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* warn: like warnx, followed by ": strerror(errno)". */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* errx/err: like warnx/warn, then exit with status code. */
_Noreturn void errx(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void err(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* util_parse_size: parse "512M", "2G", "1.5G", "4096" (bytes; K M G T binary).
 * Returns 0 and stores bytes, or -1 when s is not a positive size. */
int util_parse_size(const char *s, uint64_t *bytes);
/* util_parse_int: parse a decimal integer in [min, max]; -1 when not. */
int util_parse_int(const char *s, long min, long max, long *out);

/* util_fmt_size_h: human-readable, "1.5G", "640M", "12K", "512B". */
char *util_fmt_size_h(uint64_t bytes, char *buf, size_t len);

/* util_mem_total: MemTotal from /proc/meminfo in bytes; 0 when unknown. */
uint64_t util_mem_total(void);

/* util_now: CLOCK_MONOTONIC in seconds. */
double util_now(void);
/* util_sleep: sleep for s seconds; returns early (-1) when a signal arrives. */
int util_sleep(double s);

/* util_strlcpy: copy with truncation, always NUL-terminated; returns strlen(src). */
size_t util_strlcpy(char *dst, const char *src, size_t len);
/* util_path: snprintf into a PATH_MAX buffer; -1 (and errno ENAMETOOLONG) when truncated. */
int util_path(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* util_fmt: snprintf that cuts to fit silently (for messages and reasons). */
void util_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* util_mkdirs: mkdir -p with mode 0755; 0 or -1 with errno. */
int util_mkdirs(const char *path);

/* util_rm_at: remove name inside directory fd, recursively, never
 * following symbolic links (a link is removed, not its target). A missing
 * name is not an error. 0, or -1 with errno. */
int util_rm_at(int fd, const char *name);
/* util_rm_in: util_rm_at relative to directory dir. */
int util_rm_in(const char *dir, const char *name);

#endif
