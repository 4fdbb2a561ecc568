/* test_evidence.c: unit tests of contest/sense/evidence.c on fixed /proc text modeled on a 6.1 kernel, a fake procroot and the real /proc. */
#include "contest/sense/evidence.h"
#include "lib/fs.h"
#include "results/record/record.h"
#include "tests/unit/t.h"

#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/contest-test-evidence.XXXXXX";

/* /proc/vmstat of a 6.1 x86_64 kernel (abridged in the middle: the order
 * and names of the lines around the ones read are as the kernel prints them). */
static const char vmstat_61[] =
	"nr_free_pages 3458811\n"
	"nr_zone_inactive_anon 112830\n"
	"nr_zone_active_anon 1049281\n"
	"nr_zone_inactive_file 1183047\n"
	"nr_zone_active_file 1329604\n"
	"nr_zone_unevictable 8149\n"
	"nr_zone_write_pending 187\n"
	"nr_mlock 8149\n"
	"nr_bounce 0\n"
	"nr_zspages 0\n"
	"nr_free_cma 0\n"
	"numa_hit 1830213381\n"
	"numa_miss 0\n"
	"numa_foreign 0\n"
	"numa_interleave 2613\n"
	"numa_local 1830213381\n"
	"numa_other 0\n"
	"nr_inactive_anon 112830\n"
	"nr_active_anon 1049281\n"
	"nr_inactive_file 1183047\n"
	"nr_active_file 1329604\n"
	"nr_unevictable 8149\n"
	"nr_slab_reclaimable 141092\n"
	"nr_slab_unreclaimable 52877\n"
	"nr_isolated_anon 0\n"
	"nr_isolated_file 0\n"
	"workingset_nodes 10433\n"
	"workingset_refault_anon 5022\n"
	"workingset_refault_file 771304\n"
	"workingset_activate_anon 1270\n"
	"workingset_activate_file 220716\n"
	"workingset_restore_anon 1038\n"
	"workingset_restore_file 96012\n"
	"workingset_nodereclaim 4096\n"
	"nr_anon_pages 1097016\n"
	"nr_mapped 290541\n"
	"nr_file_pages 2581357\n"
	"nr_dirty 187\n"
	"nr_writeback 0\n"
	"nr_writeback_temp 0\n"
	"nr_shmem 68711\n"
	"nr_swapcached 1403\n"
	"nr_dirty_threshold 1316870\n"
	"nr_dirty_background_threshold 657640\n"
	"pgpgin 39871826\n"
	"pgpgout 112394084\n"
	"pswpin 16771\n"
	"pswpout 52389\n"
	"pgalloc_dma 1024\n"
	"pgalloc_dma32 211983473\n"
	"pgalloc_normal 1671880130\n"
	"pgalloc_movable 0\n"
	"allocstall_dma 0\n"
	"allocstall_dma32 3\n"
	"allocstall_normal 120\n"
	"allocstall_movable 7\n"
	"pgskip_dma 0\n"
	"pgskip_dma32 0\n"
	"pgskip_normal 0\n"
	"pgskip_movable 0\n"
	"pgfree 1944306981\n"
	"pgactivate 24160112\n"
	"pgdeactivate 2209826\n"
	"pglazyfree 181220\n"
	"pgfault 1571234567\n"
	"pgmajfault 71007\n"
	"pglazyfreed 0\n"
	"pgrefill 2617730\n"
	"pgreuse 77230521\n"
	"pgsteal_kswapd 4183200\n"
	"pgsteal_direct 29931\n"
	"pgdemote_kswapd 0\n"
	"pgdemote_direct 0\n"
	"pgscan_kswapd 5318911\n"
	"pgscan_direct 41177\n"
	"pgscan_direct_throttle 9\n"
	"pgscan_anon 701122\n"
	"pgscan_file 4658966\n"
	"pgsteal_anon 71002\n"
	"pgsteal_file 4142129\n"
	"zone_reclaim_failed 0\n"
	"pginodesteal 0\n"
	"slabs_scanned 3354112\n"
	"kswapd_inodesteal 101\n"
	"kswapd_low_wmark_hit_quickly 482\n"
	"kswapd_high_wmark_hit_quickly 121\n"
	"pageoutrun 2101\n"
	"pgrotated 14512\n"
	"drop_pagecache 0\n"
	"drop_slab 0\n"
	"oom_kill 0\n"
	"pgmigrate_success 1841722\n"
	"pgmigrate_fail 1210\n"
	"compact_stall 51\n"
	"compact_fail 2\n"
	"compact_success 49\n"
	"unevictable_pgs_culled 131245\n"
	"thp_fault_alloc 12904\n"
	"thp_fault_fallback 302\n"
	"swap_ra 4209\n"
	"swap_ra_hit 2978\n"
	"direct_map_level2_splits 941\n"
	"direct_map_level3_splits 8\n"
	"nr_unstable 0\n";

