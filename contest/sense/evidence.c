/* evidence.c: per-run system evidence from /proc/vmstat, /proc/pressure/ and /proc/stat, and its difference over a run. */
#include "contest/sense/evidence.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EV_FIELD(id, f) { #f, offsetof(struct ev_snap, f) },

const struct ev_field ev_fields[EV_NFIELDS] = { REC_EV_SYS(EV_FIELD) };

_Static_assert(sizeof(struct ev_snap) == EV_NFIELDS * sizeof(double),
               "ev_fields[] must name every figure of struct ev_snap");

/* The index of each figure in ev_fields. */
#define EV_INDEX(id, f) EVI_##id,
enum { REC_EV_SYS(EV_INDEX) };

/* The vmstat lines taken by exact name: the figures of ev_fields before
 * allocstall (which is by prefix). */
#define EV_NVMSTAT ((size_t)EVI_ALLOCSTALL)

/* The longest file read: /proc/vmstat is about 8 KiB on 6.x kernels. */
#define EV_READ_MAX (1 << 20)

/* ev_at: the figure at offset off of s. */
static double *ev_at(struct ev_snap *s, size_t off)
{
	return (double *)(void *)((char *)s + off);
}

double ev_get(const struct ev_snap *s, size_t i)
{
	if (i >= EV_NFIELDS)
		return NAN;
	return *(const double *)(const void *)((const char *)s + ev_fields[i].off);
}

void ev_snap_init(struct ev_snap *s)
{
	for (size_t i = 0; i < EV_NFIELDS; i++)
		*ev_at(s, ev_fields[i].off) = NAN;
}

/* ev_next_line: the line starting at *p as [start, *end), and *p moved past
 * its newline; NULL when *p is at the end of text. */
static const char *ev_next_line(const char **p, const char **end)
{
	const char *s = *p, *nl;

	if (*s == '\0')
		return NULL;
	nl = strchr(s, '\n');
	*end = nl != NULL ? nl : s + strlen(s);
	*p = nl != NULL ? nl + 1 : *end;
	return s;
}

/* ev_token: the next blank-separated token of [*p, end) with its length in
 * *len, *p moved past it; NULL when there is none. */
static const char *ev_token(const char **p, const char *end, size_t *len)
{
	const char *s = *p, *t;

	while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
		s++;
	t = s;
	while (t < end && *t != ' ' && *t != '\t' && *t != '\r')
		t++;
	*p = t;
	*len = (size_t)(t - s);
	return t > s ? s : NULL;
}

/* ev_number: the unsigned decimal integer that is all of [s, s + len) as a
 * double, or NaN when it is empty, has anything but digits or exceeds 64 bits. */
static double ev_number(const char *s, size_t len)
{
	uint64_t v = 0;

	if (len == 0)
		return NAN;
	for (size_t i = 0; i < len; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return NAN;
		v = v * 10 + d;
	}
	return (double)v;
}

/* ev_name_value: split a "name value" line: 0 with the name in *name (length *nlen)
 * and the value (NaN when malformed: missing, not a number, more tokens
 * after it); -1 for a blank line. */
static int ev_name_value(const char *s, const char *end, const char **name, size_t *nlen, double *value)
{
	const char *v, *extra;
	size_t vlen, xlen;

	*name = ev_token(&s, end, nlen);
	if (*name == NULL)
		return -1;
	v = ev_token(&s, end, &vlen);
	extra = ev_token(&s, end, &xlen);
	*value = v != NULL && extra == NULL ? ev_number(v, vlen) : NAN;
	return 0;
}

/* ev_is: token [s, s + len) equals word. */
static int ev_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(s, word, len) == 0;
}

