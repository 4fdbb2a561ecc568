/* test_kbuild.c: kernels built from git revisions (contest/kbuild/) with a small git repository whose Makefile plays the kernel's targets: a build and its entry, a cache hit that runs no make, a new entry for another config or compiler, ccache, a failed build's one line, a config refused before building, the user's checkout untouched, a kill -9 mid-build and a crash before the rename leaving no entry, revisions that do not exist; and the guest fragment holding every option a guest needs. */
#include "contest/kbuild/kbuild.h"
#include "contest/kbuild/kconf.h"
#include "contest/series/guest.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "lib/exec.h"
#include "tests/unit/t.h"

#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char base[] = "/tmp/contest-kbuild.XXXXXX";
static char tree[PATH_MAX], cache[PATH_MAX], frag[PATH_MAX];

/* The kernel's Makefile, played: each target writes what the real one
 * would. With KB_MARK set, bzImage touches it and waits for its make to
 * die, then touches KB_MARK.gone. */
static const char fake_makefile[] =
	"tinyconfig:\n\techo '# tinyconfig' > .config\n"
	"olddefconfig:\n\ttest -f .config && echo '# olddefconfig' >> .config\n"
	"bzImage:\n"
	"\t@if [ -n \"$$KB_MARK\" ]; then touch \"$$KB_MARK\"; while kill -0 $$PPID 2>/dev/null; do sleep 0.1; done;"
	" touch \"$$KB_MARK.gone\"; exit 1; fi\n"
	"\tmkdir -p arch/x86/boot && echo image > arch/x86/boot/bzImage\n"
	"modules:\n\techo kernel/fs/ext4/ext4.ko > modules.order\n"
	"modules_install:\n\ttest -n '$(INSTALL_MOD_PATH)'\n"
	"\tmkdir -p '$(INSTALL_MOD_PATH)/lib/modules/6.1.0-kb/kernel'\n"
	"\tcp modules.order '$(INSTALL_MOD_PATH)/lib/modules/6.1.0-kb/'\n"
	"\tln -s \"$$PWD\" '$(INSTALL_MOD_PATH)/lib/modules/6.1.0-kb/build'\n"
	"\tprintf 'kernel/fs/9p/9p.ko\\n' > '$(INSTALL_MOD_PATH)/lib/modules/6.1.0-kb/modules.builtin'\n"
	".PHONY: tinyconfig olddefconfig bzImage modules modules_install\n";

/* The seam, played: the real one, with every make counted and its words
 * kept, the CPUs and ccache said, and cc --version's line given. */
struct play {
	int makes, bzimages;
	char last[512];      /* the last make's words */
	int cpus, ccache;
	const char *ccline;  /* cc --version's first line; NULL: the real one */
};

static int play_run(void *ctx, char *const argv[], const char *cwd, const char *log, char *out, size_t olen,
                    char *why, size_t len)
{
	struct play *p = ctx;

	if (strcmp(argv[0], "make") == 0) {
		size_t at = 0;
		p->makes++;
		p->last[0] = '\0';
		for (size_t i = 0; argv[i] != NULL; i++) {
			text_put(p->last, sizeof p->last, &at, "%s%s", i ? " " : "", argv[i]);
			p->bzimages += strcmp(argv[i], "bzImage") == 0;
		}
	}
	if (strcmp(argv[0], "cc") == 0 && p->ccline != NULL) {
		text_fmt(out, olen, "%s\nmore\n", p->ccline);
		return 0;
	}
	return ksys_run(NULL, argv, cwd, log, out, olen, why, len);
}

static int play_cpus(void *ctx) { return ((struct play *)ctx)->cpus; }
static int play_have(void *ctx, const char *prog) { return strcmp(prog, "ccache") == 0 && ((struct play *)ctx)->ccache; }

static struct play pl;
static const struct kbuild_sys play_sys = { play_run, play_cpus, play_have, &pl };

/* sh: a shell command (printf-formatted) run; its exit status. */
static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* put: text written to the file path. */
static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* setup: a git tree of three commits (v1: a kernel that builds; broken:
 * bzImage fails; v2: builds again), the fragment, the cache folder. */
