/* dbench_load.c: 16 x CPUS file-server clients: the real dbench when installed, else a built-in emulation of its operation mix. */
#include "lib/exec.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "loads/load.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define DB_DIR "dbench_load.d"
#define DB_REAL_BYTES (24ull << 20)   /* a real dbench client.txt client peaks near 22 MiB */
#define DB_EMU_BYTES  (4ull << 20)    /* an emulated client holds at most 8 x 64 KiB */
#define DB_FILES 8
#define DB_MAXFILE (64u << 10)
#define DB_HELP_LIMIT 30   /* s: a dbench --help that runs longer does not run */

/* prep->mode: DB_EMU on entry forces the emulation (tests); prepare leaves
 * DB_REAL or DB_EMU. */
enum { DB_AUTO = 0, DB_REAL = 1, DB_EMU = 2 };

/* The loadfile places of packaged dbench (Debian/Ubuntu ship client.txt uncompressed). */
static const char *const db_loadfiles[] = {
	"/usr/share/dbench/client.txt",
	"/usr/local/share/dbench/client.txt",
	"/usr/share/dbench/loadfiles/client.txt",
	NULL,
};

/* db_clients: 16 x CPUS. */
static int db_clients(const struct load_env *env)
{
	return 16 * (env->cpus > 0 ? env->cpus : 1);
}

/* db_in_path: 1 when an executable dbench is in PATH. */
static int db_in_path(void)
{
	char file[PATH_MAX];

	return exec_which("dbench", file, sizeof file) == 0;
}

/* db_version: the version dbench --help prints ("dbench version 4.00 - ...")
 * into ver; 0, or -1 when it does not run, runs past DB_HELP_LIMIT or says
 * no version. */
static int db_version(char *ver, size_t len)
{
	char *argv[] = { "dbench", "--help", NULL };
	struct exec x = { .argv = argv, .out_max = 4095, .err_to_out = 1, .die_with_parent = 1,
	                  .limit = DB_HELP_LIMIT };
	int rc = exec_run(&x), ok = 0;
	const char *v = x.out != NULL ? strstr(x.out, "dbench version ") : NULL;

	if (rc >= 0 && rc != 127 && v != NULL) {   /* 127: it could not be executed */
		v += strlen("dbench version ");
		size_t n = strcspn(v, " \t\n");
		if (n > 0 && n < len) {
			memcpy(ver, v, n);
			ver[n] = '\0';
			ok = 1;
		}
	}
	exec_free(&x);
	return ok ? 0 : -1;
}

/* dbench_prepare: choose the real dbench (in PATH, with its client.txt) or
 * the emulation, check space for 16 x CPUS clients, make the clients' directory. */
static int dbench_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                          size_t errlen)
{
	char ver[32];
	int n = db_clients(env), have = 0, real = 0, tb, dfd;

	if (prep->mode == DB_EMU) {
		text_fmt(prep->detail, sizeof prep->detail, "built-in emulation (forced)");
	} else if (!db_in_path()) {
		text_fmt(prep->detail, sizeof prep->detail, "built-in emulation (dbench not installed)");
	} else {
		for (int i = 0; db_loadfiles[i] != NULL && !have; i++)
			if (access(db_loadfiles[i], R_OK) == 0) {
				text_copy(prep->path, db_loadfiles[i], sizeof prep->path);
				have = 1;
			}
		if (!have)
			text_fmt(prep->detail, sizeof prep->detail, "built-in emulation (no dbench client.txt loadfile)");
		else if (db_version(ver, sizeof ver) != 0)
			text_fmt(prep->detail, sizeof prep->detail, "built-in emulation (dbench does not run)");
		else
			real = 1;
	}
	if (real)
		text_fmt(prep->detail, sizeof prep->detail, "real dbench (%s)", ver);
	prep->mode = real ? DB_REAL : DB_EMU;
	tb = load_fresh("dbench_load", env->testbed, DB_DIR,
	                (uint64_t)n * (prep->mode == DB_REAL ? DB_REAL_BYTES : DB_EMU_BYTES), errbuf, errlen);
	if (tb < 0)
		return -1;
	dfd = fs_mkdir_at(tb, DB_DIR, 0755);
	close(tb);
	if (dfd < 0) {
		text_fmt(errbuf, errlen, "dbench_load: cannot create %s/%s: %s", env->testbed, DB_DIR,
		         strerror(errno));
		return -1;
	}
	close(dfd);
	return 0;
}

/* db_open: in the load: open testbed/DB_DIR, the clients' directory prepare
 * made (a directory of contest's user, never through a link); fails the load
 * when it is not that. */
