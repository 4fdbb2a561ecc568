/* kbuild.c: a kernel built from a git revision: the commit resolved, the cache's key (commit, config, compiler) looked up under its lock, else a build in a temporary folder with a worktree of its own, renamed into the cache only when complete. */
#include "contest/kbuild/kbuild.h"
#include "contest/kbuild/kconf.h"
#include "lib/failpoint.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TAIL_LINES 3   /* the log's lines a failed build's message ends with */

/* One build: what it was asked, what it found, where it works. */
struct job {
	const struct kbuild_sys *sys;
	const struct kbuild_req *req;
	struct kconf conf;
	char cc[16];              /* make's CC: "cc", or "ccache cc" */
	char compiler[200];       /* cc --version's first line */
	char key[96];             /* COMMIT-HASH: the entry's name */
	char cache[PATH_MAX];     /* the cache folder's real path (git and make run elsewhere) */
	char tmp[PATH_MAX];       /* CACHE/.KEY.tmp-PID: the entry being built */
	char src[PATH_MAX];       /* TMP/src: the worktree */
	char log[PATH_MAX];       /* TMP/build.log */
	char jobs[24], ccvar[32], modpath[PATH_MAX + 20];
	char *make[5];            /* make -jN CC=..., NULL-ended */
};

/* now_s: the monotonic clock, seconds. */
static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* resolve: the commit revision rev names in tree (git rev-parse --verify
 * REV^{commit}) into commit; 0, or -1 with one line in why. */
static int resolve(const struct kbuild_sys *sys, const char *tree, const char *rev, char *commit, size_t clen,
                   char *why, size_t len)
{
	char arg[512], out[200];
	char *argv[] = { "git", "-C", (char *)tree, "rev-parse", "--verify", "--quiet", arg, NULL };
	char *gitdir[] = { "git", "-C", (char *)tree, "rev-parse", "--git-dir", NULL };
	struct stat st;
	size_t n;

	if (stat(tree, &st) != 0 || !S_ISDIR(st.st_mode)) {
		text_fmt(why, len, "kbuild: the tree %s is no folder", tree);
		return -1;
	}
	if (rev[0] == '\0' || rev[0] == '-' || strlen(rev) > 400 || strpbrk(rev, " \t\n") != NULL) {
		text_fmt(why, len, "kbuild: '%s' is no git revision", rev);
		return -1;
	}
	if (sys->run(sys->ctx, gitdir, NULL, NULL, out, sizeof out, why, len) != 0) {
		text_fmt(why, len, "kbuild: %s is no git checkout git will read (git rev-parse; another user's needs "
		         "git config safe.directory)", tree);
		return -1;
	}
	text_fmt(arg, sizeof arg, "%s^{commit}", rev);
	if (sys->run(sys->ctx, argv, NULL, NULL, out, sizeof out, why, len) != 0 ||
	    ((n = strspn(out, "0123456789abcdef")) != 40 && n != 64) || n >= clen) {
		text_fmt(why, len, "kbuild: %s has no commit %s (git rev-parse --verify)", tree, rev);
		return -1;
	}
	text_fmt(commit, clen, "%.*s", (int)n, out);
	return 0;
}

/* compiler: j's CC (ccache in front when it is installed) and the first
 * line of cc --version; 0, or -1 with why. */
static int compiler(struct job *j, char *why, size_t len)
{
	char out[1024];
	char *argv[] = { "cc", "--version", NULL };

	text_copy(j->cc, j->sys->have(j->sys->ctx, "ccache") ? "ccache cc" : "cc", sizeof j->cc);
	if (j->sys->run(j->sys->ctx, argv, NULL, NULL, out, sizeof out, why, len) != 0 || out[0] == '\0') {
		text_fmt(why, len, "kbuild: cc --version failed: no C compiler to build a kernel with");
		return -1;
	}
	out[strcspn(out, "\n")] = '\0';
	text_copy(j->compiler, out, sizeof j->compiler);
	return 0;
}

/* key: j's entry name: COMMIT-H, H the hash of the config's hash and the
 * compiler's line. */
