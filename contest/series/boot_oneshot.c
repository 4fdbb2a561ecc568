/* boot_oneshot.c: the oneshot boot driver: the boot loader's next-boot-only entry (GRUB's grub-reboot, systemd-boot's bootctl set-oneshot), then a reboot. */
#include "contest/series/boot.h"
#include "contest/series/boot_grub.h"
#include "contest/series/boot_util.h"
#include "contest/series/launch.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <dirent.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define OUT_MAX 65536   /* bootctl's output read up to this */

/* The boot loader found: GRUB or systemd-boot. */
struct loader {
	enum { L_GRUB = 1, L_SDBOOT } kind;
	struct grub g;
};

/* loader_find: GRUB (grub_find), else systemd-boot (bootctl is-installed
 * succeeds). 0 and *l, or -1 with why saying what each one lacks. */
static int loader_find(const struct boot_ctx *c, struct loader *l, char *why, size_t len)
{
	char gwhy[256], swhy[256], out[256], path[PATH_MAX];
	char *isinst[] = { "bootctl", "is-installed", NULL };

	if (grub_find(c, &l->g, gwhy, sizeof gwhy) == 0) {
		l->kind = L_GRUB;
		return 0;
	}
	if (boot_which("bootctl", path, sizeof path) != 0)
		text_copy(swhy, "bootctl is not in PATH", sizeof swhy);
	else if (boot_run(isinst, out, sizeof out, swhy, sizeof swhy) == 0) {
		l->kind = L_SDBOOT;
		return 0;
	} else
		text_copy(swhy, "bootctl is-installed says it is not installed", sizeof swhy);
	text_fmt(why, len, "no boot loader with a next-boot-only entry: GRUB: %s; systemd-boot: %s", gwhy, swhy);
	return -1;
}

/* bootctl_path: what "bootctl OPT" prints (-p: the ESP, -x: the boot
 * partition), into out; 0, or -1 when it says nothing. */
static int bootctl_path(const char *opt, char *out, size_t len)
{
	char buf[PATH_MAX + 64], why[256];
	char *argv[] = { "bootctl", (char *)opt, NULL };

	if (boot_run_ok(argv, buf, sizeof buf, why, sizeof why) != 0)
		return -1;
	text_copy(out, boot_trim(buf), len);
	return out[0] == '/' ? 0 : -1;
}

/* sd_bases: the folders holding loader/entries: the boot partition
 * (bootctl -x) and the ESP (bootctl -p), once each; their number. */
static int sd_bases(char base[2][PATH_MAX])
{
	int n = 0;

	if (bootctl_path("-x", base[n], PATH_MAX) == 0)
		n++;
	if (bootctl_path("-p", base[n], PATH_MAX) == 0 && (n == 0 || strcmp(base[0], base[n]) != 0))
		n++;
	return n;
}

/* entry_file_release: the loader entry file root/base/loader/entries/name
 * read; 0 and its release in rel (or "" when it names none), or -1 when
 * there is no such file. */
static int entry_file_release(const struct boot_ctx *c, const char *base, const char *name, char *rel, size_t len)
{
	char path[PATH_MAX];

	if (fs_path(path, sizeof path, "%s/loader/entries/%s", base, name) != 0)
		return -1;
	return boot_bls_read(c, path, NULL, 0, rel, len);
}

/* block_get: key's value in the "key: value" lines of text from its start
 * to the first blank line, into out; 0 or -1. */
static int block_get(const char *text, const char *key, char *out, size_t len)
{
	for (const char *s = text; *s; ) {
		const char *nl = strchr(s, '\n'), *end = nl ? nl : s + strlen(s), *colon;
		char k[64];
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s == end)
			return -1;
		if ((colon = memchr(s, ':', (size_t)(end - s))) != NULL) {
			text_fmt(k, sizeof k, "%.*s", (int)(colon - s), s);
			if (strcmp(k, key) == 0) {
				char v[PATH_MAX];
				text_fmt(v, sizeof v, "%.*s", (int)(end - colon - 1), colon + 1);
				text_copy(out, boot_trim(v), len);
				return 0;
			}
		}
		s = nl ? nl + 1 : end;
	}
	return -1;
}

/* block_release: the release of the "key: value" block at text; 0 or -1. */
static int block_release(const char *text, char *rel, size_t len)
{
	char lin[PATH_MAX] = "", ver[BOOT_RELEASE_MAX] = "";

	block_get(text, "linux", lin, sizeof lin);
	block_get(text, "version", ver, sizeof ver);
	return boot_release_of(lin, ver, rel, len);
}

/* list_release: entry in "bootctl list" (its id, with or without .conf):
 * 0 and its release in rel ("" when it names none), or -1 when it is not
 * listed. */
static int list_release(const char *entry, char *rel, size_t len)
{
	char *out = malloc(OUT_MAX), id[PATH_MAX], why[256];
	char *argv[] = { "bootctl", "list", "--no-pager", NULL };
	int rc = -1;

	if (out == NULL)
		return -1;
	if (boot_run_ok(argv, out, OUT_MAX, why, sizeof why) == 0)
		for (char *s = out, *end; *s && rc != 0; s = end ? end + 2 : s + strlen(s)) {
			while (*s == '\n')
				s++;
			if ((end = strstr(s, "\n\n")) != NULL)   /* one entry's block */
				*end = '\0';
			if (block_get(s, "id", id, sizeof id) == 0 &&
			    (strcmp(id, entry) == 0 || (strncmp(id, entry, strlen(entry)) == 0 &&
			                                strcmp(id + strlen(entry), ".conf") == 0))) {
				rc = 0;
				if (block_release(s, rel, len) != 0)
					rel[0] = '\0';
			}
		}
	free(out);
	return rc;
}

