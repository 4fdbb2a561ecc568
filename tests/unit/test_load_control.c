/* test_load_control.c: the load mechanism: counter window, group CPU time, staged stop, death with the parent. */
#include "contest/engine/load_control.h"
#include "lib/clock.h"
#include "lib/proc.h"
#include "loads/registry.h"
#include "tests/unit/t.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const struct load_env env = { .testbed = "/tmp", .mem = 1 << 20, .cpus = 1 };
static const struct load_prep prep = { .per_unit = 1 };

/* gone_within: 1 when group pgid has no member (reaping ours) within secs. */
static int gone_within(pid_t pgid, double secs)
{
	double end = mono_now() + secs;
	while (mono_now() < end) {
		while (waitpid(-pgid, NULL, WNOHANG) > 0)
			;
		if (kill(-pgid, 0) != 0 && errno == ESRCH)
			return proc_group_count(pgid) == 0;
		mono_sleep(0.01);
	}
	return 0;
}

/* The counter is read at both ends of a window; work before and after it is not in it. */
static void test_window(void)
{
	struct load_control lc;
	struct load_sample a, b, c;
	char why[256];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	T_CHECK(load_control_start(&lc, &load_selftest, &env, &prep, why, sizeof why) == 0);
	T_CHECK(lc.pgid > 0);
	mono_sleep(0.3);
	load_control_sample(&lc, &a);
	mono_sleep(0.6);
	load_control_sample(&lc, &b);
	mono_sleep(0.3);
	load_control_sample(&lc, &c);
	T_CHECK(load_control_check(&lc, why, sizeof why) == 0);
	T_CHECK(a.work > 0);          /* the lead's work exists but is before the window */
	T_CHECK(b.work > a.work);     /* work inside the window */
	T_CHECK(c.work > b.work);     /* and after it */
	T_CHECK(b.cpu - a.cpu > 0);   /* LCPU% measured: the load used CPU in the window */
	/* the group cannot use more CPU than the machine has in 0.6 s (plus tick slack) */
	T_CHECK(b.cpu - a.cpu <= 0.6 * (double)cpus * 1.5 + 0.05);
	pid_t pgid = lc.pgid;
	T_CHECK(proc_group_count(pgid) >= 3);  /* leader, spinner, churner */
	T_CHECK(load_control_stop(&lc, 2.0) == 0);
	T_CHECK(proc_group_count(pgid) == 0);  /* nothing left running, no zombie */
	T_CHECK(kill(-pgid, 0) != 0 && errno == ESRCH);
	T_CHECK(lc.ctr == NULL && lc.pgid == 0);
}

