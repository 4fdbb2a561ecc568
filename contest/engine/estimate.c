/* estimate.c: the arithmetic of one run's estimated time (no I/O): a compile's base time from recorded compiles or from the canary and the workload's size, the loads' cost factors, the overhead around a compile. */
#include "contest/engine/estimate.h"
#include "lib/text.h"

#include <math.h>

/* cost_of: l's cost factor, 1 when its descriptor gives none. */
static double cost_of(const struct est_load *l)
{
	return l->cost > 0 ? l->cost : 1.0;
}

double est_base(const struct est_load *l, size_t n, double canary, double units, double per_unit,
                int cpus)
{
	double sum = 0, runs = 0;

	for (size_t k = 0; k < n; k++)
		if (l[k].nrec > 0 && isfinite(l[k].secs)) {
			sum += l[k].secs / cost_of(&l[k]) * (double)l[k].nrec;
			runs += (double)l[k].nrec;
		}
	if (runs > 0)
		return sum / runs;
	if (!(canary > 0) || !isfinite(canary) || !(units > 0) || !isfinite(units) || !(per_unit > 0) || cpus < 1)
		return NAN;
	return canary * units * per_unit / cpus;
}

double est_compile(const struct est_load *l, double base)
{
	return l->nrec > 0 ? l->secs : base * cost_of(l);
}

double est_overhead(double prep, int warm_up, double compile)
{
	return EST_STEP_SECS + (prep > 0 ? prep : 0) + (warm_up ? compile : 0);
}

const char *est_fmt_guess(double s, char *buf, size_t len)
{
	if (!isfinite(s) || s < 0)
		text_copy(buf, "unknown", len);
	else if (s < 120)
		text_fmt(buf, len, "about %lds", (long)lround(s / 10) * 10 > 0 ? (long)lround(s / 10) * 10 : 10);
	else if (s < 7200)
		text_fmt(buf, len, "about %ld min", lround(s / 60));
	else
		text_fmt(buf, len, "about %.1f h", s / 3600);
	return buf;
}
