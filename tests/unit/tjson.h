/* tjson.h: a strict JSON decoder for the tests and fuzz targets (RFC 8259 grammar, well-formed UTF-8, paired surrogate escapes): is a document one valid JSON value? */
#ifndef CONTEST_TJSON_H
#define CONTEST_TJSON_H

#include <stddef.h>
#include <stdio.h>

/* How deep arrays and objects may nest before the document is refused. */
#define TJSON_DEPTH 64

/* The decoder's state: the document, where it is, what went wrong first. */
struct tjson {
	const unsigned char *s, *end;
	const unsigned char *at;   /* where the first error was found */
	const char *why;           /* what it was, NULL while none */
};

/* tjson_fail: note the first error, at p; returns -1. */
static inline int tjson_fail(struct tjson *j, const unsigned char *p, const char *why)
{
	if (j->why == NULL) {
		j->why = why;
		j->at = p;
	}
	return -1;
}

/* tjson_ws: skip JSON whitespace (space, tab, newline, carriage return). */
static inline void tjson_ws(struct tjson *j)
{
	while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r'))
		j->s++;
}

/* tjson_utf8: decode the multi-byte UTF-8 sequence at j->s (past it);
 * -1 when it is not well-formed: a stray or missing continuation byte, an
 * overlong form, a surrogate, a code point above U+10FFFF. */
static inline int tjson_utf8(struct tjson *j)
{
	static const unsigned long least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	const unsigned char *p = j->s;
	unsigned long cp;
	int n;

	n = (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
	if (n == 0)
		return tjson_fail(j, p, "a byte that starts no UTF-8 sequence");
	cp = *p & (0x7fu >> n);
	if (j->end - p < n)
		return tjson_fail(j, p, "a UTF-8 sequence cut by the end");
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return tjson_fail(j, p, "a UTF-8 sequence cut short");
		cp = cp << 6 | (p[i] & 0x3fu);
	}
	if (cp < least[n])
		return tjson_fail(j, p, "an overlong UTF-8 form");
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return tjson_fail(j, p, "a surrogate or a code point above U+10FFFF in UTF-8");
	j->s = p + n;
	return 0;
}

