/* guest_mods.h: the kernel modules a guest needs (virtio, 9p, ext4) found in a kernel's module tree with what they depend on, dependencies first, and read (decompressed) for its initramfs. */
#ifndef CONTEST_SERIES_GUEST_MODS_H
#define CONTEST_SERIES_GUEST_MODS_H

#include <limits.h>
#include <stddef.h>

#define MODS_MAX 64

/* The modules to load, in the order to load them. */
struct mods {
	size_t n;
	char name[MODS_MAX][64];       /* as the kernel names it: '-' as '_' */
	char path[MODS_MAX][PATH_MAX]; /* the file: NAME.ko, .ko.xz, .ko.zst or .ko.gz */
};

/* GUEST_MODS_WANT: what a guest needs: the host's root over 9p on virtio
 * PCI, the scratch disk (virtio_blk, ext4 and the crc32c its checksums ask
 * the crypto API for: crc32c_generic, left out where the kernel has no
 * module or built-in of that name). */
#define GUEST_MODS_WANT "virtio_pci 9pnet_virtio 9p virtio_blk ext4 crc32c_generic?"

/* mods_resolve: the modules of the tree dir (lib/modules/RELEASE, inside
 * the kernel folder root: KDIR, or IMAGE,modules=DIR's DIR) that
 * want (names split by blanks; a trailing '?' marks one that may be
 * missing) need, each after what it depends on, once each, into m. The
 * dependencies are modules.dep's when the tree has one, else each module's
 * own "depends=" field (its .modinfo), its file found through
 * modules.order; a module modules.builtin lists is built in and left out.
 * 0, or -1 with why (a module the tree does not have, naming it; dir or
 * a module file that resolves outside root, following links, refused). */
int mods_resolve(const char *root, const char *dir, const char *want, struct mods *m, char *why, size_t len);

/* mods_read: the module file path whole, decompressed (.xz through xz -dc,
 * .zst through zstd -dc, .gz through gzip -dc, given the file opened here
 * as its stdin), as a malloc'd buffer and its size; NULL with why (a
 * decompressor not in PATH said in one line). path is opened without
 * following a link (O_NOFOLLOW) and must be a regular file. */
char *mods_read(const char *path, size_t *size, char *why, size_t len);

#endif
