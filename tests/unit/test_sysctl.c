/* test_sysctl.c: --sysctl parsing, checks, setting and restoring, on a sysctl tree made by the test. */
#include "contest/sys/sysctl.h"
#include "contest/sys/undo.h"
#include "tests/unit/t.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char root[] = "/tmp/contest-test-sysctl.XXXXXX";

/* put: write text into root/rel (mode mode). */
static void put(const char *rel, const char *text, mode_t mode)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	f = fopen(path, "w");
	T_CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	chmod(path, mode);
}

/* get: the first line of root/rel. */
static const char *get(const char *rel)
{
	static char buf[256];
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	buf[0] = '\0';
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(buf, sizeof buf, f) == NULL)
			buf[0] = '\0';
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

static void test_parse(void)
{
	struct sysctl_set s;
	char why[256];

	T_CHECK(sysctl_parse("vm.swappiness=10", &s, why, sizeof why) == 0);
	T_STREQ(s.key, "vm.swappiness");
	T_STREQ(s.val, "10");
	T_CHECK(sysctl_parse("vm.page-cluster=0", &s, why, sizeof why) == 0);
	T_CHECK(sysctl_parse("kernel.printk=4 4 1 7", &s, why, sizeof why) == 0);
	T_STREQ(s.val, "4 4 1 7");
	T_CHECK(sysctl_parse("vm.swappiness=0,60,100", &s, why, sizeof why) == 0);   /* a sweep's list */
	T_CHECK(sysctl_parse("vm.swappiness", &s, why, sizeof why) == -1);
	T_STREQ(why, "'vm.swappiness' has no '=VALUE'");
	T_CHECK(sysctl_parse("vm.swappiness=", &s, why, sizeof why) == -1);
	T_STREQ(why, "'vm.swappiness=' has an empty value");
	static const char *const bad_keys[] = { "=1", "VM.swappiness=1", "vm/swappiness=1", ".vm=1", "vm.=1",
	                                        "vm..swappiness=1", "../etc=1", "vm swappiness=1" };
	for (size_t i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++) {
		T_CHECK(sysctl_parse(bad_keys[i], &s, why, sizeof why) == -1);
		T_CHECK(strstr(why, "is not a sysctl name") != NULL);
	}
	T_CHECK(sysctl_parse("vm.swappiness=1\n2", &s, why, sizeof why) == -1);
	T_STREQ(why, "the value of 'vm.swappiness' has a control character");
	char big[300];
	memset(big, '1', sizeof big);
	memcpy(big, "vm.x=", 5);
	big[sizeof big - 1] = '\0';
	T_CHECK(sysctl_parse(big, &s, why, sizeof why) == -1 && strstr(why, "longer than") != NULL);
}

