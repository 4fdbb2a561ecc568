/* order.c: the seeded, balanced order of the kernels round by round (Latin squares of one seeded permutation). */
#include "contest/series/order.h"

#include <time.h>
#include <unistd.h>

/* next: splitmix64, a small generator whose stream a seed fixes. */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* shuffle: v[0..n) in a seeded order (Fisher-Yates). */
static void shuffle(unsigned char *v, size_t n, uint64_t *s)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next(s) % i);
		unsigned char t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

void series_order(size_t nk, long rounds, uint64_t seed, unsigned char *out)
{
	unsigned char perm[SERIES_MAX_KERNELS], rows[SERIES_MAX_KERNELS];
	uint64_t s = seed;

	for (size_t i = 0; i < nk; i++)
		perm[i] = (unsigned char)i;
	shuffle(perm, nk, &s);
	for (long r = 0; r < rounds; r++) {
		if (r % (long)nk == 0) {   /* a new block: its rotations in a new order */
			for (size_t i = 0; i < nk; i++)
				rows[i] = (unsigned char)i;
			shuffle(rows, nk, &s);
		}
		size_t shift = rows[r % (long)nk];
		for (size_t p = 0; p < nk; p++)
			out[(size_t)r * nk + p] = perm[(p + shift) % nk];
	}
}

uint64_t series_seed_new(void)
{
	struct timespec ts;
	uint64_t s;

	clock_gettime(CLOCK_REALTIME, &ts);
	s = (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
	return next(&s) % 1000000000ULL;   /* short enough to read out and type back */
}
