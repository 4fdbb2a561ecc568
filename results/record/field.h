/* field.h: the fields of a tab-separated result line: one line builder and one escaping, shared by .loads and .micro. */
#ifndef CONTEST_FIELD_H
#define CONTEST_FIELD_H

#include <stddef.h>
#include <stdio.h>

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

/* What a line reader of field_read_lines returns to stop the reading (it
 * could not keep the line: out of memory, errno set). */
extern const char field_stop[];

/* A line reader: one whole record line (its newline cut, no NUL in it) to
 * keep in arg; NULL when kept, else what is wrong with it (msg, of size
 * len, may hold the words), or field_stop. */
typedef const char *field_line_fn(void *arg, char *line, char *msg, size_t len);

/* The mark an append puts at the end of a torn last line (one that a
 * crash, a full disk or a copy cut short left without its newline) before
 * it appends on a line of its own: the line is kept for a person to read,
 * and every reader skips it with a note. No record ends so: the last column
 * of LABEL.loads is a number, and those of LABEL.micro (reason) and
 * LABEL.interact (swap) are never the word. */
#define FIELD_TORN_MARK "\t#torn"
/* What a reader says of a marked torn line, and of a last line without its
 * newline (torn, not yet marked). */
#define FIELD_TORN_WHY "torn line (cut short before its newline; marked by a later append), skipped"
#define FIELD_CUT_WHY "incomplete last line (no newline at the end of the file), skipped; " \
                      "the next append marks it as torn"

/* field_torn: 1 when line (len bytes, its newline cut) ends in FIELD_TORN_MARK. */
int field_torn(const char *line, size_t len);

/* field_read_lines: the lines of a result file open as f (named path in
 * messages) read to its end: line 1 must be "NAME<TAB>VERSION" of name and
 * version (version_check, "file refused"), line 2 the column names cols,
 * then each record line goes to fn(arg, ...); a line fn finds wrong, a
 * torn line (marked, or the last without its newline) or one with a NUL
 * byte is said as "contest: PATH:LINE: what", counted in *bad and skipped;
 * a torn one is also counted in *torn. 0, or -1 (said) when the file is
 * refused, cannot be read, or fn returned field_stop. */
int field_read_lines(FILE *f, const char *path, const char *name, int version, const char *cols,
                     field_line_fn *fn, void *arg, size_t *bad, size_t *torn);

/* field_read_path: field_read_lines of the file at path; -1 (said) also
 * when it cannot be opened. */
int field_read_path(const char *path, const char *name, int version, const char *cols,
                    field_line_fn *fn, void *arg, size_t *bad, size_t *torn);

#endif
