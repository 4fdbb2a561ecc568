/* array.h: one growable array: room for more elements, doubling, overflow-checked. */
#ifndef LIB_ARRAY_H
#define LIB_ARRAY_H

#include <stddef.h>

/* array_grow: v (of *cap elements of size bytes each; NULL with *cap 0 at
 * first) with room for at least need elements: unchanged when it has room,
 * else reallocated to twice its capacity (first at least `first`, and at
 * least need) with *cap updated. NULL on overflow or allocation failure, v
 * and *cap then untouched (free v as before). */
void *array_grow(void *v, size_t *cap, size_t need, size_t size, size_t first);

#endif
