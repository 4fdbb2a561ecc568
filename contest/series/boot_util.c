/* boot_util.c: what the real boot drivers share: paths under the context's root, programs found through PATH and run, the running kernel, a release read from a kernel's file name. */
#include "contest/series/boot_util.h"
#include "lib/exec.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

/* boot_root: c's root folder, "" for the machine (root NULL too). */
const char *boot_root(const struct boot_ctx *c)
{
	return c == NULL || c->root == NULL ? "" : c->root;
}

/* boot_path: root/rel into buf; 0, or -1 with errno ENAMETOOLONG. */
int boot_path(const struct boot_ctx *c, char *buf, size_t len, const char *rel)
{
	return fs_path(buf, len, "%s%s", boot_root(c), rel);
}

/* boot_exists: 1 when root/rel exists (following links), else 0. */
int boot_exists(const struct boot_ctx *c, const char *rel)
{
	char p[PATH_MAX];
	struct stat st;

	return boot_path(c, p, sizeof p, rel) == 0 && stat(p, &st) == 0;
}

/* boot_isdir: 1 when root/rel is a directory (following links), else 0. */
int boot_isdir(const struct boot_ctx *c, const char *rel)
{
	char p[PATH_MAX];
	struct stat st;

	return boot_path(c, p, sizeof p, rel) == 0 && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* boot_systemd: 1 when systemd runs (root/run/systemd/system is a directory). */
int boot_systemd(const struct boot_ctx *c)
{
	return boot_isdir(c, "/run/systemd/system");
}

/* boot_which: name's executable regular file in a folder of PATH; 0 or -1. */
int boot_which(const char *name, char *out, size_t len)
{
	return exec_which(name, out, len);
}

/* last_line: the last non-empty line of s, trimmed, in place. */
static char *last_line(char *s)
{
	char *nl;

	boot_trim(s);
	nl = strrchr(s, '\n');
	return boot_trim(nl ? nl + 1 : s);
}

#define BOOT_RUN_LIMIT 600   /* s: a boot tool (bootctl, grub-editenv, kexec, mkfs) that runs longer is stuck */

/* boot_run: run argv with PATH's argv[0] (exec_run: its stdout into out,
 * the end of its stderr for why, stopped past BOOT_RUN_LIMIT); its status,
 * or -1 with why. */
int boot_run(char *const argv[], char *out, size_t outlen, char *why, size_t len)
{
	char path[PATH_MAX], d[64];
	struct exec x = { .argv = argv, .path = path, .out_max = out != NULL && outlen > 0 ? outlen - 1 : 0,
	                  .keep_err = 1, .limit = BOOT_RUN_LIMIT };
	int rc;

	if (out != NULL && outlen > 0)
		out[0] = '\0';
	if (boot_which(argv[0], path, sizeof path) != 0) {
		text_fmt(why, len, "%s is not in PATH", argv[0]);
		return -1;
	}
	rc = exec_run(&x);
	if (x.out != NULL)
		memcpy(out, x.out, x.out_len + 1);
	exec_free(&x);
	if (x.status == -1)
		text_fmt(why, len, "cannot run %s: %s", argv[0], strerror(errno));
	else if (x.timed_out)
		text_fmt(why, len, "%s did not end within %d s and was stopped", argv[0], BOOT_RUN_LIMIT);
	else if (rc < 0) {
		proc_describe(x.status, d, sizeof d);
		text_fmt(why, len, "%s %s", argv[0], d);
	} else if (rc != 0) {
		const char *l = last_line(x.err);
		text_fmt(why, len, "%s exited with status %d%s%s", argv[0], rc, *l ? ": " : "", l);
	}
	return rc;
}

/* boot_run_ok: boot_run, any status but 0 a failure: 0 or -1 with why. */
int boot_run_ok(char *const argv[], char *out, size_t outlen, char *why, size_t len)
{
	return boot_run(argv, out, outlen, why, len) == 0 ? 0 : -1;
}

/* read_line: the first line of root/rel, trimmed, into out; 0 or -1. */
static int read_line(const struct boot_ctx *c, const char *rel, char *out, size_t len)
{
	char *s = text_read(boot_root(c), rel, 4096, NULL, NULL), *nl;

	if (s == NULL)
		return -1;
	if ((nl = strchr(s, '\n')) != NULL)
		*nl = '\0';
	text_copy(out, boot_trim(s), len);
	free(s);
	return out[0] ? 0 : -1;
}

/* boot_running_read: the running kernel's release and boot id; 0 or -1. */
int boot_running_read(const struct boot_ctx *c, struct boot_running *r, char *why, size_t len)
{
	struct utsname u;

	memset(r, 0, sizeof *r);
	if (read_line(c, "/proc/sys/kernel/osrelease", r->release, sizeof r->release) != 0) {
		if (boot_root(c)[0] != '\0' || uname(&u) != 0) {
			text_fmt(why, len, "cannot read %s/proc/sys/kernel/osrelease", boot_root(c));
			return -1;
		}
		text_copy(r->release, u.release, sizeof r->release);
	}
	if (read_line(c, "/proc/sys/kernel/random/boot_id", r->boot_id, sizeof r->boot_id) != 0) {
		text_fmt(why, len, "cannot read %s/proc/sys/kernel/random/boot_id", boot_root(c));
		return -1;
	}
	return 0;
}

/* boot_release_ok: 1 when s looks like a release. */
int boot_release_ok(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= BOOT_RELEASE_MAX)
		return 0;
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s == 0x7f || *s == '/')
			return 0;
	return 1;
}

