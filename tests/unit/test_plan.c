/* test_plan.c: the run plan: built from options, its order of runs, the disk each load needs, its printing for --dry-run. */
#include "contest/cmd/run.h"
#include "contest/engine/estimate.h"
#include "contest/engine/paths.h"
#include "contest/engine/plan.h"
#include "loads/registry.h"
#include "results/record/store.h"
#include "tests/unit/t.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* run_opts: a run of -k a -n 2 no_load io_load mem_load with --mem 256M. */
static void run_opts(struct opts *o)
{
	memset(o, 0, sizeof *o);
	o->mode = MODE_RUN;
	snprintf(o->label, sizeof o->label, "a");
	o->runs = 2;
	o->mem = 256ull << 20;
	o->lead = 2.0;
	o->loads[0] = &load_no_load;
	o->loads[1] = &load_io_load;
	o->loads[2] = &load_mem_load;
	o->nloads = 3;
}

/* sweep_opts: a sweep of vm.swappiness over 10 and 100, label base b. */
static void sweep_opts(struct opts *o)
{
	run_opts(o);
	o->mode = MODE_SWEEP;
	snprintf(o->sweep_key, sizeof o->sweep_key, "vm.swappiness");
	snprintf(o->sweep_val[0], sizeof o->sweep_val[0], "10");
	snprintf(o->sweep_val[1], sizeof o->sweep_val[1], "100");
	snprintf(o->sweep_label[0], sizeof o->sweep_label[0], "b+vm.swappiness=10");
	snprintf(o->sweep_label[1], sizeof o->sweep_label[1], "b+vm.swappiness=100");
	o->nsweep = 2;
}

static void test_build_order(void)
{
	static struct opts o;
	struct plan p;
	struct plan_run r;
	char order[256] = "";

	run_opts(&o);
	plan_build(&p, &o);
	T_CHECK(p.nset == 1 && p.key == NULL && p.set[0].value == NULL);
	T_STREQ(p.set[0].label, "a");
	T_CHECK(plan_size(&p) == 6);
	sweep_opts(&o);
	plan_build(&p, &o);
	T_CHECK(p.nset == 2 && plan_size(&p) == 12);
	T_STREQ(p.key, "vm.swappiness");
	T_STREQ(p.set[1].value, "100");
	/* round by round, load by load, value by value: A B A B ... */
	for (size_t k = 0; k < plan_size(&p); k++) {
		r = plan_at(&p, k);
		snprintf(order + strlen(order), sizeof order - strlen(order), "%ld%zu%zu ", r.round,
		         r.load, r.set);
	}
	T_STREQ(order, "000 001 010 011 020 021 100 101 110 111 120 121 ");
}

static void test_disk(void)
{
	static const struct {
		const struct load_desc *d;
		const char *want;
	} cases[] = {
		{ &load_no_load, "none" },
		{ &load_list_load, "none" },
		{ &load_io_load, "256M (disk space: MEM in the testbed)" },
		{ &load_read_load, "256M (disk space: MEM in the testbed (the file is kept for later runs))" },
		{ &load_io_other, "256M (-o DIR; disk space: MEM there)" },
		{ &load_mem_load, "282M (without swap, disk space: 110% of MEM in the testbed)" },
		{ &load_xtar_load, "not known before it runs (tar; disk space: the source tree twice (archive "
		                   "and extracted copy) in the testbed)" },
	};
	char buf[256];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		plan_disk(cases[i].d, 256ull << 20, buf, sizeof buf);
		T_STREQ(buf, cases[i].want);
	}
	plan_disk(&load_io_load, 0, buf, sizeof buf);
	T_CHECK(strncmp(buf, "not known before it runs", 24) == 0);
}

/* printed_as: plan_print of p, full or short, as a string (static). */
static const char *printed_as(const struct plan *p, int full)
{
	static char buf[4096];
	FILE *f = fmemopen(buf, sizeof buf, "w");

	buf[0] = '\0';
	if (f == NULL)
		return "";
	plan_print(p, f, full);
	fclose(f);
	return buf;
}

/* printed: plan_print of p in full, as --dry-run prints it (static). */
static const char *printed(const struct plan *p)
{
	return printed_as(p, 1);
}

