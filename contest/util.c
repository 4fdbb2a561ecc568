/* util.c: error reporting and small string, size and clock helpers. */
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *progname = "contest";

void (*util_exit_hook)(int status) = NULL;

void util_set_progname(const char *name) { progname = name; }

static void vmsg(int with_errno, const char *fmt, va_list ap)
{
	int e = errno;
	char buf[1024];
	int n = snprintf(buf, sizeof buf, "%s: ", progname);
	vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
	if (with_errno) {
		size_t l = strlen(buf);
		snprintf(buf + l, sizeof buf - l, ": %s", strerror(e));
	}
	fflush(stdout);
	fprintf(stderr, "%s\n", buf);
	errno = e;
}

void warnx(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
}

void warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(1, fmt, ap);
	va_end(ap);
}

void errx(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
	if (util_exit_hook != NULL)
		util_exit_hook(code);
	exit(code);
}

void err(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(1, fmt, ap);
	va_end(ap);
	if (util_exit_hook != NULL)
		util_exit_hook(code);
	exit(code);
}

int util_parse_size(const char *s, uint64_t *bytes)
{
	char *end;
	double v, mul = 1;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || !isfinite(v))
		return -1;
	switch (*end) {
	case 'k': case 'K': mul = 1024.0; end++; break;
	case 'm': case 'M': mul = 1024.0 * 1024; end++; break;
	case 'g': case 'G': mul = 1024.0 * 1024 * 1024; end++; break;
	case 't': case 'T': mul = 1024.0 * 1024 * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end == 'i' && end[1] == 'B' && mul > 1)
		end += 2;
	else if (*end == 'B' && mul > 1)
		end++;
	if (*end != '\0')
		return -1;
	v *= mul;
	if (v < 1 || v > 9.0e18)
		return -1;
	*bytes = (uint64_t)v;
	return 0;
}

int util_parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

char *util_fmt_size_h(uint64_t bytes, char *buf, size_t len)
{
	static const char units[] = "BKMGT";
	double v = (double)bytes;
	int i = 0;

	while (i < 4 && v >= 1024) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%lluB", (unsigned long long)bytes);
	else
		snprintf(buf, len, v < 10 ? "%.1f%c" : "%.0f%c", v, units[i]);
	return buf;
}

double util_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int util_sleep(double s)
{
	struct timespec ts;
	if (s <= 0)
		return 0;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	return nanosleep(&ts, NULL) == 0 ? 0 : -1;
}

size_t util_strlcpy(char *dst, const char *src, size_t len)
{
	size_t n = strlen(src);
	if (len > 0) {
		size_t c = n < len - 1 ? n : len - 1;
		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return n;
}

int util_path(char *buf, size_t len, const char *fmt, ...)
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

void util_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

int util_mkdirs(const char *path)
{
	char tmp[PATH_MAX];
	char *p;

	if (util_strlcpy(tmp, path, sizeof tmp) >= sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
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

int util_dir_open(const char *path, char *why, size_t len)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) != 0) {
		util_fmt(why, len, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
		util_fmt(why, len, "%s is writable by anybody and not sticky (mode %04o): another user "
		         "could replace contest's files in it; use a directory of your own",
		         path, (unsigned)(st.st_mode & 07777));
		close(fd);
		return -1;
	}
	return fd;
}

int util_trusted(int fd, uid_t uid)
{
	struct stat st;

	if (uid == geteuid())
		return 1;
	return fstat(fd, &st) == 0 && st.st_uid == uid;
}

int util_own_file(int dirfd, int file)
{
	struct stat st;

	return fstat(file, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
	       util_trusted(dirfd, st.st_uid);
}

int util_mkdir_at(int fd, const char *name, mode_t mode)
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

int util_rm_at(int fd, const char *name)
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
				rc = util_rm_at(sub, de->d_name);
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

int util_rm_own(int fd, const char *name)
{
	struct stat st;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISLNK(st.st_mode) && !util_trusted(fd, st.st_uid)) {
		errno = EPERM;
		return -1;
	}
	return util_rm_at(fd, name);
}

int util_rm_same(int fd, const char *name, const struct stat *was)
{
	struct stat st;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : -1;
	if (st.st_dev != was->st_dev || st.st_ino != was->st_ino) {
		errno = EEXIST;
		return -1;
	}
	return util_rm_at(fd, name);
}

int util_rm_in(const char *dir, const char *name)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc, e;

	if (fd < 0)
		return -1;
	rc = util_rm_own(fd, name);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

unsigned long long util_proc_field(const char *path, const char *key)
{
	FILE *f = fopen(path, "re");
	char line[256];
	size_t n = strlen(key);
	unsigned long long v = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, key, n) == 0 && (line[n] == ' ' || line[n] == '\t') &&
		    sscanf(line + n, "%llu", &v) == 1)
			break;
	fclose(f);
	return v;
}

uint64_t util_mem_total(void)
{
	return (uint64_t)util_proc_field("/proc/meminfo", "MemTotal:") * 1024;
}

char *util_read_text(const char *root, const char *rel, size_t max, size_t *lenp, int *cut)
{
	char path[PATH_MAX], *buf = NULL, *nb;
	size_t len = 0, cap = 0;
	ssize_t r;
	int fd;

	if (root == NULL || util_path(path, sizeof path, "%s/%s", root, rel) != 0)
		return NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	if (cut != NULL)
		*cut = 0;
	for (;;) {
		if (len == cap) {
			if (cap == max + 1) {   /* one byte past max was read: cut there */
				len = max;
				if (cut != NULL)
					*cut = 1;
				break;
			}
			cap = cap == 0 ? 16384 : cap * 2;
			if (cap > max + 1)
				cap = max + 1;
			if ((nb = realloc(buf, cap + 1)) == NULL)
				goto fail;
			buf = nb;
		}
		r = read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	if (buf == NULL && (buf = malloc(1)) == NULL)
		return NULL;
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return buf;
fail:
	close(fd);
	free(buf);
	return NULL;
}

int util_write_zeros(int fd, uint64_t bytes)
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

void *util_shared_copy(const void *src, size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	return memcpy(p, src, n);
}
