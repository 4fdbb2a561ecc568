/* mrec.c: the LABEL.micro file form of microbenchmark results: format and strict parse. */
#include "results/mrec.h"
#include "lib/err.h"
#include "lib/text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MREC_COLUMNS "label\trun\ttimestamp\thost\tkernel\tversion\tmode\tplacement\tmetric\tvalue\tspread\treason"
enum { NCOL = 12 };

int mrec_header(char *buf, size_t len)
{
	return snprintf(buf, len, "%s\t%d\n%s\n", MREC_FORMAT_NAME, MREC_FORMAT_VERSION, MREC_COLUMNS);
}

/* clean: s with tabs, newlines and CRs as spaces, into buf. */
static const char *clean(const char *s, char *buf, size_t len)
{
	text_copy(buf, s, len);
	for (char *p = buf; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	return buf;
}

int mrec_format(const struct mrec *m, char *buf, size_t len)
{
	char c[8][160], v[32], sp[32];
	int n;

	if (isnan(m->value))
		snprintf(v, sizeof v, "na");
	else
		snprintf(v, sizeof v, "%.6g", m->value);
	snprintf(sp, sizeof sp, "%.4g", isnan(m->spread) ? 0.0 : m->spread);
	n = snprintf(buf, len, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", m->label, m->run,
	             clean(m->timestamp, c[0], sizeof c[0]), clean(m->host, c[1], sizeof c[1]),
	             clean(m->kernel, c[2], sizeof c[2]), clean(m->version, c[3], sizeof c[3]),
	             clean(m->mode, c[4], sizeof c[4]), clean(m->placement, c[5], sizeof c[5]),
	             clean(m->metric, c[6], sizeof c[6]), v, sp,
	             m->reason[0] ? clean(m->reason, c[7], sizeof c[7]) : "-");
	return n < 0 || (size_t)n >= len ? -1 : n;
}

int mrec_set_add(struct mrec_set *s, const struct mrec *m)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct mrec *v = realloc(s->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = *m;
	return 0;
}

void mrec_set_free(struct mrec_set *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* put: copy field f into dst of size len; -1 when it does not fit. */
static int put(char *dst, size_t len, const char *f)
{
	return text_copy(dst, f, len) < len ? 0 : -1;
}

/* parse_line: the fields of one line into m; NULL, or what is wrong. */
static const char *parse_line(char *line, struct mrec *m)
{
	char *f[NCOL], *end;
	int n = 0;

	memset(m, 0, sizeof *m);
	for (char *p = line; n < NCOL; n++) {
		f[n] = p;
		p = strchr(p, '\t');
		if (p == NULL) {
			n++;
			break;
		}
		*p++ = '\0';
		if (n == NCOL - 1)
			return "too many fields";
	}
	if (n != NCOL)
		return "wrong number of fields";
	if (rec_label_check(f[0], NULL) != 0)
		return "bad label";
	long run = strtol(f[1], &end, 10);
	if (*f[1] == '\0' || *end != '\0' || run < 1 || run > 1000000)
		return "bad run number";
	m->run = (int)run;
	if (put(m->label, sizeof m->label, f[0]) || put(m->timestamp, sizeof m->timestamp, f[2]) ||
	    put(m->host, sizeof m->host, f[3]) || put(m->kernel, sizeof m->kernel, f[4]) ||
	    put(m->version, sizeof m->version, f[5]) || put(m->mode, sizeof m->mode, f[6]) ||
	    put(m->placement, sizeof m->placement, f[7]) || put(m->metric, sizeof m->metric, f[8]) ||
	    put(m->reason, sizeof m->reason, strcmp(f[11], "-") == 0 ? "" : f[11]))
		return "a field is too long";
	if (m->metric[0] == '\0' || m->timestamp[0] == '\0')
		return "empty metric or timestamp";
	if (strcmp(f[9], "na") == 0) {
		m->value = NAN;
	} else {
		m->value = strtod(f[9], &end);
		if (*f[9] == '\0' || *end != '\0' || !isfinite(m->value))
			return "bad value";
	}
	m->spread = strtod(f[10], &end);
	if (*f[10] == '\0' || *end != '\0' || !isfinite(m->spread) || m->spread < 0)
		return "bad spread";
	return NULL;
}

int mrec_read_stream(FILE *f, const char *path, struct mrec_set *out)
{
	char *line = NULL, head[64];
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	int rc = -1;

	snprintf(head, sizeof head, "%s\t%d", MREC_FORMAT_NAME, MREC_FORMAT_VERSION);
	while ((len = getline(&line, &cap, f)) >= 0) {
		int whole = len > 0 && line[len - 1] == '\n';

		lineno++;
		if (whole)
			line[--len] = '\0';
		if (lineno == 1 && strcmp(line, head) != 0) {
			warnx("%s:1: not a contest microbenchmark file (want '%s')", path, head);
			goto out;
		}
		if (lineno == 2 && strcmp(line, MREC_COLUMNS) != 0) {
			warnx("%s:2: unknown columns", path);
			goto out;
		}
		if (lineno <= 2)
			continue;
		struct mrec m;
		const char *why = !whole ? "incomplete last line (no newline at the end of the file)"
		                  : strlen(line) != (size_t)len ? "line has a NUL byte"
		                  : parse_line(line, &m);
		if (why != NULL) {
			warnx("%s:%ld: %s", path, lineno, why);
			out->bad++;
			continue;
		}
		if (mrec_set_add(out, &m) != 0) {
			warn("%s", path);
			goto out;
		}
	}
	rc = ferror(f) ? -1 : 0;
	if (rc)
		warn("cannot read %s", path);
out:
	free(line);
	return rc;
}

int mrec_read_file(const char *path, struct mrec_set *out)
{
	FILE *f = fopen(path, "re");
	int rc;

	if (f == NULL) {
		warn("cannot read %s", path);
		return -1;
	}
	rc = mrec_read_stream(f, path, out);
	fclose(f);
	return rc;
}
