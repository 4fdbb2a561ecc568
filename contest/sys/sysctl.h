/* sysctl.h: --sysctl KEY=VALUE: check, set for the invocation, and restore the old values on every way out. */
#ifndef CONTEST_SYSCTL_H
#define CONTEST_SYSCTL_H

#include <limits.h>
#include <stddef.h>

#define SYSCTL_KEY_MAX 128
#define SYSCTL_VAL_MAX 128

/* One setting: the key ("vm.swappiness"), its file under the sysctl root,
 * the value asked for and the value found before it was set. */
struct sysctl_set {
	char key[SYSCTL_KEY_MAX];
	char val[SYSCTL_VAL_MAX];
	char old[SYSCTL_VAL_MAX];
	char path[PATH_MAX];
};

/* sysctl_root: where the sysctl files are ("/proc/sys"; tests point it at a
 * directory of their own). */
extern const char *sysctl_root;

/* sysctl_parse: "KEY=VALUE" into s (key and value only): KEY dotted words of
 * [a-z0-9_-] ("vm.swappiness", "vm.page-cluster"), VALUE one line of at most
 * SYSCTL_VAL_MAX - 1 printable characters, not empty. 0, or -1 with what is
 * wrong in why ("'vm.swappiness' has no '=VALUE'"). */
int sysctl_parse(const char *arg, struct sysctl_set *s, char *why, size_t len);

/* sysctl_check: s's key names a writable file under sysctl_root: fills
 * s->path and s->old (the current value; refused when it is longer than
 * SYSCTL_VAL_MAX - 1 or spans lines, since it could not be restored
 * whole). 0, or -1 with one
 * line in why ("no sysctl 'vm.swapiness' (no /proc/sys/vm/swapiness)",
 * "--sysctl needs root: cannot write /proc/sys/vm/swappiness"). */
int sysctl_check(struct sysctl_set *s, char *why, size_t len);

/* sysctl_apply: write each value of v[0..n) (checked), each registered in
 * the undo table (contest/sys/undo.h) before its write, so that every way
 * out writes the old value back (undo_all). On a refused write the ones this
 * call set are restored. 0, or -1 with one line in why. */
int sysctl_apply(struct sysctl_set *v, size_t n, char *why, size_t len);

/* sysctl_change: give key, applied by sysctl_apply, another value (its old
 * value stays the one to restore). 0, or -1 with one line in why. */
int sysctl_change(const char *key, const char *val, char *why, size_t len);

/* sysctl_applied: the settings in force, as "KEY=VALUE KEY=VALUE" into buf
 * ("" when none). */
void sysctl_applied(char *buf, size_t len);

/* sysctl_in_force: the i-th setting in force (its value the latest one
 * given, also by sysctl_change), or NULL past the last. */
const struct sysctl_set *sysctl_in_force(size_t i);

#endif