static int db_open(const struct load_env *env, struct load_counter *c)
{
	char why[512];
	struct stat st;
	int tb = fs_dir_open(env->testbed, why, sizeof why), fd;

	if (tb < 0)
		load_fail(c, "%s", why);
	fd = openat(tb, DB_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		load_fail(c, "cannot open %s/%s: %s", env->testbed, DB_DIR, strerror(errno));
	if (fstat(fd, &st) != 0 || st.st_uid != geteuid())
		load_fail(c, "%s/%s is not the directory contest made", env->testbed, DB_DIR);
	close(tb);
	return fd;
}

/* db_line: one line of dbench's output: a progress line ("  N  LINES  X MB/sec
 * warmup|execute ...", LINES = loadfile lines done per client so far) sets
 * *lines and returns 1; any other non-empty line is kept in msg. */
static int db_line(const char *line, long *lines, char *msg, size_t msglen)
{
	int active;
	long done;
	double mb;
	char phase[16];

	if (sscanf(line, "%d %ld %lf MB/sec %15s", &active, &done, &mb, phase) == 4 &&
	    (strcmp(phase, "warmup") == 0 || strcmp(phase, "execute") == 0)) {
		*lines = done;
		return 1;
	}
	if (line[0] != '\0' && strspn(line, " ") != strlen(line))
		text_copy(msg, line, msglen);
	return 0;
}

/* db_real: run dbench N clients forever (restarting it should its 100000 s
 * end) in the clients' directory dfd (its working directory, "-D ."),
 * counting loadfile operations: its per-client line count x N, the
 * increase between progress lines (a decrease, as on its counter wrapping,
 * only re-bases). */
static _Noreturn void db_real(const struct load_env *env, const struct load_prep *prep, int dfd,
                              struct load_counter *c)
{
	char nstr[16], line[256], msg[160], buf[4096], how[96];
	char *argv[] = { "dbench", "-c", (char *)prep->path, "-D", ".", "-t", "100000", nstr, NULL };
	int n = db_clients(env);

	snprintf(nstr, sizeof nstr, "%d", n);
	for (;;) {
		int rfd, st, progressed = 0;
		size_t len = 0;
		long lines = 0, last = 0;
		ssize_t r;
		pid_t pid;

		msg[0] = '\0';
		pid = load_spawn(argv, -1, -1, dfd, &rfd);
		if (pid < 0)
			load_fail(c, "cannot start dbench: %s", strerror(errno));
		while ((r = read(rfd, buf, sizeof buf)) != 0) {
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0)
				load_fail(c, "cannot read dbench's output: %s", strerror(errno));
			for (ssize_t i = 0; i < r; i++) {
				if (buf[i] != '\n') {
					if (len < sizeof line - 1)
						line[len++] = buf[i];
					continue;
				}
				line[len] = '\0';
				len = 0;
				if (!db_line(line, &lines, msg, sizeof msg))
					continue;
				if (lines > last)
					load_add(c, (uint64_t)(lines - last) * (uint64_t)n);
				last = lines;
				progressed = 1;
			}
		}
		close(rfd);
		while (waitpid(pid, &st, 0) < 0)
			if (errno != EINTR)
				load_fail(c, "cannot wait for dbench: %s", strerror(errno));
		if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
			load_fail(c, "dbench could not be executed");
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || !progressed) {
			proc_describe(st, how, sizeof how);
			load_fail(c, "dbench %s%s%s%s", how, progressed ? "" : " without progress",
			          msg[0] ? ": " : "", msg);
		}
	}
}

/* db_round: one pass of the file-server mix in directory "d" of client
 * directory bfd (path for messages): mkdir, create+write (4-64 KiB, one
 * flushed), read back, stat, rename, list, unlink, rmdir. Returns the
 * operations done; any failure fails the load. */
static uint64_t db_round(int bfd, const char *path, char *buf, uint64_t *rng,
                         struct load_counter *c)
{
	size_t size[DB_FILES];
	char name[16], to[16];
	uint64_t ops = 0;
	struct stat st;
	struct dirent *de;
	DIR *d;
	int dfd, fd, seen = 0;

