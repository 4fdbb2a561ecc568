/* shm.h: anonymous memory shared with the processes forked afterwards. */
#ifndef LIB_SHM_H
#define LIB_SHM_H

#include <stddef.h>

/* shm_copy: a copy of the n bytes at src in anonymous memory shared
 * with the processes forked from now on (a watcher's view of what is in
 * force); NULL when it cannot be mapped. */
void *shm_copy(const void *src, size_t n);

#endif
