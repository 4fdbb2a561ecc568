/* boot_oneshot.c: the oneshot boot driver: the boot loader's next-boot-only entry (GRUB's grub-reboot, boot_grub.c; systemd-boot's bootctl set-oneshot, boot_sdboot.c), then a reboot; the loader is found once, by check, and named in the driver's state. */
#include "contest/series/boot.h"
#include "contest/series/boot_grub.h"
#include "contest/series/boot_sdboot.h"
#include "contest/series/boot_util.h"
#include "contest/series/launch.h"
#include "lib/text.h"

#include <limits.h>
#include <string.h>

/* The boot loader found: GRUB or systemd-boot. */
struct loader {
	enum { L_GRUB = 1, L_SDBOOT } kind;
	struct grub g;
};

/* The loaders' names in the driver's state (boot_ctx.opts), by kind. */
static const char *const loader_names[] = { [L_GRUB] = "grub", [L_SDBOOT] = "systemd-boot" };

/* loader_find: GRUB (grub_find), else systemd-boot (sdboot_find). 0 and
 * *l, or -1 with why saying what each one lacks. */
static int loader_find(const struct boot_ctx *c, struct loader *l, char *why, size_t len)
{
	char gwhy[256], swhy[256];

	if (grub_find(c, &l->g, gwhy, sizeof gwhy) == 0) {
		l->kind = L_GRUB;
		return 0;
	}
	if (sdboot_find(swhy, sizeof swhy) == 0) {
		l->kind = L_SDBOOT;
		return 0;
	}
	text_fmt(why, len, "no boot loader with a next-boot-only entry: GRUB: %s; systemd-boot: %s", gwhy, swhy);
	return -1;
}

/* loader_get: the loader check found, as c->opts names it (GRUB's tools
 * and folder looked up again, which runs nothing); found anew when c->opts
 * names none or GRUB is gone. 0 and *l, or -1 with why. */
static int loader_get(const struct boot_ctx *c, struct loader *l, char *why, size_t len)
{
	char gwhy[256];

	if (strcmp(c->opts, loader_names[L_SDBOOT]) == 0) {
		l->kind = L_SDBOOT;
		return 0;
	}
	if (strcmp(c->opts, loader_names[L_GRUB]) == 0 && grub_find(c, &l->g, gwhy, sizeof gwhy) == 0) {
		l->kind = L_GRUB;
		return 0;
	}
	return loader_find(c, l, why, len);
}

/* oneshot_opts_check: the state names a loader, or none. */
static int oneshot_opts_check(const char *opts, char *why, size_t len)
{
	if (opts[0] == '\0' || strcmp(opts, loader_names[L_GRUB]) == 0 || strcmp(opts, loader_names[L_SDBOOT]) == 0)
		return 0;
	text_fmt(why, len, "not a boot loader (grub, systemd-boot)");
	return -1;
}

/* oneshot_resolve: k's entry must exist; its release read unless given. */
static int oneshot_resolve(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len)
{
	struct loader l;
	char rel[BOOT_RELEASE_MAX] = "", q[TEXT_QUOTED];
	int rc;

	if (boot_spec_release(k, why, len) != 0)
		return -1;
	if (k->spec[0] == '\0' || k->spec[0] == '-') {
		text_fmt(why, len, "'%s' is no boot entry (oneshot's SPEC is the entry's title or id)",
		         text_quote(k->spec, q, sizeof q));
		return -1;
	}
	if (loader_get(c, &l, why, len) != 0)
		return -1;
	if (l.kind == L_GRUB) {
		rc = grub_entry_release(c, &l.g, k->spec, k->release[0] ? NULL : rel, sizeof rel, why, len);
		if (rc != 0)
			return -1;
	} else {
		if (sdboot_entry_release(c, k->spec, rel, sizeof rel, why, len) != 0)
			return -1;
		if (k->release[0] == '\0' && rel[0] == '\0') {
			text_fmt(why, len, "systemd-boot entry '%s' names no release in its linux or version line: "
			         "give it as ,release=R", text_quote(k->spec, q, sizeof q));
			return -1;
		}
	}
	if (k->release[0] == '\0')
		text_copy(k->release, rel, sizeof k->release);
	return 0;
}

