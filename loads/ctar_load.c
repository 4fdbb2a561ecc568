/* ctar_load.c: repeatedly creates a tar archive of the workload's source tree with the real tar. */
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "loads/load.h"
#include "loads/tar_common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define CTAR_FILE "ctar_load.tar"

/* Reading tar's output line by line; only a line's first bytes are kept. */
struct tar_line {
	char buf[200];
	size_t len;
};

int tar_need(const char *name, char *errbuf, size_t errlen)
{
	char *argv[] = { "tar", "--version", NULL };
	int st = load_run_tool(argv, -1);

	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	text_fmt(errbuf, errlen, "%s needs tar", name);
	return -1;
}

/* tar_line_end: classify the finished line: a message, the totals, or one
 * listed entry (returns 1 for an entry, else 0). The message kept is the
 * first one, the cause (such as "Cannot mkdir: No space left on device"),
 * not the errors that follow from it ("Cannot open: No such file or
 * directory" for each file of that directory) nor tar's closing "Exiting
 * with failure status ..."; the closing one only when it is the only one. */
static int tar_line_end(struct tar_line *l, struct tar_out *out)
{
	static const char tot[] = "Total bytes written: ";
	static const char closing[] = "tar: Exiting with failure status";

	l->buf[l->len] = '\0';
	l->len = 0;
	if (l->buf[0] == '\0')
		return 0;
	if (strncmp(l->buf, "tar: ", 5) == 0) {
		if (out->msg[0] == '\0' || strncmp(out->msg, closing, sizeof closing - 1) == 0)
			text_copy(out->msg, l->buf, sizeof out->msg);
		return 0;
	}
	if (strncmp(l->buf, tot, sizeof tot - 1) == 0) {
		out->bytes = strtoull(l->buf + sizeof tot - 1, NULL, 10);
		return 0;
	}
	return 1;
}

int tar_run(char *const argv[], int in_fd, int out_fd, int dir_fd, struct load_counter *c,
            struct tar_out *out)
{
	struct tar_line l = { .len = 0 };
	char buf[16384];
	int rfd, st;
	pid_t pid;
	ssize_t n;

	memset(out, 0, sizeof *out);
	pid = load_spawn(argv, in_fd, out_fd, dir_fd, &rfd);
	if (pid < 0)
		return -1;
	for (;;) {
		uint64_t got = 0;

		n = read(rfd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n')
				got += (uint64_t)tar_line_end(&l, out);
			else if (l.len < sizeof l.buf - 1)
				l.buf[l.len++] = buf[i];
		}
		out->entries += got;
		if (c != NULL && got > 0)
			load_add(c, got);
	}
	if (l.len > 0)
		out->entries += (uint64_t)tar_line_end(&l, out);
	close(rfd);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

void tar_why(int st, const struct tar_out *out, char *buf, size_t len)
{
	char how[96];

	if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
		text_fmt(buf, len, "tar could not be executed");
		return;
	}
	proc_describe(st, how, sizeof how);
	text_fmt(buf, len, "tar %s%s%s", how, out->msg[0] ? ": " : "", out->msg);
}

int tar_create(const char *name, const char *tree, int archive_fd, struct tar_out *out,
               char *errbuf, size_t errlen)
{
	char *argv[] = { "tar", "-cvf", archive_fd < 0 ? "/dev/null" : "-", "--totals",
	                 "--exclude=*.o", "--exclude=vmlinux", "-C", (char *)tree, ".", NULL };
	char why[256];
	int st = tar_run(argv, -1, archive_fd, -1, NULL, out);

	if (st < 0) {
		text_fmt(errbuf, errlen, "%s: cannot run tar: %s", name, strerror(errno));
		return -1;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) > 1) {
		tar_why(st, out, why, sizeof why);
		text_fmt(errbuf, errlen, "%s: archiving %s failed: %s", name, tree, why);
		return -1;
	}
	if (out->entries == 0) {
		text_fmt(errbuf, errlen, "%s: tar listed no entries of %s", name, tree);
		return -1;
	}
	return 0;
}

/* ctar_prepare: check tar and the tree, count the tree's entries (an archive
 * to /dev/null) for per_unit, remove a stale archive, check space for one. */
static int ctar_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                        size_t errlen)
{
	struct tar_out o;
	int dfd, rc;

	if (env->tree == NULL || env->tree[0] == '\0') {
		text_fmt(errbuf, errlen, "ctar_load needs the workload's source tree");
		return -1;
	}
	if (tar_need("ctar_load", errbuf, errlen) != 0)
		return -1;
	if (fs_path(prep->path, sizeof prep->path, "%s/%s", env->testbed, CTAR_FILE) != 0) {
		text_fmt(errbuf, errlen, "ctar_load: %s/%s: %s", env->testbed, CTAR_FILE,
		         strerror(errno));
		return -1;
	}
	if ((dfd = load_dir("ctar_load", env->testbed, errbuf, errlen)) < 0)
		return -1;
	rc = load_clear("ctar_load", dfd, env->testbed, CTAR_FILE, errbuf, errlen);
	close(dfd);
	if (rc != 0 || tar_create("ctar_load", env->tree, -1, &o, errbuf, errlen) != 0)
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
	fd = openat(dfd, CTAR_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
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
	.flags = LOAD_F_TREE,
	.files = { CTAR_FILE },
	.prepare = ctar_prepare,
	.body = ctar_body,
	.cleanup = ctar_cleanup,
};