/* sd_entry_release: entry of systemd-boot (loader/entries/ENTRY.conf under
 * the boot partition or ESP, else in bootctl list): 0 and its release in
 * rel ("" when it names none), or -1 with why when there is none. */
static int sd_entry_release(const struct boot_ctx *c, const char *entry, char *rel, size_t len, char *why, size_t wlen)
{
	char base[2][PATH_MAX], name[PATH_MAX], q[TEXT_QUOTED];
	int n = sd_bases(base);

	text_fmt(name, sizeof name, "%s.conf", entry);
	for (int i = 0; i < n; i++)
		if (entry_file_release(c, base[i], name, rel, len) == 0 ||
		    (strstr(entry, ".conf") && entry_file_release(c, base[i], entry, rel, len) == 0))
			return 0;
	if (list_release(entry, rel, len) == 0)
		return 0;
	text_fmt(why, wlen, "no systemd-boot entry '%s': no loader/entries/%s.conf under %s%s and none in bootctl list",
	         text_quote(entry, q, sizeof q), entry, n ? "the ESP " : "an ESP (bootctl -p says none)",
	         n ? base[n - 1] : "");
	return -1;
}

/* newest_match: the file of root/base/loader/entries matching pattern
 * (with or without .conf) that sorts last by version, into out; 0 or -1. */
static int newest_match(const struct boot_ctx *c, const char *base, const char *pattern, char *out, size_t len)
{
	char path[PATH_MAX], pat2[PATH_MAX];
	struct dirent *e;
	DIR *d;

	if (boot_path(c, path, sizeof path, base) != 0 || fs_path(path + strlen(path), sizeof path - strlen(path),
	    "/loader/entries") != 0 || (d = opendir(path)) == NULL)
		return -1;
	text_fmt(pat2, sizeof pat2, "%s.conf", pattern);
	out[0] = '\0';
	while ((e = readdir(d)) != NULL)
		if ((fnmatch(pattern, e->d_name, 0) == 0 || fnmatch(pat2, e->d_name, 0) == 0) &&
		    (out[0] == '\0' || strverscmp(e->d_name, out) > 0))
			text_copy(out, e->d_name, len);
	closedir(d);
	return out[0] ? 0 : -1;
}

/* sd_default_release: the release systemd-boot boots by default: bootctl
 * status's default entry, else loader.conf's default; "" when unknown. */
static void sd_default_release(const struct boot_ctx *c, char *out, size_t len)
{
	char *text = malloc(OUT_MAX), *at, base[2][PATH_MAX], pat[PATH_MAX], name[PATH_MAX], why[256];
	char *argv[] = { "bootctl", "status", "--no-pager", NULL };
	int n;

	out[0] = '\0';
	if (text == NULL)
		return;
	if (boot_run_ok(argv, text, OUT_MAX, why, sizeof why) == 0 &&
	    (at = strstr(text, "Default Boot Loader Entry:")) != NULL && (at = strchr(at, '\n')) != NULL &&
	    block_release(at + 1, out, len) == 0) {
		free(text);
		return;
	}
	free(text);
	n = sd_bases(base);
	for (int i = 0; i < n; i++) {
		char conf[PATH_MAX];
		if (fs_path(conf, sizeof conf, "%s/loader/loader.conf", base[i]) != 0 ||
		    (text = text_read(boot_root(c), conf, 65536, NULL, NULL)) == NULL)
			continue;
		int got = boot_conf_get(text, "default", pat, sizeof pat);
		free(text);
		for (int j = 0; got == 0 && j < n; j++)
			if (newest_match(c, base[j], pat, name, sizeof name) == 0 &&
			    entry_file_release(c, base[j], name, out, len) == 0)
				return;
	}
	out[0] = '\0';
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
	if (loader_find(c, &l, why, len) != 0)
		return -1;
	if (l.kind == L_GRUB) {
		rc = grub_entry_release(c, &l.g, k->spec, k->release[0] ? NULL : rel, sizeof rel, why, len);
		if (rc != 0)
			return -1;
	} else {
		if (sd_entry_release(c, k->spec, rel, sizeof rel, why, len) != 0)
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

	if (loader_find(c, &l, why, len) != 0 || reboot_tool(c, "reboot", "reboot", argv, why, len) != 0)
		return -1;
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
	if (loader_find(c, &l, why, len) != 0)
		return 0;
	if (l.kind == L_GRUB)
		grub_default_release(c, &l.g, out, outlen);
	else
		sd_default_release(c, out, outlen);
	return 0;
}

/* oneshot_arm: grub-reboot ENTRY, or bootctl set-oneshot ENTRY. */
static int oneshot_arm(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len)
{
	struct loader l;
	char *grub[] = { l.g.reboot, (char *)k->spec, NULL };
	char *sd[] = { "bootctl", "set-oneshot", (char *)k->spec, NULL };

	if (loader_find(c, &l, why, len) != 0)
		return -1;
	return boot_run_ok(l.kind == L_GRUB ? grub : sd, NULL, 0, why, len);
}

/* oneshot_disarm: grub-editenv - unset next_entry, or bootctl set-oneshot "". */
static int oneshot_disarm(const struct boot_ctx *c, char *why, size_t len)
{
	struct loader l;
	char *grub[] = { l.g.editenv, "-", "unset", "next_entry", NULL };
	char *sd[] = { "bootctl", "set-oneshot", "", NULL };

	if (loader_find(c, &l, why, len) != 0)
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
	.resolve = oneshot_resolve,
	.check = oneshot_check,
	.default_release = oneshot_default,
	.arm = oneshot_arm,
	.disarm = oneshot_disarm,
	.reboot = oneshot_reboot,
	.running = boot_running_read,
	.run = launch_run,
};
