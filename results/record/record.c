/* record.c: label check, record lines (format, strict parse) and result file reading. */
#include "results/record/record.h"
#include "lib/array.h"
#include "lib/err.h"
#include "lib/text.h"
#include "results/record/field.h"
#include "results/record/version.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a column holds, and so how it is written and read. */
enum kind {
	K_STR,       /* char[]: escaped text */
	K_STAMP,     /* char[]: escaped text, not empty */
	K_LABEL,     /* char[]: a valid label, the file's own */
	K_LOAD,      /* char[]: a load name [a-z0-9_] */
	K_RUN,       /* int: a positive integer */
	K_JOBS,      /* int: a positive integer, or "na" (0): jobs, round */
	K_FLUSHED,   /* int: "yes" (1), "no" (0) or "na" (-1) */
	K_STATUS,    /* int: "ok" (0) or "failed" (1) */
	K_U64,       /* uint64_t: an unsigned integer */
	K_NUM        /* double: "%.6f", or "na" for NaN */
};

/* One column: its name in the header, its kind and its place in struct rec. */
struct col {
	const char *name;
	enum kind kind;
	size_t off, size;
};

/* A row: TYPED refuses to compile when the field is not of the kind's type. */
#define REC_F(f) (((struct rec *)0)->f)
#define TYPED(name, kind, type, f) \
	{ name, kind, offsetof(struct rec, f), _Generic(REC_F(f), type: sizeof REC_F(f)) }
#define TEXT(name, kind, f) TYPED(name, kind, char *, f)
#define INT(name, kind, f)  TYPED(name, kind, int, f)
#define NUM(name, f)        TYPED(name, K_NUM, double, f)
#define EV_COL(id, name)    NUM(#name, ev[REV_##id]),

/* The known columns, in the order the writer puts them: a new column is a
 * row here and its field in struct rec. */
static const struct col cols[] = {
	TEXT("label", K_LABEL, label),
	TEXT("load", K_LOAD, load),
	INT("run", K_RUN, run),
	TEXT("timestamp", K_STAMP, timestamp),
	TEXT("host", K_STR, host),
	TEXT("kernel", K_STR, kernel),
	TEXT("version", K_STR, version),
	TEXT("workload", K_STR, workload),
	INT("jobs", K_JOBS, jobs),
	TYPED("mem", K_U64, uint64_t, mem),
	INT("flushed", K_FLUSHED, flushed),
	INT("status", K_STATUS, failed),
	TEXT("reason", K_STR, reason),
	NUM("time", time),
	NUM("cpu_pct", cpu_pct),
	NUM("loads", loads),
	NUM("lcpu_pct", lcpu_pct),
	TEXT("detail", K_STR, detail),
	TEXT("sysctl", K_STR, sysctl),
	TEXT("confine", K_STR, confine),
	TEXT("swap", K_STR, swap),
	TEXT("series", K_STR, series),
	INT("round", K_JOBS, round),
	TEXT("boot", K_STR, boot),
	TEXT("guest", K_STR, guest),
	REC_EV_SYS(EV_COL)
	REC_EV_RUN(EV_COL)
};
#define NCOLS (sizeof cols / sizeof cols[0])

/* The columns a file's header must have. */
static const char *const required[] = { "label", "load", "run", "status" };

#define EV_NAME(id, name) #name,
const char *const rec_ev_names[REV_N] = { REC_EV_SYS(EV_NAME) REC_EV_RUN(EV_NAME) };

/* col_find: the index in cols[] of the column named [s, s + n); -1 if none. */
static int col_find(const char *s, size_t n)
{
	for (size_t c = 0; c < NCOLS; c++)
		if (strlen(cols[c].name) == n && strncmp(s, cols[c].name, n) == 0)
			return (int)c;
	return -1;
}

/* at: the field of column c in r. */
static void *at(struct rec *r, const struct col *c)
{
	return (char *)r + c->off;
}

#define LABEL_CHARS "A-Z a-z 0-9 . _ + - = , @ : ~"

int rec_label_check(const char *label, const char **why)
{
	const char *w = NULL;
	size_t n = label ? strlen(label) : 0;

	if (n == 0)
		w = "is empty";
	else if (n > REC_LABEL_MAX)
		w = "is longer than 64 characters";
	else if (label[0] == '.')
		w = "starts with '.'";
	else if (label[0] == '-')
		w = "starts with '-'";
	else if (strspn(label, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	                       "0123456789._+-=,@:~") != n)
		w = "has a character other than " LABEL_CHARS;
	if (why)
		*why = w;
	return w ? -1 : 0;
}

