/* xtar_load.c: repeatedly extracts a tar archive of the workload's source tree (made untimed before the run) with the real tar. */
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/load.h"
#include "loads/tar_common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define XTAR_FILE "xtar_load.tar"
#define XTAR_DIR  "xtar_load.d"

/* xtar_prepare: check tar and the tree, remove a stale archive and
 * extraction directory, check space for the archive and one extracted copy,
 * then create the archive (untimed, O_EXCL, never through a link); per_unit =
 * its entries. */
static int xtar_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                        size_t errlen)
{
	struct tar_out o;
	int dfd = tar_prepare("xtar_load", env, XTAR_FILE, prep, errbuf, errlen), fd, rc = -1;

	if (dfd < 0)
		return -1;
	if (load_clear("xtar_load", dfd, env->testbed, XTAR_DIR, errbuf, errlen) != 0 ||
	    tar_create("xtar_load", env->tree, -1, &o, errbuf, errlen) != 0 ||
	    load_need_space("xtar_load", env->testbed, 2 * o.bytes, errbuf, errlen) != 0)
		goto out;
	fd = fs_create_at(dfd, XTAR_FILE, O_WRONLY, 0644);
	if (fd < 0) {
		text_fmt(errbuf, errlen, "xtar_load: cannot create %s: %s", prep->path, strerror(errno));
		goto out;
	}
	rc = tar_create("xtar_load", env->tree, fd, &o, errbuf, errlen);
	if (close(fd) != 0 && rc == 0) {
		text_fmt(errbuf, errlen, "xtar_load: cannot write %s: %s", prep->path, strerror(errno));
		rc = -1;
	}
	prep->per_unit = (double)o.entries;
out:
	close(dfd);
	return rc;
}

/* xtar_body: open the archive (contest's own file, never through a link);
 * forever: make the extraction directory afresh (fs_mkdir_at), extract the
 * archive into it with tar -xv (the archive on tar's stdin, the directory
 * its working directory) counting the listed entries, then remove it (that
 * directory only, by its inode). */
static void xtar_body(const struct load_env *env, const struct load_prep *prep,
                      struct load_counter *c)
{
	/* --no-overwrite-dir: the directory stays ours (as root, tar would give
	 * it the owner and mode of the tree's top, perhaps writable by anybody);
	 * --no-same-owner, --no-same-permissions: so do the entries extracted
	 * (a world-writable source directory would otherwise let anybody plant
	 * entries that contest, as root, later removes) */
	char *argv[] = { "tar", "-xvf", "-", "--no-overwrite-dir", "--no-same-owner",
	                 "--no-same-permissions", NULL };
	char dir[PATH_MAX], why[512];
	struct stat made = { 0 };
	struct tar_out o;
	int tb, afd, dfd = -1;

	if (fs_path(dir, sizeof dir, "%s/%s", env->testbed, XTAR_DIR) != 0)
		load_fail(c, "%s/%s: %s", env->testbed, XTAR_DIR, strerror(errno));
	if ((tb = fs_dir_open(env->testbed, why, sizeof why)) < 0)
		load_fail(c, "%s", why);
	afd = openat(tb, XTAR_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (afd < 0)
		load_fail(c, "cannot open %s: %s", prep->path, strerror(errno));
	if (!fs_own_file(tb, afd))
		load_fail(c, "%s is not contest's archive", prep->path);
	for (;;) {
		int st;

		/* the last extraction's directory, held open until now so that its
		 * inode (which identifies it) cannot be another's */
		if (dfd >= 0) {
			if (fs_rm_same(tb, XTAR_DIR, &made) != 0)
				load_fail(c, "cannot remove the extracted tree %s: %s", dir, strerror(errno));
			close(dfd);
		}
		if ((dfd = fs_mkdir_at(tb, XTAR_DIR, 0755)) < 0 || fstat(dfd, &made) != 0)
			load_fail(c, "cannot create %s: %s", dir, strerror(errno));
		if (lseek(afd, 0, SEEK_SET) != 0)
			load_fail(c, "cannot rewind %s: %s", prep->path, strerror(errno));
		st = tar_run(argv, afd, -1, dfd, c, &o);
		if (st < 0)
			load_fail(c, "cannot run tar: %s", strerror(errno));
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			tar_why(st, &o, why, sizeof why);
			/* names, not paths: the reason has room for tar's message */
			load_fail(c, "extracting %s into %s: %s", XTAR_FILE, XTAR_DIR, why);
		}
		if (o.entries == 0)
			load_fail(c, "tar extracted no entries from %s", prep->path);
	}
}

/* xtar_cleanup: remove the archive and the extraction directory. */
static void xtar_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	load_cleanup("xtar_load", env->testbed, XTAR_DIR);
	load_cleanup("xtar_load", env->testbed, XTAR_FILE);
}

const struct load_desc load_xtar_load = {
	.name = "xtar_load",
	.alias = "tarx_load",
	.what = "repeatedly extracts a tar archive of the workload's source tree (archive made before the run, untimed)",
	.unit = "one archive extracted",
	.per_unit = 1,
	.work = "entries extracted",
	.needs = "tar; disk space: the source tree twice (archive and extracted copy) in the testbed",
	.flags = LOAD_F_TREE | LOAD_F_DISK,
	.cost = 1.0,
	.files = { XTAR_DIR, XTAR_FILE },
	.prepare = xtar_prepare,
	.body = xtar_body,
	.cleanup = xtar_cleanup,
};
