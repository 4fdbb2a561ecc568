/* suite.c: the microbenchmark suite: every group in order (or those of --only), on one CPU (the ends of IPC and rings on two under spread), in a scratch directory. */
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/harness.h"
#include "micro/suite.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const micro_group_fn groups[MICRO_GROUPS] = {
	micro_group_proc, micro_group_ctx, micro_group_ipc, micro_group_fs, micro_group_bw,
	micro_group_mem,
};

const char *const micro_group_names[MICRO_GROUPS] = { "proc", "ctx", "ipc", "fs", "bw", "mem" };

int micro_group_find(const char *name)
{
	for (int k = 0; k < MICRO_GROUPS; k++)
		if (strcmp(name, micro_group_names[k]) == 0)
			return k;
	return -1;
}

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

int micro_peer_cpu_pick(int cpu)
{
	cpu_set_t cs;

	if (sched_getaffinity(0, sizeof cs, &cs) != 0)
		return -1;
	for (int c = CPU_SETSIZE - 1; c >= 0; c--)
		if (c != cpu && CPU_ISSET(c, &cs))
			return c;
	return -1;
}

int micro_place_cpu(const struct micro_opts *o, int k)
{
	if (o->cpu < 0)
		return -1;
	return o->spread && o->peer_cpu >= 0 && k % 2 ? o->peer_cpu : o->cpu;
}

int micro_place(const struct micro_opts *o, int k)
{
	int cpu = micro_place_cpu(o, k);

	return cpu < 0 || cpu == o->cpu ? 0 : micro_pin(cpu);
}

int micro_suite(struct micro_opts *o, const char *parent, struct micro_set *set,
                volatile sig_atomic_t *stop, char *errbuf, size_t errlen)
{
	cpu_set_t saved;
	char why[512];
	struct stat st;
	int pinned, rc = 0, pfd, dfd;

	memset(set, 0, sizeof *set);
	if ((pfd = fs_dir_open(parent, why, sizeof why)) < 0) {
		text_fmt(errbuf, errlen, "cannot create a scratch directory: %s", why);
		return -1;
	}
	if (fs_path(o->dir, sizeof o->dir, "%s/micro.XXXXXX", parent) != 0 || mkdtemp(o->dir) == NULL) {
		text_fmt(errbuf, errlen, "cannot create a scratch directory in %s: %s", parent,
		         strerror(errno));
		close(pfd);
		return -1;
	}
	/* mkdtemp made it (mode 0700, never through a link): check it is still that */
	dfd = openat(pfd, strrchr(o->dir, '/') + 1, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0 || fstat(dfd, &st) != 0 || st.st_uid != geteuid()) {
		text_fmt(errbuf, errlen, "the scratch directory %s was replaced", o->dir);
		if (dfd >= 0)
			close(dfd);
		close(pfd);
		return -1;
	}
	close(dfd);
	close(pfd);
	pinned = sched_getaffinity(0, sizeof saved, &saved) == 0 && micro_pin(o->cpu) == 0;
	if (!pinned)
		o->cpu = -1;  /* recorded as unpinned */
	for (int i = 0; i < MICRO_GROUPS; i++) {
		if (o->groups != 0 && !(o->groups & 1u << i))
			continue;   /* not one of --only's */
		if (stop != NULL && *stop) {
			rc = -1;
			text_fmt(errbuf, errlen, "interrupted");
			break;
		}
		groups[i](o, set);
		sync();  /* write back what this group dirtied before the next one runs */
	}
	if (pinned)
		sched_setaffinity(0, sizeof saved, &saved);
	char *slash = strrchr(o->dir, '/');
	*slash = '\0';
	if (fs_rm_in(o->dir, slash + 1) != 0 && rc == 0) {
		text_fmt(errbuf, errlen, "cannot remove the scratch directory %s/%s: %s", o->dir, slash + 1,
		         strerror(errno));
		rc = -1;
	}
	*slash = '/';
	return rc;
}
