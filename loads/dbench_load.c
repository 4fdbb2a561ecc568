/* dbench_load.c: 16 x CPUS file-server clients: the real dbench when installed, else a built-in emulation of its operation mix. */
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
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#define DB_DIR "dbench_load.d"
#define DB_REAL_BYTES (24ull << 20)   /* a real dbench client.txt client peaks near 22 MiB */
#define DB_EMU_BYTES  (4ull << 20)    /* an emulated client holds 4 x 256 KiB and 4 x 26 KiB */

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
	const char *p = getenv("PATH");
	char dir[PATH_MAX], file[PATH_MAX];
	struct stat st;

	while (p != NULL && *p != '\0') {
		size_t n = strcspn(p, ":");
		if (n > 0 && n < sizeof dir) {
			memcpy(dir, p, n);
			dir[n] = '\0';
			if (fs_path(file, sizeof file, "%s/dbench", dir) == 0 &&
			    stat(file, &st) == 0 && S_ISREG(st.st_mode) && access(file, X_OK) == 0)
				return 1;
		}
		p += n;
		if (*p == ':')
			p++;
	}
	return 0;
}

/* db_version: the version dbench --help prints ("dbench version 4.00 - ...")
 * into ver; 0, or -1 when it does not run or says no version. */
static int db_version(char *ver, size_t len)
{
	char *argv[] = { "dbench", "--help", NULL };
	char buf[4096], *v;
	size_t got = 0;
	ssize_t n;
	int rfd, st = -1;
	pid_t pid = load_spawn_piped(argv, &rfd);

	if (pid < 0)
		return -1;
	char chunk[1024];
	while ((n = read(rfd, chunk, sizeof chunk)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		size_t k = (size_t)n < sizeof buf - 1 - got ? (size_t)n : sizeof buf - 1 - got;
		memcpy(buf + got, chunk, k);  /* keep what fits, drain the rest until EOF */
		got += k;
	}
	close(rfd);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	buf[got] = '\0';
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) == 127 || (v = strstr(buf, "dbench version ")) == NULL)
		return -1;
	v += strlen("dbench version ");
	n = (ssize_t)strcspn(v, " \t\n");
	if (n == 0 || (size_t)n >= len)
		return -1;
	memcpy(ver, v, (size_t)n);
	ver[n] = '\0';
	return 0;
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

/* The emulated client's mix, in the proportions of dbench 4.0's client.txt
 * (per 100 of its lines: 27 ReadX of 12 KB, 17 NTCreateX, 16
 * QUERY_PATH_INFORMATION, 13 Close, 9 WriteX of 26 KB, 6 FIND_FIRST, 3.5
 * Unlink, 3 QUERY_FS_INFORMATION, 3 QUERY_FILE_INFORMATION, 1.4
 * SET_FILE_INFORMATION, 1.2 Flush, 0.7 Rename): a round of 105 operations
 * on DB_KEEP files the client keeps (opened, read, overwritten in place,
 * one flushed) and DB_TEMP new ones (created, written, one renamed, all
 * removed), so that an operation costs about what one of dbench's does. */
enum {
	DB_KEEP = 4,              /* kept files of DB_KEEP_SIZE */
	DB_KEEP_SIZE = 256 << 10,
	DB_TEMP = 4,              /* new files of DB_WRITE each round */
	DB_OPENS = 13,            /* open-close cycles on the kept files a round */
	DB_READ = 12 << 10,       /* bytes of a read */
	DB_WRITE = 26 << 10,      /* bytes of a write */
	DB_STATS = 16, DB_LISTS = 6, DB_STATFS = 3,
};

/* db_rand: the next number of the client's xorshift generator. */
static uint64_t db_rand(uint64_t *rng)
{
	*rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
	return *rng;
}

/* db_new: create name in bfd and write len bytes of buf; fails the load on error. */
static void db_new(int bfd, const char *path, const char *name, const char *buf, size_t len,
                   struct load_counter *c)
{
	int fd = fs_create_at(bfd, name, O_WRONLY, 0644);

	if (fd < 0 || load_write_all(fd, buf, len) != 0)
		load_fail(c, "create/write %s/%s: %s", path, name, strerror(errno));
	close(fd);
}

/* db_kept: open-close cycle k of a round on kept file k % DB_KEEP: two reads
 * (three in cycle 0), a write in place in cycles 0-4 flushed in cycle 4, an
 * fstat in cycles 0-2, the times set in cycle 0. Returns the operations. */
