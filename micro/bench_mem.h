/* bench_mem.h: the memory group's methods (bench_mem.c): the latency curves' sizes, the run's largest size, lmbench's stride chain. */
#ifndef CONTEST_MICRO_BENCH_MEM_H
#define CONTEST_MICRO_BENCH_MEM_H

#include <stddef.h>

#include "micro/cache.h"
#include "micro/harness.h"

/* The memory group's methods (bench_mem.c), for tests. */
/* micro_mem_curve_max: the largest working set of the latency curves: 4 x
 * the largest reported cache, at least 64 MiB, at most 1 GiB; 256 MiB when
 * no cache is reported. */
size_t micro_mem_curve_max(const size_t reported[MICRO_LEVELS]);
/* micro_largest: the run's largest size, as lmbench's MB is its run's:
 * o->largest when given (--mb), else micro_mem_curve_max of the caches
 * this system reports. The stride walk's Main mem, the Mem read/write
 * buffers (full suite) and the file that Mmap Latency and Page Fault map
 * are this large. */
size_t micro_largest(const struct micro_opts *o);
/* micro_mem_sizes: the curves' working sets, 8 KiB x 2^k and x 1.5 x 2^k up
 * to max, into sizes[] (room for 48); their number. */
int micro_mem_sizes(size_t max, size_t *sizes);
/* micro_mem_stride_ring: lmbench 3's lat_mem_rd chain in buf[0..size): the
 * pointer at each multiple of stride points one stride on, the last to the
 * first; returns the first (where the walk starts). */
void **micro_mem_stride_ring(unsigned char *buf, size_t size, size_t stride);

#endif
