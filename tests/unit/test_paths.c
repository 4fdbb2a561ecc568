/* test_paths.c: links, hard links, FIFOs and other users' files planted in a shared testbed never make contest write, truncate or delete outside it. */
#include "contest/engine/compile.h"
#include "contest/engine/load_control.h"
#include "contest/engine/prepare.h"
#include "contest/engine/sig.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "loads/load.h"
#include "loads/registry.h"
#include "tests/unit/t.h"
#include "workload/builtin.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define MEM (4u << 20)
#define NOBODY 65534

static char base[] = "/tmp/contest-paths.XXXXXX";
static char tb[4096], out[4096], tree[4096];
static int root;

/* fnv: fold len bytes of p into the FNV-1a hash h. */
static unsigned long long fnv(unsigned long long h, const void *p, size_t len)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < len; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

/* snap: a hash of everything under dir: names, types, modes, sizes, inodes,
 * link targets and file contents (a FIFO is not opened). */
static unsigned long long snap(const char *dir, unsigned long long h)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096], buf[4096];
	struct stat st;

	if (d == NULL)
		return fnv(h, "?", 1);
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (lstat(path, &st) != 0)
			continue;
		h = fnv(h, e->d_name, strlen(e->d_name));
		h = fnv(h, &st.st_mode, sizeof st.st_mode);
		h = fnv(h, &st.st_size, sizeof st.st_size);
		h = fnv(h, &st.st_ino, sizeof st.st_ino);
		if (S_ISDIR(st.st_mode)) {
			h = snap(path, h);
		} else if (S_ISLNK(st.st_mode)) {
			ssize_t n = readlink(path, buf, sizeof buf);
			h = fnv(h, buf, n > 0 ? (size_t)n : 0);
		} else if (S_ISREG(st.st_mode)) {
			int fd = open(path, O_RDONLY | O_CLOEXEC);
			ssize_t n;
			while (fd >= 0 && (n = read(fd, buf, sizeof buf)) > 0)
				h = fnv(h, buf, (size_t)n);
			if (fd >= 0)
				close(fd);
		}
	}
	closedir(d);
	return h;
}

/* outside: the hash of the directory outside the testbed. */
static unsigned long long outside(void)
{
	return snap(out, 0xcbf29ce484222325ULL);
}

/* put: dir/name holding len bytes of c. */
static void put(const char *dir, const char *name, size_t len, char c)
{
	char path[4096], buf[4096];
	size_t done = 0;
	int fd;

	memset(buf, c, sizeof buf);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	while (fd >= 0 && done < len) {
		size_t n = len - done < sizeof buf ? len - done : sizeof buf;
		if (write(fd, buf, n) != (ssize_t)n)
			break;
		done += n;
	}
	T_CHECK(fd >= 0 && done == len && close(fd) == 0);
}

/* in: dir/name into buf. */
static const char *in(char *buf, size_t len, const char *dir, const char *name)
{
	T_CHECK(fs_path(buf, len, "%s/%s", dir, name) == 0);
	return buf;
}

/* plant_link: tb/name, whatever it is, replaced by a link to out/target. */
static void plant_link(const char *name, const char *target)
{
	char a[4096], b[4096];

	T_CHECK(fs_rm_at(AT_FDCWD, in(a, sizeof a, tb, name)) == 0);
	T_CHECK(symlink(in(b, sizeof b, out, target), a) == 0);
}

/* is_link: tb/name is a symbolic link. */
static int is_link(const char *name)
{
	char a[4096];
	struct stat st;

	return lstat(in(a, sizeof a, tb, name), &st) == 0 && S_ISLNK(st.st_mode);
}

/* exists: tb/name exists (not following a link). */
static int exists(const char *name)
{
	char a[4096];
	struct stat st;

	return lstat(in(a, sizeof a, tb, name), &st) == 0;
}

/* fails_with: start d with prep and wait (a bounded poll) for it to fail;
 * 1 when it failed with want in its reason. Stops it. */