/* /proc/pressure/ of a 6.1 kernel: cpu has a full line since 5.13. */
static const char psi_cpu_61[] =
	"some avg10=3.21 avg60=1.47 avg300=0.52 total=187654321\n"
	"full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
static const char psi_mem_61[] =
	"some avg10=0.15 avg60=0.40 avg300=0.12 total=9876543\n"
	"full avg10=0.10 avg60=0.31 avg300=0.09 total=7654321\n";
static const char psi_io_61[] =
	"some avg10=12.34 avg60=8.01 avg300=3.92 total=1452767058\n"
	"full avg10=10.02 avg60=6.66 avg300=3.15 total=649706982\n";
/* and of a 5.10 kernel: cpu has no full line */
static const char psi_cpu_510[] = "some avg10=0.00 avg60=0.05 avg300=0.11 total=2234567\n";

/* /proc/stat of a 6.1 kernel on 4 CPUs (the intr line abridged). */
static const char stat_61[] =
	"cpu  10132153 290696 3084719 46828483 16683 0 25195 0 0 0\n"
	"cpu0 1393280 32966 572056 13366967 4102 0 7893 0 0 0\n"
	"cpu1 1335221 26702 548312 13504401 3976 0 3172 0 0 0\n"
	"cpu2 3721531 115431 983104 10028519 4403 0 8931 0 0 0\n"
	"cpu3 3682121 115597 981247 9928596 4202 0 5199 0 0 0\n"
	"intr 1462396929 9 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 27 0 0 0 0\n"
	"ctxt 2706211941\n"
	"btime 1717000000\n"
	"processes 4113208\n"
	"procs_running 2\n"
	"procs_blocked 0\n"
	"softirq 401532960 22 91224118 1034 22876150 1172530 0 2115413 151250341 41 132893311\n";

/* all_nan: every figure of s is NaN. */
static int all_nan(const struct ev_snap *s)
{
	for (size_t i = 0; i < EV_NFIELDS; i++)
		if (!isnan(ev_get(s, i)))
			return 0;
	return 1;
}

/* test_fields: the table names every figure once; ev_get and ev_snap_init. */
static void test_fields(void)
{
	struct ev_snap s;

	ev_snap_init(&s);
	T_CHECK(all_nan(&s));
	T_CHECK(isnan(ev_get(&s, EV_NFIELDS)));
	for (size_t i = 0; i < EV_NFIELDS; i++)
		for (size_t j = i + 1; j < EV_NFIELDS; j++)
			T_CHECK(strcmp(ev_fields[i].name, ev_fields[j].name) != 0 &&
			        ev_fields[i].off != ev_fields[j].off);
	s.pswpout = 5;
	s.ctxt = 7;
	T_STREQ(ev_fields[2].name, "pswpout");
	T_CHECK(ev_get(&s, 2) == 5);
	T_STREQ(ev_fields[EV_NFIELDS - 1].name, "ctxt");
	T_CHECK(ev_get(&s, EV_NFIELDS - 1) == 7);
	T_STREQ(ev_fields[7].name, "allocstall");
	T_STREQ(ev_fields[11].name, "psi_mem_full");
}

