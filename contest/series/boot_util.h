/* boot_util.h: what the real boot drivers share: paths under the context's root, programs found through PATH and run, the running kernel, a release read from a kernel's file name. */
#ifndef CONTEST_SERIES_BOOT_UTIL_H
#define CONTEST_SERIES_BOOT_UTIL_H

#include "contest/series/boot.h"

#include <stddef.h>

/* boot_root: c's root folder, "" for the machine (root NULL too). */
const char *boot_root(const struct boot_ctx *c);
/* boot_path: root/rel into buf (PATH_MAX); rel starts with '/'. 0, or -1
 * with errno ENAMETOOLONG. */
int boot_path(const struct boot_ctx *c, char *buf, size_t len, const char *rel);
/* boot_exists: 1 when root/rel exists (following links), else 0. */
int boot_exists(const struct boot_ctx *c, const char *rel);
/* boot_isdir: 1 when root/rel is a directory (following links), else 0. */
int boot_isdir(const struct boot_ctx *c, const char *rel);
/* boot_systemd: 1 when systemd runs (root/run/systemd/system is a directory). */
int boot_systemd(const struct boot_ctx *c);

/* boot_which: the executable regular file name in a folder of PATH, into
 * out (PATH_MAX); 0, or -1 when PATH has none (or PATH is unset: no
 * default path is searched). */
int boot_which(const char *name, char *out, size_t len);
/* boot_run: run argv (argv[0] found by boot_which) with stdin from
 * /dev/null; its standard output into out (outlen, cut to fit; out NULL:
 * thrown away). Its exit status (0 to 255), or -1 with why filled when it
 * could not be run or was killed. When the status is not 0, why says
 * "PROG exited with status N" and the last line of its standard error. */
int boot_run(char *const argv[], char *out, size_t outlen, char *why, size_t len);
/* boot_run_ok: boot_run, but any status but 0 is a failure: 0 or -1 with why. */
int boot_run_ok(char *const argv[], char *out, size_t outlen, char *why, size_t len);

/* boot_running_read: the running kernel's release (root/proc/sys/kernel/
 * osrelease, what uname -r says; uname(2) on the machine when it cannot
 * be read) and boot id (root/proc/sys/kernel/random/boot_id). 0, or -1
 * with why. Both real drivers' running. */
int boot_running_read(const struct boot_ctx *c, struct boot_running *r, char *why, size_t len);

/* boot_release_of_path: the release a kernel's path names, into out:
 * "vmlinuz-R" (vmlinux-, bzImage-, kernel-, Image- too) gives R, and
 * ".../R/linux" (kernel-install's layout) gives R. 0, or -1 when it names none. */
int boot_release_of_path(const char *path, char *out, size_t len);
/* boot_release_ok: 1 when s looks like a release: 1 to BOOT_RELEASE_MAX-1
 * printable bytes, no blank and no '/'. */
int boot_release_ok(const char *s);
/* boot_spec_release: a ",release=R" at the end of k->spec is cut off it
 * and put in k->release (unless a release is there already). 0, or -1
 * with why when R is no release. */
int boot_spec_release(struct boot_kernel *k, char *why, size_t len);

/* boot_bzimage_release: the release in the x86 boot header of the open
 * kernel image fd: "HdrS" at 0x202, the kernel_version pointer at 0x20E (a
 * 16-bit offset from 0x200) to "RELEASE (builder) #1 ...". 0 and rel, or
 * -1 when fd holds no such header. */
int boot_bzimage_release(int fd, char *rel, size_t len);

/* boot_conf_get: key's value in the "key value" lines of a loader entry
 * or loader.conf text into out, trimmed; 0, or -1 when absent. */
int boot_conf_get(const char *text, const char *key, char *out, size_t len);
/* boot_release_of: the release a kernel's path names (boot_release_of_path),
 * else version when it looks like one (a release with a '.'); 0 or -1. */
int boot_release_of(const char *linux_path, const char *version, char *rel, size_t len);
/* boot_bls_read: the Boot Loader Specification entry file root/rel (GRUB's
 * blscfg, systemd-boot): 0 with its title (title NULL: not wanted; "" when
 * none) and the release its linux line (else its version line) names ("" when
 * none); -1 when it cannot be read. */
int boot_bls_read(const struct boot_ctx *c, const char *rel, char *title, size_t tlen, char *release, size_t rlen);

/* boot_trim: s without leading and trailing blanks (spaces, tabs, CR, LF),
 * in place. */
char *boot_trim(char *s);

#endif
