/* io_common.h: the writer shared by io_load and io_other (loads/io_common.c). */
#ifndef CONTEST_IO_COMMON_H
#define CONTEST_IO_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include "loads/load.h"

/* io_prepare_in: for load NAME writing dir/file: remove a stale dir/file left
 * by a crash (that exact name only, when it is contest's own or a link), then
 * check that dir has bytes free. 0, or -1 with a one-line reason in errbuf. */
int io_prepare_in(const char *load, const char *dir, const char *file, uint64_t bytes,
                  char *errbuf, size_t errlen);

/* io_write_forever: create dir/file (O_EXCL, no symlink, relative to dir
 * opened once) and, forever, write bytes of zeros to it with 1 MiB write()s
 * from offset 0, then fdatasync and drop its pages from the cache. Adds every
 * byte written to c; any error (ENOSPC among them) fails the load with it. */
_Noreturn void io_write_forever(const char *dir, const char *file, uint64_t bytes,
                                struct load_counter *c);

#endif
