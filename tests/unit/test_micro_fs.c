/* test_micro_fs.c: the fs microbenchmark group gives every metric once, available, in a sane range, and leaves no file behind. */
#include "micro/harness.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const struct { const char *name; double lo, hi; } want[] = {
		{ "fs_create_0k", 0.3, 20000 },
		{ "fs_delete_0k", 0.2, 20000 },
		{ "fs_create_10k", 0.5, 50000 },
		{ "fs_delete_10k", 0.2, 50000 },
		{ "mmap_lat", 1, 500000 },   /* 8 MiB mapped, its first tenth written every 16 KiB */
		{ "mmap_read", 1, 500000 },  /* 8 MiB mapped and read every 16 KiB */
		{ "prot_fault", 0.0, 1000 }, /* less the signal's cost: may be near 0 */
		{ "page_fault", 0.002, 100 },
	};
	char dir[] = "/tmp/test_micro_fs.XXXXXX";
	struct micro_opts o;
	struct micro_set *set = calloc(1, sizeof(*set));
	struct sigaction before, after, usr1_before, usr1_after;

	T_CHECK(set != NULL);
	tm_begin(&o, dir);
	sigaction(SIGSEGV, NULL, &before);
	sigaction(SIGUSR1, NULL, &usr1_before);
	/* prot_fault measures the catch it subtracts itself: no sig_hndl needed */
	micro_group_fs(&o, set);
	sigaction(SIGSEGV, NULL, &after);
	sigaction(SIGUSR1, NULL, &usr1_after);

	/* the figures and fs_nojournal (0 or 1); no sig_hndl of its own */
	T_CHECK(set->n == 1 + (int)(sizeof(want) / sizeof(want[0])));
	T_CHECK(micro_get(set, "sig_hndl") == NULL);
	const struct micro_metric *nj = micro_get(set, "fs_nojournal");
	T_CHECK(nj != NULL && nj->v.ok && (nj->v.value == 0 || nj->v.value == 1));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		tm_metric(set, want[i].name, want[i].lo, want[i].hi);
	/* the SIGSEGV and SIGUSR1 handlers prot_fault installed are gone again */
	T_CHECK(before.sa_handler == after.sa_handler);
	T_CHECK(usr1_before.sa_handler == usr1_after.sa_handler);

	tm_end(dir);
	free(set);
	return t_done();
}
