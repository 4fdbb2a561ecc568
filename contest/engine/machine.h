/* machine.h: the machine the runs emulate when --mem is not given: a memory group of MACHINE_MEM, or the whole machine. */
#ifndef CONTEST_MACHINE_H
#define CONTEST_MACHINE_H

#include <stddef.h>
#include <stdint.h>
#include "contest/cli/opts.h"

/* The size of the machine a run emulates by default: the loads are scaled
 * to it, and as root with a memory controller the compile and the loads run
 * in a memory group of that size (as on a machine booted with mem=4G). */
#define MACHINE_MEM (UINT64_C(4) << 30)

/* machine_size: set o's MEM and memory group for a run: --mem given: as
 * given (the classic meaning, --confine only when asked); --whole-machine:
 * MemTotal, no group; else MACHINE_MEM (MemTotal when smaller), confined
 * (o->confine, o->machine_auto set) when root and a memory controller
 * allow it. note gets one line for the user when the emulation is not
 * whole ("" none). total: MemTotal in bytes (0: unknown, then MEM is
 * MACHINE_MEM unconfined). */
void machine_size(struct opts *o, uint64_t total, int root, int has_group, char *note, size_t len);

#endif