static int setup(void)
{
	char path[PATH_MAX], broken[sizeof fake_makefile + 100];
	const char *at = strstr(fake_makefile, "\tmkdir -p arch");

	if (mkdtemp(base) == NULL || at == NULL)
		return -1;
	text_fmt(tree, sizeof tree, "%s/linux", base);
	text_fmt(cache, sizeof cache, "%s/cache", base);
	if (realpath("contest/kbuild/" KCONF_FRAGMENT, frag) == NULL)
		return -1;
	text_fmt(broken, sizeof broken, "%.*s\t@echo error: broken on purpose >&2; exit 2\n%s",
	         (int)(at - fake_makefile), fake_makefile, at);
	mkdir(tree, 0755);
	text_fmt(path, sizeof path, "%s/Makefile", tree);
	put(path, fake_makefile);
	if (sh("cd %s && git init -q && git add Makefile && git -c user.name=t -c user.email=t@t commit -qm one && "
	       "git tag v1", tree) != 0)
		return -1;
	put(path, broken);
	if (sh("cd %s && git -c user.name=t -c user.email=t@t commit -qam broken && git tag broken", tree) != 0)
		return -1;
	put(path, fake_makefile);
	return sh("cd %s && echo x > README && git add README && git -c user.name=t -c user.email=t@t commit -qam two && "
	          "git tag v2", tree);
}

/* req_for: a request for rev with config (NULL: the fragment). */
static struct kbuild_req req_for(const char *rev, const char *config)
{
	struct kbuild_req r = { tree, rev, config, frag, cache, 0 };

	return r;
}

/* entries: the finished entries in the cache (folders not starting with '.'). */
static int entries(void)
{
	DIR *d = opendir(cache);
	struct dirent *e;
	struct stat st;
	char p[PATH_MAX];
	int n = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' && fs_path(p, sizeof p, "%s/%s", cache, e->d_name) == 0 && lstat(p, &st) == 0 &&
		    S_ISDIR(st.st_mode))
			n++;
	if (d != NULL)
		closedir(d);
	return n;
}

/* temps: the temporary folders in the cache (.KEY.tmp-PID). */
static int temps(void)
{
	DIR *d = opendir(cache);
	struct dirent *e;
	int n = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		n += strstr(e->d_name, ".tmp-") != NULL;
	if (d != NULL)
		closedir(d);
	return n;
}

/* info_has: 1 when DIR/kbuild.info has the line want. */
static int info_has(const char *dir, const char *want)
{
	char *t = text_read(dir, "/" KBUILD_INFO, 1 << 16, NULL, NULL), line[512];
	int yes;

	text_fmt(line, sizeof line, "\n%s\n", want);
	yes = t != NULL && (strncmp(t, want, strlen(want)) == 0 || strstr(t, line) != NULL);
	free(t);
	return yes;
}

/* test_build_and_hit: v1 built with the fragment: an entry a guest takes
 * as KDIR (boot/vmlinuz-R, lib/modules/R), its log and info, make's -j
 * from the CPUs and CC; built again: found, no make run. */
static void test_build_and_hit(void)
{
	struct kbuild_req r = req_for("v1", NULL);
	struct kbuild_out o, o2;
	struct guest_kernel g;
	char why[KBUILD_WHY], rel[128] = "", path[PATH_MAX], gwhy[512];
	struct stat st;

	pl.cpus = 3;
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == 0);
	T_CHECK(o.cached == 0 && strlen(o.commit) == 40);
	T_STREQ(o.release, "6.1.0-kb");
	T_CHECK(strncmp(o.dir, cache, strlen(cache)) == 0 && strstr(o.dir, o.commit) != NULL);
	T_CHECK(access(o.image, R_OK) == 0 && strstr(o.image, "/boot/vmlinuz-6.1.0-kb") != NULL);
	T_CHECK(fs_path(path, sizeof path, "%s/" KBUILD_LOG, o.dir) == 0 && stat(path, &st) == 0 && st.st_size > 0);
	T_CHECK(fs_path(path, sizeof path, "%s/boot/config-6.1.0-kb", o.dir) == 0 && access(path, R_OK) == 0);
	T_CHECK(info_has(o.dir, "cc=cc") && info_has(o.dir, "release=6.1.0-kb") && info_has(o.dir, "jobs=3"));
	T_CHECK(o.checkout_s > 0 && o.configure_s > 0 && o.build_s > 0);
	T_CHECK(pl.makes == 4 && pl.bzimages == 1);   /* tinyconfig, olddefconfig, bzImage modules, modules_install */
	T_CHECK(strncmp(pl.last, "make -j3 CC=cc INSTALL_MOD_PATH=", 32) == 0);
	T_CHECK(guest_spec(o.dir, rel, sizeof rel, &g, gwhy, sizeof gwhy) == 0);   /* a KDIR for -k */
	T_STREQ(rel, "6.1.0-kb");
	T_CHECK(entries() == 1 && temps() == 0);
	T_CHECK(fs_path(path, sizeof path, "%s/lib/modules/6.1.0-kb/build", o.dir) == 0 && lstat(path, &st) != 0);

	pl.makes = 0;
	T_CHECK(kbuild(&play_sys, &r, &o2, why, sizeof why) == 0);
	T_CHECK(o2.cached == 1 && pl.makes == 0);
	T_STREQ(o2.dir, o.dir);
	T_STREQ(o2.image, o.image);
	r.rev = o.commit;   /* the same commit by another name: the same entry */
	T_CHECK(kbuild(&play_sys, &r, &o2, why, sizeof why) == 0 && o2.cached == 1 && pl.makes == 0);
}

