/* setup.c: what a run invocation sets up before its first run (testbed, results, workload tree, machine changes, runs already recorded) and the environment it records. */
#include "contest/engine/setup.h"
#include "contest/cli/version.h"
#include "contest/engine/compile.h"
#include "contest/engine/paths.h"
#include "contest/engine/prepare.h"
#include "contest/engine/sig.h"
#include "contest/sense/fingerprint.h"
#include "contest/sys/confine.h"
#include "contest/sys/lock.h"
#include "contest/sys/swapfile.h"
#include "contest/sys/sysctl.h"
#include "contest/sys/undo.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "results/record/store.h"
#include "workload/builtin.h"
#include "workload/ktree.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

void setup_timestamp(char *buf, size_t len)
{
	struct timespec ts;
	struct tm tm;
	char s[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%S", &tm);
	text_fmt(buf, len, "%s.%06ldZ", s, ts.tv_nsec / 1000);
}


/* Directories this invocation created, removed again (when still empty)
 * if set-up fails, so a refused run leaves nothing behind. */
static char created[2][PATH_MAX];

/* undo_created: remove the directories this invocation created, when
 * nothing but its lock file is in them. */
static void undo_created(void)
{
	/* what machine_setup did, first (last made first): the swap file is in the testbed */
	undo_all();
	for (int i = 1; i >= 0; i--)
		if (created[i][0] != '\0') {
			lock_drop(created[i]);
			rmdir(created[i]);
		}
}

/* setup_fail: undo created directories, report (unless fmt is NULL: said
 * already), exit 2. */
static _Noreturn void setup_fail(const char *fmt, const char *a, const char *b, int with_errno)
{
	int e = errno;

	undo_created();
	errno = e;
	if (fmt == NULL)
		exit(EXIT_USAGE);
	if (with_errno)
		err(EXIT_USAGE, fmt, a, b);
	errx(EXIT_USAGE, fmt, a, b);
}

_Noreturn void setup_intr(const char *what)
{
	undo_created();
	warnx("interrupted by %s while %s; no run was started", strsignal(sig_caught), what);
	exit(EXIT_INTR);
}

/* make_dir: d made when the plan found it missing, resolved into the plan
 * (plan_dir_resolve; the path kept in made when this invocation made it);
 * exit 2 on failure. */
static void make_dir(struct plan_dir *d, const char *what, char *made)
{
	char why[PATH_MAX + 2 * TEXT_QUOTED];

	if (d->path[0] != '\0')
		return;   /* it exists: the plan resolved and checked it */
	if (plan_dir_resolve(d, what, why, sizeof why) != 0) {
		if (d->path[0] != '\0')
			text_copy(made, d->path, PATH_MAX);
		setup_fail("%s%s", why, "", 0);
	}
	text_copy(made, d->path, PATH_MAX);
}

/* read_log: the first len-1 bytes of the compile log, or its last ones
 * when tail, into buf (empty when it cannot be read). */
static void read_log(const struct runner *r, char *buf, size_t len, int tail)
{
	struct stat st;
	ssize_t n = 0;
	int fd;

	/* the log is contest's own file in the testbed: never read through a link */
	if ((fd = open(r->log, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) >= 0) {
		if (tail && fstat(fd, &st) == 0 && st.st_size >= (off_t)len)
			lseek(fd, st.st_size - (off_t)len + 1, SEEK_SET);
		n = read(fd, buf, len - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
}

/* target_check: refuse (exit 2) a --target the tree's make has no rule
 * for, before any make clean: `make -q TARGET` runs no recipe (only what
 * make runs to bring its own makefiles up to date, such as a kernel's
 * syncconfig) and says "No rule to make target" for an unknown one. Any
 * other outcome is left to the compile. */
static void target_check(struct runner *r)
{
	char why[512], log[8192];
	char *argv[] = { "env", "LC_ALL=C", "make", "-q", (char *)r->o->target, NULL };
	struct compile_result res;

	if (compile_run(r->tree, argv, r->log, NULL, NULL, &res, why, sizeof why) == COMPILE_INTR)
		setup_intr("checking the target (make -q)");
	read_log(r, log, sizeof log, 1);
	fs_rm_in(r->testbed, "compile.log");
	if (ktree_no_rule(log, r->o->target))
		setup_fail("--target '%s': the tree's make has no rule for it (make -q %s); "
		           "nothing was cleaned or built", r->o->target, r->o->target, 0);
}

/* tree_setup: check the -t tree and identify it: `make kernelversion`
 * (output via the log), a hash of .config, the target, which must be one
 * make has a rule for. Exits 2 when the tree is refused. */
static void tree_setup(struct runner *r)
{
	char why[512], version[64] = "";
	char *argv[] = { "make", "-s", "kernelversion", NULL };
	struct compile_result res;
	unsigned long long hash;

	if (ktree_check(r->o->tree, r->tree, sizeof r->tree, why, sizeof why) != 0)
		setup_fail("%s%s", why, "", 0);
	if (compile_run(r->tree, argv, r->log, NULL, NULL, &res, why, sizeof why) != COMPILE_OK) {
		if (sig_caught)
			setup_intr("identifying the kernel tree (make kernelversion)");
		setup_fail("kernel tree '%s': make kernelversion failed: %s", r->o->tree, why, 0);
	}
	read_log(r, version, sizeof version, 0);
	fs_rm_in(r->testbed, "compile.log");
	if (ktree_config_hash(r->tree, &hash) != 0)
		setup_fail("kernel tree '%s': cannot read its .config%s", r->o->tree, "", 1);
	target_check(r);
	ktree_identity(version, hash, r->o->target, r->workload, sizeof r->workload);
}

/* changes_swappiness: this invocation sets vm.swappiness (--sysctl or sweep). */
static int changes_swappiness(const struct runner *r)
{
	if (r->o->mode == MODE_SWEEP)
		return strcmp(r->o->sweep_key, "vm.swappiness") == 0;
	for (size_t i = 0; i < r->o->nsysctl; i++)
		if (strcmp(r->sysctl[i].key, "vm.swappiness") == 0)
			return 1;
	return 0;
}

/* settings_check: a sweep, after the locks, before any run: the kernel
 * takes every value of the swept key (each written once, the first left in
 * force; the old value is restored at exit through the undo table); 0, or
 * -1 with why. */
static int settings_check(struct runner *r, char *why, size_t len)
{
	struct sysctl_set s = { 0 };

	text_copy(s.key, r->o->sweep_key, sizeof s.key);
	text_copy(s.val, r->plan.set[0].value, sizeof s.val);
	if (sysctl_check(&s, why, len) != 0 || sysctl_apply(&s, 1, why, len) != 0)
		return -1;
	for (size_t v = r->plan.nset; v-- > 0;)
		if (sysctl_change(s.key, r->plan.set[v].value, why, len) != 0)
			return -1;
	return 0;
}

/* machine_setup: what changes the machine beyond the testbed (--sysctl, the
 * sweep's values, the memory group, the swap file), after the locks: one
 * such contest at a time (the VM settings lock in /run), and none changed
 * by a contest refused for a busy testbed. 0, or -1 with why. */
static int machine_setup(struct runner *r, char *why, size_t len)
{
	const struct opts *o = r->o;
	/* what other contests would see changed (the default machine's group
	 * is this contest's own: no lock between contests for it) */
	int shared = o->nsysctl > 0 || o->mode == MODE_SWEEP || (o->confine && !o->machine_auto) ||
	             o->swap > 0;

	if (!shared && !o->confine)
		return 0;
	if (shared && lock_take("/run", "the VM settings lock in", NULL, why, len) != 0)
		return -1;
	if (getpid() == 1)
		warnx("note: contest is PID 1 of its PID namespace: killed outright, it takes its watcher "
		      "with it, and --sysctl, --confine and --swap are then not undone");
	/* set for the whole invocation (restored at exit, however it comes) */
	if (sysctl_apply(r->sysctl, o->nsysctl, why, len) != 0)
		return -1;
	if (o->mode == MODE_SWEEP && settings_check(r, why, len) != 0)
		return -1;
	/* the group every child of contest joins from now on; on cgroup v1 a
	 * group without a limit when only vm.swappiness changes, since v1
	 * reclaims a group's pages with the group's own memory.swappiness */
	if (o->confine && confine_start(o->mem, why, len) != 0)
		return -1;
	if (!o->confine && changes_swappiness(r) && confine_swappiness_group(why, len) != 0)
		return -1;
	if (confine_follow(why, len) != 0)
		return -1;
	if (o->swap > 0 && swap_start(r->testbed, o->swap, why, len) != 0)
		return -1;
	return 0;
}

/* swappiness_check: say when the runs' pages are reclaimed with another
 * swappiness than vm.swappiness (contest's own cgroup v1 memory group
 * overrides it, and no group of contest's follows it). */
static void swappiness_check(void)
{
	char mine[128], *text;
	int own = confine_own_swappiness();
	long vm;

	confine_describe(mine, sizeof mine);
	if (own < 0 || mine[0] != '\0' ||
	    (text = text_read("/proc/sys/vm", "swappiness", 32, NULL, NULL)) == NULL)
		return;
	vm = strtol(text, NULL, 10);
	free(text);
	if (vm != own)
		warnx("note: vm.swappiness is %ld but contest's cgroup v1 memory group has memory.swappiness "
		      "%d, which the kernel uses for the runs' pages (--sysctl vm.swappiness=%ld makes a "
		      "group that follows it)", vm, own, vm);
}

void setup_check(struct runner *r, const struct opts *o)
{
	char why[512];
	size_t total = 0;

	for (size_t i = 0; i < o->nsysctl; i++) {
		if (sysctl_parse(o->sysctl[i], &r->sysctl[i], why, sizeof why) != 0 ||
		    sysctl_check(&r->sysctl[i], why, sizeof why) != 0)
			errx(EXIT_USAGE, "%s", why);
		total += strlen(r->sysctl[i].key) + strlen(r->sysctl[i].val) + 2;
	}
	if (o->confine && geteuid() != 0)
		errx(EXIT_USAGE, "--confine needs root (it makes a memory cgroup)");
	if (o->swap > 0 && geteuid() != 0)
		errx(EXIT_USAGE, "--swap needs root (swapon)");
	if (total > sizeof ((struct rec *)0)->sysctl)
		errx(EXIT_USAGE, "--sysctl: the settings take %zu characters, more than the record's %zu",
		     total, sizeof ((struct rec *)0)->sysctl - 1);
}

/* read_done: the runs of each load already recorded under each setting's
 * label (new runs are numbered after them); exits 2 when a file is refused. */
static void read_done(struct runner *r)
{
	const struct plan *p = &r->plan;
	struct rec_set prev = { 0 };

	for (size_t v = 0; v < p->nset; v++) {
		if (store_read_label(r->results, p->set[v].label, &prev) != 0)
			setup_fail(NULL, NULL, NULL, 0);  /* the reader said why, naming the file */
		for (size_t i = 0; i < prev.n; i++)
			for (size_t k = 0; k < p->nloads; k++)
				if (strcmp(prev.v[i].load, p->loads[k]->name) == 0 && prev.v[i].run > r->done[v][k])
					r->done[v][k] = prev.v[i].run;
		rec_set_free(&prev);
	}
}

void setup_runner(struct runner *r, struct opts *o)
{
	char why[768];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	r->o = o;
	setup_check(r, o);
	if (cpus < 1)
		cpus = 1;
	if (o->jobs == 0)
		o->jobs = 4 * cpus;
	if (o->mem == 0 && (o->mem = proc_mem_total()) == 0)
		errx(EXIT_USAGE, "cannot read MemTotal from /proc/meminfo; give --mem");
	plan_build(&r->plan, o);
	/* the directories, checked and resolved once: a directory that is not
	 * contest's is refused before anything is made */
	if (plan_paths(&r->plan, why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s", why);
	/* the disk the plan needs at its peak, before anything is made */
	plan_space(&r->plan);
	if (plan_disk_check(&r->plan, load_swap_active(), why, sizeof why) != 0)
		errx(EXIT_USAGE, "%s", why);
	uname(&r->uts);
	make_dir(&r->plan.testbed, "testbed", created[0]);
	make_dir(&r->plan.results, "results directory", created[1]);
	r->testbed = r->plan.testbed.path;
	r->results = r->plan.results.path;
	/* one contest per testbed and per results directory, for its whole life */
	if (lock_testbed_planned(r->plan.testbed.given, r->testbed, why, sizeof why) != 0 ||
	    lock_take(r->results, "results directory", "-R", why, sizeof why) != 0 ||
	    machine_setup(r, why, sizeof why) != 0)
		setup_fail("%s%s", why, "", 0);
	r->plan.testbed.taken = r->plan.results.taken = 1;
	swappiness_check();
	read_done(r);
	if (fs_path(r->log, sizeof r->log, "%s/compile.log", r->testbed) != 0)
		setup_fail("testbed path '%s' is too long%s", r->testbed, "", 0);
	if (o->tree != NULL) {
		tree_setup(r);
	} else {
		int rc = prepare_tree(r->testbed, o->scale, r->tree, sizeof r->tree, why, sizeof why);
		if (rc == 1)
			setup_intr(why);  /* checking the tree, or generating it */
		if (rc != 0)
			setup_fail("%s%s", why, "", 0);
		builtin_identity(o->scale, r->workload, sizeof r->workload);
	}
	snprintf(r->jobsarg, sizeof r->jobsarg, "-j%ld", o->jobs);
	/* -o as the plan resolved it (as given when it could not: io_other says what is wrong) */
	if (r->plan.otherdir.path[0] != '\0' && lock_other(r->plan.otherdir.path, why, sizeof why) != 0)
		setup_fail("%s%s", why, "", 0);
	r->plan.otherdir.taken = 1;
	r->env = (struct load_env){ .testbed = r->testbed, .other = plan_dir_name(&r->plan.otherdir),
	                            .tree = r->tree, .mem = o->mem, .cpus = (int)cpus };
}

/* fp_sysctl: the settings contest put in force (--sysctl, or the sweep's
 * value) into f as "sysctl.KEY" (a '-' of the key as '_'): the collected
 * vm.* keys show values, these what contest set, whatever the key; the
 * memory.swappiness of contest's own v1 memory group (memcg.swappiness) and
 * the group the runs are in (confine). */
static int fp_sysctl(struct fp *f)
{
	char key[SYSCTL_KEY_MAX + 8], num[16];
	const struct sysctl_set *s;
	int own = confine_own_swappiness();

	for (size_t i = 0; (s = sysctl_in_force(i)) != NULL; i++) {
		snprintf(key, sizeof key, "sysctl.%s", s->key);
		for (char *p = key; *p; p++)
			if (*p == '-')
				*p = '_';
		if (fp_set(f, key, s->val) != 0)
			return -1;
	}
	snprintf(num, sizeof num, "%d", own);
	if (own >= 0 && fp_set(f, "memcg.swappiness", num) != 0)
		return -1;
	confine_describe(key, sizeof key);
	return key[0] != '\0' ? fp_set(f, "confine", key) : 0;
}

void setup_record_env(struct runner *r, const char *label)
{
	struct fp f;
	char ts[40], *text = NULL;
	size_t n;

	fp_init(&f);
	if (fp_collect(&f, r->testbed, "/proc", "/sys", CONTEST_VERSION) == 0 && fp_sysctl(&f) == 0 &&
	    (n = fp_format(&f, NULL, 0)) > 0 && (text = malloc(n + 1)) != NULL) {
		fp_format(&f, text, n + 1);
		setup_timestamp(ts, sizeof ts);
		if (store_env_append(r->results, label, ts, text) != 0)
			warn("cannot record the environment of label '%s' in %s", label, r->results);
	} else {
		warnx("cannot collect the environment fingerprint: out of memory");
	}
	free(text);
	fp_free(&f);
}

