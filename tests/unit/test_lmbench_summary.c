/* test_lmbench_summary.c: lmbench's summaries (the four lmbench seeds of ../shared/seeds/, a spaced lmbench 3 summary) and its results file read as micro runs. */
#include "lib/text.h"
#include "results/lmbench/lmbench_summary.h"
#include "results/record/micro_metric.h"
#include "tests/unit/t.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>

/* The seeds beside the repository (../shared/seeds), or beside a worktree's parent. */
static const char *seeds(void)
{
	static const char *const at[] = { "../shared/seeds", "../../shared/seeds" };
	DIR *d;

	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
		if ((d = opendir(at[i])) != NULL) {
			closedir(d);
			return at[i];
		}
	return at[0];
}

/* fig: metric name of run of label in set; NaN when absent or blank, -1 when there is no line. */
static double fig(const struct micro_record_set *set, const char *label, int run, const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].label, label) == 0 && set->v[i].run == run &&
		    strcmp(set->v[i].metric, name) == 0)
			return set->v[i].value;
	return -1;
}

/* line: the line of metric name of run of label, or NULL. */
static const struct micro_record *line(const struct micro_record_set *set, const char *label, int run, const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].label, label) == 0 && set->v[i].run == run &&
		    strcmp(set->v[i].metric, name) == 0)
			return &set->v[i];
	return NULL;
}

/* runs: how many runs label has in set. */
static int runs(const struct micro_record_set *set, const char *label)
{
	int n = 0;

	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].label, label) == 0 && set->v[i].run > n)
			n = set->v[i].run;
	return n;
}

/* seed: the seed file whose name starts with prefix read as label into set;
 * 0, or -1 (skip said) when it is absent. */
static int seed(const char *prefix, const char *label, struct micro_record_set *set)
{
	char path[512], msg[256];
	const char *dir = seeds();
	DIR *d = opendir(dir);
	struct dirent *e;
	int found = 0;

	if (d == NULL) {
		printf("skip: %s: no %s here\n", prefix, dir);
		return -1;
	}
	while (!found && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
			text_fmt(path, sizeof path, "%s/%s", dir, e->d_name);
			found = 1;
		}
	closedir(d);
	if (!found) {
		printf("skip: no seed %s* in %s\n", prefix, dir);
		return -1;
	}
	int rc = lmbench_summary_read(path, label, set, msg, sizeof msg);
	if (rc != 0)
		fprintf(stderr, "%s: %s\n", path, msg);
	T_CHECK(rc == 0);
	return rc;
}

/* 000: Processor rows only, four Host/OS groups of six runs. */
static void test_seed_000(void)
{
	struct micro_record_set s = { 0 };

	if (seed("000_", "s0", &s) != 0)
		return;
	T_CHECK(runs(&s, "s0") == 0);
	for (int g = 1; g <= 4; g++) {
		char l[16];
		text_fmt(l, sizeof l, "s0.%d", g);
		T_CHECK(runs(&s, l) == 6);
	}
	T_STREQ(line(&s, "s0.1", 1, "mhz")->host, "2*HT*P4");
	T_STREQ(line(&s, "s0.1", 1, "mhz")->kernel, "with anobjrmap");
	T_STREQ(line(&s, "s0.2", 1, "mhz")->kernel, "w/o anobjrmap");
	T_STREQ(line(&s, "s0.3", 1, "mhz")->host, "2*PIII");
	T_NEAR(fig(&s, "s0.1", 1, "mhz"), 1800, 1e-9);
	T_NEAR(fig(&s, "s0.1", 1, "null_call"), 0.73, 1e-9);
	T_NEAR(fig(&s, "s0.1", 1, "select_tcp"), 39.8, 1e-9);
	T_NEAR(fig(&s, "s0.1", 1, "fork_proc"), 405, 1e-9);
	T_NEAR(fig(&s, "s0.1", 1, "sh_proc"), 4246, 1e-9);
	T_NEAR(fig(&s, "s0.4", 6, "sh_proc"), 7084, 1e-9);
	T_NEAR(fig(&s, "s0.4", 6, "exec_proc"), 2332, 1e-9);
	T_CHECK(fig(&s, "s0.1", 1, "ctx_2p_0k") == -1);   /* no such section: no line */
	T_CHECK(fig(&s, "s0.1", 1, "lat_1k") == -1);
	T_CHECK(lmbench_summary_is(line(&s, "s0.1", 1, "mhz")));
	micro_record_set_free(&s);
}

