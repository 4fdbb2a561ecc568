/* verdict.c: contest bisect's decision for one load: the 95% interval of the running kernel's Time difference from the good label's, against the threshold or the midpoint to the bad label. */
#include "results/model/verdict.h"
#include "lib/text.h"

#include <math.h>
#include <string.h>

/* midpoint_ci: the 95% interval [lo, hi] of cur - (good + bad) / 2, Welch's
 * interval over three terms (the Welch-Satterthwaite df of their sum). */
static void midpoint_ci(const struct verdict_in *in, double *lo, double *hi)
{
	const struct stat_desc *s[3] = { &in->cur, &in->good, &in->bad };
	const double w[3] = { 1, 0.5, 0.5 };
	double d = in->cur.mean - (in->good.mean + in->bad.mean) / 2, v[3], var = 0, den = 0, h;

	for (int i = 0; i < 3; i++) {
		v[i] = w[i] * w[i] * s[i]->sd * s[i]->sd / s[i]->n;
		var += v[i];
	}
	*lo = *hi = d;
	if (var == 0)
		return;
	for (int i = 0; i < 3; i++)
		den += (v[i] / var) * (v[i] / var) / (s[i]->n - 1);
	h = stat_t_quantile(0.975, 1 / den) * sqrt(var);
	*lo = d - h;
	*hi = d + h;
}

/* too_few: the reason when a side has fewer than VERDICT_MIN_RUNS runs (or
 * no usable Time); 1 then, else 0. */
static int too_few(const struct verdict_in *in, struct verdict_out *out)
{
	int with_bad = in->bad.n > 0;

	if (in->good.n < VERDICT_MIN_RUNS || in->cur.n < VERDICT_MIN_RUNS ||
	    (with_bad && in->bad.n < VERDICT_MIN_RUNS)) {
		char bads[96] = "";
		if (with_bad)
			text_fmt(bads, sizeof bads, " and %d of %s", in->bad.n, in->bad_label);
		text_fmt(out->why, sizeof out->why, "cannot decide: %d run(s) of this kernel against %d of %s%s; "
		         "a verdict needs %d of each", in->cur.n, in->good.n, in->good_label, bads, VERDICT_MIN_RUNS);
		return 1;
	}
	if (!(in->good.mean > 0) || !isfinite(in->good.mean) || !isfinite(in->cur.mean) ||
	    (with_bad && !isfinite(in->bad.mean))) {
		text_fmt(out->why, sizeof out->why, "cannot decide: no usable Time (mean %g s against %s's %g s)",
		         in->cur.mean, in->good_label, in->good.mean);
		return 1;
	}
	return 0;
}

enum verdict verdict_decide(const struct verdict_in *in, struct verdict_out *out)
{
	double g = in->good.mean, lo, hi;
	struct stat_welch w;
	char bound[128], figs[224];
	int with_bad = in->bad.n > 0;

	*out = (struct verdict_out){ .v = VERDICT_UNDECIDED, .diff_pct = NAN, .lo_pct = NAN, .hi_pct = NAN,
	                             .bound_pct = NAN, .p = NAN };
	if (too_few(in, out) || stat_welch(&in->good, &in->cur, &w) != 0)
		return out->v;
	out->p = w.p;
	out->diff_pct = w.diff / g * 100;
	if (with_bad) {
		midpoint_ci(in, &lo, &hi);
		lo += (in->bad.mean - g) / 2;   /* cur - good, the midpoint's uncertainty kept */
		hi += (in->bad.mean - g) / 2;
		out->bound_pct = (in->bad.mean - g) / 2 / g * 100;
		text_fmt(bound, sizeof bound, "halfway to %s (%+.1f%%; %s's Time %.2f s)", in->bad_label,
		         out->bound_pct, in->bad_label, in->bad.mean);
	} else {
		lo = w.ci_lo;
		hi = w.ci_hi;
		out->bound_pct = in->threshold;
		text_fmt(bound, sizeof bound, "the %g%% threshold", in->threshold);
	}
	out->lo_pct = lo / g * 100;
	out->hi_pct = hi / g * 100;
	text_fmt(figs, sizeof figs, "Time %.2f s against %s's %.2f s: %+.1f%% (95%% CI %+.1f%% to %+.1f%%, "
	         "p = %.2g), %d runs against %d", in->cur.mean, in->good_label, g, out->diff_pct,
	         out->lo_pct, out->hi_pct, out->p, in->cur.n, in->good.n);
	if (out->lo_pct > out->bound_pct) {
		out->v = VERDICT_BAD;
		text_fmt(out->why, sizeof out->why, "bad: %s; the interval lies above %s", figs, bound);
	} else if (out->hi_pct < out->bound_pct) {
		out->v = VERDICT_GOOD;
		text_fmt(out->why, sizeof out->why, "good: %s; the interval lies below %s", figs, bound);
	} else {
		text_fmt(out->why, sizeof out->why, "cannot decide: %s; the interval straddles %s (more runs "
		         "narrow it)", figs, bound);
	}
	return out->v;
}

int verdict_bad_usable(const struct stat_desc *good, const struct stat_desc *bad, char *why, size_t len)
{
	struct stat_welch w = { 0 };

	if (good->n < VERDICT_MIN_RUNS || bad->n < VERDICT_MIN_RUNS) {
		text_fmt(why, len, "%d and %d run(s); a midpoint needs %d of each", good->n, bad->n, VERDICT_MIN_RUNS);
		return -1;
	}
	if (stat_welch(good, bad, &w) != 0 || !(w.diff > 0) || !(w.p < 0.05) || !(good->mean > 0)) {
		text_fmt(why, len, "Time %.2f s is not significantly above %.2f s (%+.1f%%, p = %.2g): nothing "
		         "to tell apart", bad->mean, good->mean, good->mean > 0 ? w.diff / good->mean * 100 : NAN,
		         w.p);
		return -1;
	}
	return 0;
}
