/* test_loads_io.c: io_load, io_other and read_load really write and read their files, and clean up. */
#include "contest/engine/load_control.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "loads/io_common.h"
#include "loads/load.h"
#include "loads/registry.h"
#include "tests/unit/t.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define MEM (32u << 20)

/* proc_io: the "key:" counter of /proc/PID/io (rchar, wchar), or -1 when unreadable. */
static long long proc_io(pid_t pid, const char *key)
{
	char path[64], line[128];
	long long v = -1;
	size_t klen = strlen(key);
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/io", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, key, klen) == 0 && line[klen] == ':')
			v = atoll(line + klen + 1);
	fclose(f);
	return v;
}

/* entries: number of entries in dir besides . and ..; the last one's name in name. */
static int entries(const char *dir, char *name, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	name[0] = 0;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		n++;
		text_copy(name, e->d_name, len);
	}
	closedir(d);
	return n;
}

/* file_seen: 1 when dir/file exists with size > 0 at some moment within about 1 s. */
static int file_seen(const char *dir, const char *file)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	for (int i = 0; i < 100; i++) {
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
			return 1;
		mono_sleep(0.01);
	}
	return 0;
}

/* on_tmpfs: 1 when dir is on tmpfs (no block device I/O to see). */
static int on_tmpfs(const char *dir)
{
	struct statfs sf;

	return statfs(dir, &sf) == 0 && sf.f_type == 0x01021994;
}

/* run: start d, let it lead 1 s, then check a 0.7 s window: no failure, the
 * counter grew, the leader's syscall-level byte count (key in /proc/PID/io)
 * covers the counted work, its storage-level count (dkey: read_bytes,
 * write_bytes) grew in the window unless dir is on tmpfs, and dir/file exists
 * with data. Stops it; returns its pgid (0 when it did not start). */
static pid_t run(const struct load_desc *d, const struct load_env *env, const char *key,
                 const char *dkey, const char *dir, const char *file)
{
	long long da, db;
	struct load_prep prep = { .per_unit = d->per_unit };
	struct load_control lc;
	struct load_sample a, b;
	char why[512] = "";
	long long io;
	pid_t pgid;

	if (load_control_start(&lc, d, env, &prep, why, sizeof why) != 0) {
		fprintf(stderr, "%s: %s\n", d->name, why);
		T_CHECK(0);
		return 0;
	}
	pgid = lc.pgid;
	mono_sleep(1.0);
	da = proc_io(pgid, dkey);
	load_control_sample(&lc, &a);
	mono_sleep(0.7);
	load_control_sample(&lc, &b);
	db = proc_io(pgid, dkey);
	io = proc_io(pgid, key);
	if (load_control_check(&lc, why, sizeof why) != 0)
		fprintf(stderr, "%s: %s\n", d->name, why);
	T_CHECK(why[0] == 0);
	T_CHECK(b.work > a.work);
	if (io >= 0)
		T_CHECK((unsigned long long)io >= b.work);  /* real write()/read() calls made it */
	else
		fprintf(stderr, "note: /proc/%d/io not readable, %s not checked\n", (int)pgid, key);
	if (da >= 0 && db >= 0 && !on_tmpfs(dir))
		T_CHECK(db > da);  /* the bytes went to (or came from) the block device */
	T_CHECK(file_seen(dir, file));
	printf("%s: %.1f MiB in the window\n", d->name, (double)(b.work - a.work) / (1 << 20));
	T_CHECK(load_control_stop(&lc, 2.0) == 0);
	T_CHECK(proc_group_count(pgid) == 0);
	return pgid;
}

/* io_load writes testbed/io_load.dat; cleanup leaves nothing. */
static void test_io_load(long cpus)
{
	char tb[] = "/tmp/contest-io-XXXXXX", name[256];
	struct load_env env = { .mem = MEM, .cpus = (int)cpus };
	struct load_prep prep = { .per_unit = load_io_load.per_unit };
	char why[512] = "";

	T_CHECK(mkdtemp(tb) != NULL);
	env.testbed = tb;
	T_CHECK(load_io_load.per_unit == 100.0 * 1024 * 1024);
	T_STREQ(load_io_load.unit, "100 MiB written");
	/* a stale file left by a crash is removed by prepare */
	T_CHECK(fs_path(name, sizeof name, "%s/io_load.dat", tb) == 0);
	FILE *f = fopen(name, "w");
	T_CHECK(f != NULL && fclose(f) == 0);
	T_CHECK(load_io_load.prepare(&env, &prep, why, sizeof why) == 0);
	T_CHECK(entries(tb, name, sizeof name) == 0);
	run(&load_io_load, &env, "wchar", "write_bytes", tb, "io_load.dat");
	load_io_load.cleanup(&env, &prep);
	T_CHECK(entries(tb, name, sizeof name) == 0);
	T_CHECK(rmdir(tb) == 0);
}