static void key(struct job *j, const char *commit)
{
	char what[300];
	unsigned long long h = 0xcbf29ce484222325ull;

	text_fmt(what, sizeof what, "%016llx\n%s", kconf_hash(&j->conf), j->compiler);
	for (const char *p = what; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	text_fmt(j->key, sizeof j->key, "%s-%016llx", commit, h);
}

/* lock: CACHE/KEY.lock held (flock, waiting for another build of the
 * key); its descriptor, or -1 with why. */
static int lock(const struct job *j, char *why, size_t len)
{
	char path[PATH_MAX];
	int fd = -1;

	if (fs_path(path, sizeof path, "%s/%s.lock", j->cache, j->key) == 0)
		fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	while (fd >= 0 && flock(fd, LOCK_EX) != 0)
		if (errno != EINTR) {
			close(fd);
			fd = -1;
		}
	if (fd < 0)
		text_fmt(why, len, "kbuild: cannot lock %s/%s.lock: %s", j->cache, j->key, strerror(errno));
	return fd;
}

/* sweep: what a build of j's key cut short left (CACHE/.KEY.tmp-*, its
 * worktree's record in the tree) removed; under the key's lock. */
static void sweep(const struct job *j)
{
	char pre[128], out[64], why[128];
	char *argv[] = { "git", "-C", (char *)j->req->tree, "worktree", "prune", NULL };
	DIR *d = opendir(j->cache);
	struct dirent *e;
	int any = 0;

	text_fmt(pre, sizeof pre, ".%s.tmp-", j->key);
	while (d != NULL && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, pre, strlen(pre)) == 0) {
			fs_rm_at(dirfd(d), e->d_name);
			any = 1;
		}
	if (d != NULL)
		closedir(d);
	if (any)
		j->sys->run(j->sys->ctx, argv, NULL, NULL, out, sizeof out, why, sizeof why);
}

/* found: out filled from the entry CACHE/KEY when it is there (complete:
 * only a finished build is renamed to it); 1, else 0. */
static int found(const struct job *j, struct kbuild_out *out)
{
	char path[PATH_MAX], *info;
	const char *r;

	if (fs_path(out->dir, sizeof out->dir, "%s/%s", j->cache, j->key) != 0 ||
	    fs_path(path, sizeof path, "%s/" KBUILD_INFO, out->dir) != 0 ||
	    (info = text_read_path(path, O_NOFOLLOW, 1 << 16, NULL, NULL)) == NULL)
		return 0;
	r = strstr(info, "\nrelease=");
	if (r != NULL)
		text_fmt(out->release, sizeof out->release, "%.*s", (int)strcspn(r + 9, "\n"), r + 9);
	free(info);
	out->cached = 1;
	return r != NULL && fs_path(out->image, sizeof out->image, "%s/boot/vmlinuz-%s", out->dir, out->release) == 0;
}

/* git_step: git -C TREE with args (NULL-ended, at most 6) run, output to
 * j's log; 0, or -1 with why. */
