/* field.c: the fields of a tab-separated result line: one line builder and one escaping, shared by .loads and .micro. */
#include "results/field.h"

#include <stdarg.h>
#include <stdio.h>
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