/* load_name_ok: 1 when s is a non-empty [a-z0-9_] name that fits rec.load. */
static int load_name_ok(const char *s)
{
	size_t n = strlen(s);
	return n > 0 && n < sizeof ((struct rec *)0)->load &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

int rec_check(const struct rec *r, const char **why)
{
	const char *w = NULL;

	if (rec_label_check(r->label, NULL) != 0)
		w = "label is not valid";
	else if (!load_name_ok(r->load))
		w = "load name is empty or not [a-z0-9_]";
	else if (r->run < 1)
		w = "run number is below 1";
	else if (r->timestamp[0] == '\0')
		w = "timestamp is empty";
	if (why)
		*why = w;
	return w ? -1 : 0;
}

void rec_init(struct rec *r)
{
	memset(r, 0, sizeof *r);
	for (size_t c = 0; c < NCOLS; c++)
		if (cols[c].kind == K_NUM)
			*(double *)at(r, &cols[c]) = NAN;
		else if (cols[c].kind == K_FLUSHED)
			*(int *)at(r, &cols[c]) = -1;
}

const char *rec_columns(void)
{
	static char names[1024];

	if (names[0] == '\0') {
		size_t pos = 0;
		for (size_t c = 0; c < NCOLS; c++)
			pos += (size_t)snprintf(names + pos, sizeof names - pos, "%s%s",
			                        c ? "\t" : "", cols[c].name);
	}
	return names;
}

int rec_header(char *buf, size_t len)
{
	return snprintf(buf, len, "%s\t%d\n%s\n", REC_FORMAT_NAME, REC_FORMAT_VERSION, rec_columns());
}

/* put_col: append the field of column c of r (NULL: unknown, "na"). */
static void put_col(struct fline *o, const struct rec *r, const struct col *c)
{
	const void *f = c ? (const char *)r + c->off : NULL;
	int i = c && c->kind >= K_RUN && c->kind <= K_STATUS ? *(const int *)f : 0;

	if (c == NULL || (c->kind == K_JOBS && i <= 0))
		fl_printf(o, "na");
	else if (c->kind <= K_LOAD)
		fl_str(o, f, FIELD_ESCAPE);
	else if (c->kind == K_RUN || c->kind == K_JOBS)
		fl_printf(o, "%d", i);
	else if (c->kind == K_FLUSHED)
		fl_printf(o, "%s", i > 0 ? "yes" : i == 0 ? "no" : "na");
	else if (c->kind == K_STATUS)
		fl_printf(o, "%s", i ? "failed" : "ok");
	else if (c->kind == K_U64)
		fl_printf(o, "%llu", (unsigned long long)*(const uint64_t *)f);
	else if (isfinite(*(const double *)f))
		fl_printf(o, "%.6f", *(const double *)f);
	else
		fl_printf(o, "na");
}

int rec_format(const struct rec *r, char *buf, size_t len)
{
	struct fline o;

	fl_init(&o, buf, len);
	for (size_t c = 0; c < NCOLS; c++) {
		if (c)
			fl_putc(&o, '\t');
		put_col(&o, r, &cols[c]);
	}
	return fl_end(&o);
}

int rec_format_as(const struct rec *r, const char *names, char *buf, size_t len)
{
	struct fline o;
	const char *p = names;

	fl_init(&o, buf, len);
	for (int first = 1;; first = 0) {
		size_t n = strcspn(p, "\t");
		int known = col_find(p, n);

		if (!first)
			fl_putc(&o, '\t');
		put_col(&o, r, known >= 0 ? &cols[known] : NULL);
		if (p[n] == '\0')
			break;
		p += n + 1;
	}
	return fl_end(&o);
}

int rec_set_add(struct rec_set *s, const struct rec *r)
{
	struct rec *v = array_grow(s->v, &s->cap, s->n + 1, sizeof *v, 64);

	if (v == NULL)
		return -1;
	s->v = v;
	s->v[s->n++] = *r;
	return 0;
}

void rec_set_free(struct rec_set *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = s->bad = s->torn = s->refused = 0;
}

/* SHOWN: a quoted field in a message is cut to about 60 bytes */
#define SHOWN 64

/* parse_uint: s as decimal digits only, at most max; -1 when not. */
static int parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
	unsigned long long v = 0;

	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (v > (max - (unsigned)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned)(*s - '0');
	}
	*out = v;
	return 0;
}

