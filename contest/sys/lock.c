/* lock.c: one contest at a time per testbed and per results directory, and the leftovers of one that was killed. */
#include "contest/sys/lock.h"
#include "contest/sys/swapfile.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/record/interact_record.h"
#include "results/record/micro_record.h"
#include "results/record/record.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_HELD 6

/* The locks this process holds. */
static struct held {
	int fd;
	dev_t dev;             /* the directory's identity */
	ino_t ino;
	char path[PATH_MAX];   /* the lock file */
	time_t killed;         /* start of a holder killed outright (its record was left), else 0 */
} held[MAX_HELD];
static int nheld;
static pid_t owner;        /* the process that took them (not its forked children) */

/* The files contest itself (not a load) makes in the testbed while it runs
 * and removes when it ends: left only by a contest killed outright. The
 * loads' files come from their descriptors (load_desc.files), and
 * is_leftover adds the patterns of micro's and the built-in tree's scratch
 * names. */
static const char *const own_leftovers[] = {
	SWAP_FILE,
};

/* at_exit: a normal exit empties the lock files (a record left in one
 * means its holder was killed); the kernel releases the locks. */
static void at_exit(void)
{
	if (getpid() != owner)
		return;
	for (int i = 0; i < nheld; i++)
		if (ftruncate(held[i].fd, 0) != 0) {
			/* harmless: the record only names a holder that no longer holds it */
		}
}

/* holder: "contest pid N (since T)" from the lock file's record, waiting
 * briefly for a holder that has just taken it to write it. */
static void holder(int fd, char *buf, size_t len)
{
	char rec[128], since[64];
	long pid;

	for (int i = 0; i < 50; i++) {
		ssize_t n = pread(fd, rec, sizeof rec - 1, 0);
		if (n > 0) {
			rec[n] = '\0';
			if (sscanf(rec, "%ld %63s", &pid, since) == 2 && pid > 0) {
				text_fmt(buf, len, "contest pid %ld (since %s)", pid, since);
				return;
			}
		}
		mono_sleep(0.01);
	}
	text_fmt(buf, len, "another contest");
}

/* left_record: the start time in the record of a lock file just taken: a
 * normal exit empties it, so one is left only by a holder killed outright
 * (1 when its time cannot be read); 0 when empty. */
static time_t left_record(int fd)
{
	char rec[128], since[64];
	struct tm tm = { 0 };
	ssize_t n = pread(fd, rec, sizeof rec - 1, 0);
	long pid;
	time_t t;

	if (n <= 0)
		return 0;
	rec[n] = '\0';
	if (sscanf(rec, "%ld %63s", &pid, since) != 2 || strptime(since, "%Y-%m-%dT%H:%M:%SZ", &tm) == NULL ||
	    (t = timegm(&tm)) <= 0)
		return 1;
	return t;
}

/* open_locked: open and flock path, the lock file of a directory owned by
 * dir_uid, which may be shared (/tmp): a symbolic link of contest's user or
 * the directory's owner planted there is removed, never followed; anything
 * else but a regular file with one link of those users is refused (EPERM;
 * another user's entry of any kind alike). The file
 * locked is the one at path (one removed by lock_drop while we waited is
 * not). fd, or -1 with errno (EWOULDBLOCK: held; *busy_fd then stays open
 * for naming the holder). */
static int open_locked(const char *path, uid_t dir_uid, int *busy_fd)
{
	for (int tries = 0; tries < 10; tries++) {
		struct stat fs, ps;
		int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);

		if (fd < 0 && errno == ELOOP && lstat(path, &ps) == 0 &&
		    (ps.st_uid == geteuid() || ps.st_uid == dir_uid) && unlink(path) == 0)
			continue;
		if (fd < 0 && lstat(path, &ps) == 0 && ps.st_uid != geteuid() && ps.st_uid != dir_uid)
			errno = EPERM;  /* another user's entry: said as such, whatever open said */
		if (fd < 0)
			return -1;
		if (fstat(fd, &fs) != 0 || !S_ISREG(fs.st_mode) || fs.st_nlink != 1 ||
		    (fs.st_uid != geteuid() && fs.st_uid != dir_uid)) {
			close(fd);
			errno = EPERM;
			return -1;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			int e = errno;
			if (e == EWOULDBLOCK)
				*busy_fd = fd;
			else
				close(fd);
			errno = e;
			return -1;
		}
		if (stat(path, &ps) == 0 && fs.st_dev == ps.st_dev && fs.st_ino == ps.st_ino)
			return fd;
		close(fd);
	}
	errno = EAGAIN;
	return -1;
}

