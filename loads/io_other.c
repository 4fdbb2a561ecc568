/* io_other.c: io_load in the -o directory, to load another disk or file system. */
#include "lib/text.h"
#include "loads/io_common.h"
#include "loads/load.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define IO_OTHER_FILE "io_other.dat"  /* in the -o directory */

/* io_other_prepare: -o must be given and be a writable directory; remove a
 * stale file; MEM must be free there. */
static int io_other_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                            size_t errlen)
{
	struct stat st;

	(void)prep;
	if (env->other == NULL) {
		text_fmt(errbuf, errlen, "io_other needs -o DIR: another disk or file system");
		return -1;
	}
	if (stat(env->other, &st) != 0) {
		text_fmt(errbuf, errlen, "io_other: -o %s: %s", env->other, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		text_fmt(errbuf, errlen, "io_other: -o %s: %s", env->other, strerror(ENOTDIR));
		return -1;
	}
	if (access(env->other, W_OK | X_OK) != 0) {
		text_fmt(errbuf, errlen, "io_other: -o %s is not writable: %s", env->other,
		         strerror(errno));
		return -1;
	}
	return io_prepare_in("io_other", env->other, IO_OTHER_FILE, env->mem, errbuf, errlen);
}

/* io_other_body: write other/io_other.dat over and over until killed. */
static void io_other_body(const struct load_env *env, const struct load_prep *prep,
                          struct load_counter *c)
{
	(void)prep;
	if (env->other == NULL)
		load_fail(c, "io_other needs -o DIR: another disk or file system");
	io_write_forever(env->other, IO_OTHER_FILE, env->mem, c);
}

/* io_other_cleanup: remove other/io_other.dat (nothing when -o is missing). */
static void io_other_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	struct stat st;

	(void)prep;
	if (env->other == NULL || stat(env->other, &st) != 0 || !S_ISDIR(st.st_mode))
		return;
	load_cleanup("io_other", env->other, IO_OTHER_FILE);
}

const struct load_desc load_io_other = {
	.name = "io_other",
	.what = "the same as io_load, in the -o directory (another disk or file system): "
	        "repeatedly writes a file of MEM bytes of zeros",
	.unit = "100 MiB written",
	.per_unit = 100.0 * 1024 * 1024,
	.work = "bytes written",
	.needs = "-o DIR; disk space: MEM there",
	.flags = LOAD_F_OTHER,
	.cost = 1.15,
	.disk_pct = 100,
	.files = { IO_OTHER_FILE },
	.prepare = io_other_prepare,
	.body = io_other_body,
	.cleanup = io_other_cleanup,
};
