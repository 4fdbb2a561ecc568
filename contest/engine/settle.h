/* settle.h: a quiet start: before a run's load and compile, wait (up to a bound) until other programs' CPU, the disk and dirty pages are quiet. */
#ifndef CONTEST_SETTLE_H
#define CONTEST_SETTLE_H

#include <stddef.h>

/* The machine is quiet over a window of SETTLE_WINDOW seconds when other
 * programs took under SETTLE_CPU_PCT of one CPU, tasks stalled on io for
 * under SETTLE_IO_PCT of it (PSI io "some"; not counted where there is no
 * PSI), and Dirty + Writeback of /proc/meminfo are under SETTLE_DIRTY bytes. */
#define SETTLE_WINDOW 0.25
#define SETTLE_CPU_PCT 5.0
#define SETTLE_IO_PCT 5.0
#define SETTLE_DIRTY (32ull << 20)

/* One window's figures (NaN where not available). */
struct settle_window {
	double foreign_pct;   /* other programs' CPU, percent of one CPU */
	double io_pct;        /* PSI io some stall time over the window, percent */
	double dirty;         /* Dirty + Writeback at the window's end, bytes */
};

/* settle_quiet: 1 when window w counts as quiet (a figure that is not
 * available does not hold it back), else 0. */
int settle_quiet(const struct settle_window *w);

/* settle_describe: what kept window w from being quiet, e.g. "other
 * programs took 33% of one CPU; 120M dirty", into buf; returns buf. */
const char *settle_describe(const struct settle_window *w, char *buf, size_t len);

/* settle_wait: measure windows until one is quiet or bound seconds have
 * passed (at least one window; none with bound 0). The seconds waited go to
 * *waited, the last window to *last. 1 when quiet, 0 when the bound passed
 * first, -1 when a signal came (sig_caught). */
int settle_wait(double bound, double *waited, struct settle_window *last);

#endif