int lock_take(const char *dir, const char *what, const char *opt, char *errbuf, size_t errlen)
{
	struct stat ds;
	struct held h;
	char rec[96], since[32], who[128];
	time_t now = time(NULL);
	struct tm tm;
	int n, busy = -1;
	char qd[TEXT_QUOTED], qp[TEXT_QUOTED];

	text_quote(dir, qd, sizeof qd);   /* echoed: one line whatever the bytes */

	if (stat(dir, &ds) != 0) {
		text_fmt(errbuf, errlen, "%s '%s': %s", what, qd, strerror(errno));
		return -1;
	}
	for (int i = 0; i < nheld; i++)
		if (held[i].dev == ds.st_dev && held[i].ino == ds.st_ino)
			return 0;
	if (nheld == MAX_HELD || fs_path(h.path, sizeof h.path, "%s/%s", dir, LOCK_FILE) != 0) {
		text_fmt(errbuf, errlen, "%s '%s': cannot hold its lock file", what, qd);
		return -1;
	}
	h.fd = open_locked(h.path, ds.st_uid, &busy);
	if (h.fd < 0) {
		if (busy >= 0) {
			holder(busy, who, sizeof who);
			close(busy);
			text_fmt(errbuf, errlen, "%s '%s' is in use by %s; wait for it%s%s", what, qd, who,
			         opt ? " or use another " : "", opt ? opt : "");
			errno = EBUSY;
		} else if (errno == EPERM) {
			struct stat ls;
			char found[96] = "";

			if (lstat(h.path, &ls) == 0)
				text_fmt(found, sizeof found, " (%s of uid %u)", fs_kind(&ls), (unsigned)ls.st_uid);
			text_fmt(errbuf, errlen, "%s '%s': its lock file %s%s is not contest's own regular "
			         "file; remove it or use another %s", what, qd, text_quote(h.path, qp, sizeof qp), found,
			         opt ? opt : "directory");
		} else {
			text_fmt(errbuf, errlen, "%s '%s': cannot lock %s: %s", what, qd, text_quote(h.path, qp, sizeof qp),
			         strerror(errno));
		}
		return -1;
	}
	h.killed = left_record(h.fd);
	gmtime_r(&now, &tm);
	strftime(since, sizeof since, "%Y-%m-%dT%H:%M:%SZ", &tm);
	n = snprintf(rec, sizeof rec, "%ld %s\n", (long)getpid(), since);
	if (ftruncate(h.fd, 0) != 0 || pwrite(h.fd, rec, (size_t)n, 0) != n) {
		text_fmt(errbuf, errlen, "%s '%s': cannot write %s: %s", what, qd, text_quote(h.path, qp, sizeof qp),
		         strerror(errno));
		close(h.fd);
		return -1;
	}
	h.dev = ds.st_dev;
	h.ino = ds.st_ino;
	if (owner == 0) {
		owner = getpid();
		atexit(at_exit);
	}
	held[nheld++] = h;
	return 0;
}

void lock_drop(const char *dir)
{
	struct stat ds;

	if (stat(dir, &ds) != 0)
		return;
	for (int i = 0; i < nheld; i++) {
		if (held[i].dev != ds.st_dev || held[i].ino != ds.st_ino)
			continue;
		unlink(held[i].path);
		close(held[i].fd);
		held[i] = held[--nheld];
		return;
	}
}

void lock_child(void)
{
	for (int i = 0; i < nheld; i++)
		close(held[i].fd);
	nheld = 0;
}

/* is_load_file: 1 when name is one of the files of a load whose flag
 * LOAD_F_OTHER is other (a load's files are in the -o directory when it
 * has that flag, else in the testbed). */
static int is_load_file(const char *name, unsigned other)
{
	for (size_t i = 0; load_registry[i] != NULL; i++) {
		const struct load_desc *d = load_registry[i];

		if ((d->flags & LOAD_F_OTHER) != other)
			continue;
		for (size_t j = 0; j < LOAD_FILES_MAX && d->files[j] != NULL; j++)
			if (strcmp(name, d->files[j]) == 0)
				return 1;
	}
	return 0;
}

/* is_leftover: a name in the testbed that only a killed contest leaves:
 * a load's file, one of contest's own, micro.XXXXXX (contest micro's
 * scratch directory) or .builtin-V-SCALE.tmp.PID (a built-in tree being
 * generated). */