/* test_peak: the largest load's files beside those kept before it; -o and tree-sized loads not counted. */
static void test_peak(void)
{
	static struct opts o;
	struct plan p;

	run_opts(&o);                   /* no_load io_load mem_load: mem_load's 110% alone */
	plan_build(&p, &o);
	T_CHECK(plan_peak_disk(&p) == (256ull << 20) * 110 / 100);
	o.loads[0] = &load_read_load;   /* read_load's file stays beside the others */
	o.loads[3] = &load_io_other;
	o.loads[4] = &load_xtar_load;
	o.nloads = 5;
	plan_build(&p, &o);
	T_CHECK(plan_peak_disk(&p) == (256ull << 20) + (256ull << 20) * 110 / 100);
	o.loads[0] = &load_mem_load;    /* kept after, not before: mem_load's 110% alone */
	o.loads[2] = &load_read_load;
	plan_build(&p, &o);
	T_CHECK(plan_peak_disk(&p) == (256ull << 20) * 110 / 100);
	o.mem = 0;
	plan_build(&p, &o);
	T_CHECK(plan_peak_disk(&p) == 0);
	T_CHECK(strstr(printed(&p), "peak disk in the testbed: not known (MEM unknown)\n") != NULL);
}

static void test_print(void)
{
	static struct opts o;
	struct plan p;

	run_opts(&o);
	plan_build(&p, &o);
	T_STREQ(printed(&p),
	        "plan: 6 run(s): 2 round(s) x 3 load condition(s) x 1 setting(s), round by round, load by load\n"
	        "settings: a\n"
	        "  no_load: 2 run(s) under a; disk: none; time: no run recorded yet\n"
	        "  io_load: 2 run(s) under a; disk: 256M (disk space: MEM in the testbed); time: no run recorded yet\n"
	        "  mem_load: 2 run(s) under a; disk: 282M (without swap, disk space: 110% of MEM in the testbed); "
	        "time: no run recorded yet\n"
	        "peak disk in the testbed: 282M (mem_load's 282M)\n"
	        "  (not counted: the workload's tree, the files of loads whose size depends on it, a --swap "
	        "file)\n"
	        "estimated time: unknown (no run of these load conditions recorded yet, and no canary)\n");
	sweep_opts(&o);
	o.nloads = 2;
	plan_build(&p, &o);
	p.secs[0] = 30.0;   /* no_load: no lead */
	p.nrec[0] = 4;
	p.secs[1] = 58.0;   /* io_load: 60 s a run with its lead */
	p.nrec[1] = 2;
	p.other[1] = 1;
	T_STREQ(printed(&p),
	        "plan: 8 run(s): 2 round(s) x 2 load condition(s) x 2 setting(s) of vm.swappiness, round by "
	        "round, load by load, setting by setting\n"
	        "settings: b+vm.swappiness=10 b+vm.swappiness=100\n"
	        "  no_load: 4 run(s), 2 under each setting; disk: none; about 33s a run (compile 30.0s, mean "
	        "of 4 recorded)\n"
	        "  io_load: 4 run(s), 2 under each setting; disk: 256M (disk space: MEM in the testbed); about "
	        "1m03s a run (compile 58.0s, mean of 2 recorded under other labels)\n"
	        "peak disk in the testbed: 256M (io_load's 256M)\n"
	        "  (not counted: the workload's tree, the files of loads whose size depends on it, a --swap "
	        "file)\n"
	        "estimated time: 6m24s (a guess: the recorded compile times, the 2.0s lead of each loaded "
	        "run, about 3s a run for make clean, flushing and the canaries, and the loads' files)\n");
}

/* test_dry_run: cmd_run with dry_run prints and returns 0, making nothing. */
static void test_dry_run(void)
{
	static struct opts o;
	char dir[] = "/tmp/contest-test-plan.XXXXXX", tb[PATH_MAX], res[PATH_MAX];

	T_CHECK(mkdtemp(dir) != NULL);
	snprintf(tb, sizeof tb, "%s/tb", dir);
	snprintf(res, sizeof res, "%s/res", dir);
	run_opts(&o);
	o.testbed = tb;
	o.results = res;
	o.dry_run = 1;
	fflush(stdout);
	T_CHECK(cmd_run(&o) == 0);
	T_CHECK(access(tb, F_OK) != 0 && access(res, F_OK) != 0);
	T_CHECK(rmdir(dir) == 0);
}

/* the workload add records its runs of */
static const char *add_workload = "builtin-1:default";

/* add: a record of label and load taking secs (failed: not counted). */
static void add(const char *dir, const char *label, const char *load, int run, double secs, int failed)
{
	struct rec r;

	rec_init(&r);
	snprintf(r.workload, sizeof r.workload, "%s", add_workload);
	snprintf(r.label, sizeof r.label, "%s", label);
	snprintf(r.load, sizeof r.load, "%s", load);
	snprintf(r.timestamp, sizeof r.timestamp, "2026-01-01T00:00:0%d.000000Z", run);
	r.run = run;
	r.time = secs;
	r.failed = failed;
	if (failed)
		snprintf(r.reason, sizeof r.reason, "broken");
	T_CHECK(store_append(dir, &r) == 0);
}

