/* test_probe.c: unit tests of contest/sense/probe.c: percentiles with known answers, summaries, start and stop of the thread. */
#include "contest/sense/probe.h"
#include "tests/unit/t.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* nap: sleep for ms milliseconds, across signals. */
static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

/* test_percentile: nearest rank, exactly. */
static void test_percentile(void)
{
	double v100[100], one[1] = { 42.5 }, two[2] = { 10, 20 }, five[5] = { 1, 2, 3, 4, 5 };

	for (int i = 0; i < 100; i++)
		v100[i] = i + 1;   /* 1..100 */
	/* n = 0 and bad q */
	T_CHECK(isnan(probe_percentile(v100, 0, 0.5)));
	T_CHECK(isnan(probe_percentile(NULL, 0, 0.5)));
	T_CHECK(isnan(probe_percentile(v100, 100, -0.01)));
	T_CHECK(isnan(probe_percentile(v100, 100, 1.01)));
	T_CHECK(isnan(probe_percentile(v100, 100, NAN)));
	/* n = 1: the value, whatever q */
	T_CHECK(probe_percentile(one, 1, 0) == 42.5);
	T_CHECK(probe_percentile(one, 1, 0.5) == 42.5);
	T_CHECK(probe_percentile(one, 1, 0.99) == 42.5);
	T_CHECK(probe_percentile(one, 1, 1.0) == 42.5);
	/* n = 2: rank ceil(1) = 1, ceil(1.98) = 2, 2 */
	T_CHECK(probe_percentile(two, 2, 0.5) == 10);
	T_CHECK(probe_percentile(two, 2, 0.51) == 20);
	T_CHECK(probe_percentile(two, 2, 0.99) == 20);
	T_CHECK(probe_percentile(two, 2, 1.0) == 20);
	T_CHECK(probe_percentile(two, 2, 0) == 10);
	/* n = 100 of 1..100: the q-quantile is 100 q */
	T_CHECK(probe_percentile(v100, 100, 0.5) == 50);
	T_CHECK(probe_percentile(v100, 100, 0.99) == 99);
	T_CHECK(probe_percentile(v100, 100, 1.0) == 100);
	T_CHECK(probe_percentile(v100, 100, 0.0) == 1);
	T_CHECK(probe_percentile(v100, 100, 0.01) == 1);
	T_CHECK(probe_percentile(v100, 100, 0.995) == 100);
	/* q * n that rounding puts just above an integer: 0.07 * 100 = 7.000000000000001 */
	T_CHECK(probe_percentile(v100, 100, 0.07) == 7);
	T_CHECK(probe_percentile(v100, 100, 0.57) == 57);
	T_CHECK(probe_percentile(v100, 100, 0.29) == 29);
	for (int k = 1; k <= 100; k++)
		T_CHECK(probe_percentile(v100, 100, k / 100.0) == k);
	/* n = 5: 0.5 * 5 = 2.5 -> rank 3; 0.99 * 5 = 4.95 -> rank 5; 0.2 * 5 = 1 -> rank 1 */
	T_CHECK(probe_percentile(five, 5, 0.5) == 3);
	T_CHECK(probe_percentile(five, 5, 0.99) == 5);
	T_CHECK(probe_percentile(five, 5, 0.2) == 1);
	T_CHECK(probe_percentile(five, 5, 0.21) == 2);
}

/* test_summarize: sorting and the three figures; nothing gives NaN. */
static void test_summarize(void)
{
	double v[200];
	struct probe_result r = { 0 };

	/* 200 values in scrambled order: 0.5, 1.0, ..., 100.0 */
	for (int i = 0; i < 200; i++)
		v[i] = ((i * 37) % 200 + 1) * 0.5;
	r.missed = 3;
	probe_summarize(v, 200, &r);
	T_CHECK(r.count == 200 && r.missed == 3);
	T_CHECK(r.p50_us == 50.0);    /* rank 100 */
	T_CHECK(r.p99_us == 99.0);    /* rank 198 */
	T_CHECK(r.max_us == 100.0);
	for (int i = 1; i < 200; i++)
		T_CHECK(v[i - 1] <= v[i]);
	probe_summarize(NULL, 0, &r);
	T_CHECK(r.count == 0 && isnan(r.p50_us) && isnan(r.p99_us) && isnan(r.max_us));
}

/* check_sane: the figures of a run that measured something. */
static void check_sane(const struct probe_result *r)
{
	T_CHECK(r->count >= 5 && r->count <= 40);
	T_CHECK(r->p50_us >= 0 && r->p50_us <= r->p99_us && r->p99_us <= r->max_us);
	T_CHECK(r->cpu_s >= 0 && r->wall_s > 0);
	T_CHECK(r->dropped == 0);
}

/* test_run: start, ~200 ms, stop, twice with one struct; a fork meanwhile. */
static void test_run(void)
{
	struct probe p = { 0 };
	struct probe_result r;
	char why[128] = "";
	pid_t pid;
	int st = -1;

	T_CHECK(probe_start(&p, why, sizeof why) == 0);
	/* a second start of a running probe is refused */
	T_CHECK(probe_start(&p, why, sizeof why) == -1 && strstr(why, "already running") != NULL);
	/* a child forked meanwhile runs its own code (here: malloc) and exits */
	pid = fork();
	if (pid == 0) {
		void *m = malloc(1 << 20);
		_exit(m != NULL ? 0 : 1);
	}
	T_CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	nap(200);
	probe_stop(&p, &r);
	check_sane(&r);
	T_CHECK(!p.running && p.lat == NULL);

	/* again with the same struct */
	T_CHECK(probe_start(&p, why, sizeof why) == 0);
	nap(200);
	probe_stop(&p, &r);
	check_sane(&r);

	/* stopped twice: the second finds it not running */
	probe_stop(&p, &r);
	T_CHECK(r.count == 0 && isnan(r.p50_us) && isnan(r.p99_us) && isnan(r.max_us));
	T_CHECK(isnan(r.cpu_s) && isnan(r.wall_s));
}

/* test_no_wakeup: a probe never started, and one stopped at once. */
static void test_no_wakeup(void)
{
	struct probe p = { 0 };
	struct probe_result r;
	char why[128];

	probe_stop(&p, &r);
	T_CHECK(r.count == 0 && r.missed == 0 && r.dropped == 0);
	T_CHECK(isnan(r.p50_us) && isnan(r.p99_us) && isnan(r.max_us) && isnan(r.cpu_s));
	/* stopped at once: usually before the first deadline; either way consistent */
	T_CHECK(probe_start(&p, why, sizeof why) == 0);
	probe_stop(&p, &r);
	T_CHECK(r.count <= 40);
	T_CHECK(r.count > 0 ? r.p50_us <= r.max_us : isnan(r.p50_us) && isnan(r.max_us));
	T_CHECK(r.cpu_s >= 0 && r.wall_s >= 0);
}

/* main: every group; no timing targets are asserted. */
int main(void)
{
	test_percentile();
	test_summarize();
	test_run();
	test_no_wakeup();
	return t_done();
}
