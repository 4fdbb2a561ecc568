/* test_micro_report.c: LABEL.micro files (format, parse, store) and the lmbench summary layout against golden text. */
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/micro_record.h"
#include "results/render/render_micro.h"
#include "results/record/store.h"
#include "tests/unit/t.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

static const char *const metrics[] = {
	"mhz", "null_call", "null_io", "stat", "open_close", "select_tcp", "sig_inst", "sig_hndl",
	"fork_proc", "exec_proc", "sh_proc", "ctx_2p_0k", "ctx_2p_16k", "ctx_2p_64k", "ctx_8p_16k",
	"ctx_8p_64k", "ctx_16p_16k", "ctx_16p_64k", "lat_pipe", "lat_unix", "lat_udp", "lat_rpc_udp",
	"lat_tcp", "lat_rpc_tcp", "lat_tcp_conn", "fs_create_0k", "fs_delete_0k", "fs_create_10k",
	"fs_delete_10k", "mmap_lat", "prot_fault", "page_fault", "bw_pipe", "bw_unix", "bw_tcp",
	"bw_file_reread", "bw_mmap_reread", "bw_bcopy_libc", "bw_bcopy_hand", "bw_mem_frd",
	"bw_mem_fwr", "lat_1k", "lat_128k", "lat_largest", "cache_l1", "cache_l2", "cache_l3",
	"mb_decimal", NULL,
};

/* add_run: one suite run of label with every metric = base * (index + 1),
 * except the ones made not available by na (a metric name or NULL). */
static void add_run(struct micro_record_set *set, const char *label, int run, double base, const char *na)
{
	for (int i = 0; metrics[i] != NULL; i++) {
		struct micro_record m = { .run = run, .spread = 0.01 };
		text_copy(m.label, label, sizeof m.label);
		text_copy(m.timestamp, "2026-11-30T12:00:00Z", sizeof m.timestamp);
		text_copy(m.host, "benchtest-machine", sizeof m.host);
		text_copy(m.kernel, "6.1.0", sizeof m.kernel);
		text_copy(m.version, "0.1.0", sizeof m.version);
		text_copy(m.mode, "full", sizeof m.mode);
		text_copy(m.placement, "cpu1", sizeof m.placement);
		text_copy(m.metric, metrics[i], sizeof m.metric);
		m.value = base * (i + 1);
		if (strncmp(metrics[i], "cache_", 6) == 0)
			m.value = (double)(32768 << (5 * (i - 44)));
		if (na && strcmp(na, metrics[i]) == 0) {
			m.value = NAN;
			text_copy(m.reason, "socket: Permission denied", sizeof m.reason);
		}
		T_CHECK(micro_record_set_add(set, &m) == 0);
	}
}

static char *render(const struct micro_record_set *set, const char *const *labels, size_t n)
{
	static char *buf;
	size_t len;
	free(buf);
	FILE *f = open_memstream(&buf, &len);
	T_CHECK(render_micro(f, set, labels, n) == 0);
	fclose(f);
	return buf;
}

static void test_numbers(void)
{
	char b[32];
	const double v[] = { 1287.4, 405.2, 39.84, 5.214, 0.4649, 0.04649, NAN };
	const char *want[] = { "1287", "405", "39.8", "5.21", "0.46", "0.046", "" };
	for (int i = 0; i < 7; i++) {
		render_micro_num(v[i], b, sizeof b);
		T_STREQ(b, want[i]);
	}
}

