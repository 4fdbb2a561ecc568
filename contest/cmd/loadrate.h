/* loadrate.h: `contest loads --rate`: how much work each load does alone, to check its intensity. */
#ifndef CONTEST_LOADRATE_H
#define CONTEST_LOADRATE_H

#include "contest/cli/opts.h"

/* loadrate_main: run each selected load alone (no compile) for
 * o->rate_seconds after a one-second settle, and print per load its Loads
 * and work units per second, its CPU% and the system's major faults per
 * second. Returns 0, 1 when a load failed, 2 on input errors, 130 when
 * interrupted (the load stopped and cleaned up first). */
int loadrate_main(struct opts *o);

#endif
