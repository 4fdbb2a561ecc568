/* ktree.c: checks and identifies a configured Linux source tree used as the reference workload. */
#include "workload/ktree.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* has_entry: 1 when dir/name is a regular file (or a directory, when dir_wanted). */
static int has_entry(const char *dir, const char *name, int dir_wanted)
{
	char p[PATH_MAX];
	struct stat st;

	return fs_path(p, sizeof p, "%s/%s", dir, name) == 0 && stat(p, &st) == 0 &&
	       (dir_wanted ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/* has_file: 1 when dir/name is a regular file. */
static int has_file(const char *dir, const char *name)
{
	return has_entry(dir, name, 0);
}

int ktree_is_top(const char *dir)
{
	return has_file(dir, "Makefile") && has_file(dir, "Kconfig") &&
	       (has_file(dir, "MAINTAINERS") || has_file(dir, "Kbuild")) &&
	       has_entry(dir, "scripts", 1) && has_entry(dir, "arch", 1);
}

int ktree_find_top(const char *abs, char *top, size_t len)
{
	char p[PATH_MAX];
	char *slash;

	text_copy(p, abs, sizeof p);
	while ((slash = strrchr(p, '/')) != NULL && slash != p) {
		*slash = '\0';
		if (ktree_is_top(p) && strlen(p) < len) {
			text_copy(top, p, len);
			return 0;
		}
	}
	return -1;
}

int ktree_check(const char *dir, char *real, size_t reallen, char *errbuf, size_t errlen)
{
	char abs[PATH_MAX], top[PATH_MAX], q[TEXT_QUOTED], qt[TEXT_QUOTED];
	struct stat st;

	text_quote(dir, q, sizeof q);   /* echoed: one line whatever the bytes */

	if (stat(dir, &st) != 0 || realpath(dir, abs) == NULL) {
		text_fmt(errbuf, errlen, "kernel tree '%s': %s", q, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		text_fmt(errbuf, errlen, "kernel tree '%s' is not a directory", q);
		return -1;
	}
	if (!ktree_is_top(abs) && ktree_find_top(abs, top, sizeof top) == 0) {
		text_fmt(errbuf, errlen, "'%s' looks like a subdirectory of a kernel tree, not its top: "
		         "give -t %s", q, text_quote(top, qt, sizeof qt));
		return -1;
	}
	if (!ktree_is_top(abs)) {
		text_fmt(errbuf, errlen, "'%s' is not a Linux source tree (no Makefile, Kconfig, "
		         "MAINTAINERS or Kbuild, scripts/ and arch/ at its top); "
		         "scripts/get-kernel-tree.sh DIR fetches one", q);
		return -1;
	}
	if (!has_file(abs, ".config")) {
		text_fmt(errbuf, errlen, "kernel tree '%s' has no .config: run 'make -C %s tinyconfig' "
		         "(minutes) or 'make -C %s defconfig' (the classic weight) first", q, q, q);
		return -1;
	}
	if (access(abs, W_OK | X_OK) != 0) {
		text_fmt(errbuf, errlen, "kernel tree '%s' is not writable: %s (the compile writes "
		         "its objects into the tree)", q, strerror(errno));
		return -1;
	}
	if (strlen(abs) >= reallen) {
		text_fmt(errbuf, errlen, "kernel tree '%s': path too long", q);
		return -1;
	}
	text_copy(real, abs, reallen);
	return 0;
}

int ktree_config_hash(const char *dir, unsigned long long *hash)
{
	char p[PATH_MAX], buf[65536];
	unsigned long long h = 14695981039346656037ULL;
	ssize_t n;
	int fd;

	if (fs_path(p, sizeof p, "%s/.config", dir) != 0)
		return -1;
	if ((fd = open(p, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++) {
			h ^= (unsigned char)buf[i];
			h *= 1099511628211ULL;
		}
	int e = errno;
	close(fd);
	if (n < 0) {
		errno = e;
		return -1;
	}
	*hash = h;
	return 0;
}

/* mk_var: the value of "NAME = value" at the start of line (trimmed) into
 * val; 1 when line sets name, else 0. */
static int mk_var(const char *line, const char *name, char *val, size_t len)
{
	size_t n = strlen(name), e;

	if (strncmp(line, name, n) != 0)
		return 0;
	line += n + strspn(line + n, " \t");
	if (*line != '=')
		return 0;
	line += 1 + strspn(line + 1, " \t");
	text_copy(val, line, len);
	e = strcspn(val, "\r\n");
	while (e > 0 && (val[e - 1] == ' ' || val[e - 1] == '\t'))
		e--;
	val[e] = '\0';
	return 1;
}

int ktree_makefile_version(const char *dir, char *buf, size_t len)
{
	char p[PATH_MAX], line[256], v[4][64] = { "", "", "", "" };
	static const char *const names[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION" };
	FILE *f;

	if (fs_path(p, sizeof p, "%s/Makefile", dir) != 0 || (f = fopen(p, "re")) == NULL)
		return -1;
	for (int i = 0; i < 40 && fgets(line, sizeof line, f) != NULL; i++)
		for (size_t k = 0; k < 4; k++)
			if (v[k][0] == '\0')
				mk_var(line, names[k], v[k], sizeof v[k]);
	fclose(f);
	if (v[0][0] == '\0')
		return -1;
	/* $(VERSION)$(if $(PATCHLEVEL),.$(PATCHLEVEL)$(if $(SUBLEVEL),.$(SUBLEVEL)))$(EXTRAVERSION) */
	text_fmt(buf, len, "%s%s%s%s%s%s", v[0], v[1][0] ? "." : "", v[1], v[1][0] && v[2][0] ? "." : "",
	         v[1][0] ? v[2] : "", v[3]);
	return 0;
}

int ktree_config_y(const char *dir, unsigned long *lines)
{
	char p[PATH_MAX], line[512];
	FILE *f;

	*lines = 0;
	if (fs_path(p, sizeof p, "%s/.config", dir) != 0 || (f = fopen(p, "re")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		char *eq = strchr(line, '=');
		if (strncmp(line, "CONFIG_", 7) == 0 && eq != NULL && eq[1] == 'y' && (eq[2] == '\n' || eq[2] == '\0'))
			(*lines)++;
	}
	fclose(f);
	return 0;
}

int ktree_no_rule(const char *log, const char *target)
{
	char want[PATH_MAX + 40];

	/* GNU make 4 quotes 'like this', older ones `like this' */
	for (const char *q = "'`"; *q != '\0'; q++) {
		text_fmt(want, sizeof want, "No rule to make target %c%s'.", *q, target);
		if (strstr(log, want) != NULL)
			return 1;
	}
	return 0;
}

void ktree_identity(const char *version, unsigned long long hash, const char *target,
                    char *buf, size_t len)
{
	char v[64];
	size_t n;

	text_copy(v, version, sizeof v);
	n = strcspn(v, "\r\n");
	v[n] = '\0';
	while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		v[--n] = '\0';
	text_fmt(buf, len, "linux-%s:config-%08llx:%s", v[0] ? v : "unknown",
	         hash & 0xffffffffULL, target);
}
