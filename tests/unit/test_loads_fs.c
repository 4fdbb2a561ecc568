/* test_loads_fs.c: ctar_load, xtar_load and dbench_load really archive, extract and serve files, fail loudly, and clean up. */
#include "contest/engine/load_control.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "loads/load.h"
#include "loads/registry.h"
#include "loads/tar_common.h"
#include "tests/unit/t.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* count_entries: entries in dir besides . and .., or -1. */
static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* put: write a file of len bytes at dir/name. */
static void put(const char *dir, const char *name, size_t len)
{
	char path[4096], buf[8192];
	int fd;

	memset(buf, 'x', sizeof buf);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	T_CHECK(fd >= 0);
	T_CHECK(write(fd, buf, len < sizeof buf ? len : sizeof buf) >= 0);
	close(fd);
}

/* make_tree: a small source tree: ./ a/ a/b/ c/ and three sources (7
 * entries), plus an object and a vmlinux that the loads must leave out. */
static void make_tree(const char *t)
{
	char p[4096];

	snprintf(p, sizeof p, "%s/a/b", t);
	T_CHECK(fs_mkdirs(p) == 0);
	snprintf(p, sizeof p, "%s/c", t);
	T_CHECK(mkdir(p, 0755) == 0);
	put(t, "a/x.c", 3000);
	put(t, "a/b/z.h", 100);
	put(t, "c/y.c", 5000);
	put(t, "a/x.o", 4000);
	put(t, "vmlinux", 8000);
}

/* seen_within: 1 when path exists (a regular file with data when file) within about 1 s. */
static int seen_within(const char *path, int file)
{
	struct stat st;

	for (int i = 0; i < 100; i++, mono_sleep(0.01))
		if (stat(path, &st) == 0 && (!file || (S_ISREG(st.st_mode) && st.st_size > 0)))
			return 1;
	return 0;
}

/* window: start d with prep, let it lead lead s, sample a window of secs:
 * it must not fail and its counter must grow; then path (a file with data
 * when file, else any entry) must exist. Stops it, checks no process is
 * left, cleans up. */
static void window(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                   double lead, double secs, const char *path, int file)
{
	struct load_control lc;
	struct load_sample a, b;
	char why[512] = "";
	pid_t pgid;

	if (load_control_start(&lc, d, env, prep, why, sizeof why) != 0) {
		fprintf(stderr, "%s: %s\n", d->name, why);
		T_CHECK(0);
		d->cleanup(env, prep);
		return;
	}
	pgid = lc.pgid;
	mono_sleep(lead);
	load_control_sample(&lc, &a);
	mono_sleep(secs);
	load_control_sample(&lc, &b);
	if (load_control_check(&lc, why, sizeof why) != 0)
		fprintf(stderr, "%s: %s\n", d->name, why);
	T_CHECK(why[0] == '\0');
	T_CHECK(b.work > a.work);
	T_CHECK(seen_within(path, file));
	if (b.work <= a.work || !seen_within(path, file))
		fprintf(stderr, "%s: work %llu -> %llu, %s\n", d->name, (unsigned long long)a.work,
		        (unsigned long long)b.work, path);
	T_CHECK(load_control_stop(&lc, 2.0) == 0);
	T_CHECK(proc_group_count(pgid) == 0);
	d->cleanup(env, prep);
	T_CHECK(count_entries(env->testbed) == 0);
}

/* ctar: per_unit is the tree's 7 entries; the archive is written; a missing tree is refused. */
static void test_ctar(struct load_env *env)
{
	struct load_prep prep = { .per_unit = load_ctar_load.per_unit };
	struct load_env bad = *env;
	char path[4096], why[512] = "";

	T_CHECK(load_ctar_load.prepare(env, &prep, why, sizeof why) == 0);
	T_NEAR(prep.per_unit, 7, 0);
	snprintf(path, sizeof path, "%s/ctar_load.tar", env->testbed);
	window(&load_ctar_load, env, &prep, 0.5, 0.5, path, 1);

	bad.tree = "/nonexistent/contest-tree";
	prep = (struct load_prep){ .per_unit = load_ctar_load.per_unit };
	T_CHECK(load_ctar_load.prepare(&bad, &prep, why, sizeof why) != 0);
	T_CHECK(strstr(why, "ctar_load: archiving /nonexistent/contest-tree failed: tar exited with status 2") != NULL);
	load_ctar_load.cleanup(&bad, &prep);
	T_CHECK(count_entries(env->testbed) == 0);
}

