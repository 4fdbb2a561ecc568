/* test_results.c: unit tests of result records and their files (the store: test_store.c). */
#include "lib/text.h"
#include "results/record/micro_record.h"
#include "results/record/record.h"
#include "tests/unit/tresults.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void test_labels(void)
{
	const char *good[] = { "2.5.59", "2.6.0-test4-mm4", "a", "A_b+c=d,e@f:g~h", "x.", "9" };
	const char *bad[] = { "../x", ".hidden", "-x", "", "a/b", "a b", ".", "..", "a\tb", "a\\b" };
	char l64[66], l65[67];
	const char *why;

	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		T_CHECK(rec_label_check(good[i], &why) == 0 && why == NULL);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		T_CHECK(rec_label_check(bad[i], &why) == -1 && why != NULL);
	memset(l64, 'k', 64);
	l64[64] = '\0';
	memset(l65, 'k', 65);
	l65[65] = '\0';
	T_CHECK(rec_label_check(l64, NULL) == 0);
	T_CHECK(rec_label_check(l65, &why) == -1);
	T_STREQ(why, "is longer than 64 characters");
	rec_label_check("", &why);
	T_STREQ(why, "is empty");
	rec_label_check(".hidden", &why);
	T_STREQ(why, "starts with '.'");
	rec_label_check("-x", &why);
	T_STREQ(why, "starts with '-'");
}

static void test_init_header_format(void)
{
	struct rec r;
	char buf[4096];

	rec_init(&r);
	T_CHECK(r.label[0] == '\0' && r.run == 0 && r.flushed == -1 && r.failed == 0);
	T_CHECK(isnan(r.time) && isnan(r.cpu_pct) && isnan(r.loads) && isnan(r.lcpu_pct));
	int full = rec_header(buf, sizeof buf);
	T_CHECK(full == (int)strlen(buf));
	T_STREQ(buf, "contest-loads\t1\n" OLD_COLS "\tsysctl\tconfine\tswap\tseries\tround\tboot\tguest\t" EV_COLS INTF_COLS "\n");
	T_CHECK(strcmp(rec_columns(), OLD_COLS "\tsysctl\tconfine\tswap\tseries\tround\tboot\tguest\t" EV_COLS INTF_COLS) == 0);
	char small[4];
	T_CHECK(rec_header(small, sizeof small) == full && strcmp(small, "con") == 0);
	sample(&r, "2.5.59", 3);
	r.loads = NAN;
	T_CHECK(rec_format(&r, buf, sizeof buf) > 0);
	T_STREQ(buf, "2.5.59\tno_load\t3\t2026-11-30T13:18:49.123456Z\tbox\t6.1.0\t0.1.0\t"
	             "builtin-1:tiny\t8\t2147483648\tyes\tok\t\t79.250000\t93.700000\tna\t0.000000\t"
	             "\t\t\t\t\tna\t\t\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna"
	             "\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\tna\n");
	/* in the layout of a file begun by another version: its columns, in its
	 * order, "na" for one this version does not know */
	r.ev[REV_PSWPOUT] = 12;
	T_CHECK(rec_format_as(&r, "run\tpswpout\tnewer_column\tlabel", buf, sizeof buf) > 0);
	T_STREQ(buf, "3\t12.000000\tna\t2.5.59\n");
	T_CHECK(rec_format_as(&r, "run\tpswpout", buf, 5) == -1);
	r.ev[REV_PSWPOUT] = NAN;
	int n = rec_format(&r, buf, sizeof buf);
	T_CHECK(n == (int)strlen(buf));
	T_CHECK(rec_format(&r, buf, (size_t)n) == -1);
	T_CHECK(rec_format(&r, buf, (size_t)n + 1) == n);
	r.jobs = 0;
	r.flushed = -1;
	r.failed = 1;
	text_copy(r.reason, "make\texited 2", sizeof r.reason);
	rec_format(&r, buf, sizeof buf);
	T_CHECK(strstr(buf, "\tna\t2147483648\tna\tfailed\tmake\\texited 2\t") != NULL);
	T_CHECK(rec_check(&r, NULL) == 0);
	r.run = 0;
	T_CHECK(rec_check(&r, NULL) == -1);
}

