/* test_micro_proc.c: the proc microbenchmark group gives every metric once, available, in a sane range, and leaves nothing behind. */
#include "micro/micro.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <stdlib.h>
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

int main(void)
{
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

	tm_end(dir);
	free(set);
	return t_done();
}
