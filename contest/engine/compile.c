/* compile.c: run one command of the workload (make, make clean), timed with wait4 and the monotonic clock. */
#include "contest/engine/compile.h"
#include "contest/engine/child.h"
#include "contest/engine/sig.h"
#include "contest/sys/guard.h"
#include "contest/sys/lock.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"

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

void compile_unset_make_vars(void)
{
	static const char *const makevars[] = { "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES",
	                                        "GNUMAKEFLAGS", "MAKE_TERMOUT", "MAKE_TERMERR" };
	for (size_t i = 0; i < sizeof makevars / sizeof makevars[0]; i++)
		unsetenv(makevars[i]);
}

/* exec_child: in the forked child: set up and exec argv; never returns. */
static _Noreturn void exec_child(pid_t parent, const char *dir, char *const argv[], int logfd)
{
	if (child_setup(parent) != 0)
		_exit(127);
	if (dup2(logfd, STDOUT_FILENO) < 0 || dup2(logfd, STDERR_FILENO) < 0)
		_exit(127);
	compile_unset_make_vars();
	if (chdir(dir) != 0) {
		dprintf(STDERR_FILENO, "contest: cannot enter %s: %s\n", dir, strerror(errno));
		_exit(127);
	}
	execvp(argv[0], argv);
	dprintf(STDERR_FILENO, "contest: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* log_dir: open the directory of log (fs_dir_open: nobody else may swap
 * its entries) and point *base at log's last component. The descriptor, or
 * -1 with a one-line reason in why. */
static int log_dir(const char *log, const char **base, char *why, size_t len)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(log, '/');

	*base = slash ? slash + 1 : log;
	if (slash == NULL)
		text_copy(dir, ".", sizeof dir);
	else if (slash == log)
		text_copy(dir, "/", sizeof dir);
	else if (fs_path(dir, sizeof dir, "%.*s", (int)(slash - log), log) != 0) {
		text_fmt(why, len, "%s: %s", log, strerror(errno));
		return -1;
	}
	return fs_dir_open(dir, why, len);
}

/* compile_log_open: see compile.h. */
int compile_log_open(const char *log, char *errbuf, size_t errlen)
{
	char why[512];
	const char *base;
	struct stat st;
	int dfd = log_dir(log, &base, why, sizeof why), fd = -1;

	if (dfd < 0) {
		snprintf(errbuf, errlen, "cannot open log: %s", why);
		return -1;
	}
	if (fs_rm_own(dfd, base) != 0) {
		if (errno == EPERM && fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0)
			snprintf(errbuf, errlen, "cannot open log %s: it belongs to uid %u (%s), not to "
			         "contest; remove it or use another testbed", log, (unsigned)st.st_uid,
			         fs_kind(&st));
		else
			snprintf(errbuf, errlen, "cannot replace log %s: %s", log, strerror(errno));
	} else if ((fd = fs_create_at(dfd, base, O_RDWR, 0644)) < 0) {
		snprintf(errbuf, errlen, "cannot open log %s: %s", log, strerror(errno));
	}
	close(dfd);
	return fd;
}

/* space_note: when a failed command ran out of space: ": " and the error
 * its log shows last (ENOSPC or EDQUOT, in the C locale's words), else
 * ": the file system of X is full" when the log's or dir's file system has
 * no block or inode left; "" otherwise. */
static void space_note(int logfd, const char *dir, const char *log, char *buf, size_t len)
{
	static const int errs[] = { ENOSPC, EDQUOT };
	char tail[65536];
	struct statvfs sv;
	struct stat st;
	off_t from = 0;
	ssize_t n;

	buf[0] = '\0';
	if (fstat(logfd, &st) == 0 && st.st_size > (off_t)sizeof tail - 1)
		from = st.st_size - (off_t)(sizeof tail - 1);
	n = pread(logfd, tail, sizeof tail - 1, from);
	n = n > 0 ? n : 0;
	for (ssize_t i = 0; i < n; i++)
		if (tail[i] == '\0')
			tail[i] = ' ';
	tail[n] = '\0';
	for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++)
		if (strstr(tail, strerror(errs[i])) != NULL) {
			text_fmt(buf, len, ": %s", strerror(errs[i]));
			return;
		}
	if (fstatvfs(logfd, &sv) == 0 && (sv.f_bavail == 0 || (sv.f_files > 0 && sv.f_favail == 0)))
		text_fmt(buf, len, ": the file system of %s is full", log);
	else if (statvfs(dir, &sv) == 0 && (sv.f_bavail == 0 || (sv.f_files > 0 && sv.f_favail == 0)))
		text_fmt(buf, len, ": the file system of %s is full", dir);
}

int compile_run(const char *dir, char *const argv[], const char *log,
                void (*tick)(void *arg, double elapsed), void *arg,
                struct compile_result *res, char *errbuf, size_t errlen)
{
	pid_t parent = getpid(), pid, r;
	int logfd, st = 0;
	double t0, woke, now;

