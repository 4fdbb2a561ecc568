/* boot_sdboot.c: systemd-boot as the oneshot driver reads it: bootctl is-installed, its loader entries (loader/entries under the boot partition and the ESP, else bootctl list) and their releases, its default entry. */
#include "contest/series/boot_sdboot.h"
#include "contest/series/boot_util.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <dirent.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define OUT_MAX 65536   /* bootctl's output read up to this */

int sdboot_find(char *why, size_t len)
{
	char out[256], path[PATH_MAX];
	char *isinst[] = { "bootctl", "is-installed", NULL };

	if (boot_which("bootctl", path, sizeof path) != 0) {
		text_copy(why, "bootctl is not in PATH", len);
		return -1;
	}
	if (boot_run(isinst, out, sizeof out, why, len) == 0)
		return 0;
	text_copy(why, "bootctl is-installed says it is not installed", len);
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

/* sdboot_entry_release: (boot_sdboot.h) entry of systemd-boot (loader/entries/ENTRY.conf under
 * the boot partition or ESP, else in bootctl list): 0 and its release in
 * rel ("" when it names none), or -1 with why when there is none. */
int sdboot_entry_release(const struct boot_ctx *c, const char *entry, char *rel, size_t len, char *why, size_t wlen)
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

/* sdboot_default_release: (boot_sdboot.h) the release systemd-boot boots by default: bootctl
 * status's default entry, else loader.conf's default; "" when unknown. */
void sdboot_default_release(const struct boot_ctx *c, char *out, size_t len)
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
