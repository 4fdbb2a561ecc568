/* record.c: label check, record lines (format, strict parse) and result file reading. */
#include "results/record.h"
#include "lib/err.h"
#include "lib/text.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The known columns, in the order the writer puts them. */
enum col {
	C_LABEL, C_LOAD, C_RUN, C_TIMESTAMP, C_HOST, C_KERNEL, C_VERSION,
	C_WORKLOAD, C_JOBS, C_MEM, C_FLUSHED, C_STATUS, C_REASON, C_TIME,
	C_CPU, C_LOADS, C_LCPU, C_DETAIL, C_SYSCTL, C_CONFINE, C_SWAP, C_EV, C_N = C_EV + REV_N
};

static const char *const col_names[C_EV] = {
	"label", "load", "run", "timestamp", "host", "kernel", "version",
	"workload", "jobs", "mem", "flushed", "status", "reason", "time",
	"cpu_pct", "loads", "lcpu_pct", "detail", "sysctl", "confine", "swap"
};

const char *const rec_ev_names[REV_N] = {
	"pgmajfault", "pswpin", "pswpout", "pgscan_kswapd", "pgscan_direct",
	"pgsteal_kswapd", "pgsteal_direct", "allocstall",
	"psi_cpu_some", "psi_cpu_full", "psi_mem_some", "psi_mem_full",
	"psi_io_some", "psi_io_full", "ctxt",
	"c_majflt", "c_minflt", "c_nvcsw", "c_nivcsw",
	"probe_n", "probe_p50_us", "probe_p99_us", "probe_max_us"
};

/* col_name: the column name of known column c. */
static const char *col_name(int c)
{
	return c < C_EV ? col_names[c] : rec_ev_names[c - C_EV];
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
	r->flushed = -1;
	r->time = r->cpu_pct = r->loads = r->lcpu_pct = NAN;
	for (int i = 0; i < REV_N; i++)
		r->ev[i] = NAN;
}

const char *rec_columns(void)
{
	static char names[1024];

	if (names[0] == '\0') {
		size_t pos = 0;
		for (int c = 0; c < C_N; c++)
			pos += (size_t)snprintf(names + pos, sizeof names - pos, "%s%s",
			                        c ? "\t" : "", col_name(c));
	}
	return names;
}

int rec_header(char *buf, size_t len)
{
	return snprintf(buf, len, "%s\t%d\n%s\n", REC_FORMAT_NAME, REC_FORMAT_VERSION, rec_columns());
}

/* An output buffer that remembers when it ran out of room. */
struct obuf {
	char *buf;
	size_t len, pos;
	int full;
};

/* ob_putc: append one character. */
static void ob_putc(struct obuf *o, char c)
{
	if (o->pos + 1 < o->len)
		o->buf[o->pos++] = c;
	else
		o->full = 1;
}

/* ob_printf: append formatted text. */
static void ob_printf(struct obuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ob_printf(struct obuf *o, const char *fmt, ...)
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

/* ob_str: append s escaped (backslash, tab, newline, CR). */
static void ob_str(struct obuf *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '\\': ob_putc(o, '\\'); ob_putc(o, '\\'); break;
		case '\t': ob_putc(o, '\\'); ob_putc(o, 't'); break;
		case '\n': ob_putc(o, '\\'); ob_putc(o, 'n'); break;
		case '\r': ob_putc(o, '\\'); ob_putc(o, 'r'); break;
		default: ob_putc(o, *s); break;
		}
	}
}

/* ob_num: append v as "%.6f", or "na" when not finite. */
static void ob_num(struct obuf *o, double v)
{
	if (isfinite(v))
		ob_printf(o, "%.6f", v);
	else
		ob_printf(o, "na");
}

/* ob_col: append the field of known column c of r (-1: unknown, "na"). */
static void ob_col(struct obuf *o, const struct rec *r, int c)
{
	switch (c) {
	case C_LABEL: ob_str(o, r->label); break;
	case C_LOAD: ob_str(o, r->load); break;
	case C_RUN: ob_printf(o, "%d", r->run); break;
	case C_TIMESTAMP: ob_str(o, r->timestamp); break;
	case C_HOST: ob_str(o, r->host); break;
	case C_KERNEL: ob_str(o, r->kernel); break;
	case C_VERSION: ob_str(o, r->version); break;
	case C_WORKLOAD: ob_str(o, r->workload); break;
	case C_JOBS:
		if (r->jobs > 0)
			ob_printf(o, "%d", r->jobs);
		else
			ob_printf(o, "na");
		break;
	case C_MEM: ob_printf(o, "%llu", (unsigned long long)r->mem); break;
	case C_FLUSHED: ob_printf(o, "%s", r->flushed > 0 ? "yes" : r->flushed == 0 ? "no" : "na"); break;
	case C_STATUS: ob_printf(o, "%s", r->failed ? "failed" : "ok"); break;
	case C_REASON: ob_str(o, r->reason); break;
	case C_TIME: ob_num(o, r->time); break;
	case C_CPU: ob_num(o, r->cpu_pct); break;
	case C_LOADS: ob_num(o, r->loads); break;
	case C_LCPU: ob_num(o, r->lcpu_pct); break;
	case C_DETAIL: ob_str(o, r->detail); break;
	case C_SYSCTL: ob_str(o, r->sysctl); break;
	case C_CONFINE: ob_str(o, r->confine); break;
	case C_SWAP: ob_str(o, r->swap); break;
	default:
		if (c >= C_EV && c < C_N)
			ob_num(o, r->ev[c - C_EV]);
		else
			ob_printf(o, "na");
		break;
	}
}

