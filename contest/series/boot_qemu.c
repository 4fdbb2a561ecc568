/* boot_qemu.c: the qemu boot driver: each run of the series boots its kernel in a fresh QEMU guest on this machine (contest/series/guest.c), which never reboots. */
#include "contest/series/boot.h"
#include "contest/series/boot_util.h"
#include "contest/series/guest.h"
#include "lib/text.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* qemu_resolve: SPEC read (KDIR, or IMAGE,modules=DIR; append= last), its
 * files there, the release from the image's name or header unless
 * ",release=R" gave it. */
static int qemu_resolve(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len)
{
	static struct guest_kernel g;

	(void)c;
	if (boot_spec_release(k, why, len) != 0)
		return -1;
	return guest_spec(k->spec, k->release, sizeof k->release, &g, why, len);
}

/* qemu_check: QEMU and mkfs.ext4 in PATH, contest-init beside contest. */
static int qemu_check(const struct boot_ctx *c, char *why, size_t len)
{
	char path[PATH_MAX], self[PATH_MAX];

	(void)c;
	if (boot_which("qemu-system-x86_64", path, sizeof path) != 0) {
		text_fmt(why, len, "--boot qemu: qemu-system-x86_64 is not in PATH (apt-get install qemu-system-x86)");
		return -1;
	}
	if (boot_which("mkfs.ext4", path, sizeof path) != 0) {
		text_fmt(why, len, "--boot qemu: mkfs.ext4 is not in PATH, for the guests' scratch disk (e2fsprogs)");
		return -1;
	}
	if (realpath("/proc/self/exe", self) == NULL || guest_init_path(self, path, sizeof path) != 0) {
		text_fmt(why, len, "--boot qemu: no contest-init beside this contest nor in ../lib/contest (make "
		         "builds it, make install installs it)");
		return -1;
	}
	return 0;
}

/* qemu_default: the machine never reboots: what boots by default is what
 * runs. */
static int qemu_default(const struct boot_ctx *c, char *out, size_t outlen, char *why, size_t len)
{
	struct boot_running r;

	if (boot_running_read(c, &r, why, len) != 0)
		return -1;
	text_copy(out, r.release, outlen);
	return 0;
}

/* qemu_arm, qemu_disarm, qemu_reboot: nothing to arm, nothing to reboot. */
static int qemu_arm(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len)
{
	(void)c, (void)k, (void)why, (void)len;
	return 0;
}

static int qemu_disarm(const struct boot_ctx *c, char *why, size_t len)
{
	(void)c, (void)why, (void)len;
	return 0;
}

static int qemu_reboot(const struct boot_ctx *c, char *why, size_t len)
{
	(void)c;
	text_fmt(why, len, "the qemu driver never reboots the machine");
	return -1;
}

const struct boot_driver boot_qemu = {
	.name = "qemu",
	.resolve = qemu_resolve,
	.check = qemu_check,
	.default_release = qemu_default,
	.arm = qemu_arm,
	.disarm = qemu_disarm,
	.reboot = qemu_reboot,
	.running = boot_running_read,
	.run_in_guest = guest_run,
};
