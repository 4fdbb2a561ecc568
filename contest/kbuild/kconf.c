/* kconf.c: a kernel build's config: the guest fragment appended to tinyconfig's .config (a later line overrides an earlier one) or the user's file, olddefconfig after either, and the options a guest needs checked in the result. */
#include "contest/kbuild/kconf.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What contest-init and a run in a guest need (guest/init.c, docs/series.md):
 * a 64-bit kernel that runs the host's programs, its initramfs, devtmpfs,
 * tmpfs and devpts mounted, the serial console, power off through ACPI,
 * cgroup v2 with the memory and cpu controllers, file locks (contest's own),
 * and the devices: virtio PCI, 9p, virtio-blk with ext4 (these may be
 * modules: the initramfs loads them). MODULES: make modules_install runs. */
const char *const kconf_needs[] = {
	"CONFIG_64BIT", "CONFIG_BINFMT_ELF", "CONFIG_BINFMT_SCRIPT", "CONFIG_MULTIUSER", "CONFIG_FUTEX",
	"CONFIG_FILE_LOCKING", "CONFIG_PROC_FS", "CONFIG_SYSFS", "CONFIG_TMPFS", "CONFIG_SHMEM",
	"CONFIG_BLK_DEV_INITRD", "CONFIG_DEVTMPFS", "CONFIG_TTY", "CONFIG_UNIX98_PTYS", "CONFIG_SERIAL_8250",
	"CONFIG_SERIAL_8250_CONSOLE", "CONFIG_ACPI", "CONFIG_MODULES", "CONFIG_CGROUPS", "CONFIG_MEMCG",
	"CONFIG_CGROUP_SCHED", "CONFIG_FAIR_GROUP_SCHED", "CONFIG_PCI", "CONFIG_NET", "CONFIG_BLOCK",
	"CONFIG_VIRTIO_PCI?m", "CONFIG_VIRTIO_BLK?m", "CONFIG_NET_9P?m", "CONFIG_NET_9P_VIRTIO?m", "CONFIG_9P_FS?m",
	"CONFIG_EXT4_FS?m", NULL
};

int kconf_load(struct kconf *c, const char *user, const char *fragment, char *why, size_t len)
{
	int cut = 0;

	memset(c, 0, sizeof *c);
	c->user = user != NULL;
	c->file = user ? user : fragment;
	if (c->file == NULL || (c->text = text_read_path(c->file, 0, KCONF_MAX, &c->n, &cut)) == NULL || cut) {
		text_fmt(why, len, "kbuild: cannot read the %s %s: %s", user ? "config" : "guest config fragment",
		         c->file ? c->file : "(none)", cut ? "larger than 4 MiB" : strerror(errno));
		kconf_free(c);
		return -1;
	}
	return 0;
}

void kconf_free(struct kconf *c)
{
	free(c->text);
	c->text = NULL;
	c->n = 0;
}

unsigned long long kconf_hash(const struct kconf *c)
{
	unsigned long long h = 0xcbf29ce484222325ull;
	const char *kind = c->user ? "user .config\n" : "fragment on " KCONF_BASE "\n";

	for (const char *p = kind; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	for (size_t i = 0; i < c->n; i++)
		h = (h ^ (unsigned char)c->text[i]) * 0x100000001b3ull;
	return h;
}

/* make_target: make[] with target run in src, output to log; 0, or -1
 * with why naming the target. */
static int make_target(const struct kbuild_sys *sys, char *const make[], const char *target, const char *src,
                       const char *log, char *why, size_t len)
{
	char *argv[24];
	size_t n = 0;
	int rc;

	while (make[n] != NULL && n < sizeof argv / sizeof argv[0] - 2) {
		argv[n] = make[n];
		n++;
	}
	argv[n++] = (char *)target;
	argv[n] = NULL;
	if ((rc = sys->run(sys->ctx, argv, src, log, NULL, 0, why, len)) != 0 && rc != -1)
		text_fmt(why, len, "make %s exited with status %d", target, rc);
	return rc == 0 ? 0 : -1;
}

/* put: text[0..n) written to SRC/.config, appended or replacing it; 0, or
 * -1 with why. */
static int put(const char *src, const char *text, size_t n, int append, char *why, size_t len)
{
	char path[PATH_MAX];
	size_t at = 0;
	ssize_t r = 0;
	int fd = -1, ok;

	if (fs_path(path, sizeof path, "%s/.config", src) == 0)
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644);
	if (fd < 0) {
		text_fmt(why, len, "cannot write %s/.config: %s", src, strerror(errno));
		return -1;
	}
	ok = !append || write(fd, "\n", 1) == 1;   /* the fragment starts on a line of its own */
	while (ok && at < n && ((r = write(fd, text + at, n - at)) > 0 || (r < 0 && errno == EINTR)))
		at += r > 0 ? (size_t)r : 0;
	if (close(fd) != 0 || !ok || at != n) {
		text_fmt(why, len, "cannot write %s/.config: %s", src, strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

int kconf_apply(const struct kbuild_sys *sys, const struct kconf *c, const char *src, char *const make[],
                const char *log, char *why, size_t len)
{
	if (!c->user && make_target(sys, make, KCONF_BASE, src, log, why, len) != 0)
		return -1;
	if (put(src, c->text, c->n, !c->user, why, len) != 0)
		return -1;
	return make_target(sys, make, "olddefconfig", src, log, why, len);
}

/* value_of: the value of option name (CONFIG_X) in config text: 'y', 'm',
 * or 0 when it is not set or absent. */
static int value_of(const char *text, const char *name)
{
	size_t n = strlen(name);
	int v = 0;

	for (const char *l = text; l != NULL && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (strncmp(l, name, n) == 0 && l[n] == '=')
			v = l[n + 1] == 'y' || l[n + 1] == 'm' ? l[n + 1] : 0;   /* the last one counts */
	return v;
}

int kconf_check(const char *path, char *missing, size_t mlen)
{
	char *text = text_read_path(path, 0, KCONF_MAX, NULL, NULL);
	size_t at = 0;

	missing[0] = '\0';
	if (text == NULL)
		return -1;
	for (size_t i = 0; kconf_needs[i] != NULL; i++) {
		char name[64];
		const char *q = strchr(kconf_needs[i], '?');
		int v;

		text_fmt(name, sizeof name, "%.*s", (int)(q ? q - kconf_needs[i] : (long)strlen(kconf_needs[i])),
		         kconf_needs[i]);
		v = value_of(text, name);
		if (v == 'y' || (v == 'm' && q != NULL))
			continue;
		text_put(missing, mlen, &at, "%s%s%s", at ? " " : "", name, v == 'm' ? "=m (must be y)" : "");
	}
	free(text);
	return 0;
}

int kconf_fragment_path(const char *program, char *out, size_t len)
{
	const char *slash = strrchr(program, '/');
	int n = slash ? (int)(slash - program) : 1;
	const char *dir = slash ? program : ".";

	if (fs_path(out, len, "%.*s/" KCONF_FRAGMENT, n, dir) == 0 && access(out, R_OK) == 0)
		return 0;
	if (fs_path(out, len, "%.*s/../share/contest/" KCONF_FRAGMENT, n, dir) == 0 && access(out, R_OK) == 0)
		return 0;
	return -1;
}
