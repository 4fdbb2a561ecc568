/* bench_bw.h: the bandwidth group's units and methods (bench_bw.c): the file block, the megabyte, lmbench's bread, frd and fwr. */
#ifndef CONTEST_MICRO_BENCH_BW_H
#define CONTEST_MICRO_BENCH_BW_H

#include <stddef.h>
#include <stdint.h>

/* The write size of the files the file and VM figures read and map: 8 KiB,
 * the default block of lmdd, which writes lmbench's file. The page cache
 * keeps a file in folios of about the size it was written in, and the
 * folio size moves the figures: lmbench's own lat_pagefault and bw_file_rd
 * read otherwise on files written 4 KiB, 8 KiB or 1 MiB a time
 * (docs/measurements.md: file block). */
#define MICRO_FILE_BLOCK 8192

/* The bandwidth figures' megabyte: 10^6 bytes, as lmbench 3's (its
 * timing library and bw_mem divide by 1000 x 1000). Runs recorded before
 * this carry no MID_MB_DECIMAL line: their MB/s are of 2^20 bytes
 * (MICRO_MB_OLD, results/record/micro_metric.h). */
#define MICRO_MB 1e6
/* micro_mb_per_s: MB/s of bytes moved in ns nanoseconds. */
static inline double micro_mb_per_s(double bytes, double ns)
{
	return bytes / MICRO_MB / (ns * 1e-9);
}
/* micro_bread: lmbench 3's bread, which its bw_file_rd, bw_mmap_rd and
 * lat_ctx read data with: the sum of the 8-byte words w[0..nw), each block
 * of 128 added as one expression (a tail of fewer than 128 is left out). */
uint64_t micro_bread(const uint64_t *w, size_t nw);
/* micro_bw_frd: lmbench's bw_mem frd, the summary's Mem read: the sum of
 * every 4-byte word of w[0..nw) (nw a multiple of 128), added as lmbench's
 * binary adds them (one chain). */
uint32_t micro_bw_frd(const uint32_t *w, size_t nw);
/* micro_bw_fwr: lmbench's bw_mem fwr, the summary's Mem write: 1 into
 * every 4-byte word of w[0..nw) (nw a multiple of 128), each 512-byte
 * block stored from its last word down, as lmbench's binary stores it. */
void micro_bw_fwr(volatile uint32_t *w, size_t nw);

#endif
