/* test_builtin.c: unit tests of the built-in workload: scales, determinism, caching, and a real build. */
#include "lib/err.h"
#include "lib/fs.h"
#include "tests/unit/t.h"
#include "workload/builtin.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAXFILES 4096

/* The file list nftw collects into (nftw has no user pointer). */
static char *files[MAXFILES];
static size_t nfiles, rootlen;

/* collect: nftw callback appending regular files (relative to rootlen) to files[]. */
static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_F && nfiles < MAXFILES)
		files[nfiles++] = strdup(path + rootlen);
	return 0;
}

/* cmp_str: qsort/bsearch order of string pointers. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* free_files: empty files[]. */
static void free_files(void)
{
	while (nfiles > 0)
		free(files[--nfiles]);
}

/* list_tree: the sorted relative paths of the regular files under root, into files[]. */
static void list_tree(const char *root)
{
	free_files();
	rootlen = strlen(root);
	nftw(root, collect, 16, FTW_PHYS);
	qsort(files, nfiles, sizeof files[0], cmp_str);
}

/* rm_one: nftw callback removing one entry. */
static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

/* rm_tree: remove root and everything below it, not following symlinks. */
static void rm_tree(const char *root)
{
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* read_all: the contents of path (malloc'd, NUL-terminated) and its size; NULL when unreadable. */
static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) != NULL) {
		*len = fread(buf, 1, (size_t)n, f);
		buf[*len] = '\0';
	}
	fclose(f);
	return buf;
}

/* same_file: 1 when a/rel and b/rel have identical bytes. */
static int same_file(const char *a, const char *b, const char *rel)
{
	char pa[PATH_MAX], pb[PATH_MAX];
	size_t la = 0, lb = 0;
	char *ca, *cb;
	int same;

	T_CHECK(fs_path(pa, sizeof pa, "%s%s", a, rel) == 0);
	T_CHECK(fs_path(pb, sizeof pb, "%s%s", b, rel) == 0);
	ca = read_all(pa, &la);
	cb = read_all(pb, &lb);
	same = ca && cb && la == lb && memcmp(ca, cb, la) == 0;
	free(ca);
	free(cb);
	return same;
}

/* run: run argv in dir with MAKEFLAGS unset and a hostile CC/CFLAGS; stdout into out (if any).
 * Returns the exit status, or -1. */
