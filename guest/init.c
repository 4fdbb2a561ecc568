/* init.c: contest-init, a guest's /init: modules, the host's root read-only under a small writable root, the disk, the shared results, the command of contest.cmd=, then power off. */
/*
 * Built static by make as build/contest-init (installed as
 * PREFIX/lib/contest/contest-init): contest series --boot qemu puts it in
 * each guest's initramfs, and tests/guest/mkinitrd.sh in its own. The
 * kernel command line says what to do:
 *   contest.cmd=PATH     run /bin/sh PATH in the new root (default: none)
 *   contest.cgroup=1|2   mount cgroup v1 controllers or cgroup2 at /sys/fs/cgroup;
 *                        on cgroup2 the command runs in the child group "run"
 *                        (the init stays in the root group)
 *   contest.disk=DEV     the journal disk (default /dev/vda), mounted at /journal
 *   contest.shell=1      an interactive /bin/sh on the console instead of cmd
 *   contest.token=HEX    marks the init's own lines (contest series: a random
 *                        token for each guest), so that a command's output is
 *                        never taken for them: "contest-guest: HEX exit N"
 *   contest.9pcache=MODE the host root's 9p cache mode (default loose: the
 *                        guest does not see the host change a file it has read;
 *                        none sees every change, at ten times the cost of a lookup)
 * The new root is a tmpfs holding a read-only bind of every top-level folder
 * of the host's root (the 9p share "root"), its own /proc, /sys, /dev, /tmp
 * and /run, the host's /tmp read-only at /run/host-tmp, the 9p share
 * "contest" at /run/contest when QEMU has it (run.sh and contest series put
 * the script there), the 9p share "results" read-write at
 * /run/contest-results when QEMU has it (contest series: the host's results
 * folder's fresh staging folder), and /journal. The command's exit status
 * is printed as "contest-guest: exit N" on the console ("contest-guest:
 * TOKEN exit N" with contest.token=; "command at" too); then everything is synced and
 * unmounted and the guest powers off, so QEMU exits. Every step prints why it
 * failed; a failure before the command powers off with "contest-guest: exit 125".
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NEWROOT "/newroot"
#define HOST    "/host"
#define P9_OPTS "trans=virtio,version=9p2000.L,msize=524288"

static char cmdline[4096];
static char token[80];   /* contest.token=, then a blank; "" none */

/* say: one line on the console, prefixed "contest-guest: ". */
static void say(const char *fmt, ...)
{
	va_list ap;
	char buf[512];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	dprintf(2, "contest-guest: %s\n", buf);
}

/* uptime_ms: milliseconds since the guest's kernel started. */
static long uptime_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* finish: print the exit marker, sync, unmount what can be, power off. */
static void finish(int status)
{
	static const char *const mnts[] = {
		NEWROOT "/journal", NEWROOT "/run/contest", NEWROOT "/run/contest-results",
		NEWROOT "/sys/fs/cgroup",
	};
	say("%sexit %d", token, status);
	sync();
	for (size_t i = 0; i < sizeof mnts / sizeof mnts[0]; i++)
		umount2(mnts[i], 0);
	sync();
	reboot(RB_POWER_OFF);
	say("power off failed: %s", strerror(errno));
	for (;;)
		pause();
}

/* die: a step failed: say why and power off with status 125. */
static void die(const char *fmt, ...)
{
	va_list ap;
	char buf[512];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	say("%s", buf);
	finish(125);
}

/* mnt: mount or die, making the mount point first. */
static void mnt(const char *src, const char *dst, const char *type,
		unsigned long flags, const char *data)
{
	mkdir(dst, 0755);
	if (mount(src, dst, type, flags, data) != 0)
		die("mount %s on %s (%s): %s", src, dst, type ? type : "bind",
		    strerror(errno));
}

/* param: the value of NAME= on the kernel command line, copied into out;
 * 0 when it is there, -1 when not. Values hold no spaces. */
static int param(const char *name, char *out, size_t len)
{
	size_t n = strlen(name);
	for (const char *p = cmdline; *p; ) {
		while (*p == ' ' || *p == '\n')
			p++;
		size_t w = strcspn(p, " \n");
		if (w > n && strncmp(p, name, n) == 0 && p[n] == '=') {
			snprintf(out, len, "%.*s", (int)(w - n - 1), p + n + 1);
			return 0;
		}
		p += w;
	}
	return -1;
}

/* load_modules: finit_module each file that /modules lists, in order (its
 * dependencies first, as mkinitrd.sh wrote it). A module already there is
 * fine. */
