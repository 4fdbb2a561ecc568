/* suite.c: the microbenchmark suite: every group in order, on one CPU, in a scratch directory. */
#include "micro.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const micro_group_fn groups[] = {
	micro_group_proc, micro_group_ctx, micro_group_ipc, micro_group_fs, micro_group_bw,
	micro_group_mem,
};

int micro_suite_cpu(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t cs;

	/* the last CPU this process may use: CPU 0 takes most device interrupts */
	if (sched_getaffinity(0, sizeof cs, &cs) == 0)
		for (int c = CPU_SETSIZE - 1; c >= 0; c--)
			if (CPU_ISSET(c, &cs))
				return c;
	return n > 1 ? (int)n - 1 : 0;
}

int micro_suite(struct micro_opts *o, const char *parent, struct micro_set *set,
                volatile sig_atomic_t *stop, char *errbuf, size_t errlen)
{
	cpu_set_t saved;
	int pinned, rc = 0;

	memset(set, 0, sizeof *set);
	if (util_path(o->dir, sizeof o->dir, "%s/micro.XXXXXX", parent) != 0 || mkdtemp(o->dir) == NULL) {
		util_fmt(errbuf, errlen, "cannot create a scratch directory in %s: %s", parent,
		         strerror(errno));
		return -1;
	}
	pinned = sched_getaffinity(0, sizeof saved, &saved) == 0 && micro_pin(o->cpu) == 0;
	if (!pinned)
		o->cpu = -1;  /* recorded as unpinned */
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
		if (stop != NULL && *stop) {
			rc = -1;
			util_fmt(errbuf, errlen, "interrupted");
			break;
		}
		groups[i](o, set);
		sync();  /* write back what this group dirtied before the next one runs */
	}
	if (pinned)
		sched_setaffinity(0, sizeof saved, &saved);
	char *slash = strrchr(o->dir, '/');
	*slash = '\0';
	if (util_rm_in(o->dir, slash + 1) != 0 && rc == 0) {
		util_fmt(errbuf, errlen, "cannot remove the scratch directory %s/%s: %s", o->dir, slash + 1,
		         strerror(errno));
		rc = -1;
	}
	*slash = '/';
	return rc;
}