static int run(const char *dir, char *const argv[], char *out, size_t outlen)
{
	int pfd[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(pfd) != 0)
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(out ? pfd[1] : null, 1);
		close(pfd[0]);
		close(pfd[1]);
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		unsetenv("MAKELEVEL");
		setenv("CC", "false", 1);       /* the generated Makefile must ignore these */
		setenv("CFLAGS", "--no-such-flag", 1);
		if (chdir(dir) == 0)
			execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	while (out && got + 1 < outlen && (n = read(pfd[0], out + got, outlen - 1 - got)) > 0)
		got += (size_t)n;
	if (out)
		out[got] = '\0';
	close(pfd[0]);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* test_scales: scale names and the identity string. */
static void test_scales(void)
{
	char buf[64];

	T_CHECK(builtin_scale_valid("mini"));
	T_CHECK(builtin_scale_valid("tiny"));
	T_CHECK(builtin_scale_valid("small"));
	T_CHECK(builtin_scale_valid("default"));
	T_CHECK(builtin_scale_valid("large"));
	T_CHECK(!builtin_scale_valid(""));
	T_CHECK(!builtin_scale_valid("Tiny"));
	T_CHECK(!builtin_scale_valid("huge"));
	T_CHECK(!builtin_scale_valid("tiny "));
	T_CHECK(!builtin_scale_valid(NULL));
	builtin_identity("default", buf, sizeof buf);
	T_STREQ(buf, "builtin-1:default");
	builtin_identity("tiny", buf, sizeof buf);
	T_STREQ(buf, "builtin-1:tiny");
	builtin_identity("mini", buf, sizeof buf);
	T_STREQ(buf, "builtin-1:mini");
}

/* test_deterministic: two generations of tiny are byte-identical, kernel-shaped trees. */
static void test_deterministic(const char *base)
{
	char a[PATH_MAX], b[PATH_MAX];
	char *list_a[MAXFILES];
	size_t n_a, i;
	int ndiff = 0, nc = 0, nh = 0;

	T_CHECK(fs_path(a, sizeof a, "%s/a", base) == 0);
	T_CHECK(fs_path(b, sizeof b, "%s/b", base) == 0);
	T_CHECK(mkdir(a, 0755) == 0 && mkdir(b, 0755) == 0);
	T_CHECK(builtin_generate(a, "tiny") == 0);
	T_CHECK(builtin_generate(b, "tiny") == 0);
	errno = 0;
	T_CHECK(builtin_generate(a, "huge") == -1 && errno == EINVAL);

	list_tree(a);
	n_a = nfiles;
	memcpy(list_a, files, n_a * sizeof files[0]);
	nfiles = 0;
	list_tree(b);
	T_CHECK(n_a == nfiles);
	T_CHECK(n_a > 50);
	for (i = 0; i < n_a && i < nfiles; i++) {
		size_t l = strlen(list_a[i]);

		if (strcmp(list_a[i], files[i]) != 0 || !same_file(a, b, list_a[i]))
			ndiff++;
		nc += l > 2 && strcmp(list_a[i] + l - 2, ".c") == 0;
		nh += strncmp(list_a[i], "/include/", 9) == 0;
	}
	T_CHECK(ndiff == 0);
	T_CHECK(nc >= 10);
	T_CHECK(nh >= 24);
	T_CHECK(bsearch(&(const char *){ "/Makefile" }, files, nfiles, sizeof files[0], cmp_str) != NULL);
	T_CHECK(bsearch(&(const char *){ "/init/main.c" }, files, nfiles, sizeof files[0], cmp_str) != NULL);
	T_CHECK(bsearch(&(const char *){ "/include/linux/kernel.h" }, files, nfiles, sizeof files[0],
			cmp_str) != NULL);
	for (i = 0; i < n_a; i++)
		free(list_a[i]);
}

/* count_tmp: entries of testbed named like temporary trees (.tmp.). */
static int count_tmp(const char *testbed)
{
	char cmd[PATH_MAX + 64], line[64] = "";
	FILE *p;

	snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -c '\\.tmp\\.'", testbed);
	p = popen(cmd, "r");
	if (p == NULL)
		return -1;
	if (fgets(line, sizeof line, p) == NULL)
		line[0] = '\0';
	pclose(p);
	return atoi(line);
}

/* test_prepare: generation, reuse, replacement of stale trees, errors. */
static void test_prepare(const char *testbed, char *dir, size_t dirlen)
{
	char want[PATH_MAX], path[PATH_MAX], outside[PATH_MAX / 2], err[256] = "", *s;
	struct stat st1, st2;
	size_t len = 0;
	FILE *f;

	T_CHECK(fs_path(want, sizeof want, "%s/builtin-1-tiny", testbed) == 0);
	T_CHECK(builtin_prepare(testbed, "tiny", dir, dirlen, err, sizeof err) == 0);
	T_STREQ(dir, want);
	T_CHECK(fs_path(path, sizeof path, "%s/.contest-builtin", dir) == 0);
	s = read_all(path, &len);
	T_STREQ(s, "builtin-1:tiny\n");
	free(s);
	T_CHECK(count_tmp(testbed) == 0);

	/* Reuse: the marker and a dropped sentinel survive a second prepare. */
	T_CHECK(stat(path, &st1) == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/sentinel", dir) == 0);
	f = fopen(path, "w");
	T_CHECK(f != NULL);
	if (f)
		fclose(f);
	T_CHECK(builtin_prepare(testbed, "tiny", dir, dirlen, err, sizeof err) == 0);
	T_STREQ(dir, want);
	T_CHECK(access(path, F_OK) == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/.contest-builtin", dir) == 0);
	T_CHECK(stat(path, &st2) == 0);
	T_CHECK(st1.st_ino == st2.st_ino && st1.st_mtim.tv_sec == st2.st_mtim.tv_sec &&
		st1.st_mtim.tv_nsec == st2.st_mtim.tv_nsec);

	/* Stale: no marker, junk inside, a symlink leading out of the testbed. */
	T_CHECK(unlink(path) == 0);
	T_CHECK(fs_path(outside, sizeof outside, "%s/outside", testbed) == 0);
	T_CHECK(mkdir(outside, 0755) == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/keep", outside) == 0);
	f = fopen(path, "w");
	if (f)
		fclose(f);
	T_CHECK(fs_path(path, sizeof path, "%s/kernel/escape", dir) == 0);
	T_CHECK(symlink(outside, path) == 0);
	T_CHECK(builtin_prepare(testbed, "tiny", dir, dirlen, err, sizeof err) == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/sentinel", dir) == 0);
	T_CHECK(access(path, F_OK) != 0);
	T_CHECK(fs_path(path, sizeof path, "%s/keep", outside) == 0);
	T_CHECK(access(path, F_OK) == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/.contest-builtin", dir) == 0);
	T_CHECK(access(path, F_OK) == 0);
	T_CHECK(count_tmp(testbed) == 0);

	/* A marker of another version or scale is stale too. */
	f = fopen(path, "w");
	if (f) {
		fputs("builtin-0:tiny\n", f);
		fclose(f);
	}
	T_CHECK(builtin_prepare(testbed, "tiny", dir, dirlen, err, sizeof err) == 0);
	s = read_all(path, &len);
	T_STREQ(s, "builtin-1:tiny\n");
	free(s);

	/* Errors: a reason naming the path. */
	T_CHECK(fs_path(path, sizeof path, "%s/missing", testbed) == 0);
	err[0] = '\0';
	T_CHECK(builtin_prepare(path, "tiny", want, sizeof want, err, sizeof err) == -1);
	T_CHECK(strstr(err, path) != NULL && strstr(err, strerror(ENOENT)) != NULL);
	err[0] = '\0';
	T_CHECK(builtin_prepare(testbed, "huge", want, sizeof want, err, sizeof err) == -1);
	T_CHECK(err[0] != '\0');
}

/* test_build: the tiny tree builds with make, runs, prints a stable checksum, and cleans. */
static void test_build(const char *dir)
{
	char *const make[] = { "make", "-s", "-j4", NULL };
	char *const clean[] = { "make", "-s", "clean", NULL };
	char *const prog[] = { "./vmlinux", NULL };
	char out1[256] = "", out2[256] = "", path[PATH_MAX];
	const char *want = "contest builtin workload checksum 0x";
	size_t i;
	int n_objects = 0, left = 0;

	T_CHECK(run(dir, make, NULL, 0) == 0);
	T_CHECK(run(dir, prog, out1, sizeof out1) == 0);
	T_CHECK(strncmp(out1, want, strlen(want)) == 0);
	T_CHECK(strspn(out1 + strlen(want), "0123456789abcdef") == 16);
	T_CHECK(run(dir, prog, out2, sizeof out2) == 0);
	T_STREQ(out1, out2);

	list_tree(dir);
	for (i = 0; i < nfiles; i++)
		n_objects += strlen(files[i]) > 2 && strcmp(files[i] + strlen(files[i]) - 2, ".o") == 0;
	T_CHECK(n_objects > 10);
	T_CHECK(run(dir, clean, NULL, 0) == 0);
	list_tree(dir);
	for (i = 0; i < nfiles; i++)
		left += strlen(files[i]) > 2 && strcmp(files[i] + strlen(files[i]) - 2, ".o") == 0;
	T_CHECK(left == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/vmlinux", dir) == 0);
	T_CHECK(access(path, F_OK) != 0);
	free_files();
}

/* main: every test in temporary directories under /tmp, removed at the end. */
int main(void)
{
	char base[] = "/tmp/test_builtin.XXXXXX", testbed[] = "/tmp/test_builtin_tb.XXXXXX";
	char dir[PATH_MAX];

	test_scales();
	if (mkdtemp(base) == NULL || mkdtemp(testbed) == NULL) {
		warn("mkdtemp");
		return 1;
	}
	test_deterministic(base);
	test_prepare(testbed, dir, sizeof dir);
	test_build(dir);
	free_files();
	rm_tree(base);
	rm_tree(testbed);
	return t_done();
}
