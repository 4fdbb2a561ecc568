/* order.h: the order of the kernels in each round of a series: seeded, and balanced so that each kernel runs first, second and so on equally often. */
#ifndef CONTEST_SERIES_ORDER_H
#define CONTEST_SERIES_ORDER_H

#include <stddef.h>
#include <stdint.h>

#define SERIES_MAX_KERNELS 16
#define SERIES_MAX_ROUNDS  1000

/* series_order: into out[r * nk + p] the kernel (0..nk-1) that runs at
 * position p of round r, for rounds rounds. Each block of nk rounds is a
 * Latin square: the rounds are the nk rotations of one seeded permutation,
 * in a seeded order, so within the block every kernel holds every position
 * once and follows every other kernel equally often when nk is 2; a last,
 * partial block takes the first rounds of such a square, so no kernel
 * holds a position more than once more than another. The same seed gives
 * the same order. nk from 1 to SERIES_MAX_KERNELS. */
void series_order(size_t nk, long rounds, uint64_t seed, unsigned char *out);

/* series_seed_new: a seed from the clock and the process id. */
uint64_t series_seed_new(void);

#endif
