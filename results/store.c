/* store.c: the results directory: append-only LABEL.loads files, one per label. */
#include "store.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define STORE_SUFFIX ".loads"
#define STORE_BUF    8192   /* header plus the longest possible record */

int store_path(const char *dir, const char *label, char *buf, size_t len)
{
	if (rec_label_check(label, NULL) != 0) {
		errno = EINVAL;
		return -1;
	}
	return util_path(buf, len, "%s/%s%s", dir, label, STORE_SUFFIX);
}

/* sync_dir: fsync the directory dir so a new entry in it is durable. A file
 * system that cannot sync directories (EINVAL) is not an error. */
static int sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = 0;

	if (fd < 0)
		return -1;
	if (fsync(fd) != 0 && errno != EINVAL)
		rc = -1;
	if (close(fd) != 0 && rc == 0)
		rc = -1;
	return rc;
}

/* write_once: one write() of buf, retried only when it was interrupted before
 * writing anything. Returns what write() returned. */
static ssize_t write_once(int fd, const char *buf, size_t len)
{
	ssize_t n;

	do
		n = write(fd, buf, len);
	while (n < 0 && errno == EINTR);
	return n;
}

int store_append(const char *dir, const struct rec *r)
{
	char path[PATH_MAX], buf[STORE_BUF];
	struct stat st;
	size_t pos = 0;
	ssize_t n;
	int fd, len, e;

	if (rec_check(r, NULL) != 0) {
		errno = EINVAL;
		return -1;
	}
	if (store_path(dir, r->label, path, sizeof path) != 0)
		return -1;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0)
		return -1;
	/* Serialise appenders so two of them never both write a header. */
	while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
		;
	if (fstat(fd, &st) != 0)
		goto fail;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		goto fail;
	}
	if (st.st_size == 0) {
		len = rec_header(buf, sizeof buf);
		if (len < 0 || (size_t)len >= sizeof buf) {
			errno = EOVERFLOW;
			goto fail;
		}
		pos = (size_t)len;
	}
	len = rec_format(r, buf + pos, sizeof buf - pos);
	if (len < 0) {
		errno = EOVERFLOW;
		goto fail;
	}
	pos += (size_t)len;
	n = write_once(fd, buf, pos);
	if (n < 0 || (size_t)n != pos || fsync(fd) != 0) {
		e = (n >= 0 && (size_t)n != pos) ? EIO : errno;
		if (n > 0 && ftruncate(fd, st.st_size) == 0)
			fsync(fd);
		errno = e;
		goto fail;
	}
	if (close(fd) != 0)
		return -1;
	if (st.st_size == 0 && sync_dir(dir) != 0)
		return -1;
	return 0;
fail:
	e = errno;
	close(fd);
	errno = e;
	return -1;
}

int store_read_label(const char *dir, const char *label, struct rec_set *out)
{
	char path[PATH_MAX];
	const char *why;

	if (rec_label_check(label, &why) != 0) {
		warnx("label '%s' %s", label, why);
		return -1;
	}
	if (store_path(dir, label, path, sizeof path) != 0) {
		warn("%s/%s%s", dir, label, STORE_SUFFIX);
		return -1;
	}
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return 0;
	return rec_read_file(path, out);
}

/* cmp_names: strcmp order for qsort of char pointers. */
static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* result_name: 1 when name is "LABEL.loads" with a valid LABEL. */
static int result_name(const char *name)
{
	char label[REC_LABEL_MAX + 1];
	size_t n = strlen(name), sl = strlen(STORE_SUFFIX);

	if (n <= sl || n - sl > REC_LABEL_MAX || strcmp(name + n - sl, STORE_SUFFIX) != 0)
		return 0;
	memcpy(label, name, n - sl);
	label[n - sl] = '\0';
	return rec_label_check(label, NULL) == 0;
}

int store_read_all(const char *dir, struct rec_set *out)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL, path[PATH_MAX];
	size_t n = 0, cap = 0, i;
	struct stat st;
	int rc = -1;

	if (d == NULL) {
		warn("cannot read results directory '%s'", dir);
		return -1;
	}
	for (;;) {
		errno = 0;
		if ((de = readdir(d)) == NULL)
			break;
		if (!result_name(de->d_name))
			continue;
		if (n == cap) {
			size_t c = cap ? cap * 2 : 16;
			char **v = realloc(names, c * sizeof *v);
			if (v == NULL)
				goto nomem;
			names = v;
			cap = c;
		}
		if ((names[n] = strdup(de->d_name)) == NULL)
			goto nomem;
		n++;
	}
	if (errno != 0) {
		warn("cannot read results directory '%s'", dir);
		goto out;
	}
	/* Read in name order so messages come in a stable order. */
	if (n > 1)
		qsort(names, n, sizeof *names, cmp_names);
	for (i = 0; i < n; i++) {
		if (util_path(path, sizeof path, "%s/%s", dir, names[i]) != 0) {
			warn("%s/%s", dir, names[i]);
			out->bad++;
			continue;
		}
		if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		/* A refused file is reported by rec_read_file and counted as bad. */
		if (rec_read_file(path, out) != 0)
			out->bad++;
	}
	rc = 0;
	goto out;
nomem:
	warn("%s", dir);
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	closedir(d);
	return rc;
}
