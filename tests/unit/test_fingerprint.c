/* test_fingerprint.c: unit tests of contest/sense/fingerprint.c: collection on fake /proc and /sys trees and the real ones, cleaning, format and parse, diff. */
#include "contest/cli/version.h"
#include "contest/sense/fingerprint.h"
#include "lib/fs.h"
#include "tests/unit/t.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/contest-test-fingerprint.XXXXXX";

/* The keys fp_collect sets, in order. */
static const char *const keys[] = {
	"uname", "kernel", "cmdline", "cpu_model", "cpus", "mem_total_kb", "swap",
	"vm.swappiness", "vm.dirty_ratio", "vm.dirty_background_ratio", "vm.vfs_cache_pressure",
	"vm.overcommit_memory", "vm.min_free_kbytes", "thp", "governor", "testbed_fs",
	"contest_version",
};
#define NKEYS (sizeof keys / sizeof keys[0])

/* put: write text to tmpdir/rel, making its directories; 0 or -1. */
static int put(const char *rel, const char *text)
{
	char path[PATH_MAX], *slash;
	FILE *f;
	int rc;

	if (fs_path(path, sizeof path, "%s/%s", tmpdir, rel) != 0)
		return -1;
	slash = strrchr(path, '/');
	*slash = '\0';
	if (fs_mkdirs(path) != 0)
		return -1;
	*slash = '/';
	if ((f = fopen(path, "w")) == NULL)
		return -1;
	rc = fputs(text, f) >= 0 ? 0 : -1;
	return fclose(f) == 0 ? rc : -1;
}

/* root: tmpdir/name into buf. */
static const char *root(char *buf, size_t len, const char *name)
{
	if (fs_path(buf, len, "%s/%s", tmpdir, name) != 0)
		buf[0] = '\0';
	return buf;
}

/* has_keys: f holds exactly the collected keys, in order, none empty. */
static int has_keys(const struct fp *f)
{
	if (f->n != NKEYS)
		return 0;
	for (size_t i = 0; i < NKEYS; i++)
		if (strcmp(f->v[i].key, keys[i]) != 0 || f->v[i].val[0] == '\0')
			return 0;
	return 1;
}

/* test_set: keys, cleaning of values, replacing in place. */
static void test_set(void)
{
	struct fp f = { 0 };
	char long_key[FP_KEY_MAX + 2];

	T_CHECK(fp_key_ok("vm.swappiness") && fp_key_ok("a") && fp_key_ok("x_1.2"));
	memset(long_key, 'k', sizeof long_key - 1);
	long_key[sizeof long_key - 1] = '\0';
	T_CHECK(!fp_key_ok(long_key));
	long_key[FP_KEY_MAX] = '\0';
	T_CHECK(fp_key_ok(long_key));
	T_CHECK(!fp_key_ok("") && !fp_key_ok(NULL) && !fp_key_ok("A") && !fp_key_ok("a=b") &&
	        !fp_key_ok("a b") && !fp_key_ok("a-b") && !fp_key_ok("a\n"));
	errno = 0;
	T_CHECK(fp_set(&f, "Bad", "x") == -1 && errno == EINVAL && f.n == 0);

	T_CHECK(fp_set(&f, "tabs", "a\tb\nc\r") == 0);
	T_STREQ(fp_get(&f, "tabs"), "a b c");
	T_CHECK(fp_set(&f, "lines", "\n first\n\tsecond\x01third  \n\n") == 0);
	T_STREQ(fp_get(&f, "lines"), "first  second third");
	T_CHECK(fp_set(&f, "blank", " \t\n ") == 0);
	T_STREQ(fp_get(&f, "blank"), "na");
	T_CHECK(fp_set(&f, "empty", "") == 0);
	T_STREQ(fp_get(&f, "empty"), "na");
	T_CHECK(fp_set(&f, "null", NULL) == 0);
	T_STREQ(fp_get(&f, "null"), "na");
	T_CHECK(fp_set(&f, "eq", "root=/dev/sda1 mem=512M") == 0);
	T_STREQ(fp_get(&f, "eq"), "root=/dev/sda1 mem=512M");
	T_CHECK(fp_get(&f, "missing") == NULL);
	/* replacing keeps the place */
	T_CHECK(fp_set(&f, "tabs", "new") == 0);
	T_CHECK(f.n == 6 && strcmp(f.v[0].key, "tabs") == 0);
	T_STREQ(f.v[0].val, "new");
	fp_free(&f);
	T_CHECK(f.n == 0 && f.v == NULL);
	fp_free(&f);
}

