/* kbuild.h: a kernel built from a git revision of a Linux tree, in a worktree of its own, cached under (commit, config, compiler): a folder a guest boots (boot/vmlinuz-R, lib/modules/R). */
#ifndef CONTEST_KBUILD_KBUILD_H
#define CONTEST_KBUILD_KBUILD_H

#include "contest/kbuild/ksys.h"

#include <limits.h>
#include <stddef.h>

#define KBUILD_LOG  "build.log"    /* an entry's build log */
#define KBUILD_INFO "kbuild.info"  /* an entry's key=value lines: commit, config, compiler, release, times */
#define KBUILD_WHY  3072           /* room enough for kbuild's one line */

/* What to build. */
struct kbuild_req {
	const char *tree;       /* a Linux git checkout (never changed: the build has a worktree of its own) */
	const char *rev;        /* a revision git knows (a tag, a branch, a commit) */
	const char *config;     /* the user's own .config, made current with olddefconfig; NULL: the fragment */
	const char *fragment;   /* contest's guest fragment (kconf_fragment_path), when config is NULL */
	const char *cache;      /* the cache folder, made when missing */
	int jobs;               /* make's -j; 0: the CPUs sys counts */
};

/* What was built, or found built. */
struct kbuild_out {
	char dir[PATH_MAX];       /* the entry: CACHE/COMMIT-KEY, a KDIR for -k LABEL=DIR */
	char commit[41];          /* the revision's commit */
	char release[128];        /* the kernel's release R */
	char image[PATH_MAX];     /* DIR/boot/vmlinuz-R */
	int cached;               /* 1: found in the cache, nothing run but git rev-parse and cc --version */
	double checkout_s, configure_s, build_s;   /* this build's seconds: the worktree, the .config, the
	                                             make of bzImage, modules and their install (0: cached) */
};

/* kbuild: the kernel req names, built unless its entry is in the cache:
 * the revision resolved to a commit (git rev-parse), the key made of the
 * commit, the config's hash and the compiler's version line; the entry
 * built in a temporary folder (a detached git worktree of the tree in it,
 * configured, checked for what a guest needs, bzImage and modules made,
 * modules installed, the worktree removed) and renamed into place only
 * when complete, one build of a key at a time (a lock per key). 0 with out
 * filled; -1 with one line in why: for a failed build, the commit and the
 * log's last lines (the log kept as CACHE/COMMIT-KEY.failed.log, no
 * entry). sys: the seam (&kbuild_sys_real). */
int kbuild(const struct kbuild_sys *sys, const struct kbuild_req *req, struct kbuild_out *out, char *why,
           size_t len);

/* kbuild_tail: the last n non-blank lines of the file log, joined by
 * " | ", led by its first error line ("error:", make's "Error ") when that
 * is not among them (under make -j other jobs' lines follow it), into out
 * ("" when it cannot be read). */
void kbuild_tail(const char *log, int n, char *out, size_t len);

#endif
