/* test_micro_fs.c: the fs microbenchmark group gives every metric once, available, in a sane range, and leaves no file behind. */
#include "micro/micro.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <signal.h>
#include <stdlib.h>

int main(void)
{
	static const struct { const char *name; double lo, hi; } want[] = {
		{ "fs_create_0k", 0.3, 20000 },
		{ "fs_delete_0k", 0.2, 20000 },
		{ "fs_create_10k", 0.5, 50000 },
		{ "fs_delete_10k", 0.2, 50000 },
		{ "mmap_lat", 1, 500000 },   /* 8 MiB mapped and touched every 16 KiB: ms */
		{ "prot_fault", 0.1, 1000 },
		{ "page_fault", 0.002, 100 },
	};
	char dir[] = "/tmp/test_micro_fs.XXXXXX";
	struct micro_opts o;
	struct micro_set *set = calloc(1, sizeof(*set));
	struct sigaction before, after;

	T_CHECK(set != NULL);
	tm_begin(&o, dir);
	sigaction(SIGSEGV, NULL, &before);
	micro_group_fs(&o, set);
	sigaction(SIGSEGV, NULL, &after);

	T_CHECK(set->n == (int)(sizeof(want) / sizeof(want[0])));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		tm_metric(set, want[i].name, want[i].lo, want[i].hi);
	/* the SIGSEGV handler prot_fault installed is gone again */
	T_CHECK(before.sa_handler == after.sa_handler);

	tm_end(dir);
	free(set);
	return t_done();
}