/* test_estimate: the plan's own labels' runs first, else any label's. */
static void test_estimate(void)
{
	static struct opts o;
	char dir[] = "/tmp/contest-test-plan.XXXXXX", cmd[PATH_MAX];
	struct plan p;

	T_CHECK(mkdtemp(dir) != NULL);
	add(dir, "a", "no_load", 1, 10.0, 0);
	add(dir, "a", "no_load", 2, 20.0, 0);
	add(dir, "a", "no_load", 3, 99.0, 1);
	add(dir, "z", "no_load", 1, 70.0, 0);
	add(dir, "z", "io_load", 1, 40.0, 0);
	/* another workload's runs (a real tree) are never borrowed */
	add_workload = "linux-6.1.187:config-0badc0de:vmlinux";
	add(dir, "a", "no_load", 4, 700.0, 0);
	add(dir, "a", "mem_load", 1, 900.0, 0);
	add_workload = "builtin-1:default";
	run_opts(&o);
	plan_build(&p, &o);
	plan_estimate(&p, dir, "builtin-1:default");
	T_CHECK(p.nrec[0] == 2 && !p.other[0]);
	T_NEAR(p.secs[0], 15.0, 1e-9);
	T_CHECK(p.nrec[1] == 1 && p.other[1]);
	T_NEAR(p.secs[1], 40.0, 1e-9);
	T_CHECK(p.nrec[2] == 0 && !p.other[2]);
	/* the tree's plan sees only the tree's runs */
	plan_build(&p, &o);
	plan_estimate(&p, dir, "linux-6.1.187:config-0badc0de:vmlinux");
	T_CHECK(p.nrec[0] == 1 && p.nrec[1] == 0 && p.nrec[2] == 1);
	T_NEAR(p.secs[0], 700.0, 1e-9);
	/* io_load guessed from the recorded ones over their cost factors */
	plan_guess(&p, NAN, 0, 0, 2, "");
	T_CHECK(p.guess[1] && !p.guess[0] && !p.guess[2]);
	T_NEAR(p.secs[1], (700.0 / load_no_load.cost + 900.0 / load_mem_load.cost) / 2 * load_io_load.cost, 1e-6);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	T_CHECK(system(cmd) == 0);
}

/* test_partly_known: a load without a recorded run makes the time "at least". */
static void test_partly_known(void)
{
	static struct opts o;
	struct plan p;
	const char *s;

	run_opts(&o);
	o.nloads = 2;
	plan_build(&p, &o);
	p.secs[1] = 10.0;
	p.nrec[1] = 1;
	s = printed(&p);
	T_CHECK(strstr(s, "  no_load: 2 run(s) under a; disk: none; time: no run recorded yet\n") != NULL);
	T_CHECK(strstr(s, "estimated time: at least 30s (a guess: ") != NULL);
	T_CHECK(strstr(s, "; 1 load condition(s) without a recorded run not counted)\n") != NULL);
}

/* test_first_guess: nothing recorded: every compile from the canary and
 * the size, said as a first guess; without a canary, unknown. */
static void test_first_guess(void)
{
	static struct opts o;
	struct plan p;
	const char *s;

	run_opts(&o);
	o.runs = 1;
	plan_build(&p, &o);
	plan_guess(&p, NAN, 310, 1.0, 2, "the built-in default scale's 310 units x 1.00");
	T_CHECK(!p.guess[0]);
	T_CHECK(strstr(printed(&p), "estimated time: unknown (") != NULL);
	plan_guess(&p, 0.1, 310, 1.0, 2, "the built-in default scale's 310 units x 1.00");
	T_CHECK(p.guess[0] && p.guess[1] && p.guess[2]);
	T_NEAR(p.secs[0], 15.5 * load_no_load.cost, 1e-9);
	T_NEAR(p.secs[2], 15.5 * load_mem_load.cost, 1e-9);
	s = printed(&p);
	T_CHECK(strstr(s, "estimated time: about ") != NULL);
	T_CHECK(strstr(s, ", a first guess: no runs of this workload recorded here yet\n") != NULL);
	T_CHECK(strstr(s, "the canary 0.100s x the built-in default scale's 310 units") != NULL);
	T_CHECK(strstr(s, "  no_load: 1 run(s) under a; disk: none; about ") != NULL);
	/* the whole plan: each run's compile, lead and overheads; mem_load's file prepared */
	size_t unknown;
	double want = 0;
	for (size_t k = 0; k < 3; k++)
		want += p.secs[k] + EST_STEP_SECS + (k ? o.lead : 0);
	want += load_mem_load.prep_s * 0.25;
	T_NEAR(plan_total(&p, &unknown), want, 0.01);
	T_CHECK(unknown == 0);
	T_NEAR(plan_run_secs(&p, 0), p.secs[0] + EST_STEP_SECS, 1e-9);
	s = printed_as(&p, 0);
	T_CHECK(strstr(s, ", a first guess: no runs of this workload recorded here yet; corrected as runs finish\n")
	        != NULL);
}

