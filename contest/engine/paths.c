/* paths.c: the directories a run uses (the testbed, the results directory and -o's), checked and resolved once when its plan is made. */
#include "contest/engine/paths.h"
#include "contest/sys/lock.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

int plan_dir_resolve(struct plan_dir *d, const char *what, char *why, size_t len)
{
	char q[TEXT_QUOTED];

	text_quote(d->given, q, sizeof q);   /* echoed: one line whatever the bytes */
	d->path[0] = '\0';
	if (fs_mkdirs(d->given) != 0) {
		text_fmt(why, len, "cannot create %s '%s': %s", what, q, strerror(errno));
		return -1;
	}
	if (realpath(d->given, d->path) == NULL) {
		d->path[0] = '\0';
		text_fmt(why, len, "%s '%s': %s", what, q, strerror(errno));
		return -1;
	}
	if (access(d->path, W_OK | X_OK) != 0) {
		text_fmt(why, len, "%s '%s' is not writable: %s", what, q, strerror(errno));
		return -1;
	}
	return 0;
}

/* dir_check: the testbed (results 0) or results directory d: not another
 * program's (lock_dir_check), and when it exists, resolved. */
static int dir_check(struct plan_dir *d, int results, char *why, size_t len)
{
	const char *what = results ? "results directory" : "testbed";

	if (lock_dir_check(d->given, results, what, results ? "-R" : "-d", why, len) != 0)
		return -1;
	if (access(d->given, F_OK) != 0)
		return 0;   /* new: set-up makes and resolves it (plan_dir_resolve) */
	return plan_dir_resolve(d, what, why, len);
}

/* other_check: -o's directory d, when given (see plan_paths), resolved
 * (path "" when it cannot be: then it is used as given, and io_other says
 * what is wrong). */
static int other_check(struct plan_dir *d, char *why, size_t len)
{
	/* statfs f_type of the kernel's pseudo file systems, and their names */
	static const uint32_t magic[] = {
		0x9FA0, 0x62656572, 0x27E0EB, 0x63677270, 0x64626720, 0x74726163, 0x73636673,
		0x1CD1, 0xCAFE4A11, 0x62656570, 0x6165676C, 0xDE5E81E4, 0xF97CFF8C, 0x42494E4D,
		0x6E736673, 0x19800202, 0x65735543,
	};
	static const char *const name[] = {
		"proc", "sysfs", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs",
		"devpts", "bpf", "configfs", "pstore", "efivarfs", "selinuxfs", "binfmt_misc",
		"nsfs", "mqueue", "fusectl",
	};
	_Static_assert(sizeof magic / sizeof magic[0] == sizeof name / sizeof name[0], "one name a magic");
	char q[TEXT_QUOTED];
	struct statfs sf;
	struct stat st;

	if (d->given == NULL)
		return 0;
	text_quote(d->given, q, sizeof q);
	if (stat(d->given, &st) != 0 || statfs(d->given, &sf) != 0) {
		text_fmt(why, len, "-o '%s': %s", q, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		text_fmt(why, len, "-o '%s' is not a directory", q);
		return -1;
	}
	for (size_t i = 0; i < sizeof magic / sizeof magic[0]; i++)
		if ((uint32_t)sf.f_type == magic[i]) {
			text_fmt(why, len, "-o '%s' is on %s, a kernel pseudo file system, not one that "
			         "holds io_other's file", q, name[i]);
			return -1;
		}
	if (access(d->given, W_OK | X_OK) != 0) {
		text_fmt(why, len, "-o '%s' is not writable: %s", q, strerror(errno));
		return -1;
	}
	if (realpath(d->given, d->path) == NULL)
		d->path[0] = '\0';   /* named as given: io_other says what is wrong */
	return 0;
}

int plan_paths(struct plan *p, char *why, size_t len)
{
	if (other_check(&p->otherdir, why, len) != 0 || dir_check(&p->testbed, 0, why, len) != 0)
		return -1;
	return dir_check(&p->results, 1, why, len);
}
