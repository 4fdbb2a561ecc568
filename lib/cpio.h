/* cpio.h: an uncompressed cpio "newc" archive written entry by entry, as the kernel takes an initramfs. */
#ifndef LIB_CPIO_H
#define LIB_CPIO_H

#include <stddef.h>
#include <stdio.h>

/* An archive being written to f. err is set at the first failed write and
 * kept: check it (or cpio_end's result) once at the end. */
struct cpio {
	FILE *f;
	unsigned ino;   /* the next entry's inode number */
	int err;        /* 0, or the errno of the first failed write */
};

/* cpio_init: w writes to f (open for writing, at its start). */
void cpio_init(struct cpio *w, FILE *f);

/* cpio_add: an entry name (no leading '/', such as "lib/modules/9p.ko")
 * with mode (type bits and permissions: S_IFREG | 0755, S_IFDIR | 0755)
 * and, for a file, its size bytes of data (a folder: data NULL, size 0);
 * owner root, mtime 0. 0, or -1 with errno (w->err set). */
int cpio_add(struct cpio *w, const char *name, unsigned mode, const void *data, size_t size);

/* cpio_end: the trailer written and f flushed; 0, or -1 with errno when
 * any write of the archive failed. f stays open. */
int cpio_end(struct cpio *w);

#endif
