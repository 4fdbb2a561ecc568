/* store.c: the results directory: append-only LABEL.loads files, one per label. */
#include "results/record/store.h"
#include "lib/array.h"
#include "lib/err.h"
#include "lib/failpoint.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/field.h"
#include "results/record/micro_record.h"
#include "results/record/version.h"

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
#define MICRO_SUFFIX ".micro"
#define INTERACT_SUFFIX ".interact"
#define ENV_SUFFIX   ".env"
#define ENV_FORMAT_NAME    "contest-env"
#define ENV_FORMAT_VERSION 1
#define STR_(x)      #x
#define STR(x)       STR_(x)
#define ENV_HEADER   ENV_FORMAT_NAME "\t" STR(ENV_FORMAT_VERSION) "\n"
#define STORE_BUF    8192   /* header plus the longest possible record */

int store_path(const char *dir, const char *label, char *buf, size_t len)
{
	if (rec_label_check(label, NULL) != 0) {
		errno = EINVAL;
		return -1;
	}
	return fs_path(buf, len, "%s/%s%s", dir, label, STORE_SUFFIX);
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

/* write_all: buf written whole to fd: one write() in the common case; after
 * a short one the rest is written again, so that a full disk (ENOSPC), a
 * quota (EDQUOT) or a file size limit (EFBIG) is said by the write that
 * fails rather than guessed. 0, or -1 with that write's errno (EIO only
 * when a write took nothing and said nothing). *done: the bytes written. */
static int write_all(int fd, const char *buf, size_t len, size_t *done)
{
	ssize_t n;

	for (*done = 0; *done < len; *done += (size_t)n) {
		do
			n = write(fd, buf + *done, len - *done);
		while (n < 0 && errno == EINTR);
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = EIO;
			return -1;
		}
	}
	return 0;
}

/* ends_torn: 1 when the file fd (size bytes, not empty) does not end in a
 * newline: its last line was cut short (a crash, a full disk, a copy cut
 * short); 0 when it does, -1 (errno) when it cannot be read, or (EBADMSG)
 * when the cut is within the header's lines (as many as header has). */
static int ends_torn(int fd, off_t size, const char *header)
{
	char c, head[4096];
	ssize_t n = pread(fd, &c, 1, size - 1);
	size_t lines = 0, want = 0;

	if (n != 1 || c == '\n')
		return n < 0 ? -1 : 0;
	for (const char *p = header; *p; p++)
		want += *p == '\n';
	if ((n = pread(fd, head, sizeof head, 0)) < 0)
		return -1;
	for (ssize_t i = 0; i < n; i++)
		lines += head[i] == '\n';
	if (lines < want) {
		errno = EBADMSG;
		return -1;
	}
	return 1;
}

/* relayout: r as a line in the layout of the results file fd when its
 * column line (line 2) is not this version's (a file begun by another
 * version, which may have fewer or more columns); its length, or 0 when the
 * file has this version's columns (or they cannot be read: then the line
 * as formatted stands), -1 when it does not fit. */
static ssize_t relayout(int fd, const struct rec *r, char *buf, size_t len)
{
	char head[4096], *cols, *end;
	ssize_t n = pread(fd, head, sizeof head - 1, 0);

	if (n <= 0)
		return 0;
	head[n] = '\0';
	if ((cols = strchr(head, '\n')) == NULL || (end = strchr(++cols, '\n')) == NULL)
		return 0;
	*end = '\0';
	if (strcmp(cols, rec_columns()) == 0)
		return 0;
	return rec_format_as(r, cols, buf, len);
}

/* same_version: whether the file fd begins with header's line 1 (its
 * format name and version); 0 when it does not or cannot be read. */
static int same_version(int fd, const char *header)
{
	char head[64];
	size_t want = (size_t)(strchr(header, '\n') - header) + 1;
	ssize_t n;

	if (want > sizeof head)
		return 0;
	n = pread(fd, head, want, 0);
	return n == (ssize_t)want && memcmp(head, header, want) == 0;
}

/* append_block: append text (len bytes, whole lines) to path with one
 * write() on an O_APPEND descriptor under an exclusive flock, header first
 * when the file is new, then fsync (and the directory's for a new file). A
 * file whose last line is torn (no newline at its end) gets FIELD_TORN_MARK
 * and a newline first, in the same write, so that text begins a line of its
 * own and readers skip the torn one. When a write or the fsync fails the
 * file is cut back to its old size and errno is the failure's (ENOSPC,
 * EDQUOT, EFBIG, EIO...); a file cut within its header is refused
 * (EBADMSG). A symbolic link at path (ELOOP) or anything but a regular file
 * with one link (EINVAL) is refused. r (NULL for a micro file) is the
 * record text holds, formatted again in the file's own layout when another
 * version began it. A file of another format or version is refused
 * (EPROTONOSUPPORT). 0, or -1 with errno. */
