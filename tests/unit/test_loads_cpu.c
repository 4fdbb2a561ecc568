/* test_loads_cpu.c: process_load, burn_load, mem_load and list_load really work: counters grow, side effects seen, nothing left. */
#include "contest/engine/load_control.h"
#include "lib/clock.h"
#include "lib/proc.h"
#include "loads/registry.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* status_kib: the value in KiB of field (e.g. "VmRSS:") in /proc/PID/status; -1 when absent. */
static long status_kib(pid_t pid, const char *field)
{
	char path[64], line[256];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	if (!(f = fopen(path, "r")))
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, field, strlen(field)) == 0)
			v = strtol(line + strlen(field), NULL, 10);
	fclose(f);
	return v;
}

/* Per-load checks made while the load runs, between the window's samples. */
typedef void (*during_fn)(const struct load_control *lc, const struct load_env *env, const struct load_prep *prep);

/* run_load: prepare, start, sample a 0.7 s window after 1 s, run during(),
 * stop, clean up; checks the counter grew by at least min_growth, the group
 * is gone and the testbed is empty. */
static void run_load(const struct load_desc *d, uint64_t min_growth, during_fn during)
{
	char tb[] = "/tmp/test_loads_cpu.XXXXXX", why[256] = "";
	struct load_env env = { .mem = 32u << 20, .cpus = (int)sysconf(_SC_NPROCESSORS_ONLN) };
	struct load_prep prep = { .per_unit = d->per_unit };
	struct load_sample a, b;
	struct load_control lc;

	T_CHECK(mkdtemp(tb) != NULL);
	env.testbed = tb;
	env.tree = tb;
	if (d->prepare) {
		int rc = d->prepare(&env, &prep, why, sizeof why);
		if (rc != 0)
			fprintf(stderr, "%s: prepare: %s\n", d->name, why);
		T_CHECK(rc == 0);
	}
	T_CHECK(prep.per_unit > 0);
	T_CHECK(load_control_start(&lc, d, &env, &prep, why, sizeof why) == 0);
	mono_sleep(1.0);
	load_control_sample(&lc, &a);
	mono_sleep(0.7);
	load_control_sample(&lc, &b);
	if (load_control_check(&lc, why, sizeof why) != 0)
		fprintf(stderr, "%s: %s\n", d->name, why);
	T_CHECK(load_control_check(&lc, why, sizeof why) == 0);
	T_CHECK(b.work > a.work && b.work - a.work >= min_growth);
	T_CHECK(b.cpu > a.cpu);
	printf("%s: %llu work in the window (%.2f units), %s\n", d->name,
	       (unsigned long long)(b.work - a.work), (double)(b.work - a.work) / prep.per_unit,
	       prep.detail[0] ? prep.detail : "-");
	if (during)
		during(&lc, &env, &prep);
	pid_t pgid = lc.pgid;
	T_CHECK(load_control_stop(&lc, 2.0) == 0);
	if (d->cleanup)
		d->cleanup(&env, &prep);
	T_CHECK(proc_group_count(pgid) == 0);
	T_CHECK(tm_dir_entries(tb) == 0);
	T_CHECK(rmdir(tb) == 0);
}

/* The ring has its 4 x CPUS processes plus the leader. */
static void during_process(const struct load_control *lc, const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	T_CHECK(proc_group_count(lc->pgid) == 4 * env->cpus + 1);
}

/* One hog a CPU plus the leader; named, not in the default set, counted in whole batches. */
static void during_burn(const struct load_control *lc, const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	T_CHECK(proc_group_count(lc->pgid) == env->cpus + 1);
	T_CHECK(load_find("burn_load") == &load_burn_load);
	T_CHECK((load_burn_load.flags & LOAD_F_EXTRA) && !(load_burn_load.flags & LOAD_F_HIDDEN));
	T_CHECK(atomic_load(&lc->ctr->work) % (1u << 20) == 0);
}

/* The map file (no swap) has 110% of MEM, and the leader really holds its pages. */
static void during_mem(const struct load_control *lc, const struct load_env *env, const struct load_prep *prep)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t want = (env->mem + env->mem / 10 + page - 1) / page * page;
	long rss = status_kib(lc->pgid, "VmRSS:");
	struct stat st;
	char path[4096];

	T_NEAR(prep->per_unit, 10000, 1e-9);  /* a Loads unit: 10,000 pages referenced */
	T_CHECK(rss > 16 * 1024);  /* most of the 35 MiB area is resident */
	if (prep->mode == 1) {
		T_STREQ(prep->detail, "file-backed shared mapping (no swap)");
		snprintf(path, sizeof path, "%s/mem_load.map", env->testbed);
		T_STREQ(prep->path, path);
		T_CHECK(lstat(path, &st) == 0 && S_ISREG(st.st_mode));
		T_CHECK((uint64_t)st.st_size == want);
		T_CHECK((uint64_t)st.st_blocks * 512 >= want);  /* allocated, not sparse */
		T_CHECK(status_kib(lc->pgid, "RssFile:") > 16 * 1024);
	} else {
		T_STREQ(prep->detail, "anonymous memory (swap active)");
		T_CHECK(status_kib(lc->pgid, "RssAnon:") > 16 * 1024);
	}
}

/* mem_load replaces a stale map file left by a crash; cleanup works with or without one. */
static void test_mem_stale(void)
{
	char tb[] = "/tmp/test_loads_cpu.XXXXXX", why[256] = "", path[4096];
	struct load_env env = { .mem = 1u << 20, .cpus = 1 };
	struct load_prep prep = { .per_unit = load_mem_load.per_unit };
	struct stat st;
	FILE *f;

	T_CHECK(mkdtemp(tb) != NULL);
	env.testbed = tb;
	load_mem_load.cleanup(&env, &prep);  /* nothing there: no error, no crash */
	snprintf(path, sizeof path, "%s/mem_load.map", tb);
	T_CHECK((f = fopen(path, "w")) != NULL && fputs("stale", f) >= 0 && fclose(f) == 0);
	T_CHECK(load_mem_load.prepare(&env, &prep, why, sizeof why) == 0);
	if (prep.mode == 1)
		T_CHECK(stat(path, &st) == 0 && (uint64_t)st.st_size >= env.mem);
	load_mem_load.cleanup(&env, &prep);
	T_CHECK(tm_dir_entries(tb) == 0);
	T_CHECK(rmdir(tb) == 0);
}

int main(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	run_load(&load_process_load, 64, during_process);
	run_load(&load_burn_load, 1u << 20, during_burn);
	run_load(&load_mem_load, 64, during_mem);
	run_load(&load_list_load, 1000, NULL);
	test_mem_stale();
	T_STREQ(load_list_load.alias, "lslr_load");
	T_CHECK(load_process_load.alias == NULL && load_mem_load.alias == NULL);
	return t_done();
}
