/* xtar_load.c: repeatedly extracts a tar archive of the workload's source tree (made untimed before the run) with the real tar. */
#include "load.h"
#include "tar_common.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define XTAR_FILE "xtar_load.tar"
#define XTAR_DIR  "xtar_load.d"

/* xtar_prepare: check tar and the tree, check space for the archive and one
 * extracted copy, then create the archive (untimed); per_unit = its entries. */
static int xtar_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                        size_t errlen)
{
	struct tar_out o;

	if (env->tree == NULL || env->tree[0] == '\0') {
		util_fmt(errbuf, errlen, "xtar_load needs the workload's source tree");
		return -1;
	}
	if (tar_need("xtar_load", errbuf, errlen) != 0)
		return -1;
	if (util_path(prep->path, sizeof prep->path, "%s/%s", env->testbed, XTAR_FILE) != 0 ||
	    util_rm_in(env->testbed, XTAR_FILE) != 0 || util_rm_in(env->testbed, XTAR_DIR) != 0) {
		util_fmt(errbuf, errlen, "xtar_load: cannot remove a stale %s/%s or %s: %s",
		         env->testbed, XTAR_FILE, XTAR_DIR, strerror(errno));
		return -1;
	}
	if (tar_create("xtar_load", env->tree, "/dev/null", &o, errbuf, errlen) != 0)
		return -1;
	if (load_need_space("xtar_load", env->testbed, 2 * o.bytes, errbuf, errlen) != 0)
		return -1;
	if (tar_create("xtar_load", env->tree, prep->path, &o, errbuf, errlen) != 0)
		return -1;
	prep->per_unit = (double)o.entries;
	return 0;
}

/* xtar_body: forever: make the extraction directory, extract the archive
 * into it with tar -xv counting the listed entries, remove what was extracted. */
static void xtar_body(const struct load_env *env, const struct load_prep *prep,
                      struct load_counter *c)
{
	char dir[PATH_MAX], why[256];
	char *argv[] = { "tar", "-xvf", (char *)prep->path, "-C", dir, NULL };
	struct tar_out o;

	if (util_path(dir, sizeof dir, "%s/%s", env->testbed, XTAR_DIR) != 0)
		load_fail(c, "%s/%s: %s", env->testbed, XTAR_DIR, strerror(errno));
	for (;;) {
		int st;

		if (util_rm_in(env->testbed, XTAR_DIR) != 0)
			load_fail(c, "cannot remove the extracted tree %s: %s", dir, strerror(errno));
		if (mkdir(dir, 0755) != 0)
			load_fail(c, "cannot create %s: %s", dir, strerror(errno));
		st = tar_run(argv, c, &o);
		if (st < 0)
			load_fail(c, "cannot run tar: %s", strerror(errno));
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			tar_why(st, &o, why, sizeof why);
			load_fail(c, "extracting %s: %s", prep->path, why);
		}
		if (o.entries == 0)
			load_fail(c, "tar extracted no entries from %s", prep->path);
	}
}

/* xtar_cleanup: remove the archive and the extraction directory. */
static void xtar_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	if (util_rm_in(env->testbed, XTAR_DIR) != 0)
		warn("xtar_load: cannot remove %s/%s", env->testbed, XTAR_DIR);
	if (util_rm_in(env->testbed, XTAR_FILE) != 0)
		warn("xtar_load: cannot remove %s/%s", env->testbed, XTAR_FILE);
}

const struct load_desc load_xtar_load = {
	.name = "xtar_load",
	.alias = "tarx_load",
	.what = "repeatedly extracts a tar archive of the workload's source tree (archive made before the run, untimed)",
	.unit = "one archive extracted",
	.per_unit = 1,
	.work = "entries extracted",
	.needs = "tar; disk space: the source tree twice (archive and extracted copy) in the testbed",
	.flags = LOAD_F_TREE,
	.prepare = xtar_prepare,
	.body = xtar_body,
	.cleanup = xtar_cleanup,
};
