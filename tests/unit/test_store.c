/* test_store.c: unit tests of the result store: paths, appends, refusals, old layouts, directories, concurrent appenders. */
#include "lib/text.h"
#include "results/record/record.h"
#include "results/record/store.h"
#include "tests/unit/tresults.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* store_first: store paths, and two records appended to a new file and read
 * back; the file's path into path, its text into want, its length returned. */
static size_t store_first(const char *dir, char *path, char *want, size_t wlen)
{
	struct rec r1, r2;
	struct rec_set set = { 0 };
	struct stat st;
	size_t n;

	T_CHECK(store_path(dir, "2.5.59", path, PATH_MAX) == 0);
	snprintf(want, wlen, "%s/2.5.59.loads", dir);
	T_STREQ(path, want);
	errno = 0;
	T_CHECK(store_path(dir, "../x", path, PATH_MAX) == -1 && errno == EINVAL);
	T_CHECK(store_path(dir, "a", path, 5) == -1);

	/* Nothing yet. */
	T_CHECK(store_read_label(dir, "2.5.59", &set) == 0 && set.n == 0);

	sample(&r1, "2.5.59", 1);
	sample(&r2, "2.5.59", 2);
	text_copy(r2.reason, "tab\there", sizeof r2.reason);
	T_CHECK(store_append(dir, &r1) == 0);
	store_path(dir, "2.5.59", path, PATH_MAX);
	n = (size_t)rec_header(want, wlen);
	n += (size_t)rec_format(&r1, want + n, wlen - n);
	T_STREQ(read_text(path), want);
	T_CHECK(store_append(dir, &r2) == 0);
	n += (size_t)rec_format(&r2, want + n, wlen - n);
	T_STREQ(read_text(path), want);
	T_CHECK(stat(path, &st) == 0 && (st.st_mode & 0777 & ~0644) == 0);

	T_CHECK(store_read_label(dir, "2.5.59", &set) == 0);
	T_CHECK(set.n == 2 && set.bad == 0);
	if (set.n == 2)
		T_STREQ(set.v[1].reason, "tab\there");
	rec_set_free(&set);
	return n;
}

/* store_refusals: invalid labels and records, and a symbolic link, change
 * nothing in the file path of text want. */
static void store_refusals(const char *dir, const char *path, const char *want)
{
	char other[PATH_MAX];
	struct rec r1, bad;
	struct rec_set set = { 0 };
	const char *err;

	sample(&r1, "2.5.59", 1);
	/* Invalid labels and records are refused before any path is made. */
	bad = r1;
	text_copy(bad.label, "../x", sizeof bad.label);
	errno = 0;
	T_CHECK(store_append(dir, &bad) == -1 && errno == EINVAL);
	snprintf(other, sizeof other, "%s/../x.loads", dir);
	T_CHECK(access(other, F_OK) != 0);
	bad = r1;
	bad.run = 0;
	errno = 0;
	T_CHECK(store_append(dir, &bad) == -1 && errno == EINVAL);
	T_STREQ(read_text(path), want);
	capture_begin();
	T_CHECK(store_read_label(dir, "a b", &set) == -1);
	err = capture_end();
	T_CHECK(strstr(err, "label 'a b'") != NULL);

	/* A symlink is never followed. */
	snprintf(other, sizeof other, "%s/link.loads", dir);
	T_CHECK(symlink(path, other) == 0);
	bad = r1;
	text_copy(bad.label, "link", sizeof bad.label);
	T_CHECK(store_append(dir, &bad) == -1 && errno == ELOOP);
	T_STREQ(read_text(path), want);
}

/* store_short_write: appends cut short by the file size limit (the file path
 * of text want, n bytes) leave it as it was. */