/* 002: two whole lmbench 2.0 summaries on one line each, five runs each;
 * the first run's selct TCP is blank and is found by the other rows. */
static void test_seed_002(void)
{
	struct micro_record_set s = { 0 };

	if (seed("002_", "s2", &s) != 0)
		return;
	T_CHECK(runs(&s, "s2.1") == 5 && runs(&s, "s2.2") == 5 && runs(&s, "s2.3") == 0);
	T_STREQ(line(&s, "s2.1", 1, "mhz")->host, "benchtest");
	T_STREQ(line(&s, "s2.1", 1, "mhz")->kernel, "Linux 2.5.51");
	T_STREQ(line(&s, "s2.1", 1, "mhz")->version, "lmbench 2.0");
	T_CHECK(isnan(fig(&s, "s2.1", 1, "select_tcp")));
	T_CHECK(strstr(line(&s, "s2.1", 1, "select_tcp")->reason, "blank") != NULL);
	T_NEAR(fig(&s, "s2.1", 1, "sig_inst"), 1.29, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "sh_proc"), 8130, 1e-9);
	T_NEAR(fig(&s, "s2.1", 2, "select_tcp"), 40, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "ctx_2p_16k"), 4.94, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "ctx_16p_64k"), 177, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "lat_pipe"), 8.605, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "lat_tcp_conn"), 165, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "fs_create_0k"), 119, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "page_fault"), 4, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "bw_pipe"), 432, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "bw_mem_fwr"), 171, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "lat_1k"), 3.798, 1e-9);
	T_NEAR(fig(&s, "s2.1", 1, "lat_largest"), 175, 1e-9);
	T_NEAR(fig(&s, "s2.2", 1, "lat_128k"), 56, 1e-9);
	T_NEAR(fig(&s, "s2.2", 5, "lat_largest"), 177, 1e-9);
	T_NEAR(fig(&s, "s2.2", 1, "sh_proc"), 8041, 1e-9);
	micro_record_set_free(&s);
}

/* 003: two Processor tables (the second with no title, an older lmbench
 * whose selct is not TCP's), mail-quoted with '>'. */
static void test_seed_003(void)
{
	struct micro_record_set s = { 0 };

	if (seed("003_", "s3", &s) != 0)
		return;
	for (int g = 1; g <= 4; g++) {
		char l[16];
		text_fmt(l, sizeof l, "s3.%d", g);
		T_CHECK(runs(&s, l) == 1);
	}
	T_STREQ(line(&s, "s3.1", 1, "mhz")->host, "stp2-003.");
	T_STREQ(line(&s, "s3.2", 1, "mhz")->kernel, "Linux 2.5.60");
	T_NEAR(fig(&s, "s3.1", 1, "select_tcp"), 30.4, 1e-9);
	T_NEAR(fig(&s, "s3.1", 1, "fork_proc"), 344, 1e-9);
	T_NEAR(fig(&s, "s3.2", 1, "sh_proc"), 5795, 1e-9);
	T_STREQ(line(&s, "s3.3", 1, "mhz")->kernel, "Linux 2.5.30");
	T_CHECK(isnan(fig(&s, "s3.3", 1, "select_tcp")));
	T_CHECK(strstr(line(&s, "s3.3", 1, "select_tcp")->reason, "not select on TCP") != NULL);
	T_NEAR(fig(&s, "s3.3", 1, "sig_inst"), 1.1, 1e-9);
	T_NEAR(fig(&s, "s3.4", 1, "null_call"), 0.2, 1e-9);
	T_NEAR(fig(&s, "s3.4", 1, "fork_proc"), 200, 1e-9);   /* 0.2K */
	T_NEAR(fig(&s, "s3.4", 1, "sh_proc"), 3000, 1e-9);    /* 3K */
	micro_record_set_free(&s);
}

