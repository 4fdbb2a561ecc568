/* test_lib.c: unit tests of the ground floor lib/: the growable array, creating own files, working in a directory, durations, sizes, quoting for messages. */
#include "lib/array.h"
#include "lib/fs.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "tests/unit/t.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* test_array_grow: room as asked, doubling from first, contents kept, overflow refused. */
static void test_array_grow(void)
{
	int *v = NULL, *nv;
	size_t cap = 0;

	nv = array_grow(v, &cap, 1, sizeof *v, 4);
	T_CHECK(nv != NULL && cap == 4);
	v = nv;
	for (int i = 0; i < 4; i++)
		v[i] = i * 10;
	T_CHECK(array_grow(v, &cap, 4, sizeof *v, 4) == v && cap == 4);
	nv = array_grow(v, &cap, 5, sizeof *v, 4);
	T_CHECK(nv != NULL && cap == 8);
	v = nv;
	T_CHECK(v[0] == 0 && v[3] == 30);
	nv = array_grow(v, &cap, 33, sizeof *v, 4);
	T_CHECK(nv != NULL && cap == 64);
	v = nv;
	T_CHECK(v[3] == 30);
	T_CHECK(array_grow(v, &cap, SIZE_MAX / 2 + 2, sizeof *v, 4) == NULL && cap == 64);
	T_CHECK(array_grow(v, &cap, SIZE_MAX / 4, sizeof *v, 4) == NULL && cap == 64);
	free(v);

	cap = 0;
	v = array_grow(NULL, &cap, 3, sizeof *v, 0);
	T_CHECK(v != NULL && cap == 4);
	free(v);
}

/* count_fn: for fs_in_dir: 7 when dfd is an open directory, errno set to 42. */
static int count_fn(int dfd, void *arg)
{
	struct stat st;

	*(int *)arg += 1;
	errno = 42;
	return fstat(dfd, &st) == 0 && S_ISDIR(st.st_mode) ? 7 : -1;
}

/* test_create_in_dir: a new file only, never through a link; fs_in_dir passes fn's result and errno. */
static void test_create_in_dir(void)
{
	char dir[] = "/tmp/contest-test-lib.XXXXXX";
	int dfd, fd, calls = 0;

	T_CHECK(mkdtemp(dir) != NULL);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	T_CHECK(dfd >= 0);
	fd = fs_create_at(dfd, "f", O_WRONLY, 0600);
	T_CHECK(fd >= 0 && write(fd, "x", 1) == 1);
	T_CHECK((fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0);
	close(fd);
	T_CHECK(fs_create_at(dfd, "f", O_WRONLY, 0600) < 0 && errno == EEXIST);
	T_CHECK(symlinkat("/tmp/contest-test-lib-target-none", dfd, "l") == 0);
	T_CHECK(fs_create_at(dfd, "l", O_RDWR, 0600) < 0 && errno == EEXIST);
	T_CHECK(access("/tmp/contest-test-lib-target-none", F_OK) != 0);
	T_CHECK(fs_in_dir(dir, count_fn, &calls) == 7 && errno == 42 && calls == 1);
	T_CHECK(fs_in_dir("/nonexistent-contest-dir", count_fn, &calls) == -1 && errno == ENOENT && calls == 1);
	T_CHECK(fs_rm_in(dir, "f") == 0 && fs_rm_in(dir, "l") == 0);
	T_CHECK(faccessat(dfd, "f", F_OK, AT_SYMLINK_NOFOLLOW) != 0 && faccessat(dfd, "l", F_OK, AT_SYMLINK_NOFOLLOW) != 0);
	close(dfd);
	T_CHECK(rmdir(dir) == 0);
}

/* test_duration: plain seconds and the s m h d suffixes; zero, negative, junk refused. */
static void test_duration(void)
{
	static const char *const bad[] = { "", "0", "0s", "-5m", "m", "5x", "5 m", "1e999", "nan", "5mm",
		"0x10", "1e2s", "+5m", " 5m", "inf", "5.", "5.m" };
	double s = -1;

	T_CHECK(parse_duration("90", &s) == 0 && s == 90);
	T_CHECK(parse_duration("90s", &s) == 0 && s == 90);
	T_CHECK(parse_duration("30m", &s) == 0 && s == 1800);
	T_CHECK(parse_duration("1.5h", &s) == 0 && s == 5400);
	T_CHECK(parse_duration("2d", &s) == 0 && s == 172800);
	T_CHECK(parse_duration(".5m", &s) == 0 && s == 30);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		s = -1;
		T_CHECK(parse_duration(bad[i], &s) == -1 && s == -1);
	}
}

/* test_size: decimal digits, a fraction with a suffix, K M G T with an
 * optional B or iB; hex, signs, spaces, exponents, inf and nan refused. */