static const char golden[] =
"Placement: cpu1\n"
"\n"
"Processor, Processes - times in microseconds - smaller is better\n"
"----------------------------------------------------------------\n"
"Host      OS            Mhz  null null      open selct sig  sig  fork exec sh\n"
"                             call I/O  stat clos TCP   inst hndl proc proc proc\n"
"--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----\n"
"benchtest 2.6.0-test4-m 0.10 0.20 0.30 0.40 0.50  0.60 0.70 0.80 0.90 1.00 1.10\n"
"benchtest 2.6.0-test4-m 10.0 20.0 30.0 40.0 50.0  60.0 70.0 80.0 90.0  100  110\n"
"\n"
"Context switching - times in microseconds - smaller is better\n"
"-------------------------------------------------------------\n"
"Host      OS            2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n"
"                        ctxsw ctxsw  ctxsw  ctxsw  ctxsw  ctxsw   ctxsw\n"
"--------- ------------- ----- ------ ------ ------ ------ ------- -------\n"
"benchtest 2.6.0-test4-m  1.20   1.30   1.40   1.50   1.60    1.70    1.80\n"
"benchtest 2.6.0-test4-m   120    130    140    150    160     170     180\n"
"\n"
"*Local* Communication latencies in microseconds - smaller is better\n"
"-------------------------------------------------------------------\n"
"Host      OS            2p/0K Pipe  AF   UDP   RPC/  TCP   RPC/  TCP\n"
"                        ctxsw       UNIX       UDP         TCP   conn\n"
"--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----\n"
"benchtest 2.6.0-test4-m  1.20  1.90 2.00  2.10  2.20  2.30  2.40 2.50\n"
"benchtest 2.6.0-test4-m   120   190        210   220   230   240  250\n"
	"  2.6.0-test4-mm4 run 2: lat_unix not available: socket: Permission denied\n"
"\n"
"File & VM system latencies in microseconds - smaller is better\n"
"--------------------------------------------------------------\n"
"Host      OS            0K File       10K File      Mmap    Prot  Page\n"
"                        Create Delete Create Delete Latency Fault Fault\n"
"--------- ------------- ------ ------ ------ ------ ------- ----- -----\n"
"benchtest 2.6.0-test4-m   2.60   2.70   2.80   2.90    3.00  3.10  3.20\n"
"benchtest 2.6.0-test4-m    260    270    280    290     300   310   320\n"
"\n"
"*Local* Communication bandwidths in MB/s - bigger is better\n"
"-----------------------------------------------------------\n"
"Host      OS            Pipe AF   TCP  File   Mmap   Bcopy  Bcopy  Mem  Mem\n"
"                             UNIX      reread reread (libc) (hand) read write\n"
"--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----\n"
"benchtest 2.6.0-test4-m 3.30 3.40 3.50   3.60   3.70   3.80   3.90 4.00  4.10\n"
"benchtest 2.6.0-test4-m  330  340  350    360    370    380    390  400   410\n"
"\n"
"Memory latencies in nanoseconds - smaller is better\n"
"    (WARNING - may not be correct, check graphs)\n"
"------------------------------------------------\n"
"Host      OS            Mhz  L1 $  L2 $   Main mem Guesses\n"
"--------- ------------- ---- ----- ------ -------- -------------------\n"
"benchtest 2.6.0-test4-m 0.10  4.20   4.30     4.40 L1 32K L2 1M L3 32M\n"
"benchtest 2.6.0-test4-m 10.0   420    430      440 L1 32K L2 1M L3 32M\n";

/* test_placements: the header names the one placement, or each with its
 * runs and the note that they do not compare. */
static void test_placements(void)
{
	struct micro_record_set set = { 0 };

	add_run(&set, "a", 1, 1, NULL);
	add_run(&set, "a", 2, 1, NULL);
	add_run(&set, "b", 1, 1, NULL);
	T_CHECK(strncmp(render(&set, NULL, 0), "Placement: cpu1\n\nProcessor", 26) == 0);
	for (size_t i = 0; i < set.n; i++)
		if (set.v[i].run == 2)
			text_copy(set.v[i].placement, "spread:cpu1+cpu0", sizeof set.v[i].placement);
	const char *s = render(&set, NULL, 0);
	const char *want = "Placement: cpu1 for a 1, b 1; spread:cpu1+cpu0 for a 2 (IPC and "
	                   "context-switch figures of different placements do not compare)\n\nProcessor";
	if (strncmp(s, want, strlen(want)) != 0)
		fprintf(stderr, "header: %.200s\n", s);
	T_CHECK(strncmp(s, want, strlen(want)) == 0);
	micro_record_set_free(&set);
}

