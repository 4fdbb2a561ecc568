/* field.c: the fields of a tab-separated result line: one line builder and one escaping, shared by .loads and .micro. */
#include "results/record/field.h"
#include "lib/err.h"
#include "results/record/version.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The characters with an escape: each raw character and its letter after '\'. */
static const char esc_raw[] = "\\\t\n\r";
static const char esc_code[] = "\\tnr";

void fl_init(struct fline *o, char *buf, size_t len)
{
	o->buf = buf;
	o->len = len;
	o->pos = 0;
	o->full = len == 0;
}

void fl_putc(struct fline *o, char c)
{
	if (o->pos + 1 < o->len)
		o->buf[o->pos++] = c;
	else
		o->full = 1;
}

void fl_printf(struct fline *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->pos, o->full ? 0 : o->len - o->pos, fmt, ap);
	va_end(ap);
	if (n < 0 || o->full || (size_t)n >= o->len - o->pos)
		o->full = 1;
	else
		o->pos += (size_t)n;
}

void fl_str(struct fline *o, const char *s, enum field_mode m)
{
	for (; *s; s++) {
		const char *e = strchr(esc_raw, *s);

		if (e == NULL)
			fl_putc(o, *s);
		else if (m == FIELD_FLAT)
			fl_putc(o, *s == '\\' ? '\\' : ' ');
		else {
			fl_putc(o, '\\');
			fl_putc(o, esc_code[e - esc_raw]);
		}
	}
}

int fl_end(struct fline *o)
{
	fl_putc(o, '\n');
	if (o->full)
		return -1;
	o->buf[o->pos] = '\0';
	return (int)o->pos;
}

int field_get(const char *name, const char *src, char *dst, size_t len, enum field_mode m,
              char *msg, size_t mlen)
{
	size_t i = 0;

	for (; *src; src++) {
		char c = *src;
		if (c == '\\' && m == FIELD_ESCAPE) {
			const char *e = *++src ? strchr(esc_code, *src) : NULL;
			if (*src == '\0') {
				snprintf(msg, mlen, "field '%s' ends in a lone backslash", name);
				return -1;
			}
			if (e == NULL) {
				snprintf(msg, mlen, "field '%s' has an unknown escape '\\%c'", name,
				         (*src >= 0x20 && *src < 0x7f) ? *src : '?');
				return -1;
			}
			c = esc_raw[e - esc_code];
		}
		if (i + 1 >= len) {
			snprintf(msg, mlen, "field '%s' is longer than %zu characters", name, len - 1);
			return -1;
		}
		dst[i++] = c;
	}
	dst[i] = '\0';
	return 0;
}

const char field_stop[] = "stop";

int field_torn(const char *line, size_t len)
{
	size_t ml = sizeof FIELD_TORN_MARK - 1;

	return len >= ml && memcmp(line + len - ml, FIELD_TORN_MARK, ml) == 0;
}

int field_read_lines(FILE *f, const char *path, const char *name, int version, const char *cols,
                     field_line_fn *fn, void *arg, size_t *bad, size_t *torn)
{
	char *line = NULL, msg[160];
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	int rc = -1;

	while ((len = getline(&line, &cap, f)) >= 0) {
		int whole = len > 0 && line[len - 1] == '\n';
		const char *why;
		int cut;

		lineno++;
		if (whole)
			line[--len] = '\0';
		if (lineno == 1 && version_check(path, whole && strlen(line) == (size_t)len ? line : NULL,
		                                 name, version, "file refused") != 0)
			goto out;
		if (lineno == 2 && strcmp(line, cols) != 0) {
			warnx("%s:2: unknown columns", path);
			goto out;
		}
		if (lineno <= 2)
			continue;
		cut = !whole || field_torn(line, (size_t)len);
		why = !whole ? FIELD_CUT_WHY
		      : strlen(line) != (size_t)len ? "line has a NUL byte"
		      : cut ? FIELD_TORN_WHY
		      : fn(arg, line, msg, sizeof msg);
		if (why == field_stop) {
			warn("%s", path);
			goto out;
		}
		if (why != NULL) {
			warnx("%s:%ld: %s", path, lineno, why);
			(*bad)++;
			*torn += cut;
		}
	}
	rc = ferror(f) ? -1 : 0;
	if (rc)
		warn("cannot read %s", path);
out:
	free(line);
	return rc;
}

int field_read_path(const char *path, const char *name, int version, const char *cols,
                    field_line_fn *fn, void *arg, size_t *bad, size_t *torn)
{
	FILE *f = fopen(path, "re");
	int rc;

	if (f == NULL) {
		warn("cannot read %s", path);
		return -1;
	}
	rc = field_read_lines(f, path, name, version, cols, fn, arg, bad, torn);
	fclose(f);
	return rc;
}