static void test_round_trip(void)
{
	struct rec r, w;
	struct rec_set set = { 0 };
	char path[PATH_MAX], text[8192];
	int n;

	sample(&r, "2.6.0-test4-mm4", 2);
	text_copy(r.host, "a\tb\\c\nd\re\\t", sizeof r.host);
	text_copy(r.reason, "killed by signal 9\n", sizeof r.reason);
	text_copy(r.workload, "tree:/usr/src/linux\tbzImage", sizeof r.workload);
	r.failed = 1;
	r.flushed = 0;
	r.loads = NAN;
	r.time = 1234.567891;
	r.mem = 18446744073709551615ULL;
	n = rec_header(text, sizeof text);
	rec_format(&r, text + n, sizeof text - (size_t)n);
	T_CHECK(strchr(text + n, '\r') == NULL);
	T_CHECK(strstr(text + n, "a\\tb\\\\c\\nd\\re\\\\t") != NULL);
	snprintf(path, sizeof path, "%s/2.6.0-test4-mm4.loads", tmpdir);
	write_file(path, text);
	T_CHECK(rec_read_file(path, &set) == 0);
	T_CHECK(set.n == 1 && set.bad == 0);
	if (set.n == 1) {
		w = set.v[0];
		T_STREQ(w.label, r.label);
		T_STREQ(w.load, r.load);
		T_CHECK(w.run == 2);
		T_STREQ(w.timestamp, r.timestamp);
		T_STREQ(w.host, r.host);
		T_STREQ(w.kernel, r.kernel);
		T_STREQ(w.version, r.version);
		T_STREQ(w.workload, r.workload);
		T_STREQ(w.reason, r.reason);
		T_CHECK(w.jobs == 8 && w.mem == r.mem && w.flushed == 0 && w.failed == 1);
		T_NEAR(w.time, 1234.567891, 1e-9);
		T_NEAR(w.cpu_pct, 93.7, 1e-9);
		T_CHECK(isnan(w.loads));
		T_NEAR(w.lcpu_pct, 0, 0);
	}
	rec_set_free(&set);
	T_CHECK(set.v == NULL && set.n == 0);
	unlink(path);
}

static void test_malformed(void)
{
	struct rec r;
	struct rec_set set = { 0 };
	char path[PATH_MAX], text[16384], line[4096], want[PATH_MAX + 64];
	const char *err;
	size_t n;

	/* a file begun by the first version (fewer columns): read as it is */
	snprintf(path, sizeof path, "%s/a.loads", tmpdir);
	n = (size_t)snprintf(text, sizeof text, "contest-loads\t1\n" OLD_COLS "\n");
	sample(&r, "a", 1);
#define rec_format(r, b, l) rec_format_as((r), OLD_COLS, (b), (l))
	rec_format(&r, line, sizeof line);
#define ADD(s) (n += (size_t)snprintf(text + n, sizeof text - n, "%s", (s)))
	ADD(line);                                                     /* 3 good */
	ADD("a\tno_load\t2\n");                                       /* 4 field count */
	r.run = 2;
	rec_format(&r, line, sizeof line);
	ADD(line);                                                     /* 5 good */
	sample(&r, "a", 3);
	rec_format(&r, line, sizeof line);
	char *t = strstr(line, "\t79.250000");
	memcpy(t, "\tabc", 4); memmove(t + 4, t + 10, strlen(t + 10) + 1);
	ADD(line);                                                     /* 6 bad number */
	ADD("../x\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1\t1\t\n");  /* 7 bad label */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tfine\t\t1\t1\t1\t1\t\n");   /* 8 bad status */
	ADD("a\tno_load\t1\tts\th\\q\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1\t1\t\n");  /* 9 unknown escape */
	ADD("\n");                                                     /* 10 blank */
	ADD("b\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1\t1\t\n");     /* 11 other label */
	ADD("a\tno_load\t0\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1\t1\t\n");     /* 12 run 0 */
	ADD("a\tNo_Load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1\t1\t\n");     /* 13 load name */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t8\t-1\tyes\tok\t\t1\t1\t1\t1\t\n");    /* 14 mem */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tmaybe\tok\t\t1\t1\t1\t1\t\n");   /* 15 flushed */
	ADD("a\tno_load\t1\t\th\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1\t1\t\n");       /* 16 timestamp */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t0\t1\tyes\tok\t\t1\t1\t1\t1\t\n");     /* 17 jobs */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\tinf\t1\t1\t1\t\n");   /* 18 inf */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\t0x10\t1\t1\t1\t\n");  /* 19 hex */
	ADD("a\tno_load\t1\tts\th\tk\tv\tw\t8\t1\tyes\tok\tx\\\t1\t1\t1\t1\t\n");  /* 20 lone backslash */
	ADD("a\tno_load\t4\tts\th\tk\tv\tw\tna\t0\tna\tfailed\tr\tna\tna\tna\tna\t\n"); /* 21 good */
	ADD("a\tno_load\t5\tts\th\tk\tv\tw\t8\t1\tyes\tok\t\t1\t1\t1");          /* 22 torn */
