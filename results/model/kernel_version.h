/* kernel_version.h: kernel version labels ordered as kernel versions: 2.5.41 < 2.5.41-mm1 < 2.5.42-rc1 < 2.5.42. */
#ifndef RESULTS_KVER_H
#define RESULTS_KVER_H

#include <stddef.h>

#define KVER_NUMS 6   /* the most numeric components read (2.6.8.1 has 4) */

/* A label read as a kernel version: "[v]N.N[.N...][SUFFIX]".
 * nums: the numeric components (nnums of them, 2 to KVER_NUMS);
 * pre: the pre-release kind of the first suffix token ("-preN" 1,
 * "-testN" 2, "-rcN" 3; 4: none, a release) and its number (prenum, 0
 * when it has none); tail: what follows (a patch set such as "-mm1",
 * "-ac3", "-fc-v1045", "-45-generic", "+"), compared in natural order. */
struct kernel_version {
	unsigned long nums[KVER_NUMS];
	int nnums;
	int pre;
	unsigned long prenum;
	const char *tail;   /* points into the parsed label; "" none */
};

/* kernel_version_parse: label as a kernel version into *v (v->tail points into
 * label). 0, or -1 when label is not one: it must start with an optional
 * "v", then at least two dot-separated decimal numbers (each at most 9
 * digits), the last followed by the end or one of "-+_~". */
int kernel_version_parse(const char *label, struct kernel_version *v);

/* kernel_version_cmp: <0, 0 or >0 as version a sorts before, with or after b:
 * numbers component by component (a missing one first: 2.6 < 2.6.0 <
 * 2.6.8 < 2.6.8.1); then the pre-release (pre < test < rc < the release:
 * 2.4.20-pre3 < 2.4.20-rc1 < 2.4.20); then no tail before a tail (2.5.41 <
 * 2.5.41-mm1), tails by kernel_version_natcmp (-mm2 < -mm3 < -mm3s < -mm10). */
int kernel_version_cmp(const struct kernel_version *a, const struct kernel_version *b);

/* kernel_version_natcmp: natural order of two strings: runs of digits compared as
 * numbers (leading zeros ignored, then by length), anything else byte by
 * byte; a string that is a prefix of the other first. */
int kernel_version_natcmp(const char *a, const char *b);

/* kernel_version_label_cmp: labels a and b in version order: two versions by
 * kernel_version_cmp, a version before a label that is not one; two labels that are
 * not versions, or equal versions, compare 0 (the caller keeps its order). */
int kernel_version_label_cmp(const char *a, const char *b);

#endif
