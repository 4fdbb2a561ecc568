/* list_load.c: repeatedly lists the whole file system like `ls -lRa /` (every directory read, every entry lstat'ed). */
#include "lib/array.h"
#include "loads/load.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { BATCH = 256 };  /* entries stat'ed before adding them to the counter */

/* Pseudo file systems not descended into (they are still listed in /). */
static const char *const skip_dirs[] = { "/proc", "/sys", "/dev", "/run", NULL };

/* The directories still to be read, as absolute paths (a depth-first stack). */
struct dirstack {
	char **v;
	size_t n, cap;
};

/* push: put a copy of path on the stack; fails the load when out of memory. */
static void push(struct dirstack *s, const char *path, struct load_counter *c)
{
	char **v = array_grow(s->v, &s->cap, s->n + 1, sizeof *v, 256);

	if (!v)
		load_fail(c, "directory stack: out of memory");
	s->v = v;
	if (!(s->v[s->n] = strdup(path)))
		load_fail(c, "directory stack: out of memory");
	s->n++;
}

/* skipped: 1 when path is one of the pseudo file systems. */
static int skipped(const char *path)
{
	for (int i = 0; skip_dirs[i]; i++)
		if (strcmp(path, skip_dirs[i]) == 0)
			return 1;
	return 0;
}

/* list_dir: read directory path, lstat every entry ("." and ".." too, like
 * ls -a), push subdirectories (never following symbolic links). Directories
 * that vanished or cannot be read are passed over silently. Returns the
 * number of entries stat'ed; *pending carries counts not yet added. */
static uint64_t list_dir(struct dirstack *s, const char *path, unsigned *pending,
                         struct load_counter *c)
{
	char sub[PATH_MAX];
	struct dirent *e;
	struct stat st;
	uint64_t seen = 0;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d;

	if (fd < 0)
		return 0;
	if (!(d = fdopendir(fd))) {
		close(fd);
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;  /* gone, or not ours to see */
		seen++;
		if (++*pending == BATCH) {
			load_add(c, BATCH);
			*pending = 0;
		}
		if (!S_ISDIR(st.st_mode) || strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		int len = snprintf(sub, sizeof sub, "%s/%s", strcmp(path, "/") == 0 ? "" : path, e->d_name);
		if (len < 0 || (size_t)len >= sizeof sub || skipped(sub))
			continue;  /* too deep for a path, like ls; or a pseudo file system */
		push(s, sub, c);
	}
	closedir(d);
	return seen;
}

/* list_body: walk / depth first with one directory open at a time, forever. */
static void list_body(const struct load_env *env, const struct load_prep *prep, struct load_counter *c)
{
	struct dirstack s = { 0 };
	unsigned pending = 0;

	(void)env;
	(void)prep;
	for (;;) {
		uint64_t seen = 0;
		int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (fd < 0)
			load_fail(c, "opening /: %s", strerror(errno));
		close(fd);
		push(&s, "/", c);
		while (s.n > 0) {
			char *path = s.v[--s.n];
			seen += list_dir(&s, path, &pending, c);
			free(path);
		}
		if (seen == 0)
			load_fail(c, "listing /: no entry could be read");
	}
}

const struct load_desc load_list_load = {
	.name = "list_load",
	.alias = "lslr_load",
	.what = "repeatedly lists the whole file system like ls -lRa / (readdir and lstat of every entry), "
	        "not descending into /proc, /sys, /dev, /run",
	.unit = "10,000 entries listed",
	.per_unit = 10000,
	.work = "entries listed",
	.needs = "nothing (reads the whole file system)",
	.flags = 0,
	.cost = 1.16,
	.body = list_body,
};
