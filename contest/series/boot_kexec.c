/* boot_kexec.c: the kexec boot driver: load a kernel image with kexec -l and boot straight into it, without the firmware or the boot loader. */
#include "contest/series/boot.h"
#include "contest/series/boot_util.h"
#include "contest/series/launch.h"
#include "contest/series/trusted.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CMDLINE_MAX 4096   /* the kernel command line passed on */

/* A kexec SPEC: IMAGE[,initrd=FILE][,append=ARGS]. append takes the rest
 * of SPEC whole (blanks, '=' and commas too), so it comes last; IMAGE and
 * FILE hold no comma. */
struct kspec {
	char image[PATH_MAX];
	char initrd[PATH_MAX];     /* "": none */
	char append[CMDLINE_MAX];
	int has_append;            /* 0: the running kernel's command line */
};

/* kspec_parse: spec into *s; 0, or -1 with why. */
static int kspec_parse(const char *spec, struct kspec *s, char *why, size_t len)
{
	const char *p = strchr(spec, ','), *end;
	char q[TEXT_QUOTED];

	memset(s, 0, sizeof *s);
	text_fmt(s->image, sizeof s->image, "%.*s", (int)(p ? p - spec : (long)strlen(spec)), spec);
	if (s->image[0] != '/') {
		text_fmt(why, len, "kexec's IMAGE '%s' is no absolute path (SPEC: IMAGE[,initrd=FILE][,append=ARGS])",
		         text_quote(s->image, q, sizeof q));
		return -1;
	}
	while (p != NULL) {
		p++;
		if (strncmp(p, "append=", 7) == 0) {   /* the rest, commas too */
			if (text_copy(s->append, p + 7, sizeof s->append) >= sizeof s->append) {
				text_fmt(why, len, "kexec's append= is longer than %d bytes", CMDLINE_MAX - 1);
				return -1;
			}
			s->has_append = 1;
			return 0;
		}
		end = strchr(p, ',');
		if (strncmp(p, "initrd=", 7) != 0 || s->initrd[0]) {
			text_fmt(why, len, "kexec SPEC: '%.*s' is not initrd=FILE or append=ARGS (given once each, "
			         "append last)", (int)(end ? end - p : (long)strlen(p)), p);
			return -1;
		}
		text_fmt(s->initrd, sizeof s->initrd, "%.*s", (int)(end ? end - p - 7 : (long)strlen(p + 7)), p + 7);
		if (s->initrd[0] != '/') {
			text_fmt(why, len, "kexec's initrd '%s' is no absolute path", text_quote(s->initrd, q, sizeof q));
			return -1;
		}
		p = end;
	}
	return 0;
}

/* present: root/path is a readable regular file that only root (or the
 * user contest runs as) can change: kexec -l loads it as root at every
 * boot of the series, so a file someone else can write would run their
 * kernel. 0, or -1 with why. */
static int present(const struct boot_ctx *c, const char *what, const char *path, char *why, size_t len)
{
	char full[PATH_MAX], q[TEXT_QUOTED], w[64];
	struct stat st;

	if (boot_path(c, full, sizeof full, path) != 0 || stat(full, &st) != 0 || !S_ISREG(st.st_mode) ||
	    access(full, R_OK) != 0) {
		text_fmt(why, len, "kexec's %s '%s' is no readable file", what, text_quote(full, q, sizeof q));
		return -1;
	}
	text_fmt(w, sizeof w, "kexec's %s", what);
	return series_trust(w, full, TRUST_FILE, why, len);
}

/* kexec_resolve: image and initrd must exist; the release from the
 * image's boot header unless ",release=R" gave it. */
static int kexec_resolve(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len)
{
	struct kspec *s = malloc(sizeof *s);
	char full[PATH_MAX], q[TEXT_QUOTED];
	int fd, rc = -1;

	if (s == NULL) {
		text_fmt(why, len, "out of memory");
		return -1;
	}
	if (boot_spec_release(k, why, len) != 0 || kspec_parse(k->spec, s, why, len) != 0 ||
	    present(c, "image", s->image, why, len) != 0 || (s->initrd[0] && present(c, "initrd", s->initrd, why, len) != 0))
		goto out;
	rc = 0;
	if (k->release[0] == '\0') {
		rc = -1;
		if (boot_path(c, full, sizeof full, s->image) == 0 && (fd = open(full, O_RDONLY | O_CLOEXEC)) >= 0) {
			rc = boot_bzimage_release(fd, k->release, sizeof k->release);
			close(fd);
		}
		if (rc != 0)
			text_fmt(why, len, "cannot read the release from '%s' (no x86 bzImage header with a "
			         "kernel_version): give it as ,release=R", text_quote(s->image, q, sizeof q));
	}
out:
	free(s);
	return rc;
}

