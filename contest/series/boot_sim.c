/* boot_sim.c: the simulated boot driver for tests: a folder that plays the firmware (which kernels it knows, which boots by default, which is armed, what runs), and faults asked of it. */
#include "contest/series/boot.h"
#include "contest/series/launch.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder, the context's root (docs/series.md says the same for test writers):
 *   kernels/RELEASE   one empty file per kernel the firmware can boot
 *   default           the release that boots when nothing is armed
 *   armed             the release armed for the next boot only (absent: none)
 *   running, boot_id  what runs now: its release and its boot id
 *   reboot            written by a reboot: the firmware (the test) boots next
 *   faults/powerloss-after-arm
 *                     the power goes the moment after the next arm (the file
 *                     is used up): contest dies at once, as with a power cut
 * The firmware itself, which boots what is armed (else the default) and plays
 * the faults of a kernel that never comes up or hangs, is the test's. */

/* sim_file: the contents of the folder's file name (first line) into out;
 * 0, or -1 with why. */
static int sim_file(const struct boot_ctx *c, const char *name, char *out, size_t n, char *why, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	if (fs_path(path, sizeof path, "%s/%s", c->root, name) != 0 || (f = fopen(path, "re")) == NULL) {
		text_fmt(why, len, "sim: %s/%s: %s", c->root, name, strerror(errno));
		return -1;
	}
	if (fgets(out, (int)n, f) == NULL)
		out[0] = '\0';
	fclose(f);
	out[strcspn(out, "\n")] = '\0';
	return 0;
}

/* sim_put: the folder's file name made text (and a newline), at once. */
static int sim_put(const struct boot_ctx *c, const char *name, const char *text, char *why, size_t len)
{
	char path[PATH_MAX], line[BOOT_RELEASE_MAX + 2];
	size_t n = (size_t)snprintf(line, sizeof line, "%s\n", text);

	if (fs_path(path, sizeof path, "%s/%s", c->root, name) != 0 || n >= sizeof line ||
	    fs_replace(path, line, n, 0644) != 0) {
		text_fmt(why, len, "sim: cannot write %s/%s: %s", c->root, name, strerror(errno));
		return -1;
	}
	return 0;
}

static int sim_resolve(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len)
{
	char path[PATH_MAX];
	struct stat st;

	if (k->release[0] == '\0')
		text_copy(k->release, k->spec, sizeof k->release);
	if (k->release[0] == '\0' || strchr(k->release, '/') != NULL ||
	    fs_path(path, sizeof path, "%s/kernels/%s", c->root, k->release) != 0 || stat(path, &st) != 0) {
		text_fmt(why, len, "sim: no kernel '%s' in %s/kernels", k->release, c->root);
		return -1;
	}
	return 0;
}

static int sim_check(struct boot_ctx *c, char *why, size_t len)
{
	char d[BOOT_RELEASE_MAX];

	if (c->root == NULL || c->root[0] == '\0') {
		text_fmt(why, len, "the sim driver needs --sim DIR, the simulated firmware's folder");
		return -1;
	}
	return sim_file(c, "default", d, sizeof d, why, len);
}

static int sim_default(const struct boot_ctx *c, char *out, size_t n, char *why, size_t len)
{
	return sim_file(c, "default", out, n, why, len);
}

static int sim_arm(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len)
{
	char path[PATH_MAX];

	if (sim_put(c, "armed", k->release, why, len) != 0)
		return -1;
	if (fs_path(path, sizeof path, "%s/faults/powerloss-after-arm", c->root) == 0 && unlink(path) == 0)
		kill(getpid(), SIGKILL);   /* the power goes: nothing after this line happens */
	return 0;
}

static int sim_disarm(const struct boot_ctx *c, char *why, size_t len)
{
	char path[PATH_MAX];

	if (fs_path(path, sizeof path, "%s/armed", c->root) != 0 || (unlink(path) != 0 && errno != ENOENT)) {
		text_fmt(why, len, "sim: cannot remove %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int sim_reboot(const struct boot_ctx *c, char *why, size_t len)
{
	return sim_put(c, "reboot", "asked", why, len);
}

static int sim_running(const struct boot_ctx *c, struct boot_running *r, char *why, size_t len)
{
	if (sim_file(c, "running", r->release, sizeof r->release, why, len) != 0 ||
	    sim_file(c, "boot_id", r->boot_id, sizeof r->boot_id, why, len) != 0)
		return -1;
	return 0;
}

const struct boot_driver boot_sim = {
	.name = "sim",
	.unit = 1,
	.resolve = sim_resolve,
	.check = sim_check,
	.default_release = sim_default,
	.arm = sim_arm,
	.disarm = sim_disarm,
	.reboot = sim_reboot,
	.running = sim_running,
	.run = launch_run,
};
