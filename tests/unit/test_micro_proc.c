/* test_micro_proc.c: the proc microbenchmark group gives every metric once, available, in a sane range, and leaves nothing behind; Fork proc runs in contest-forker when there is one (its protocol, its lookup) and says so, else in the test's own process and says why. */
#include "micro/harness.h"
#include "micro/proc_fork.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* The fork children leave through exit(), as lmbench's do; under ASan that
 * would run a whole-process leak check in every child (40-56 ms a fork,
 * past the range below). LeakSanitizer asks this hook, where one is
 * defined, whether to check: only in the test's own process. */
static pid_t test_pid;
int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
	return test_pid != 0 && getpid() != test_pid;
}

/* the built contest-forker: build/contest-forker for build/tests/test_micro_proc */
static void forker_path(char *out, size_t len)
{
	char self[PATH_MAX];

	T_CHECK(realpath("/proc/self/exe", self) != NULL);
	*strrchr(self, '/') = '\0';
	*strrchr(self, '/') = '\0';
	T_CHECK(snprintf(out, len, "%.3900s/" MICRO_FORKER, self) < (int)len);
	T_CHECK(access(out, X_OK) == 0);
}

/* file: an executable file at path (0755); one check. */
static void file(const char *path)
{
	FILE *f = fopen(path, "w");

	T_CHECK(f != NULL && fclose(f) == 0 && chmod(path, 0755) == 0);
}

/* fallback_loop: a stand-in for contest's own fork loop: counts its calls. */
static int fallback_calls;
static int fallback_loop(void *state, uint64_t n)
{
	(void)state;
	fallback_calls += n > 0;
	for (uint64_t i = 0; i < n; i++)
		getppid();  /* a little time that grows with n */
	return 0;
}

/* test_find: beside the program, else in ../lib/contest, else none. */
static void test_find(const char *dir)
{
	char prog[4200], want[4200], got[4200], lib[4200];

	snprintf(prog, sizeof(prog), "%s/bin", dir);
	snprintf(lib, sizeof(lib), "%s/lib", dir);
	T_CHECK(mkdir(prog, 0755) == 0 && mkdir(lib, 0755) == 0);
	strcat(prog, "/contest");
	T_CHECK(micro_forker_find(prog, got, sizeof(got)) == -1 && got[0] == '\0');
	snprintf(want, sizeof(want), "%s/lib/contest", dir);
	T_CHECK(mkdir(want, 0755) == 0);
	strcat(want, "/" MICRO_FORKER);
	file(want);
	T_CHECK(micro_forker_find(prog, got, sizeof(got)) == 0);
	T_STREQ(got, (snprintf(lib, sizeof(lib), "%s/bin/../lib/contest/" MICRO_FORKER, dir), lib));
	snprintf(want, sizeof(want), "%s/bin/" MICRO_FORKER, dir);
	file(want);
	T_CHECK(micro_forker_find(prog, got, sizeof(got)) == 0);
	T_STREQ(got, want);
	unlink(want);
	snprintf(want, sizeof(want), "%s/lib/contest/" MICRO_FORKER, dir);
	unlink(want);
	*strrchr(want, '/') = '\0';
	T_CHECK(rmdir(want) == 0);
	*strrchr(want, '/') = '\0';
	T_CHECK(rmdir(want) == 0);
	snprintf(want, sizeof(want), "%s/bin", dir);
	T_CHECK(rmdir(want) == 0);
}

/* test_protocol: counts in, replies added up; a bad request ends it with an
 * error line and status 2. */
static void test_protocol(const char *path)
{
	struct micro_forker f;
	char line[128] = "";
	ssize_t n;

	T_CHECK(micro_forker_start(&f, path) == 0);
	T_CHECK(micro_forker_loop(&f, 3) == 0 && micro_forker_loop(&f, 2) == 0);
	T_CHECK(f.forks == 5 && micro_forker_clock(&f) > 0 && f.ns == micro_forker_clock(&f));
	T_CHECK(f.child_minflt >= 5);  /* each child faults at least once on its way out */
	T_CHECK(micro_forker_stop(&f) == 0 && f.pid == 0 && f.fd == -1);

	T_CHECK(micro_forker_start(&f, path) == 0);
	T_CHECK(send(f.fd, "x\n", 2, MSG_NOSIGNAL) == 2);
	n = read(f.fd, line, sizeof(line) - 1);
	T_CHECK(n > 0);
	line[n > 0 ? n : 0] = '\0';
	T_STREQ(line, "error the request is no count of forks\n");
	T_CHECK(micro_forker_stop(&f) == -1);
	T_CHECK(micro_forker_start(&f, "/nonexistent/" MICRO_FORKER) == 0);
	T_CHECK(micro_forker_loop(&f, 1) == -1);
	T_CHECK(micro_forker_stop(&f) == -1);
}

/* test_methods: with the helper, Fork proc says it forked there; with a
 * helper that does not run, and with none, it forks here and says why. */
static void test_methods(struct micro_opts *o, const char *path)
{
	struct micro_value v;

	snprintf(o->forker, sizeof(o->forker), "%s", path);
	micro_fork_proc(o, NULL, NULL, &v);  /* the fallback must not be called */
	T_CHECK(v.ok && v.value > 0);
	T_STREQ(v.reason, MICRO_FORKER_NOTE);
	snprintf(o->forker, sizeof(o->forker), "/nonexistent/" MICRO_FORKER);
	micro_fork_proc(o, fallback_loop, NULL, &v);
	T_CHECK(v.ok && fallback_calls > 0);
	T_CHECK(strncmp(v.reason, "forked by contest itself: /nonexistent/" MICRO_FORKER " did not run", 60) == 0);
	o->forker[0] = '\0';
}

int main(void)
{
	char path[PATH_MAX];

	test_pid = getpid();
	static const struct { const char *name; double lo, hi; } want[] = {
		{ "null_call", 0.005, 50 },
		{ "null_io", 0.01, 100 },
		{ "stat", 0.05, 500 },
		{ "open_close", 0.1, 1000 },
		{ "select_tcp", 0.1, 5000 },
		{ "sig_inst", 0.01, 100 },
		{ "sig_hndl", 0.05, 500 },
		{ "fork_proc", 5, 50000 },
		{ "exec_proc", 20, 200000 },
		{ "sh_proc", 50, 500000 },
	};
	char dir[] = "/tmp/test_micro_proc.XXXXXX";
	struct micro_opts o;
	struct micro_set *set = calloc(1, sizeof(*set));

	T_CHECK(set != NULL);
	tm_begin(&o, dir);
	micro_group_proc(&o, set);

	T_CHECK(set->n == (int)(sizeof(want) / sizeof(want[0])));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		tm_metric(set, want[i].name, want[i].lo, want[i].hi);
	/* no helper given: forked here, and the figure says so */
	T_CHECK(strcmp(micro_get(set, "fork_proc")->v.reason,
		       "forked by contest itself: no " MICRO_FORKER " beside contest nor in ../lib/contest") == 0);

	forker_path(path, sizeof(path));
	test_protocol(path);
	test_methods(&o, path);
	test_find(dir);

	tm_end(dir);
	free(set);
	return t_done();
}
