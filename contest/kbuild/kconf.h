/* kconf.h: a kernel build's config: contest's guest fragment on top of tinyconfig, or the user's own file; its bytes for the cache key; what a guest needs of it, checked before building. */
#ifndef CONTEST_KBUILD_KCONF_H
#define CONTEST_KBUILD_KCONF_H

#include "contest/kbuild/ksys.h"

#include <stddef.h>

#define KCONF_FRAGMENT "guest.config"   /* the fragment's file name, beside contest or in its share/ */
#define KCONF_BASE     "tinyconfig"     /* the make target the fragment goes on top of */
#define KCONF_MAX      (4u << 20)       /* the largest config file read */

/* A config chosen: the fragment's or the user's file, read whole. */
struct kconf {
	const char *file;   /* the file read */
	int user;           /* 1: the user's own .config; 0: contest's fragment */
	char *text;         /* its bytes (malloc'd, NUL-ended) */
	size_t n;
};

/* kconf_load: c made from the user's config file (user not NULL) or the
 * fragment (fragment). 0, or -1 with why naming the file. kconf_free
 * frees it. */
int kconf_load(struct kconf *c, const char *user, const char *fragment, char *why, size_t len);
void kconf_free(struct kconf *c);

/* kconf_hash: a 64-bit FNV-1a hash of what makes a build's config: its
 * kind (fragment on KCONF_BASE, or a user's file) and its bytes. */
unsigned long long kconf_hash(const struct kconf *c);

/* kconf_apply: the .config of the kernel tree src made from c with make
 * (argv: the make command and its variables, NULL-ended, without a
 * target), each step's output appended to log: KCONF_BASE, the fragment
 * appended and olddefconfig; or the user's file copied in and
 * olddefconfig. 0, or -1 with why (the step that failed). */
int kconf_apply(const struct kbuild_sys *sys, const struct kconf *c, const char *src, char *const make[],
                const char *log, char *why, size_t len);

/* kconf_check: the names of the options a guest needs that the .config
 * file path lacks (not =y, or not =y or =m where a module will do),
 * blank-separated, into missing ("" when none). 0, or -1 when path cannot
 * be read. */
int kconf_check(const char *path, char *missing, size_t mlen);

/* kconf_needs: the options a guest needs, "CONFIG_NAME" or "CONFIG_NAME?m"
 * (a module will do), NULL-ended. */
extern const char *const kconf_needs[];

/* kconf_fragment_path: the fragment that goes with the program path
 * (argv[0] as contest found itself): PROGDIR/guest.config (the build
 * folder), else PROGDIR/../share/contest/guest.config (make install). 0, or
 * -1 when neither is readable (out then names the installed one). */
int kconf_fragment_path(const char *program, char *out, size_t len);

#endif