static void store_short_write(const char *dir, const char *path, const char *want, size_t n)
{
	struct rec r2;

	sample(&r2, "2.5.59", 2);
	text_copy(r2.reason, "tab\there", sizeof r2.reason);
	/* A short write is truncated back: nothing partial is left, and the
	 * error is the one the write that failed gave (the size limit's). */
	struct rlimit old, lim;
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = (rlim_t)n + 20;
	T_CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0);
	int rc = store_append(dir, &r2);
	int e = errno;
	setrlimit(RLIMIT_FSIZE, &old);
	T_CHECK(rc == -1 && e == EFBIG);
	T_STREQ(read_text(path), want);
	lim.rlim_cur = (rlim_t)n;
	setrlimit(RLIMIT_FSIZE, &lim);
	rc = store_append(dir, &r2);
	e = errno;
	setrlimit(RLIMIT_FSIZE, &old);
	T_CHECK(rc == -1 && e == EFBIG);
	T_STREQ(read_text(path), want);
}

/* store_torn: a file whose last line was cut short gets that line marked
 * and ended before the next record, which reads back on a line of its own;
 * the torn line is skipped (counted bad and torn). A file cut within its
 * header is refused (EBADMSG) and left as it was. */
static void store_torn(const char *top)
{
	char dir[PATH_MAX], path[PATH_MAX], want[16384], cut[16384];
	struct rec r1, r2, r3;
	struct rec_set set = { 0 };
	size_t n;

	snprintf(dir, sizeof dir, "%s/torn", top);   /* apart: store_all reads its own folder */
	T_CHECK(mkdir(dir, 0755) == 0);
	sample(&r1, "torn", 1);
	sample(&r2, "torn", 2);
	sample(&r3, "torn", 3);
	T_CHECK(store_append(dir, &r1) == 0 && store_append(dir, &r2) == 0);
	store_path(dir, "torn", path, sizeof path);
	text_copy(want, read_text(path), sizeof want);
	n = strlen(want);
	T_CHECK(truncate(path, (off_t)n - 10) == 0);
	T_CHECK(store_read_label(dir, "torn", &set) == 0 && set.n == 1 && set.bad == 1 && set.torn == 1);
	rec_set_free(&set);
	T_CHECK(store_append(dir, &r3) == 0);
	snprintf(cut, sizeof cut, "%.*s\t#torn\n", (int)(n - 10), want);
	rec_format(&r3, cut + strlen(cut), sizeof cut - strlen(cut));
	T_STREQ(read_text(path), cut);
	T_CHECK(store_read_label(dir, "torn", &set) == 0 && set.n == 2 && set.bad == 1 && set.torn == 1);
	T_CHECK(set.n == 2 && set.v[0].run == 1 && set.v[1].run == 3);
	rec_set_free(&set);
	/* a line ending in the mark is torn even when its newline is there */
	T_CHECK(store_append(dir, &r2) == 0);
	T_CHECK(store_read_label(dir, "torn", &set) == 0 && set.n == 3 && set.torn == 1);
	rec_set_free(&set);

	/* cut within the column line: refused, unchanged */
	T_CHECK(store_append(dir, &r1) == 0);
	T_CHECK(truncate(path, 30) == 0);
	text_copy(cut, read_text(path), sizeof cut);
	errno = 0;
	T_CHECK(store_append(dir, &r3) == -1 && errno == EBADMSG);
	T_STREQ(read_text(path), cut);
}

/* store_old_files: an empty file gets its header; a file of fewer columns
 * keeps its layout. */
static void store_old_files(const char *dir)
{
	char want[16384], other[PATH_MAX], line[4096];
	struct rec r1;
	struct rec_set set = { 0 };
	size_t n;

	/* An empty file left by an interrupted creation gets its header. */
	sample(&r1, "b", 1);
	store_path(dir, "b", other, sizeof other);
	write_file(other, "");
	T_CHECK(store_append(dir, &r1) == 0);
	T_CHECK(strncmp(read_text(other), "contest-loads\t1\n", 16) == 0);

	/* A file begun by a version with fewer columns: a record appended to it
	 * takes that file's layout, and both read back. */
	sample(&r1, "old", 1);
	rec_format_as(&r1, OLD_COLS, line, sizeof line);
	snprintf(want, sizeof want, "contest-loads\t1\n" OLD_COLS "\n%s", line);
	store_path(dir, "old", other, sizeof other);
	write_file(other, want);
	sample(&r1, "old", 2);
	r1.ev[REV_PSWPOUT] = 5;
	T_CHECK(store_append(dir, &r1) == 0);
	rec_format_as(&r1, OLD_COLS, line, sizeof line);
	n = strlen(want);
	snprintf(want + n, sizeof want - n, "%s", line);
	T_STREQ(read_text(other), want);
	T_CHECK(store_read_label(dir, "old", &set) == 0 && set.n == 2 && set.bad == 0);
	T_CHECK(set.n == 2 && set.v[1].run == 2 && isnan(set.v[1].ev[REV_PSWPOUT]));
	rec_set_free(&set);
	unlink(other);
}