/* test_vmstat: the 6.1 text, the old single allocstall, missing and malformed lines. */
static void test_vmstat(void)
{
	struct ev_snap s;

	ev_snap_init(&s);
	s.ctxt = 99;
	ev_parse_vmstat(vmstat_61, &s);
	T_CHECK(s.pgmajfault == 71007);
	T_CHECK(s.pswpin == 16771);
	T_CHECK(s.pswpout == 52389);
	T_CHECK(s.pgscan_kswapd == 5318911);
	T_CHECK(s.pgscan_direct == 41177);   /* not pgscan_direct_throttle */
	T_CHECK(s.pgsteal_kswapd == 4183200);
	T_CHECK(s.pgsteal_direct == 29931);
	T_CHECK(s.allocstall == 130);        /* 0 + 3 + 120 + 7 */
	T_CHECK(s.ctxt == 99);               /* not the parser's */
	T_CHECK(isnan(s.psi_io_some));

	/* a longer name that starts with a wanted one, before it: exact names only */
	ev_parse_vmstat("pgscan_direct_throttle 9\npgscan_direct 5\npgmajfaultx 3\n", &s);
	T_CHECK(s.pgscan_direct == 5);
	T_CHECK(isnan(s.pgmajfault));
	/* the first of two lines of one name counts */
	ev_parse_vmstat("pgmajfault 1\npgmajfault 2\n", &s);
	T_CHECK(s.pgmajfault == 1);

	/* kernels before 4.10: one allocstall line */
	ev_parse_vmstat("pgmajfault 12\nallocstall 42\npgsteal_direct 3\n", &s);
	T_CHECK(s.allocstall == 42 && s.pgmajfault == 12 && s.pgsteal_direct == 3);
	T_CHECK(isnan(s.pswpin) && isnan(s.pgscan_kswapd));

	/* missing fields, garbage, truncated lines; the last line without newline */
	ev_parse_vmstat("pgmajfault abc\n"
	                "pswpin -3\n"
	                "pswpout 12 34\n"
	                "pgscan_kswapd\n"
	                "pgscan_direct 12x\n"
	                "pgsteal_kswapd 99999999999999999999999\n"
	                "garbage line with words\n"
	                "\n"
	                "   \n"
	                "allocstall_normal 5\n"
	                "pgsteal_direct\t77", &s);
	T_CHECK(isnan(s.pgmajfault));
	T_CHECK(isnan(s.pswpin));
	T_CHECK(isnan(s.pswpout));
	T_CHECK(isnan(s.pgscan_kswapd));
	T_CHECK(isnan(s.pgscan_direct));
	T_CHECK(isnan(s.pgsteal_kswapd));
	T_CHECK(s.pgsteal_direct == 77);
	T_CHECK(s.allocstall == 5);
	/* the largest 64-bit counter still reads */
	ev_parse_vmstat("pswpin 18446744073709551615\npswpout 18446744073709551616\n", &s);
	T_CHECK(s.pswpin == 18446744073709551615.0 && isnan(s.pswpout));

	/* one malformed allocstall line spoils the sum; none at all is NaN */
	ev_parse_vmstat("allocstall_dma32 4\nallocstall_normal x\n", &s);
	T_CHECK(isnan(s.allocstall));
	ev_parse_vmstat("pgmajfault 1\n", &s);
	T_CHECK(isnan(s.allocstall));

	/* a file cut off inside a line: what is whole counts */
	ev_parse_vmstat("pgmajfault 10\npswpin 4\npgsc", &s);
	T_CHECK(s.pgmajfault == 10 && s.pswpin == 4 && isnan(s.pgscan_kswapd));

	/* a missing file, an empty one */
	ev_parse_vmstat(NULL, &s);
	T_CHECK(all_nan(&s) == 0 && s.ctxt == 99);
	T_CHECK(isnan(s.pgmajfault) && isnan(s.allocstall) && isnan(s.pgsteal_direct));
	ev_parse_vmstat("pgmajfault 1\n", &s);
	ev_parse_vmstat("", &s);
	T_CHECK(isnan(s.pgmajfault));
}

