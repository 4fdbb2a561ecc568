/* proc_fork.h: Fork proc's helper, contest-forker: found, started, its loops counted and timed (proc_fork.c). */
#ifndef CONTEST_MICRO_PROC_FORK_H
#define CONTEST_MICRO_PROC_FORK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "micro/harness.h"

/* Fork proc's helper: a small program of its own (micro/forker/forker.c)
 * that runs the fork + exit + wait loop, so that the process forked is as
 * small as lmbench's lat_proc and not contest's whole process
 * (docs/micro.md: fork proc). proc_fork.c. */
#define MICRO_FORKER "contest-forker"
/* Fork proc's reason (a note) when the helper forked; the fallback's says why not. */
#define MICRO_FORKER_NOTE "forked by " MICRO_FORKER
/* micro_forker_find: MICRO_FORKER for contest at program: beside it (make
 * builds it in build/), else in ../lib/contest/ (make install); its path
 * into out, 0; -1 with out "" when neither is executable. */
int micro_forker_find(const char *program, char *out, size_t len);
/* A running helper and what its replies added up to. */
struct micro_forker {
	pid_t pid;
	int fd;                 /* its stdin and stdout */
	double ns;              /* the time of its fork loops so far */
	uint64_t forks;         /* children forked so far */
	uint64_t child_minflt;  /* their minor page faults */
	uint64_t self_minflt;   /* the helper's own, during the loops */
};
/* micro_forker_start: run the helper at path (dying with us); 0, or -1
 * with micro_fail. micro_forker_stop must follow. */
int micro_forker_start(struct micro_forker *f, const char *path);
/* micro_forker_loop: a micro_loop_fn: the helper forks n children (each
 * leaves through exit, reaped before the next) and its reply is added to f. */
int micro_forker_loop(void *state, uint64_t n);
/* micro_forker_clock: a micro_clock_fn: the helper's loop time so far, ns. */
double micro_forker_clock(void *state);
/* micro_forker_stop: end the helper and reap it; 0 when it ended with status
 * 0, else -1 with micro_fail. */
int micro_forker_stop(struct micro_forker *f);
/* micro_fork_proc: Fork proc's figure (ns per fork + exit + wait) into *v:
 * the loop in the helper o->forker, or, when there is none or it does not
 * run, in contest's own process by fallback(state, n). v->reason says
 * which ran, also when v is ok. proc_fork.c. */
void micro_fork_proc(const struct micro_opts *o, micro_loop_fn fallback, void *state,
		     struct micro_value *v);

#endif