/* store_all: store_read_all over a directory of good, refused, linked and other files. */
static void store_all(const char *dir)
{
	char other[PATH_MAX];
	struct rec_set set = { 0 };
	const char *err;

	/* store_read_all: only LABEL.loads regular files with valid labels. */
	snprintf(other, sizeof other, "%s/b.micro", dir);
	write_file(other, "not a loads file\n");
	snprintf(other, sizeof other, "%s/.hidden.loads", dir);
	write_file(other, "garbage\n");
	snprintf(other, sizeof other, "%s/a b.loads", dir);
	write_file(other, "garbage\n");
	snprintf(other, sizeof other, "%s/d.loads", dir);
	T_CHECK(mkdir(other, 0755) == 0);
	capture_begin();
	T_CHECK(store_read_all(dir, &set) == 0);
	err = capture_end();
	/* store_refusals' symbolic link is said and counted, never read through */
	T_CHECK(strstr(err, "link.loads is a symbolic link, not a results file; skipped") != NULL);
	T_CHECK(strchr(err, '\n') == err + strlen(err) - 1);
	T_CHECK(set.n == 3 && set.bad == 0 && set.refused == 1);
	rec_set_free(&set);

	/* A refused file is reported and counted; the others are still read. */
	snprintf(other, sizeof other, "%s/c.loads", dir);
	write_file(other, "garbage\n");
	capture_begin();
	T_CHECK(store_read_all(dir, &set) == 0);
	err = capture_end();
	T_CHECK(set.n == 3 && set.refused == 2 && set.bad == 0);
	T_CHECK(strstr(err, "c.loads: not a contest-loads result file") != NULL);
	rec_set_free(&set);
}

/* store_versions: a results or env file of another format version is
 * neither read nor appended to, and the refusal names both versions. */
