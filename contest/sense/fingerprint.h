/* fingerprint.h: the environment fingerprint: kernel, command line, CPU, memory, swap, VM sysctls, THP, governor, testbed file system, contest version. */
#ifndef CONTEST_FINGERPRINT_H
#define CONTEST_FINGERPRINT_H

#include <stddef.h>

/* A fingerprint is an ordered list of key=value pairs. Keys are 1-63
 * characters of [a-z0-9._]; values are one line: tab, CR, newline and
 * every other control character become a space, leading and trailing
 * blanks go, and an empty value is "na". "na" means not available (never
 * empty, never 0).
 *
 * Use: fp_collect(&f, testbed, "/proc", "/sys", version); fp_format() to store it
 * as "key=value\n" lines, fp_parse() to read it back; fp_diff(&old, &new,
 * fn, arg) to list what differs between two runs, ignoring what differs
 * between kernels by nature (uname, kernel). fp_free() when done.
 *
 * Keys collected, in order: uname kernel cmdline cpu_model cpus
 * mem_total_kb swap vm.swappiness vm.dirty_ratio vm.dirty_background_ratio
 * vm.vfs_cache_pressure vm.overcommit_memory vm.min_free_kbytes thp
 * governor testbed_fs contest_version. */

#define FP_KEY_MAX 63
#define FP_NA      "na"
#define FP_ABSENT  "(absent)"   /* fp_diff's value for a key one side lacks */

struct fp_item {
	char *key;
	char *val;
};

struct fp {
	struct fp_item *v;
	size_t n, cap;
};

/* fp_init: an empty fingerprint (same as zero-initialized). */
void fp_init(struct fp *f);
/* fp_free: free every pair; f is empty afterwards. */
void fp_free(struct fp *f);

/* fp_key_ok: 1 when key is a valid key, else 0. */
int fp_key_ok(const char *key);

/* fp_set: set key to val cleaned as above (val NULL: "na"), replacing the
 * value of an existing key in place, else appending. 0, or -1 for an
 * invalid key (errno EINVAL) or an allocation failure (ENOMEM). */
int fp_set(struct fp *f, const char *key, const char *val);

/* fp_get: the value of key, or NULL when f has no such key. */
const char *fp_get(const struct fp *f, const char *key);

/* fp_collect: replace the contents of f (initialized) with the fingerprint
 * of this machine: files under procroot ("/proc") and sysroot ("/sys"),
 * uname(2), statfs of testbed (NULL: testbed_fs "na"), and version as
 * contest_version. Every key is always
 * set; what cannot be read is "na". 0, or -1 on allocation failure. */
int fp_collect(struct fp *f, const char *testbed, const char *procroot, const char *sysroot,
               const char *version);

/* fp_format: f as "key=value\n" lines into buf (snprintf semantics: the
 * length of the whole text is returned, buf gets what fits and is
 * NUL-terminated when len > 0; buf may be NULL when len is 0). */
size_t fp_format(const struct fp *f, char *buf, size_t len);

/* fp_parse: append the pairs of text (fp_format's lines) to f (usually
 * empty). Blank lines are ignored; a line without '=', with an invalid key
 * or with a key f already has (a repeated line) is skipped and counted in
 * *bad (bad may be NULL). 0, or -1 on allocation failure. */
int fp_parse(struct fp *f, const char *text, size_t *bad);

/* fp_diff_fn: called once per difference with the key and the values of a
 * and b (FP_ABSENT for a key on one side only). */
typedef void (*fp_diff_fn)(const char *key, const char *va, const char *vb, void *arg);

/* fp_diff: call fn (when not NULL) for every key whose value differs
 * between a and b, except uname and kernel: a's keys in a's order, then
 * those only in b in b's order. Returns the number of differences. */
size_t fp_diff(const struct fp *a, const struct fp *b, fp_diff_fn fn, void *arg);

#endif
