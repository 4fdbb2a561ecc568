/* stall.c: a run whose contest was stopped or stalled: the rule that marks it (results/model/stall.h). */
#include "results/model/stall.h"

#include <math.h>

int stall_caught(const struct rec *r)
{
	return !r->failed && r->ev[REV_STOPPED] > 0;
}

double stall_of(const struct rec *r)
{
	double probe = r->ev[REV_PROBE_MAX] / 1e6, gap = r->ev[REV_GAP], s;

	if (r->failed)
		return 0;
	if (stall_caught(r))
		return r->ev[REV_STOPPED];
	s = fmax(probe, gap);   /* either NaN: the other; both: NaN, and not marked */
	if (!(s >= STALL_MIN_S) || !(s >= STALL_MIN_PCT / 100 * r->time))
		return 0;
	return s;
}
