/* fingerprint.c: the environment fingerprint: collect it from /proc, /sys, uname(2) and statfs(2), store it as key=value lines, compare two. */
#include "contest/sense/fingerprint.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#include <unistd.h>

/* The most read of one file; more is cut (cpuinfo of a large machine). */
#define FP_READ_MAX (256 * 1024)

void fp_init(struct fp *f)
{
	f->v = NULL;
	f->n = f->cap = 0;
}

void fp_free(struct fp *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].key);
		free(f->v[i].val);
	}
	free(f->v);
	fp_init(f);
}

int fp_key_ok(const char *key)
{
	size_t n = 0;

	if (key == NULL)
		return 0;
	for (; key[n] != '\0'; n++)
		if (!((key[n] >= 'a' && key[n] <= 'z') || (key[n] >= '0' && key[n] <= '9') ||
		      key[n] == '.' || key[n] == '_'))
			return 0;
	return n >= 1 && n <= FP_KEY_MAX;
}

/* fp_clean: a copy of [s, s + len) as one line: control characters to
 * spaces, outer blanks trimmed, "na" when nothing is left; NULL on
 * allocation failure. */
static char *fp_clean(const char *s, size_t len)
{
	char *c;
	size_t a = 0, b;

	while (a < len && ((unsigned char)s[a] <= ' ' || s[a] == 0x7f))
		a++;
	b = len;
	while (b > a && ((unsigned char)s[b - 1] <= ' ' || s[b - 1] == 0x7f))
		b--;
	if (a == b)
		return strdup(FP_NA);
	c = malloc(b - a + 1);
	if (c == NULL)
		return NULL;
	for (size_t i = a; i < b; i++)
		c[i - a] = (unsigned char)s[i] < ' ' || s[i] == 0x7f ? ' ' : s[i];
	c[b - a] = '\0';
	return c;
}

/* fp_find: index of key in f, or f->n when absent. */
static size_t fp_find(const struct fp *f, const char *key)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->v[i].key, key) == 0)
			break;
	return i;
}

/* fp_set_n: fp_set with the value [val, val + len). */
static int fp_set_n(struct fp *f, const char *key, const char *val, size_t len)
{
	char *v, *k;
	size_t i;

	if (!fp_key_ok(key)) {
		errno = EINVAL;
		return -1;
	}
	v = val != NULL ? fp_clean(val, len) : strdup(FP_NA);
	if (v == NULL)
		return -1;
	i = fp_find(f, key);
	if (i < f->n) {
		free(f->v[i].val);
		f->v[i].val = v;
		return 0;
	}
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 24;
		struct fp_item *nv = realloc(f->v, cap * sizeof *nv);

		if (nv == NULL) {
			free(v);
			return -1;
		}
		f->v = nv;
		f->cap = cap;
	}
	k = strdup(key);
	if (k == NULL) {
		free(v);
		return -1;
	}
	f->v[f->n].key = k;
	f->v[f->n].val = v;
	f->n++;
	return 0;
}

int fp_set(struct fp *f, const char *key, const char *val)
{
	return fp_set_n(f, key, val, val != NULL ? strlen(val) : 0);
}

const char *fp_get(const struct fp *f, const char *key)
{
	size_t i = fp_find(f, key);

	return i < f->n ? f->v[i].val : NULL;
}

/* fp_slurp: the first FP_READ_MAX bytes of root/rel as a string to free
 * (up to its first NUL byte, if any), or NULL when it cannot be read. */
static char *fp_slurp(const char *root, const char *rel)
{
	return text_read(root, rel, FP_READ_MAX, NULL, NULL);
}

/* fp_line_after: in text, the rest of the first line that starts with
 * prefix, then blanks, then sep (when sep is not '\0'), as [*val, *val +
 * *len); 0, or -1 when there is no such line. */
static int fp_line_after(const char *text, const char *prefix, char sep, const char **val, size_t *len)
{
	size_t n = strlen(prefix);
	const char *l = text, *p;

	for (; *l != '\0'; l += strcspn(l, "\n"), l += *l == '\n') {
		if (strncmp(l, prefix, n) != 0)
			continue;
		p = l + n;
		while (*p == ' ' || *p == '\t')
			p++;
		if (sep != '\0' && *p++ != sep)
			continue;
		*val = p;
		*len = strcspn(p, "\n");
		return 0;
	}
	return -1;
}

/* fp_digits: 1 when [s, s + len) is a positive decimal number. */
static int fp_digits(const char *s, size_t len)
{
	int nonzero = 0;

	if (len == 0)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		nonzero |= s[i] != '0';
	}
	return nonzero;
}

/* fp_file: key from the first line of root/rel ("na" when unreadable). */
static int fp_file(struct fp *f, const char *key, const char *root, const char *rel)
{
	char *t = fp_slurp(root, rel);
	int rc = fp_set_n(f, key, t, t != NULL ? strcspn(t, "\n") : 0);

	free(t);
	return rc;
}

/* fp_range_count: the number of CPUs in a list like "0-3,6,8-9" (up to a
 * newline or the end), or 0 when it is malformed. */