/* ob_end: finish the line; its length, or -1 when buf was too small. */
static int ob_end(struct obuf *o)
{
	ob_putc(o, '\n');
	if (o->full)
		return -1;
	o->buf[o->pos] = '\0';
	return (int)o->pos;
}

int rec_format(const struct rec *r, char *buf, size_t len)
{
	struct obuf o = { buf, len, 0, len == 0 };

	for (int c = 0; c < C_N; c++) {
		if (c)
			ob_putc(&o, '\t');
		ob_col(&o, r, c);
	}
	return ob_end(&o);
}

int rec_format_as(const struct rec *r, const char *cols, char *buf, size_t len)
{
	struct obuf o = { buf, len, 0, len == 0 };
	const char *p = cols;

	for (int first = 1;; first = 0) {
		size_t n = strcspn(p, "\t");
		int known = -1;

		for (int c = 0; c < C_N && known < 0; c++)
			if (strlen(col_name(c)) == n && strncmp(p, col_name(c), n) == 0)
				known = c;
		if (!first)
			ob_putc(&o, '\t');
		ob_col(&o, r, known);
		if (p[n] == '\0')
			break;
		p += n + 1;
	}
	return ob_end(&o);
}

int rec_set_add(struct rec_set *s, const struct rec *r)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct rec *v = realloc(s->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = *r;
	return 0;
}

void rec_set_free(struct rec_set *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = s->bad = 0;
}

/* show: s for a message: at most 60 characters, non-printables as '?'. */
static const char *show(const char *s, char *buf, size_t len)
{
	size_t i = 0;

	for (; *s && i + 4 < len && i < 60; s++)
		buf[i++] = (*s >= 0x20 && *s < 0x7f) ? *s : '?';
	if (*s && i + 4 <= len) {
		memcpy(buf + i, "...", 3);
		i += 3;
	}
	buf[i] = '\0';
	return buf;
}

