/* guest.c: a run of a kernel series in a QEMU guest: the kernel's SPEC, its initramfs (guest_initrd.c), the scratch disk, the run's script, QEMU started in its own group (paths in its options escaped, the results share a fresh staging folder) and watched to its end or its deadline, the run's own record imported, its status read from the console by the run's token alone (guest_share.c). */
#include "contest/series/guest.h"
#include "contest/series/boot_util.h"
#include "contest/series/guest_initrd.h"
#include "contest/series/guest_share.h"
#include "contest/series/guest_pin.h"
#include "contest/series/launch.h"
#include "contest/series/trusted.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define GUEST_TESTBED "/journal/contest-testbed"   /* the scratch disk is the init's /journal */
#define GUEST_RESULTS "/run/contest-results"       /* where the init mounts the share "results" */

/* isdir: 1 when path is a directory. */
static int isdir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* kdir_release: the R of KDIR's one boot/vmlinuz-R into rel; 0, or -1 with why. */
static int kdir_release(const char *kdir, char *rel, size_t rlen, char *why, size_t len)
{
	char boot[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int n = 0;

	if (fs_path(boot, sizeof boot, "%s/boot", kdir) != 0 || (d = opendir(boot)) == NULL) {
		text_fmt(why, len, "qemu: %s has no boot/ folder (KDIR: boot/vmlinuz-R and lib/modules/R)", kdir);
		return -1;
	}
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "vmlinuz-", 8) == 0 && boot_release_ok(e->d_name + 8) && n++ == 0)
			text_copy(rel, e->d_name + 8, rlen);
	closedir(d);
	if (n != 1)
		text_fmt(why, len, "qemu: %s/boot has %s vmlinuz-R; give the release as ,release=R", kdir,
		         n ? "more than one" : "no");
	return n == 1 ? 0 : -1;
}

/* image_release: the release in IMAGE's bzImage header into rel; 0, or -1 with why. */
static int image_release(const char *image, char *rel, size_t rlen, char *why, size_t len)
{
	int fd = open(image, O_RDONLY | O_CLOEXEC), rc = fd < 0 ? -1 : boot_bzimage_release(fd, rel, rlen);

	if (fd >= 0)
		close(fd);
	if (rc != 0)
		text_fmt(why, len, "qemu: cannot read the release from '%s' (no x86 bzImage header with a "
		         "kernel_version): give it as ,release=R", image);
	return rc;
}