static uint64_t db_kept(int bfd, const char *path, int k, char *buf, uint64_t *rng, struct load_counter *c)
{
	char name[16];
	struct stat st;
	uint64_t ops = 2;   /* open, close */
	int fd;

	snprintf(name, sizeof name, "k%d", k % DB_KEEP);
	if ((fd = openat(bfd, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC)) < 0)
		load_fail(c, "open %s/%s: %s", path, name, strerror(errno));
	for (int r = 0; r < 2 + (k == 0); r++, ops++)
		if (pread(fd, buf, DB_READ, (off_t)(db_rand(rng) % (DB_KEEP_SIZE - DB_READ))) != DB_READ)
			load_fail(c, "read %s/%s: %s", path, name, strerror(errno));
	if (k < 5 && (ops++, pwrite(fd, buf, DB_WRITE, (off_t)(db_rand(rng) % (DB_KEEP_SIZE - DB_WRITE))) != DB_WRITE))
		load_fail(c, "write %s/%s: %s", path, name, strerror(errno));
	if (k == 4 && (ops++, fsync(fd) != 0))
		load_fail(c, "flush %s/%s: %s", path, name, strerror(errno));
	if (k < 3 && (ops++, fstat(fd, &st) != 0))
		load_fail(c, "fstat %s/%s: %s", path, name, strerror(errno));
	if (k == 0 && (ops++, futimens(fd, NULL) != 0))
		load_fail(c, "set times %s/%s: %s", path, name, strerror(errno));
	close(fd);
	return ops;
}

/* db_list: list directory bfd, as FIND_FIRST does; the entries seen. */
static int db_list(int bfd, const char *path, struct load_counter *c)
{
	struct dirent *de;
	int fd = dup(bfd), seen = 0;
	DIR *d;

	if (fd < 0 || (d = fdopendir(fd)) == NULL)
		load_fail(c, "list %s: %s", path, strerror(errno));
	rewinddir(d);
	while ((errno = 0, de = readdir(d)) != NULL)
		seen += de->d_name[0] != '.';
	if (errno != 0)
		load_fail(c, "list %s: %s", path, strerror(errno));
	closedir(d);
	return seen;
}

/* db_round: one round of the mix in client directory bfd (path for
 * messages). Returns the operations done; any failure fails the load. */
static uint64_t db_round(int bfd, const char *path, char *buf, uint64_t *rng, struct load_counter *c)
{
	char name[16], to[16];
	struct statvfs vs;
	struct stat st;
	uint64_t ops = 0;

	for (int i = 0; i < DB_TEMP; i++, ops += 3) {   /* create, write, close */
		snprintf(name, sizeof name, "t%d", i);
		db_new(bfd, path, name, buf, DB_WRITE, c);
	}
	for (int k = 0; k < DB_OPENS; k++)
		ops += db_kept(bfd, path, k, buf, rng, c);
	for (int i = 0; i < DB_STATS; i++, ops++) {
		snprintf(name, sizeof name, i % 2 ? "t%d" : "k%d", (i / 2) % DB_KEEP);
		if (fstatat(bfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			load_fail(c, "stat %s/%s: %s", path, name, strerror(errno));
	}
	for (int i = 0; i < DB_LISTS; i++, ops++)
		if (db_list(bfd, path, c) != DB_KEEP + DB_TEMP)
			load_fail(c, "list %s: not the %d files it holds", path, DB_KEEP + DB_TEMP);
	for (int i = 0; i < DB_STATFS; i++, ops++)
		if (fstatvfs(bfd, &vs) != 0)
			load_fail(c, "statfs %s: %s", path, strerror(errno));
	if (renameat(bfd, "t0", bfd, "r0") != 0)
		load_fail(c, "rename %s/t0: %s", path, strerror(errno));
	for (int i = 0; i < DB_TEMP; i++, ops++) {
		snprintf(to, sizeof to, i == 0 ? "r%d" : "t%d", i);
		if (unlinkat(bfd, to, 0) != 0)
			load_fail(c, "unlink %s/%s: %s", path, to, strerror(errno));
	}
	return ops + 1;   /* the rename */
}

/* db_client: emulated client k: its own directory clientK made in the
 * clients' directory dfd with its DB_KEEP kept files, then rounds forever,
 * adding each round's operations to c. */
static _Noreturn void db_client(const struct load_env *env, int dfd, int k, struct load_counter *c)
{
	char name[32], path[PATH_MAX];
	uint64_t rng = 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1) ^ (uint64_t)getpid();
	char *buf = malloc(DB_KEEP_SIZE);
	int bfd;

	snprintf(name, sizeof name, "client%d", k);
	if (buf == NULL)
		load_fail(c, "client %d: cannot allocate a buffer: %s", k, strerror(errno));
	memset(buf, 'd', DB_KEEP_SIZE);
	if (fs_path(path, sizeof path, "%s/%s/%s", env->testbed, DB_DIR, name) != 0)
		load_fail(c, "%s/%s: %s", env->testbed, DB_DIR, strerror(errno));
	if (fs_rm_own(dfd, name) != 0 || (bfd = fs_mkdir_at(dfd, name, 0755)) < 0)
		load_fail(c, "cannot create %s: %s", path, strerror(errno));
	for (int i = 0; i < DB_KEEP; i++) {
		snprintf(name, sizeof name, "k%d", i);
		db_new(bfd, path, name, buf, DB_KEEP_SIZE, c);
	}
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
	.what = "16 x CPUS dbench clients (file-server mix); the real dbench when installed, else a built-in emulation",
	.unit = "1,000 operations",
	.per_unit = 1000,
	.work = "operations",
	.needs = "disk space in the testbed; uses dbench when installed, else a built-in emulation",
	.flags = LOAD_F_DISK,
	.files = { DB_DIR },
	.prepare = dbench_prepare,
	.body = dbench_body,
	.cleanup = dbench_cleanup,
};
