/* run.c: a run invocation: plan the runs of each load condition, measure each, store records. */
#include "contest/run.h"
#include "contest/compile.h"
#include "contest/loadctl.h"
#include "contest/progress.h"
#include "contest/report.h"
#include "contest/sense/evidence.h"
#include "contest/sense/fingerprint.h"
#include "contest/sense/probe.h"
#include "contest/sig.h"
#include "contest/sys/confine.h"
#include "contest/sys/guard.h"
#include "contest/sys/lock.h"
#include "contest/sys/swapfile.h"
#include "contest/sys/sysctl.h"
#include "contest/sys/undo.h"
#include "contest/version.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/store.h"
#include "workload/builtin.h"
#include "workload/ktree.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

enum step_result { STEP_OK, STEP_FAILED, STEP_INTR };

/* Everything one invocation shares between its runs. */
struct runner {
	struct opts *o;
	char testbed[PATH_MAX];
	char results[PATH_MAX];
	char tree[PATH_MAX];       /* where make runs */
	char log[PATH_MAX];        /* the last command's output */
	char workload[160];        /* workload identity */
	char other[PATH_MAX];      /* -o, absolute when it exists */
	char jobsarg[16];          /* "-jN" */
	struct load_env env;
	struct utsname uts;
	struct sysctl_set sysctl[OPTS_MAX_SYSCTL];  /* --sysctl, checked */
	int flush_warned;
	int probe_warned;         /* said once that the probe cannot run */
	int warm;                  /* the last step was a successful compile with no load */
	/* what each run is recorded under: one label, or a sweep's settings */
	size_t nset;
	struct setting {
		const char *label;
		const char *value;     /* the sweep's value of its key, NULL for a run */
		int done[OPTS_MAX_LOADS];  /* runs of each load already recorded for the label */
	} set[OPTS_MAX_SWEEP];
	struct progress prog;
	const char *phase;         /* what was happening, for the interrupt message */
};

/* flush_caches: sync, then drop page cache, dentries and inodes. Returns 1
 * when flushed, 0 when not (not root, or drop_caches refused: noticed once). */
static int flush_caches(struct runner *r)
{
	int fd;

	if (r->o->no_flush)
		return 0;
	if (geteuid() == 0) {
		sync();
		fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
		if (fd >= 0 && write(fd, "3\n", 2) == 2) {
			close(fd);
			return 1;
		}
		if (fd >= 0)
			close(fd);
		if (!r->flush_warned) {
			progress_clear(&r->prog);
			warn("cannot drop caches via /proc/sys/vm/drop_caches; runs are recorded as not flushed");
		}
	} else if (!r->flush_warned) {
		progress_clear(&r->prog);
		warnx("not root: caches are not flushed before runs; runs are recorded as not flushed");
	}
	r->flush_warned = 1;
	return 0;
}

/* make_cmd: run make in the tree (clean when clean), untimed or timed. */
static int make_cmd(struct runner *r, int clean, struct compile_result *res, char *errbuf, size_t len)
{
	char *argv[4] = { "make", NULL, NULL, NULL };
	struct compile_result scratch;

	argv[1] = clean ? "clean" : r->jobsarg;
	if (!clean && r->o->target != NULL)
		argv[2] = (char *)r->o->target;
	return compile_run(r->tree, argv, r->log, clean ? NULL : progress_tick, &r->prog,
	                   res ? res : &scratch, errbuf, len);
}

/* failed: mark rec failed with reason (formatted, cut to fit). */
static enum step_result failed(struct rec *rec, const char *fmt, const char *what)
{
	rec->failed = 1;
	text_fmt(rec->reason, sizeof rec->reason, fmt, what);
	return STEP_FAILED;
}

/* phase: what the run does now: words for an interrupt message, and the
 * progress line's phase (NULL: unchanged). */
static void phase(struct runner *r, const char *what, const char *shown)
{
	r->phase = what;
	if (shown != NULL)
		progress_phase(&r->prog, shown);
}

/* What a child preparing a load shares with contest. */
struct prep_job {
	const struct load_desc *d;
	const struct load_env *env;
	struct load_prep prep;
	char why[256];
};

