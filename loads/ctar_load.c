/* ctar_load.c: repeatedly creates a tar archive of the workload's source tree with the real tar. */
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/load.h"
#include "loads/tar_common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define CTAR_FILE "ctar_load.tar"

/* ctar_prepare: check tar and the tree, count the tree's entries (an archive
 * to /dev/null) for per_unit, remove a stale archive, check space for one. */
static int ctar_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                        size_t errlen)
{
	struct tar_out o;
	int dfd = tar_prepare("ctar_load", env, CTAR_FILE, prep, errbuf, errlen);

	if (dfd < 0)
		return -1;
	close(dfd);
	if (tar_create("ctar_load", env->tree, -1, &o, errbuf, errlen) != 0)
		return -1;
	if (load_need_space("ctar_load", env->testbed, o.bytes, errbuf, errlen) != 0)
		return -1;
	prep->per_unit = (double)o.entries;
	return 0;
}

/* ctar_body: create the archive (O_EXCL, never through a link), then
 * forever: empty it and archive the tree into it with tar -cv (the archive
 * on tar's stdout), counting the listed entries; status 1 (a file changed
 * while read) is fine. */
static void ctar_body(const struct load_env *env, const struct load_prep *prep,
                      struct load_counter *c)
{
	char *argv[] = { "tar", "-cvf", "-", "--exclude=*.o", "--exclude=vmlinux",
	                 "-C", (char *)env->tree, ".", NULL };
	struct tar_out o;
	char why[512];
	int dfd, fd;

	if ((dfd = fs_dir_open(env->testbed, why, sizeof why)) < 0)
		load_fail(c, "%s", why);
	fd = fs_create_at(dfd, CTAR_FILE, O_WRONLY, 0644);
	if (fd < 0)
		load_fail(c, "cannot create %s: %s", prep->path, strerror(errno));
	close(dfd);
	for (;;) {
		int st;

		if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
			load_fail(c, "cannot empty %s: %s", prep->path, strerror(errno));
		st = tar_run(argv, -1, fd, -1, c, &o);
		if (st < 0)
			load_fail(c, "cannot run tar: %s", strerror(errno));
		if (!WIFEXITED(st) || WEXITSTATUS(st) > 1) {
			tar_why(st, &o, why, sizeof why);
			load_fail(c, "archiving %s into %s: %s", env->tree, prep->path, why);
		}
		if (o.entries == 0)
			load_fail(c, "tar listed no entries of %s", env->tree);
	}
}

/* ctar_cleanup: remove the archive. */
static void ctar_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	load_cleanup("ctar_load", env->testbed, CTAR_FILE);
}

const struct load_desc load_ctar_load = {
	.name = "ctar_load",
	.alias = "tarc_load",
	.what = "repeatedly creates a tar archive of the workload's source tree (real tar)",
	.unit = "one archive created",
	.per_unit = 1,
	.work = "entries archived",
	.needs = "tar; disk space: one archive of the source tree in the testbed",
	.flags = LOAD_F_TREE | LOAD_F_DISK,
	.cost = 1.0,
	.files = { CTAR_FILE },
	.prepare = ctar_prepare,
	.body = ctar_body,
	.cleanup = ctar_cleanup,
};
