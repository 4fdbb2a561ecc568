/* guest_initrd.c: a guest's initramfs: /init (contest-init), the folders the init mounts on, the kernel's modules decompressed and /modules, their load order; built in memory, named by the hash of its bytes (a changed module or contest-init is a new name, never a stale one), written 0600. */
#include "contest/series/guest_initrd.h"
#include "lib/cpio.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int guest_initrd_build(const char *init, const struct mods *m, char **out, size_t *on, char *why, size_t len)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "lib", "lib/modules" };
	static char list[MODS_MAX * 96];
	struct cpio w;
	char name[128];
	size_t n, ln = 0;
	char *buf = mods_read(init, &n, why, len);
	FILE *f;

	*out = NULL;
	*on = 0;
	if (buf == NULL)
		return -1;
	if ((f = open_memstream(out, on)) == NULL) {
		free(buf);
		text_fmt(why, len, "cannot make an initramfs: %s", strerror(errno));
		return -1;
	}
	cpio_init(&w, f);
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		cpio_add(&w, dirs[i], S_IFDIR | 0755, NULL, 0);
	cpio_add(&w, "init", S_IFREG | 0755, buf, n);
	free(buf);
	list[0] = '\0';
	for (size_t i = 0; i < m->n; i++) {
		if ((buf = mods_read(m->path[i], &n, why, len)) == NULL) {
			fclose(f);
			free(*out);
			*out = NULL;
			return -1;
		}
		text_fmt(name, sizeof name, "lib/modules/%s.ko", m->name[i]);
		cpio_add(&w, name, S_IFREG | 0644, buf, n);
		free(buf);
		text_put(list, sizeof list, &ln, "/%s\n", name);
	}
	cpio_add(&w, "modules", S_IFREG | 0644, list, ln);
	if (cpio_end(&w) != 0 || fclose(f) != 0) {
		text_fmt(why, len, "cannot make an initramfs: %s", strerror(errno));
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

uint64_t guest_initrd_key(const char *buf, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)buf[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* remove_others: GDIR/LABEL-KEY.initrd of every other key removed, and
 * the LABEL.initrd an older contest kept. */
static void remove_others(const char *gdir, const char *label, const char *keep)
{
	size_t ll = strlen(label);
	struct dirent *e;
	DIR *d = opendir(gdir);
	char old[PATH_MAX];

	if (fs_path(old, sizeof old, "%s/%s.initrd", gdir, label) == 0)
		unlink(old);
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		const char *k = e->d_name + ll + 1;
		if (strncmp(e->d_name, label, ll) != 0 || e->d_name[ll] != '-' || strlen(k) != 16 + 7 ||
		    strspn(k, "0123456789abcdef") != 16 || strcmp(k + 16, ".initrd") != 0 || strcmp(e->d_name, keep) == 0)
			continue;
		unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
}

/* put_new: buf written to path as a new file of mode 0600 (PATH.tmp, never
 * through a link, then renamed). 0, or -1 with why. */
static int put_new(const char *path, const char *buf, size_t n, char *why, size_t len)
{
	char tmp[PATH_MAX + 8];
	int fd;
	size_t at = 0;
	ssize_t r = 0;

	text_fmt(tmp, sizeof tmp, "%s.tmp", path);
	unlink(tmp);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)) < 0) {
		text_fmt(why, len, "cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	while (at < n && ((r = write(fd, buf + at, n - at)) > 0 || errno == EINTR))
		at += r > 0 ? (size_t)r : 0;
	if (at < n || fchmod(fd, 0600) != 0 || close(fd) != 0 || rename(tmp, path) != 0) {
		text_fmt(why, len, "cannot write %s: %s", path, strerror(errno));
		if (at < n)
			close(fd);
		unlink(tmp);
		return -1;
	}
	return 0;
}

int guest_initrd(const char *init, const char *root, const char *mods, const char *gdir, const char *label,
                 char *out, size_t olen, char *why, size_t len)
{
	static struct mods m;
	char name[PATH_MAX];
	char *buf;
	size_t n;
	struct stat st;
	int rc = 0;

	if (mods_resolve(root, mods, GUEST_MODS_WANT, &m, why, len) != 0 ||
	    guest_initrd_build(init, &m, &buf, &n, why, len) != 0)
		return -1;
	text_fmt(name, sizeof name, "%s-%016llx.initrd", label, (unsigned long long)guest_initrd_key(buf, n));
	if (fs_path(out, olen, "%s/%s", gdir, name) != 0) {
		text_fmt(why, len, "qemu: %s/%s: path too long", gdir, name);
		rc = -1;
	} else if (lstat(out, &st) != 0 || !S_ISREG(st.st_mode) || (off_t)n != st.st_size)
		rc = put_new(out, buf, n, why, len);
	free(buf);
	if (rc == 0)
		remove_others(gdir, label, name);
	return rc;
}