static int append_block(const char *dir, const char *path, const char *header,
                        const char *text, size_t len, const struct rec *r)
{
	struct stat st;
	char *buf = NULL, line[STORE_BUF];
	size_t hl = 0, done = 0;
	ssize_t n;
	int fd, e, torn = 0;

	/* read too (relayout); never through a link; O_NONBLOCK: a FIFO put at path fails here (ENXIO)
	 * or below (not a regular file) instead of blocking */
	fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
	if (fd < 0)
		return -1;
	/* Serialise appenders so two of them never both write a header. */
	while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
		;
	if (fstat(fd, &st) != 0)
		goto fail;
	if (!S_ISREG(st.st_mode) || st.st_nlink != 1) {  /* nor a hard link to a file elsewhere */
		errno = EINVAL;
		goto fail;
	}
	if (st.st_size == 0)
		hl = strlen(header);
	else if ((torn = ends_torn(fd, st.st_size, header)) < 0)
		goto fail;
	else if (!same_version(fd, header)) {   /* another version's file: never mixed */
		errno = EPROTONOSUPPORT;
		goto fail;
	} else if (r != NULL && (n = relayout(fd, r, line, sizeof line)) != 0) {
		if (n < 0) {
			errno = EOVERFLOW;
			goto fail;
		}
		text = line;
		len = (size_t)n;
	}
	if (torn) {   /* the torn line is marked and ended; the header stands before it */
		header = FIELD_TORN_MARK "\n";
		hl = strlen(header);
	}
	if ((buf = malloc(hl + len + 1)) == NULL)
		goto fail;
	memcpy(buf, header, hl);
	memcpy(buf + hl, text, len);
	if (write_all(fd, buf, hl + len, &done) == 0)
		failpoint("record-write");   /* written, not yet synced */
	if (done != hl + len || fsync(fd) != 0) {
		e = errno;
		if (done > 0 && ftruncate(fd, st.st_size) == 0)
			fsync(fd);
		errno = e;
		goto fail;
	}
	free(buf);
	failpoint("record-fsync");
	if (close(fd) != 0)
		return -1;
	if (st.st_size == 0 && sync_dir(dir) != 0)
		return -1;
	return 0;
fail:
	e = errno;
	free(buf);
	close(fd);
	errno = e;
	return -1;
}

int store_append(const char *dir, const struct rec *r)
{
	char path[PATH_MAX], head[1024], line[STORE_BUF];
	int len;

	if (rec_check(r, NULL) != 0) {
		errno = EINVAL;
		return -1;
	}
	if (store_path(dir, r->label, path, sizeof path) != 0)
		return -1;
	len = rec_header(head, sizeof head);
	if (len < 0 || (size_t)len >= sizeof head || (len = rec_format(r, line, sizeof line)) < 0) {
		errno = EOVERFLOW;
		return -1;
	}
	return append_block(dir, path, head, line, (size_t)len, r);
}

int store_micro_append(const char *dir, const struct micro_record *v, size_t n)
{
	char path[PATH_MAX], head[512];
	char *text = NULL;
	size_t len = 0, cap = 0;
	int rc = -1;

	if (n == 0)
		return 0;
	if (rec_label_check(v[0].label, NULL) != 0) {
		errno = EINVAL;
		return -1;
	}
	if (fs_path(path, sizeof path, "%s/%s%s", dir, v[0].label, MICRO_SUFFIX) != 0)
		return -1;
	micro_record_header(head, sizeof head);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(v[i].label, v[0].label) != 0) {
			errno = EINVAL;
			goto out;
		}
		char *t = array_grow(text, &cap, len + 1024, 1, 64 * 1024);
		if (t == NULL)
			goto out;
		text = t;
		int k = micro_record_format(&v[i], text + len, cap - len);
		if (k < 0) {
			errno = EOVERFLOW;
			goto out;
		}
		len += (size_t)k;
	}
	rc = append_block(dir, path, head, text, len, NULL);
out:
	free(text);
	return rc;
}

int store_interact_append(const char *dir, const struct interact_record *r)
{
	char path[PATH_MAX], head[1024], line[STORE_BUF];
	int len;

	if (rec_label_check(r->label, NULL) != 0) {
		errno = EINVAL;
		return -1;
	}
	if (fs_path(path, sizeof path, "%s/%s%s", dir, r->label, INTERACT_SUFFIX) != 0)
		return -1;
	interact_record_header(head, sizeof head);
	if ((len = interact_record_format(r, line, sizeof line)) < 0) {
		errno = EOVERFLOW;
		return -1;
	}
	return append_block(dir, path, head, line, (size_t)len, NULL);
}

