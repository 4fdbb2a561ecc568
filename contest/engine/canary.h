/* canary.h: the machine-speed canary: one fixed generated translation unit compiled single-threaded, best of a few, outside the timed window. */
#ifndef CONTEST_CANARY_H
#define CONTEST_CANARY_H

#include <stddef.h>

/* The canary is CANARY_UNIT of the tiny built-in tree (generated once in
 * the testbed and kept, as the built-in workload's trees are; the same for
 * the built-in workload and a real tree), compiled with CANARY_CC's
 * options (the built-in Makefile's: cc -O2 -std=gnu11 -Iinclude -w -c, the
 * object thrown away) CANARY_WARM times untimed, then CANARY_TRIES times;
 * the fastest of those counts. The warm-up: right after the flush the first
 * compiles read cc1 and the headers back, which made the canary before a
 * run slower than the one after it (docs/measurements.md: canary
 * warm-up). */
#define CANARY_SCALE "tiny"
#define CANARY_UNIT "kernel/fork.c"
#define CANARY_WARM 2
#define CANARY_TRIES 3
#define CANARY_LOG ".contest-canary.log"

/* canary_time: time the canary in testbed (the tree generated when it is
 * missing), the compiler's output going to CANARY_LOG in the tree (removed
 * afterwards, kept when the compiler failed). After CANARY_WARM untimed
 * compiles, the fastest of CANARY_TRIES, in seconds, to *best, and how
 * much slower the slowest of them was, in percent, to *spread (its noise;
 * NaN each unless 0 is returned). 0; -1 when it
 * could not be timed (a one-line reason in why); 1 when a signal came
 * (sig_caught). */
int canary_time(const char *testbed, double *best, double *spread, char *why, size_t len);

struct runner;
struct rec;

/* canary_record: a run's canary: unless --no-canary, canary_time into
 * rec's figure ev (REV_CANARY before the run, REV_CANARY_AFTER after it)
 * and its spread (REV_CANARY_SPREAD, REV_CANARY_AFTER_SPREAD);
 * one that cannot be timed is said once per invocation and left na, and
 * the run goes on. 0, or 1 when a signal came (r->phase says where). */
int canary_record(struct runner *r, struct rec *rec, int ev);

#endif