/* disk_check: plan_disk_check of p with its testbed named tb. */
static int disk_check(struct plan *p, const char *tb, int swap_on, char *why, size_t len)
{
	p->testbed.given = tb;
	return plan_disk_check(p, swap_on, why, len);
}

/* space: plan_space of p with its testbed tb and -o other (NULL: none). */
static void space(struct plan *p, const char *tb, const char *other)
{
	p->testbed.given = tb;
	p->otherdir.given = other;
	plan_space(p);
}

/* test_space: the kept file already there is not written again; the check
 * refuses a peak beyond the free space, naming the loads; the short plan. */
static void test_space(void)
{
	static struct opts o;
	char dir[] = "/tmp/contest-test-plan.XXXXXX", path[PATH_MAX], why[512];
	struct plan p;
	FILE *f;

	run_opts(&o);                   /* read_load io_load mem_load, 256M */
	o.loads[0] = &load_read_load;
	plan_build(&p, &o);
	T_CHECK(p.tb.free == UINT64_MAX && disk_check(&p, "/x", 0, why, sizeof why) == 0);
	T_CHECK(plan_peak_new(&p, why, sizeof why) == (256ull << 20) + (256ull << 20) * 110 / 100);
	T_STREQ(why, "read_load's kept 256M file beside mem_load's 282M");
	p.tb.free = 300ull << 20;
	snprintf(p.tb.dir, sizeof p.tb.dir, "/x");
	T_CHECK(disk_check(&p, "/x/tb", 0, why, sizeof why) == -1);
	T_CHECK(strstr(why, "the testbed /x/tb has 300M free, the plan needs ") != NULL);
	T_CHECK(strstr(why, "(read_load's kept 256M file beside mem_load's 282M, and 5% and 16M of margin)") != NULL);
	T_CHECK(strstr(printed_as(&p, 0), "load conditions: read_load io_load mem_load\n"
	                                   "peak disk in the testbed: 538M (read_load's kept 256M file beside "
	                                   "mem_load's 282M); 300M free in /x\n") != NULL);
	T_CHECK(strstr(printed_as(&p, 0), "  read_load:") == NULL);
	/* read_load.dat of MEM bytes in the testbed: reused, only mem_load's file to write */
	T_CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/read_load.dat", dir);
	T_CHECK((f = fopen(path, "w")) != NULL && ftruncate(fileno(f), 256 << 20) == 0 && fclose(f) == 0);
	space(&p, dir, NULL);
	T_CHECK(p.present[0] && !p.present[1] && p.tb.free != UINT64_MAX);
	T_STREQ(p.tb.dir, dir);
	T_CHECK(plan_peak_new(&p, why, sizeof why) == (256ull << 20) * 110 / 100);
	T_STREQ(why, "mem_load's 282M");
	p.tb.free = 320ull << 20;   /* 282M and the margin */
	T_CHECK(disk_check(&p, dir, 0, why, sizeof why) == 0);
	/* a testbed not made yet: its nearest existing parent */
	snprintf(path, sizeof path, "%s/new/tb/", dir);
	space(&p, path, dir);
	T_STREQ(p.tb.dir, dir);
	T_CHECK(!p.present[0] && p.odir.free != UINT64_MAX);
	snprintf(path, sizeof path, "%s/read_load.dat", dir);
	T_CHECK(unlink(path) == 0 && rmdir(dir) == 0);
}

/* test_in_memory: mem_load's testbed file on tmpfs or ramfs inside the
 * memory group without swap is refused, naming the testbed and its file
 * system; swap, --swap, no group, a disk's file system or no such load pass. */
