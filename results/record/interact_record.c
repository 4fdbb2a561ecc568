/* interact_record.c: the LABEL.interact file form of interactivity results: format and strict parse. */
#include "results/record/interact_record.h"
#include "lib/array.h"
#include "lib/err.h"
#include "results/record/field.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IREC_COLUMNS "label\ttask\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\t" \
	"flushed\tseconds\tpolicy\tnice\tloops_ms\tseed\twakeups\tlat_mean_us\tlat_sd_us\tlat_p99_us\t" \
	"lat_max_us\tmet_pct\tcpu_pct\tfps\tdetail\tsysctl\tconfine\tswap"
enum { NCOL = 29 };

/* The kinds of a column: text, or a number kept as int, uint64 or double
 * (NA: a double that may be "na"). */
enum kind { K_STR, K_INT, K_U64, K_DBL, K_NA };

/* One column: its kind, where it is in struct interact_record, the size of a text
 * field, and the range of an int. */
struct col {
	enum kind kind;
	size_t off, size;
	long min, max;
};

#define S(f) { K_STR, offsetof(struct interact_record, f), sizeof ((struct interact_record *)0)->f, 0, 0 }
#define I(f, lo, hi) { K_INT, offsetof(struct interact_record, f), 0, lo, hi }
#define U(f) { K_U64, offsetof(struct interact_record, f), 0, 0, 0 }
#define D(f) { K_DBL, offsetof(struct interact_record, f), 0, 0, 0 }
#define N(f) { K_NA, offsetof(struct interact_record, f), 0, 0, 0 }
static const struct col cols[NCOL] = {
	S(label), S(task), S(load), I(run, 1, 1000000), S(timestamp), S(host), S(kernel), S(version),
	S(workload), I(jobs, 0, 100000), U(mem), I(flushed, 0, 1), D(seconds), S(policy), I(nice, -20, 19), D(loops_ms),
	U(seed), U(wakeups), N(lat_mean_us), N(lat_sd_us), N(lat_p99_us), N(lat_max_us), N(met_pct),
	N(cpu_pct), N(fps), S(detail), S(sysctl), S(confine), S(swap),
};
#undef S
#undef I
#undef U
#undef D
#undef N

int interact_record_header(char *buf, size_t len)
{
	return snprintf(buf, len, "%s\t%d\n%s\n", IREC_FORMAT_NAME, IREC_FORMAT_VERSION, IREC_COLUMNS);
}

int interact_record_format(const struct interact_record *r, char *buf, size_t len)
{
	const char *base = (const char *)r;
	struct fline o;

	fl_init(&o, buf, len);
	for (int i = 0; i < NCOL; i++) {
		const struct col *c = &cols[i];
		const void *p = base + c->off;
		double d;

		if (i > 0)
			fl_putc(&o, '\t');
		switch (c->kind) {
		case K_STR:
			/* an empty text field is "-": a line never has two tabs in a row */
			fl_str(&o, *(const char *)p ? (const char *)p : "-", FIELD_FLAT);
			break;
		case K_INT: fl_printf(&o, "%d", *(const int *)p); break;
		case K_U64: fl_printf(&o, "%" PRIu64, *(const uint64_t *)p); break;
		case K_DBL:
		case K_NA:
			d = *(const double *)p;
			if (isnan(d))
				fl_printf(&o, "na");
			else
				fl_printf(&o, "%.6g", d);
			break;
		}
	}
	return fl_end(&o);
}

int interact_record_set_add(struct interact_record_set *s, const struct interact_record *r)
{
	struct interact_record *v = array_grow(s->v, &s->cap, s->n + 1, sizeof *v, 64);

	if (v == NULL)
		return -1;
	s->v = v;
	s->v[s->n++] = *r;
	return 0;
}

void interact_record_set_free(struct interact_record_set *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* get: field f of column c into r; NULL, or what is wrong. */
static const char *get(const struct col *c, const char *f, struct interact_record *r)
{
	char *p = (char *)r + c->off, *end;
	unsigned long long u;
	long v;
	double d;

	errno = 0;
	switch (c->kind) {
	case K_STR:
		return field_get("", strcmp(f, "-") == 0 ? "" : f, p, c->size, FIELD_FLAT, NULL, 0) != 0 ?
		       "a field is too long" : NULL;
	case K_INT:
		v = strtol(f, &end, 10);
		if (*f == '\0' || *end != '\0' || errno != 0 || v < c->min || v > c->max)
			return "bad whole number";
		*(int *)p = (int)v;
		return NULL;
	case K_U64:
		u = strtoull(f, &end, 10);
		if (*f == '\0' || *f == '-' || *end != '\0' || errno != 0)
			return "bad count";
		*(uint64_t *)p = (uint64_t)u;
		return NULL;
	default:
		if (c->kind == K_NA && strcmp(f, "na") == 0) {
			*(double *)p = NAN;
			return NULL;
		}
		d = strtod(f, &end);
		if (*f == '\0' || *end != '\0' || !isfinite(d) || d < 0)
			return "bad figure";
		*(double *)p = d;
		return NULL;
	}
}

/* parse_line: the fields of one line into r; NULL, or what is wrong (the
 * column named). */
static const char *parse_line(char *line, struct interact_record *r, char *msg, size_t len)
{
	char *f = line, *tab;
	const char *why;

	memset(r, 0, sizeof *r);
	for (int i = 0; i < NCOL; i++, f = tab + 1) {
		tab = strchr(f, '\t');
		if ((tab == NULL) != (i == NCOL - 1))
			return tab == NULL ? "too few fields" : "too many fields";
		if (tab != NULL)
			*tab = '\0';
		if ((why = get(&cols[i], f, r)) != NULL) {
			const char *name = IREC_COLUMNS;
			for (int k = 0; k < i; k++)
				name = strchr(name, '\t') + 1;
			snprintf(msg, len, "%.*s: %s", (int)strcspn(name, "\t"), name, why);
			return msg;
		}
		if (tab == NULL)
			break;
	}
	if (rec_label_check(r->label, NULL) != 0)
		return "label: bad label";
	if (r->task[0] == '\0' || r->load[0] == '\0' || r->timestamp[0] == '\0')
		return "empty task, load or timestamp";
	return NULL;
}

/* keep_line: one record line into the set arg (a field_line_fn). */
static const char *keep_line(void *arg, char *line, char *msg, size_t len)
{
	struct interact_record r;
	const char *why = parse_line(line, &r, msg, len);

	if (why != NULL)
		return why;
	return interact_record_set_add(arg, &r) != 0 ? field_stop : NULL;
}

int interact_record_read_stream(FILE *f, const char *path, struct interact_record_set *out)
{
	return field_read_lines(f, path, IREC_FORMAT_NAME, IREC_FORMAT_VERSION, IREC_COLUMNS, keep_line,
	                        out, &out->bad, &out->torn);
}

int interact_record_read_file(const char *path, struct interact_record_set *out)
{
	return field_read_path(path, IREC_FORMAT_NAME, IREC_FORMAT_VERSION, IREC_COLUMNS, keep_line, out,
	                       &out->bad, &out->torn);
}