void ev_parse_vmstat(const char *text, struct ev_snap *s)
{
	int seen[EV_NVMSTAT] = { 0 }, stalls = 0, stall_bad = 0;
	double stall_sum = 0;
	const char *p = text, *line, *end, *name;
	size_t nlen;
	double v;

	for (size_t i = 0; i < EV_NVMSTAT; i++)
		*ev_at(s, ev_fields[i].off) = NAN;
	s->allocstall = NAN;
	if (text == NULL)
		return;
	while ((line = ev_next_line(&p, &end)) != NULL) {
		if (ev_name_value(line, end, &name, &nlen, &v) != 0)
			continue;
		if (nlen >= 10 && memcmp(name, "allocstall", 10) == 0) {
			stalls++;
			if (isnan(v))
				stall_bad = 1;
			else
				stall_sum += v;
			continue;
		}
		for (size_t i = 0; i < EV_NVMSTAT; i++)
			if (!seen[i] && ev_is(name, nlen, ev_fields[i].name)) {
				seen[i] = 1;   /* the first line of a name counts */
				*ev_at(s, ev_fields[i].off) = v;
				break;
			}
	}
	if (stalls > 0 && !stall_bad)
		s->allocstall = stall_sum;
}

void ev_parse_psi(const char *text, double *some, double *full)
{
	const char *p = text, *line, *end, *tok;
	size_t len;

	*some = *full = NAN;
	if (text == NULL)
		return;
	while ((line = ev_next_line(&p, &end)) != NULL) {
		double *dst, v = NAN;

		tok = ev_token(&line, end, &len);
		if (tok != NULL && ev_is(tok, len, "some"))
			dst = some;
		else if (tok != NULL && ev_is(tok, len, "full"))
			dst = full;
		else
			continue;
		while ((tok = ev_token(&line, end, &len)) != NULL)
			if (len > 6 && memcmp(tok, "total=", 6) == 0)
				v = ev_number(tok + 6, len - 6);
		if (isnan(*dst))
			*dst = v;
	}
}

void ev_parse_stat(const char *text, struct ev_snap *s)
{
	const char *p = text, *line, *end, *name;
	size_t nlen;
	double v;

	s->ctxt = NAN;
	if (text == NULL)
		return;
	while ((line = ev_next_line(&p, &end)) != NULL)
		if (ev_name_value(line, end, &name, &nlen, &v) == 0 && ev_is(name, nlen, "ctxt")) {
			s->ctxt = v;
			return;
		}
}

/* ev_slurp: the whole of procroot/name as a NUL-terminated string to free,
 * or NULL when it cannot be read (or holds a NUL byte, or is over
 * EV_READ_MAX). */
static char *ev_slurp(const char *procroot, const char *name)
{
	size_t len;
	int cut;
	char *buf = text_read(procroot, name, EV_READ_MAX, &len, &cut);

	if (buf != NULL && (cut || strlen(buf) != len)) {
		free(buf);
		return NULL;
	}
	return buf;
}

int ev_snap_read(struct ev_snap *s, const char *procroot)
{
	static const char *const psi[3] = { "pressure/cpu", "pressure/memory", "pressure/io" };
	double *some[3] = { &s->psi_cpu_some, &s->psi_mem_some, &s->psi_io_some };
	double *full[3] = { &s->psi_cpu_full, &s->psi_mem_full, &s->psi_io_full };
	int missing = 0;
	char *text;

	ev_snap_init(s);
	text = ev_slurp(procroot, "vmstat");
	missing += text == NULL;
	ev_parse_vmstat(text, s);
	free(text);
	for (int i = 0; i < 3; i++) {
		text = ev_slurp(procroot, psi[i]);
		missing += text == NULL;
		ev_parse_psi(text, some[i], full[i]);
		free(text);
	}
	text = ev_slurp(procroot, "stat");
	missing += text == NULL;
	ev_parse_stat(text, s);
	free(text);
	return missing;
}

void ev_delta(const struct ev_snap *a, const struct ev_snap *b, struct ev_snap *out)
{
	struct ev_snap d;

	for (size_t i = 0; i < EV_NFIELDS; i++) {
		double x = ev_get(a, i), y = ev_get(b, i);

		*ev_at(&d, ev_fields[i].off) = isnan(x) || isnan(y) || y < x ? NAN : y - x;
	}
	*out = d;
}