/* unescape: decode src into dst (size len). 0, or -1 with the problem in msg. */
static int unescape(const char *name, const char *src, char *dst, size_t len,
                    char *msg, size_t mlen)
{
	size_t i = 0;

	for (; *src; src++) {
		char c = *src;
		if (c == '\\') {
			switch (*++src) {
			case '\\': c = '\\'; break;
			case 't': c = '\t'; break;
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case '\0':
				snprintf(msg, mlen, "field '%s' ends in a lone backslash", name);
				return -1;
			default:
				snprintf(msg, mlen, "field '%s' has an unknown escape '\\%c'", name,
				         (*src >= 0x20 && *src < 0x7f) ? *src : '?');
				return -1;
			}
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
	int *col;                 /* per file column: enum col, or -1 unknown */
	const char *file_label;   /* label the file name says, or NULL */
};

/* parse_field: store raw (file column of known kind c) into r; -1 with msg. */
static int parse_field(int c, const char *raw, struct rec *r, const struct layout *L,
                       char *msg, size_t mlen)
{
	const char *name = col_name(c);
	unsigned long long u;
	char sb[80];
	const char *why;

	switch (c) {
	case C_LABEL:
		if (unescape(name, raw, r->label, sizeof r->label, msg, mlen) != 0)
			return -1;
		if (rec_label_check(r->label, &why) != 0) {
			snprintf(msg, mlen, "label '%s' is not valid: %s", show(raw, sb, sizeof sb), why);
			return -1;
		}
		if (L->file_label && strcmp(r->label, L->file_label) != 0) {
			snprintf(msg, mlen, "label '%s' in the file of label '%s'",
			         show(raw, sb, sizeof sb), L->file_label);
			return -1;
		}
		return 0;
	case C_LOAD:
		if (!load_name_ok(raw)) {
			snprintf(msg, mlen, "field 'load' is not a load name: '%s'", show(raw, sb, sizeof sb));
			return -1;
		}
		text_copy(r->load, raw, sizeof r->load);
		return 0;
	case C_RUN:
	case C_JOBS:
		if (c == C_JOBS && strcmp(raw, "na") == 0) {
			r->jobs = 0;
			return 0;
		}
		if (parse_uint(raw, 2147483647ULL, &u) != 0 || u == 0) {
			snprintf(msg, mlen, "field '%s' is not a positive integer: '%s'", name,
			         show(raw, sb, sizeof sb));
			return -1;
		}
		*(c == C_RUN ? &r->run : &r->jobs) = (int)u;
		return 0;
	case C_MEM:
		if (parse_uint(raw, UINT64_MAX, &u) != 0) {
			snprintf(msg, mlen, "field 'mem' is not an unsigned integer: '%s'",
			         show(raw, sb, sizeof sb));
			return -1;
		}
		r->mem = (uint64_t)u;
		return 0;
	case C_FLUSHED:
		if (strcmp(raw, "yes") == 0)
			r->flushed = 1;
		else if (strcmp(raw, "no") == 0)
			r->flushed = 0;
		else if (strcmp(raw, "na") == 0)
			r->flushed = -1;
		else {
			snprintf(msg, mlen, "field 'flushed' is not yes, no or na: '%s'",
			         show(raw, sb, sizeof sb));
			return -1;
		}
		return 0;
	case C_STATUS:
		if (strcmp(raw, "ok") == 0)
			r->failed = 0;
		else if (strcmp(raw, "failed") == 0)
			r->failed = 1;
		else {
			snprintf(msg, mlen, "field 'status' is not ok or failed: '%s'",
			         show(raw, sb, sizeof sb));
			return -1;
		}
		return 0;
	case C_TIME:
	case C_CPU:
	case C_LOADS:
	case C_LCPU: {
		double *d = c == C_TIME ? &r->time : c == C_CPU ? &r->cpu_pct :
		            c == C_LOADS ? &r->loads : &r->lcpu_pct;
		if (parse_num(raw, d) != 0) {
			snprintf(msg, mlen, "field '%s' is not a number: '%s'", name,
			         show(raw, sb, sizeof sb));
			return -1;
		}
		return 0;
	}
	case C_TIMESTAMP:
		if (*raw == '\0') {
			snprintf(msg, mlen, "field 'timestamp' is empty");
			return -1;
		}
		return unescape(name, raw, r->timestamp, sizeof r->timestamp, msg, mlen);
	case C_HOST:
		return unescape(name, raw, r->host, sizeof r->host, msg, mlen);
	case C_KERNEL:
		return unescape(name, raw, r->kernel, sizeof r->kernel, msg, mlen);
	case C_VERSION:
		return unescape(name, raw, r->version, sizeof r->version, msg, mlen);
	case C_WORKLOAD:
		return unescape(name, raw, r->workload, sizeof r->workload, msg, mlen);
	case C_REASON:
		return unescape(name, raw, r->reason, sizeof r->reason, msg, mlen);
	case C_DETAIL:
		return unescape(name, raw, r->detail, sizeof r->detail, msg, mlen);
	case C_SYSCTL:
		return unescape(name, raw, r->sysctl, sizeof r->sysctl, msg, mlen);
	case C_CONFINE:
		return unescape(name, raw, r->confine, sizeof r->confine, msg, mlen);
	case C_SWAP:
		return unescape(name, raw, r->swap, sizeof r->swap, msg, mlen);
	default:
		if (c >= C_EV && c < C_N && parse_num(raw, &r->ev[c - C_EV]) != 0) {
			snprintf(msg, mlen, "field '%s' is not a number: '%s'", name,
			         show(raw, sb, sizeof sb));
			return -1;
		}
		return 0;
	}
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
		if (L->col[i] >= 0 && parse_field(L->col[i], f, r, L, msg, mlen) != 0)
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
	unsigned long long ver;
	const size_t plen = strlen(REC_FORMAT_NAME);
	static const int required[] = { C_LABEL, C_LOAD, C_RUN, C_STATUS };
	int seen[C_N] = { 0 };
	char *p;
	int rc = -1;

	n = getline(&line, &cap, f);
	if (n > 0 && line[n - 1] == '\n')
		line[--n] = '\0';
	else
		n = -1;
	if (n < 0 || strncmp(line, REC_FORMAT_NAME "\t", plen + 1) != 0 ||
	    parse_uint(line + plen + 1, 2147483647ULL, &ver) != 0 || ver == 0) {
		if (ferror(f))
			warn("%s", path);
		else
			warnx("%s: not a %s result file (line 1 is not '%s<TAB>VERSION'); file refused",
			      path, REC_FORMAT_NAME, REC_FORMAT_NAME);
		goto out;
	}
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
		for (int c = 0; c < C_N; c++) {
			if (strcmp(name, col_name(c)) != 0)
				continue;
			if (seen[c]) {
				warnx("%s:2: column '%s' appears twice; file refused", path, name);
				goto out;
			}
			seen[c] = 1;
			L->col[i] = c;
		}
	}
	for (i = 0; i < sizeof required / sizeof required[0]; i++) {
		if (!seen[required[i]]) {
			warnx("%s:2: the header has no column '%s'; file refused", path,
			      col_name(required[i]));
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
		if (line[n - 1] != '\n') {
			snprintf(msg, sizeof msg, "incomplete last line (no newline at the end of the file)");
		} else {
			line[--n] = '\0';
			if (parse_line(line, (size_t)n, &L, &r, msg, sizeof msg) == 0) {
				if (rec_set_add(out, &r) != 0) {
					warn("%s", path);
					goto out;
				}
				continue;
			}
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