/* prep_fn: in the child: the load's prepare. */
static int prep_fn(void *arg)
{
	struct prep_job *j = arg;
	return j->d->prepare(j->env, &j->prep, j->why, sizeof j->why);
}

int run_prepare_load(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                     char *why, size_t len)
{
	struct prep_job *j = mmap(NULL, sizeof *j, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int rc;

	if (j == MAP_FAILED) {
		text_fmt(why, len, "%s: cannot prepare it: %s", d->name, strerror(errno));
		return -1;
	}
	j->d = d;
	j->env = env;
	j->prep = *prep;
	j->why[0] = '\0';
	rc = sig_in_child(prep_fn, j, j->why, sizeof j->why);
	*prep = j->prep;
	if (rc == -2)
		text_fmt(why, len, "%s: preparing it: %s", d->name, j->why);
	else
		text_copy(why, j->why, len);
	munmap(j, sizeof *j);
	return rc == -2 ? -1 : rc;
}

/* What the child generating the built-in tree shares with contest. */
struct tree_job {
	const char *testbed, *scale;
	char dir[PATH_MAX];
	char why[512];
};

/* tree_fn: in the child: generate the tree when it is missing. */
static int tree_fn(void *arg)
{
	struct tree_job *j = arg;
	return builtin_prepare(j->testbed, j->scale, j->dir, sizeof j->dir, j->why, sizeof j->why);
}

int run_builtin_tree(const char *testbed, const char *scale, char *dir, size_t dirlen, char *why,
                     size_t len)
{
	struct tree_job *j = mmap(NULL, sizeof *j, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	time_t t0;
	int rc;

	if (j == MAP_FAILED) {
		text_fmt(why, len, "cannot generate the built-in workload: %s", strerror(errno));
		return -1;
	}
	j->testbed = testbed;
	j->scale = scale;
	j->dir[0] = j->why[0] = '\0';
	t0 = time(NULL);
	rc = sig_in_child(tree_fn, j, j->why, sizeof j->why);
	if (rc == 1)
		lock_sweep(testbed, 0, t0 - 1);  /* the half-generated tree */
	if (rc == -2)
		text_fmt(why, len, "generating the built-in workload in %s: %s", testbed, j->why);
	else
		text_copy(why, j->why, len);
	text_copy(dir, j->dir, dirlen);
	munmap(j, sizeof *j);
	return rc == -2 ? -1 : rc;
}

/* lead: the load's head start; STEP_INTR when interrupted. */
static enum step_result lead(struct runner *r)
{
	double end = mono_now() + r->o->lead;
	while (mono_now() < end) {
		if (sig_caught)
			return STEP_INTR;
		mono_sleep(fmin(0.2, end - mono_now()));
	}
	return sig_caught ? STEP_INTR : STEP_OK;
}

/* The system's evidence over one compile: counters before it and the
 * responsiveness probe running through it. */
struct evidence {
	struct ev_snap before;
	struct probe probe;
	int probing;
};

/* evidence_begin: read the system's counters and start the probe (unless
 * --no-probe; a probe that cannot start is said once and left out). */
static void evidence_begin(struct runner *r, struct evidence *e)
{
	char why[256];

	memset(e, 0, sizeof *e);
	ev_snap_read(&e->before, "/proc");
	if (r->o->no_probe)
		return;
	if (probe_start(&e->probe, why, sizeof why) == 0)
		e->probing = 1;
	else if (!r->probe_warned++)
		warnx("no responsiveness probe: %s", why);
}

/* evidence_end: stop the probe and store the deltas and the probe's
 * figures in rec (the system's figures NaN where not available). */
static void evidence_end(struct evidence *e, struct rec *rec)
{
	struct ev_snap after, d;
	struct probe_result pr;

	if (e->probing) {
		probe_stop(&e->probe, &pr);
		rec->ev[REV_PROBE_N] = (double)pr.count;
		rec->ev[REV_PROBE_P50] = pr.p50_us;
		rec->ev[REV_PROBE_P99] = pr.p99_us;
		rec->ev[REV_PROBE_MAX] = pr.max_us;
	}
	ev_snap_read(&after, "/proc");
	ev_delta(&e->before, &after, &d);
	for (size_t i = 0; i < REV_SYS_N; i++)
		rec->ev[i] = ev_get(&d, i);
}

/* measure: start the load, let it lead, time the compile inside the load's
 * window, stop the load. Fills the figures of rec. */
static enum step_result measure(struct runner *r, const struct load_desc *d,
                                const struct load_prep *prep, struct rec *rec)
{
	struct loadctl lc;
	struct load_sample a, b;
	struct evidence ev;
	struct compile_result res;
	char why[256];
	int rc;
	enum step_result out = STEP_OK;

	phase(r, "starting the load", NULL);
	if (loadctl_start(&lc, d, &r->env, prep, why, sizeof why) != 0)
		return failed(rec, "%s", why);
	if (lc.pgid != 0) {
		phase(r, "the load's lead", "load lead");
		if (lead(r) == STEP_INTR) {
			out = STEP_INTR;
			goto stop;
		}
		if (loadctl_check(&lc, why, sizeof why) != 0) {
			out = failed(rec, "%s", why);
			goto stop;
		}
	}
	phase(r, "the compile", "compiling");
	if (sig_caught) {
		out = STEP_INTR;
		goto stop;
	}
	evidence_begin(r, &ev);
	loadctl_sample(&lc, &a);
	rc = make_cmd(r, 0, &res, why, sizeof why);
	loadctl_sample(&lc, &b);
	evidence_end(&ev, rec);
	if (rc == COMPILE_INTR) {
		out = STEP_INTR;
		goto stop;
	}
	if (rc != COMPILE_OK) {
		char lwhy[256];

		progress_clear(&r->prog);
		warnx("%s run %d: compile failed: %s; its last lines:", d->name, rec->run, why);
		compile_log_tail(r->log, 10);
		out = failed(rec, "compile failed: %s", why);
		/* a load that failed too (the disk it filled) comes first: often the cause */
		if (loadctl_check(&lc, lwhy, sizeof lwhy) != 0)
			text_fmt(rec->reason, sizeof rec->reason, "%s; compile failed: %s", lwhy, why);
		goto stop;
	}
	if (loadctl_check(&lc, why, sizeof why) != 0) {
		out = failed(rec, "%s", why);
		goto stop;
	}
	rec->ev[REV_C_MAJFLT] = (double)res.ru.ru_majflt;
	rec->ev[REV_C_MINFLT] = (double)res.ru.ru_minflt;
	rec->ev[REV_C_NVCSW] = (double)res.ru.ru_nvcsw;
	rec->ev[REV_C_NIVCSW] = (double)res.ru.ru_nivcsw;
	rec->time = res.time;
	rec->cpu_pct = ((double)res.ru.ru_utime.tv_sec + res.ru.ru_utime.tv_usec / 1e6 +
	                (double)res.ru.ru_stime.tv_sec + res.ru.ru_stime.tv_usec / 1e6) / res.time * 100;
	rec->loads = (double)(b.work - a.work) / prep->per_unit;
	rec->lcpu_pct = (b.cpu - a.cpu) / res.time * 100;
stop:
	if (out != STEP_INTR && !sig_caught)
		r->phase = "stopping the load";  /* else the message names where it came */
	if (lc.pgid != 0)
		progress_phase(&r->prog, "stopping load");
	if (loadctl_stop(&lc, 2.0) != 0 && out == STEP_OK)
		out = failed(rec, "%s", "the load's processes could not be stopped");
	return out;
}

/* timestamp: UTC now with microseconds. */
static void timestamp(char *buf, size_t len)
{
	struct timespec ts;
	struct tm tm;
	char s[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%S", &tm);
	text_fmt(buf, len, "%s.%06ldZ", s, ts.tv_nsec / 1000);
}

/* step: one run of load d: warm-up if needed, clean, prepare, flush,
 * measure, clean up the load. STEP_INTR when an interrupt arrived at any
 * point (r->phase says where): the run is then not recorded. */
static enum step_result step(struct runner *r, const struct load_desc *d, struct rec *rec)
{
	char why[256];
	enum step_result out = STEP_OK;
	struct load_prep prep = { .per_unit = d->per_unit };
	int rc;

	rec->flushed = 0;
	if ((d->flags & LOAD_F_WARM) && !r->warm) {
		phase(r, "the warm-up compile", "warm-up compile");
		rc = make_cmd(r, 1, NULL, why, sizeof why);
		if (rc == COMPILE_OK)
			rc = make_cmd(r, 0, NULL, why, sizeof why);
		if (rc != COMPILE_OK)
			return sig_caught ? STEP_INTR : failed(rec, "warm-up compile failed: %s", why);
	}
	r->warm = 0;
	phase(r, "make clean", "make clean");
	if (make_cmd(r, 1, NULL, why, sizeof why) != COMPILE_OK)
		return sig_caught ? STEP_INTR : failed(rec, "make clean failed: %s", why);
	if (sig_caught)
		return STEP_INTR;
	if (d->prepare != NULL) {
		/* in a child, so an interrupt need not wait for a large file to be written */
		phase(r, "preparing the load", "preparing load");
		rc = run_prepare_load(d, &r->env, &prep, why, sizeof why);
		if (rc == 1 || sig_caught)
			out = STEP_INTR;
		else if (rc != 0)
			out = failed(rec, "%s", why);
		text_copy(rec->detail, prep.detail, sizeof rec->detail);
	}
	if (out == STEP_OK && !(d->flags & LOAD_F_WARM)) {
		phase(r, "flushing caches", "flushing caches");
		rec->flushed = flush_caches(r);
	}
	if (out == STEP_OK)
		out = sig_caught ? STEP_INTR : measure(r, d, &prep, rec);
	if (d->cleanup != NULL)
		d->cleanup(&r->env, &prep);
	if (sig_caught)
		return STEP_INTR;  /* also when it came while the load stopped: not recorded */
	if (out == STEP_OK && (d->flags & LOAD_F_NOPROC))
		r->warm = 1;
	return out;
}

/* oom_note: when the confining group's OOM killer killed processes since
 * before was read, say so in a failed run's reason (else the reason only
 * says "killed by signal 9"). */
static void oom_note(const struct confine_usage *before, struct rec *rec)
{
	struct confine_usage now;
	char why[sizeof rec->reason];

	if (!rec->failed || before->ooms < 0 || confine_usage(&now) != 0 || now.ooms <= before->ooms)
		return;
	text_fmt(why, sizeof why, "%s", rec->reason);
	text_fmt(rec->reason, sizeof rec->reason, "the memory group's OOM killer killed %lld process(es); %s",
	         (long long)(now.ooms - before->ooms), why);
}

/* new_rec: a record of this invocation for run run of load d. */
static void new_rec(const struct runner *r, const char *label, const struct load_desc *d, int run,
                    struct rec *rec)
{
	rec_init(rec);
	text_copy(rec->label, label, sizeof rec->label);
	text_copy(rec->load, d->name, sizeof rec->load);
	rec->run = run;
	timestamp(rec->timestamp, sizeof rec->timestamp);
	text_copy(rec->host, r->uts.nodename, sizeof rec->host);
	text_copy(rec->kernel, r->uts.release, sizeof rec->kernel);
	text_copy(rec->version, CONTEST_VERSION, sizeof rec->version);
	text_copy(rec->workload, r->workload, sizeof rec->workload);
	rec->jobs = (int)r->o->jobs;
	rec->mem = r->o->mem;
	sysctl_applied(rec->sysctl, sizeof rec->sysctl);
	confine_describe(rec->confine, sizeof rec->confine);
	swap_describe(rec->swap, sizeof rec->swap);
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

/* setup_intr: interrupted before the first run: say so, exit 130. */
static _Noreturn void setup_intr(const char *what)
{
	undo_created();
	warnx("interrupted by %s while %s; no run was started", strsignal(sig_caught), what);
	exit(EXIT_INTR);
}

/* absolute: make dir (creating it) and store its absolute path; exit 2 on failure. */
static void absolute(const char *what, const char *dir, char *out, char *made)
{
	int existed = access(dir, F_OK) == 0;

	if (fs_mkdirs(dir) != 0)
		setup_fail("cannot create %s '%s'", what, dir, 1);
	if (realpath(dir, out) == NULL)
		setup_fail("%s '%s'", what, dir, 1);
	if (!existed)
		text_copy(made, out, PATH_MAX);
	if (access(out, W_OK | X_OK) != 0)
		setup_fail("%s '%s' is not writable", what, dir, 1);
}

/* tree_setup: check the -t tree and identify it: `make kernelversion`
 * (output via the log), a hash of .config, the target. Exits 2 when the
 * tree is refused. */
static void tree_setup(struct runner *r)
{
	char why[512], version[64] = "";
	char *argv[] = { "make", "-s", "kernelversion", NULL };
	struct compile_result res;
	unsigned long long hash;
	int fd;

	if (ktree_check(r->o->tree, r->tree, sizeof r->tree, why, sizeof why) != 0)
		setup_fail("%s%s", why, "", 0);
	if (compile_run(r->tree, argv, r->log, NULL, NULL, &res, why, sizeof why) != COMPILE_OK) {
		if (sig_caught)
			setup_intr("identifying the kernel tree (make kernelversion)");
		setup_fail("kernel tree '%s': make kernelversion failed: %s", r->o->tree, why, 0);
	}
	/* the log is contest's own file in the testbed: never read through a link */
	if ((fd = open(r->log, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) >= 0) {
		ssize_t n = read(fd, version, sizeof version - 1);
		version[n > 0 ? n : 0] = '\0';
		close(fd);
	}
	fs_rm_in(r->testbed, "compile.log");
	if (ktree_config_hash(r->tree, &hash) != 0)
		setup_fail("kernel tree '%s': cannot read its .config%s", r->o->tree, "", 1);
	ktree_identity(version, hash, r->o->target, r->workload, sizeof r->workload);
}

/* plan_settings: the labels runs are recorded under: the run's, or one per
 * value of a sweep. */
static void plan_settings(struct runner *r)
{
	const struct opts *o = r->o;

	if (o->mode != MODE_SWEEP) {
		r->nset = 1;
		r->set[0].label = o->label;
		return;
	}
	r->nset = o->nsweep;
	for (size_t v = 0; v < o->nsweep; v++) {
		r->set[v].label = o->sweep_label[v];
		r->set[v].value = o->sweep_val[v];
	}
}

/* sweep_check: the kernel takes every value of the swept key (each written
 * once, the first left in force; the old value is restored at exit); 0, or
 * -1 with why. */
static int sweep_check(struct runner *r, char *why, size_t len)
{
	struct sysctl_set s = { 0 };

	text_copy(s.key, r->o->sweep_key, sizeof s.key);
	text_copy(s.val, r->set[0].value, sizeof s.val);
	if (sysctl_check(&s, why, len) != 0 || sysctl_apply(&s, 1, why, len) != 0)
		return -1;
	for (size_t v = r->nset; v-- > 0;)
		if (sysctl_change(s.key, r->set[v].value, why, len) != 0)
			return -1;
	return 0;
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

/* machine_setup: what changes the machine beyond the testbed (--sysctl, the
 * sweep's values, the memory group, the swap file), after the locks: one
 * such contest at a time (the VM settings lock in /run), and none changed
 * by a contest refused for a busy testbed. 0, or -1 with why. */
static int machine_setup(struct runner *r, char *why, size_t len)
{
	const struct opts *o = r->o;

	if (o->nsysctl == 0 && o->mode != MODE_SWEEP && !o->confine && o->swap == 0)
		return 0;
	if (lock_take("/run", "the VM settings lock in", NULL, why, len) != 0)
		return -1;
	if (getpid() == 1)
		warnx("note: contest is PID 1 of its PID namespace: killed outright, it takes its watcher "
		      "with it, and --sysctl, --confine and --swap are then not undone");
	/* set for the whole invocation (restored at exit, however it comes) */
	if (sysctl_apply(r->sysctl, o->nsysctl, why, len) != 0)
		return -1;
	if (o->mode == MODE_SWEEP && sweep_check(r, why, len) != 0)
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

/* setup: directories, defaults, workload, and runs already recorded. */
static void setup(struct runner *r, struct opts *o)
{
	struct rec_set prev = { 0 };
	char why[512];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t total = 0;

	r->o = o;
	plan_settings(r);
	/* every --sysctl key exists and is writable before anything is made */
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
	if (cpus < 1)
		cpus = 1;
	if (o->jobs == 0)
		o->jobs = 4 * cpus;
	if (o->mem == 0 && (o->mem = proc_mem_total()) == 0)
		errx(EXIT_USAGE, "cannot read MemTotal from /proc/meminfo; give --mem");
	uname(&r->uts);
	absolute("testbed", o->testbed, r->testbed, created[0]);
	absolute("results directory", o->results, r->results, created[1]);
	/* one contest per testbed and per results directory, for its whole life */
	if (lock_testbed(o->testbed, r->testbed, why, sizeof why) != 0 ||
	    lock_take(r->results, "results directory", "-R", why, sizeof why) != 0 ||
	    machine_setup(r, why, sizeof why) != 0)
		setup_fail("%s%s", why, "", 0);
	swappiness_check();
	for (size_t v = 0; v < r->nset; v++) {
		struct setting *st = &r->set[v];
		if (store_read_label(r->results, st->label, &prev) != 0)
			setup_fail(NULL, NULL, NULL, 0);  /* the reader said why, naming the file */
		for (size_t i = 0; i < prev.n; i++)
			for (size_t k = 0; k < o->nloads; k++)
				if (strcmp(prev.v[i].load, o->loads[k]->name) == 0 && prev.v[i].run > st->done[k])
					st->done[k] = prev.v[i].run;
		rec_set_free(&prev);
	}
	if (fs_path(r->log, sizeof r->log, "%s/compile.log", r->testbed) != 0)
		setup_fail("testbed path '%s' is too long%s", r->testbed, "", 0);
	if (o->tree != NULL) {
		tree_setup(r);
	} else {
		int rc = run_builtin_tree(r->testbed, o->scale, r->tree, sizeof r->tree, why, sizeof why);
		if (rc == 1)
			setup_intr("generating the built-in workload");
		if (rc != 0)
			setup_fail("%s%s", why, "", 0);
		builtin_identity(o->scale, r->workload, sizeof r->workload);
	}
	snprintf(r->jobsarg, sizeof r->jobsarg, "-j%ld", o->jobs);
	if (o->other != NULL && realpath(o->other, r->other) == NULL)
		text_copy(r->other, o->other, sizeof r->other);  /* io_other says what is wrong */
	else if (o->other != NULL && lock_other(r->other, why, sizeof why) != 0)
		setup_fail("%s%s", why, "", 0);
	r->env = (struct load_env){ .testbed = r->testbed, .other = o->other ? r->other : NULL, .tree = r->tree,
	                            .mem = o->mem, .cpus = (int)cpus };
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

/* record_env: this invocation's environment fingerprint, next to the
 * label's results (RESULTS/LABEL.env); a failure is said and not fatal. */
static void record_env(struct runner *r, const char *label)
{
	struct fp f;
	char ts[40], *text = NULL;
	size_t n;

	fp_init(&f);
	if (fp_collect(&f, r->testbed, "/proc", "/sys", CONTEST_VERSION) == 0 && fp_sysctl(&f) == 0 &&
	    (n = fp_format(&f, NULL, 0)) > 0 && (text = malloc(n + 1)) != NULL) {
		fp_format(&f, text, n + 1);
		timestamp(ts, sizeof ts);
		if (store_env_append(r->results, label, ts, text) != 0)
			warn("cannot record the environment of label '%s' in %s", label, r->results);
	} else {
		warnx("cannot collect the environment fingerprint: out of memory");
	}
	free(text);
	fp_free(&f);
}

/* use_setting: put setting v of a sweep in force, and a v1 group's
 * swappiness in step with it; 0, or -1 (said). */
static int use_setting(struct runner *r, size_t v)
{
	char why[512];

	if ((r->set[v].value == NULL || sysctl_change(r->o->sweep_key, r->set[v].value, why, sizeof why) == 0) &&
	    confine_follow(why, sizeof why) == 0)
		return 0;
	warnx("%s", why);
	return -1;
}

/* run_one: run k of the invocation: load i under setting v in round round,
 * recorded (*failed set when it failed). 0 to go on, or the exit status to
 * stop with (EXIT_INTR, or EXIT_RUNFAIL when it cannot be recorded; said). */
static int run_one(struct runner *r, size_t i, size_t v, long round, int k, int *failed)
{
	const struct opts *o = r->o;
	const struct load_desc *d = o->loads[i];
	struct setting *st = &r->set[v];
	struct confine_usage before = { .ooms = -1 };
	struct rec rec;
	double t0 = mono_now();
	enum step_result sr;
	char what[160];

	if (use_setting(r, v) != 0)
		return EXIT_RUNFAIL;
	if (st->value != NULL)
		snprintf(what, sizeof what, "%s of %s", d->name, st->label);
	progress_step(&r->prog, k, st->value ? what : d->name, round + 1, o->runs);
	new_rec(r, st->label, d, st->done[i] + 1, &rec);
	if (o->confine)
		confine_usage(&before);
	sr = step(r, d, &rec);
	oom_note(&before, &rec);
	if (sr == STEP_INTR) {
		progress_clear(&r->prog);
		warnx("interrupted by %s during %s run %ld/%ld%s%s (%s); it is not recorded, "
		      "%d completed run(s) are kept in %s", strsignal(sig_caught), d->name, round + 1,
		      o->runs, st->value ? " of " : "", st->value ? st->label : "", r->phase, k - 1,
		      r->results);
		return EXIT_INTR;
	}
	if (store_append(r->results, &rec) != 0) {
		progress_clear(&r->prog);
		warn("cannot record %s run %d of '%s' in %s", d->name, rec.run, rec.label, r->results);
		return EXIT_RUNFAIL;
	}
	st->done[i]++;
	progress_done(&r->prog, &rec, mono_now() - t0);
	if (sig_caught) {
		progress_clear(&r->prog);
		warnx("interrupted by %s while recording %s run %ld/%ld; it is recorded, "
		      "%d completed run(s) are kept in %s", strsignal(sig_caught), d->name, round + 1,
		      o->runs, k, r->results);
		return EXIT_INTR;
	}
	*failed = rec.failed;
	return 0;
}

int run_main(struct opts *o)
{
	struct runner r = { 0 };
	int nsteps, status = 0, k = 0;
	const char *labels[OPTS_MAX_SWEEP];

	sig_install();
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	guard_start();
	setup(&r, o);
	if (sig_caught)
		setup_intr("setting up");
	for (size_t v = 0; v < r.nset; v++) {
		if (use_setting(&r, v) != 0)
			return EXIT_RUNFAIL;
		record_env(&r, r.set[v].label);
		labels[v] = r.set[v].label;
	}
	nsteps = (int)(o->runs * (long)o->nloads * (long)r.nset);
	progress_init(&r.prog, o->progress, nsteps);
	/* interleaved: every condition (and every setting of a sweep) once per
	 * round, so drift of the machine spreads over all of them evenly */
	for (long round = 0; round < o->runs; round++)
		for (size_t i = 0; i < o->nloads; i++)
			for (size_t v = 0; v < r.nset; v++) {
				int failed = 0, rc = run_one(&r, i, v, round, ++k, &failed);
				if (rc != 0)
					return rc;
				if (failed)
					status = EXIT_RUNFAIL;
			}
	progress_clear(&r.prog);
	struct confine_usage use;
	if (o->confine && confine_usage(&use) == 0)
		warnx("memory group: limit %llu bytes, peak usage %lld bytes, limit reached %lld times, "
		      "%lld process(es) killed by its OOM killer", (unsigned long long)o->mem,
		      (long long)use.peak, (long long)use.hits, (long long)use.ooms);
	if (undo_all() != 0)
		status = EXIT_RUNFAIL;
	/* a sweep's comparison: with significance when every setting has 2 runs */
	struct report_req req = { .results = r.results, .labels = labels, .nlabels = r.nset,
	                          .format = "text", .stats = r.nset > 1 && o->runs >= 2,
	                          .why = o->why, .latency = o->latency };
	report_print(&req, stdout);
	return status;
}