/* label_file: DIR/LABEL+suffix into path, checked before it is read (and
 * later appended to): 1 when it is a regular file, 0 when there is none, -1
 * (reported) when label is not valid or the name is a symbolic or hard link
 * to a file elsewhere, a FIFO that would block the reader, or unreadable. */
static int label_file(const char *dir, const char *label, const char *suffix, char *path, size_t len)
{
	const char *why;
	char q[TEXT_QUOTED];
	struct stat st;

	if (rec_label_check(label, &why) != 0) {
		warnx("label '%s' %s", text_quote(label, q, sizeof q), why);
		return -1;
	}
	if (fs_path(path, len, "%s/%s%s", dir, label, suffix) != 0) {
		warn("%s/%s%s", dir, label, suffix);
		return -1;
	}
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		warn("%s", path);
		return -1;
	}
	if (!S_ISREG(st.st_mode) || st.st_nlink != 1) {
		warnx("%s is %s, not a results file; refusing to use it", path,
		      S_ISLNK(st.st_mode) ? "a symbolic link" : S_ISREG(st.st_mode) ?
		      "a hard link to a file elsewhere" : "not a regular file");
		return -1;
	}
	return 1;
}

int store_read_label(const char *dir, const char *label, struct rec_set *out)
{
	char path[PATH_MAX];
	int rc = label_file(dir, label, STORE_SUFFIX, path, sizeof path);

	return rc <= 0 ? rc : rec_read_file(path, out);
}

int store_micro_read_label(const char *dir, const char *label, struct micro_record_set *out)
{
	char path[PATH_MAX];
	int rc = label_file(dir, label, MICRO_SUFFIX, path, sizeof path);

	return rc <= 0 ? rc : micro_record_read_file(path, out);
}

int store_interact_read_label(const char *dir, const char *label, struct interact_record_set *out)
{
	char path[PATH_MAX];
	int rc = label_file(dir, label, INTERACT_SUFFIX, path, sizeof path);

	return rc <= 0 ? rc : interact_record_read_file(path, out);
}

/* cmp_names: strcmp order for qsort of char pointers. */
static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* free_list: free n strings of v and v. */
static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* result_name: 1 when name is "LABEL" + suffix with a valid LABEL. */
static int result_name(const char *name, const char *suffix)
{
	char label[REC_LABEL_MAX + 1];
	size_t n = strlen(name), sl = strlen(suffix);

	if (n <= sl || n - sl > REC_LABEL_MAX || strcmp(name + n - sl, suffix) != 0)
		return 0;
	memcpy(label, name, n - sl);
	label[n - sl] = '\0';
	return rec_label_check(label, NULL) == 0;
}

/* list_files: the names "LABEL" + suffix in dir with a valid LABEL, sorted,
 * into *names (count *n). -1 (reported) when dir cannot be read. */
static int list_files(const char *dir, const char *suffix, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t cap = 0;
	char q[TEXT_QUOTED];

	*names = NULL;
	*n = 0;
	if (d == NULL) {
		warn("cannot read results directory '%s'", text_quote(dir, q, sizeof q));
		return -1;
	}
	for (;;) {
		errno = 0;
		if ((de = readdir(d)) == NULL)
			break;
		if (!result_name(de->d_name, suffix))
			continue;
		char **v = array_grow(*names, &cap, *n + 1, sizeof *v, 16);
		if (v == NULL)
			goto fail;
		*names = v;
		if (((*names)[*n] = strdup(de->d_name)) == NULL)
			goto fail;
		(*n)++;
	}
	if (errno != 0)
		goto fail;
	closedir(d);
	/* Read in name order so messages come in a stable order. */
	if (*n > 1)
		qsort(*names, *n, sizeof **names, cmp_names);
	return 0;
fail:
	warn("cannot read results directory '%s'", text_quote(dir, q, sizeof q));
	free_list(*names, *n);
	*names = NULL;
	closedir(d);
	return -1;
}

/* read_all: read every regular file of list_files with reader; a refused
 * file counts in *refused. */