/* reboot_tool: the command that reboots: systemctl reboot under systemd,
 * else reboot; into argv (3 slots). 0, or -1 with why when it is not in PATH. */
static int reboot_tool(const struct boot_ctx *c, const char *verb, const char *other, char *argv[3], char *why, size_t len)
{
	char path[PATH_MAX];

	if (boot_systemd(c)) {
		argv[0] = "systemctl";
		argv[1] = (char *)verb;
	} else {
		argv[0] = (char *)other;
		argv[1] = NULL;
	}
	argv[2] = NULL;
	if (boot_which(argv[0], path, sizeof path) != 0) {
		text_fmt(why, len, "%s is not in PATH: cannot reboot", argv[0]);
		return -1;
	}
	return 0;
}

/* oneshot_check: a boot loader with a next-boot-only entry (GRUB with
 * grub-editenv too, which grub-reboot runs), a way to reboot; warn where
 * GRUB cannot clear its entry. */
static int oneshot_check(struct boot_ctx *c, char *why, size_t len)
{
	struct loader l;
	char *argv[3], path[PATH_MAX];

	c->opts[0] = '\0';   /* a check that fails leaves no loader named */
	if (loader_find(c, &l, why, len) != 0 || reboot_tool(c, "reboot", "reboot", argv, why, len) != 0)
		return -1;
	text_copy(c->opts, loader_names[l.kind], sizeof c->opts);   /* found once: the other ops' */
	if (l.kind == L_GRUB && boot_which(l.g.editenv, path, sizeof path) != 0) {
		text_fmt(why, len, "%s is not in PATH (%s needs it)", l.g.editenv, l.g.reboot);
		return -1;
	}
	if (l.kind == L_GRUB)
		grub_check_env(c, &l.g);
	return 0;
}

/* oneshot_default: the release of the boot loader's default entry; "" when unknown. */
static int oneshot_default(const struct boot_ctx *c, char *out, size_t outlen, char *why, size_t len)
{
	struct loader l;

	out[0] = '\0';
	if (loader_get(c, &l, why, len) != 0)
		return 0;
	if (l.kind == L_GRUB)
		grub_default_release(c, &l.g, out, outlen);
	else
		sdboot_default_release(c, out, outlen);
	return 0;
}

/* oneshot_arm: grub-reboot ENTRY, or bootctl set-oneshot ENTRY. */
static int oneshot_arm(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len)
{
	struct loader l;
	char *grub[] = { l.g.reboot, (char *)k->spec, NULL };
	char *sd[] = SDBOOT_ARM(k->spec);

	if (loader_get(c, &l, why, len) != 0)
		return -1;
	return boot_run_ok(l.kind == L_GRUB ? grub : sd, NULL, 0, why, len);
}

/* oneshot_disarm: grub-editenv - unset next_entry, or bootctl set-oneshot "". */
static int oneshot_disarm(const struct boot_ctx *c, char *why, size_t len)
{
	struct loader l;
	char *grub[] = { l.g.editenv, "-", "unset", "next_entry", NULL };
	char *sd[] = SDBOOT_DISARM;

	if (loader_get(c, &l, why, len) != 0)
		return -1;
	return boot_run_ok(l.kind == L_GRUB ? grub : sd, NULL, 0, why, len);
}

/* oneshot_reboot: systemctl reboot (reboot without systemd); 0 once it is
 * under way (the caller waits for the end), -1 with why when it did not start. */
static int oneshot_reboot(const struct boot_ctx *c, char *why, size_t len)
{
	char *argv[3];

	if (reboot_tool(c, "reboot", "reboot", argv, why, len) != 0)
		return -1;
	return boot_run_ok(argv, NULL, 0, why, len);
}

const struct boot_driver boot_oneshot = {
	.name = "oneshot",
	.unit = 1,
	.opts_check = oneshot_opts_check,
	.resolve = oneshot_resolve,
	.check = oneshot_check,
	.default_release = oneshot_default,
	.arm = oneshot_arm,
	.disarm = oneshot_disarm,
	.reboot = oneshot_reboot,
	.running = boot_running_read,
	.run = launch_run,
};
