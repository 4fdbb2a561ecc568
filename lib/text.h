/* text.h: bounded string copies and formatting, and whole-file reads into a string. */
#ifndef LIB_TEXT_H
#define LIB_TEXT_H

#include <stddef.h>

/* text_copy: copy with truncation, always NUL-terminated; returns strlen(src). */
size_t text_copy(char *dst, const char *src, size_t len);
/* text_fmt: snprintf that cuts to fit silently (for messages and reasons). */
void text_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* text_put: append printf(fmt, ...) to buf at *n (len in all), cut to fit;
 * *n grows by what was asked, so a caller sees a cut by *n >= len. */
void text_put(char *buf, size_t len, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* text_utf8_len: the length (1 to 4) of the valid UTF-8 sequence s starts
 * with (shortest form, no surrogate, at most U+10FFFF), reading at most n
 * bytes; 0 when s does not start with one (or n is 0). */
size_t text_utf8_len(const unsigned char *s, size_t n);

/* TEXT_QUOTED: a buffer for text_quote that holds any input cut to fit a
 * one-line message. */
#define TEXT_QUOTED 256

/* text_quote: s made safe to echo inside '...' in a one-line message, into
 * buf (len > 4): control bytes (newline, tab, ESC, DEL, the C1 controls),
 * bytes that are not valid UTF-8, the quote ' and the backslash as \xNN
 * (the backslash \\); valid UTF-8 is kept. Cut with "..." when it does
 * not fit. NULL s reads as "". Returns buf. */
char *text_quote(const char *s, char *buf, size_t len);

/* text_read: at most max bytes of root/rel as a NUL-terminated string
 * to free, and its length in *len (NULL: not wanted); *cut (NULL: not
 * wanted) is set when the file goes on past max. NULL when it cannot be
 * read. */
char *text_read(const char *root, const char *rel, size_t max, size_t *len, int *cut);

/* text_read_path: the same for the file path, opened with oflags added
 * (O_NOFOLLOW: never through a symbolic link). NULL with errno. */
char *text_read_path(const char *path, int oflags, size_t max, size_t *len, int *cut);

/* text_read_fd: the same for what descriptor fd reads from where it stands
 * (a file opened and checked, a pipe); fd left open. NULL with errno. */
char *text_read_fd(int fd, size_t max, size_t *len, int *cut);

#endif