/* collect_odd: the fake tree with odd contents, then with files missing. */
static void collect_odd(struct fp *f, const char *proc, const char *sys)
{
	char none[PATH_MAX];

	/* odd contents: no swap device, malformed or zero numbers, no brackets, no model name */
	T_CHECK(put("proc/swaps", "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n") == 0);
	T_CHECK(put("proc/cpuinfo", "processor\t: 0\nBogoMIPS\t: 50.00\nCPU part\t: 0xd0c\n") == 0);
	T_CHECK(put("proc/meminfo", "MemTotal:       0 kB\n") == 0);
	T_CHECK(put("proc/cmdline", "\n") == 0);
	T_CHECK(put("sys/kernel/mm/transparent_hugepage/enabled", "always madvise never\n") == 0);
	T_CHECK(put("sys/devices/system/cpu/online", "0-\n") == 0);
	T_CHECK(put("proc/sys/vm/swappiness", "") == 0);
	T_CHECK(fp_collect(f, "/nonexistent/testbed", proc, sys, CONTEST_VERSION) == 0);
	T_CHECK(has_keys(f));
	T_STREQ(fp_get(f, "swap"), "none");
	T_STREQ(fp_get(f, "cpu_model"), "na");
	T_STREQ(fp_get(f, "mem_total_kb"), "na");
	T_STREQ(fp_get(f, "cmdline"), "na");
	T_STREQ(fp_get(f, "thp"), "na");
	T_STREQ(fp_get(f, "cpus"), "na");
	T_STREQ(fp_get(f, "vm.swappiness"), "na");
	T_STREQ(fp_get(f, "testbed_fs"), "na");
	T_STREQ(fp_get(f, "vm.dirty_ratio"), "20");
	/* missing files: the governor (no cpufreq), a sysctl */
	T_CHECK(unlink(root(none, sizeof none, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")) == 0);
	T_CHECK(unlink(root(none, sizeof none, "proc/sys/vm/min_free_kbytes")) == 0);
	T_CHECK(put("proc/swaps", "Filename Type Size Used Priority\n/dev/sdb1 partition 1048572 0 -2\n/dev/sdc1 partition\n") == 0);
	T_CHECK(fp_collect(f, tmpdir, proc, sys, CONTEST_VERSION) == 0);
	T_STREQ(fp_get(f, "governor"), "na");
	T_STREQ(fp_get(f, "vm.min_free_kbytes"), "na");
	T_STREQ(fp_get(f, "swap"), "/dev/sdb1:1048572");
}

/* test_collect_fake: a populated fake tree, then one with files missing or odd. */
static void test_collect_fake(void)
{
	char proc[PATH_MAX], sys[PATH_MAX], none[PATH_MAX];
	struct fp f = { 0 };
	struct utsname u;

	root(proc, sizeof proc, "proc");
	root(sys, sizeof sys, "sys");
	root(none, sizeof none, "none");
	T_CHECK(uname(&u) == 0);

	/* nothing there: every key still set, "na" for all that comes from files */
	T_CHECK(fp_collect(&f, NULL, none, none, CONTEST_VERSION) == 0);
	T_CHECK(has_keys(&f));
	for (size_t i = 2; i < NKEYS - 1; i++)
		T_STREQ(fp_get(&f, keys[i]), "na");
	T_STREQ(fp_get(&f, "kernel"), u.release);
	T_STREQ(fp_get(&f, "contest_version"), CONTEST_VERSION);

	T_CHECK(put("proc/cmdline", "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=4a1b2c3d-0000-4e5f-8a9b-112233445566 ro quiet mem=512M\n") == 0);
	T_CHECK(put("proc/cpuinfo",
	            "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 142\n"
	            "model name\t: Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz\nstepping\t: 10\n"
	            "flags\t\t: fpu vme de pse tsc msr\n\n"
	            "processor\t: 1\nvendor_id\t: GenuineIntel\nmodel name\t: Other CPU\n") == 0);
	T_CHECK(put("proc/meminfo", "MemTotal:       16266868 kB\nMemFree:         9137420 kB\n") == 0);
	T_CHECK(put("proc/swaps", "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
	            "/dev/nvme0n1p3                          partition\t16777212\t1024\t\t-2\n"
	            "/swapfile                               file\t\t2097148\t\t0\t\t-3\n") == 0);
	T_CHECK(put("proc/sys/vm/swappiness", "60\n") == 0);
	T_CHECK(put("proc/sys/vm/dirty_ratio", "20\n") == 0);
	T_CHECK(put("proc/sys/vm/dirty_background_ratio", "10\n") == 0);
	T_CHECK(put("proc/sys/vm/vfs_cache_pressure", "100\n") == 0);
	T_CHECK(put("proc/sys/vm/overcommit_memory", "0\n") == 0);
	T_CHECK(put("proc/sys/vm/min_free_kbytes", "67584\n") == 0);
	T_CHECK(put("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n") == 0);
	T_CHECK(put("sys/devices/system/cpu/online", "0-3,6\n") == 0);
	T_CHECK(put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "schedutil\n") == 0);
	T_CHECK(fp_collect(&f, tmpdir, proc, sys, CONTEST_VERSION) == 0);
	T_CHECK(has_keys(&f));
	T_STREQ(fp_get(&f, "cmdline"), "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=4a1b2c3d-0000-4e5f-8a9b-112233445566 ro quiet mem=512M");
	T_STREQ(fp_get(&f, "cpu_model"), "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz");
	T_STREQ(fp_get(&f, "cpus"), "5");
	T_STREQ(fp_get(&f, "mem_total_kb"), "16266868");
	T_STREQ(fp_get(&f, "swap"), "/dev/nvme0n1p3:16777212,/swapfile:2097148");
	T_STREQ(fp_get(&f, "vm.swappiness"), "60");
	T_STREQ(fp_get(&f, "vm.dirty_ratio"), "20");
	T_STREQ(fp_get(&f, "vm.dirty_background_ratio"), "10");
	T_STREQ(fp_get(&f, "vm.vfs_cache_pressure"), "100");
	T_STREQ(fp_get(&f, "vm.overcommit_memory"), "0");
	T_STREQ(fp_get(&f, "vm.min_free_kbytes"), "67584");
	T_STREQ(fp_get(&f, "thp"), "madvise");
	T_STREQ(fp_get(&f, "governor"), "schedutil");
	T_CHECK(strcmp(fp_get(&f, "testbed_fs"), "na") != 0 && fp_get(&f, "testbed_fs")[0] != '\0');
	T_STREQ(fp_get(&f, "kernel"), u.release);
	T_CHECK(strstr(fp_get(&f, "uname"), u.release) != NULL && strstr(fp_get(&f, "uname"), u.machine) != NULL);

	collect_odd(&f, proc, sys);
	fp_free(&f);
}

/* check_cpus: the cpus value collected with online holding text. */
static void check_cpus(const char *text, const char *want)
{
	char none[PATH_MAX], sys[PATH_MAX];
	struct fp f = { 0 };

	T_CHECK(put("sys/devices/system/cpu/online", text) == 0);
	T_CHECK(fp_collect(&f, NULL, root(none, sizeof none, "none"), root(sys, sizeof sys, "sys"), CONTEST_VERSION) == 0);
	T_STREQ(fp_get(&f, "cpus"), want);
	fp_free(&f);
}

/* test_cpus: the online list forms. */
static void test_cpus(void)
{
	check_cpus("0\n", "1");
	check_cpus("0-1\n", "2");
	check_cpus("0-63", "64");
	check_cpus("0,2,4-7,9\n", "7");
	check_cpus("3-1\n", "na");
	check_cpus("abc\n", "na");
	check_cpus("0-1,x\n", "na");
	check_cpus("0-1 \n", "na");
	check_cpus("", "na");
}

/* test_format_parse: the round trip, truncation, malformed lines. */
static void test_format_parse(void)
{
	char proc[PATH_MAX], sys[PATH_MAX], small[16], *text;
	struct fp a = { 0 }, b = { 0 };
	size_t len, bad = 99;

	T_CHECK(fp_collect(&a, tmpdir, root(proc, sizeof proc, "proc"), root(sys, sizeof sys, "sys"), CONTEST_VERSION) == 0);
	T_CHECK(fp_set(&a, "odd", "tab\there\nnewline = equals") == 0);
	len = fp_format(&a, NULL, 0);
	text = malloc(len + 1);
	T_CHECK(text != NULL);
	if (text == NULL)
		return;
	T_CHECK(fp_format(&a, text, len + 1) == len && strlen(text) == len);
	T_CHECK(strstr(text, "\nodd=tab here newline = equals\n") != NULL);
	T_CHECK(strncmp(text, "uname=", 6) == 0 && text[len - 1] == '\n');
	T_CHECK(fp_parse(&b, text, &bad) == 0 && bad == 0);
	T_CHECK(b.n == a.n && fp_diff(&a, &b, NULL, NULL) == 0);
	for (size_t i = 0; i < a.n && i < b.n; i++)
		T_CHECK(strcmp(a.v[i].key, b.v[i].key) == 0 && strcmp(a.v[i].val, b.v[i].val) == 0);
	T_STREQ(fp_get(&b, "uname"), fp_get(&a, "uname"));
	/* a buffer too small: snprintf semantics */
	T_CHECK(fp_format(&a, small, sizeof small) == len);
	T_CHECK(strlen(small) == sizeof small - 1 && strncmp(small, text, sizeof small - 1) == 0);
	T_CHECK(fp_format(&a, small, 1) == len && small[0] == '\0');
	free(text);
	fp_free(&b);
	fp_free(&a);
	T_CHECK(fp_format(&a, small, sizeof small) == 0 && small[0] == '\0');

	/* blank lines ignored; malformed and repeated keys skipped and counted */
	T_CHECK(fp_parse(&b, "\n"
	                     "kernel=6.1.0\n"
	                     "   \n"
	                     "no equals sign\n"
	                     "=value without key\n"
	                     "Upper=1\n"
	                     " lead=1\n"
	                     "kernel=6.2.0\n"
	                     "empty=\n"
	                     "crlf=v\r\n"
	                     "cmdline=ro mem=512M quiet\n"
	                     "last=no newline", &bad) == 0);
	T_CHECK(bad == 5);
	T_CHECK(b.n == 5);
	T_STREQ(fp_get(&b, "kernel"), "6.1.0");
	T_STREQ(fp_get(&b, "empty"), "na");
	T_STREQ(fp_get(&b, "crlf"), "v");
	T_STREQ(fp_get(&b, "cmdline"), "ro mem=512M quiet");
	T_STREQ(fp_get(&b, "last"), "no newline");
	fp_free(&b);
	T_CHECK(fp_parse(&b, "", NULL) == 0 && b.n == 0);
	T_CHECK(fp_parse(&b, "x=1", NULL) == 0 && b.n == 1);
	fp_free(&b);
}

/* The differences fp_diff reported, as "key:va:vb;" text. */
struct seen {
	char text[512];
};

/* note: fp_diff callback appending to a struct seen. */
static void note(const char *key, const char *va, const char *vb, void *arg)
{
	struct seen *s = arg;
	size_t n = strlen(s->text);

	snprintf(s->text + n, sizeof s->text - n, "%s:%s:%s;", key, va, vb);
}

/* test_diff: equal, a sysctl differs, keys on one side, kernel-only. */
static void test_diff(void)
{
	struct fp a = { 0 }, b = { 0 };
	struct seen s = { "" };
	const char *base = "uname=Linux h 6.1.0 #1 SMP x86_64\nkernel=6.1.0\ncmdline=ro quiet\n"
	                   "vm.swappiness=60\nthp=madvise\ncontest_version=0.1.0\n";

	T_CHECK(fp_parse(&a, base, NULL) == 0 && fp_parse(&b, base, NULL) == 0);
	T_CHECK(fp_diff(&a, &b, note, &s) == 0 && s.text[0] == '\0');
	/* another kernel alone: no difference */
	T_CHECK(fp_set(&b, "uname", "Linux h 6.6.0 #2 SMP x86_64") == 0 && fp_set(&b, "kernel", "6.6.0") == 0);
	T_CHECK(fp_diff(&a, &b, note, &s) == 0 && s.text[0] == '\0');
	/* one sysctl differs */
	T_CHECK(fp_set(&b, "vm.swappiness", "10") == 0);
	T_CHECK(fp_diff(&a, &b, note, &s) == 1);
	T_STREQ(s.text, "vm.swappiness:60:10;");
	/* the command line counts */
	s.text[0] = '\0';
	T_CHECK(fp_set(&b, "cmdline", "ro quiet mem=512M") == 0);
	T_CHECK(fp_diff(&a, &b, note, &s) == 2);
	T_STREQ(s.text, "cmdline:ro quiet:ro quiet mem=512M;vm.swappiness:60:10;");
	/* keys on one side only, both ways; without a callback only the count */
	s.text[0] = '\0';
	T_CHECK(fp_set(&a, "governor", "performance") == 0 && fp_set(&b, "testbed_fs", "xfs") == 0);
	T_CHECK(fp_diff(&a, &b, note, &s) == 4);
	T_STREQ(s.text, "cmdline:ro quiet:ro quiet mem=512M;vm.swappiness:60:10;"
	                "governor:performance:(absent);testbed_fs:(absent):xfs;");
	T_CHECK(fp_diff(&b, &a, NULL, NULL) == 4);
	/* a kernel key on one side only is no difference either */
	fp_free(&b);
	T_CHECK(fp_parse(&b, "cmdline=ro quiet\nvm.swappiness=60\nthp=madvise\ncontest_version=0.1.0\n", NULL) == 0);
	T_CHECK(fp_set(&a, "governor", NULL) == 0);
	s.text[0] = '\0';
	T_CHECK(fp_diff(&a, &b, note, &s) == 1);
	T_STREQ(s.text, "governor:na:(absent);");
	fp_free(&a);
	fp_free(&b);
	T_CHECK(fp_diff(&a, &b, note, &s) == 0);
}

/* test_real: the real /proc and /sys: every key there, none empty. */
static void test_real(void)
{
	struct fp f = { 0 };
	struct utsname u;
	const char *v;

	T_CHECK(fp_collect(&f, "/tmp", "/proc", "/sys", CONTEST_VERSION) == 0);
	T_CHECK(has_keys(&f));
	for (size_t i = 0; i < NKEYS; i++) {
		v = fp_get(&f, keys[i]);
		T_CHECK(v != NULL && v[0] != '\0' && strchr(v, '\n') == NULL && strchr(v, '\t') == NULL);
	}
	T_CHECK(uname(&u) == 0);
	T_STREQ(fp_get(&f, "kernel"), u.release);
	T_STREQ(fp_get(&f, "contest_version"), CONTEST_VERSION);
	v = fp_get(&f, "mem_total_kb");
	T_CHECK(v != NULL && strspn(v, "0123456789") == strlen(v));
	fp_free(&f);
}

/* main: every group, in a temporary directory removed at the end. */
int main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_set();
	test_collect_fake();
	test_cpus();
	test_format_parse();
	test_diff();
	test_real();
	if (fs_rm_at(AT_FDCWD, tmpdir) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return t_done();
}
