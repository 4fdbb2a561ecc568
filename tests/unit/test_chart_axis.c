/* test_chart_axis.c: the HTML bar chart's y axis: unbroken from 0 to a nice top, broken when a few bars dwarf the rest, the lower bars' differences kept visible, values placed monotonically. */
#include "results/render/chart_axis.h"
#include "tests/unit/t.h"

#include <math.h>

/* test_unbroken: bars within a factor 2 share one linear axis from 0. */
static void test_unbroken(void)
{
	const double v[] = { 1.0, 1.05, 1.35, 1.9 };
	struct chart_axis a;

	chart_axis_make(&a, v, 4);
	T_CHECK(!a.broken);
	T_CHECK(a.top >= 1.9 && a.top <= 2.5);
	T_CHECK(a.height == AXIS_LOWER_H);
	T_NEAR(chart_axis_y(&a, 0), AXIS_LOWER_H, 1e-9);
	T_NEAR(chart_axis_y(&a, a.top), 0, 1e-9);
	T_NEAR(chart_axis_y(&a, a.top * 3), 0, 1e-9);  /* clamped */
	/* nothing above 1: the axis still shows the no_load line */
	chart_axis_make(&a, v, 1);
	T_CHECK(!a.broken && a.top > 1.0);
	chart_axis_make(&a, v, 0);
	T_CHECK(!a.broken && a.top > 1.0);
}

/* test_broken: dbench_load at 6.7 over nine bars 1.01-1.35 (the main job):
 * the lower part holds the nine, 3% apart reads as pixels, the tall bar's
 * top is in the upper part. */
static void test_broken(void)
{
	const double v[] = { 1.0, 1.01, 1.03, 1.06, 1.1, 1.12, 1.2, 1.25, 1.35, 6.7 };
	struct chart_axis a, flat;

	chart_axis_make(&a, v, 10);
	T_CHECK(a.broken);
	T_CHECK(a.top >= 1.35 && a.top <= 1.6);
	T_CHECK(a.ulo > a.top && a.ulo <= 6.7 && a.utop >= 6.7);
	T_CHECK(chart_axis_max(&a) == a.utop);
	T_CHECK(a.height == AXIS_LOWER_H + AXIS_GAP_H + AXIS_UPPER_H);
	/* 1.00 against 1.03: at least 5 pixels apart; on a linear axis to 6.7 it was about 1 */
	T_CHECK(chart_axis_y(&a, 1.0) - chart_axis_y(&a, 1.03) >= 5);
	flat = (struct chart_axis){ .top = 7.5, .step = 1.5, .height = AXIS_LOWER_H };
	T_CHECK(chart_axis_y(&flat, 1.0) - chart_axis_y(&flat, 1.03) < 2);
	/* the parts: lower below the gap, the tall bar in the upper part */
	T_CHECK(chart_axis_y(&a, a.top) >= AXIS_UPPER_H + AXIS_GAP_H - 1e-9);
	T_CHECK(chart_axis_y(&a, 6.7) < AXIS_UPPER_H && chart_axis_y(&a, 6.7) > 0);
	T_NEAR(chart_axis_y(&a, 0), a.height, 1e-9);
}

/* test_monotonic: a higher value is never lower on either axis. */
static void test_monotonic(void)
{
	const double v[] = { 0.9, 1.2, 20.0, 22.0 };
	struct chart_axis a;
	double last = INFINITY;
	int falls = 1;

	chart_axis_make(&a, v, 4);
	T_CHECK(a.broken);
	for (double x = 0; x < 30; x += 0.01) {
		double y = chart_axis_y(&a, x);
		falls &= y <= last + 1e-9;
		last = y;
	}
	T_CHECK(falls);
	/* the gap's widest ratio wins: 1.0 1.1 | 5 | 50: cut between 5 and 50 */
	const double w[] = { 1.0, 1.1, 5.0, 50.0 };
	chart_axis_make(&a, w, 4);
	T_CHECK(a.broken && a.top >= 5.0 && a.top < 10 && a.ulo <= 50.0);
	/* under 1: bars below the gap are under the no_load line: no break */
	const double u[] = { 0.2, 1.2 };
	chart_axis_make(&a, u, 2);
	T_CHECK(!a.broken);
}

int main(void)
{
	test_unbroken();
	test_broken();
	test_monotonic();
	return t_done();
}
