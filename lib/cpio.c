/* cpio.c: an uncompressed cpio "newc" archive (magic 070701, the format the kernel unpacks as an initramfs) written entry by entry. */
#include "lib/cpio.h"

#include <errno.h>
#include <string.h>

void cpio_init(struct cpio *w, FILE *f)
{
	w->f = f;
	w->ino = 1;
	w->err = 0;
}

/* pad: zero bytes up to the next multiple of 4 after n bytes written. */
static void pad(struct cpio *w, size_t n)
{
	static const char zero[4];

	if (n % 4 && fwrite(zero, 1, 4 - n % 4, w->f) != 4 - n % 4 && !w->err)
		w->err = errno ? errno : EIO;
}

/* header: the 110-byte newc header of an entry, its name and the padding. */
static void header(struct cpio *w, const char *name, unsigned mode, unsigned nlink, size_t size)
{
	size_t nlen = strlen(name) + 1;
	int n = fprintf(w->f, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X", w->ino++, mode,
	                0u, 0u, nlink, 0u, (unsigned)size, 0u, 0u, 0u, 0u, (unsigned)nlen, 0u);

	if ((n != 110 || fwrite(name, 1, nlen, w->f) != nlen) && !w->err)
		w->err = errno ? errno : EIO;
	pad(w, 110 + nlen);
}

int cpio_add(struct cpio *w, const char *name, unsigned mode, const void *data, size_t size)
{
	if (size > 0xffffffffu) {
		w->err = w->err ? w->err : EFBIG;
		errno = EFBIG;
		return -1;
	}
	header(w, name, mode, (mode & 0170000) == 0040000 ? 2 : 1, size);
	if (size > 0 && fwrite(data, 1, size, w->f) != size && !w->err)
		w->err = errno ? errno : EIO;
	pad(w, size);
	if (w->err) {
		errno = w->err;
		return -1;
	}
	return 0;
}

int cpio_end(struct cpio *w)
{
	w->ino = 0;
	header(w, "TRAILER!!!", 0, 1, 0);
	if (fflush(w->f) != 0 && !w->err)
		w->err = errno ? errno : EIO;
	if (w->err) {
		errno = w->err;
		return -1;
	}
	return 0;
}
