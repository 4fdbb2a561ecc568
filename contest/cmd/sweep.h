/* sweep.h: the sweep command: one sysctl key over values, a label per value, the runs interleaved (the plan and the run engine do the rest). */
#ifndef CONTEST_SWEEP_H
#define CONTEST_SWEEP_H

#include "contest/cli/opts.h"

/* sweep_check: contest sweep: its one --sysctl KEY=V1,V2,... into o's key,
 * values (at least two, each once) and their labels BASE+KEY=V; the
 * --sysctl is then the sweep's, set value by value. Exits 2 when refused. */
void sweep_check(struct opts *o);

#endif