#undef ADD
#undef rec_format
	write_file(path, text);
	capture_begin();
	T_CHECK(rec_read_file(path, &set) == 0);
	err = capture_end();
	T_CHECK(set.n == 3);
	T_CHECK(set.bad == 17);
	if (set.n == 3) {
		T_CHECK(set.v[0].run == 1 && set.v[1].run == 2 && set.v[2].run == 4);
		T_CHECK(set.v[2].failed == 1 && set.v[2].jobs == 0 && set.v[2].mem == 0);
		T_CHECK(set.v[2].flushed == -1 && isnan(set.v[2].time));
	}
	for (int l = 4; l <= 22; l++) {
		if (l == 5 || l == 21)
			continue;
		snprintf(want, sizeof want, "contest: %s:%d: ", path, l);
		T_CHECK(strstr(err, want) != NULL);
	}
	snprintf(want, sizeof want, "contest: %s:6: field 'time' is not a number: 'abc'\n", path);
	T_CHECK(strstr(err, want) != NULL);
	T_CHECK(strstr(err, ":11: label 'b' in the file of label 'a'\n") != NULL);
	T_CHECK(strstr(err, ":9: field 'host' has an unknown escape '\\q'\n") != NULL);
	T_CHECK(strstr(err, ":4: 3 fields where the header has 18 columns\n") != NULL);
	T_CHECK(strstr(err, ":8: field 'status' is not ok or failed: 'fine'\n") != NULL);
	T_CHECK(strstr(err, ":10: empty line\n") != NULL);
	T_CHECK(strstr(err, ":22: incomplete last line") != NULL);
	T_CHECK(strstr(err, ":7: label '../x' is not valid: ") != NULL);
	rec_set_free(&set);
	unlink(path);
}