static int read_all(const char *dir, const char *suffix, int (*reader)(const char *, void *),
                    void *out, size_t *refused)
{
	char **names, path[PATH_MAX];
	size_t n;
	struct stat st;

	if (list_files(dir, suffix, &names, &n) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (fs_path(path, sizeof path, "%s/%s", dir, names[i]) != 0) {
			warn("%s/%s", dir, names[i]);
			(*refused)++;
			continue;
		}
		if (lstat(path, &st) != 0)
			continue;
		/* a link planted under a result name is never read through: said, counted */
		if (S_ISLNK(st.st_mode) || (S_ISREG(st.st_mode) && st.st_nlink != 1)) {
			warnx("%s is %s, not a results file; skipped", path,
			      S_ISLNK(st.st_mode) ? "a symbolic link" : "a hard link to a file elsewhere");
			(*refused)++;
			continue;
		}
		if (!S_ISREG(st.st_mode))
			continue;
		/* A refused file is reported by its reader and counted. */
		if (reader(path, out) != 0)
			(*refused)++;
	}
	free_list(names, n);
	return 0;
}

static int read_loads(const char *path, void *out) { return rec_read_file(path, out); }
static int read_micro(const char *path, void *out) { return micro_record_read_file(path, out); }

static int read_interact(const char *path, void *out) { return interact_record_read_file(path, out); }

int store_interact_read_all(const char *dir, struct interact_record_set *out)
{
	return read_all(dir, INTERACT_SUFFIX, read_interact, out, &out->refused);
}

int store_read_all(const char *dir, struct rec_set *out)
{
	return read_all(dir, STORE_SUFFIX, read_loads, out, &out->refused);
}

int store_micro_read_all(const char *dir, struct micro_record_set *out)
{
	return read_all(dir, MICRO_SUFFIX, read_micro, out, &out->refused);
}

int store_env_append(const char *dir, const char *label, const char *timestamp, const char *text)
{
	char path[PATH_MAX], *block;
	int n, rc;

	if (rec_label_check(label, NULL) != 0 || strchr(timestamp, '\n') != NULL) {
		errno = EINVAL;
		return -1;
	}
	if (fs_path(path, sizeof path, "%s/%s%s", dir, label, ENV_SUFFIX) != 0)
		return -1;
	if ((n = asprintf(&block, "@ %s\n%s", timestamp, text)) < 0)
		return -1;
	rc = append_block(dir, path, ENV_HEADER, block, (size_t)n, NULL);
	free(block);
	return rc;
}

/* env_host_is: 1 when the environment block text (key=value lines, up to
 * end) says host is its machine: its "uname=" line's second word. */
static int env_host_is(const char *text, const char *end, const char *host)
{
	size_t hl = strlen(host);

	for (const char *l = text; l < end; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : end) {
		if (strncmp(l, "uname=", 6) != 0)
			continue;
		const char *w = strchr(l + 6, ' ');
		return w != NULL && strncmp(w + 1, host, hl) == 0 && (w[1 + hl] == ' ' || w[1 + hl] == '\n');
	}
	return 0;
}

/* env_block: the key=value lines of the last "@ TIMESTAMP" block of all
 * (after its line 1) whose machine is host (NULL: any), as a copy; NULL
 * when there is none (or no memory). */
static char *env_block(char *all, const char *host)
{
	char *end = all + strlen(all);

	for (char *p = end; p > all; p--) {
		if (p[-1] != '\n' || strncmp(p, "@ ", 2) != 0)
			continue;
		char *text = strchr(p, '\n');
		if (text != NULL && (host == NULL || env_host_is(text + 1, end, host)))
			return strndup(text + 1, (size_t)(end - text - 1));
		end = p;
	}
	return NULL;
}

int store_env_last(const char *dir, const char *label, char **text)
{
	return store_env_last_of(dir, label, NULL, text);
}

int store_env_last_of(const char *dir, const char *label, const char *host, char **text)
{
	char path[PATH_MAX], *all = NULL, *nl;
	size_t cap = 0;
	FILE *f;
	int rc;

	*text = NULL;
	if ((rc = label_file(dir, label, ENV_SUFFIX, path, sizeof path)) <= 0)
		return rc;
	if ((f = fopen(path, "re")) == NULL) {
		warn("%s", path);
		return -1;
	}
	rc = getdelim(&all, &cap, '\0', f) < 0 && ferror(f) ? -1 : 0;
	fclose(f);
	if (rc != 0 || all == NULL) {
		if (rc != 0)
			warn("%s", path);
		free(all);
		return rc;
	}
	if ((nl = strchr(all, '\n')) != NULL)
		*nl = '\0';
	if (version_check(path, nl ? all : NULL, ENV_FORMAT_NAME, ENV_FORMAT_VERSION, "ignored") != 0) {
		free(all);
		return -1;
	}
	*nl = '\n';
	*text = env_block(nl, host);
	free(all);
	return 0;
}
