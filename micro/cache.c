/* cache.c: the CPU caches the system reports (sysfs cache/index*), and the choice between them and the sizes a latency curve shows. */
#include "lib/fs.h"
#include "micro/cache.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cache_line: the first line of file path into buf (newline cut); 0, or -1. */
static int cache_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

size_t micro_cache_parse(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (end == s)
		return 0;
	if (*end == 'K' || *end == 'k')
		v <<= 10;
	else if (*end == 'M' || *end == 'm')
		v <<= 20;
	else if (*end == 'G' || *end == 'g')
		v <<= 30;
	return (size_t)v;
}

int micro_cache_reported_in(const char *base, size_t size[MICRO_LEVELS])
{
	char path[PATH_MAX], line[64];
	int found = 0;

	memset(size, 0, MICRO_LEVELS * sizeof size[0]);
	for (int i = 0; i < 16; i++) {
		long level;
		size_t bytes;

		if (fs_path(path, sizeof path, "%s/index%d/type", base, i) != 0 ||
		    cache_line(path, line, sizeof line) != 0)
			break;
		if (strcmp(line, "Instruction") == 0)
			continue;
		if (fs_path(path, sizeof path, "%s/index%d/level", base, i) != 0 ||
		    cache_line(path, line, sizeof line) != 0)
			continue;
		level = strtol(line, NULL, 10);
		if (fs_path(path, sizeof path, "%s/index%d/size", base, i) != 0 ||
		    cache_line(path, line, sizeof line) != 0)
			continue;
		bytes = micro_cache_parse(line);
		if (level >= 1 && level <= MICRO_LEVELS && bytes) {
			size[level - 1] = bytes;
			found = found > level ? found : (int)level;
		}
	}
	return found;
}

int micro_cache_reported(size_t size[MICRO_LEVELS])
{
	return micro_cache_reported_in("/sys/devices/system/cpu/cpu0/cache", size);
}

size_t micro_cache_largest(const size_t size[MICRO_LEVELS])
{
	size_t best = 0;

	for (int i = 0; i < MICRO_LEVELS; i++)
		if (size[i] > best)
			best = size[i];
	return best;
}

unsigned micro_cache_choose(const size_t reported[MICRO_LEVELS], const size_t curve[MICRO_LEVELS],
			    size_t chosen[MICRO_LEVELS])
{
	unsigned from_report = 0;
	size_t below = 0;

	for (int i = 0; i < MICRO_LEVELS; i++) {
		if (reported[i]) {
			chosen[i] = reported[i];
			from_report |= 1u << i;
		} else {
			chosen[i] = curve[i] > below ? curve[i] : 0;
		}
		if (chosen[i])
			below = chosen[i];
	}
	return from_report;
}
