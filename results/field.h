/* field.h: the fields of a tab-separated result line: one line builder and one escaping, shared by .loads and .micro. */
#ifndef CONTEST_FIELD_H
#define CONTEST_FIELD_H

#include <stddef.h>

/* How a string field is kept on its line. The characters a line cannot hold
 * (tab, newline, CR) and the escape character are one table in field.c:
 * FIELD_ESCAPE (.loads) writes backslash, tab, newline and CR as \\ \t \n \r
 * and reads them back; FIELD_FLAT (.micro) writes tab, newline and CR as a
 * space and reads the field as it stands. */
enum field_mode { FIELD_ESCAPE, FIELD_FLAT };

/* A line being built in buf (size len) that remembers when it ran out of room. */
struct fline {
	char *buf;
	size_t len, pos;
	int full;
};

/* fl_init: an empty line in buf of size len. */
void fl_init(struct fline *o, char *buf, size_t len);
/* fl_putc: append one character. */
void fl_putc(struct fline *o, char c);
/* fl_printf: append formatted text. */
void fl_printf(struct fline *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* fl_str: append the string s as a field in mode m. */
void fl_str(struct fline *o, const char *s, enum field_mode m);
/* fl_end: end the line with "\n"; its length, or -1 when buf was too small. */
int fl_end(struct fline *o);

/* field_get: the field src (column name for messages) read in mode m into dst
 * of size len. 0, or -1 with what is wrong in msg (size mlen; NULL with 0
 * when not wanted): a lone backslash or unknown escape (FIELD_ESCAPE), or a
 * field too long for dst. */
int field_get(const char *name, const char *src, char *dst, size_t len, enum field_mode m,
              char *msg, size_t mlen);

#endif
