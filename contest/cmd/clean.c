/* clean.c: contest clean: remove what contest keeps in a testbed between runs, listing each with its size; and a run's closing line about them. */
#include "contest/cmd/clean.h"
#include "contest/sys/lock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/parse.h"
#include "lib/text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KEPT_MAX 64

/* One entry contest keeps in a testbed. */
struct kept {
	char name[NAME_MAX + 1];
	uint64_t bytes;           /* the disk it takes, all of a directory's entries */
};

static uint64_t walked;   /* the bytes nftw has added up so far (du_one) */

/* du_one: nftw's visit: add the disk blocks of one entry. */
static int du_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)path;
	(void)type;
	(void)ftw;
	walked += (uint64_t)st->st_blocks * 512;
	return 0;
}

/* entry_bytes: the disk dir/name takes, as du counts it (links not followed). */
static uint64_t entry_bytes(const char *dir, const char *name)
{
	char path[PATH_MAX];

	walked = 0;
	if (fs_path(path, sizeof path, "%s/%s", dir, name) == 0)
		nftw(path, du_one, 16, FTW_PHYS);
	return walked;
}

/* by_name: qsort order of kept entries. */
static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct kept *)a)->name, ((const struct kept *)b)->name);
}

/* kept_list: the entries of testbed contest keeps there (lock_kept_name)
 * and that are contest's user's, with their sizes, in name order, at most
 * KEPT_MAX into v; how many, or -1 (errno) when testbed cannot be read. */
static int kept_list(const char *testbed, struct kept *v)
{
	DIR *d = opendir(testbed);
	struct dirent *e;
	struct stat st;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL && n < KEPT_MAX)
		if (lock_kept_name(e->d_name) && fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    st.st_uid == geteuid())
			text_copy(v[n++].name, e->d_name, sizeof v[0].name);
	closedir(d);
	for (int i = 0; i < n; i++)
		v[i].bytes = entry_bytes(testbed, v[i].name);
	qsort(v, (size_t)n, sizeof v[0], by_name);
	return n;
}

void clean_say_kept(const char *testbed)
{
	static struct kept v[KEPT_MAX];
	char list[1024] = "", size[32];
	int n = kept_list(testbed, v);

	for (int i = 0; i < n; i++) {
		size_t used = strlen(list);
		text_fmt(list + used, sizeof list - used, "%s%s %s", i ? ", " : "", v[i].name,
		         parse_fmt_size(v[i].bytes, size, sizeof size));
	}
	if (n > 0)
		warnx("kept in %s for the next run: %s; contest clean -d %s removes them", testbed, list,
		      testbed);
}

/* is_testbed: 1 when dir holds contest's lock file or n (> 0) of the names it keeps. */
static int is_testbed(const char *dir, int n)
{
	char path[PATH_MAX];
	struct stat st;

	return n > 0 || (fs_path(path, sizeof path, "%s/%s", dir, LOCK_FILE) == 0 &&
	                 lstat(path, &st) == 0 && S_ISREG(st.st_mode));
}

int cmd_clean(struct opts *o)
{
	static struct kept v[KEPT_MAX];
	char real[PATH_MAX], why[768], size[32], q[TEXT_QUOTED];
	uint64_t total = 0;
	int n, failed = 0, removed = 0;

	text_quote(o->testbed, q, sizeof q);   /* echoed: one line whatever the bytes */
	if (realpath(o->testbed, real) == NULL)
		errx(EXIT_USAGE, "testbed '%s': %s; nothing removed", q, strerror(errno));
	if ((n = kept_list(real, v)) < 0)
		errx(EXIT_USAGE, "testbed '%s': %s; nothing removed", q, strerror(errno));
	if (!is_testbed(real, n))
		errx(EXIT_USAGE, "'%s' is not a contest testbed (no %s and none of the files contest keeps); "
		     "nothing removed", q, LOCK_FILE);
	/* held to the end: a run cannot start meanwhile, and one running makes clean refuse */
	if (lock_testbed(o->testbed, real, why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s; nothing removed", why);
	n = kept_list(real, v);  /* what a killed run left went in the sweep */
	for (int i = 0; i < n; i++) {
		if (fs_rm_in(real, v[i].name) != 0) {
			warn("cannot remove %s/%s", real, v[i].name);
			failed = 1;
			continue;
		}
		printf("removed %s/%s %s\n", real, v[i].name, parse_fmt_size(v[i].bytes, size, sizeof size));
		total += v[i].bytes;
		removed++;
	}
	if (removed == 0)
		printf("nothing to remove in %s\n", real);
	else
		printf("removed %d entr%s (%s) from %s; no result file touched\n", removed,
		       removed == 1 ? "y" : "ies", parse_fmt_size(total, size, sizeof size), real);
	return failed ? EXIT_RUNFAIL : 0;
}
