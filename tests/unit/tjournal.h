/* tjournal.h: the one series journal the series and journal tests start from: 2 kernels, 3 rounds (6 steps), 2 loads, phase RUN at step 3, load 1. */
#ifndef CONTEST_TJOURNAL_H
#define CONTEST_TJOURNAL_H

#include "contest/series/journal.h"
#include "contest/series/order.h"

#include <string.h>

/* tjournal_sample: j as above, its kernels labelled a and b (releases
 * 6.1.0-a and 6.1.0-b), b with 2 failed boots. */
static inline void tjournal_sample(struct series_journal *j, const char *a, const char *b)
{
	memset(j, 0, sizeof *j);
	strcpy(j->id, "20261207T000000-42");
	strcpy(j->driver, "sim");
	strcpy(j->root, "/tmp/sim dir");
	strcpy(j->cwd, "/tmp");
	strcpy(j->results, "/tmp/res");
	strcpy(j->program, "/usr/bin/contest");
	j->seed = 42;
	j->rounds = 3;
	j->max_tries = 3;
	j->deadline = 3600;
	j->countdown = 10;
	j->nk = 2;
	strcpy(j->kern[0].k.label, a);
	strcpy(j->kern[0].k.spec, "/boot/vmlinuz-6.1,append=root=/dev/sda1 quiet\tx");
	strcpy(j->kern[0].k.release, "6.1.0-a");
	strcpy(j->kern[1].k.label, b);
	strcpy(j->kern[1].k.release, "6.1.0-b");
	j->kern[1].tries = 2;
	j->nloads = 2;
	strcpy(j->loads[0], "no_load");
	strcpy(j->loads[1], "io_load");
	j->nargs = 1;
	strcpy(j->args[0], "--scale=tiny");
	series_order(2, 3, 42, j->order);
	j->phase = PH_RUN;
	j->step = 3;
	j->load = 1;
	strcpy(j->boot_id, "b-1");
	j->count = 4;
}

#endif