static void store_versions(const char *dir)
{
	static const char loads2[] = "contest-loads\t2\nlabel\tload\trun\tstatus\nv2\tno_load\t1\tok\n";
	static const char env2[] = "contest-env\t01\n@ T1\nkernel\tx\n";
	char path[PATH_MAX], want[PATH_MAX + 160];
	struct rec r;
	struct rec_set set = { 0 };
	char *text = NULL;
	const char *err;

	snprintf(path, sizeof path, "%s/v2.loads", dir);
	write_file(path, loads2);
	capture_begin();
	T_CHECK(store_read_label(dir, "v2", &set) == -1 && set.n == 0);
	err = capture_end();
	snprintf(want, sizeof want, "contest: %s: contest-loads format version '2', but this build "
	         "reads only version 1; file refused\n", path);
	T_STREQ(err, want);
	rec_set_free(&set);
	sample(&r, "v2", 2);
	errno = 0;
	T_CHECK(store_append(dir, &r) == -1 && errno == EPROTONOSUPPORT);
	T_STREQ(read_text(path), loads2);

	snprintf(path, sizeof path, "%s/v2.env", dir);
	write_file(path, env2);
	capture_begin();
	T_CHECK(store_env_last(dir, "v2", &text) == -1 && text == NULL);
	err = capture_end();
	snprintf(want, sizeof want, "contest: %s: contest-env format version '01', but this build "
	         "reads only version 1; ignored\n", path);
	T_STREQ(err, want);
	errno = 0;
	T_CHECK(store_env_append(dir, "v2", "T2", "kernel\ty\n") == -1 && errno == EPROTONOSUPPORT);
	T_STREQ(read_text(path), env2);

	/* This version's env file is read and appended to. */
	snprintf(path, sizeof path, "%s/v1.env", dir);
	T_CHECK(store_env_append(dir, "v1", "T1", "kernel\tx\n") == 0);
	T_CHECK(store_env_append(dir, "v1", "T2", "kernel\ty\n") == 0);
	T_STREQ(read_text(path), "contest-env\t1\n@ T1\nkernel\tx\n@ T2\nkernel\ty\n");
	T_CHECK(store_env_last(dir, "v1", &text) == 0 && text != NULL);
	if (text != NULL)
		T_STREQ(text, "kernel\ty\n");
	free(text);

	/* A shared directory: each host's own last block. */
	T_CHECK(store_env_append(dir, "sh", "T1", "uname=Linux h1 6.1 #1 SMP x86_64\nk=1\n") == 0);
	T_CHECK(store_env_append(dir, "sh", "T2", "uname=Linux h2 6.1 #1 SMP x86_64\nk=2\n") == 0);
	T_CHECK(store_env_append(dir, "sh", "T3", "uname=Linux h10 6.1 #1 SMP x86_64\nk=3\n") == 0);
	T_CHECK(store_env_append(dir, "sh", "T4", "k=4\n") == 0);
	T_CHECK(store_env_last_of(dir, "sh", "h1", &text) == 0);
	T_STREQ(text, "uname=Linux h1 6.1 #1 SMP x86_64\nk=1\n");
	free(text);
	T_CHECK(store_env_last_of(dir, "sh", "h2", &text) == 0);
	T_STREQ(text, "uname=Linux h2 6.1 #1 SMP x86_64\nk=2\n");
	free(text);
	T_CHECK(store_env_last_of(dir, "sh", "h3", &text) == 0 && text == NULL);
	T_CHECK(store_env_last_of(dir, "sh", NULL, &text) == 0);
	T_STREQ(text, "k=4\n");
	free(text);
}

/* store_concurrent: two appenders at once; then a missing directory. */
static void store_concurrent(const char *dir)
{
	char other[PATH_MAX];
	struct rec r1;
	struct rec_set set = { 0 };
	const char *err;

	/* Concurrent appenders: one header, every record whole. */
	sample(&r1, "conc", 1);
	pid_t kids[2];
	for (int k = 0; k < 2; k++) {
		if ((kids[k] = fork()) == 0) {
			struct rec r = r1;
			for (int i = 0; i < 50; i++) {
				r.run = k * 50 + i + 1;
				if (store_append(dir, &r) != 0)
					_exit(1);
			}
			_exit(0);
		}
	}
	for (int k = 0; k < 2; k++) {
		int status = -1;
		waitpid(kids[k], &status, 0);
		T_CHECK(kids[k] > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	T_CHECK(store_read_label(dir, "conc", &set) == 0);
	T_CHECK(set.n == 100 && set.bad == 0);
	rec_set_free(&set);

	/* A missing directory. */
	snprintf(other, sizeof other, "%s/missing", tmpdir);
	capture_begin();
	T_CHECK(store_read_all(other, &set) == -1);
	err = capture_end();
	T_CHECK(strstr(err, "cannot read results directory") && strstr(err, "missing': No such file or directory") != NULL);
}

static void test_store(void)
{
	char dir[256], path[PATH_MAX], want[16384];
	size_t n;

	snprintf(dir, sizeof dir, "%s/store", tmpdir);
	T_CHECK(mkdir(dir, 0755) == 0);
	n = store_first(dir, path, want, sizeof want);
	store_refusals(dir, path, want);
	store_short_write(dir, path, want, n);
	store_torn(dir);
	store_old_files(dir);
	store_all(dir);
	store_versions(dir);
	store_concurrent(dir);
}

int main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_store();
	return tr_end();
}
