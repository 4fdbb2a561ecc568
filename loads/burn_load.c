/* burn_load.c: interbench's Burn: one CPU hog per online CPU, each spinning an empty loop and counting its iterations. */
#include "loads/load.h"

#include <errno.h>
#include <string.h>
#include <sys/types.h>

enum { BATCH = 1 << 20 };  /* iterations a hog spins before adding them to the counter */

/* spin: n iterations of an empty loop the compiler may not remove (as
 * interbench's burn_loops: a compiler barrier, no memory traffic). */
static void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		__asm__ __volatile__("" : : : "memory");
}

/* hog: forever spin BATCH iterations and count them. */
static _Noreturn void hog(struct load_counter *c)
{
	for (;;) {
		spin(BATCH);
		load_add(c, BATCH);
	}
}

/* burn_body: fork one hog per online CPU at the load's own nice (0, as
 * interbench's), unpinned, then supervise them. */
static void burn_body(const struct load_env *env, const struct load_prep *prep, struct load_counter *c)
{
	int n = env->cpus > 0 ? env->cpus : 1;

	(void)prep;
	for (int i = 0; i < n; i++) {
		pid_t pid = load_fork();
		if (pid < 0)
			load_fail(c, "fork of CPU hog %d of %d: %s", i + 1, n, strerror(errno));
		if (pid == 0)
			hog(c);
	}
	load_supervise(c);
}

const struct load_desc load_burn_load = {
	.name = "burn_load",
	.what = "CPUS processes each spinning an empty loop forever (interbench's Burn); not in the default set",
	.unit = "10^9 loop iterations",
	.per_unit = 1e9,
	.work = "loop iterations",
	.needs = "nothing",
	.flags = LOAD_F_EXTRA,
	.body = burn_body,
};