static void test_layout(void)
{
	struct micro_record_set set = { 0 };

	add_run(&set, "2.6.0-test4-mm4", 2, 10, "lat_unix");
	add_run(&set, "2.6.0-test4-mm4", 1, 0.1, NULL);
	add_run(&set, "other", 1, 1, NULL);
	const char *labels[] = { "2.6.0-test4-mm4" };
	T_STREQ(render(&set, labels, 1), golden);
	/* every label, first recorded first; a row per run */
	const char *all = render(&set, NULL, 0);
	T_CHECK(strstr(all, "benchtest other         1.00") != NULL);
	T_CHECK(strstr(all, "benchtest 2.6.0-test4-m 10.0") < strstr(all, "benchtest other "));
	micro_record_set_free(&set);
}

/* test_older_runs: a run recorded before MB = 10^6 (no mb_decimal line)
 * shows its 2^20-byte MB/s in 10^6-byte ones; a metric it lacks (its
 * figures of methods since changed were stored under other names) is
 * blank with the note that the run did not record it. */
static void test_older_runs(void)
{
	struct micro_record_set set = { 0 };

	add_run(&set, "old", 1, 100, NULL);
	for (size_t i = 0; i < set.n; i++) {
		if (strcmp(set.v[i].metric, "mb_decimal") == 0)
			text_copy(set.v[i].metric, "bw_mem_read", sizeof set.v[i].metric);
		if (strcmp(set.v[i].metric, "lat_1k") == 0)
			text_copy(set.v[i].metric, "lat_l1", sizeof set.v[i].metric);
	}
	const char *s = render(&set, NULL, 0);
	/* bw_pipe 3300 x 1.048576 = 3460, bw_mem_fwr 4100 x 1.048576 = 4299 */
	T_CHECK(strstr(s, "benchtest old           3460 3565 3670") != NULL);
	T_CHECK(strstr(s, " 4299\n") != NULL);
	T_CHECK(strstr(s, "old run 1: lat_1k not available: not measured by this run (an older contest, or --only)") != NULL);
	/* latencies are not converted */
	T_CHECK(strstr(s, "benchtest old             2600   2700") != NULL);
	micro_record_set_free(&set);
}

static void test_files(void)
{
	char dir[] = "/tmp/contest-test-micro.XXXXXX", path[PATH_MAX];
	struct micro_record_set set = { 0 }, back = { 0 };

	T_CHECK(mkdtemp(dir) != NULL);
	add_run(&set, "k", 1, 1, "bw_tcp");
	text_copy(set.v[0].reason, "tab\there\nnewline", sizeof set.v[0].reason);
	T_CHECK(store_micro_append(dir, set.v, set.n) == 0);
	T_CHECK(store_micro_append(dir, set.v, set.n) == 0);
	T_CHECK(store_micro_read_all(dir, &back) == 0);
	T_CHECK(back.n == 2 * set.n && back.bad == 0);
	T_STREQ(back.v[0].reason, "tab here newline");
	T_CHECK(isnan(back.v[34].value) && strcmp(back.v[34].metric, "bw_tcp") == 0);
	T_STREQ(back.v[34].reason, "socket: Permission denied");
	T_NEAR(back.v[5].value, 6, 1e-9);
	T_STREQ(back.v[5].placement, "cpu1");
	micro_record_set_free(&back);
	/* a malformed line is skipped and counted; the file's header is checked */
	fs_path(path, sizeof path, "%s/k.micro", dir);
	FILE *f = fopen(path, "a");
	fputs("k\t1\tT\th\tk\tv\tfull\tcpu1\tnull_call\tabc\t0\t-\n", f);
	fclose(f);
	T_CHECK(store_micro_read_all(dir, &back) == 0);
	T_CHECK(back.bad == 1 && back.n == 2 * set.n);
	micro_record_set_free(&back);
	fs_path(path, sizeof path, "%s/x.micro", dir);
	f = fopen(path, "w");
	fputs("contest-loads\t1\n", f);
	fclose(f);
	T_CHECK(store_micro_read_all(dir, &back) == 0 && back.bad == 1 && back.refused == 1);  /* k.micro:99; x.micro */
	micro_record_set_free(&back);
	micro_record_set_free(&set);
	T_CHECK(fs_rm_in("/tmp", dir + 5) == 0);
}

int main(void)
{
	test_numbers();
	test_older_runs();
	test_layout();
	test_placements();
	test_files();
	return t_done();
}
