/* parse.c: numbers and sizes from the command line, and sizes printed for people. */
#include "lib/parse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* number: the decimal number s starts with, digits with an optional
 * fraction (".5" too when dot), into *v and *end after it; -1 when s does
 * not start with one. Only this form: no sign, space, hex, exponent, inf or
 * nan (what strtod alone would take). */
static int number(const char *s, int dot, double *v, char **end)
{
	size_t i, f = 0;

	if (s == NULL)
		return -1;
	i = strspn(s, "0123456789");
	if (s[i] == '.' && (f = strspn(s + i + 1, "0123456789")) == 0)
		return -1;              /* "5." : a point needs digits after it */
	if (i == 0 && !(dot && f > 0))
		return -1;
	errno = 0;
	*v = strtod(s, end);
	if (errno != 0 || *end != s + i + (f > 0 ? f + 1 : 0) || !isfinite(*v))
		return -1;
	return 0;
}

int parse_size(const char *s, uint64_t *bytes)
{
	char *end;
	double v, mul = 1;
	int frac;

	if (number(s, 0, &v, &end) != 0)
		return -1;
	frac = strchr(s, '.') != NULL && strchr(s, '.') < end;
	switch (*end) {
	case 'k': case 'K': mul = 1024.0; end++; break;
	case 'm': case 'M': mul = 1024.0 * 1024; end++; break;
	case 'g': case 'G': mul = 1024.0 * 1024 * 1024; end++; break;
	case 't': case 'T': mul = 1024.0 * 1024 * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end == 'i' && end[1] == 'B' && mul > 1)
		end += 2;
	else if (*end == 'B' && mul > 1)
		end++;
	if (*end != '\0' || (frac && mul == 1))   /* bytes are whole */
		return -1;
	v *= mul;
	if (v < 1 || v > 9.0e18)
		return -1;
	*bytes = (uint64_t)v;
	return 0;
}

int parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int parse_duration(const char *s, double *secs)
{
	char *end;
	double v, mul = 1;

	if (number(s, 1, &v, &end) != 0)
		return -1;
	switch (*end) {
	case 's': end++; break;
	case 'm': mul = 60; end++; break;
	case 'h': mul = 3600; end++; break;
	case 'd': mul = 86400; end++; break;
	default: break;
	}
	if (*end != '\0' || !(v * mul > 0))
		return -1;
	*secs = v * mul;
	return 0;
}

char *parse_fmt_size(uint64_t bytes, char *buf, size_t len)
{
	static const char units[] = "BKMGT";
	double v = (double)bytes;
	int i = 0;

	while (i < 4 && v >= 1024) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%lluB", (unsigned long long)bytes);
	else
		snprintf(buf, len, v < 10 ? "%.1f%c" : "%.0f%c", v, units[i]);
	return buf;
}

int parse_percent(const char *s, double *out)
{
	char *end;
	double d;

	if (number(s, 1, &d, &end) != 0 || (*end == '%' && *++end != '\0') || *end != '\0' ||
	    !(d > 0 && d < 100))
		return -1;
	*out = d;
	return 0;
}