static int is_leftover(const char *name)
{
	if (is_load_file(name, 0))
		return 1;
	for (size_t i = 0; i < sizeof own_leftovers / sizeof own_leftovers[0]; i++)
		if (strcmp(name, own_leftovers[i]) == 0)
			return 1;
	if (strncmp(name, "micro.", 6) == 0 && strlen(name) == 12)
		return 1;
	return strncmp(name, ".builtin-", 9) == 0 && strstr(name, ".tmp.") != NULL;
}

int lock_failed_log(const char *name)
{
	size_t n = strlen(name), s = strlen(LOCK_FAILED_SUFFIX);

	return strncmp(name, "compile.log.", 12) == 0 && n > 12 + s &&
	       strcmp(name + n - s, LOCK_FAILED_SUFFIX) == 0;
}

int lock_kept_name(const char *name)
{
	for (size_t i = 0; load_registry[i] != NULL; i++)
		if (load_registry[i]->kept != NULL && strcmp(name, load_registry[i]->kept) == 0)
			return 1;
	if (strcmp(name, "compile.log") == 0 || lock_failed_log(name) || is_leftover(name))
		return 1;
	/* builtin-V-SCALE, the built-in trees (the canary's tiny one too) */
	return strncmp(name, "builtin-", 8) == 0 && strchr(name + 8, '-') != NULL && strchr(name, '.') == NULL;
}

/* by_name: qsort order of names. */
static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* is_other_leftover: what a killed contest leaves in the -o directory: the
 * files of the loads that work there (LOAD_F_OTHER). */
static int is_other_leftover(const char *name)
{
	return is_load_file(name, LOAD_F_OTHER);
}

/* sweep: remove the entries of dir that left() names and that were changed
 * at or after since; see lock_sweep. */
static int sweep(const char *testbed, int say, time_t since, int (*left)(const char *))
{
	DIR *d = opendir(testbed);
	struct stat st;
	struct dirent *e;
	char *names[64], list[512] = "";
	size_t n = 0, used = 0;
	int removed = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < sizeof names / sizeof names[0])
		if (left(e->d_name) && fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    st.st_mtime >= since && (names[n] = strdup(e->d_name)) != NULL)
			n++;
	closedir(d);
	qsort(names, n, sizeof names[0], by_name);
	for (size_t i = 0; i < n; i++) {
		if (fs_rm_in(testbed, names[i]) != 0) {
			warn("cannot remove %s/%s, left by an interrupted run", testbed, names[i]);
		} else {
			removed++;
			if (used < sizeof list) {
				int k = snprintf(list + used, sizeof list - used, " %s", names[i]);
				used += k > 0 ? (size_t)k : 0;
			}
		}
		free(names[i]);
	}
	if (say && removed > 0)
		warnx("removed leftovers of an interrupted run in %s:%s", testbed, list);
	return removed;
}

int lock_sweep(const char *testbed, int say, time_t since)
{
	return sweep(testbed, say, since, is_leftover);
}

/* killed_holder: the start time of the killed holder whose record the lock
 * of dir (held by this process) found, or 0. */
static time_t killed_holder(const char *dir)
{
	struct stat ds;

	if (stat(dir, &ds) == 0)
		for (int i = 0; i < nheld; i++)
			if (held[i].dev == ds.st_dev && held[i].ino == ds.st_ino)
				return held[i].killed;
	return 0;
}

/* has_header: 1 when name in directory dfd is a regular file (not reached
 * through a link) that opens with one of the headers contest writes in a
 * results directory (LABEL.loads, LABEL.micro, LABEL.env, LABEL.interact); else 0. */
static int has_header(int dfd, const char *name)
{
	static const char *const heads[] = { REC_FORMAT_NAME "\t", MREC_FORMAT_NAME "\t", "contest-env\t",
	                                     IREC_FORMAT_NAME "\t" };
	char buf[32];
	struct stat st;
	ssize_t n = 0;
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		if (strncmp(buf, heads[i], strlen(heads[i])) == 0)
			return 1;
	return 0;
}

