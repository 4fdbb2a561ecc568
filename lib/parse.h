/* parse.h: numbers and sizes from the command line, and sizes printed for people. */
#ifndef LIB_PARSE_H
#define LIB_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* parse_size: parse "512M", "2G", "1.5G", "4096" (bytes; K M G T binary).
 * Returns 0 and stores bytes, or -1 when s is not a positive size. */
int parse_size(const char *s, uint64_t *bytes);
/* parse_int: parse a decimal integer in [min, max]; -1 when not. */
int parse_int(const char *s, long min, long max, long *out);

/* parse_duration: parse a duration such as "90", "90s", "30m", "2h" or
 * "1.5h" (seconds, minutes, hours, days; a plain number is seconds) into
 * seconds. Returns 0, or -1 when s is not a positive finite duration. */
int parse_duration(const char *s, double *secs);

/* parse_fmt_size: human-readable, "1.5G", "640M", "12K", "512B"; returns buf. */
char *parse_fmt_size(uint64_t bytes, char *buf, size_t len);

#endif