/* kexec_check: kexec in PATH and a kernel that can load another. */
static int kexec_check(struct boot_ctx *c, char *why, size_t len)
{
	char path[PATH_MAX], *v;

	if (boot_which("kexec", path, sizeof path) != 0) {
		text_fmt(why, len, "kexec is not in PATH (kexec-tools)");
		return -1;
	}
	if (!boot_exists(c, "/sys/kernel/kexec_loaded")) {
		text_fmt(why, len, "the running kernel cannot kexec: no %s/sys/kernel/kexec_loaded (CONFIG_KEXEC)", boot_root(c));
		return -1;
	}
	v = text_read(boot_root(c), "/proc/sys/kernel/kexec_load_disabled", 64, NULL, NULL);
	if (v != NULL && v[0] == '1') {
		free(v);
		text_fmt(why, len, "kexec is disabled until the next boot (kernel.kexec_load_disabled is 1)");
		return -1;
	}
	free(v);
	v = text_read(boot_root(c), "/sys/kernel/security/lockdown", 256, NULL, NULL);
	if (v != NULL && strstr(v, "[none]") == NULL && strchr(v, '[') != NULL) {
		free(v);
		text_fmt(why, len, "the kernel is locked down (Secure Boot?): it refuses kexec -l's unsigned load");
		return -1;
	}
	free(v);
	return 0;
}

/* kexec_default: the kernel the firmware boots after a failure: the boot
 * loader's default as the oneshot driver reads it, "" when there is none. */
static int kexec_default(const struct boot_ctx *c, char *out, size_t outlen, char *why, size_t len)
{
	if (boot_oneshot.default_release(c, out, outlen, why, len) != 0)
		out[0] = '\0';
	return 0;
}

/* running_cmdline: the running kernel's command line (root/proc/cmdline)
 * without the boot loader's BOOT_IMAGE=, into out; 0, or -1 with why. */
static int running_cmdline(const struct boot_ctx *c, char *out, size_t len, char *why, size_t wlen)
{
	char *text = text_read(boot_root(c), "/proc/cmdline", CMDLINE_MAX - 1, NULL, NULL), *save = NULL;
	size_t n = 0;

	if (text == NULL) {
		text_fmt(why, wlen, "cannot read %s/proc/cmdline for kexec's command line", boot_root(c));
		return -1;
	}
	out[0] = '\0';
	for (char *w = strtok_r(text, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
		if (strncmp(w, "BOOT_IMAGE=", 11) != 0)
			text_put(out, len, &n, "%s%s", n ? " " : "", w);
	free(text);
	return 0;
}

/* kexec_arm: kexec -l IMAGE [--initrd=FILE] --append=ARGS (without
 * append=, the running kernel's command line). */
static int kexec_arm(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len)
{
	struct kspec *s = malloc(sizeof *s);
	char initrd[PATH_MAX + 16], append[CMDLINE_MAX + 16], cmdline[CMDLINE_MAX];
	char *argv[6] = { "kexec", "-l" };
	int n = 2, rc = -1;

	if (s == NULL) {
		text_fmt(why, len, "out of memory");
		return -1;
	}
	if (kspec_parse(k->spec, s, why, len) != 0 || present(c, "image", s->image, why, len) != 0 ||
	    (s->initrd[0] && present(c, "initrd", s->initrd, why, len) != 0))
		goto out;   /* checked again at every arm: what kexec -l loads as root is root's alone */
	if (!s->has_append && running_cmdline(c, cmdline, sizeof cmdline, why, len) != 0)
		goto out;
	argv[n++] = s->image;
	if (s->initrd[0]) {
		text_fmt(initrd, sizeof initrd, "--initrd=%s", s->initrd);
		argv[n++] = initrd;
	}
	text_fmt(append, sizeof append, "--append=%s", s->has_append ? s->append : cmdline);
	argv[n++] = append;
	argv[n] = NULL;
	rc = boot_run_ok(argv, NULL, 0, why, len);
out:
	free(s);
	return rc;
}

/* kexec_disarm: kexec -u. */
static int kexec_disarm(const struct boot_ctx *c, char *why, size_t len)
{
	char *argv[] = { "kexec", "-u", NULL };

	(void)c;
	return boot_run_ok(argv, NULL, 0, why, len);
}

/* kexec_reboot: systemctl kexec under systemd (root/run/systemd/system),
 * else kexec -e; 0 once it is under way, -1 with why when it did not start. */
static int kexec_reboot(const struct boot_ctx *c, char *why, size_t len)
{
	char *sd[] = { "systemctl", "kexec", NULL };
	char *ke[] = { "kexec", "-e", NULL };

	return boot_run_ok(boot_systemd(c) ? sd : ke, NULL, 0, why, len);
}

const struct boot_driver boot_kexec = {
	.name = "kexec",
	.unit = 1,
	.resolve = kexec_resolve,
	.check = kexec_check,
	.default_release = kexec_default,
	.arm = kexec_arm,
	.disarm = kexec_disarm,
	.reboot = kexec_reboot,
	.running = boot_running_read,
	.run = launch_run,
};
