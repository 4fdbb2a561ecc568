/* sweep.h: the sweep command: one sysctl key over values, a label per value, the runs interleaved (the plan and the run engine do the rest). */
#ifndef CONTEST_SWEEP_H
#define CONTEST_SWEEP_H

#include <stddef.h>
#include "contest/opts.h"
#include "contest/setup.h"

/* sweep_parse: contest sweep: its one --sysctl KEY=V1,V2,... into o's key,
 * values (at least two, each once) and their labels BASE+KEY=V; the
 * --sysctl is then the sweep's, set value by value. Exits 2 when refused. */
void sweep_parse(struct opts *o);

/* sweep_check: after the locks, before any run: the kernel takes every
 * value of the swept key (each written once, the first left in force; the
 * old value is restored at exit through the undo table); 0, or -1 with why. */
int sweep_check(struct runner *r, char *why, size_t len);

#endif