/* test_new_keys: another config, another compiler, each a new entry;
 * ccache, when installed, is make's CC and the info says so. */
static void test_new_keys(void)
{
	struct kbuild_req r = req_for("v1", NULL);
	struct kbuild_out o;
	char why[KBUILD_WHY], user[PATH_MAX], text[4096] = "";
	size_t at = 0;
	int before = entries();

	for (size_t i = 0; kconf_needs[i] != NULL; i++)
		text_put(text, sizeof text, &at, "%.*s=y\n", (int)strcspn(kconf_needs[i], "?"), kconf_needs[i]);
	text_fmt(user, sizeof user, "%s/my.config", base);
	put(user, text);
	r.config = user;
	pl.makes = 0;
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == 0);
	T_CHECK(o.cached == 0 && entries() == before + 1 && pl.makes == 3);   /* no tinyconfig */
	text_fmt(text, sizeof text, "config=user %s, olddefconfig", user);
	T_CHECK(info_has(o.dir, text));

	r.config = NULL;
	pl.ccline = "cc (Other) 99.1";
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == 0);
	T_CHECK(o.cached == 0 && entries() == before + 2 && info_has(o.dir, "compiler=cc (Other) 99.1"));
	pl.ccline = NULL;

	r.rev = "v2";
	pl.ccache = 1;
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == 0);
	T_CHECK(o.cached == 0 && strstr(pl.last, " CC=ccache cc ") != NULL && info_has(o.dir, "cc=ccache cc"));
	pl.ccache = 0;
}

/* test_failed: a commit whose bzImage fails: one line naming the commit,
 * the step and the log's last lines; the log kept, no entry, no
 * temporary folder, no worktree left. A config a guest could not boot is
 * refused before bzImage, naming the options. */
static void test_failed(void)
{
	struct kbuild_req r = req_for("broken", NULL);
	struct kbuild_out o;
	char why[KBUILD_WHY], user[PATH_MAX], commit[128] = "";
	int before = entries();

	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1);
	text_fmt(commit, sizeof commit, "kbuild: %.12s (broken) failed: make bzImage modules exited with status 2", o.commit);
	T_CHECK(strncmp(why, commit, strlen(commit)) == 0);
	T_CHECK(strchr(why, '\n') == NULL && strstr(why, "error: broken on purpose") != NULL);
	T_CHECK(strstr(why, ".failed.log") != NULL);
	T_CHECK(entries() == before && temps() == 0);

	text_fmt(user, sizeof user, "%s/bad.config", base);
	put(user, "CONFIG_64BIT=y\nCONFIG_9P_FS=m\nCONFIG_ACPI=m\n");
	r = req_for("v1", user);
	pl.bzimages = 0;
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1);
	T_CHECK(strstr(why, "refused before building") != NULL && strstr(why, "CONFIG_NET_9P_VIRTIO") != NULL);
	T_CHECK(strstr(why, "CONFIG_ACPI=m (must be y)") != NULL && strstr(why, "CONFIG_9P_FS ") == NULL);
	T_CHECK(strchr(why, '\n') == NULL && pl.bzimages == 0 && entries() == before && temps() == 0);
}

/* test_untouched: after every build the user's checkout is as it was:
 * HEAD, a clean status, one worktree. */
