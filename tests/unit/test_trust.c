/* test_trust.c: unit tests of lib/trust.c: which paths only root (and one more owner) can change: owners, modes, links on the way, sticky folders, kinds, missing parts. */
#include "lib/text.h"
#include "lib/trust.h"
#include "tests/unit/t.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[PATH_MAX];   /* a folder of this test's, 0700 */
static uid_t me;              /* the owner trusted besides root */

/* at: base/rel, in a static buffer of its own (four in turn). */
static const char *at(const char *rel)
{
	static char buf[4][PATH_MAX];
	static int i;

	i = (i + 1) % 4;
	text_fmt(buf[i], sizeof buf[i], "%s/%s", base, rel);
	return buf[i];
}

/* ok: trust_path(path, k) passes. */
static int ok(const char *path, enum trust_kind k)
{
	char why[512];

	if (trust_path(path, k, me, why, sizeof why) == 0)
		return 1;
	fprintf(stderr, "refused: %s\n", why);
	return 0;
}

/* refused: trust_path(path, k) fails, its why holding want. */
static int refused(const char *path, enum trust_kind k, const char *want)
{
	char why[512] = "";

	if (trust_path(path, k, me, why, sizeof why) == 0 || strstr(why, want) == NULL) {
		fprintf(stderr, "want refused with '%s': got '%s'\n", want, why);
		return 0;
	}
	return 1;
}

/* test_modes: owner's folders and files pass; open to others, links and the wrong kind do not. */
static void test_modes(void)
{
	FILE *f = fopen(at("f"), "w");

	T_CHECK(f != NULL);
	if (f != NULL)
		fclose(f);
	chmod(at("f"), 0644);
	T_CHECK(ok("/", TRUST_DIR));
	T_CHECK(ok(base, TRUST_DIR));
	T_CHECK(ok(at("f"), TRUST_FILE));
	T_CHECK(ok(at("f"), TRUST_PARENT));
	T_CHECK(refused(at("f"), TRUST_DIR, "is not a folder"));
	T_CHECK(refused(base, TRUST_FILE, "is not a regular file"));
	chmod(at("f"), 0664);
	T_CHECK(refused(at("f"), TRUST_FILE, "can be written by others (owner "));
	chmod(at("f"), 0644);
	T_CHECK(link(at("f"), at("hard")) == 0);
	T_CHECK(refused(at("f"), TRUST_FILE, "is not a regular file with one link"));
	T_CHECK(ok(at("f"), TRUST_PARENT));   /* journal and journal.old, a moment linked */
	unlink(at("hard"));
	T_CHECK(mkfifo(at("fifo"), 0600) == 0);
	T_CHECK(refused(at("fifo"), TRUST_PARENT, "is not a regular file or a folder"));
	T_CHECK(mkdir(at("d"), 0755) == 0 && symlink(at("d"), at("ln")) == 0);
	T_CHECK(ok(at("d"), TRUST_DIR));
	T_CHECK(refused(at("ln"), TRUST_DIR, "is a symbolic link"));
	T_CHECK(refused(at("ln/x"), TRUST_PARENT, "ln is a symbolic link"));
	chmod(at("d"), 0777);
	T_CHECK(refused(at("d/x"), TRUST_PARENT, "d can be written by others (owner "));
	T_CHECK(refused(at("d"), TRUST_DIR, "mode 0777"));
	chmod(at("d"), 0755);
	T_CHECK(ok(at("d/x"), TRUST_PARENT));   /* missing: its folders count */
	T_CHECK(ok(at("d//"), TRUST_DIR));
	char why[256];
	errno = 0;
	T_CHECK(trust_path(at("nope/x"), TRUST_DIR, me, why, sizeof why) == -1 && errno == ENOENT);
	T_CHECK(strstr(why, "nope: No such file") != NULL);
	T_CHECK(ok(at("nope/x/y"), TRUST_PARENT));   /* to be made: what is there counts */
	chmod(base, 0777);
	T_CHECK(refused(at("nope/x/y"), TRUST_PARENT, "can be written by others"));
	chmod(base, 0700);
	T_CHECK(refused("rel/ative", TRUST_DIR, "is not an absolute path"));
}

/* test_sticky: a sticky folder open to all passes only when the next entry is trusted. */
static void test_sticky(void)
{
	T_CHECK(mkdir(at("t"), 0755) == 0 && chmod(at("t"), 01777) == 0 && mkdir(at("t/mine"), 0700) == 0);
	T_CHECK(ok(at("t/mine"), TRUST_DIR));
	T_CHECK(refused(at("t"), TRUST_DIR, "can be written by others"));   /* itself: never */
	chmod(at("t"), 0777);   /* open to all, not sticky: anyone could rename mine away */
	T_CHECK(refused(at("t/mine"), TRUST_DIR, "t can be written by others"));
	chmod(at("t"), 01777);
	if (geteuid() != 0) {
		printf("skip: test_trust: another user's folder needs root (chown)\n");
		return;
	}
	T_CHECK(mkdir(at("t/theirs"), 0700) == 0 && chown(at("t/theirs"), 65534, 65534) == 0);
	T_CHECK(refused(at("t/theirs"), TRUST_DIR, "is another user's, in a folder open to all"));
	T_CHECK(refused(at("t/theirs/x"), TRUST_PARENT, "uid 65534"));
	T_CHECK(mkdir(at("u"), 0755) == 0 && chown(at("u"), 65534, 65534) == 0);
	T_CHECK(refused(at("u"), TRUST_DIR, "is owned by someone else"));
}

int main(void)
{
	char cmd[PATH_MAX + 16];

	me = geteuid();
	text_copy(base, "/tmp/contest-trust.XXXXXX", sizeof base);
	if (mkdtemp(base) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_modes();
	test_sticky();
	text_fmt(cmd, sizeof cmd, "rm -rf '%s'", base);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", base);
	return t_done();
}