static int git_step(const struct job *j, char *const args[], char *why, size_t len)
{
	char *argv[10] = { "git", "-C", (char *)j->req->tree };
	size_t n = 3;
	int rc;

	for (size_t i = 0; args[i] != NULL && n < 9; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	if ((rc = j->sys->run(j->sys->ctx, argv, NULL, j->log, NULL, 0, why, len)) > 0)
		text_fmt(why, len, "git %s %s exited with status %d", args[0], args[1] ? args[1] : "", rc);
	return rc == 0 ? 0 : -1;
}

/* make_step: make -jN CC=... with targets (NULL-ended, at most 4) run in
 * the worktree, output to j's log; 0, or -1 with why. */
static int make_step(const struct job *j, char *const targets[], char *why, size_t len)
{
	char *argv[10], what[128] = "";
	size_t n = 0, at = 0;
	int rc;

	for (size_t i = 0; j->make[i] != NULL; i++)
		argv[n++] = j->make[i];
	for (size_t i = 0; targets[i] != NULL && n < 9; i++) {
		argv[n++] = targets[i];
		if (strchr(targets[i], '=') == NULL)
			text_put(what, sizeof what, &at, " %s", targets[i]);
	}
	argv[n] = NULL;
	if ((rc = j->sys->run(j->sys->ctx, argv, j->src, j->log, NULL, 0, why, len)) > 0)
		text_fmt(why, len, "make%s exited with status %d", what, rc);
	return rc == 0 ? 0 : -1;
}

/* release_of: the one folder of TMP/lib/modules (modules_install's R)
 * into rel; 0, or -1 with why. */
static int release_of(const struct job *j, char *rel, size_t rlen, char *why, size_t len)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d = NULL;
	int n = 0;

	if (fs_path(path, sizeof path, "%s/lib/modules", j->tmp) == 0)
		d = opendir(path);
	while (d != NULL && (e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' && n++ == 0)
			text_copy(rel, e->d_name, rlen);
	if (d != NULL)
		closedir(d);
	if (n != 1)
		text_fmt(why, len, "modules_install left %s release folders in lib/modules (one expected)",
		         n ? "several" : "no");
	return n == 1 ? 0 : -1;
}

/* copy: the file from copied to the new file to (mode 0644); 0, or -1
 * with why. */
static int copy(const char *from, const char *to, char *why, size_t len)
{
	char buf[1 << 16];
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1;
	ssize_t r = 0, w = 0;

	if (in >= 0)
		out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	while (out >= 0 && (r = read(in, buf, sizeof buf)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		for (ssize_t at = 0; r > 0 && at < r; at += w)
			if ((w = write(out, buf + at, (size_t)(r - at))) <= 0)
				break;
		if (r < 0 || w <= 0)
			break;
	}
	if (in < 0 || out < 0 || r != 0 || close(out) != 0) {
		text_fmt(why, len, "cannot copy %s to %s: %s", from, to, errno ? strerror(errno) : "short write");
		if (in >= 0)
			close(in);
		return -1;
	}
	close(in);
	return 0;
}

/* info: TMP/kbuild.info written: the key's parts, the release, the times. */
static int info(const struct job *j, const struct kbuild_out *out, char *why, size_t len)
{
	char path[PATH_MAX];
	FILE *f = NULL;

	if (fs_path(path, sizeof path, "%s/" KBUILD_INFO, j->tmp) == 0)
		f = fopen(path, "wxe");
	if (f == NULL) {
		text_fmt(why, len, "cannot write %s/" KBUILD_INFO ": %s", j->tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "commit=%s\nrelease=%s\nrevision=%s\ntree=%s\n", out->commit, out->release, j->req->rev,
	        j->req->tree);
	fprintf(f, "config=%s %s%s\nconfig_hash=%016llx\n", j->conf.user ? "user" : "fragment", j->conf.file,
	        j->conf.user ? ", olddefconfig" : " on " KCONF_BASE ", olddefconfig", kconf_hash(&j->conf));
	fprintf(f, "compiler=%s\ncc=%s\njobs=%s\ncheckout_s=%.1f\nconfigure_s=%.1f\nbuild_s=%.1f\n", j->compiler,
	        j->cc, j->jobs + 2, out->checkout_s, out->configure_s, out->build_s);
	if (fclose(f) != 0) {
		text_fmt(why, len, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* configure: the worktree made (its seconds in out) and configured, its
 * .config checked for what a guest needs; 0, or -1 with why (refused
 * builds: the options). */
static int configure(struct job *j, struct kbuild_out *out, char *why, size_t len)
{
	double t0 = now_s();

	char *add[] = { "worktree", "add", "--quiet", "--detach", j->src, (char *)out->commit, NULL };
	char path[PATH_MAX], missing[1024];

	if (git_step(j, add, why, len) != 0)
		return -1;
	out->checkout_s = now_s() - t0;
	if (kconf_apply(j->sys, &j->conf, j->src, j->make, j->log, why, len) != 0)
		return -1;
	if (fs_path(path, sizeof path, "%s/.config", j->src) != 0 || kconf_check(path, missing, sizeof missing) != 0) {
		text_fmt(why, len, "olddefconfig left no readable .config");
		return -1;
	}
	if (missing[0]) {
		text_fmt(why, len, "refused before building: its .config lacks %s, which a guest needs", missing);
		return -1;
	}
	return 0;
}

/* build: j's entry made in TMP: configured, built, installed, the image
 * and .config in boot/, the worktree removed, the info written; 0, or -1
 * with why. */
static int build(struct job *j, struct kbuild_out *out, char *why, size_t len)
{
	char *all[] = { "bzImage", "modules", NULL }, *inst[] = { j->modpath, "modules_install", NULL };
	char *rm[] = { "worktree", "remove", "--force", j->src, NULL };
	char from[PATH_MAX], to[PATH_MAX];
	double t0 = now_s();

	if (configure(j, out, why, len) != 0)
		return -1;
	out->configure_s = now_s() - t0 - out->checkout_s;
	if (make_step(j, all, why, len) != 0 || make_step(j, inst, why, len) != 0 ||
	    release_of(j, out->release, sizeof out->release, why, len) != 0)
		return -1;
	for (int i = 0; i < 2; i++)   /* links into the worktree, which goes */
		if (fs_path(to, sizeof to, "%s/lib/modules/%s/%s", j->tmp, out->release, i ? "source" : "build") == 0)
			unlink(to);
	if (fs_path(to, sizeof to, "%s/boot", j->tmp) != 0 || mkdir(to, 0755) != 0) {
		text_fmt(why, len, "cannot make %s: %s", to, strerror(errno));
		return -1;
	}
	if (fs_path(from, sizeof from, "%s/arch/x86/boot/bzImage", j->src) != 0 ||
	    fs_path(to, sizeof to, "%s/boot/vmlinuz-%s", j->tmp, out->release) != 0 || copy(from, to, why, len) != 0 ||
	    fs_path(from, sizeof from, "%s/.config", j->src) != 0 ||
	    fs_path(to, sizeof to, "%s/boot/config-%s", j->tmp, out->release) != 0 || copy(from, to, why, len) != 0)
		return -1;
	out->build_s = now_s() - t0 - out->checkout_s - out->configure_s;
	if (git_step(j, rm, why, len) != 0)
		return -1;
	return info(j, out, why, len);
}

void kbuild_tail(const char *log, int n, char *out, size_t len)
{
	static char buf[1 << 16];
	char *keep[16], *save = NULL, *first = NULL;
	int fd = open(log, O_RDONLY | O_CLOEXEC), k = 0;
	off_t end = fd >= 0 ? lseek(fd, 0, SEEK_END) : -1, max = (off_t)sizeof buf - 1;
	ssize_t r = end < 0 ? -1 : pread(fd, buf, (size_t)max, end > max ? end - max : 0);   /* the last 64 KiB */
	size_t at = 0;

	out[0] = '\0';
	if (fd >= 0)
		close(fd);
	if (r <= 0)
		return;
	buf[r] = '\0';
	n = n < 1 ? 1 : n > 16 ? 16 : n;
	for (char *l = strtok_r(buf, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save)) {
		if (l[strspn(l, " \t\r")] == '\0')
			continue;
		if (first == NULL && (strstr(l, "error:") != NULL || strstr(l, "Error ") != NULL))
			first = l;   /* under make -j, other jobs' lines may follow the one that failed */
		if (k == n)
			memmove(keep, keep + 1, (size_t)--k * sizeof keep[0]);
		keep[k++] = l;
	}
	if (first != NULL && first < keep[0])
		text_put(out, len, &at, "%s | ... | ", first);
	for (int i = 0; i < k; i++)
		text_put(out, len, &at, "%s%s", i ? " | " : "", keep[i]);
	for (char *p = out; *p; p++)
		if (*p == '\t' || *p == '\r')
			*p = ' ';
}

/* failed: a build of j cut by why: its worktree removed, its log kept as
 * CACHE/KEY.failed.log, TMP removed; why made the one line naming the
 * commit and ending with the log's last lines. */
static void failed(const struct job *j, const char *commit, char *why, size_t len)
{
	char *rm[] = { "worktree", "remove", "--force", (char *)j->src, NULL };
	char kept[PATH_MAX], tail[600], step[1200], ignore[128];

	text_copy(step, why, sizeof step);
	git_step(j, rm, ignore, sizeof ignore);
	if (fs_path(kept, sizeof kept, "%s/%s.failed.log", j->cache, j->key) != 0 || rename(j->log, kept) != 0)
		text_copy(kept, j->log, sizeof kept);
	kbuild_tail(kept, TAIL_LINES, tail, sizeof tail);
	fs_rm_in(j->cache, strrchr(j->tmp, '/') + 1);
	text_fmt(why, len, "kbuild: %.12s (%s) failed: %s; log %s%s%s", commit, j->req->rev, step, kept,
	         tail[0] ? ": " : "", tail);
}

/* start: j set up for req: the compiler, the config read, the key, make's
 * words, the cache folder made; 0, or -1 with why. */
static int start(struct job *j, const struct kbuild_sys *sys, const struct kbuild_req *req, const char *commit,
                 char *why, size_t len)
{
	memset(j, 0, sizeof *j);
	j->sys = sys;
	j->req = req;
	if (compiler(j, why, len) != 0 || kconf_load(&j->conf, req->config, req->fragment, why, len) != 0)
		return -1;
	key(j, commit);
	text_fmt(j->jobs, sizeof j->jobs, "-j%d", req->jobs > 0 ? req->jobs : sys->cpus(sys->ctx));
	text_fmt(j->ccvar, sizeof j->ccvar, "CC=%s", j->cc);
	j->make[0] = "make";
	j->make[1] = j->jobs;
	j->make[2] = j->ccvar;
	if ((fs_mkdirs(req->cache) != 0 && errno != EEXIST) || realpath(req->cache, j->cache) == NULL ||
	    fs_path(j->tmp, sizeof j->tmp, "%s/.%s.tmp-%ld", j->cache, j->key, (long)getpid()) != 0 ||
	    fs_path(j->src, sizeof j->src, "%s/src", j->tmp) != 0 ||
	    fs_path(j->log, sizeof j->log, "%s/" KBUILD_LOG, j->tmp) != 0 ||
	    fs_path(j->modpath, sizeof j->modpath, "INSTALL_MOD_PATH=%s", j->tmp) != 0) {
		text_fmt(why, len, "kbuild: cannot use the cache folder %s: %s", req->cache, strerror(errno));
		kconf_free(&j->conf);
		return -1;
	}
	return 0;
}

/* head: the log's first lines: what is built, with what. */
static int head(const struct job *j, const char *commit, char *why, size_t len)
{
	FILE *f = fopen(j->log, "wxe");

	if (f == NULL) {
		text_fmt(why, len, "cannot write %s: %s", j->log, strerror(errno));
		return -1;
	}
	fprintf(f, "kbuild: commit %s (%s) of %s\nkbuild: config: %s %s\nkbuild: compiler: %s (CC=%s, %s)\n", commit,
	        j->req->rev, j->req->tree, j->conf.user ? "the user's" : "the guest fragment on " KCONF_BASE ":",
	        j->conf.file, j->compiler, j->cc, j->jobs);
	return fclose(f) == 0 ? 0 : -1;
}

/* finish: j's complete entry renamed into place, out naming it; 0, or -1
 * with why. */
static int finish(const struct job *j, struct kbuild_out *out, char *why, size_t len)
{
	char done[PATH_MAX];

	failpoint("kbuild-rename");   /* a crash here must leave no entry */
	if (fs_path(done, sizeof done, "%s/%s", j->cache, j->key) != 0 || rename(j->tmp, done) != 0) {
		text_fmt(why, len, "kbuild: cannot rename %s to %s/%s: %s", j->tmp, j->cache, j->key, strerror(errno));
		return -1;
	}
	text_copy(out->dir, done, sizeof out->dir);
	return fs_path(out->image, sizeof out->image, "%s/boot/vmlinuz-%s", done, out->release);
}

int kbuild(const struct kbuild_sys *sys, const struct kbuild_req *req, struct kbuild_out *out, char *why,
           size_t len)
{
	static struct job j;
	int fd, rc = -1;

	memset(out, 0, sizeof *out);
	if (resolve(sys, req->tree, req->rev, out->commit, sizeof out->commit, why, len) != 0 ||
	    start(&j, sys, req, out->commit, why, len) != 0)
		return -1;
	if ((fd = lock(&j, why, len)) < 0) {
		kconf_free(&j.conf);
		return -1;
	}
	if (found(&j, out))
		rc = 0;
	else {
		memset(out->release, 0, sizeof out->release);
		out->cached = 0;
		sweep(&j);
		if (mkdir(j.tmp, 0755) != 0 || head(&j, out->commit, why, len) != 0)
			text_fmt(why, len, "kbuild: cannot make %s: %s", j.tmp, strerror(errno));
		else if (build(&j, out, why, len) != 0)
			failed(&j, out->commit, why, len);
		else
			rc = finish(&j, out, why, len);
	}
	close(fd);
	kconf_free(&j.conf);
	return rc;
}
