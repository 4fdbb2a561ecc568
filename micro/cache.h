/* cache.h: the CPU caches sysfs reports, and the sizes a latency curve shows (cache.c). */
#ifndef CONTEST_MICRO_CACHE_H
#define CONTEST_MICRO_CACHE_H

#include <stddef.h>

/* The cache levels a summary shows: L1, L2, L3. */
#define MICRO_LEVELS 3

/* micro_cache_parse: a sysfs cache size such as "32768K", "1M" or "512" in
 * bytes; 0 when unreadable. */
size_t micro_cache_parse(const char *s);
/* micro_cache_reported_in: the data or unified cache size of each level
 * (1..MICRO_LEVELS) that the sysfs directory base (such as
 * /sys/devices/system/cpu/cpu0/cache) reports, into size[level - 1] (0 when
 * not reported); the highest level found, 0 when none. */
int micro_cache_reported_in(const char *base, size_t size[MICRO_LEVELS]);
/* micro_cache_reported: micro_cache_reported_in for CPU 0 of this system. */
int micro_cache_reported(size_t size[MICRO_LEVELS]);
/* micro_cache_largest: the largest of size[0..MICRO_LEVELS), 0 when none. */
size_t micro_cache_largest(const size_t size[MICRO_LEVELS]);
/* micro_cache_choose: the sizes a summary shows, into chosen[]: a level the
 * system reports has its reported size; a level it does not report takes
 * the curve's guess for it when that is above the level below (else 0).
 * Returns the levels taken from the report as bits (bit 0: L1). */
unsigned micro_cache_choose(const size_t reported[MICRO_LEVELS], const size_t curve[MICRO_LEVELS],
			    size_t chosen[MICRO_LEVELS]);

#endif