static void test_in_memory(void)
{
	static struct opts o;
	char why[512];
	struct plan p;

	run_opts(&o);                   /* no_load io_load mem_load, 256M */
	o.confine = 1;
	plan_build(&p, &o);
	T_CHECK(p.confine && !p.swap);
	p.tb.fstype = 0x01021994;       /* tmpfs */
	T_CHECK(disk_check(&p, "/run/tb", 0, why, sizeof why) == -1);
	T_CHECK(strncmp(why, "mem_load: the testbed /run/tb is on tmpfs, which keeps its files in memory", 74) == 0);
	T_CHECK(strchr(why, '\n') == NULL);
	T_CHECK(disk_check(&p, "/run/tb", 1, why, sizeof why) == 0);   /* swap: anonymous memory */
	p.tb.fstype = 0x858458F6;       /* ramfs */
	T_CHECK(disk_check(&p, "/run/tb", 0, why, sizeof why) == -1 && strstr(why, " on ramfs,") != NULL);
	p.tb.fstype = 0xEF53;           /* ext4 */
	T_CHECK(disk_check(&p, "/run/tb", 0, why, sizeof why) == 0);
	p.tb.fstype = 0x01021994;
	p.swap = 1;                     /* --swap: a swap file for the runs */
	T_CHECK(disk_check(&p, "/run/tb", 0, why, sizeof why) == 0);
	p.swap = 0;
	p.confine = 0;                  /* no memory group: nothing kills it */
	T_CHECK(disk_check(&p, "/run/tb", 0, why, sizeof why) == 0);
	p.confine = 1;
	p.nloads = 2;                   /* no_load and io_load only */
	T_CHECK(disk_check(&p, "/run/tb", 0, why, sizeof why) == 0);
	/* plan_space reads the file system: /dev/shm is a tmpfs where there is one */
	space(&p, "/dev/shm/contest-not-made", NULL);
	if (p.tb.free != UINT64_MAX)
		T_CHECK(p.tb.fstype != 0 && strcmp(p.tb.dir, "/dev/shm") == 0);
}

/* test_paths: plan_paths resolves an existing testbed, results directory
 * and -o once, leaves a new one to set-up without making it, names each
 * path it refuses in one line; plan_dir_name says a directory as given
 * until set-up has taken it. */
static void test_paths(void)
{
	static struct opts o;
	char dir[] = "/tmp/contest-test-paths.XXXXXX", tb[PATH_MAX], res[PATH_MAX], file[PATH_MAX], why[PATH_MAX + 256];
	struct plan p;
	FILE *f;

	run_opts(&o);
	T_CHECK(mkdtemp(dir) != NULL);
	snprintf(tb, sizeof tb, "%s/tb", dir);
	snprintf(res, sizeof res, "%s/new/res", dir);
	snprintf(file, sizeof file, "%s/file", dir);
	T_CHECK(mkdir(tb, 0755) == 0 && (f = fopen(file, "w")) != NULL && fclose(f) == 0);
	o.testbed = tb;
	o.results = res;
	o.other = dir;
	plan_build(&p, &o);
	T_CHECK(plan_paths(&p, why, sizeof why) == 0);
	T_STREQ(p.testbed.path, tb);
	T_STREQ(p.otherdir.path, dir);
	T_CHECK(p.results.path[0] == '\0' && access(res, F_OK) != 0);   /* new: not made */
	T_CHECK(plan_dir_name(&p.testbed) == tb);
	p.testbed.taken = 1;
	T_STREQ(plan_dir_name(&p.testbed), tb);
	T_CHECK(plan_dir_name(&p.testbed) == p.testbed.path);
	T_CHECK(plan_dir_resolve(&p.results, "results directory", why, sizeof why) == 0);
	T_STREQ(p.results.path, res);
	/* refused, one line naming the path: -o a file, a testbed that is a file, one not contest's */
	o.other = file;
	plan_build(&p, &o);
	T_CHECK(plan_paths(&p, why, sizeof why) == -1 && strchr(why, '\n') == NULL);
	T_CHECK(strstr(why, "-o '") == why && strstr(why, "/file' is not a directory") != NULL);
	o.other = NULL;
	o.testbed = file;
	plan_build(&p, &o);
	T_CHECK(plan_paths(&p, why, sizeof why) == -1 && strstr(why, "cannot create testbed '") == why);
	o.testbed = dir;   /* holds tb, new and file, and no lock file */
	plan_build(&p, &o);
	T_CHECK(plan_paths(&p, why, sizeof why) == -1 && strstr(why, "testbed '") == why &&
	        strstr(why, "is not contest's: it holds 3 entries") != NULL);
	T_CHECK(unlink(file) == 0 && rmdir(tb) == 0 && rmdir(res) == 0);
	snprintf(res, sizeof res, "%s/new", dir);
	T_CHECK(rmdir(res) == 0 && rmdir(dir) == 0);
}

int main(void)
{
	test_build_order();
	test_in_memory();
	test_disk();
	test_peak();
	test_print();
	test_dry_run();
	test_partly_known();
	test_estimate();
	test_first_guess();
	test_space();
	test_paths();
	return t_done();
}
