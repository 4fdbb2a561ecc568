/* prepare.h: what runs before the timed compile in a child an interrupt ends at once: a load's files, the built-in tree. */
#ifndef CONTEST_PREPARE_H
#define CONTEST_PREPARE_H

#include <stddef.h>
#include "contest/engine/progress.h"
#include "loads/load.h"

/* prepare_load: d's prepare, in a child an interrupt ends at once (a
 * load may write a file of MEM bytes). prep is read and filled as prepare
 * would. Returns 0, -1 with a one-line reason in why, or 1 when
 * interrupted (d's cleanup still has to run). */
int prepare_load(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                 char *why, size_t len);

/* prepare_load_shown: prepare_load with prog's live line ticking meanwhile
 * (progress_wait_begin), so its elapsed counter moves while a file is written. */
int prepare_load_shown(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                       struct progress *prog, char *why, size_t len);

/* prepare_cleanup: d's cleanup (none when NULL), with prog's live line
 * ticking meanwhile: removing a large file may take long. */
void prepare_cleanup(const struct load_desc *d, const struct load_env *env, const struct load_prep *prep,
                     struct progress *prog);

/* prepare_tree: builtin_prepare in a child an interrupt ends at once
 * (then the half-generated tree is removed). Returns 0 with the tree's
 * directory in dir, -1 with a one-line reason in why, or 1 when
 * interrupted, with what it was doing in why ("checking the existing
 * built-in workload", or "generating the built-in workload" once the check
 * found none to reuse). */
int prepare_tree(const char *testbed, const char *scale, char *dir, size_t dirlen, char *why,
                 size_t len);

#endif