	memset(res, 0, sizeof *res);
	if ((logfd = compile_log_open(log, errbuf, errlen)) < 0)
		return COMPILE_FAILED;
	fflush(NULL);
	sig_ticker(0.5);
	t0 = mono_now();
	pid = fork();
	if (pid < 0) {
		sig_ticker(0);
		close(logfd);
		snprintf(errbuf, errlen, "fork: %s", strerror(errno));
		return COMPILE_FAILED;
	}
	if (pid == 0)
		exec_child(parent, dir, argv, logfd);
	setpgid(pid, pid);
	sig_group_add(pid);
	woke = t0;
	for (;;) {
		r = wait4(pid, &st, 0, &res->ru);
		now = mono_now();
		if (now - woke - 0.5 > res->gap)   /* beyond the tick: contest did not run */
			res->gap = now - woke - 0.5;
		woke = now;
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			snprintf(errbuf, errlen, "wait4: %s", strerror(errno));
			break;
		}
		if (sig_caught)
			break;
		if (tick != NULL)
			tick(arg, mono_now() - t0);
	}
	res->time = mono_now() - t0;
	sig_ticker(0);
	if (r != pid) {
		int done = 0;
		proc_group_stop(pid, 2.0, &done, &st);
		sig_group_del(pid);
		guard_release(pid);
		close(logfd);
		return sig_caught ? COMPILE_INTR : COMPILE_FAILED;
	}
	/* make is gone; anything it left behind in its group goes too */
	if (kill(-pid, 0) == 0)
		proc_group_stop(pid, 1.0, NULL, NULL);
	sig_group_del(pid);
	guard_release(pid);
	res->wstatus = st;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		close(logfd);
		return COMPILE_OK;
	}
	compile_failure(logfd, dir, log, argv[0], st, errbuf, errlen);
	close(logfd);
	return COMPILE_FAILED;
}

void compile_failure(int logfd, const char *dir, const char *log, const char *cmd, int wstatus,
                     char *buf, size_t len)
{
	char how[96], note[160];

	proc_describe(wstatus, how, sizeof how);
	space_note(logfd, dir, log, note, sizeof note);
	snprintf(buf, len, "%s %s%s (log: %s)", cmd, how, note, log);
}

void compile_log_tail(const char *log, int n)
{
	char *lines[64] = { 0 };
	char buf[512];
	const char *base;
	int count = 0, dfd, fd = -1;
	FILE *f = NULL;

	/* only the log contest made: never a link or another file put in its place */
	if ((dfd = log_dir(log, &base, buf, sizeof buf)) >= 0) {
		fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0 && (!fs_own_file(dfd, fd) || (f = fdopen(fd, "re")) == NULL))
			close(fd);
		close(dfd);
	}
	if (f == NULL || n <= 0)
		goto out;
	if (n > 64)
		n = 64;
	while (fgets(buf, sizeof buf, f) != NULL) {
		free(lines[count % n]);
		lines[count % n] = strdup(buf);
		count++;
	}
	for (int i = count > n ? count - n : 0; i < count; i++)
		fprintf(stderr, "    %s%s", lines[i % n] ? lines[i % n] : "",
		        lines[i % n] && strchr(lines[i % n], '\n') ? "" : "\n");
out:
	for (int i = 0; i < 64; i++)
		free(lines[i]);
	if (f != NULL)
		fclose(f);
}

/* prune_failed: in directory dfd, remove the oldest failed runs' logs
 * (lock_failed_log, contest's user's) beyond the newest COMPILE_FAILED_KEEP. */
static void prune_failed(int dfd)
{
	struct old { char name[NAME_MAX + 1]; double t; } v[64];
	int n = 0, d = dup(dfd);
	DIR *dir = d >= 0 ? fdopendir(d) : NULL;
	struct dirent *e;
	struct stat st;

	if (dir == NULL) {
		if (d >= 0)
			close(d);
		return;
	}
	while ((e = readdir(dir)) != NULL && n < 64)
		if (lock_failed_log(e->d_name) && fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    st.st_uid == geteuid()) {
			text_copy(v[n].name, e->d_name, sizeof v[n].name);
			v[n++].t = (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec / 1e9;
		}
	closedir(dir);
	for (int kept = n; kept > COMPILE_FAILED_KEEP; kept--) {
		int oldest = -1;
		for (int i = 0; i < n; i++)
			if (v[i].name[0] != '\0' && (oldest < 0 || v[i].t < v[oldest].t ||
			    (v[i].t == v[oldest].t && strcmp(v[i].name, v[oldest].name) < 0)))
				oldest = i;
		fs_rm_own(dfd, v[oldest].name);
		v[oldest].name[0] = '\0';
	}
}

int compile_keep_failed(const char *log, const char *tag, char *why, size_t len, char *kept,
                        size_t keptlen)
{
	char name[NAME_MAX + 1], was[PATH_MAX + 8], msg[1024], *at;
	const char *base;
	int dfd = log_dir(log, &base, msg, sizeof msg), fd, own;

	if (dfd < 0)
		return -1;
	fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	own = fd >= 0 && fs_own_file(dfd, fd);
	if (fd >= 0)
		close(fd);
	if (!own || fs_path(name, sizeof name, "%s.%s%s", base, tag, LOCK_FAILED_SUFFIX) != 0 ||
	    fs_path(kept, keptlen, "%.*s%s", (int)(base - log), log, name) != 0 ||
	    fs_rm_own(dfd, name) != 0 || renameat(dfd, base, dfd, name) != 0) {
		close(dfd);
		return -1;
	}
	prune_failed(dfd);
	close(dfd);
	/* the reason names the log it kept, not the one the next run makes afresh */
	snprintf(was, sizeof was, "(log: %s)", log);
	if ((at = strstr(why, was)) != NULL) {
		text_fmt(msg, sizeof msg, "%.*s(log: %s)%s", (int)(at - why), why, kept, at + strlen(was));
		text_copy(why, msg, len);
	}
	return 0;
}
