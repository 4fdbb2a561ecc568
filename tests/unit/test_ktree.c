/* test_ktree.c: a kernel tree is known by its top, a subdirectory leads to it, make's "no rule" is read, the identity keeps the hash's low 32 bits, the Makefile's version and .config's size are read without make. */
#include "lib/fs.h"
#include "tests/unit/t.h"
#include "workload/ktree.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[] = "/tmp/contest-ktree.XXXXXX";

/* touch: make the empty file base/rel. */
static void touch(const char *rel)
{
	char p[4096];
	int fd;

	fs_path(p, sizeof p, "%s/%s", base, rel);
	if ((fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644)) >= 0)
		close(fd);
}

/* sub: the path base/rel into buf. */
static char *sub(char *buf, size_t len, const char *rel)
{
	fs_path(buf, len, "%s/%s", base, rel);
	return buf;
}

/* test_top: the top needs all of its marks; arch/x86 and arch/um (with a
 * scripts/ of its own) are not tops, and lead to the one above. */
static void test_top(void)
{
	char p[4096], top[4096], why[512], real[4096];

	sub(p, sizeof p, "linux/arch/x86");
	T_CHECK(fs_mkdirs(p) == 0);
	T_CHECK(fs_mkdirs(sub(p, sizeof p, "linux/arch/um/scripts")) == 0);
	T_CHECK(fs_mkdirs(sub(p, sizeof p, "linux/scripts")) == 0);
	touch("linux/Makefile");
	touch("linux/Kconfig");
	T_CHECK(!ktree_is_top(sub(p, sizeof p, "linux")));  /* no MAINTAINERS, no Kbuild */
	touch("linux/Kbuild");
	T_CHECK(ktree_is_top(sub(p, sizeof p, "linux")));
	touch("linux/MAINTAINERS");
	T_CHECK(ktree_is_top(sub(p, sizeof p, "linux")));
	for (const char *const *a = (const char *const[]){ "x86", "um", NULL }; *a; a++) {
		char rel[64];
		snprintf(rel, sizeof rel, "linux/arch/%s/Makefile", *a);
		touch(rel);
		snprintf(rel, sizeof rel, "linux/arch/%s/Kconfig", *a);
		touch(rel);
		snprintf(rel, sizeof rel, "linux/arch/%s/Kbuild", *a);
		touch(rel);
		snprintf(rel, sizeof rel, "linux/arch/%s", *a);
		T_CHECK(!ktree_is_top(sub(p, sizeof p, rel)));
		T_CHECK(ktree_find_top(p, top, sizeof top) == 0);
		T_STREQ(top, sub(p, sizeof p, "linux"));
		T_CHECK(ktree_check(sub(p, sizeof p, rel), real, sizeof real, why, sizeof why) == -1);
		T_CHECK(strstr(why, "looks like a subdirectory of a kernel tree") != NULL);
		T_CHECK(strstr(why, top) != NULL);
	}
	T_CHECK(ktree_find_top(sub(p, sizeof p, "linux"), top, sizeof top) == -1);
	T_CHECK(ktree_check(base, real, sizeof real, why, sizeof why) == -1);
	T_CHECK(strstr(why, "is not a Linux source tree") != NULL);
	/* the top itself, configured: accepted */
	touch("linux/.config");
	T_CHECK(ktree_check(sub(p, sizeof p, "linux"), real, sizeof real, why, sizeof why) == 0);
	T_STREQ(real, p);
}

/* test_no_rule: only the goal's own "no rule" line counts. */
static void test_no_rule(void)
{
	T_CHECK(ktree_no_rule("make: *** No rule to make target 'nosuch'.  Stop.\n", "nosuch"));
	T_CHECK(ktree_no_rule("make[1]: *** No rule to make target `nosuch'.  Stop.\n"
	                      "make: *** [Makefile:123: __sub-make] Error 2\n", "nosuch"));
	T_CHECK(!ktree_no_rule("make: *** No rule to make target 'x.h', needed by 'nosuch'.  Stop.\n",
	                       "nosuch"));
	T_CHECK(!ktree_no_rule("make: *** No rule to make target 'nosuch2'.  Stop.\n", "nosuch"));
	T_CHECK(!ktree_no_rule("", "vmlinux"));
}

/* test_identity: the hash shown is the low 32 bits of the 64-bit FNV-1a. */
static void test_identity(void)
{
	char id[128];

	ktree_identity("6.1.0 \n", 0x0123456789abcdefULL, "vmlinux", id, sizeof id);
	T_STREQ(id, "linux-6.1.0:config-89abcdef:vmlinux");
	ktree_identity("", 0x5ULL, "bzImage", id, sizeof id);
	T_STREQ(id, "linux-unknown:config-00000005:bzImage");
}

/* put: base/rel holding text. */
static void put(const char *rel, const char *text)
{
	char p[4096];
	FILE *f;

	fs_path(p, sizeof p, "%s/%s", base, rel);
	if ((f = fopen(p, "w")) != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* test_version_and_size: the Makefile's version as make kernelversion
 * joins it, without make; .config's =y lines counted. */
static void test_version_and_size(void)
{
	char v[64], d[4096];
	unsigned long n;

	sub(d, sizeof d, "v");
	mkdir(d, 0755);
	T_CHECK(ktree_makefile_version(d, v, sizeof v) == -1);  /* no Makefile */
	put("v/Makefile", "# SPDX-License-Identifier: GPL-2.0\nVERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 187\n"
	    "EXTRAVERSION =\nNAME = Curry Ramen\n");
	T_CHECK(ktree_makefile_version(d, v, sizeof v) == 0);
	T_STREQ(v, "6.1.187");
	put("v/Makefile", "VERSION = 6\nPATCHLEVEL = 8\nSUBLEVEL = 0\nEXTRAVERSION = -rc3 \n");
	T_CHECK(ktree_makefile_version(d, v, sizeof v) == 0);
	T_STREQ(v, "6.8.0-rc3");
	put("v/Makefile", "VERSIONS := 1\nall:\n");
	T_CHECK(ktree_makefile_version(d, v, sizeof v) == -1);
	T_CHECK(ktree_config_y(d, &n) == -1);  /* no .config */
	put("v/.config", "#\n# CONFIG_A is not set\nCONFIG_B=y\nCONFIG_C=m\nCONFIG_D=\"y\"\nCONFIG_E=y\n");
	T_CHECK(ktree_config_y(d, &n) == 0 && n == 2);
}

int main(void)
{
	if (mkdtemp(base) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_top();
	test_no_rule();
	test_identity();
	test_version_and_size();
	if (fs_rm_at(AT_FDCWD, base) != 0)
		perror(base);
	return t_done();
}