/* check_refusals: keys that are missing, not files, or not writable. */
static void check_refusals(struct sysctl_set *v)
{
	char why[512], buf[256];

	T_CHECK(sysctl_parse("vm.swapiness=1", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == -1);
	snprintf(buf, sizeof buf, "--sysctl: no sysctl 'vm.swapiness' (no %s/vm/swapiness)", root);
	T_STREQ(why, buf);
	T_CHECK(sysctl_parse("vm=1", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == -1);            /* a directory */
	if (geteuid() != 0) {
		T_CHECK(sysctl_parse("vm.ro=0", &v[0], why, sizeof why) == 0);
		T_CHECK(sysctl_check(&v[0], why, sizeof why) == -1 && strstr(why, "--sysctl needs root") != NULL);
	} else {
		printf("skip: root can write a read-only file; the needs-root message is checked by hand\n");
	}
}

/* check_set_restore: settings applied, changed, and restored by the setter
 * (not by a forked child), also from the shared table (as the watcher). */
static void check_set_restore(struct sysctl_set *v)
{
	char why[512], buf[256];

	T_CHECK(sysctl_parse("vm.swappiness=10", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_parse("vm.dirty_ratio=5", &v[1], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == 0 && sysctl_check(&v[1], why, sizeof why) == 0);
	T_STREQ(v[0].old, "60");
	T_STREQ(v[1].old, "20");
	T_CHECK(sysctl_apply(v, 2, why, sizeof why) == 0);
	T_STREQ(get("vm/swappiness"), "10");
	T_STREQ(get("vm/dirty_ratio"), "5");
	sysctl_applied(buf, sizeof buf);
	T_STREQ(buf, "vm.swappiness=10 vm.dirty_ratio=5");
	T_CHECK(sysctl_change("vm.swappiness", "100", why, sizeof why) == 0);
	T_STREQ(get("vm/swappiness"), "100");
	sysctl_applied(buf, sizeof buf);
	T_STREQ(buf, "vm.swappiness=100 vm.dirty_ratio=5");
	T_CHECK(sysctl_change("vm.other", "1", why, sizeof why) == -1);

	/* a forked child that exits never restores: only the setter does */
	fflush(stdout);
	pid_t kid = fork();
	if (kid == 0)
		exit(0);
	int st = -1;
	waitpid(kid, &st, 0);
	T_STREQ(get("vm/swappiness"), "100");

	T_CHECK(undo_all() == 0);
	T_STREQ(get("vm/swappiness"), "60");
	T_STREQ(get("vm/dirty_ratio"), "20");
	sysctl_applied(buf, sizeof buf);
	T_STREQ(buf, "");
	T_CHECK(undo_all() == 0);                                  /* nothing left to do */

	/* the shared table (the watcher's view) restores the same way */
	T_CHECK(undo_share() == 0);
	T_CHECK(sysctl_apply(v, 1, why, sizeof why) == 0);
	fflush(stdout);
	kid = fork();
	if (kid == 0)
		_exit(undo_all() == 0 ? 0 : 1);                    /* as the watcher does */
	waitpid(kid, &st, 0);
	T_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	T_STREQ(get("vm/swappiness"), "60");
	sysctl_applied(buf, sizeof buf);
	T_STREQ(buf, "");                                                /* the parent sees it done */

}

/* check_old_values: an empty old value, and ones that could not be put back whole. */
static void check_old_values(struct sysctl_set *v)
{
	char why[512];

	/* an empty old value is put back as empty (an empty write would change nothing) */
	put("vm/ports", "", 0644);
	T_CHECK(sysctl_parse("vm.ports=47999", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == 0);
	T_STREQ(v[0].old, "");
	T_CHECK(sysctl_apply(v, 1, why, sizeof why) == 0);
	T_STREQ(get("vm/ports"), "47999");
	T_CHECK(undo_all() == 0);
	T_STREQ(get("vm/ports"), "");

	/* a value that could not be put back whole is refused before anything is set */
	char longv[200];
	memset(longv, '7', sizeof longv - 2);
	longv[sizeof longv - 2] = '\n';
	longv[sizeof longv - 1] = '\0';
	put("vm/long", longv, 0644);
	T_CHECK(sysctl_parse("vm.long=1", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == -1);
	T_STREQ(why, "--sysctl vm.long: its value is longer than 127 characters or has several lines; "
	        "contest cannot restore it");
	put("vm/lines", "1\n2\n", 0644);
	T_CHECK(sysctl_parse("vm.lines=1", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == -1 && strstr(why, "several lines") != NULL);
	memset(longv, '7', 127);                                         /* 127 fits exactly */
	longv[127] = '\0';
	put("vm/long", longv, 0644);
	T_CHECK(sysctl_parse("vm.long=1", &v[0], why, sizeof why) == 0);
	T_CHECK(sysctl_check(&v[0], why, sizeof why) == 0 && strlen(v[0].old) == 127);
}

static void test_apply_restore(void)
{
	struct sysctl_set v[2];
	char path[PATH_MAX];

	snprintf(path, sizeof path, "%s/vm", root);
	T_CHECK(mkdir(path, 0755) == 0);
	put("vm/swappiness", "60\n", 0644);
	put("vm/dirty_ratio", "20\n", 0644);
	put("vm/ro", "1\n", 0444);
	sysctl_root = root;
	check_refusals(v);
	check_set_restore(v);
	check_old_values(v);
	sysctl_root = "/proc/sys";
}

int main(void)
{
	char cmd[PATH_MAX];

	if (mkdtemp(root) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_parse();
	test_apply_restore();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", root);
	return t_done();
}
