/* chart_axis.c: the y axis of the HTML report's bar chart: linear from 0, or broken when a few bars dwarf the rest, and where a value lands on it. */
#include "results/render/chart_axis.h"
#include "results/render/render_util.h"

#include <math.h>
#include <stdlib.h>

/* desc: qsort order of doubles, highest first. */
static int desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* nice_top: a tick step for values up to hi (with a tenth of headroom)
 * into *step, and the top of the axis: hi's next multiple of it. */
static double nice_top(double hi, double *step)
{
	*step = render_nice_step(hi * 1.1);
	return ceil(hi * 1.1 / *step) * *step;
}

void chart_axis_make(struct chart_axis *a, const double *v, size_t n)
{
	double s[n ? n : 1], best = AXIS_BREAK_RATIO;
	size_t cut = n;  /* s[0..cut) are the tall bars */

	for (size_t i = 0; i < n; i++)
		s[i] = v[i];
	qsort(s, n, sizeof s[0], desc);
	for (size_t i = 0; i + 1 < n; i++)
		if (s[i + 1] > 0 && s[i] / s[i + 1] > best) {
			best = s[i] / s[i + 1];
			cut = i + 1;
		}
	*a = (struct chart_axis){ .height = AXIS_LOWER_H };
	if (cut == n || s[cut] < 1.0) {
		/* unbroken; or the bars below the gap are under the no_load line, which the lower part holds anyway */
		cut = n;
		a->top = nice_top(n > 0 && s[0] > 1.0 ? s[0] : 1.0, &a->step);
		return;
	}
	a->broken = 1;
	a->top = nice_top(s[cut], &a->step);
	a->ustep = render_nice_step((s[0] - s[cut - 1]) * 1.2 + s[0] * 0.1);
	a->ulo = floor(s[cut - 1] * 0.95 / a->ustep) * a->ustep;
	if (a->ulo <= a->top)
		a->ulo = a->top;
	a->utop = ceil(s[0] * 1.05 / a->ustep) * a->ustep;
	if (a->utop <= a->ulo)
		a->utop = a->ulo + a->ustep;
	a->height = AXIS_LOWER_H + AXIS_GAP_H + AXIS_UPPER_H;
}

double chart_axis_y(const struct chart_axis *a, double v)
{
	double off = a->broken ? AXIS_UPPER_H + AXIS_GAP_H : 0;

	if (v < 0)
		v = 0;
	if (!a->broken && v > a->top)
		v = a->top;
	if (v <= a->top)
		return off + AXIS_LOWER_H - v / a->top * AXIS_LOWER_H;
	if (v < a->ulo)  /* in the gap */
		return AXIS_UPPER_H + AXIS_GAP_H - (v - a->top) / (a->ulo - a->top) * AXIS_GAP_H;
	if (v > a->utop)
		v = a->utop;
	return AXIS_UPPER_H - (v - a->ulo) / (a->utop - a->ulo) * AXIS_UPPER_H;
}

double chart_axis_max(const struct chart_axis *a)
{
	return a->broken ? a->utop : a->top;
}
