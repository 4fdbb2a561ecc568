/* sysctl.c: --sysctl KEY=VALUE: check, set for the invocation, and restore the old values on every way out. */
#include "contest/sys/sysctl.h"
#include "contest/sys/undo.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SYSCTL_MAX_APPLIED 16

const char *sysctl_root = "/proc/sys";

static int undo_setting(void *state);

/* applied: the i-th setting in force (in the undo table), or NULL. */
static struct sysctl_set *applied(size_t i)
{
	return undo_find(undo_setting, i);
}

/* napplied: how many settings are in force. */
static size_t napplied(void)
{
	size_t n = 0;

	while (applied(n) != NULL)
		n++;
	return n;
}

int sysctl_parse(const char *arg, struct sysctl_set *s, char *why, size_t len)
{
	const char *eq = strchr(arg, '=');
	size_t klen = eq ? (size_t)(eq - arg) : strlen(arg);

	char q[TEXT_QUOTED], raw[TEXT_QUOTED], name[TEXT_QUOTED];

	memset(s, 0, sizeof *s);
	/* echoed quoted: one line whatever the bytes */
	text_quote(arg, q, sizeof q);
	text_fmt(raw, sizeof raw, "%.*s", (int)(klen < sizeof raw ? klen : sizeof raw - 1), arg);
	text_quote(raw, name, sizeof name);
	if (eq == NULL) {
		text_fmt(why, len, "'%s' has no '=VALUE'", q);
		return -1;
	}
	if (klen == 0 || klen >= sizeof s->key || arg[0] == '.' || arg[klen - 1] == '.' ||
	    strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789_-.") < klen) {
		text_fmt(why, len, "'%s' is not a sysctl name (such as vm.swappiness)", name);
		return -1;
	}
	for (size_t i = 0; i + 1 < klen; i++)
		if (arg[i] == '.' && arg[i + 1] == '.') {
			text_fmt(why, len, "'%.*s' is not a sysctl name (such as vm.swappiness)", (int)klen, arg);
			return -1;
		}
	if (eq[1] == '\0') {
		text_fmt(why, len, "'%s' has an empty value", q);
		return -1;
	}
	if (strlen(eq + 1) >= sizeof s->val) {
		text_fmt(why, len, "the value of '%.*s' is longer than %d characters", (int)klen, arg,
		         SYSCTL_VAL_MAX - 1);
		return -1;
	}
	for (const char *p = eq + 1; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			text_fmt(why, len, "the value of '%.*s' has a control character", (int)klen, arg);
			return -1;
		}
	memcpy(s->key, arg, klen);
	text_copy(s->val, eq + 1, sizeof s->val);
	return 0;
}

/* read_value: the value in path into buf (one trailing newline dropped);
 * 0, -1 with errno, or 1 when it does not fit in len or spans lines. */