/* 004: lmbench 2alpha10, compact values, rows short of cells and no full row. */
static void test_seed_004(void)
{
	struct micro_record_set s = { 0 };

	if (seed("004_", "s4", &s) != 0)
		return;
	T_CHECK(runs(&s, "s4.1") == 2 && runs(&s, "s4.2") == 2 && runs(&s, "s4.3") == 2);
	T_STREQ(line(&s, "s4.3", 1, "mhz")->kernel, "Linux 2.3.19c");
	T_NEAR(fig(&s, "s4.1", 1, "fork_proc"), 2900, 1e-9);
	T_NEAR(fig(&s, "s4.1", 1, "exec_proc"), 11000, 1e-9);
	T_NEAR(fig(&s, "s4.1", 1, "sh_proc"), 49000, 1e-9);
	T_CHECK(isnan(fig(&s, "s4.1", 1, "select_tcp")));
	T_NEAR(fig(&s, "s4.1", 1, "ctx_2p_0k"), 208, 1e-9);
	T_NEAR(fig(&s, "s4.1", 2, "ctx_16p_64k"), 934, 1e-9);
	T_NEAR(fig(&s, "s4.1", 1, "lat_pipe"), 418, 1e-9);
	T_NEAR(fig(&s, "s4.1", 1, "lat_tcp_conn"), 2204, 1e-9);
	T_CHECK(isnan(fig(&s, "s4.1", 1, "lat_rpc_udp")) && isnan(fig(&s, "s4.1", 1, "lat_rpc_tcp")));
	T_CHECK(strstr(line(&s, "s4.1", 1, "lat_rpc_udp")->reason, "a guess") != NULL);
	T_NEAR(fig(&s, "s4.1", 1, "mmap_lat"), 5053, 1e-9);
	T_NEAR(fig(&s, "s4.1", 1, "prot_fault"), 2, 1e-9);
	T_CHECK(isnan(fig(&s, "s4.1", 1, "page_fault")));   /* 0.0K */
	T_CHECK(strstr(line(&s, "s4.1", 1, "page_fault")->reason, "printed as 0") != NULL);
	T_CHECK(isnan(fig(&s, "s4.1", 1, "fs_create_0k")));
	T_CHECK(fig(&s, "s4.1", 1, "bw_pipe") == -1);
	micro_record_set_free(&s);
}

/* An lmbench 3 summary as getsummary prints it: blank cells found by their place. */
static void test_spaced(void)
{
	char text[2048];
	int n = snprintf(text, sizeof text, "%s%-9.9s %13.13s %5.5s %5.5s %4.4s %5.5s %5.5s %5.5s %5.5s %4.4s\n",
		"                 L M B E N C H  3 . 0   S U M M A R Y\n"
		"                 ------------------------------------\n\n"
		"*Local* Communication latencies in microseconds - smaller is better\n"
		"---------------------------------------------------------------------\n"
		"Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n"
		"                        ctxsw       UNIX         UDP         TCP conn\n"
		"--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----\n",
		"vm", "Linux 6.1.0-1", "1.980", "5.123", "7.54", "9.876", "", "12.3", "", "3.9K");
	struct micro_record_set s = { 0 };
	char msg[256];

	T_CHECK(n > 0 && n < (int)sizeof text);
	T_CHECK(lmbench_summary_parse(text, strlen(text), "new", &s, msg, sizeof msg) == 0);
	T_CHECK(runs(&s, "new") == 1);
	T_STREQ(line(&s, "new", 1, "lat_pipe")->version, "lmbench 3.0");
	T_NEAR(fig(&s, "new", 1, "lat_udp"), 9.876, 1e-9);
	T_CHECK(isnan(fig(&s, "new", 1, "lat_rpc_udp")));
	T_STREQ(line(&s, "new", 1, "lat_rpc_udp")->reason, "blank in this lmbench summary");
	T_NEAR(fig(&s, "new", 1, "lat_tcp"), 12.3, 1e-9);
	T_CHECK(isnan(fig(&s, "new", 1, "lat_rpc_tcp")));
	T_NEAR(fig(&s, "new", 1, "lat_tcp_conn"), 3900, 1e-9);
	/* the same label again: its runs continue */
	T_CHECK(lmbench_summary_parse(text, strlen(text), "new", &s, msg, sizeof msg) == 0);
	T_CHECK(runs(&s, "new") == 2);
	micro_record_set_free(&s);
}

