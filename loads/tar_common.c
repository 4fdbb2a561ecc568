/* tar_common.c: running the real tar and counting its -v entries, shared by ctar_load and xtar_load. */
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "loads/load.h"
#include "loads/tar_common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

int tar_prepare(const char *name, const struct load_env *env, const char *file,
                struct load_prep *prep, char *errbuf, size_t errlen)
{
	int dfd;

	if (env->tree == NULL || env->tree[0] == '\0') {
		text_fmt(errbuf, errlen, "%s needs the workload's source tree", name);
		return -1;
	}
	if (tar_need(name, errbuf, errlen) != 0)
		return -1;
	if (fs_path(prep->path, sizeof prep->path, "%s/%s", env->testbed, file) != 0) {
		text_fmt(errbuf, errlen, "%s: %s/%s: %s", name, env->testbed, file, strerror(errno));
		return -1;
	}
	if ((dfd = load_dir(name, env->testbed, errbuf, errlen)) < 0)
		return -1;
	if (load_clear(name, dfd, env->testbed, file, errbuf, errlen) != 0) {
		close(dfd);
		return -1;
	}
	return dfd;
}
