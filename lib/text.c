/* text.c: bounded string copies and formatting, and whole-file reads into a string. */
#include "lib/text.h"
#include "lib/fs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t text_copy(char *dst, const char *src, size_t len)
{
	size_t n = strlen(src);
	if (len > 0) {
		size_t c = n < len - 1 ? n : len - 1;
		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return n;
}

void text_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

size_t text_utf8_len(const unsigned char *s, size_t n)
{
	size_t k, i;
	unsigned lo = 0x80, hi = 0xBF;

	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] < 0xC2 || s[0] > 0xF4)
		return 0;
	k = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
	if (s[0] == 0xE0)
		lo = 0xA0;          /* no overlong 3-byte form */
	else if (s[0] == 0xED)
		hi = 0x9F;          /* no surrogate */
	else if (s[0] == 0xF0)
		lo = 0x90;          /* no overlong 4-byte form */
	else if (s[0] == 0xF4)
		hi = 0x8F;          /* at most U+10FFFF */
	if (n < k || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < k; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return k;
}

/* quote_piece: the escaped form of the character p starts with (n bytes
 * left) into piece (16 bytes); its length, and the bytes it takes in *k. */
static size_t quote_piece(const unsigned char *p, size_t n, char *piece, size_t *k)
{
	size_t u = text_utf8_len(p, n);

	*k = u == 2 ? 2 : 1;
	if (u == 2 && p[0] == 0xC2 && p[1] < 0xA0)          /* a C1 control, U+0080..U+009F */
		return (size_t)snprintf(piece, 16, "\\x%02X\\x%02X", p[0], p[1]);
	if (*p == '\\')
		return (size_t)snprintf(piece, 16, "\\\\");
	if (u == 0 || *p < 0x20 || *p == 0x7F || *p == '\'')
		return (size_t)snprintf(piece, 16, "\\x%02X", *p);
	memcpy(piece, p, *k = u);
	return u;
}

char *text_quote(const char *s, char *buf, size_t len)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t n = strlen((const char *)p), o = 0, all = 0, k, m, i;
	char piece[16];

	for (i = 0; i < n; i += k)
		all += quote_piece(p + i, n - i, piece, &k);
	for (; n > 0; p += k, n -= k) {
		m = quote_piece(p, n, piece, &k);
		/* when all does not fit, o + 4 <= len holds, so "..." fits where a piece does not */
		if (all >= len && o + m + 4 > len) {
			memcpy(buf + o, "...", 4);
			return buf;
		}
		memcpy(buf + o, piece, m);
		o += m;
	}
	buf[o] = '\0';
	return buf;
}

char *text_read(const char *root, const char *rel, size_t max, size_t *lenp, int *cut)
{
	char path[PATH_MAX];

	if (root == NULL || fs_path(path, sizeof path, "%s/%s", root, rel) != 0)
		return NULL;
	return text_read_path(path, 0, max, lenp, cut);
}

char *text_read_path(const char *path, int oflags, size_t max, size_t *lenp, int *cut)
{
	char *buf;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | oflags)) < 0)
		return NULL;
	buf = text_read_fd(fd, max, lenp, cut);
	e = errno;
	close(fd);
	errno = e;
	return buf;
}

char *text_read_fd(int fd, size_t max, size_t *lenp, int *cut)
{
	char *buf = NULL, *nb;
	size_t len = 0, cap = 0;
	ssize_t r;

	if (cut != NULL)
		*cut = 0;
	for (;;) {
		if (len == cap) {
			if (cap == max + 1) {   /* one byte past max was read: cut there */
				len = max;
				if (cut != NULL)
					*cut = 1;
				break;
			}
			cap = cap == 0 ? 16384 : cap * 2;
			if (cap > max + 1)
				cap = max + 1;
			if ((nb = realloc(buf, cap + 1)) == NULL)
				goto fail;
			buf = nb;
		}
		r = read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (r == 0)
			break;
		len += (size_t)r;
	}
	if (buf == NULL && (buf = malloc(1)) == NULL)
		return NULL;
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return buf;
fail:
	free(buf);
	return NULL;
}

void text_put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*n >= len)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *n, len - *n, fmt, ap);
	va_end(ap);
	*n += k > 0 ? (size_t)k : 0;
}