static void test_headers(void)
{
	struct rec_set set = { 0 };
	char path[PATH_MAX];
	const char *err;

	snprintf(path, sizeof path, "%s/h.loads", tmpdir);
	const char *refused[] = {
		"contest-load\t1\nlabel\tload\trun\tstatus\nh\tno_load\t1\tok\n",
		"contest-loads\nlabel\tload\trun\tstatus\nh\tno_load\t1\tok\n",
		"contest-loads\t0\nlabel\tload\trun\tstatus\nh\tno_load\t1\tok\n",
		"contest-loads\tx\nlabel\tload\trun\tstatus\nh\tno_load\t1\tok\n",
		"contest-loads\t1\nlabel\tload\trun\ttime\nh\tno_load\t1\t5\n",
		"contest-loads\t1\nlabel\tload\trun\tstatus\tload\nh\tno_load\t1\tok\tx\n",
		"contest-loads\t1\nlabel\tload\trun\tstatus",
		"contest-loads\t1",
	};
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		write_file(path, refused[i]);
		capture_begin();
		T_CHECK(rec_read_file(path, &set) == -1);
		err = capture_end();
		T_CHECK(set.n == 0);
		T_CHECK(strstr(err, path) != NULL && strstr(err, "refused") != NULL);
	}
	write_file(path, "contest-loads\t1\nlabel\tload\trun\ttime\nh\tno_load\t1\t5\n");
	capture_begin();
	rec_read_file(path, &set);
	err = capture_end();
	T_CHECK(strstr(err, "h.loads:2: the header has no column 'status'; file refused") != NULL);

	/* A file of this version with an unknown column and without some known ones. */
	write_file(path, "contest-loads\t1\nlabel\tload\trun\tstatus\tfuture\ttime\ttimestamp\n"
	                 "h\tno_load\t1\tok\twhatever \\q\t12.5\tT1\n");
	capture_begin();
	T_CHECK(rec_read_file(path, &set) == 0);
	err = capture_end();
	T_STREQ(err, "");
	T_CHECK(set.n == 1 && set.bad == 0);
	if (set.n == 1) {
		T_STREQ(set.v[0].label, "h");
		T_STREQ(set.v[0].timestamp, "T1");
		T_STREQ(set.v[0].host, "");
		T_STREQ(set.v[0].workload, "");
		T_NEAR(set.v[0].time, 12.5, 0);
		T_CHECK(isnan(set.v[0].cpu_pct) && isnan(set.v[0].loads) && isnan(set.v[0].lcpu_pct));
		T_CHECK(set.v[0].flushed == -1 && set.v[0].jobs == 0 && set.v[0].mem == 0);
	}
	rec_set_free(&set);

	/* An empty file (creation interrupted before its first write) has no records. */
	write_file(path, "");
	capture_begin();
	T_CHECK(rec_read_file(path, &set) == 0);
	err = capture_end();
	T_STREQ(err, "");
	T_CHECK(set.n == 0 && set.bad == 0);
	unlink(path);

	/* A file that does not exist. */
	capture_begin();
	T_CHECK(rec_read_file(path, &set) == -1);
	err = capture_end();
	T_CHECK(strstr(err, "No such file") != NULL);
}

/* test_versions: a file of another format version is refused, naming the
 * file and both versions ("01" is not "1"). */
static void test_versions(void)
{
	struct rec_set set = { 0 };
	char path[PATH_MAX];
	const char *err;

	snprintf(path, sizeof path, "%s/h.loads", tmpdir);
	const char *other[] = { "2", "3", "99", "01", "0", "12345678901234567890123" };
	for (size_t i = 0; i < sizeof other / sizeof *other; i++) {
		char text[256], want[PATH_MAX + 160];
		snprintf(text, sizeof text, "contest-loads\t%s\nlabel\tload\trun\tstatus\nh\tno_load\t1\tok\n",
		         other[i]);
		write_file(path, text);
		capture_begin();
		T_CHECK(rec_read_file(path, &set) == -1);
		err = capture_end();
		T_CHECK(set.n == 0);
		snprintf(want, sizeof want, "contest: %s: contest-loads format version '%.20s%s', but this "
		         "build reads only version 1; file refused\n", path, other[i],
		         strlen(other[i]) > 20 ? "..." : "");
		T_STREQ(err, want);
	}

	unlink(path);
}

