/* test_micro_bw.c: the bandwidth group adds each of its metrics once, available and in a sane MB/s range, and leaves nothing behind. */
#include "micro/harness.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

int main(void)
{
	/* MB/s: under 50 is a broken loop or a unit error (MB/s ~ 10^4 here), over 2 TB/s a unit error. */
	static const char *names[] = { "bw_file_reread", "bw_mmap_reread", "bw_bcopy_libc",
				       "bw_bcopy_hand", "bw_mem_frd", "bw_mem_fwr" };
	struct micro_opts o;
	static struct micro_set set;
	char dir[] = "/tmp/test_micro_bw.XXXXXX";

	tm_begin(&o, dir);

	micro_group_bw(&o, &set);

	/* and mb_decimal: this run's megabyte is 10^6 bytes */
	T_CHECK(set.n == (int)(sizeof(names) / sizeof(names[0])) + 1);
	const struct micro_metric *mb = micro_get(&set, "mb_decimal");
	T_CHECK(mb && mb->v.ok && mb->v.value == 1);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		tm_metric(&set, names[i], 50, 2e6);

	tm_end(dir);
	return t_done();
}