/* parse_num: "na" (NaN) or a plain finite decimal number; -1 when neither. */
static int parse_num(const char *s, double *out)
{
	char *end;
	double v;

	if (strcmp(s, "na") == 0) {
		*out = NAN;
		return 0;
	}
	if (*s == '\0' || strspn(s, "0123456789.eE+-") != strlen(s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || !isfinite(v) || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

/* The column layout of one file, from its header. */
struct layout {
	size_t ncols;
	int *col;                 /* per file column: index in cols[], or -1 unknown */
	const char *file_label;   /* label the file name says, or NULL */
};

/* refuse: "field 'NAME' is WHAT: 'RAW'" into msg; -1. */
static int refuse(char *msg, size_t mlen, const char *name, const char *what, const char *raw)
{
	char sb[SHOWN];

	snprintf(msg, mlen, "field '%s' is %s: '%s'", name, what, text_quote(raw, sb, sizeof sb));
	return -1;
}

/* get_label: raw as the label of r: unescaped, valid, the file's; -1 with msg. */
static int get_label(const char *raw, struct rec *r, const struct layout *L, char *msg, size_t mlen)
{
	char sb[SHOWN];
	const char *why;

	if (field_get("label", raw, r->label, sizeof r->label, FIELD_ESCAPE, msg, mlen) != 0)
		return -1;
	if (rec_label_check(r->label, &why) != 0) {
		snprintf(msg, mlen, "label '%s' is not valid: %s", text_quote(raw, sb, sizeof sb), why);
		return -1;
	}
	if (L->file_label && strcmp(r->label, L->file_label) != 0) {
		snprintf(msg, mlen, "label '%s' in the file of label '%s'",
		         text_quote(raw, sb, sizeof sb), L->file_label);
		return -1;
	}
	return 0;
}

/* get_word: the index of raw in the NULL-ended words; -1 when it is none. */
static int get_word(const char *raw, const char *const *words)
{
	for (int i = 0; words[i]; i++)
		if (strcmp(raw, words[i]) == 0)
			return i;
	return -1;
}

/* parse_field: store raw (a file column of known column c) into r; -1 with msg. */
static int parse_field(const struct col *c, const char *raw, struct rec *r, const struct layout *L,
                       char *msg, size_t mlen)
{
	static const char *const flushed[] = { "no", "yes", "na", NULL }, *const status[] = { "ok", "failed", NULL };
	void *f = at(r, c);
	unsigned long long u;
	int w;

	switch (c->kind) {
	case K_LABEL:
		return get_label(raw, r, L, msg, mlen);
	case K_LOAD:
		if (!load_name_ok(raw))
			return refuse(msg, mlen, c->name, "not a load name", raw);
		text_copy(f, raw, c->size);
		return 0;
	case K_JOBS:
	case K_RUN:
		if (c->kind == K_JOBS && strcmp(raw, "na") == 0)
			u = 0;
		else if (parse_uint(raw, 2147483647ULL, &u) != 0 || u == 0)
			return refuse(msg, mlen, c->name, "not a positive integer", raw);
		*(int *)f = (int)u;
		return 0;
	case K_U64:
		if (parse_uint(raw, UINT64_MAX, &u) != 0)
			return refuse(msg, mlen, c->name, "not an unsigned integer", raw);
		*(uint64_t *)f = (uint64_t)u;
		return 0;
	case K_FLUSHED:
		if ((w = get_word(raw, flushed)) < 0)
			return refuse(msg, mlen, c->name, "not yes, no or na", raw);
		*(int *)f = w == 2 ? -1 : w;
		return 0;
	case K_STATUS:
		if ((w = get_word(raw, status)) < 0)
			return refuse(msg, mlen, c->name, "not ok or failed", raw);
		*(int *)f = w;
		return 0;
	case K_NUM:
		return parse_num(raw, f) == 0 ? 0 : refuse(msg, mlen, c->name, "not a number", raw);
	case K_STAMP:
		if (*raw == '\0') {
			snprintf(msg, mlen, "field '%s' is empty", c->name);
			return -1;
		}
		/* fall through */
	case K_STR:
		break;
	}
	return field_get(c->name, raw, f, c->size, FIELD_ESCAPE, msg, mlen);
}

/* parse_line: one record line (newline removed, len bytes) into r; -1 with msg. */
static int parse_line(char *line, size_t len, const struct layout *L, struct rec *r,
                      char *msg, size_t mlen)
{
	size_t nf = 1, i;
	char *p = line;

	if (len == 0) {
		snprintf(msg, mlen, "empty line");
		return -1;
	}
	if (strlen(line) != len) {
		snprintf(msg, mlen, "line has a NUL byte");
		return -1;
	}
	for (i = 0; i < len; i++)
		nf += line[i] == '\t';
	if (nf != L->ncols) {
		snprintf(msg, mlen, "%zu fields where the header has %zu columns", nf, L->ncols);
		return -1;
	}
	rec_init(r);
	for (i = 0; i < nf; i++) {
		char *f = p, *tab = strchr(p, '\t');
		if (tab) {
			*tab = '\0';
			p = tab + 1;
		}
		if (L->col[i] >= 0 && parse_field(&cols[L->col[i]], f, r, L, msg, mlen) != 0)
			return -1;
	}
	return 0;
}

/* read_header: check the two header lines and build the layout; -1 (reported). */
static int read_header(FILE *f, const char *path, struct layout *L)
{
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t n;
	int seen[NCOLS] = { 0 };
	char *p, qn[SHOWN];
	int rc = -1;

	n = getline(&line, &cap, f);
	if (n > 0 && line[n - 1] == '\n')
		line[--n] = '\0';
	else
		n = -1;
	if (n < 0 && ferror(f)) {
		warn("%s", path);
		goto out;
	}
	if (version_check(path, n < 0 || strlen(line) != (size_t)n ? NULL : line, REC_FORMAT_NAME, REC_FORMAT_VERSION,
	                  "file refused") != 0)
		goto out;
	n = getline(&line, &cap, f);
	if (n <= 0 || line[n - 1] != '\n') {
		if (ferror(f))
			warn("%s", path);
		else
			warnx("%s: incomplete header (no column line); file refused", path);
		goto out;
	}
	line[--n] = '\0';
	L->ncols = 1;
	for (i = 0; i < (size_t)n; i++)
		L->ncols += line[i] == '\t';
	L->col = malloc(L->ncols * sizeof *L->col);
	if (L->col == NULL) {
		warn("%s", path);
		goto out;
	}
	p = line;
	for (i = 0; i < L->ncols; i++) {
		char *name = p, *tab = strchr(p, '\t');
		if (tab) {
			*tab = '\0';
			p = tab + 1;
		}
		L->col[i] = -1;
		if (*name == '\0') {
			warnx("%s:2: column %zu has no name; file refused", path, i + 1);
			goto out;
		}
		int c = col_find(name, strlen(name));
		if (c >= 0 && seen[c]) {
			warnx("%s:2: column '%s' appears twice; file refused", path,
			      text_quote(name, qn, sizeof qn));
			goto out;
		}
		if (c >= 0)
			seen[c] = 1;
		L->col[i] = c;
	}
	for (i = 0; i < sizeof required / sizeof required[0]; i++) {
		if (!seen[col_find(required[i], strlen(required[i]))]) {
			warnx("%s:2: the header has no column '%s'; file refused", path, required[i]);
			goto out;
		}
	}
	rc = 0;
out:
	free(line);
	return rc;
}

/* file_label: the label a "LABEL.loads" file name says, into buf; NULL if none. */
static const char *file_label(const char *path, char *buf, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n <= 6 || strcmp(base + n - 6, ".loads") != 0 || n - 6 >= len)
		return NULL;
	memcpy(buf, base, n - 6);
	buf[n - 6] = '\0';
	return rec_label_check(buf, NULL) == 0 ? buf : NULL;
}

int rec_read_stream(FILE *f, const char *path, struct rec_set *out)
{
	struct layout L = { 0, NULL, NULL };
	char lbuf[REC_LABEL_MAX + 1], msg[256];
	char *line = NULL;
	size_t cap = 0, lineno = 2;
	ssize_t n;
	struct rec r;
	int c, rc = -1;

	/* An empty file is one whose first append was interrupted before its write. */
	if ((c = getc(f)) == EOF) {
		if (ferror(f))
			warn("%s", path);
		else
			rc = 0;
		goto out;
	}
	ungetc(c, f);
	if (read_header(f, path, &L) != 0)
		goto out;
	L.file_label = file_label(path, lbuf, sizeof lbuf);
	while ((n = getline(&line, &cap, f)) > 0) {
		lineno++;
		int whole = line[n - 1] == '\n';
		if (whole)
			line[--n] = '\0';
		if (!whole || field_torn(line, (size_t)n)) {   /* skipped, and no bar to an append */
			snprintf(msg, sizeof msg, "%s", whole ? FIELD_TORN_WHY : FIELD_CUT_WHY);
			out->torn++;
		} else if (parse_line(line, (size_t)n, &L, &r, msg, sizeof msg) == 0) {
			if (rec_set_add(out, &r) != 0) {
				warn("%s", path);
				goto out;
			}
			continue;
		}
		warnx("%s:%zu: %s", path, lineno, msg);
		out->bad++;
	}
	if (ferror(f)) {
		warn("%s", path);
		goto out;
	}
	rc = 0;
out:
	free(line);
	free(L.col);
	return rc;
}

int rec_read_file(const char *path, struct rec_set *out)
{
	FILE *f = fopen(path, "re");
	int rc;

	if (f == NULL) {
		warn("%s", path);
		return -1;
	}
	rc = rec_read_stream(f, path, out);
	fclose(f);
	return rc;
}

double canary_of(const struct rec *r)
{
	double a = r->ev[REV_CANARY], b = r->ev[REV_CANARY_AFTER];

	if (isfinite(a) && isfinite(b))
		return (a + b) / 2;
	return isfinite(a) ? a : isfinite(b) ? b : NAN;
}

int rec_emulated(const struct rec *r)
{
	return strncmp(r->guest, "tcg", 3) == 0 && (r->guest[3] == ' ' || r->guest[3] == '\0');
}
