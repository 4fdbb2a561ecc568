/* cgroup.c: cgroup places from the text of /proc/self/mountinfo and /proc/self/cgroup: a hierarchy's mount, a process's group in it, and a group file's numbers. */
#include "lib/cgroup.h"
#include "lib/fs.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* field: the n-th space-separated field of line (0-based) into buf; -1 if none. */
static int field(const char *line, int n, char *buf, size_t len)
{
	const char *p = line;

	for (int i = 0; i < n; i++) {
		p = strchr(p, ' ');
		if (p == NULL)
			return -1;
		p++;
	}
	size_t k = strcspn(p, " \n");
	if (k == 0 || k >= len)
		return -1;
	memcpy(buf, p, k);
	buf[k] = '\0';
	return 0;
}

int cg_has_word(const char *list, const char *word, char sep)
{
	size_t n = strlen(word);

	for (const char *p = list; *p; p += strcspn(p, (char[]){ sep, '\0' }), p += *p == sep)
		if (strncmp(p, word, n) == 0 && (p[n] == sep || p[n] == '\0' || p[n] == '\n' || p[n] == ' '))
			return 1;
	return 0;
}

int cg_mount_of(const char *mountinfo, const char *fstype, const char *opt, char *point, char *root,
                size_t len)
{
	for (const char *l = mountinfo; *l; l += strcspn(l, "\n"), l += *l == '\n') {
		const char *dash = strstr(l, " - ");
		const char *eol = l + strcspn(l, "\n");
		char type[64], sopt[512];

		if (dash == NULL || dash > eol || field(dash + 3, 0, type, sizeof type) != 0 ||
		    strcmp(type, fstype) != 0)
			continue;
		if (opt != NULL && (field(dash + 3, 2, sopt, sizeof sopt) != 0 || !cg_has_word(sopt, opt, ',')))
			continue;
		if (field(l, 4, point, len) != 0 || field(l, 3, root, len) != 0)
			continue;
		return 0;
	}
	return -1;
}

int cg_group_path(const char *cgroup, const char *ctl, char *path, size_t len)
{
	for (const char *l = cgroup; *l; l += strcspn(l, "\n"), l += *l == '\n') {
		const char *c1 = strchr(l, ':'), *c2, *eol = l + strcspn(l, "\n");
		if (c1 == NULL || c1 > eol || (c2 = strchr(c1 + 1, ':')) == NULL || c2 > eol)
			continue;
		size_t n = (size_t)(c2 - c1 - 1);
		char list[256];
		if (n >= sizeof list)
			continue;
		memcpy(list, c1 + 1, n);
		list[n] = '\0';
		if (ctl == NULL ? !(n == 0 && strncmp(l, "0:", 2) == 0) : !cg_has_word(list, ctl, ','))
			continue;
		n = (size_t)(eol - c2 - 1);
		if (n == 0 || n >= len)
			return -1;
		memcpy(path, c2 + 1, n);
		path[n] = '\0';
		return 0;
	}
	return -1;
}

int cg_group_dir(const char *mountinfo, const char *cgroup, const char *ctl, char *dir, char *top,
                 size_t len)
{
	char point[PATH_MAX], root[PATH_MAX], path[PATH_MAX];

	if (cg_mount_of(mountinfo, ctl ? "cgroup" : "cgroup2", ctl, point, root, sizeof point) != 0 ||
	    cg_group_path(cgroup, ctl, path, sizeof path) != 0)
		return -1;
	size_t rl = strlen(root);
	const char *rel = path;
	if (strcmp(root, "/") != 0 && strncmp(path, root, rl) == 0 && (path[rl] == '/' || path[rl] == '\0'))
		rel = path + rl;
	if (top != NULL && fs_path(top, len, "%s", point) != 0)
		return -1;
	return fs_path(dir, len, "%s%s", point, strcmp(rel, "/") == 0 ? "" : rel);
}

char *cg_read(const char *dir, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX];
	int fd = -1;
	ssize_t n = -1;

	if (fs_path(path, sizeof path, "%s/%s", dir, name) == 0 && (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0)
		n = read(fd, buf, len - 1);
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

long long cg_number(const char *dir, const char *name, const char *key)
{
	char text[4096], *end;
	const char *p = text;
	long long v;

	if (cg_read(dir, name, text, sizeof text)[0] == '\0')
		return -1;
	if (key != NULL) {
		size_t k = strlen(key);
		for (; *p; p += strcspn(p, "\n"), p += *p == '\n')
			if (strncmp(p, key, k) == 0 && p[k] == ' ')
				break;
		if (*p == '\0')
			return -1;
		p += k + 1;
	}
	if (strncmp(p, "max", 3) == 0)
		return -2;
	v = strtoll(p, &end, 10);
	return end == p || v < 0 ? -1 : v;
}
