/* selftest.c: a hidden load for tests: spinning workers and short-lived reaped children; a prepare that can take a while. */
#include "loads/load.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* spin: burn CPU, counting one unit per chunk of iterations. */
static void spin(struct load_counter *c)
{
	volatile uint64_t x = 0;
	for (;;) {
		for (int i = 0; i < 100000; i++)
			x += (uint64_t)i;
		load_add(c, 1);
	}
}

/* churn: fork children that burn about 20 ms of CPU each and exit; reap them. */
static void churn(struct load_counter *c)
{
	for (;;) {
		pid_t p = load_fork();
		if (p == 0) {
			volatile uint64_t x = 0;
			for (int i = 0; i < 2000000; i++)
				x += (uint64_t)i;
			_exit(0);
		}
		if (p > 0)
			waitpid(p, NULL, 0);
		load_add(c, 1);
	}
}

/* selftest_prepare: with CONTEST_SELFTEST_PREPARE=SECONDS set, take that
 * long (for tests of what is shown while a load prepares); else nothing. */
static int selftest_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                            size_t errlen)
{
	const char *secs = getenv("CONTEST_SELFTEST_PREPARE");
	struct timespec ts = { 0 };

	(void)env;
	(void)prep;
	(void)errbuf;
	(void)errlen;
	if (secs == NULL)
		return 0;
	ts.tv_sec = strtol(secs, NULL, 10);
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
	return 0;
}

/* selftest_body: one spinner and one churner under the load's leader.
 * With CONTEST_SELFTEST_STUBBORN set, all of them ignore SIGTERM, so that
 * stopping the load takes the whole grace period (for tests of it). */
static void selftest_body(const struct load_env *env, const struct load_prep *prep,
                          struct load_counter *c)
{
	(void)env;
	(void)prep;
	if (getenv("CONTEST_SELFTEST_STUBBORN") != NULL)
		signal(SIGTERM, SIG_IGN);
	if (load_fork() == 0)
		spin(c);
	if (load_fork() == 0)
		churn(c);
	load_supervise(c);
}

const struct load_desc load_selftest = {
	.name = "selftest_load",
	.what = "test only: a spinning worker and a worker forking short CPU-bound children",
	.unit = "1000 spin chunks or children",
	.per_unit = 1000,
	.work = "spin chunks or children",
	.needs = "nothing",
	.flags = LOAD_F_HIDDEN,
	.prepare = selftest_prepare,
	.body = selftest_body,
};