static int read_value(const char *path, char *buf, size_t len)
{
	char tmp[SYSCTL_VAL_MAX * 2];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	ssize_t n = 0;

	if (fd < 0)
		return -1;
	while (got < sizeof tmp - 1) {
		n = read(fd, tmp + got, sizeof tmp - 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	if (got == 0 && n < 0)
		return -1;
	tmp[got] = '\0';
	if (got > 0 && tmp[got - 1] == '\n')
		tmp[--got] = '\0';
	if (got >= len || strchr(tmp, '\n') != NULL)
		return 1;
	memcpy(buf, tmp, got + 1);
	return 0;
}

/* write_value: write val to path in one write, as sysctl(8) does (O_TRUNC,
 * as a shell redirection: the kernel ignores it, a plain file needs it); 0 or -1. */
static int write_value(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC), rc = 0;
	size_t n = strlen(val);

	if (n == 0) {          /* an empty write changes nothing: a newline empties it */
		val = "\n";
		n = 1;
	}
	if (fd < 0)
		return -1;
	if (write(fd, val, n) != (ssize_t)n)
		rc = -1;
	if (close(fd) != 0)
		rc = -1;
	return rc;
}

int sysctl_check(struct sysctl_set *s, char *why, size_t len)
{
	struct stat st;
	char rel[SYSCTL_KEY_MAX];

	text_copy(rel, s->key, sizeof rel);
	for (char *p = rel; *p; p++)
		if (*p == '.')
			*p = '/';
	if (fs_path(s->path, sizeof s->path, "%s/%s", sysctl_root, rel) != 0) {
		text_fmt(why, len, "--sysctl %s: name too long", s->key);
		return -1;
	}
	if (stat(s->path, &st) != 0 || !S_ISREG(st.st_mode)) {
		text_fmt(why, len, "--sysctl: no sysctl '%s' (no %s)", s->key, s->path);
		return -1;
	}
	if (access(s->path, W_OK) != 0) {
		if (geteuid() != 0)
			text_fmt(why, len, "--sysctl needs root: cannot write %s", s->path);
		else
			text_fmt(why, len, "--sysctl: %s is not writable: %s", s->path, strerror(errno));
		return -1;
	}
	switch (read_value(s->path, s->old, sizeof s->old)) {
	case 0:
		return 0;
	case 1:  /* it could not be put back whole */
		text_fmt(why, len, "--sysctl %s: its value is longer than %d characters or has several "
		         "lines; contest cannot restore it", s->key, SYSCTL_VAL_MAX - 1);
		return -1;
	default:
		text_fmt(why, len, "--sysctl: cannot read %s: %s", s->path, strerror(errno));
		return -1;
	}
	return 0;
}

_Static_assert(sizeof(struct sysctl_set) <= UNDO_STATE_MAX, "a setting fits an undo entry");

/* undo_setting: the undo action of a setting: write its old value back. */
static int undo_setting(void *state)
{
	const struct sysctl_set *s = state;

	if (write_value(s->path, s->old) == 0)
		return 0;
	warn("cannot restore %s; do it by hand: sysctl -w %s='%s'", s->key, s->key, s->old);
	return -1;
}

/* undo_from: restore the settings in force from the first-th on, last first. */
static void undo_from(size_t first)
{
	for (size_t n = napplied(); n-- > first;)
		undo_one(applied(n));
}

int sysctl_apply(struct sysctl_set *v, size_t n, char *why, size_t len)
{
	size_t first = napplied();

	for (size_t i = 0; i < n; i++) {
		/* in the table before the write: a write cut short still gets restored */
		if (napplied() == SYSCTL_MAX_APPLIED) {
			text_fmt(why, len, "--sysctl: more than %d settings", SYSCTL_MAX_APPLIED);
			undo_from(first);
			return -1;
		}
		if (undo_push(undo_setting, &v[i], sizeof v[i]) == NULL) {
			text_fmt(why, len, "--sysctl %s: the table of changes to undo is full", v[i].key);
			undo_from(first);
			return -1;
		}
		if (write_value(v[i].path, v[i].val) != 0) {
			text_fmt(why, len, "--sysctl %s=%s: the kernel refused it: %s", v[i].key, v[i].val,
			         strerror(errno));
			undo_from(first);
			return -1;
		}
	}
	return 0;
}

int sysctl_change(const char *key, const char *val, char *why, size_t len)
{
	struct sysctl_set *s;

	for (size_t i = 0; (s = applied(i)) != NULL; i++) {
		if (strcmp(s->key, key) != 0)
			continue;
		char q[TEXT_QUOTED];

		text_quote(val, q, sizeof q);   /* the key passed sysctl_parse; the value is echoed */
		if (strlen(val) >= sizeof s->val) {
			text_fmt(why, len, "--sysctl %s: value '%s' is too long", key, q);
			return -1;
		}
		if (write_value(s->path, val) != 0) {
			text_fmt(why, len, "--sysctl %s=%s: the kernel refused it: %s", key, q,
			         strerror(errno));
			return -1;
		}
		text_copy(s->val, val, sizeof s->val);
		return 0;
	}
	text_fmt(why, len, "--sysctl %s: not set by this contest", key);
	return -1;
}

void sysctl_applied(char *buf, size_t len)
{
	const struct sysctl_set *s;
	size_t used = 0;

	if (len > 0)
		buf[0] = '\0';
	for (size_t i = 0; (s = applied(i)) != NULL && used < len; i++) {
		int k = snprintf(buf + used, len - used, "%s%s=%s", i ? " " : "", s->key, s->val);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

const struct sysctl_set *sysctl_in_force(size_t i)
{
	return applied(i);
}
