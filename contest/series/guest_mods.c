/* guest_mods.c: a guest's kernel modules from a kernel's module tree: their dependencies (modules.dep, else each module's depends= field), built-ins left out, files read whole and decompressed; every module inside the kernel folder, opened without following a link. */
#include "contest/series/guest_mods.h"
#include "contest/series/trusted.h"
#include "contest/series/boot_util.h"
#include "lib/exec.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MODS_FILE_MAX (64u << 20)   /* the largest module read */
#define MODS_LIST_MAX (8u << 20)    /* the largest modules.dep, .order or .builtin read */
#define MODS_UNPACK_LIMIT 120       /* s: a decompressor that runs longer is stopped */

/* A tree being read: its folder and lists, and what is chosen so far. */
struct tree {
	char dir[PATH_MAX];            /* the module folder's real path */
	char root[PATH_MAX];           /* the kernel folder's real path: each module lies under it */
	char *dep, *order, *builtin;   /* the files' text; NULL when absent */
	char seen[MODS_MAX * 2][64];   /* names visited, built-ins too */
	size_t nseen;
};

/* mod_name: the module name of path's file ("kernel/fs/9p/9p.ko.xz" is
 * 9p, '-' as '_') into out. */
static void mod_name(const char *path, size_t plen, char *out, size_t len)
{
	const char *base = path;
	size_t n;

	for (size_t i = 0; i < plen; i++)
		if (path[i] == '/')
			base = path + i + 1;
	n = (size_t)(path + plen - base);
	for (const char *e = base; e + 3 <= path + plen; e++)
		if (strncmp(e, ".ko", 3) == 0 && (e + 3 == path + plen || e[3] == '.')) {
			n = (size_t)(e - base);
			break;
		}
	text_fmt(out, len, "%.*s", (int)n, base);
	for (char *p = out; *p; p++)
		if (*p == '-')
			*p = '_';
}

/* line_of: in list (one path a line, or "PATH: DEPS" lines), the line
 * whose path names module name; its start and the path's length, NULL
 * when none. */
static const char *line_of(const char *list, const char *name, size_t *plen)
{
	char n[64];

	for (const char *l = list; l != NULL && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t w = strcspn(l, ":\n");
		mod_name(l, w, n, sizeof n);
		if (w > 0 && strcmp(n, name) == 0) {
			*plen = w;
			return l;
		}
	}
	return NULL;
}

/* file_of: the module file of path (as a list names it) under the tree:
 * as named, else with .xz, .zst or .gz added (modules.order names NAME.ko
 * where the file is NAME.ko.xz). 0, or -1. */
static int file_of(const struct tree *t, const char *path, size_t plen, char *out, size_t len)
{
	static const char *const ext[] = { "", ".xz", ".zst", ".gz" };

	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
		if (fs_path(out, len, "%s/%.*s%s", t->dir, (int)plen, path, ext[i]) == 0 && access(out, R_OK) == 0)
			return 0;
	return -1;
}

/* modinfo_deps: the "depends=" field of the module file path (its
 * .modinfo strings), comma-separated, into out ("" none); 0, or -1 with why. */
static int modinfo_deps(const char *path, char *out, size_t olen, char *why, size_t len)
{
	size_t n;
	char *buf = mods_read(path, &n, why, len);

	if (buf == NULL)
		return -1;
	out[0] = '\0';
	for (size_t i = 0; i + 8 <= n; i++)
		if ((i == 0 || buf[i - 1] == '\0') && memcmp(buf + i, "depends=", 8) == 0) {
			text_fmt(out, olen, "%.*s", (int)strnlen(buf + i + 8, n - i - 8), buf + i + 8);
			break;
		}
	free(buf);
	return 0;
}

static int add(struct tree *t, struct mods *m, const char *name, int optional, char *why, size_t len);

/* inside: 1 when path, resolved (links followed), is root (a real path)
 * or lies under it; else 0. */
static int inside(const char *root, const char *path)
{
	char real[PATH_MAX];
	size_t n = strlen(root);

	if (realpath(path, real) == NULL)
		return 0;
	return strcmp(root, "/") == 0 || (strncmp(real, root, n) == 0 && (real[n] == '\0' || real[n] == '/'));
}

/* add_deps: each name of deps (split by sep) added before its dependant. */
static int add_deps(struct tree *t, struct mods *m, char *deps, const char *sep, char *why, size_t len)
{
	char *save = NULL, n[64];

	for (char *d = strtok_r(deps, sep, &save); d != NULL; d = strtok_r(NULL, sep, &save)) {
		mod_name(d, strlen(d), n, sizeof n);
		if (n[0] && add(t, m, n, 0, why, len) != 0)
			return -1;
	}
	return 0;
}

/* add: module name, after its dependencies, onto m once (nothing for a
 * built-in; nothing for a missing optional one). 0, or -1 with why. */
