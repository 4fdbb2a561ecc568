/* settle.c: a quiet start: before a run's load and compile, wait (up to a bound) until other programs' CPU, the disk and dirty pages are quiet. */
#include "contest/engine/settle.h"
#include "contest/engine/sig.h"
#include "contest/sense/evidence.h"
#include "contest/sense/interfere.h"
#include "lib/clock.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int settle_quiet(const struct settle_window *w)
{
	return !(w->foreign_pct >= SETTLE_CPU_PCT) && !(w->io_pct >= SETTLE_IO_PCT) &&
	       !(w->dirty >= (double)SETTLE_DIRTY);
}

const char *settle_describe(const struct settle_window *w, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	if (w->foreign_pct >= SETTLE_CPU_PCT)
		n += (size_t)snprintf(buf, len, "other programs took %.0f%% of one CPU", w->foreign_pct);
	if (w->io_pct >= SETTLE_IO_PCT && n < len)
		n += (size_t)snprintf(buf + n, len - n, "%stasks waited on io %.0f%% of the time",
		                      n ? "; " : "", w->io_pct);
	if (w->dirty >= (double)SETTLE_DIRTY && n < len)
		snprintf(buf + n, len - n, "%s%.0fM dirty or under writeback", n ? "; " : "",
		         w->dirty / (1 << 20));
	return buf;
}

/* io_some: PSI io "some" total (microseconds) now; NaN without PSI. */
static double io_some(void)
{
	char *text = text_read("/proc", "pressure/io", 4096, NULL, NULL);
	double some, full;

	ev_parse_psi(text, &some, &full);
	free(text);
	return some;
}

/* window: measure one window of SETTLE_WINDOW seconds into w; -1 on a signal. */
static int window(struct settle_window *w)
{
	struct intf_snap a, b;
	double t0 = mono_now(), io0 = io_some(), steal;

	intf_read(&a, "/proc");
	mono_sleep(SETTLE_WINDOW);
	if (sig_caught)
		return -1;
	intf_read(&b, "/proc");
	double t = mono_now() - t0;
	intf_result(&a, &b, 0, t, &w->foreign_pct, &steal, NULL, 0);
	w->io_pct = (io_some() - io0) / (t * 1e4);
	w->dirty = (double)(proc_field("/proc/meminfo", "Dirty:") + proc_field("/proc/meminfo", "Writeback:")) *
	           1024;
	return 0;
}

int settle_wait(double bound, double *waited, struct settle_window *last)
{
	double t0 = mono_now();

	*waited = 0;
	last->foreign_pct = last->io_pct = last->dirty = NAN;
	if (!(bound > 0))
		return 1;
	for (;;) {
		if (window(last) != 0)
			return -1;
		*waited = mono_now() - t0;
		if (settle_quiet(last))
			return 1;
		if (*waited >= bound)
			return 0;
	}
}