static void test_untouched(const char *head)
{
	char now[64] = "", out[4096] = "";
	char *rev[] = { "git", "-C", tree, "rev-parse", "HEAD", NULL };
	char *st[] = { "git", "-C", tree, "status", "--porcelain", "--ignored", NULL };
	char *wt[] = { "git", "-C", tree, "worktree", "list", "--porcelain", NULL };
	char why[256];

	T_CHECK(ksys_run(NULL, rev, NULL, NULL, now, sizeof now, why, sizeof why) == 0);
	T_STREQ(now, head);
	T_CHECK(ksys_run(NULL, st, NULL, NULL, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "");
	T_CHECK(ksys_run(NULL, wt, NULL, NULL, out, sizeof out, why, sizeof why) == 0);
	T_CHECK(strstr(out, "worktree ") == out && strstr(out + 1, "worktree ") == NULL);
}

/* wait_for: 1 once path exists, within s seconds. */
static int wait_for(const char *path, double s)
{
	struct timespec tick = { 0, 20000000 };

	for (int i = 0; i < s * 50; i++) {
		if (access(path, F_OK) == 0)
			return 1;
		nanosleep(&tick, NULL);
	}
	return 0;
}

/* build_child: kbuild of v2 with config in a child (env NAME=VALUE set
 * there); its pid. */
static pid_t build_child(const char *config, const char *name, const char *value)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct kbuild_req r = req_for("v2", config);
		struct kbuild_out o;
		char why[KBUILD_WHY];
		setenv(name, value, 1);
		_exit(kbuild(&kbuild_sys_real, &r, &o, why, sizeof why) == 0 ? 0 : 1);
	}
	return pid;
}

/* test_killed: contest killed (SIGKILL) while make runs, and dead at the
 * failpoint just before the rename: no entry either time, make dies with
 * it; the next build of the key sweeps what was left and builds. */
static void test_killed(void)
{
	char mark[PATH_MAX], gone[PATH_MAX], user[PATH_MAX], text[4096] = "", why[1024];
	struct kbuild_req r;
	struct kbuild_out o;
	size_t at = 0;
	int before = entries(), st = 0;
	pid_t pid;

	for (size_t i = 0; kconf_needs[i] != NULL; i++)
		text_put(text, sizeof text, &at, "%.*s=y\n", (int)strcspn(kconf_needs[i], "?"), kconf_needs[i]);
	text_put(text, sizeof text, &at, "CONFIG_KILLED=y\n");
	text_fmt(user, sizeof user, "%s/killed.config", base);
	put(user, text);
	text_fmt(mark, sizeof mark, "%s/mark", base);
	text_fmt(gone, sizeof gone, "%s/mark.gone", base);
	pid = build_child(user, "KB_MARK", mark);
	T_CHECK(pid > 0 && wait_for(mark, 30));
	kill(pid, SIGKILL);
	T_CHECK(waitpid(pid, &st, 0) == pid && WIFSIGNALED(st));
	T_CHECK(wait_for(gone, 10));   /* its make died with it */
	T_CHECK(entries() == before && temps() == 1);

	pid = build_child(user, "CONTEST_FAILPOINT", "kbuild-rename");
	T_CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	T_CHECK(entries() == before && temps() == 1);   /* the first one's swept, its own left */

	r = req_for("v2", user);
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == 0 && o.cached == 0);
	T_CHECK(entries() == before + 1 && temps() == 0);
}

/* test_revisions: a revision that does not exist, one that is an option,
 * a tree that is not there: one line each, nothing built. */
static void test_revisions(void)
{
	struct kbuild_req r = req_for("nosuch", NULL);
	struct kbuild_out o;
	char why[KBUILD_WHY], want[PATH_MAX + 64];

	pl.makes = 0;
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1);
	text_fmt(want, sizeof want, "kbuild: %s has no commit nosuch (git rev-parse --verify)", tree);
	T_STREQ(why, want);
	r.rev = "--all";
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1);
	T_STREQ(why, "kbuild: '--all' is no git revision");
	r.rev = "v1";
	r.tree = "/nonexistent/linux";
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1);
	T_STREQ(why, "kbuild: the tree /nonexistent/linux is no folder");
	r.tree = cache;   /* a folder git does not know */
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1 && strstr(why, " is no git checkout") != NULL);
	r = req_for("v1", "/nonexistent/my.config");
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == -1 && strstr(why, "/nonexistent/my.config") != NULL);
	T_CHECK(pl.makes == 0);
}