/* real: path (size len) replaced by its real path; 0, or -1 with why. */
static int real(char *path, size_t size, char *why, size_t len)
{
	char r[PATH_MAX];

	if (realpath(path, r) == NULL || text_copy(path, r, size) >= size) {
		text_fmt(why, len, "qemu: cannot resolve %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int guest_spec(const char *spec, char *rel, size_t rlen, struct guest_kernel *g, char *why, size_t len)
{
	char first[PATH_MAX], mods[PATH_MAX] = "";
	const char *p = strchr(spec, ','), *end;

	memset(g, 0, sizeof *g);
	text_fmt(first, sizeof first, "%.*s", (int)(p ? p - spec : (long)strlen(spec)), spec);
	for (; p != NULL; p = end) {
		p++;
		if (strncmp(p, "append=", 7) == 0) {
			if (text_copy(g->append, p + 7, sizeof g->append) >= sizeof g->append) {
				text_fmt(why, len, "qemu: append= is longer than %d bytes", GUEST_APPEND_MAX - 1);
				return -1;
			}
			break;
		}
		end = strchr(p, ',');
		if (strncmp(p, "modules=", 8) != 0 || mods[0]) {
			text_fmt(why, len, "qemu SPEC: '%.*s' is not modules=DIR or append=ARGS (SPEC: KDIR or "
			         "IMAGE,modules=DIR, then [,append=ARGS])", (int)(end ? end - p : (long)strlen(p)), p);
			return -1;
		}
		text_fmt(mods, sizeof mods, "%.*s", (int)(end ? end - p - 8 : (long)strlen(p + 8)), p + 8);
	}
	if (first[0] != '/' || (mods[0] && mods[0] != '/')) {
		text_fmt(why, len, "qemu SPEC '%s': give absolute paths (KDIR, or IMAGE,modules=DIR)", spec);
		return -1;
	}
	if (mods[0] == '\0') {   /* KDIR */
		if (!isdir(first)) {
			text_fmt(why, len, "qemu: '%s' is no folder (KDIR), and no modules=DIR follows it as IMAGE", first);
			return -1;
		}
		text_copy(g->root, first, sizeof g->root);
		if ((rel[0] == '\0' && kdir_release(first, rel, rlen, why, len) != 0) ||
		    fs_path(g->image, sizeof g->image, "%s/boot/vmlinuz-%s", first, rel) != 0 ||
		    fs_path(g->modules, sizeof g->modules, "%s/lib/modules/%s", first, rel) != 0)
			return -1;
	} else {
		text_copy(g->image, first, sizeof g->image);
		text_copy(g->root, mods, sizeof g->root);
		if (rel[0] == '\0' && image_release(first, rel, rlen, why, len) != 0)
			return -1;
		if (fs_path(g->modules, sizeof g->modules, "%s/lib/modules/%s", mods, rel) != 0 || !isdir(g->modules))
			text_copy(g->modules, mods, sizeof g->modules);
	}
	if (access(g->image, R_OK) != 0 || !isdir(g->modules)) {
		text_fmt(why, len, "qemu: %s is no readable file, or %s no folder", g->image, g->modules);
		return -1;
	}
	/* the kernel and its modules run with the guest's view of the host:
	 * only root (or the user contest runs as) may change them; checked and
	 * used as their real paths, so that no link on the way can be turned */
	if (real(g->image, sizeof g->image, why, len) != 0 || real(g->root, sizeof g->root, why, len) != 0 ||
	    real(g->modules, sizeof g->modules, why, len) != 0 ||
	    series_trust("qemu's kernel image", g->image, TRUST_FILE, why, len) != 0 ||
	    series_trust("qemu's kernel folder", g->root, TRUST_DIR, why, len) != 0 ||
	    series_trust("qemu's module folder", g->modules, TRUST_DIR, why, len) != 0)
		return -1;
	return 0;
}

int guest_init_path(const char *program, char *out, size_t len)
{
	const char *slash = strrchr(program, '/');
	int n = slash ? (int)(slash - program) : 1;
	const char *dir = slash ? program : ".";

	if (fs_path(out, len, "%.*s/contest-init", n, dir) == 0 && access(out, R_OK) == 0)
		return 0;
	if (fs_path(out, len, "%.*s/../lib/contest/contest-init", n, dir) == 0 && access(out, R_OK) == 0)
		return 0;
	return -1;
}

void guest_describe(const struct guest_opts *o, char *out, size_t len)
{
	if (o->mib % 1024 == 0)
		text_fmt(out, len, "%s %d vcpus %ldG%s", o->accel, o->vcpus, o->mib / 1024, o->pin ? " pinned" : "");
	else
		text_fmt(out, len, "%s %d vcpus %ldM%s", o->accel, o->vcpus, o->mib, o->pin ? " pinned" : "");
}

/* disk_make: DIR/guest/scratch.img made unless it is there: a sparse file
 * of GUEST_DISK_GIB GiB with an ext4 (mkfs.ext4 -F). 0, or -1 with why. */
static int disk_make(const char *dir, char *out, size_t olen, char *why, size_t len)
{
	char tmp[PATH_MAX + 8];
	char *argv[] = { "mkfs.ext4", "-q", "-F", tmp, NULL };
	int fd;

	if (fs_path(out, olen, "%s/guest/scratch.img", dir) != 0 || access(out, F_OK) == 0)
		return 0;
	text_fmt(tmp, sizeof tmp, "%s.tmp", out);
	unlink(tmp);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) < 0 ||
	    ftruncate(fd, (off_t)GUEST_DISK_GIB << 30) != 0) {
		text_fmt(why, len, "cannot make the scratch disk %s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	if (boot_run_ok(argv, NULL, 0, why, len) != 0 || rename(tmp, out) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* put_quoted: s in single quotes for sh (a ' as '\''), then a blank. */
static void put_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputs("' ", f);
}

/* script_write: DIR/guest/share/cmd, what the guest's init runs: contest
 * for load, as launch_argv says, with the scratch disk as its testbed and
 * the shared results; cmd (not NULL) instead for a probe. 0, or -1 with why. */
static int script_write(const struct series_run *r, const struct guest_opts *o, const char *cmd, char *why,
                        size_t len)
{
	const char *dir = r->dir;
	static struct launch_words w;
	char path[PATH_MAX], env[200], guest[64];
	FILE *f;

	if (fs_path(path, sizeof path, "%s/guest/share", dir) != 0 || (fs_mkdirs(path) != 0 && errno != EEXIST) ||
	    fs_path(path, sizeof path, "%s/guest/share/cmd", dir) != 0 || (f = fopen(path, "we")) == NULL) {
		text_fmt(why, len, "cannot write %s/guest/share/cmd: %s", dir, strerror(errno));
		return -1;
	}
	if (cmd != NULL)
		fprintf(f, "%s\n", cmd);
	else {
		guest_describe(o, guest, sizeof guest);
		launch_series_env(r, guest, env, sizeof env);
		launch_argv(r, GUEST_RESULTS, "--testbed=" GUEST_TESTBED, &w);
		fprintf(f, "cd ");
		put_quoted(f, r->cwd);
		fprintf(f, "2>/dev/null || cd /\nCONTEST_SERIES=");
		put_quoted(f, env);
		fprintf(f, "\nexport CONTEST_SERIES\nexec ");
		for (size_t i = 0; w.argv[i] != NULL; i++)
			put_quoted(f, w.argv[i]);
		fputc('\n', f);
	}
	if (fclose(f) != 0) {
		text_fmt(why, len, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* A guest: where its files are, and what its console said. */
struct guest {
	char initrd[PATH_MAX], disk[PATH_MAX], share[PATH_MAX], console[PATH_MAX], qlog[PATH_MAX];
	char stage[PATH_MAX];   /* the results share: DIR/guest/stage ("" none: a probe) */
	char gdir[PATH_MAX];    /* DIR/guest */
	char token[GUEST_TOKEN_LEN + 1];   /* marks the init's lines on the console */
	char append[GUEST_APPEND_MAX + 256];
	int booted;       /* its init reached the command */
	int status;       /* the command's exit status; -1 none printed */
	char last[160];   /* the console's last line (else QEMU's) */
};

/* qemu_child: in the new process: its own group, killed with contest, its
 * output to q->qlog, then QEMU; never returns. */
static _Noreturn void qemu_child(const char *exe, char *const argv[], const struct guest *q, pid_t parent)
{
	int fd;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	if ((fd = open("/dev/null", O_RDONLY)) >= 0)
		dup2(fd, 0);
	if ((fd = open(q->qlog, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600)) >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	execv(exe, argv);
	_exit(127);
}

/* opt: "pre" PATH "post" into out, PATH's commas doubled for QEMU's
 * option syntax (guest_opt_escape); 0, or -1 with why when it is too long. */
static int opt(char *out, size_t olen, const char *pre, const char *path, const char *post, char *why, size_t len)
{
	char esc[2 * PATH_MAX];

	int n = guest_opt_escape(path, esc, sizeof esc) == 0 ? snprintf(out, olen, "%s%s%s", pre, esc, post) : -1;

	if (n < 0 || (size_t)n >= olen) {
		text_fmt(why, len, "qemu: the path %s is too long for QEMU's options", path);
		return -1;
	}
	return 0;
}

/* qemu_start: QEMU for kernel g with q's files (q->stage the results
 * share, when not ""), under accel; its pid (the leader of its group), or
 * -1 with why. Every path in an option list has its commas doubled. */
static pid_t qemu_start(const struct guest_opts *o, const struct guest_kernel *g, struct guest *q,
                        const char *accel, char *why, size_t len)
{
	static char serial[2 * PATH_MAX + 40], share[2 * PATH_MAX + 80], res[2 * PATH_MAX + 80];
	static char drive[2 * PATH_MAX + 40];
	char exe[PATH_MAX], smp[16], mem[24];
	char *argv[48] = { "qemu-system-x86_64", "-accel", (char *)accel, "-smp", smp, "-m", mem, "-nodefaults",
	                   "-no-reboot", "-display", "none", "-monitor", "none", "-chardev", serial,
	                   "-serial", "chardev:console", "-kernel", (char *)g->image, "-initrd", q->initrd,
	                   "-append", q->append,
	                   "-virtfs", "local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap",
	                   "-virtfs", share, "-drive", drive, "-name", "contest,debug-threads=on" };
	int n = 31;   /* debug-threads: each vCPU thread named "CPU n/TCG" (or /KVM), for --pin */
	pid_t pid, parent = getpid();

	if (boot_which(argv[0], exe, sizeof exe) != 0) {
		text_fmt(why, len, "qemu-system-x86_64 is not in PATH (qemu-system-x86)");
		return -1;
	}
	text_fmt(smp, sizeof smp, "%d", o->vcpus);
	text_fmt(mem, sizeof mem, "%ldM", o->mib);
	/* the results share: mapped-xattr, so that the guest's root makes no
	 * device node, setuid file or link on the host (each is a plain file
	 * with its would-be mode in an xattr), in a staging folder of its own */
	if (opt(serial, sizeof serial, "file,id=console,path=", q->console, "", why, len) != 0 ||
	    opt(share, sizeof share, "local,path=", q->share, ",mount_tag=contest,security_model=none,readonly=on",
	        why, len) != 0 ||
	    opt(drive, sizeof drive, "file=", q->disk, ",if=virtio,format=raw", why, len) != 0 ||
	    (q->stage[0] && opt(res, sizeof res, "local,path=", q->stage,
	                        ",mount_tag=results,security_model=mapped-xattr,multidevs=remap", why, len) != 0))
		return -1;
	if (q->stage[0]) {
		argv[n++] = "-virtfs";
		argv[n++] = res;
	}
	argv[n] = NULL;
	fflush(NULL);
	if ((pid = fork()) < 0) {
		text_fmt(why, len, "cannot start QEMU: %s", strerror(errno));
		return -1;
	}
	if (pid == 0)
		qemu_child(exe, argv, q, parent);
	setpgid(pid, pid);
	return pid;
}

/* last_line: the last non-blank line of text (CRs dropped) into out. */
static void last_line(const char *text, char *out, size_t len)
{
	const char *end = text + strlen(text), *b;

	while (end > text && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
		end--;
	for (b = end; b > text && b[-1] != '\n'; b--)
		;
	text_fmt(out, len, "%.*s", (int)(end - b), b);
	for (char *p = out; *p; p++)
		if (*p == '\r' || *p == '\t')
			*p = ' ';
}

/* scan: what q's console says on its init's lines (those marked with
 * q's token alone): booted, the exit status; and its last line (QEMU's own
 * last line when the console says nothing). */
static void scan(struct guest *q)
{
	char *t = text_read("", q->console, 1 << 20, NULL, NULL);

	q->booted = 0;
	q->status = -1;
	q->last[0] = '\0';
	if (t != NULL) {
		q->status = guest_console_scan(t, q->token, &q->booted);
		last_line(t, q->last, sizeof q->last);
		free(t);
	}
	if (q->last[0] == '\0' && (t = text_read("", q->qlog, 1 << 16, NULL, NULL)) != NULL) {
		last_line(t, q->last, sizeof q->last);
		free(t);
	}
}

/* now_s: the monotonic clock, seconds (lib's). */
static double now_s(void)
{
	return mono_now();
}

/* watch: QEMU pid to its end, its group stopped past deadline (0: none) or
 * when it has not booted within boot_s: 0 when it ended by itself,
 * LAUNCH_DEADLINE or LAUNCH_NOBOOT when stopped. q scanned. */
static int watch(pid_t pid, struct guest *q, double deadline, double boot_s)
{
	double start = now_s(), t;
	int status, done = 0, rc = 0;
	pid_t w;

	for (long tick = 0;; tick++) {
		if ((w = waitpid(pid, &status, WNOHANG)) == pid || (w < 0 && errno != EINTR))
			break;
		t = now_s() - start;
		if (tick % 10 == 0 && !q->booted)
			scan(q);
		if ((deadline > 0 && t > deadline) || (!q->booted && t > boot_s)) {
			rc = deadline > 0 && t > deadline ? LAUNCH_DEADLINE : LAUNCH_NOBOOT;
			proc_group_stop(pid, 10, &done, &status);
			if (!done)
				waitpid(pid, &status, 0);
			break;
		}
		struct timespec tick_s = { 0, 100000000 };
		nanosleep(&tick_s, NULL);
	}
	scan(q);
	return rc;
}

/* guest_files: q's files for r's kernel under DIR/guest (the initramfs
 * and the scratch disk made when missing, the script written, a fresh
 * token, and for a run, not a probe, a fresh staging folder as its results
 * share); 0, or LAUNCH_NOBOOT or LAUNCH_ERROR with why. */
static int guest_files(const struct series_run *r, const struct guest_opts *o, const char *cmd,
                       struct guest_kernel *g, struct guest *q, char *why, size_t len)
{
	const struct boot_kernel *bk = r->kernel;
	const char *dir = r->dir;
	char rel[BOOT_RELEASE_MAX], init[PATH_MAX];

	text_copy(rel, bk->release, sizeof rel);
	q->stage[0] = '\0';
	if (fs_path(q->gdir, sizeof q->gdir, "%s/guest", dir) != 0 || (fs_mkdirs(q->gdir) != 0 && errno != EEXIST) ||
	    (fs_mkdirs(r->results) != 0 && errno != EEXIST)) {
		text_fmt(why, len, "cannot make %s/guest or %s: %s", dir, r->results, strerror(errno));
		return LAUNCH_ERROR;
	}
	if (guest_init_path(r->program, init, sizeof init) != 0) {
		text_fmt(why, len, "qemu: no contest-init beside %s (make builds it; make install puts it in "
		         "PREFIX/lib/contest)", r->program);
		return LAUNCH_NOBOOT;
	}
	if (guest_spec(bk->spec, rel, sizeof rel, g, why, len) != 0 ||
	    guest_initrd(init, g->root, g->modules, q->gdir, bk->label, q->initrd, sizeof q->initrd, why, len) != 0)
		return LAUNCH_NOBOOT;
	if (disk_make(dir, q->disk, sizeof q->disk, why, len) != 0 ||
	    script_write(r, o, cmd, why, len) != 0 ||
	    (cmd == NULL && guest_stage_make(q->gdir, q->stage, sizeof q->stage, why, len) != 0) ||
	    fs_path(q->share, sizeof q->share, "%s/share", q->gdir) != 0 ||
	    fs_path(q->console, sizeof q->console, "%s/%s.console", q->gdir, bk->label) != 0 ||
	    fs_path(q->qlog, sizeof q->qlog, "%s/qemu.log", q->gdir) != 0)
		return LAUNCH_ERROR;
	if (guest_token(q->token) != 0) {
		text_fmt(why, len, "cannot draw a guest's token (getrandom): %s", strerror(errno));
		return LAUNCH_ERROR;
	}
	text_fmt(q->append, sizeof q->append, "console=ttyS0 quiet panic=-1 contest.cmd=/run/contest/cmd "
	         "contest.cgroup=2 contest.token=%s%s%s", q->token, g->append[0] ? " " : "", g->append);
	/* the console is the guest's to write, and a guest reads the host's
	 * whole root: it is made here, new and 0600, for QEMU to write into */
	unlink(q->console);
	int fd = open(q->console, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		text_fmt(why, len, "cannot make %s: %s", q->console, strerror(errno));
		return LAUNCH_ERROR;
	}
	close(fd);
	return 0;
}

/* outcome: what the guest q, watched to rc, says of its run, into why:
 * as guest_run. */
static int outcome(const struct guest *q, int rc, double deadline, char *why, size_t len)
{
	if (!q->booted) {
		text_fmt(why, len, "its guest never reached the run%s (console: %s)", rc ? " in time" : "",
		         q->last[0] ? q->last : "nothing");
		return LAUNCH_NOBOOT;
	}
	if (rc == LAUNCH_DEADLINE) {
		text_fmt(why, len, "the run passed the series' deadline of %.0f s; its guest was stopped", deadline);
		return rc;
	}
	if (q->status < 0) {
		text_fmt(why, len, "its guest ended during the run without a status (console: %s)", q->last);
		return LAUNCH_ERROR;
	}
	text_fmt(why, len, "the run in its guest exited with status %d%s", q->status,
	         q->status == 130 ? " (interrupted in its guest: a failed run, not the series' interrupt)" : "");
	return guest_run_status(q->status);   /* a guest's 130 is no host interrupt */
}

/* boot_guest: r's kernel booted in a guest of o under accel to make run r
 * (or cmd, a probe's), up to deadline (0: none); as guest_run. */
static int boot_guest(const struct series_run *r, const struct guest_opts *o, const char *cmd, const char *accel,
                      double deadline, char *why, size_t len)
{
	static struct guest_kernel g;
	static struct guest q;
	pid_t pid;
	int rc = guest_files(r, o, cmd, &g, &q, why, len);

	if (rc != 0)
		return rc;
	if ((pid = qemu_start(o, &g, &q, accel, why, len)) < 0)
		return LAUNCH_ERROR;
	/* the record says pinned: a run is never left unpinned (QEMU that
	 * ended at once, refusing the image, is watched as any guest) */
	if (o->pin && cmd == NULL && guest_pin(pid, o->vcpus, why, len) < 0) {
		int done = 0, status;
		proc_group_stop(pid, 10, &done, &status);
		if (!done)
			waitpid(pid, &status, 0);
		return LAUNCH_ERROR;
	}
	q.booted = 0;
	rc = watch(pid, &q, deadline, GUEST_BOOT_TIMEOUT < deadline || deadline <= 0 ? GUEST_BOOT_TIMEOUT : deadline);
	if (q.stage[0]) {   /* QEMU has ended: the run's own record taken, the rest removed */
		char err[256];
		if (guest_stage_import(r, q.gdir, q.booted, err, sizeof err) < 0) {
			text_copy(why, err, len);
			return LAUNCH_ERROR;
		}
	}
	return outcome(&q, rc, deadline, why, len);
}

int guest_run(const struct series_run *r, const struct guest_opts *o, char *why, size_t len)
{
	return boot_guest(r, o, NULL, o->accel, r->deadline, why, len);
}

void guest_accel_pick(struct guest_opts *o, const struct series_run *r)
{
	char why[512];
	int fd;

	if (o->accel[0])
		return;
	text_copy(o->accel, "tcg", sizeof o->accel);
	if ((fd = open("/dev/kvm", O_RDWR | O_CLOEXEC)) < 0) {
		printf("guest: tcg (emulated): /dev/kvm cannot be opened: %s\n", strerror(errno));
		return;
	}
	close(fd);
	if (boot_guest(r, o, "exit 0", "kvm", 60, why, sizeof why) == 0) {
		text_copy(o->accel, "kvm", sizeof o->accel);
		printf("guest: kvm: a probe guest of %s booted under KVM\n", r->kernel->label);
	} else
		printf("guest: tcg (emulated): a probe guest under KVM failed: %s\n", why);
}