/* test_psi: some and full of the three files, cpu without full, malformed lines. */
static void test_psi(void)
{
	double some, full;

	ev_parse_psi(psi_cpu_61, &some, &full);
	T_CHECK(some == 187654321 && full == 0);
	ev_parse_psi(psi_mem_61, &some, &full);
	T_CHECK(some == 9876543 && full == 7654321);
	ev_parse_psi(psi_io_61, &some, &full);
	T_CHECK(some == 1452767058 && full == 649706982);
	ev_parse_psi(psi_cpu_510, &some, &full);
	T_CHECK(some == 2234567 && isnan(full));
	/* the lines in the other order, without a trailing newline */
	ev_parse_psi("full avg10=1.00 avg60=0.00 avg300=0.00 total=5\nsome avg10=0.00 total=6", &some, &full);
	T_CHECK(some == 6 && full == 5);
	/* malformed: total missing, not a number, empty, cut off */
	ev_parse_psi("some avg10=0.00 avg60=0.00 avg300=0.00\nfull avg10=0.00 total=abc\n", &some, &full);
	T_CHECK(isnan(some) && isnan(full));
	ev_parse_psi("some avg10=0.00 total=\nfull avg10=0.00 avg60=0.00 avg300=0.00 tot", &some, &full);
	T_CHECK(isnan(some) && isnan(full));
	ev_parse_psi("garbage\nsomething total=4\n", &some, &full);
	T_CHECK(isnan(some) && isnan(full));
	ev_parse_psi("", &some, &full);
	T_CHECK(isnan(some) && isnan(full));
	ev_parse_psi(NULL, &some, &full);
	T_CHECK(isnan(some) && isnan(full));
}

/* test_stat: the ctxt line of /proc/stat. */
static void test_stat(void)
{
	struct ev_snap s;

	ev_snap_init(&s);
	ev_parse_stat(stat_61, &s);
	T_CHECK(s.ctxt == 2706211941.0);
	T_CHECK(isnan(s.pgmajfault));
	ev_parse_stat("cpu  1 2 3\nbtime 1717000000\n", &s);
	T_CHECK(isnan(s.ctxt));
	ev_parse_stat("ctxt\nbtime 1\n", &s);
	T_CHECK(isnan(s.ctxt));
	ev_parse_stat("ctxt 12 13\n", &s);
	T_CHECK(isnan(s.ctxt));
	ev_parse_stat("cpu 1\nctxt 12", &s);
	T_CHECK(s.ctxt == 12);
	ev_parse_stat(NULL, &s);
	T_CHECK(isnan(s.ctxt));
}

/* test_delta: differences, NaN on either side, backwards counters, aliasing. */
static void test_delta(void)
{
	struct ev_snap a, b, d;

	ev_snap_init(&a);
	ev_snap_init(&b);
	a.pgmajfault = 100; b.pgmajfault = 250;
	a.pswpin = 7;       b.pswpin = 7;
	a.pswpout = 50;     b.pswpout = 40;       /* backwards */
	a.allocstall = 3;                         /* b NaN */
	                    b.psi_io_full = 9;    /* a NaN */
	a.ctxt = 1e12;      b.ctxt = 1e12 + 12345;
	ev_delta(&a, &b, &d);
	T_CHECK(d.pgmajfault == 150);
	T_CHECK(d.pswpin == 0);
	T_CHECK(isnan(d.pswpout));
	T_CHECK(isnan(d.allocstall));
	T_CHECK(isnan(d.psi_io_full));
	T_CHECK(isnan(d.psi_cpu_some));           /* both NaN */
	T_CHECK(d.ctxt == 12345);
	/* out may be one of the inputs */
	ev_delta(&a, &b, &b);
	T_CHECK(b.pgmajfault == 150 && isnan(b.pswpout) && b.ctxt == 12345);
	ev_delta(&a, &a, &a);
	T_CHECK(a.pgmajfault == 0 && a.ctxt == 0 && a.allocstall == 0 && isnan(a.psi_io_full));
	/* delta of two parsed snapshots */
	ev_snap_init(&a);
	ev_snap_init(&b);
	ev_parse_vmstat("pgmajfault 10\nallocstall_normal 1\nallocstall_movable 1\n", &a);
	ev_parse_vmstat("pgmajfault 15\nallocstall_normal 4\nallocstall_movable 2\n", &b);
	ev_delta(&a, &b, &d);
	T_CHECK(d.pgmajfault == 5 && d.allocstall == 4);
}

/* put: write text to tmpdir/name; 0 or -1. */
static int put(const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;
	int rc;

	if (fs_path(path, sizeof path, "%s/%s", tmpdir, name) != 0 || (f = fopen(path, "w")) == NULL)
		return -1;
	rc = fputs(text, f) >= 0 ? 0 : -1;
	return fclose(f) == 0 ? rc : -1;
}

