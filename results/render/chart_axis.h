/* chart_axis.h: the y axis of the HTML report's bar chart: linear from 0, or broken when a few bars dwarf the rest, and where a value lands on it. */
#ifndef CONTEST_RESULTS_CHART_AXIS_H
#define CONTEST_RESULTS_CHART_AXIS_H

#include <stddef.h>

/* The axis breaks when the highest bars stand more than AXIS_BREAK_RATIO
 * times above the next ones (the widest such gap of the sorted bars): with
 * dbench_load at 6.7 and the rest at 1.0-1.35, a linear axis left the
 * differences of the nine in its bottom sixth. The lower part keeps
 * AXIS_LOWER_H pixels for 0 up to the lower bars; above a gap of
 * AXIS_GAP_H, AXIS_UPPER_H pixels show the tall bars' tops on a scale of
 * their own. */
#define AXIS_BREAK_RATIO 2.0
#define AXIS_LOWER_H     300
#define AXIS_GAP_H       16
#define AXIS_UPPER_H     90

struct chart_axis {
	int broken;          /* 1: a lower and an upper part, the break between them */
	double step, top;    /* the lower part (the whole axis unbroken): tick step, top value */
	double ustep, ulo, utop;  /* the upper part (broken): tick step, bottom and top value */
	int height;          /* the plot's height, pixels: AXIS_LOWER_H, or with the gap and upper part */
};

/* chart_axis_make: the axis of the n bar values v (finite, at least 0; the
 * axis reaches at least 1.0, the no_load line): unbroken, 0 to a nice top
 * above the highest bar; broken where the sorted values have their widest
 * gap of more than AXIS_BREAK_RATIO (below it the lower part, 0 to a nice
 * top above the highest lower bar; the upper part from a nice value below
 * the lowest tall bar to one above the highest). */
void chart_axis_make(struct chart_axis *a, const double *v, size_t n);

/* chart_axis_y: the pixels from the plot's top where value v lands: the
 * lower part linear from 0 at the bottom; broken, a value between the
 * parts in the gap (linear there), one above the lower top in the upper
 * part; clamped to the axis's top. Never decreasing as v falls. */
double chart_axis_y(const struct chart_axis *a, double v);

/* chart_axis_max: the highest value the axis shows (its top, or the upper part's). */
double chart_axis_max(const struct chart_axis *a);

#endif