int lock_dir_check(const char *dir, int results, const char *what, const char *opt, char *errbuf,
                   size_t errlen)
{
	char qd[TEXT_QUOTED], qr[TEXT_QUOTED];
	struct stat st;
	struct dirent *e;
	char real[PATH_MAX];
	long others = 0;
	int ours = 0, fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d;

	if (fd < 0)
		return 0;  /* new (made later), or not a directory: said where it is made */
	if (fstat(fd, &st) != 0 || ((st.st_mode & S_ISVTX) && (st.st_mode & S_IWOTH)) ||
	    (d = fdopendir(fd)) == NULL) {
		close(fd);
		return 0;  /* a shared sticky directory such as /tmp: see fs_dir_open */
	}
	while (!ours && (e = readdir(d)) != NULL) {
		struct stat es;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (strcmp(e->d_name, LOCK_FILE) == 0 &&
		    fstatat(dirfd(d), e->d_name, &es, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(es.st_mode))
			ours = 1;
		else if (results && has_header(dirfd(d), e->d_name))
			ours = 1;
		else
			others++;
	}
	closedir(d);
	if (ours || others == 0)
		return 0;
	if (realpath(dir, real) == NULL || strcmp(real, dir) == 0)
		real[0] = '\0';
	text_quote(dir, qd, sizeof qd);   /* echoed: one line whatever the bytes */
	text_quote(real, qr, sizeof qr);
	text_fmt(errbuf, errlen, "%s '%s'%s%s%s is not contest's: it holds %ld entr%s and no %s%s; "
	         "give a new or empty %s, or one contest has used", what, qd, real[0] ? " (" : "", qr,
	         real[0] ? ")" : "", others, others == 1 ? "y" : "ies", LOCK_FILE,
	         results ? " nor result file of contest's" : "", opt);
	return -1;
}

int lock_results(const char *dir, char *errbuf, size_t errlen)
{
	if (lock_dir_check(dir, 1, "results directory", "-R", errbuf, errlen) != 0)
		return -1;
	return lock_take(dir, "results directory", "-R", errbuf, errlen);
}

/* take_testbed: lock_testbed, with its lock_dir_check (check 1) or
 * without it (0: the run's plan made it). */
static int take_testbed(const char *given, const char *testbed, int check, char *errbuf, size_t errlen)
{
	struct stat st;
	time_t since;
	int fd;
	char qg[TEXT_QUOTED], qt[TEXT_QUOTED];

	text_quote(given, qg, sizeof qg);   /* echoed: one line whatever the bytes */
	text_quote(testbed, qt, sizeof qt);

	if (lstat(given, &st) == 0 && S_ISLNK(st.st_mode) && st.st_uid != geteuid() && st.st_uid != 0) {
		text_fmt(errbuf, errlen, "testbed '%s' is a symbolic link of user %ld, who could point "
		         "it elsewhere; give the directory itself", qg, (long)st.st_uid);
		return -1;
	}
	if ((check && lock_dir_check(given, 0, "testbed", "-d", errbuf, errlen) != 0) ||
	    (fd = fs_dir_open(testbed, errbuf, errlen)) < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		text_fmt(errbuf, errlen, "testbed '%s': %s", qt, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	if (geteuid() == 0 && (st.st_mode & S_IWGRP) && !(st.st_mode & S_ISVTX) && st.st_gid != 0) {
		text_fmt(errbuf, errlen, "testbed '%s' is writable by group %ld and not sticky: its "
		         "members could change what contest, as root, builds and runs there; use a "
		         "directory of your own", qt, (long)st.st_gid);
		return -1;
	}
	if (st.st_uid != geteuid() && st.st_uid != 0) {
		text_fmt(errbuf, errlen, "testbed '%s' belongs to user %ld, who could change what "
		         "contest builds and runs there; use a directory of your own", qt,
		         (long)st.st_uid);
		return -1;
	}
	if (lock_take(testbed, "testbed", "-d", errbuf, errlen) != 0)
		return -1;
	if ((since = killed_holder(testbed)) != 0)
		lock_sweep(testbed, 1, since - 1);
	return 0;
}

int lock_testbed(const char *given, const char *testbed, char *errbuf, size_t errlen)
{
	return take_testbed(given, testbed, 1, errbuf, errlen);
}

int lock_testbed_planned(const char *given, const char *testbed, char *errbuf, size_t errlen)
{
	return take_testbed(given, testbed, 0, errbuf, errlen);
}

int lock_other(const char *dir, char *errbuf, size_t errlen)
{
	time_t since;

	if (lock_take(dir, "directory for io_other", "-o", errbuf, errlen) != 0)
		return errno == EBUSY ? -1 : 0;
	if ((since = killed_holder(dir)) != 0)
		sweep(dir, 1, since - 1, is_other_leftover);
	return 0;
}