static int add(struct tree *t, struct mods *m, const char *name, int optional, char *why, size_t len)
{
	char file[PATH_MAX], deps[4096];
	const char *l;
	size_t plen;

	for (size_t i = 0; i < t->nseen; i++)
		if (strcmp(t->seen[i], name) == 0)
			return 0;
	if (t->nseen == sizeof t->seen / sizeof t->seen[0] || m->n == MODS_MAX) {
		text_fmt(why, len, "%s: more than %d modules needed", t->dir, MODS_MAX);
		return -1;
	}
	text_copy(t->seen[t->nseen++], name, sizeof t->seen[0]);
	if (line_of(t->builtin, name, &plen) != NULL)
		return 0;
	l = line_of(t->dep ? t->dep : t->order, name, &plen);
	if (l == NULL || file_of(t, l, plen, file, sizeof file) != 0) {
		if (optional)
			return 0;
		text_fmt(why, len, "%s has no module %s (nor lists it as built in)", t->dir, name);
		return -1;
	}
	if (!inside(t->root, file)) {
		text_fmt(why, len, "qemu: module %s is a link, or lies outside the kernel folder %s: refused", file,
		         t->root);
		return -1;
	}
	if (series_trust("qemu's module", file, TRUST_FILE, why, len) != 0)
		return -1;   /* its folders too: a module someone else can change is refused */
	if (t->dep != NULL) {   /* "PATH: DEP DEP ..." */
		const char *d = l + plen + (l[plen] == ':'), *e = strchr(d, '\n');
		text_fmt(deps, sizeof deps, "%.*s", (int)(e ? e - d : (long)strlen(d)), d);
		if (add_deps(t, m, deps, " \t", why, len) != 0)
			return -1;
	} else if (modinfo_deps(file, deps, sizeof deps, why, len) != 0 || add_deps(t, m, deps, ",", why, len) != 0)
		return -1;
	text_copy(m->name[m->n], name, sizeof m->name[0]);
	text_copy(m->path[m->n++], file, sizeof m->path[0]);
	return 0;
}

int mods_resolve(const char *root, const char *dir, const char *want, struct mods *m, char *why, size_t len)
{
	static struct tree t;
	char w[256], *save = NULL;
	int rc = 0;

	memset(&t, 0, sizeof t);
	memset(m, 0, sizeof *m);
	if (realpath(root, t.root) == NULL || !inside(t.root, dir) || realpath(dir, t.dir) == NULL) {
		text_fmt(why, len, "qemu: the module folder %s is not inside the kernel folder %s (a link out of it?): "
		         "refused", dir, root);
		return -1;
	}
	t.dep = text_read(t.dir, "/modules.dep", MODS_LIST_MAX, NULL, NULL);
	t.order = text_read(t.dir, "/modules.order", MODS_LIST_MAX, NULL, NULL);
	t.builtin = text_read(t.dir, "/modules.builtin", MODS_LIST_MAX, NULL, NULL);
	if (t.dep == NULL && t.order == NULL) {
		text_fmt(why, len, "%s: no modules.dep nor modules.order (not a kernel's module tree)", dir);
		rc = -1;
	}
	text_copy(w, want, sizeof w);
	for (char *n = strtok_r(w, " ", &save); rc == 0 && n != NULL; n = strtok_r(NULL, " ", &save)) {
		size_t k = strlen(n);
		int optional = n[k - 1] == '?';
		n[k - optional] = '\0';
		rc = add(&t, m, n, optional, why, len);
	}
	free(t.dep);
	free(t.order);
	free(t.builtin);
	return rc;
}

/* decompressor: the program that decompresses path by its ending; NULL
 * for a plain file. */
static const char *decompressor(const char *path)
{
	size_t n = strlen(path);

	if (n > 3 && strcmp(path + n - 3, ".xz") == 0)
		return "xz";
	if (n > 4 && strcmp(path + n - 4, ".zst") == 0)
		return "zstd";
	if (n > 3 && strcmp(path + n - 3, ".gz") == 0)
		return "gzip";
	return NULL;
}

char *mods_read(const char *path, size_t *size, char *why, size_t len)
{
	const char *prog = decompressor(path);
	char exe[PATH_MAX], *argv[] = { (char *)prog, "-dc", NULL };
	struct exec x = { .argv = argv, .path = exe, .out_max = MODS_FILE_MAX, .limit = MODS_UNPACK_LIMIT };
	char *buf = NULL;
	struct stat s;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) < 0 || fstat(fd, &s) != 0 ||
	    !S_ISREG(s.st_mode)) {
		text_fmt(why, len, "cannot read %s: %s", path, fd < 0 && errno == ELOOP ? "a symbolic link (refused)" :
		         fd < 0 ? strerror(errno) : "not a regular file");
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (prog == NULL) {
		int cut = 0;
		size_t n = 0;
		if ((buf = text_read_fd(fd, MODS_FILE_MAX, &n, &cut)) != NULL && cut) {
			free(buf);
			buf = NULL;
			errno = EFBIG;
		}
		if (buf == NULL)
			text_fmt(why, len, "cannot read %s: %s", path, strerror(errno));
		else
			*size = n;
		close(fd);
		return buf;
	}
	if (boot_which(prog, exe, sizeof exe) != 0) {
		text_fmt(why, len, "%s is compressed and %s is not in PATH to decompress it", path, prog);
		close(fd);
		return NULL;
	}
	/* the file opened here as its stdin, not its path: the decompressor follows no link */
	fcntl(fd, F_SETFL, 0);
	x.in = fd;
	if (exec_run(&x) != 0 || x.out_cut) {
		if (x.status == -1)
			text_fmt(why, len, "cannot run %s: %s", prog, strerror(errno));
		else
			text_fmt(why, len, "%s -dc < %s failed", prog, path);
		exec_free(&x);
		close(fd);
		return NULL;
	}
	close(fd);
	*size = x.out_len;
	return x.out;
}
