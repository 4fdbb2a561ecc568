/* text.h: bounded string copies and formatting, and whole-file reads into a string. */
#ifndef LIB_TEXT_H
#define LIB_TEXT_H

#include <stddef.h>

/* text_copy: copy with truncation, always NUL-terminated; returns strlen(src). */
size_t text_copy(char *dst, const char *src, size_t len);
/* text_fmt: snprintf that cuts to fit silently (for messages and reasons). */
void text_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* text_read: at most max bytes of root/rel as a NUL-terminated string
 * to free, and its length in *len (NULL: not wanted); *cut (NULL: not
 * wanted) is set when the file goes on past max. NULL when it cannot be
 * read. */
char *text_read(const char *root, const char *rel, size_t max, size_t *len, int *cut);

#endif