static unsigned long fp_range_count(const char *p)
{
	unsigned long count = 0, lo, hi;
	char *end;

	for (;;) {
		if (*p < '0' || *p > '9')
			return 0;
		errno = 0;
		lo = hi = strtoul(p, &end, 10);
		if (*end == '-') {
			p = end + 1;
			if (*p < '0' || *p > '9')
				return 0;
			hi = strtoul(p, &end, 10);
		}
		if (errno != 0 || hi < lo || hi - lo >= 1UL << 24)
			return 0;
		count += hi - lo + 1;
		if (*end != ',')
			break;
		p = end + 1;
	}
	return *end == '\0' || *end == '\n' ? count : 0;
}

/* fp_cpus: the number of CPUs in sysroot's devices/system/cpu/online,
 * "na" when unreadable or malformed. */
static int fp_cpus(struct fp *f, const char *sysroot)
{
	char *t = fp_slurp(sysroot, "devices/system/cpu/online"), num[24];
	unsigned long count = t != NULL ? fp_range_count(t) : 0;

	free(t);
	snprintf(num, sizeof num, "%lu", count);
	return fp_set(f, "cpus", count > 0 ? num : FP_NA);
}

/* fp_swaps: "path:size_kb,..." from procroot's swaps, "none" when it lists
 * no device, "na" when unreadable; a size that is not a number is "na". */
static int fp_swaps(struct fp *f, const char *procroot)
{
	char *t = fp_slurp(procroot, "swaps"), *out = NULL, *l, *e;
	size_t olen = 0, ocap = 0;
	int rc;

	if (t == NULL)
		return fp_set(f, "swap", FP_NA);
	l = t;
	if (strncmp(l, "Filename", 8) == 0)   /* the header line */
		l += strcspn(l, "\n");
	for (; *l != '\0'; l = *e != '\0' ? e + 1 : e) {
		char line[PATH_MAX + 128], path[PATH_MAX], type[32], size[32];
		size_t need;

		e = l + strcspn(l, "\n");
		if (e == l || (size_t)(e - l) >= sizeof line)
			continue;
		memcpy(line, l, (size_t)(e - l));   /* sscanf must not read on into the next line */
		line[e - l] = '\0';
		if (sscanf(line, "%4095s %31s %31s", path, type, size) != 3)
			continue;
		if (!fp_digits(size, strlen(size)) && strcmp(size, "0") != 0)
			strcpy(size, FP_NA);
		need = olen + strlen(path) + strlen(size) + 3;
		if (need > ocap) {
			char *no = realloc(out, need * 2);

			if (no == NULL) {
				free(out);
				free(t);
				return -1;
			}
			out = no;
			ocap = need * 2;
		}
		olen += (size_t)snprintf(out + olen, ocap - olen, "%s%s:%s", olen ? "," : "", path, size);
	}
	rc = fp_set(f, "swap", out != NULL ? out : "none");
	free(out);
	free(t);
	return rc;
}

/* fp_testbed_fs: the file system type of testbed by name, else its magic
 * in hex; "na" when testbed is NULL or statfs fails. */
static int fp_testbed_fs(struct fp *f, const char *testbed)
{
	struct statfs st;
	const char *name;
	char hex[24];

	if (testbed == NULL || statfs(testbed, &st) != 0)
		return fp_set(f, "testbed_fs", FP_NA);
	name = fs_type_name((long)st.f_type);
	if (name == NULL) {
		snprintf(hex, sizeof hex, "0x%lx", (unsigned long)(uint32_t)st.f_type);
		name = hex;
	}
	return fp_set(f, "testbed_fs", name);
}

/* fp_uname: uname (sysname nodename release version machine) and kernel. */
static int fp_uname(struct fp *f)
{
	struct utsname u;
	char all[sizeof u.sysname + sizeof u.nodename + sizeof u.release + sizeof u.version + sizeof u.machine];

	if (uname(&u) != 0)
		return fp_set(f, "uname", FP_NA) | fp_set(f, "kernel", FP_NA);
	snprintf(all, sizeof all, "%s %s %s %s %s", u.sysname, u.nodename, u.release, u.version, u.machine);
	return fp_set(f, "uname", all) | fp_set(f, "kernel", u.release);
}

/* fp_from_text: key from the line of root/rel that starts with prefix
 * (then sep), cut at the first blank when word is set; when digits is set
 * the value must be a positive number. "na" when any of it is missing. */
static int fp_from_text(struct fp *f, const char *key, const char *root, const char *rel,
                        const char *prefix, char sep, int word, int digits)
{
	char *t = fp_slurp(root, rel);
	const char *v = NULL;
	size_t len = 0;
	int rc;

	if (t != NULL && fp_line_after(t, prefix, sep, &v, &len) == 0) {
		while (len > 0 && (*v == ' ' || *v == '\t'))
			v++, len--;
		if (word)
			len = strcspn(v, " \t\n") < len ? strcspn(v, " \t\n") : len;
		if (digits && !fp_digits(v, len))
			v = NULL;
	} else
		v = NULL;
	rc = fp_set_n(f, key, v, len);
	free(t);
	return rc;
}

