/* load_control.h: the controller side of a background load: start, sample the window, stop. */
#ifndef CONTEST_LOADCTL_H
#define CONTEST_LOADCTL_H

#include <sys/types.h>
#include "loads/load.h"

struct load_control {
	const struct load_desc *d;
	pid_t pgid;                /* the load leader's pid and group; 0 when none runs */
	struct load_counter *ctr;  /* MAP_SHARED with the load's processes */
	int exited;                /* leader already reaped; status in wstatus */
	int wstatus;
};

/* A reading of the load at one instant. */
struct load_sample {
	uint64_t work;   /* counter */
	double cpu;      /* seconds of CPU of the whole group, reaped children included */
};

/* load_control_start: fork the load's leader in its own process group (it dies
 * with contest) and run d->body there. Loads with LOAD_F_NOPROC start
 * nothing. Returns 0, or -1 with a reason in errbuf. */
int load_control_start(struct load_control *lc, const struct load_desc *d, const struct load_env *env,
                  const struct load_prep *prep, char *errbuf, size_t errlen);

/* load_control_sample: read counter and group CPU time now. */
void load_control_sample(const struct load_control *lc, struct load_sample *s);

/* load_control_check: 0 while the load runs as it should; -1 when it failed
 * (the reason it gave with load_fail) or its leader has exited ("... its
 * process killed by signal 9 (Killed)"), with the reason in errbuf. */
int load_control_check(struct load_control *lc, char *errbuf, size_t errlen);

/* load_control_stop: end the whole group: SIGTERM, up to grace seconds for it to
 * go, then SIGKILL; reap every member. Returns 0 when no member is left, -1
 * (reported) when some survived even SIGKILL for 5 seconds. */
int load_control_stop(struct load_control *lc, double grace);

#endif