static void test_size(void)
{
	static const char *const bad[] = { "", "0", "0x10M", "0X10M", "+1G", "-1G", " 1G", "1G ",
		"1 G", "1e3M", "1E3", "inf", "nan", "infG", "1.5", "5.G", ".5G", "1..5G", "1.5.G",
		"1Q", "1GG", "1Gi", "1GiBx", "1b", "1B", "0.0000001K", "99999999T", "1,5G", "\t1G" };
	uint64_t b = 7;

	T_CHECK(parse_size("4096", &b) == 0 && b == 4096);
	T_CHECK(parse_size("512M", &b) == 0 && b == 512ULL << 20);
	T_CHECK(parse_size("512m", &b) == 0 && b == 512ULL << 20);
	T_CHECK(parse_size("2G", &b) == 0 && b == 2ULL << 30);
	T_CHECK(parse_size("2GB", &b) == 0 && b == 2ULL << 30);
	T_CHECK(parse_size("2GiB", &b) == 0 && b == 2ULL << 30);
	T_CHECK(parse_size("1.5G", &b) == 0 && b == 3ULL << 29);
	T_CHECK(parse_size("0.5K", &b) == 0 && b == 512);
	T_CHECK(parse_size("1T", &b) == 0 && b == 1ULL << 40);
	T_CHECK(parse_size("010M", &b) == 0 && b == 10ULL << 20);   /* decimal, not octal */
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		b = 7;
		T_CHECK(parse_size(bad[i], &b) == -1 && b == 7);
		if (b != 7)
			fprintf(stderr, "parse_size took '%s'\n", bad[i]);
	}
}

/* test_quote: every control byte, invalid UTF-8, the quote and the
 * backslash escaped; valid UTF-8 kept; cut with "..." to fit. */
static void test_quote(void)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "plain-2.6.0", "plain-2.6.0" },
		{ "a\nb", "a\\x0Ab" },
		{ "tab\there\r", "tab\\x09here\\x0D" },
		{ "\x1b[31mred", "\\x1B[31mred" },
		{ "del\x7f", "del\\x7F" },
		{ "it's", "it\\x27s" },
		{ "back\\slash", "back\\\\slash" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80" },
		{ "6.\xff" "18", "6.\\xFF18" },
		{ "\xc3", "\\xC3" },                       /* cut short */
		{ "\xc0\xaf", "\\xC0\\xAF" },              /* overlong '/' */
		{ "\xed\xa0\x80", "\\xED\\xA0\\x80" },     /* a surrogate */
		{ "\xf4\x90\x80\x80", "\\xF4\\x90\\x80\\x80" }, /* above U+10FFFF */
		{ "c1\xc2\x9b" "x", "c1\\xC2\\x9Bx" },     /* the C1 control CSI */
		{ "", "" },
	};
	char buf[TEXT_QUOTED], small[8];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		text_quote(cases[i].in, buf, sizeof buf);
		T_CHECK(strcmp(buf, cases[i].out) == 0);
		if (strcmp(buf, cases[i].out) != 0)
			fprintf(stderr, "case %zu: got '%s'\n", i, buf);
	}
	T_CHECK(strcmp(text_quote(NULL, buf, sizeof buf), "") == 0);
	T_CHECK(strcmp(text_quote("abcdefg", small, sizeof small), "abcdefg") == 0);
	T_CHECK(strcmp(text_quote("abcdefgh", small, sizeof small), "abcd...") == 0);
	T_CHECK(strcmp(text_quote("a\n\n\n", small, sizeof small), "a...") == 0);
	T_CHECK(strcmp(text_quote("\n", small, sizeof small), "\\x0A") == 0);
	memset(buf, 'x', sizeof buf - 1);
	buf[sizeof buf - 1] = '\0';
	char *big = strdup(buf);
	T_CHECK(big != NULL && strlen(text_quote(big, buf, sizeof buf)) == sizeof buf - 1);
	T_CHECK(strcmp(buf + sizeof buf - 4, "xxx") == 0);
	free(big);
	T_CHECK(text_utf8_len((const unsigned char *)"\xe2\x82\xac", 3) == 3);
	T_CHECK(text_utf8_len((const unsigned char *)"\xe2\x82\xac", 2) == 0);
	T_CHECK(text_utf8_len((const unsigned char *)"a", 0) == 0);
}

/* test_percent: "2", "2%", "2.5%" and ".5" above 0 and below 100; no sign,
 * space, hex, exponent, doubled or stray suffix, nor the bounds. */
static void test_percent(void)
{
	static const char *const bad[] = { "", "0", "100", "150%", "2%%", "-2", "+2", " 2", "0x10",
	                                   "1e1", "inf", "nan", "2.", "2 %", "2%x" };
	double d;

	T_CHECK(parse_percent("2", &d) == 0 && d == 2);
	T_CHECK(parse_percent("2%", &d) == 0 && d == 2);
	T_CHECK(parse_percent("2.5%", &d) == 0 && d == 2.5);
	T_CHECK(parse_percent(".5", &d) == 0 && d == 0.5);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		T_CHECK(parse_percent(bad[i], &d) == -1);
}

int main(void)
{
	test_array_grow();
	test_create_in_dir();
	test_duration();
	test_size();
	test_quote();
	test_percent();
	return t_done();
}
