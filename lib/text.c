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

char *text_read(const char *root, const char *rel, size_t max, size_t *lenp, int *cut)
{
	char path[PATH_MAX], *buf = NULL, *nb;
	size_t len = 0, cap = 0;
	ssize_t r;
	int fd;

	if (root == NULL || fs_path(path, sizeof path, "%s/%s", root, rel) != 0)
		return NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
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
	close(fd);
	if (buf == NULL && (buf = malloc(1)) == NULL)
		return NULL;
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return buf;
fail:
	close(fd);
	free(buf);
	return NULL;
}
