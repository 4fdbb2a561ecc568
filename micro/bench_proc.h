/* bench_proc.h: the process group's cost of catching a signal (bench_proc.c), which File & VM's prot_fault subtracts. */
#ifndef CONTEST_MICRO_BENCH_PROC_H
#define CONTEST_MICRO_BENCH_PROC_H

#include "micro/harness.h"

/* micro_sig_catch: lmbench's cost of catching a signal, in ns: the time of
 * kill(self, SIGUSR1) caught by a handler, less the time of kill(self, 0)
 * (lat_sig catch). sig_hndl is it, and prot_fault subtracts it, measured
 * again just before its faults as lat_sig prot does (the fault is a small
 * difference of two large times: one measured minutes before carries the
 * machine's change of speed into it). 0, or -1 with v not ok and its
 * reason. bench_proc.c. */
int micro_sig_catch(const struct micro_opts *o, struct micro_value *v);

#endif
