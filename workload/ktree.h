/* ktree.h: a configured Linux source tree as the reference workload (-t DIR). */
#ifndef CONTEST_KTREE_H
#define CONTEST_KTREE_H

#include <stddef.h>

#define KTREE_TARGET "vmlinux"

/* ktree_is_top: 1 when dir has what only the top of a Linux source tree
 * has: the files Makefile, Kconfig, and MAINTAINERS or Kbuild, and the
 * directories scripts/ and arch/ (arch/x86 has the first three, arch/um
 * even a scripts/, neither an arch/). */
int ktree_is_top(const char *dir);

/* ktree_find_top: the nearest directory above the absolute path abs that
 * ktree_is_top accepts, into top (len bytes); 0, or -1 when there is none. */
int ktree_find_top(const char *abs, char *top, size_t len);

/* ktree_check: dir must be the top of a Linux source tree (ktree_is_top; a
 * subdirectory is refused naming the top above it), configured (.config
 * present) and writable. Stores its absolute path in real. Returns 0, or -1
 * with a one-line reason naming dir in errbuf. */
int ktree_check(const char *dir, char *real, size_t reallen, char *errbuf, size_t errlen);

/* ktree_config_hash: FNV-1a 64 of dir/.config into *hash; 0 or -1 with errno. */
int ktree_config_hash(const char *dir, unsigned long long *hash);

/* ktree_config_y: the lines of dir/.config that build something in
 * ("CONFIG_...=y"), a rough size of what the tree compiles; 0, or -1 with
 * errno when it cannot be read. */
int ktree_config_y(const char *dir, unsigned long *lines);

/* ktree_makefile_version: what `make kernelversion` prints, read from the
 * top of dir/Makefile (VERSION, PATCHLEVEL, SUBLEVEL, EXTRAVERSION, as
 * the kernel's Makefile joins them) without running make, into buf; 0, or
 * -1 when the Makefile cannot be read or has no VERSION. */
int ktree_makefile_version(const char *dir, char *buf, size_t len);

/* ktree_no_rule: 1 when log (make's output, NUL-terminated) says make has
 * no rule for the goal target ("No rule to make target 'TARGET'." in
 * either quoting of GNU make; not the ", needed by" form of a missing
 * prerequisite). */
int ktree_no_rule(const char *log, const char *target);

/* ktree_identity: "linux-VERSION:config-HASH:TARGET" into buf, VERSION being
 * what `make kernelversion` printed (first line, trimmed). */
void ktree_identity(const char *version, unsigned long long hash, const char *target,
                    char *buf, size_t len);

#endif
