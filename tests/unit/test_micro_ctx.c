/* test_micro_ctx.c: the context-switch ring (members, passes per lap, what each pass sums), its baseline's working set, and the ctx group's seven metrics. */
#include "micro/ctx.h"
#include "micro/harness.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <signal.h>
#include <string.h>

/* nibbles: the visits word of a ring of n members each visited v times,
 * member `extra` (or none when -1) once more. */
static uint64_t nibbles(int n, uint64_t v, int extra)
{
	uint64_t w = 0;

	for (int i = 0; i < n; i++)
		w += (v + (i == extra)) << (4 * i);
	return w;
}

/* test_ring: n members, all alive and distinct; a lap of n passes visits
 * each once, two laps twice, a lap and one more pass member 0 twice; each
 * pass sums the member's whole working set. */
static void test_ring(const struct micro_opts *o, int n, size_t bytes)
{
	struct ctx_ring r;
	char why[128];

	T_CHECK(ctx_ring_start(&r, o, n, bytes, why, sizeof why) == 0);
	T_CHECK(r.nproc == n);
	for (int i = 0; i < n; i++) {
		T_CHECK(r.pid[i] > 0 && kill(r.pid[i], 0) == 0);
		for (int j = 0; j < i; j++)
			T_CHECK(r.pid[i] != r.pid[j]);
	}
	T_CHECK(ctx_ring_loop(&r, (uint64_t)n) == 0);
	T_CHECK(r.last.visits == nibbles(n, 1, -1));
	T_CHECK(r.last.words == (uint64_t)n * (bytes / sizeof(long)));
	T_CHECK(ctx_ring_loop(&r, 2 * (uint64_t)n) == 0);
	T_CHECK(r.last.visits == nibbles(n, 2, -1));
	T_CHECK(ctx_ring_loop(&r, (uint64_t)n + 1) == 0);
	T_CHECK(r.last.visits == nibbles(n, 1, 0));
	T_CHECK(r.passes == (uint64_t)n + 1);
	ctx_ring_stop(&r);
	for (int i = 0; i < n; i++)
		T_CHECK(r.pid[i] == -1);
}

/* test_baseline: the no-switch baseline sums the same working set per pass
 * as a ring member, and ctx_measure reports both per pass. */
static void test_baseline(const struct micro_opts *o)
{
	static const size_t sizes[] = { 0, 16 * 1024, 64 * 1024 };
	struct ctx_self s;
	struct ctx_result res;
	char why[128];

	T_CHECK(ctx_self_start(&s, 16 * 1024, why, sizeof why) == 0);
	T_CHECK(ctx_self_loop(&s, 5) == 0);
	T_CHECK(s.passes == 5 && s.summed == 5 * 2048);
	ctx_self_stop(&s);
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		T_CHECK(ctx_measure(o, 2, sizes[i], &res, why, sizeof why) == 0);
		T_CHECK(res.ring_words == (double)(sizes[i] / sizeof(long)));
		T_CHECK(res.base_words == res.ring_words);
		T_CHECK(res.ring.ok && res.base.ok);
		T_CHECK(res.cpu_time == 1);  /* pinned: timed by CPU time */
	}
}

int main(void)
{
	/* microseconds per switch: a real switch costs ~0.5-50 us; the range
	 * still catches a x1000 unit error or a loop that did nothing */
	static const char *names[] = { "ctx_2p_0k", "ctx_2p_16k", "ctx_2p_64k", "ctx_8p_16k",
				       "ctx_8p_64k", "ctx_16p_16k", "ctx_16p_64k" };
	char dir[] = "/tmp/test_micro_ctx.XXXXXX";
	static struct micro_set set;
	struct micro_opts o;

	tm_begin(&o, dir);
	signal(SIGPIPE, SIG_IGN);
	test_ring(&o, 1, 0);
	test_ring(&o, 2, 16 * 1024);
	test_ring(&o, 5, 4096);
	test_ring(&o, CTX_MAXP, 64 * 1024);
	test_baseline(&o);
	micro_group_ctx(&o, &set);
	T_CHECK(set.n == (int)(sizeof(names) / sizeof(names[0])));
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct micro_metric *m = tm_find(&set, names[i]);
		/* measured, and honestly not given: the ring was not slower than no switch */
		if (m != NULL && !m->v.ok && strstr(m->v.reason, "not slower than its no-switch baseline")) {
			printf("skip: %s not given on this machine now: %s\n", names[i], m->v.reason);
			continue;
		}
		tm_metric(&set, names[i], 0.02, 500);
	}
	tm_end(dir);
	return t_done();
}
