/* test_micro_ctx.c: the ctx group in quick mode adds its seven metrics once each, in sane ranges, and leaves nothing behind. */
#include "micro/micro.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

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
	micro_group_ctx(&o, &set);
	T_CHECK(set.n == (int)(sizeof(names) / sizeof(names[0])));
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		tm_metric(&set, names[i], 0.02, 500);
	tm_end(dir);
	return t_done();
}
