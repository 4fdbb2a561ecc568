/* ktree.h: a configured Linux source tree as the reference workload (-t DIR). */
#ifndef CONTEST_KTREE_H
#define CONTEST_KTREE_H

#include <stddef.h>

#define KTREE_TARGET "vmlinux"

/* ktree_check: dir must be a Linux source tree (Makefile and Kconfig at its
 * top), configured (.config present) and writable. Stores its absolute path
 * in real. Returns 0, or -1 with a one-line reason naming dir in errbuf. */
int ktree_check(const char *dir, char *real, size_t reallen, char *errbuf, size_t errlen);

/* ktree_config_hash: FNV-1a 64 of dir/.config into *hash; 0 or -1 with errno. */
int ktree_config_hash(const char *dir, unsigned long long *hash);

/* ktree_identity: "linux-VERSION:config-HASH:TARGET" into buf, VERSION being
 * what `make kernelversion` printed (first line, trimmed). */
void ktree_identity(const char *version, unsigned long long hash, const char *target,
                    char *buf, size_t len);

#endif