/* boot_release_of_path: the release a kernel's path names; 0 or -1. */
int boot_release_of_path(const char *path, char *out, size_t len)
{
	static const char *const pre[] = { "vmlinuz-", "vmlinux-", "bzImage-", "kernel-", "Image-" };
	char buf[PATH_MAX], *base, *slash;

	text_copy(buf, path, sizeof buf);
	base = (slash = strrchr(buf, '/')) ? slash + 1 : buf;
	for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++)
		if (strncmp(base, pre[i], strlen(pre[i])) == 0 && boot_release_ok(base + strlen(pre[i]))) {
			text_copy(out, base + strlen(pre[i]), len);
			return 0;
		}
	if (slash != NULL && (strcmp(base, "linux") == 0 || strcmp(base, "vmlinuz") == 0)) {
		*slash = '\0';
		base = (slash = strrchr(buf, '/')) ? slash + 1 : buf;
		if (boot_release_ok(base) && strchr(base, '.') != NULL) {
			text_copy(out, base, len);
			return 0;
		}
	}
	return -1;
}

/* boot_spec_release: cut a trailing ",release=R" off k->spec into k->release. */
int boot_spec_release(struct boot_kernel *k, char *why, size_t len)
{
	char *at = strstr(k->spec, ",release="), *next;
	char q[TEXT_QUOTED];

	if (at == NULL)
		return 0;
	while ((next = strstr(at + 1, ",release=")) != NULL)
		at = next;
	if (!boot_release_ok(at + 9)) {
		text_fmt(why, len, "',release=%s' names no release (no blank or '/')", text_quote(at + 9, q, sizeof q));
		return -1;
	}
	if (k->release[0] == '\0')
		text_copy(k->release, at + 9, sizeof k->release);
	*at = '\0';
	return 0;
}

/* boot_conf_get: key's value in a loader entry or loader.conf text ("key value"
 * lines) into out; 0, or -1 when absent. */
int boot_conf_get(const char *text, const char *key, char *out, size_t len)
{
	size_t kl = strlen(key);

	for (const char *s = text; *s; ) {
		const char *nl = strchr(s, '\n'), *end = nl ? nl : s + strlen(s);
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if ((size_t)(end - s) > kl && strncmp(s, key, kl) == 0 && (s[kl] == ' ' || s[kl] == '\t')) {
			char v[PATH_MAX];
			text_fmt(v, sizeof v, "%.*s", (int)(end - s - kl), s + kl);
			text_copy(out, boot_trim(v), len);
			return 0;
		}
		s = nl ? nl + 1 : end;
	}
	return -1;
}

/* boot_release_of: the release a linux path or version value names into rel;
 * 0 or -1. */
int boot_release_of(const char *linux_path, const char *version, char *rel, size_t len)
{
	if (linux_path[0] && boot_release_of_path(linux_path, rel, len) == 0)
		return 0;
	if (boot_release_ok(version) && strchr(version, '.') != NULL) {
		text_copy(rel, version, len);
		return 0;
	}
	return -1;
}

/* boot_bls_read: the loader entry file root/rel: 0 with its title and
 * release; -1 when it cannot be read. */
int boot_bls_read(const struct boot_ctx *c, const char *rel, char *title, size_t tlen, char *release, size_t rlen)
{
	char lin[PATH_MAX] = "", ver[BOOT_RELEASE_MAX] = "", *text;

	if ((text = text_read(boot_root(c), rel, 65536, NULL, NULL)) == NULL)
		return -1;
	boot_conf_get(text, "linux", lin, sizeof lin);
	boot_conf_get(text, "version", ver, sizeof ver);
	if (title != NULL && boot_conf_get(text, "title", title, tlen) != 0)
		title[0] = '\0';
	free(text);
	if (boot_release_of(lin, ver, release, rlen) != 0)
		release[0] = '\0';
	return 0;
}

/* boot_trim: s without leading and trailing blanks, in place. */
char *boot_trim(char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		s[--n] = '\0';
	return s;
}

/* boot_bzimage_release: the release in an x86 boot header; 0 or -1. */
int boot_bzimage_release(int fd, char *rel, size_t len)
{
	unsigned char h[0x210];
	char v[BOOT_RELEASE_MAX + 1];
	ssize_t n;
	size_t k = 0;
	unsigned off;

	if (pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h || memcmp(h + 0x202, "HdrS", 4) != 0)
		return -1;
	off = (unsigned)h[0x20E] | (unsigned)h[0x20F] << 8;
	if (off == 0 || (n = pread(fd, v, sizeof v - 1, (off_t)off + 0x200)) <= 0)
		return -1;
	v[n] = '\0';
	while (k < (size_t)n && v[k] > ' ' && v[k] < 0x7f)
		k++;
	v[k] = '\0';
	if (!boot_release_ok(v))
		return -1;
	text_copy(rel, v, len);
	return 0;
}