static int fails_with(const struct load_desc *d, struct load_env *env, struct load_prep *prep,
                      const char *want)
{
	struct load_control lc;
	char why[512] = "";
	int failed = 0;

	if (load_control_start(&lc, d, env, prep, why, sizeof why) != 0)
		return 0;
	for (int i = 0; i < 500 && !failed; i++, mono_sleep(0.01))
		failed = load_control_check(&lc, why, sizeof why) != 0;
	T_CHECK(load_control_stop(&lc, 2.0) == 0);
	if (!failed || strstr(why, want) == NULL)
		fprintf(stderr, "%s: want failure with '%s', got '%s'\n", d->name, want, why);
	return failed && strstr(why, want) != NULL;
}

/* test_util: the helpers' rules. */
static void test_util(void)
{
	char a[4096], b[4096], why[512];
	struct stat sa, sb;
	int fd, d;
	unsigned long long h = outside();

	/* fs_dir_open: a directory anybody may write needs the sticky bit */
	snprintf(a, sizeof a, "%s/open", base);
	T_CHECK(mkdir(a, 0700) == 0 && chmod(a, 0777) == 0);
	T_CHECK(fs_dir_open(a, why, sizeof why) == -1);
	T_CHECK(strstr(why, a) != NULL && strstr(why, "writable by anybody and not sticky") != NULL);
	T_CHECK(chmod(a, 01777) == 0);
	T_CHECK((fd = fs_dir_open(a, why, sizeof why)) >= 0);
	close(fd);
	T_CHECK(rmdir(a) == 0);
	T_CHECK(fs_dir_open(a, why, sizeof why) == -1 && strstr(why, strerror(ENOENT)) != NULL);

	d = open(tb, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	T_CHECK(d >= 0);
	/* fs_rm_own: a link goes (not its target), contest's own entries go */
	plant_link("l", "victim");
	T_CHECK(fs_rm_own(d, "l") == 0 && !exists("l"));
	plant_link("ld", "dir");
	T_CHECK(fs_rm_own(d, "ld") == 0 && !exists("ld"));
	put(tb, "own", 10, 'o');
	T_CHECK(fs_rm_own(d, "own") == 0 && !exists("own"));
	T_CHECK(mkdirat(d, "owndir", 0755) == 0);
	T_CHECK(symlink(in(b, sizeof b, out, "dir"), in(a, sizeof a, tb, "owndir/escape")) == 0);
	T_CHECK(fs_rm_own(d, "owndir") == 0 && !exists("owndir"));
	T_CHECK(fs_rm_own(d, "missing") == 0);
	/* fs_rm_same: only the very file */
	put(tb, "same", 10, 's');
	T_CHECK(fstatat(d, "same", &sa, 0) == 0);
	T_CHECK(renameat(d, "same", d, "same.old") == 0);   /* kept: its inode is not reused */
	put(tb, "same", 10, 't');
	T_CHECK(fstatat(d, "same", &sb, 0) == 0);
	errno = 0;
	T_CHECK(fs_rm_same(d, "same", &sa) == -1 && errno == EEXIST && exists("same"));
	T_CHECK(fs_rm_same(d, "same", &sb) == 0 && !exists("same"));
	T_CHECK(unlinkat(d, "same.old", 0) == 0);
	/* fs_mkdir_at: never a name already there, not even a link */
	plant_link("md", "dir");
	errno = 0;
	T_CHECK(fs_mkdir_at(d, "md", 0755) == -1 && errno == EEXIST && is_link("md"));
	T_CHECK(unlinkat(d, "md", 0) == 0);
	T_CHECK((fd = fs_mkdir_at(d, "md", 0755)) >= 0 && fstat(fd, &sa) == 0 && S_ISDIR(sa.st_mode));
	close(fd);
	T_CHECK(unlinkat(d, "md", AT_REMOVEDIR) == 0);
	/* fs_own_file: a single-link regular file, not a hard link or a FIFO */
	put(tb, "f", 10, 'f');
	T_CHECK((fd = openat(d, "f", O_RDONLY | O_CLOEXEC)) >= 0 && fs_own_file(d, fd) == 1);
	close(fd);
	T_CHECK(linkat(AT_FDCWD, in(a, sizeof a, out, "victim"), d, "hl", 0) == 0);
	T_CHECK((fd = openat(d, "hl", O_RDONLY | O_CLOEXEC)) >= 0 && fs_own_file(d, fd) == 0);
	close(fd);
	T_CHECK(mkfifoat(d, "fifo", 0644) == 0);
	T_CHECK((fd = openat(d, "fifo", O_RDONLY | O_NONBLOCK | O_CLOEXEC)) >= 0 && fs_own_file(d, fd) == 0);
	close(fd);
	T_CHECK(unlinkat(d, "hl", 0) == 0 && unlinkat(d, "fifo", 0) == 0);
	if (root) {
		/* another user's entry: neither removed nor taken for contest's */
		T_CHECK(fchownat(d, "f", NOBODY, NOBODY, 0) == 0);
		T_CHECK((fd = openat(d, "f", O_RDONLY | O_CLOEXEC)) >= 0 && fs_own_file(d, fd) == 0);
		close(fd);
		errno = 0;
		T_CHECK(fs_rm_own(d, "f") == -1 && errno == EPERM && exists("f"));
		errno = 0;
		T_CHECK(fs_rm_in(tb, "f") == -1 && errno == EPERM && exists("f"));
	}
	T_CHECK(unlinkat(d, "f", 0) == 0);
	close(d);
	T_CHECK(outside() == h);
}

/* test_prepare_links: every load's prepare replaces a link planted at its
 * names (the link goes, its target stays) and cleanup removes its files. */
static void test_prepare_links(struct load_env *env)
{
	const struct load_desc *loads[] = { &load_io_load, &load_read_load, &load_mem_load,
	                                    &load_ctar_load, &load_xtar_load, &load_dbench_load };
	const char *names[][2] = { { "io_load.dat", NULL }, { "read_load.dat", NULL },
	                           { "mem_load.map", NULL }, { "ctar_load.tar", NULL },
	                           { "xtar_load.tar", "xtar_load.d" }, { "dbench_load.d", NULL } };
	unsigned long long h = outside();
	char why[512], a[4096];

	for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++) {
		struct load_prep prep = { .per_unit = loads[i]->per_unit, .mode = i == 5 ? 2 : 0 };

		for (int k = 0; k < 2 && names[i][k]; k++)
			plant_link(names[i][k], k ? "dir" : "victim");
		why[0] = '\0';
		T_CHECK(loads[i]->prepare(env, &prep, why, sizeof why) == 0);
		if (why[0])
			fprintf(stderr, "%s: %s\n", loads[i]->name, why);
		for (int k = 0; k < 2 && names[i][k]; k++)
			T_CHECK(!is_link(names[i][k]));
		loads[i]->cleanup(env, &prep);
		T_CHECK(outside() == h);
	}
	T_CHECK(exists("read_load.dat") && unlink(in(a, sizeof a, tb, "read_load.dat")) == 0);
}

