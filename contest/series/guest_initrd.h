/* guest_initrd.h: a guest's initramfs (contest-init and the kernel's own modules), built in memory and kept under a name its bytes decide. */
#ifndef CONTEST_SERIES_GUEST_INITRD_H
#define CONTEST_SERIES_GUEST_INITRD_H

#include <stddef.h>
#include <stdint.h>
#include "contest/series/guest_mods.h"

/* guest_initrd_build: the initramfs of init (contest-init, the guest's
 * /init) and the modules of m, decompressed, with /modules, their load
 * order, as a malloc'd buffer *buf of *n bytes (the same inputs give the
 * same bytes). 0, or -1 with why. */
int guest_initrd_build(const char *init, const struct mods *m, char **buf, size_t *n, char *why, size_t len);

/* guest_initrd_key: the 64-bit FNV-1a hash of buf[0..n), the initramfs's
 * name in the cache. */
uint64_t guest_initrd_key(const char *buf, size_t n);

/* guest_initrd: the initramfs of init (contest-init) and the modules of
 * the kernel's module tree mods (inside the kernel folder root: see
 * mods_resolve) at GDIR/LABEL-KEY.initrd (KEY: guest_initrd_key of its bytes, 16 hex
 * digits) into out: written 0600 when it is not there (a new file, then
 * renamed), and the label's initramfs of other keys removed. 0, or -1
 * with why. */
int guest_initrd(const char *init, const char *root, const char *mods, const char *gdir, const char *label,
                 char *out, size_t olen, char *why, size_t len);

#endif