/* io_other refuses a missing -o with a clear reason, writes other/io_other.dat
 * otherwise, and cleanup leaves nothing in either directory. */
static void test_io_other(long cpus)
{
	char tb[] = "/tmp/contest-io-XXXXXX", other[] = "/tmp/contest-other-XXXXXX";
	char missing[300], plain[300], name[256], why[512] = "";
	struct load_env env = { .mem = MEM, .cpus = (int)cpus };
	struct load_prep prep = { .per_unit = load_io_other.per_unit };

	T_CHECK(mkdtemp(tb) != NULL && mkdtemp(other) != NULL);
	env.testbed = tb;
	T_STREQ(load_io_other.unit, "100 MiB written");

	env.other = NULL;
	T_CHECK(load_io_other.prepare(&env, &prep, why, sizeof why) == -1);
	T_STREQ(why, "io_other needs -o DIR: another disk or file system");
	load_io_other.cleanup(&env, &prep);  /* after a failed prepare: harmless */

	snprintf(missing, sizeof missing, "%s/nope", other);
	env.other = missing;
	why[0] = 0;
	T_CHECK(load_io_other.prepare(&env, &prep, why, sizeof why) == -1);
	T_CHECK(strstr(why, missing) != NULL && strstr(why, strerror(ENOENT)) != NULL);
	T_CHECK(strchr(why, '\n') == NULL);
	load_io_other.cleanup(&env, &prep);

	snprintf(plain, sizeof plain, "%s/plain", other);
	FILE *f = fopen(plain, "w");
	T_CHECK(f != NULL && fclose(f) == 0);
	env.other = plain;
	why[0] = 0;
	T_CHECK(load_io_other.prepare(&env, &prep, why, sizeof why) == -1);
	T_CHECK(strstr(why, plain) != NULL && strstr(why, strerror(ENOTDIR)) != NULL);
	T_CHECK(unlink(plain) == 0);

	env.other = other;
	T_CHECK(load_io_other.prepare(&env, &prep, why, sizeof why) == 0);
	run(&load_io_other, &env, "wchar", "write_bytes", other, "io_other.dat");
	T_CHECK(entries(tb, name, sizeof name) == 0);  /* nothing written in the testbed */
	load_io_other.cleanup(&env, &prep);
	T_CHECK(entries(other, name, sizeof name) == 0);
	T_CHECK(rmdir(other) == 0 && rmdir(tb) == 0);
}

/* read_load prepares its file once, reuses it, reads it, and keeps it. */
static void test_read_load(long cpus)
{
	char tb[] = "/tmp/contest-read-XXXXXX", path[300], name[256], why[512] = "";
	struct load_env env = { .mem = MEM, .cpus = (int)cpus };
	struct load_prep prep = { .per_unit = load_read_load.per_unit };
	struct stat s1, s2;

	T_CHECK(mkdtemp(tb) != NULL);
	env.testbed = tb;
	T_STREQ(load_read_load.unit, "100 MiB read");
	snprintf(path, sizeof path, "%s/read_load.dat", tb);

	T_CHECK(load_read_load.prepare(&env, &prep, why, sizeof why) == 0);
	T_CHECK(stat(path, &s1) == 0 && (uint64_t)s1.st_size == MEM);
	T_CHECK((uint64_t)s1.st_blocks * 512 >= MEM);  /* not sparse */
	mono_sleep(0.02);
	T_CHECK(load_read_load.prepare(&env, &prep, why, sizeof why) == 0);
	T_CHECK(stat(path, &s2) == 0);
	T_CHECK(s1.st_ino == s2.st_ino);
	T_CHECK(s1.st_mtim.tv_sec == s2.st_mtim.tv_sec && s1.st_mtim.tv_nsec == s2.st_mtim.tv_nsec);

	run(&load_read_load, &env, "rchar", "read_bytes", tb, "read_load.dat");
	load_read_load.cleanup(&env, &prep);
	T_CHECK(entries(tb, name, sizeof name) == 1);
	T_STREQ(name, "read_load.dat");
	T_CHECK(stat(path, &s2) == 0 && s2.st_ino == s1.st_ino && (uint64_t)s2.st_size == MEM);

	/* a file of the wrong size is recreated */
	T_CHECK(truncate(path, 4096) == 0);
	T_CHECK(load_read_load.prepare(&env, &prep, why, sizeof why) == 0);
	T_CHECK(stat(path, &s2) == 0 && (uint64_t)s2.st_size == MEM);

	T_CHECK(unlink(path) == 0);
	T_CHECK(rmdir(tb) == 0);
}

int main(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	test_io_load(cpus);
	test_io_other(cpus);
	test_read_load(cpus);
	return t_done();
}