/* test_races: a link or file put in place between prepare and the load's
 * start fails the load with a clear reason and leaves the outside alone. */
static void test_races(struct load_env *env)
{
	unsigned long long h = outside();
	struct load_prep prep;
	char why[512], a[4096], b[4096];

	prep = (struct load_prep){ .per_unit = load_io_load.per_unit };
	T_CHECK(load_io_load.prepare(env, &prep, why, sizeof why) == 0);
	plant_link("io_load.dat", "victim");
	T_CHECK(fails_with(&load_io_load, env, &prep, "io_load.dat: File exists"));
	load_io_load.cleanup(env, &prep);
	T_CHECK(!exists("io_load.dat"));

	prep = (struct load_prep){ .per_unit = load_ctar_load.per_unit };
	T_CHECK(load_ctar_load.prepare(env, &prep, why, sizeof why) == 0);
	plant_link("ctar_load.tar", "victim");
	T_CHECK(fails_with(&load_ctar_load, env, &prep, "ctar_load.tar: File exists"));
	load_ctar_load.cleanup(env, &prep);

	prep = (struct load_prep){ .per_unit = load_xtar_load.per_unit };
	T_CHECK(load_xtar_load.prepare(env, &prep, why, sizeof why) == 0);
	plant_link("xtar_load.d", "dir");
	T_CHECK(fails_with(&load_xtar_load, env, &prep, "xtar_load.d: File exists"));
	plant_link("xtar_load.tar", "victim");
	T_CHECK(fails_with(&load_xtar_load, env, &prep, "xtar_load.tar: Too many levels of symbolic links"));
	load_xtar_load.cleanup(env, &prep);

	prep = (struct load_prep){ .per_unit = load_dbench_load.per_unit, .mode = 2 };
	T_CHECK(load_dbench_load.prepare(env, &prep, why, sizeof why) == 0);
	plant_link("dbench_load.d", "dir");
	T_CHECK(fails_with(&load_dbench_load, env, &prep, "cannot open " ) && outside() == h);
	load_dbench_load.cleanup(env, &prep);

	prep = (struct load_prep){ .per_unit = load_read_load.per_unit };
	T_CHECK(load_read_load.prepare(env, &prep, why, sizeof why) == 0);
	plant_link("read_load.dat", "big");
	T_CHECK(fails_with(&load_read_load, env, &prep, "read_load.dat: Too many levels of symbolic links"));
	load_read_load.cleanup(env, &prep);

	prep = (struct load_prep){ .per_unit = load_mem_load.per_unit };
	T_CHECK(load_mem_load.prepare(env, &prep, why, sizeof why) == 0);
	if (prep.mode == 1) {
		/* a hard link to a file elsewhere, of the very size: never mapped and written */
		T_CHECK(unlink(in(a, sizeof a, tb, "mem_load.map")) == 0);
		T_CHECK(link(in(b, sizeof b, out, "big"), a) == 0);
		T_CHECK(fails_with(&load_mem_load, env, &prep, "is not contest's file"));
	} else {
		fprintf(stderr, "skip: mem_load uses anonymous memory (swap active): no file to swap\n");
	}
	load_mem_load.cleanup(env, &prep);
	T_CHECK(outside() == h);
	T_CHECK(!exists("io_load.dat") && !exists("ctar_load.tar") && !exists("xtar_load.tar") &&
	        !exists("xtar_load.d") && !exists("dbench_load.d") && !exists("mem_load.map"));
	T_CHECK(fs_rm_in(tb, "read_load.dat") == 0);
}