/* CPU time of a child that exits and is reaped inside the window is counted. */
static void test_reaped_children(void)
{
	int go[2], done[2];
	char byte = 0;
	double a = 0, b = 0;
	pid_t leader;

	T_CHECK(pipe(go) == 0 && pipe(done) == 0);
	leader = fork();
	if (leader == 0) {
		setpgid(0, 0);
		if (read(go[0], &byte, 1) != 1)
			_exit(1);
		pid_t kid = fork();
		if (kid == 0) {
			struct timespec ts;
			do  /* burn 0.2 s of CPU, measured by the child itself */
				clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
			while (ts.tv_sec == 0 && ts.tv_nsec < 200000000);
			_exit(0);
		}
		waitpid(kid, NULL, 0);
		if (write(done[1], &byte, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	setpgid(leader, leader);
	T_CHECK(proc_group_cpu(leader, &a) == 1);
	T_CHECK(write(go[1], &byte, 1) == 1);
	T_CHECK(read(done[0], &byte, 1) == 1);
	T_CHECK(proc_group_cpu(leader, &b) == 1);  /* the child is gone: only the leader */
	T_CHECK(b - a >= 0.18);
	T_CHECK(proc_group_stop(leader, 1.0, NULL, NULL) == 0);
	close(go[0]); close(go[1]); close(done[0]); close(done[1]);
}

static void body_exit(const struct load_env *e, const struct load_prep *p, struct load_counter *c)
{
	(void)e;
	(void)p;
	load_add(c, 1);
	_exit(3);
}

static void body_stubborn(const struct load_env *e, const struct load_prep *p, struct load_counter *c)
{
	(void)e;
	(void)p;
	signal(SIGTERM, SIG_IGN);
	if (load_fork() == 0) {
		for (;;)
			pause();
	}
	for (;;)
		load_add(c, 1), mono_sleep(0.01);
}

static void body_workers(const struct load_env *e, const struct load_prep *p, struct load_counter *c)
{
	(void)e;
	(void)p;
	for (int i = 0; i < 3; i++)
		if (load_fork() == 0)
			for (;;)
				pause();
	load_supervise(c);
}

/* a worker that fails with a reason; the leader supervises */
static void body_fails(const struct load_env *e, const struct load_prep *p, struct load_counter *c)
{
	(void)e;
	(void)p;
	if (load_fork() == 0)
		load_fail(c, "disk on fire: %d", 42);
	load_supervise(c);
}

/* a worker dies by a signal; the leader names it */
static void body_crash(const struct load_env *e, const struct load_prep *p, struct load_counter *c)
{
	(void)e;
	(void)p;
	if (load_fork() == 0)
		raise(SIGUSR1);
	load_supervise(c);
}

/* A worker's failure fails the load with its reason; a crash is named. */
static void test_fail_reason(void)
{
	struct load_desc d1 = { .name = "t_fails", .per_unit = 1, .body = body_fails };
	struct load_desc d2 = { .name = "t_crash", .per_unit = 1, .body = body_crash };
	struct load_control lc;
	char why[256] = "";
	int seen = 0;

	T_CHECK(load_control_start(&lc, &d1, &env, &prep, why, sizeof why) == 0);
	for (int i = 0; i < 500 && !seen; i++, mono_sleep(0.01))
		seen = load_control_check(&lc, why, sizeof why) != 0;
	T_CHECK(seen && strstr(why, "t_fails failed: disk on fire: 42") != NULL);
	T_CHECK(load_control_stop(&lc, 1.0) == 0);

	seen = 0;
	T_CHECK(load_control_start(&lc, &d2, &env, &prep, why, sizeof why) == 0);
	for (int i = 0; i < 500 && !seen; i++, mono_sleep(0.01))
		seen = load_control_check(&lc, why, sizeof why) != 0;
	T_CHECK(seen && strstr(why, "killed by signal 10") != NULL);
	T_CHECK(load_control_stop(&lc, 1.0) == 0);
}

/* A load whose process ends early is noticed, with the reason. */
static void test_early_exit(void)
{
	struct load_desc d = { .name = "t_exit", .per_unit = 1, .body = body_exit };
	struct load_control lc;
	char why[256] = "";
	int seen = 0;

	T_CHECK(load_control_start(&lc, &d, &env, &prep, why, sizeof why) == 0);
	for (int i = 0; i < 500 && !seen; i++, mono_sleep(0.01))
		seen = load_control_check(&lc, why, sizeof why) != 0;
	T_CHECK(seen);
	T_CHECK(strstr(why, "t_exit") != NULL && strstr(why, "exited with status 3") != NULL);
	T_CHECK(load_control_stop(&lc, 1.0) == 0);
}

/* A load that ignores SIGTERM is killed after the grace period. */
static void test_stubborn(void)
{
	struct load_desc d = { .name = "t_stubborn", .per_unit = 1, .body = body_stubborn };
	struct load_control lc;
	char why[256];

	T_CHECK(load_control_start(&lc, &d, &env, &prep, why, sizeof why) == 0);
	mono_sleep(0.2);
	pid_t pgid = lc.pgid;
	double t0 = mono_now();
	T_CHECK(load_control_stop(&lc, 0.3) == 0);
	T_CHECK(mono_now() - t0 >= 0.3);
	T_CHECK(proc_group_count(pgid) == 0);
}

/* Workers die with their leader (parent-death signal), without any signal from us. */
static void test_pdeathsig(void)
{
	struct load_desc d = { .name = "t_workers", .per_unit = 1, .body = body_workers };
	struct load_control lc;
	char why[256];

	T_CHECK(load_control_start(&lc, &d, &env, &prep, why, sizeof why) == 0);
	pid_t pgid = lc.pgid;
	for (int i = 0; i < 500 && proc_group_count(pgid) < 4; i++)
		mono_sleep(0.01);
	T_CHECK(proc_group_count(pgid) == 4);
	kill(pgid, SIGKILL);  /* the leader only */
	T_CHECK(gone_within(pgid, 5.0));
	lc.pgid = 0;
	T_CHECK(load_control_stop(&lc, 1.0) == 0);
}

/* no_load starts no process and samples zero. */
static void test_noproc(void)
{
	struct load_control lc;
	struct load_sample s;
	char why[256];

	T_CHECK(load_control_start(&lc, load_find("noload"), &env, &prep, why, sizeof why) == 0);
	T_CHECK(lc.pgid == 0);
	load_control_sample(&lc, &s);
	T_CHECK(s.work == 0 && s.cpu == 0);
	T_CHECK(load_control_check(&lc, why, sizeof why) == 0);
	T_CHECK(load_control_stop(&lc, 1.0) == 0);
}

/* The registry finds names and aliases, and nothing else. */
static void test_registry(void)
{
	T_CHECK(load_find("no_load") == &load_no_load);
	T_CHECK(load_find("noload") == &load_no_load);
	T_CHECK(load_find("cacherun") == &load_cacherun);
	T_CHECK(load_find("bogus_load") == NULL);
	T_CHECK(load_find("") == NULL);
	for (size_t i = 0; load_registry[i] != NULL; i++)
		T_CHECK(load_registry[i]->per_unit > 0 && load_registry[i]->unit && load_registry[i]->what);
}

int main(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	test_registry();
	test_noproc();
	test_window();
	test_reaped_children();
	test_early_exit();
	test_stubborn();
	test_pdeathsig();
	test_fail_reason();
	return t_done();
}