	if (mkdirat(bfd, "d", 0755) != 0)
		load_fail(c, "mkdir %s/d: %s", path, strerror(errno));
	dfd = openat(bfd, "d", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		load_fail(c, "open %s/d: %s", path, strerror(errno));
	ops += 1;
	for (int i = 0; i < DB_FILES; i++) {
		*rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
		size[i] = (4u << 10) + (size_t)(*rng % ((DB_MAXFILE - (4u << 10)) + 1));
		snprintf(name, sizeof name, "f%d", i);
		fd = fs_create_at(dfd, name, O_WRONLY, 0644);
		if (fd < 0 || load_write_all(fd, buf, size[i]) != 0 || (i == 0 && fsync(fd) != 0))
			load_fail(c, "create/write %s/d/%s: %s", path, name, strerror(errno));
		close(fd);
		ops += 3 + (i == 0);   /* create, write, close (and flush) */
	}
	for (int i = 0; i < DB_FILES; i++) {
		size_t got = 0;
		ssize_t r;
		snprintf(name, sizeof name, "f%d", i);
		fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st) != 0)
			load_fail(c, "open %s/d/%s: %s", path, name, strerror(errno));
		while ((r = read(fd, buf, DB_MAXFILE)) != 0) {
			if (r < 0 && errno != EINTR)
				load_fail(c, "read %s/d/%s: %s", path, name, strerror(errno));
			got += r > 0 ? (size_t)r : 0;
		}
		close(fd);
		if (got != size[i] || (size_t)st.st_size != size[i])
			load_fail(c, "read %s/d/%s: %zu bytes, wrote %zu", path, name, got, size[i]);
		ops += 4;              /* open, fstat, read, close */
	}
	for (int i = 0; i < DB_FILES; i++) {
		snprintf(name, sizeof name, "f%d", i);
		snprintf(to, sizeof to, "g%d", i);
		if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || renameat(dfd, name, dfd, to) != 0)
			load_fail(c, "stat/rename %s/d/%s: %s", path, name, strerror(errno));
		ops += 2;
	}
	fd = dup(dfd);
	if (fd < 0 || (d = fdopendir(fd)) == NULL)
		load_fail(c, "list %s/d: %s", path, strerror(errno));
	while ((errno = 0, de = readdir(d)) != NULL)
		seen += de->d_name[0] == 'g';
	if (errno != 0 || seen != DB_FILES)
		load_fail(c, "list %s/d: %d of %d files: %s", path, seen, DB_FILES, strerror(errno));
	closedir(d);
	ops += 1;
	for (int i = 0; i < DB_FILES; i++) {
		snprintf(to, sizeof to, "g%d", i);
		if (unlinkat(dfd, to, 0) != 0)
			load_fail(c, "unlink %s/d/%s: %s", path, to, strerror(errno));
		ops += 1;
	}
	close(dfd);
	if (unlinkat(bfd, "d", AT_REMOVEDIR) != 0)
		load_fail(c, "rmdir %s/d: %s", path, strerror(errno));
	return ops + 1;
}

/* db_client: emulated client k: its own directory clientK made in the
 * clients' directory dfd, then rounds forever, adding each round's
 * operations to c. */
static _Noreturn void db_client(const struct load_env *env, int dfd, int k, struct load_counter *c)
{
	char name[32], path[PATH_MAX];
	uint64_t rng = 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1) ^ (uint64_t)getpid();
	char *buf = malloc(DB_MAXFILE);
	int bfd;

	snprintf(name, sizeof name, "client%d", k);
	if (buf == NULL)
		load_fail(c, "client %d: cannot allocate a buffer: %s", k, strerror(errno));
	memset(buf, 'd', DB_MAXFILE);
	if (fs_path(path, sizeof path, "%s/%s/%s", env->testbed, DB_DIR, name) != 0)
		load_fail(c, "%s/%s: %s", env->testbed, DB_DIR, strerror(errno));
	if (fs_rm_own(dfd, name) != 0 || (bfd = fs_mkdir_at(dfd, name, 0755)) < 0)
		load_fail(c, "cannot create %s: %s", path, strerror(errno));
	for (;;)
		load_add(c, db_round(bfd, path, buf, &rng, c));
}

/* dbench_body: the real dbench, or N emulated clients under supervision,
 * all in the clients' directory prepare made. */
static void dbench_body(const struct load_env *env, const struct load_prep *prep,
                        struct load_counter *c)
{
	int dfd = db_open(env, c);

	if (prep->mode == DB_REAL)
		db_real(env, prep, dfd, c);
	for (int k = 0; k < db_clients(env); k++) {
		pid_t pid = load_fork();
		if (pid < 0)
			load_fail(c, "cannot fork client %d: %s", k, strerror(errno));
		if (pid == 0)
			db_client(env, dfd, k, c);
	}
	load_supervise(c);
}

/* dbench_cleanup: remove the clients' directory. */
static void dbench_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	load_cleanup("dbench_load", env->testbed, DB_DIR);
}

const struct load_desc load_dbench_load = {
	.name = "dbench_load",
	.alias = NULL,
	.what = "16 x CPUS dbench clients (file-server mix); the real dbench when installed, else a built-in emulation "
	        "whose Loads run 16-45% below dbench 4.0's and whose Ratio read 8% lower to 31% higher (six pairs)",
	.unit = "1,000 operations",
	.per_unit = 1000,
	.work = "operations",
	.needs = "disk space in the testbed; uses dbench when installed, else a built-in emulation",
	.flags = LOAD_F_DISK,
	.cost = 6.0,
	.files = { DB_DIR },
	.prepare = dbench_prepare,
	.body = dbench_body,
	.cleanup = dbench_cleanup,
};