/* test_other_user: another user's file at a load's name fails prepare
 * naming it, and nothing removes it. */
static void test_other_user(struct load_env *env)
{
	struct load_prep prep = { .per_unit = load_io_load.per_unit };
	char why[512] = "", a[4096];
	struct stat st;

	if (!root) {
		printf("skip: another user's file needs root to make\n");
		return;
	}
	put(tb, "io_load.dat", 5, 'm');
	T_CHECK(chown(in(a, sizeof a, tb, "io_load.dat"), NOBODY, NOBODY) == 0);
	T_CHECK(load_io_load.prepare(env, &prep, why, sizeof why) == -1);
	T_CHECK(strstr(why, "io_load.dat is in the way and belongs to uid 65534 (a regular file), not to contest") != NULL);
	load_io_load.cleanup(env, &prep);
	T_CHECK(lstat(a, &st) == 0 && st.st_uid == NOBODY && st.st_size == 5);
	T_CHECK(unlink(a) == 0);
}

/* compile: compile_run of sh -c script in tree with log tb/compile.log. */
static int compile(const char *script, char *why, size_t len)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	char log[4096];
	struct compile_result res;

	why[0] = '\0';
	return compile_run(tree, argv, in(log, sizeof log, tb, "compile.log"), NULL, NULL, &res, why, len);
}