static void load_modules(void)
{
	FILE *f = fopen("/modules", "r");
	char line[256];
	if (!f)
		die("/modules: %s", strerror(errno));
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		if (!line[0])
			continue;
		int fd = open(line, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			die("%s: %s", line, strerror(errno));
		if (syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST)
			die("load %s: %s", line, strerror(errno));
		close(fd);
	}
	fclose(f);
}

/* bind_host: the new root gets a read-only bind of each top-level folder of
 * the host's root and a copy of each top-level symlink; the folders the guest
 * has its own of are left out. */
static void bind_host(void)
{
	static const char *const own[] = {
		".", "..", "proc", "sys", "dev", "tmp", "run", "lost+found",
	};
	DIR *d = opendir(HOST);
	struct dirent *e;
	char src[512], dst[512], link[512];
	if (!d)
		die(HOST ": %s", strerror(errno));
	while ((e = readdir(d))) {
		size_t i;
		for (i = 0; i < sizeof own / sizeof own[0]; i++)
			if (strcmp(e->d_name, own[i]) == 0)
				break;
		if (i < sizeof own / sizeof own[0])
			continue;
		snprintf(src, sizeof src, HOST "/%s", e->d_name);
		snprintf(dst, sizeof dst, NEWROOT "/%s", e->d_name);
		struct stat st;
		if (lstat(src, &st) != 0)
			continue;
		if (S_ISLNK(st.st_mode)) {
			ssize_t n = readlink(src, link, sizeof link - 1);
			if (n > 0) {
				link[n] = 0;
				if (symlink(link, dst) != 0)
					die("symlink %s: %s", dst, strerror(errno));
			}
		} else if (S_ISDIR(st.st_mode)) {
			mnt(src, dst, NULL, MS_BIND | MS_REC, NULL);
			if (mount(NULL, dst, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0)
				die("remount %s read-only: %s", dst, strerror(errno));
		}
	}
	closedir(d);
}

/* wait_dev: wait up to 5 s for a device node to appear in devtmpfs. */
static int wait_dev(const char *dev)
{
	for (int i = 0; i < 500; i++) {
		if (access(dev, F_OK) == 0)
			return 0;
		usleep(10000);
	}
	return -1;
}

#define RUN_GROUP NEWROOT "/sys/fs/cgroup/run"   /* cgroup2: the command's group */

/* cgroups: contest.cgroup=2 mounts cgroup2 at /sys/fs/cgroup and makes the
 * command's group RUN_GROUP; =1 mounts a tmpfs there with cgroup v1's
 * cpuset, cpu,cpuacct and memory under it. The command runs outside the v2
 * root group as on a machine systemd set up: there the scheduler's own
 * figures count every task (a child it reaps would be in none of the root's
 * top-level groups), and contest's memory group beside it at the top. */
static void cgroups(void)
{
	static const char *const v1[] = { "cpuset", "cpu,cpuacct", "memory" };
	const char *at = NEWROOT "/sys/fs/cgroup";
	char v[16], dir[128];
	if (param("contest.cgroup", v, sizeof v) != 0)
		return;
	if (strcmp(v, "2") == 0) {
		mnt("cgroup2", at, "cgroup2", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
		if (mkdir(RUN_GROUP, 0755) != 0 && errno != EEXIST)
			die("mkdir " RUN_GROUP ": %s", strerror(errno));
		return;
	}
	if (strcmp(v, "1") != 0)
		die("contest.cgroup=%s: 1 or 2", v);
	mnt("cgroup", at, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=755");
	for (size_t i = 0; i < sizeof v1 / sizeof v1[0]; i++) {
		snprintf(dir, sizeof dir, "%s/%s", at, v1[i]);
		mnt("cgroup", dir, "cgroup", MS_NOSUID | MS_NODEV | MS_NOEXEC, v1[i]);
	}
}

/* journal: mount the journal disk (contest.disk=, default /dev/vda) at
 * /journal when it is there; a disk that is there but will not mount is an
 * error. */
static void journal(void)
{
	char dev[128];
	if (param("contest.disk", dev, sizeof dev) != 0) {
		if (access("/sys/block/vda", F_OK) != 0)
			return;
		strcpy(dev, "/dev/vda");
	}
	if (wait_dev(dev) != 0)
		die("%s: no such device after 5 s", dev);
	mnt(dev, NEWROOT "/journal", "ext4", 0, NULL);
}

/* console: stdin, stdout and stderr on /dev/console (the kernel opens it
 * before /init only when the initramfs has the node). */
static void console(void)
{
	int fd = open("/dev/console", O_RDWR);
	if (fd < 0)
		return;
	dup2(fd, 0), dup2(fd, 1), dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

/* setup: every mount of the new root, in order. */
static void setup(void)
{
	mnt("proc", "/proc", "proc", 0, NULL);
	int fd = open("/proc/cmdline", O_RDONLY);
	if (fd >= 0) {
		ssize_t n = read(fd, cmdline, sizeof cmdline - 1);
		cmdline[n > 0 ? n : 0] = 0;
		close(fd);
	}
	if (param("contest.token", token, sizeof token - 1) == 0)
		strcat(token, " ");
	mnt("sysfs", "/sys", "sysfs", 0, NULL);
	mnt("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	console();
	load_modules();
	char cache[16] = "loose", opts[128];
	param("contest.9pcache", cache, sizeof cache);
	snprintf(opts, sizeof opts, P9_OPTS ",cache=%s", cache);
	mnt("root", HOST, "9p", MS_RDONLY, opts);
	mnt("newroot", NEWROOT, "tmpfs", 0, "mode=755");
	bind_host();
	mnt("proc", NEWROOT "/proc", "proc", 0, NULL);
	mnt("sysfs", NEWROOT "/sys", "sysfs", 0, NULL);
	mnt("devtmpfs", NEWROOT "/dev", "devtmpfs", 0, NULL);
	mnt("devpts", NEWROOT "/dev/pts", "devpts", 0, "gid=5,mode=620");
	mnt("shm", NEWROOT "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
	mnt("tmp", NEWROOT "/tmp", "tmpfs", 0, "mode=1777");
	mnt("run", NEWROOT "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=755");
	mnt(HOST "/tmp", NEWROOT "/run/host-tmp", NULL, MS_BIND, NULL);
	if (mount(NULL, NEWROOT "/run/host-tmp", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0)
		die("remount /run/host-tmp read-only: %s", strerror(errno));
	mkdir(NEWROOT "/run/contest", 0755);
	if (mount("contest", NEWROOT "/run/contest", "9p", MS_RDONLY, P9_OPTS) != 0 &&
	    errno != ENOENT)
		say("no share contest at /run/contest: %s", strerror(errno));
	mkdir(NEWROOT "/run/contest-results", 0755);
	if (mount("results", NEWROOT "/run/contest-results", "9p", 0, P9_OPTS) != 0 && errno != ENOENT)
		say("no share results at /run/contest-results: %s", strerror(errno));
	cgroups();
	journal();
}

/* join_run_group: the calling process into RUN_GROUP when cgroup2 made it;
 * 0, or -1 with the reason on the console. */
static int join_run_group(void)
{
	int fd = open(RUN_GROUP "/cgroup.procs", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : (say("%s/cgroup.procs: %s", RUN_GROUP, strerror(errno)), -1);
	int rc = write(fd, "0", 1) == 1 ? 0 : -1;
	if (rc != 0)
		say("cannot move the command into %s: %s", RUN_GROUP, strerror(errno));
	close(fd);
	return rc;
}

/* run: the command in the new root (in RUN_GROUP on cgroup2), on the
 * console; its exit status (128+N for a signal). */
static int run(const char *cmd, int shell)
{
	pid_t pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		if (join_run_group() != 0)
			_exit(125);
		if (chroot(NEWROOT) != 0 || chdir("/") != 0)
			die("chroot " NEWROOT ": %s", strerror(errno));
		setsid();
		console();
		clearenv();
		setenv("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", 1);
		setenv("HOME", "/root", 1);
		setenv("TERM", "dumb", 1);
		setenv("CONTEST_JOURNAL", "/journal", 1);
		if (shell)
			execl("/bin/sh", "sh", "-i", (char *)NULL);
		else
			execl("/bin/sh", "sh", cmd, (char *)NULL);
		dprintf(2, "contest-guest: exec /bin/sh: %s\n", strerror(errno));
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die("waitpid: %s", strerror(errno));
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(void)
{
	char cmd[512], v[8];
	setup();
	int shell = param("contest.shell", v, sizeof v) == 0 && strcmp(v, "1") == 0;
	if (!shell && param("contest.cmd", cmd, sizeof cmd) != 0)
		die("no contest.cmd= on the kernel command line");
	say("%scommand at %ld ms", token, uptime_ms());
	finish(run(cmd, shell));
}