/* test_streams: the stream readers the fuzz targets use read what the file readers read. */
static void test_streams(void)
{
	static const char loads[] = "contest-loads\t1\nlabel\tload\trun\tstatus\n"
	                            "s\tno_load\t1\tok\nt\tno_load\t1\tok\ns\tno_load\t2\tbad\n";
	static const char micro[] = "contest-micro\t1\nlabel\trun\ttimestamp\thost\tkernel\tversion\t"
	                            "mode\tplacement\tmetric\tvalue\tspread\treason\n"
	                            "s\t1\tts\th\tk\tv\tfull\tcpu1\tnull_call\t0.04\t0.1\t-\n"
	                            "s\t0\tts\th\tk\tv\tfull\tcpu1\tnull_call\t0.04\t0.1\t-\n";
	struct rec_set set = { 0 };
	struct micro_record_set mset = { 0 };
	const char *err;
	FILE *f;

	f = fmemopen((void *)loads, sizeof loads - 1, "r");
	T_CHECK(f != NULL);
	capture_begin();
	T_CHECK(f && rec_read_stream(f, "dir/s.loads", &set) == 0);
	err = capture_end();
	T_CHECK(set.n == 1 && set.bad == 2);
	T_CHECK(strstr(err, "contest: dir/s.loads:4: label 't' in the file of label 's'\n") != NULL);
	T_CHECK(strstr(err, "contest: dir/s.loads:5: field 'status' is not ok or failed") != NULL);
	T_CHECK(f && getc(f) == EOF && !ferror(f));      /* read to its end, still open */
	if (f)
		fclose(f);
	rec_set_free(&set);

	f = fmemopen((void *)micro, sizeof micro - 1, "r");
	T_CHECK(f != NULL);
	capture_begin();
	T_CHECK(f && micro_record_read_stream(f, "dir/s.micro", &mset) == 0);
	err = capture_end();
	T_CHECK(mset.n == 1 && mset.bad == 1);
	T_STREQ(err, "contest: dir/s.micro:4: bad run number\n");
	if (f)
		fclose(f);
	micro_record_set_free(&mset);

	/* Another version of the micro format is refused, naming both versions. */
	static const char micro2[] = "contest-micro\t01\nlabel\trun\ttimestamp\thost\tkernel\tversion\t"
	                             "mode\tplacement\tmetric\tvalue\tspread\treason\n"
	                             "s\t1\tts\th\tk\tv\tfull\tcpu1\tnull_call\t0.04\t0.1\t-\n";
	f = fmemopen((void *)micro2, sizeof micro2 - 1, "r");
	T_CHECK(f != NULL);
	capture_begin();
	T_CHECK(f && micro_record_read_stream(f, "dir/s.micro", &mset) == -1);
	err = capture_end();
	T_CHECK(mset.n == 0);
	T_STREQ(err, "contest: dir/s.micro: contest-micro format version '01', but this build reads "
	             "only version 1; file refused\n");
	if (f)
		fclose(f);
	micro_record_set_free(&mset);

	/* A NUL inside a line and a last line cut short by a crash are refused. */
	static const char torn[] = "contest-micro\t1\nlabel\trun\ttimestamp\thost\tkernel\tversion\t"
	                           "mode\tplacement\tmetric\tvalue\tspread\treason\n"
	                           "s\t1\tts\th\tk\tv\tfull\tcpu1\tnull_call\t0.04\t0.1\t-\n"
	                           "s\t1\tts\th\tk\tv\tfull\tcpu1\tnull\0_io\t0.04\t0.1\t-\n"
	                           "s\t1\tts\th\tk\tv\tfull\tcpu1\tnull_io\t0.04\t0.1\t-";
	f = fmemopen((void *)torn, sizeof torn - 1, "r");
	T_CHECK(f != NULL);
	capture_begin();
	T_CHECK(f && micro_record_read_stream(f, "dir/s.micro", &mset) == 0);
	err = capture_end();
	T_CHECK(mset.n == 1 && mset.bad == 2);
	T_CHECK(strstr(err, "contest: dir/s.micro:4: line has a NUL byte\n") != NULL);
	T_CHECK(strstr(err, "contest: dir/s.micro:5: incomplete last line") != NULL);
	if (f)
		fclose(f);
	micro_record_set_free(&mset);
}

int main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_labels();
	test_init_header_format();
	test_round_trip();
	test_malformed();
	test_headers();
	test_versions();
	test_streams();
	return tr_end();
}
