/* array.c: one growable array: room for more elements, doubling, overflow-checked. */
#include "lib/array.h"

#include <stdint.h>
#include <stdlib.h>

void *array_grow(void *v, size_t *cap, size_t need, size_t size, size_t first)
{
	size_t c = *cap;
	void *nv;

	if (need <= c)
		return v;
	if (c == 0)
		c = first > 0 ? first : 1;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			return NULL;
		c *= 2;
	}
	if (size == 0 || c > SIZE_MAX / size || (nv = realloc(v, c * size)) == NULL)
		return NULL;
	*cap = c;
	return nv;
}
