/* micro_record.c: the LABEL.micro file form of microbenchmark results: format and strict parse. */
#include "results/record/micro_record.h"
#include "lib/array.h"
#include "lib/err.h"
#include "results/record/field.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MREC_COLUMNS "label\trun\ttimestamp\thost\tkernel\tversion\tmode\tplacement\tmetric\tvalue\tspread\treason"
enum { NCOL = 12 };

int micro_record_header(char *buf, size_t len)
{
	return snprintf(buf, len, "%s\t%d\n%s\n", MREC_FORMAT_NAME, MREC_FORMAT_VERSION, MREC_COLUMNS);
}

int micro_record_format(const struct micro_record *m, char *buf, size_t len)
{
	const char *text[] = { m->timestamp, m->host, m->kernel, m->version, m->mode,
	                       m->placement, m->metric };
	struct fline o;

	fl_init(&o, buf, len);
	fl_printf(&o, "%s\t%d", m->label, m->run);
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
		fl_putc(&o, '\t');
		fl_str(&o, text[i], FIELD_FLAT);
	}
	if (isnan(m->value))
		fl_printf(&o, "\tna");
	else
		fl_printf(&o, "\t%.6g", m->value);
	fl_printf(&o, "\t%.4g\t", isnan(m->spread) ? 0.0 : m->spread);
	fl_str(&o, m->reason[0] ? m->reason : "-", FIELD_FLAT);
	return fl_end(&o);
}

int micro_record_set_add(struct micro_record_set *s, const struct micro_record *m)
{
	struct micro_record *v = array_grow(s->v, &s->cap, s->n + 1, sizeof *v, 64);

	if (v == NULL)
		return -1;
	s->v = v;
	s->v[s->n] = *m;
	s->v[s->n++].lmbench = strcmp(m->mode, MREC_MODE_LMBENCH) == 0;
	return 0;
}

void micro_record_set_free(struct micro_record_set *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* put: field f (FIELD_FLAT) into dst of size len; -1 when it does not fit. */
static int put(char *dst, size_t len, const char *f)
{
	return field_get("", f, dst, len, FIELD_FLAT, NULL, 0);
}

/* parse_line: the fields of one line into m; NULL, or what is wrong. */
static const char *parse_line(char *line, struct micro_record *m)
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

/* keep_line: one record line into the set arg (a field_line_fn). */
static const char *keep_line(void *arg, char *line, char *msg, size_t len)
{
	struct micro_record m;
	const char *why = parse_line(line, &m);

	(void)msg;
	(void)len;
	if (why != NULL)
		return why;
	return micro_record_set_add(arg, &m) != 0 ? field_stop : NULL;
}

int micro_record_read_stream(FILE *f, const char *path, struct micro_record_set *out)
{
	return field_read_lines(f, path, MREC_FORMAT_NAME, MREC_FORMAT_VERSION, MREC_COLUMNS, keep_line,
	                        out, &out->bad, &out->torn);
}

int micro_record_read_file(const char *path, struct micro_record_set *out)
{
	return field_read_path(path, MREC_FORMAT_NAME, MREC_FORMAT_VERSION, MREC_COLUMNS, keep_line, out,
	                       &out->bad, &out->torn);
}