/* xtar: the archive holds the 7 entries and no object or vmlinux; files are
 * extracted; a vanished archive fails the load naming it. */
static void test_xtar(struct load_env *env)
{
	struct load_prep prep = { .per_unit = load_xtar_load.per_unit };
	char path[4096], why[512] = "";
	char *list[] = { "tar", "-tf", prep.path, NULL };
	struct tar_out o;
	struct load_control lc;
	int seen = 0;

	T_CHECK(load_xtar_load.prepare(env, &prep, why, sizeof why) == 0);
	T_NEAR(prep.per_unit, 7, 0);
	T_CHECK(tar_run(list, -1, -1, -1, NULL, &o) == 0 && o.entries == 7 && o.msg[0] == '\0');
	snprintf(path, sizeof path, "%s/xtar_load.d/a/b/z.h", env->testbed);
	window(&load_xtar_load, env, &prep, 0.5, 0.5, path, 1);

	prep = (struct load_prep){ .per_unit = load_xtar_load.per_unit };
	T_CHECK(load_xtar_load.prepare(env, &prep, why, sizeof why) == 0);
	T_CHECK(unlink(prep.path) == 0);
	T_CHECK(load_control_start(&lc, &load_xtar_load, env, &prep, why, sizeof why) == 0);
	for (int i = 0; i < 300 && !seen; i++, mono_sleep(0.01))
		seen = load_control_check(&lc, why, sizeof why) != 0;
	T_CHECK(seen && strstr(why, "xtar_load.tar: No such file or directory") != NULL);
	T_CHECK(load_control_stop(&lc, 1.0) == 0);
	load_xtar_load.cleanup(env, &prep);
	T_CHECK(count_entries(env->testbed) == 0);
}

/* dbench: the emulation (forced) runs 16 x CPUS clients in their own
 * directories; the real dbench runs too when installed. */
static void test_dbench(struct load_env *env)
{
	struct load_prep prep = { .per_unit = load_dbench_load.per_unit, .mode = 2 };
	char path[4096], why[512] = "";

	T_CHECK(load_dbench_load.prepare(env, &prep, why, sizeof why) == 0);
	T_STREQ(prep.detail, "built-in emulation (forced)");
	T_NEAR(prep.per_unit, 1000, 0);
	snprintf(path, sizeof path, "%s/dbench_load.d/client%d", env->testbed, 16 * env->cpus - 1);
	window(&load_dbench_load, env, &prep, 0.5, 0.5, path, 0);

	prep = (struct load_prep){ .per_unit = load_dbench_load.per_unit };
	T_CHECK(load_dbench_load.prepare(env, &prep, why, sizeof why) == 0);
	if (strncmp(prep.detail, "real dbench (", 13) != 0) {
		T_STREQ(prep.detail, "built-in emulation (dbench not installed)");
		fprintf(stderr, "skip: dbench not installed (%s)\n", prep.detail);
		load_dbench_load.cleanup(env, &prep);
		T_CHECK(count_entries(env->testbed) == 0);
		return;
	}
	fprintf(stderr, "dbench_load: %s\n", prep.detail);
	snprintf(path, sizeof path, "%s/dbench_load.d/clients", env->testbed);
	window(&load_dbench_load, env, &prep, 1.0, 2.0, path, 0);   /* dbench reports progress once a second */
}

int main(void)
{
	char tree[] = "/tmp/contest-fs-tree.XXXXXX", bed[] = "/tmp/contest-fs-bed.XXXXXX";
	struct load_env env = { .mem = 32u << 20 };

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	T_CHECK(mkdtemp(tree) != NULL && mkdtemp(bed) != NULL);
	env.tree = tree;
	env.testbed = bed;
	env.cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	make_tree(tree);
	test_ctar(&env);
	test_xtar(&env);
	test_dbench(&env);
	T_CHECK(count_entries(bed) == 0);
	T_CHECK(rmdir(bed) == 0);
	T_CHECK(fs_rm_in("/tmp", tree + 5) == 0);
	return t_done();
}
