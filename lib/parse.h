/* parse.h: numbers and sizes from the command line, and sizes printed for people. */
#ifndef LIB_PARSE_H
#define LIB_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* parse_size: parse "512M", "2G", "1.5G", "4096": decimal digits, a
 * fraction only with a suffix, then K M G T (binary, either case),
 * optionally followed by B or iB; a plain number is bytes. No sign, space,
 * hex, exponent, inf or nan. Returns 0 and stores bytes (a fraction rounded
 * down), or -1 when s is not such a positive size. */
int parse_size(const char *s, uint64_t *bytes);
/* parse_int: parse a decimal integer in [min, max]; -1 when not. */
int parse_int(const char *s, long min, long max, long *out);

/* parse_duration: parse a duration such as "90", "90s", "30m", "2h" or
 * "1.5h" (seconds, minutes, hours, days; a plain number is seconds; decimal
 * digits with an optional fraction, ".5m" too, nothing else) into seconds. Returns 0, or -1 when s is not a positive finite duration. */
int parse_duration(const char *s, double *secs);

/* parse_percent: s as a percentage above 0 and below 100 ("2%" or "2")
 * into *out; -1 when it is not one. */
int parse_percent(const char *s, double *out);

/* parse_fmt_size: human-readable, "1.5G", "640M", "12K", "512B"; returns buf. */
char *parse_fmt_size(uint64_t bytes, char *buf, size_t len);

#endif