/* tail_of: what compile_log_tail prints for tb/compile.log. */
static void tail_of(char *buf, size_t len)
{
	char log[4096];
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO);
	size_t n;

	fflush(stderr);
	dup2(fileno(f), STDERR_FILENO);
	compile_log_tail(in(log, sizeof log, tb, "compile.log"), 5);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* test_log: the compile's log is made afresh whatever is planted at its
 * name, its tail is shown only from contest's own file, a run out of space
 * says so. */
static void test_log(void)
{
	unsigned long long h = outside();
	char why[512], a[4096], b[4096], tail[4096];
	struct stat st;

	plant_link("compile.log", "victim");
	T_CHECK(compile("echo hello", why, sizeof why) == COMPILE_OK);
	T_CHECK(lstat(in(a, sizeof a, tb, "compile.log"), &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 6);
	T_CHECK(unlink(a) == 0 && link(in(b, sizeof b, out, "victim"), a) == 0);
	T_CHECK(compile("echo hello", why, sizeof why) == COMPILE_OK);   /* not truncated through */
	T_CHECK(lstat(a, &st) == 0 && st.st_nlink == 1);
	T_CHECK(unlink(a) == 0 && mkfifo(a, 0644) == 0);
	T_CHECK(compile("echo hello", why, sizeof why) == COMPILE_OK);   /* not blocked on */
	T_CHECK(lstat(a, &st) == 0 && S_ISREG(st.st_mode));
	tail_of(tail, sizeof tail);
	T_CHECK(strstr(tail, "hello") != NULL);
	plant_link("compile.log", "victim");
	tail_of(tail, sizeof tail);
	T_STREQ(tail, "");                                                /* the victim not shown */
	T_CHECK(outside() == h);
	T_CHECK(unlink(a) == 0);
	if (root) {
		put(tb, "compile.log", 3, 'x');
		T_CHECK(chown(a, NOBODY, NOBODY) == 0);
		T_CHECK(compile("echo hello", why, sizeof why) == COMPILE_FAILED);
		T_CHECK(strstr(why, "compile.log: it belongs to uid 65534 (a regular file), not to contest") != NULL);
		T_CHECK(lstat(a, &st) == 0 && st.st_uid == NOBODY && st.st_size == 3);
	}
	T_CHECK(fs_rm_at(AT_FDCWD, a) == 0);
	/* out of space: the reason says so */
	T_CHECK(compile("echo 'cc1: fatal error: x.o: No space left on device' >&2; exit 1", why,
	                sizeof why) == COMPILE_FAILED);
	T_CHECK(strstr(why, "sh exited with status 1: No space left on device (log: ") != NULL);
	T_CHECK(compile("echo 'error: bad'; exit 2", why, sizeof why) == COMPILE_FAILED);
	T_CHECK(strstr(why, "sh exited with status 2 (log: ") != NULL);
	T_CHECK(fs_rm_in(tb, "compile.log") == 0);
}

/* test_builtin: a link planted as the built-in tree, pointing at a tree
 * with a valid marker, is never used; another user's tree is refused. */
static void test_builtin(void)
{
	unsigned long long h = outside();
	char dir[4096], why[512], a[4096];
	struct stat st;

	plant_link("builtin-1-tiny", "tree");
	T_CHECK(builtin_prepare(tb, "tiny", dir, sizeof dir, why, sizeof why) == 0);
	T_CHECK(lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid());
	T_CHECK((st.st_mode & 07777) == (0755 & ~(mode_t)022) || (st.st_mode & 0700) == 0700);
	T_CHECK(outside() == h);
	if (root) {
		T_CHECK(rename(dir, in(a, sizeof a, tb, "old")) == 0);
		T_CHECK(mkdir(dir, 0755) == 0 && chown(dir, NOBODY, NOBODY) == 0);
		T_CHECK(builtin_prepare(tb, "tiny", a, sizeof a, why, sizeof why) == -1);
		T_CHECK(strstr(why, "builtin-1-tiny is in the way and belongs to uid 65534") != NULL);
		T_CHECK(lstat(dir, &st) == 0 && st.st_uid == NOBODY);
		T_CHECK(rmdir(dir) == 0);
		T_CHECK(fs_rm_in(tb, "old") == 0);
	} else {
		T_CHECK(fs_rm_in(tb, "builtin-1-tiny") == 0);
	}
	/* no temporary tree left behind */
	DIR *d = opendir(tb);
	struct dirent *e;
	int left = 0;
	while (d != NULL && (e = readdir(d)) != NULL)
		left += strstr(e->d_name, ".tmp.") != NULL || strncmp(e->d_name, "builtin-", 8) == 0;
	if (d != NULL)
		closedir(d);
	T_CHECK(left == 0);
}

/* test_tree_phase: an interrupt while an existing built-in tree is checked
 * says so, not that the tree was being generated. */
static void test_tree_phase(void)
{
	char dir[4096], why[512] = "";

	T_CHECK(prepare_tree(tb, "tiny", dir, sizeof dir, why, sizeof why) == 0);
	T_CHECK(builtin_ready(tb, "tiny") == 1);
	sig_caught = SIGINT;  /* as if it came while the child checks the tree */
	T_CHECK(prepare_tree(tb, "tiny", dir, sizeof dir, why, sizeof why) == 1);
	sig_caught = 0;
	T_CHECK(strcmp(why, "checking the existing built-in workload") == 0);
	T_CHECK(builtin_ready(tb, "tiny") == 1);  /* the complete tree is not swept */
	T_CHECK(fs_rm_in(tb, "builtin-1-tiny") == 0);
	T_CHECK(builtin_ready(tb, "tiny") == 0);
}

int main(void)
{
	struct load_env env = { .mem = MEM, .cpus = 1 };
	char p[4096];

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	sig_install();
	root = geteuid() == 0;
	if (!root)
		printf("skip: not root: the checks with another user's files are left out\n");
	T_CHECK(mkdtemp(base) != NULL);
	snprintf(tb, sizeof tb, "%s/tb", base);
	snprintf(out, sizeof out, "%s/out", base);
	snprintf(tree, sizeof tree, "%s/src", base);
	T_CHECK(mkdir(tb, 0755) == 0 && chmod(tb, 01777) == 0);  /* shared, like /tmp */
	T_CHECK(mkdir(out, 0755) == 0 && mkdir(tree, 0755) == 0);
	put(out, "victim", 100, 'v');
	put(out, "big", MEM + MEM / 10, 'b');            /* as large as read_load's and mem_load's files */
	T_CHECK(mkdir(in(p, sizeof p, out, "dir"), 0755) == 0);
	put(p, "keep", 10, 'k');
	T_CHECK(mkdir(in(p, sizeof p, out, "tree"), 0755) == 0);
	put(p, ".contest-builtin", 0, 0);
	put(p, "Makefile", 10, '#');
	FILE *f = fopen(in(p, sizeof p, out, "tree/.contest-builtin"), "w");
	T_CHECK(f != NULL && fputs("builtin-1:tiny\n", f) >= 0 && fclose(f) == 0);
	put(tree, "a.c", 3000, 'a');
	put(tree, "b.h", 100, 'b');
	env.testbed = tb;
	env.tree = tree;

	test_util();
	test_prepare_links(&env);
	test_races(&env);
	test_other_user(&env);
	test_log();
	test_builtin();
	test_tree_phase();
	T_CHECK(fs_rm_in("/tmp", base + 5) == 0);
	return t_done();
}