/* lmbench 3's results file: what getsummary takes from it. */
static void test_results(void)
{
	const char *text =
		"[lmbench3.0 results for Linux vm 6.1.0-13-amd64 #1 SMP Debian x86_64 GNU/Linux]\n"
		"[MHZ: 2992 MHz, 0.3342 nanosec clock]\n"
		"Simple syscall: 0.0912 microseconds\n"
		"Simple read: 0.2000 microseconds\n"
		"Simple write: 0.1000 microseconds\n"
		"Select on 100 tcp fd's: 2.5012 microseconds\n"
		"UDP latency using localhost: 9.8 microseconds\n"
		"RPC/udp latency using localhost: 14.1 microseconds\n"
		"TCP/IP connection cost to localhost: 3012.5 microseconds\n"
		"Process fork+/bin/sh -c: 1234.5 microseconds\n"
		"\n\"size=0k ovr=1.12\n2 1.50\n4 1.70\n8 1.90\n16 2.10\n\n"
		"\n\"size=16k ovr=2.00\n2 2.50\n8 3.50\n16 4.50\n\n"
		"\"File system latency\n0k\t1000\t100000\t250000\n10k\t1000\t50000\t125000\n\n"
		"Memory read bandwidth\n0.000512 9000.0\n128.00 6587.23\n\n"
		"Memory partial write bandwidth\n0.000512 9000.0\n128.00 31464.1\n\n"
		"Memory load latency\n\"stride=16\n0.00049 1.0\n\n\"stride=128\n0.00049 1.1\n0.00098 1.2\n"
		"0.12500 3.08\n128.00000 12.36\n\n";
	struct micro_record_set s = { 0 };
	char msg[256];

	T_CHECK(lmbench_summary_parse(text, strlen(text), "lm3", &s, msg, sizeof msg) == 0);
	T_CHECK(runs(&s, "lm3") == 1);
	T_STREQ(line(&s, "lm3", 1, "mhz")->host, "vm");
	T_STREQ(line(&s, "lm3", 1, "mhz")->kernel, "Linux 6.1.0-13-amd64");
	T_NEAR(fig(&s, "lm3", 1, "mhz"), 2992, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "null_call"), 0.0912, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "null_io"), 0.15, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "select_tcp"), 2.5012, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "lat_udp"), 9.8, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "lat_rpc_udp"), 14.1, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "lat_tcp_conn"), 3012.5, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "sh_proc"), 1234.5, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "ctx_2p_0k"), 1.5, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "ctx_8p_16k"), 3.5, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "fs_create_0k"), 10, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "fs_delete_10k"), 8, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "bw_mem_frd"), 6587.23, 1e-9);
	T_CHECK(isnan(fig(&s, "lm3", 1, "bw_mem_fwr")));   /* only the partial one */
	T_NEAR(fig(&s, "lm3", 1, "lat_1k"), 1.2, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "lat_128k"), 3.08, 1e-9);
	T_NEAR(fig(&s, "lm3", 1, "lat_largest"), 12.36, 1e-9);
	T_CHECK(isnan(fig(&s, "lm3", 1, "lat_pipe")));
	T_STREQ(line(&s, "lm3", 1, "lat_pipe")->reason, "not in this lmbench results file");
	micro_record_set_free(&s);
}

/* Not lmbench's: refused with a message; nothing added. */
static void test_refused(void)
{
	static const char *const bad[] = {
		"", "hello world\n", "Host OS Mhz null\n---- ----\n",
		"contest-micro\t1\nlabel\trun\n", "Host OS 2p/0K\n--------- ---------\nx y 1 2\n",
	};
	struct micro_record_set s = { 0 };
	char msg[256];

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		msg[0] = '\0';
		T_CHECK(lmbench_summary_parse(bad[i], strlen(bad[i]), "x", &s, msg, sizeof msg) == -1);
		T_CHECK(strstr(msg, "not an lmbench") != NULL);
	}
	T_CHECK(s.n == 0);
	static const char head[] = "[lmbench3.0 results for Linux vm 6.1.0 #1]\nnothing\n";
	T_CHECK(lmbench_summary_parse(head, sizeof head - 1, "x", &s, msg, sizeof msg) == -1 && s.n == 0);
	T_CHECK(strstr(msg, "none of its summary's figures") != NULL);
	static const char nul[] = "[lmbench3.0 results for Linux vm 6.1.0 #1]\n\0\nSimple syscall: 0.1 microseconds\0\n";
	T_CHECK(lmbench_summary_parse(nul, sizeof nul - 1, "x", &s, msg, sizeof msg) == 0);
	T_NEAR(fig(&s, "x", 1, "null_call"), 0.1, 1e-9);
	micro_record_set_free(&s);
	T_CHECK(lmbench_summary_parse("x", 1, "-bad", &s, msg, sizeof msg) == -1);
	T_CHECK(lmbench_summary_read("/nonexistent/lm", "x", &s, msg, sizeof msg) == -1);
	T_CHECK(strstr(msg, "No such file") != NULL);
	micro_record_set_free(&s);
}

int main(void)
{
	test_seed_000();
	test_seed_002();
	test_seed_003();
	test_seed_004();
	test_spaced();
	test_results();
	test_refused();
	return t_done();
}