/* test_read: ev_snap_read on a fake procroot, an empty one, a missing one, the real /proc. */
static void test_read(void)
{
	char path[PATH_MAX], *big;
	struct ev_snap s, t, d;
	size_t off = 0, cap = 200000;

	/* an empty procroot: five files missing, all NaN (never 0) */
	T_CHECK(ev_snap_read(&s, tmpdir) == 5);
	T_CHECK(all_nan(&s));
	T_CHECK(fs_path(path, sizeof path, "%s/none", tmpdir) == 0);
	T_CHECK(ev_snap_read(&s, path) == 5 && all_nan(&s));

	/* vmstat, stat, a 5.10-like pressure/cpu and pressure/memory; no pressure/io */
	T_CHECK(fs_path(path, sizeof path, "%s/pressure", tmpdir) == 0 && mkdir(path, 0755) == 0);
	T_CHECK(put("vmstat", vmstat_61) == 0);
	T_CHECK(put("stat", stat_61) == 0);
	T_CHECK(put("pressure/cpu", psi_cpu_510) == 0);
	T_CHECK(put("pressure/memory", psi_mem_61) == 0);
	T_CHECK(ev_snap_read(&s, tmpdir) == 1);
	T_CHECK(s.pgmajfault == 71007 && s.allocstall == 130 && s.pgsteal_direct == 29931);
	T_CHECK(s.ctxt == 2706211941.0);
	T_CHECK(s.psi_cpu_some == 2234567 && isnan(s.psi_cpu_full));
	T_CHECK(s.psi_mem_some == 9876543 && s.psi_mem_full == 7654321);
	T_CHECK(isnan(s.psi_io_some) && isnan(s.psi_io_full));
	/* an unreadable file (a directory in its place) is missing too */
	T_CHECK(fs_path(path, sizeof path, "%s/pressure/io", tmpdir) == 0 && mkdir(path, 0755) == 0);
	T_CHECK(ev_snap_read(&s, tmpdir) == 1 && isnan(s.psi_io_some));
	T_CHECK(rmdir(path) == 0);
	T_CHECK(put("pressure/io", psi_io_61) == 0);
	T_CHECK(ev_snap_read(&s, tmpdir) == 0 && s.psi_io_full == 649706982);

	/* a vmstat far longer than the first read buffer; pgmajfault at its end */
	big = malloc(cap);
	T_CHECK(big != NULL);
	if (big != NULL) {
		for (int i = 0; off + 64 < cap - 64; i++)
			off += (size_t)snprintf(big + off, cap - off, "nr_filler_%d %d\n", i, i * 7);
		snprintf(big + off, cap - off, "allocstall 8\npgmajfault 4242\n");
		T_CHECK(put("vmstat", big) == 0);
		T_CHECK(ev_snap_read(&s, tmpdir) == 0 && s.pgmajfault == 4242 && s.allocstall == 8);
		free(big);
	}
	/* a file holding a NUL byte is not a /proc file */
	T_CHECK(fs_path(path, sizeof path, "%s/stat", tmpdir) == 0);
	{
		int fd = open(path, O_WRONLY | O_TRUNC);
		T_CHECK(fd >= 0 && write(fd, "ctxt 5\n\0ctxt 6\n", 15) == 15 && close(fd) == 0);
	}
	T_CHECK(ev_snap_read(&s, tmpdir) == 1 && isnan(s.ctxt));

	/* the real /proc: the counters every Linux kernel has; the delta is not negative */
	ev_snap_read(&s, "/proc");
	ev_snap_read(&t, "/proc");
	T_CHECK(!isnan(s.pgmajfault) && !isnan(s.ctxt) && !isnan(s.allocstall));
	ev_delta(&s, &t, &d);
	T_CHECK(d.ctxt >= 0 && d.pgmajfault >= 0);
}

/* main: every group, in a temporary directory removed at the end. */
/* test_record_columns: the record keeps the system figures under the same
 * names and in the same order (run.c copies them by index). */
static void test_record_columns(void)
{
	T_CHECK(REV_SYS_N == EV_NFIELDS);
	for (size_t i = 0; i < EV_NFIELDS && i < REV_SYS_N; i++)
		T_STREQ(rec_ev_names[i], ev_fields[i].name);
}

int main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_fields();
	test_vmstat();
	test_psi();
	test_stat();
	test_delta();
	test_read();
	test_record_columns();
	if (fs_rm_at(AT_FDCWD, tmpdir) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return t_done();
}