/* test_relative: a tree and a cache named from the current folder: an
 * entry named by its real path, whatever folder git and make ran in. */
static void test_relative(void)
{
	struct kbuild_req r = { "linux", "v1", NULL, frag, "rel/cache", 1 };
	struct kbuild_out o;
	char here[PATH_MAX], why[KBUILD_WHY];

	if (getcwd(here, sizeof here) == NULL || chdir(base) != 0) {
		T_CHECK(0);
		return;
	}
	T_CHECK(kbuild(&play_sys, &r, &o, why, sizeof why) == 0 && o.cached == 0);
	T_CHECK(o.dir[0] == '/' && strstr(o.dir, "/rel/cache/") != NULL && access(o.image, R_OK) == 0);
	T_CHECK(chdir(here) == 0);
}

/* test_conf: the fragment has every option a guest needs, built in;
 * kconf_check names what a config lacks; the tail of a log. */
static void test_conf(void)
{
	char missing[512], path[PATH_MAX], tail[256];

	T_CHECK(kconf_check(frag, missing, sizeof missing) == 0);
	T_STREQ(missing, "");
	text_fmt(path, sizeof path, "%s/c", base);
	put(path, "CONFIG_64BIT=y\n# CONFIG_MODULES is not set\nCONFIG_EXT4_FS=m\nCONFIG_TTY=y\nCONFIG_TTY=n\n");
	T_CHECK(kconf_check(path, missing, sizeof missing) == 0);
	T_CHECK(strstr(missing, "CONFIG_MODULES") != NULL && strstr(missing, "CONFIG_TTY") != NULL);
	T_CHECK(strstr(missing, "CONFIG_EXT4") == NULL && strstr(missing, "CONFIG_64BIT") == NULL);
	T_CHECK(kconf_check("/nonexistent", missing, sizeof missing) == -1);
	put(path, "one\ntwo\n\n  \nthree\tx\nfour\n\n");
	kbuild_tail(path, 3, tail, sizeof tail);
	T_STREQ(tail, "two | three x | four");
	put(path, "CC a.o\nfs/x.c:3: error: broken\nmake[1]: *** [x.o] Error 1\nCC b.o\nCC c.o\nCC d.o\n");
	kbuild_tail(path, 3, tail, sizeof tail);   /* make -j: other jobs' lines after the error */
	T_STREQ(tail, "fs/x.c:3: error: broken | ... | CC b.o | CC c.o | CC d.o");
	put(path, "CC a.o\nfs/x.c:3: error: broken\nCC b.o\n");
	kbuild_tail(path, 3, tail, sizeof tail);   /* among the last: said once */
	T_STREQ(tail, "CC a.o | fs/x.c:3: error: broken | CC b.o");
	kbuild_tail("/nonexistent", 3, tail, sizeof tail);
	T_STREQ(tail, "");
	T_CHECK(kconf_fragment_path("contest/kbuild/x", path, sizeof path) == 0);   /* the folder of the program */
	T_STREQ(path, "contest/kbuild/" KCONF_FRAGMENT);
	T_CHECK(kconf_fragment_path("/nonexistent/bin/contest", path, sizeof path) == -1);
}

int main(void)
{
	char head[64] = "", why[256];
	char *rev[] = { "git", "-C", tree, "rev-parse", "HEAD", NULL };

	unsetenv("KB_MARK");
	unsetenv("CONTEST_FAILPOINT");
	if (exec_which("git", why, sizeof why) != 0) {   /* kernels from git need git; contest itself does not */
		printf("skip: test_kbuild: no git in PATH: kernels built from git revisions not tested\n");
		return t_done();
	}
	if (setup() != 0 || ksys_run(NULL, rev, NULL, NULL, head, sizeof head, why, sizeof why) != 0) {
		fprintf(stderr, "test_kbuild: cannot make the git tree in %s (git?)\n", base);
		return 1;
	}
	test_conf();
	test_build_and_hit();
	test_untouched(head);
	test_new_keys();
	test_failed();
	test_untouched(head);
	test_killed();
	test_revisions();
	test_relative();
	test_untouched(head);
	if (t_fail == 0)
		sh("rm -rf %s", base);
	return t_done();
}