/* tjson_hex4: the four hex digits at p as a number, -1 when they are not. */
static inline long tjson_hex4(const struct tjson *j, const unsigned char *p)
{
	long v = 0;

	if (j->end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		int c = p[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
		        c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		v = v << 4 | d;
	}
	return v;
}

/* tjson_escape: the escape at j->s (its backslash), past it; a \u of a
 * high surrogate must be followed by the \u of a low one. */
static inline int tjson_escape(struct tjson *j)
{
	const unsigned char *p = j->s;
	long u, lo;

	if (j->end - p < 2)
		return tjson_fail(j, p, "an escape cut by the end");
	if (p[1] != 'u') {
		if (p[1] != '"' && p[1] != '\\' && p[1] != '/' && p[1] != 'b' && p[1] != 'f' &&
		    p[1] != 'n' && p[1] != 'r' && p[1] != 't')
			return tjson_fail(j, p, "an unknown escape");
		j->s = p + 2;
		return 0;
	}
	if ((u = tjson_hex4(j, p + 2)) < 0)
		return tjson_fail(j, p, "a \\u escape without four hex digits");
	j->s = p + 6;
	if (u >= 0xdc00 && u <= 0xdfff)
		return tjson_fail(j, p, "a lone low surrogate escape");
	if (u < 0xd800 || u > 0xdbff)
		return 0;
	if (j->end - j->s < 6 || j->s[0] != '\\' || j->s[1] != 'u' ||
	    (lo = tjson_hex4(j, j->s + 2)) < 0xdc00 || lo > 0xdfff)
		return tjson_fail(j, p, "a high surrogate escape without its low one");
	j->s += 6;
	return 0;
}

/* tjson_string: the string at j->s (its opening quote), past it. */
static inline int tjson_string(struct tjson *j)
{
	const unsigned char *open = j->s++;

	while (j->s < j->end && *j->s != '"') {
		if (*j->s < 0x20)
			return tjson_fail(j, j->s, "a raw control character in a string");
		if (*j->s == '\\') {
			if (tjson_escape(j) != 0)
				return -1;
		} else if (*j->s >= 0x80) {
			if (tjson_utf8(j) != 0)
				return -1;
		} else {
			j->s++;
		}
	}
	if (j->s >= j->end)
		return tjson_fail(j, open, "a string without its closing quote");
	j->s++;
	return 0;
}

/* tjson_digits: one or more decimal digits at j->s, past them; how many. */
static inline int tjson_digits(struct tjson *j)
{
	int n = 0;

	while (j->s < j->end && *j->s >= '0' && *j->s <= '9') {
		j->s++;
		n++;
	}
	return n;
}

/* tjson_number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? at j->s. */
static inline int tjson_number(struct tjson *j)
{
	const unsigned char *p = j->s;

	if (j->s < j->end && *j->s == '-')
		j->s++;
	if (j->s < j->end && *j->s == '0')
		j->s++;
	else if (tjson_digits(j) == 0)
		return tjson_fail(j, p, "a number without digits");
	if (j->s < j->end && *j->s == '.') {
		j->s++;
		if (tjson_digits(j) == 0)
			return tjson_fail(j, p, "a number without digits after its point");
	}
	if (j->s < j->end && (*j->s == 'e' || *j->s == 'E')) {
		j->s++;
		if (j->s < j->end && (*j->s == '+' || *j->s == '-'))
			j->s++;
		if (tjson_digits(j) == 0)
			return tjson_fail(j, p, "a number without digits in its exponent");
	}
	return 0;
}

/* tjson_word: the literal w (true, false, null) at j->s, past it. */
static inline int tjson_word(struct tjson *j, const char *w)
{
	const unsigned char *p = j->s;

	for (; *w; w++, j->s++)
		if (j->s >= j->end || *j->s != (unsigned char)*w)
			return tjson_fail(j, p, "an unknown word");
	return 0;
}

static inline int tjson_value(struct tjson *j, int depth);

/* tjson_members: the members of the object or the elements of the array
 * opened at j->s (close is its closing bracket), past its close. */
static inline int tjson_members(struct tjson *j, int depth, int object, unsigned char close)
{
	const unsigned char *open = j->s++;

	if (depth >= TJSON_DEPTH)
		return tjson_fail(j, open, "nested too deep");
	tjson_ws(j);
	if (j->s < j->end && *j->s == close) {
		j->s++;
		return 0;
	}
	for (;;) {
		tjson_ws(j);
		if (object) {
			if (j->s >= j->end || *j->s != '"')
				return tjson_fail(j, j->s, "an object key that is not a string");
			if (tjson_string(j) != 0)
				return -1;
			tjson_ws(j);
			if (j->s >= j->end || *j->s != ':')
				return tjson_fail(j, j->s, "an object key without its colon");
			j->s++;
		}
		if (tjson_value(j, depth + 1) != 0)
			return -1;
		tjson_ws(j);
		if (j->s < j->end && *j->s == ',') {
			j->s++;
			continue;
		}
		if (j->s < j->end && *j->s == close) {
			j->s++;
			return 0;
		}
		return tjson_fail(j, j->s, "neither a comma nor the closing bracket");
	}
}

/* tjson_value: one JSON value at j->s (whitespace before it), past it. */
static inline int tjson_value(struct tjson *j, int depth)
{
	tjson_ws(j);
	if (j->s >= j->end)
		return tjson_fail(j, j->s, "a value missing at the end");
	switch (*j->s) {
	case '{': return tjson_members(j, depth, 1, '}');
	case '[': return tjson_members(j, depth, 0, ']');
	case '"': return tjson_string(j);
	case 't': return tjson_word(j, "true");
	case 'f': return tjson_word(j, "false");
	case 'n': return tjson_word(j, "null");
	default:
		if (*j->s == '-' || (*j->s >= '0' && *j->s <= '9'))
			return tjson_number(j);
		return tjson_fail(j, j->s, "no value starts here");
	}
}

/* tjson_check: 0 when the len bytes of doc are exactly one JSON value
 * (whitespace around it); else -1, and when why is not NULL, what was found
 * where ("at byte N: ...") in it. */
static inline int tjson_check(const char *doc, size_t len, char *why, size_t wlen)
{
	struct tjson j = { (const unsigned char *)doc, (const unsigned char *)doc + len, NULL, NULL };

	if (tjson_value(&j, 0) == 0) {
		tjson_ws(&j);
		if (j.s == j.end)
			return 0;
		tjson_fail(&j, j.s, "more after the value");
	}
	if (why != NULL)
		snprintf(why, wlen, "at byte %td: %s", j.at - (const unsigned char *)doc, j.why);
	return -1;
}

#endif