/* fp_thp: the [bracketed] mode of transparent_hugepage/enabled. */
static int fp_thp(struct fp *f, const char *sysroot)
{
	char *t = fp_slurp(sysroot, "kernel/mm/transparent_hugepage/enabled"), *a = NULL, *b = NULL;
	int rc;

	if (t != NULL && (a = strchr(t, '[')) != NULL)
		b = strchr(a, ']');
	rc = b != NULL ? fp_set_n(f, "thp", a + 1, (size_t)(b - a - 1)) : fp_set(f, "thp", FP_NA);
	free(t);
	return rc;
}

int fp_collect(struct fp *f, const char *testbed, const char *procroot, const char *sysroot,
               const char *version)
{
	static const char *const vm[] = { "swappiness", "dirty_ratio", "dirty_background_ratio",
	                                  "vfs_cache_pressure", "overcommit_memory", "min_free_kbytes" };
	char key[40], rel[64];
	char *cmdline;
	int rc = 0;

	fp_free(f);
	rc |= fp_uname(f);
	cmdline = fp_slurp(procroot, "cmdline");
	rc |= fp_set(f, "cmdline", cmdline);
	free(cmdline);
	rc |= fp_from_text(f, "cpu_model", procroot, "cpuinfo", "model name", ':', 0, 0);
	rc |= fp_cpus(f, sysroot);
	rc |= fp_from_text(f, "mem_total_kb", procroot, "meminfo", "MemTotal:", '\0', 1, 1);
	rc |= fp_swaps(f, procroot);
	for (size_t i = 0; i < sizeof vm / sizeof vm[0]; i++) {
		snprintf(key, sizeof key, "vm.%s", vm[i]);
		snprintf(rel, sizeof rel, "sys/vm/%s", vm[i]);
		rc |= fp_file(f, key, procroot, rel);
	}
	rc |= fp_thp(f, sysroot);
	rc |= fp_file(f, "governor", sysroot, "devices/system/cpu/cpu0/cpufreq/scaling_governor");
	rc |= fp_testbed_fs(f, testbed);
	rc |= fp_set(f, "contest_version", version);
	return rc != 0 ? -1 : 0;
}

/* fp_put: append [s, s + n) at *total of buf, keeping what fits before
 * its last byte (kept for the NUL); *total counts it all. */
static void fp_put(char *buf, size_t len, size_t *total, const char *s, size_t n)
{
	if (*total + 1 < len) {
		size_t room = len - 1 - *total;

		memcpy(buf + *total, s, n < room ? n : room);
	}
	*total += n;
}

size_t fp_format(const struct fp *f, char *buf, size_t len)
{
	size_t total = 0;

	for (size_t i = 0; i < f->n; i++) {
		fp_put(buf, len, &total, f->v[i].key, strlen(f->v[i].key));
		fp_put(buf, len, &total, "=", 1);
		fp_put(buf, len, &total, f->v[i].val, strlen(f->v[i].val));
		fp_put(buf, len, &total, "\n", 1);
	}
	if (len > 0)
		buf[total < len ? total : len - 1] = '\0';
	return total;
}

int fp_parse(struct fp *f, const char *text, size_t *bad)
{
	size_t nbad = 0;
	const char *l, *e, *eq;
	char key[FP_KEY_MAX + 1];

	for (l = text; l != NULL && *l != '\0'; l = *e != '\0' ? e + 1 : e) {
		e = l + strcspn(l, "\n");
		if (strspn(l, " \t\r") >= (size_t)(e - l))
			continue;   /* blank */
		eq = memchr(l, '=', (size_t)(e - l));
		if (eq == NULL || eq == l || (size_t)(eq - l) > FP_KEY_MAX) {
			nbad++;
			continue;
		}
		memcpy(key, l, (size_t)(eq - l));
		key[eq - l] = '\0';
		if (!fp_key_ok(key) || fp_get(f, key) != NULL) {
			nbad++;
			continue;
		}
		if (fp_set_n(f, key, eq + 1, (size_t)(e - eq - 1)) != 0)
			return -1;
	}
	if (bad != NULL)
		*bad = nbad;
	return 0;
}

/* fp_ignored: keys that differ between kernels by nature. */
static int fp_ignored(const char *key)
{
	return strcmp(key, "uname") == 0 || strcmp(key, "kernel") == 0;
}

size_t fp_diff(const struct fp *a, const struct fp *b, fp_diff_fn fn, void *arg)
{
	size_t count = 0;

	for (size_t i = 0; i < a->n; i++) {
		const char *k = a->v[i].key, *vb = fp_get(b, k);

		if (fp_ignored(k) || (vb != NULL && strcmp(a->v[i].val, vb) == 0))
			continue;
		count++;
		if (fn != NULL)
			fn(k, a->v[i].val, vb != NULL ? vb : FP_ABSENT, arg);
	}
	for (size_t i = 0; i < b->n; i++) {
		const char *k = b->v[i].key;

		if (fp_ignored(k) || fp_get(a, k) != NULL)
			continue;
		count++;
		if (fn != NULL)
			fn(k, FP_ABSENT, b->v[i].val, arg);
	}
	return count;
}
