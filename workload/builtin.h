/* builtin.h: the built-in reference workload, a generated kernel-like C source tree. */
#ifndef CONTEST_BUILTIN_H
#define CONTEST_BUILTIN_H

#include <stddef.h>

#define BUILTIN_VERSION 1

/* builtin_scale_valid: 1 for "mini", "tiny", "small", "default", "large"; else 0. */
int builtin_scale_valid(const char *scale);

/* builtin_units: the translation units of scale (their cost is the same
 * at every scale); 0 when it is not a scale. */
unsigned builtin_units(const char *scale);

/* builtin_identity: "builtin-VERSION:SCALE" into buf. */
void builtin_identity(const char *scale, char *buf, size_t len);

/* builtin_ready: 1 when testbed/builtin-VERSION-SCALE holds the complete
 * generated tree builtin_prepare would reuse (its marker checked); else 0. */
int builtin_ready(const char *testbed, const char *scale);

/* builtin_prepare: make sure testbed/builtin-VERSION-SCALE holds the complete
 * generated tree and return its path in dir. The tree is generated once, into
 * a temporary directory renamed into place when complete, and reused on later
 * calls (a marker file names version and scale). Returns 0, or -1 with a
 * one-line reason in errbuf. */
int builtin_prepare(const char *testbed, const char *scale, char *dir, size_t dirlen,
                    char *errbuf, size_t errlen);

/* builtin_generate: write the tree for scale into dir (which must exist and
 * be empty). Deterministic: the same version and scale give byte-identical
 * files. Returns 0, or -1 with errno set. */
int builtin_generate(const char *dir, const char *scale);

#endif
