/* ctx.h: the context-switch ring and its no-switch baseline (bench_ctx.c), open to the tests. */
#ifndef CONTEST_MICRO_CTX_H
#define CONTEST_MICRO_CTX_H

#include "micro/harness.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

enum { CTX_MAXP = 16 };  /* the largest ring */

/* The token: passes left, and what the passes did: each member adds
 * 1 << (4 * i) to visits (member i's count in nibble i, modulo 16) and the
 * longs it summed to words. */
struct ctx_token {
	uint64_t left, visits, words;
};

/* A running ring: member i reads the token from pipe i and writes it into
 * pipe i+1 (mod nproc); the parent starts the token through pipe 0 and the
 * member that spends the last pass writes into the done pipe. */
struct ctx_ring {
	int nproc;
	pid_t pid[CTX_MAXP];
	clockid_t clk[CTX_MAXP];  /* each member's CPU-time clock */
	int start;              /* write end of pipe 0 (parent) */
	int done;               /* read end of the done pipe (parent) */
	struct ctx_token last;  /* the token the last lap returned */
	uint64_t passes;        /* the passes of the last lap */
};

/* The overhead without switching: one process, one pipe to itself, the same
 * working set, summed hot. */
struct ctx_self {
	int fd[2];
	long *ws;
	size_t words;
	uint64_t passes, summed;  /* passes so far, and the longs they summed */
};

/* ctx_ring_start: fork nproc (1..CTX_MAXP) members, each with a private
 * working set of bytes, member i placed as end i of o (micro_place); 0, or
 * -1 with why set and nothing left running or open. */
int ctx_ring_start(struct ctx_ring *r, const struct micro_opts *o, int nproc, size_t bytes,
		   char *why, size_t len);
/* ctx_ring_loop: micro_loop_fn; n token passes (switches) around the ring,
 * the returned token in r->last. */
int ctx_ring_loop(void *state, uint64_t n);
/* ctx_ring_stop: kill and reap every member, close the parent's ends. Safe
 * on a partly started ring. */
void ctx_ring_stop(struct ctx_ring *r);

/* ctx_self_start: the baseline's pipe and a working set of bytes; 0, or -1
 * with why set and nothing left open. */
int ctx_self_start(struct ctx_self *s, size_t bytes, char *why, size_t len);
/* ctx_self_loop: micro_loop_fn; n times write the token into the pipe, read
 * it back and sum the working set: a pass without the switch. */
int ctx_self_loop(void *state, uint64_t n);
/* ctx_self_stop: free what ctx_self_start made; safe after a failed start. */
void ctx_self_stop(struct ctx_self *s);

/* One measured case: the ring's and the baseline's median, each of its
 * less disturbed round (ns per pass) and how many longs a pass summed in each. */
struct ctx_result {
	struct micro_value ring, base;
	double ring_words, base_words;
	int cpu_time;  /* 1: timed by the CPU time of the ring (pinned); 0: the monotonic clock */
};

/* ctx_measure: measure a ring of nproc members of bytes each and its
 * baseline of the same bytes, interleaved (baseline, ring, twice), into *res;
 * pinned (everything on one CPU), both are timed by the CPU time they use
 * (the ring's: its members' and the parent's), else by the monotonic clock.
 * 0, or -1 with why set. */
int ctx_measure(const struct micro_opts *o, int nproc, size_t bytes, struct ctx_result *res,
		char *why, size_t len);

#endif
