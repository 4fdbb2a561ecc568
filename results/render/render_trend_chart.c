/* render_trend_chart.c: the HTML trend's line chart of one load: mean Time per label in trend order, its 95% interval as a band, significant steps marked and sized. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define VIEW_W    1000  /* the viewBox width; the page scales it */
#define PLOT_H    260   /* plot area height */
#define MARGIN_L  64    /* room for the y axis ticks and title */
#define MARGIN_R  24
#define MARGIN_T  28    /* room for the labels of steps at the top */
#define MARGIN_B  44    /* room for the label names */
#define CHAR_W    7     /* estimated width of one character at 12px */

/* The geometry of one load's chart. */
struct tchart {
	double ymin, ymax, step;   /* the y axis (seconds) and its tick step */
	double dx;                 /* the distance of two points */
	int width;                 /* the viewBox width */
	size_t npts;               /* the points: rows with ok runs */
};

#define X(g, i) (MARGIN_L + (g)->dx * ((double)(i) + 0.5))
#define Y(g, v) (MARGIN_T + PLOT_H - ((v) - (g)->ymin) / ((g)->ymax - (g)->ymin) * PLOT_H)

/* ci_of: c's Time interval half-width, 0 when not available. */
static double ci_of(const struct sum_cell *c)
{
	return isfinite(c->st[FIG_TIME].ci95) ? c->st[FIG_TIME].ci95 : 0;
}

/* tsize: the geometry of block b's chart: the y axis spans every point's
 * interval with a margin (never below 0), the points share the width
 * (wider than VIEW_W when the names need it). */
static void tsize(struct tchart *g, const struct rep_block *b)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t longest = 1;

	g->npts = 0;
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		if (c->n == 0 || !isfinite(c->time))
			continue;
		g->npts++;
		lo = fmin(lo, c->time - ci_of(c));
		hi = fmax(hi, c->time + ci_of(c));
		if (strlen(b->rows[i].name) > longest)
			longest = strlen(b->rows[i].name);
	}
	if (g->npts == 0)
		lo = 0, hi = 1;
	double span = hi - lo > 0 ? hi - lo : fmax(hi * 0.1, 0.1);
	g->step = render_nice_step(span * 1.2);
	g->ymin = fmax(0, floor((lo - span * 0.1) / g->step) * g->step);
	g->ymax = ceil((hi + span * 0.1) / g->step) * g->step;
	if (g->ymax <= g->ymin)
		g->ymax = g->ymin + g->step;
	g->width = VIEW_W;
	if (MARGIN_L + (int)(g->npts * (longest * CHAR_W + 16)) + MARGIN_R > g->width)
		g->width = MARGIN_L + (int)(g->npts * (longest * CHAR_W + 16)) + MARGIN_R;
	g->dx = (double)(g->width - MARGIN_L - MARGIN_R) / (double)(g->npts ? g->npts : 1);
}

/* taxes: grid lines, ticks, the axes and the y axis title. */
static void taxes(FILE *out, const struct tchart *g)
{
	int pw = g->width - MARGIN_L - MARGIN_R;

	for (int i = 0; g->ymin + i * g->step <= g->ymax * (1 + 1e-9); i++) {
		double v = g->ymin + i * g->step;
		fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n",
		        MARGIN_L, MARGIN_L + pw, Y(g, v), Y(g, v), MARGIN_L - 6, Y(g, v) + 4, v);
	}
	fprintf(out, "<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">Time (s)</text>\n"
	        "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>"
	        "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n",
	        MARGIN_T + PLOT_H / 2, MARGIN_L, MARGIN_L, MARGIN_T, MARGIN_T + PLOT_H,
	        MARGIN_L, MARGIN_L + pw, MARGIN_T + PLOT_H, MARGIN_T + PLOT_H);
}

/* series_of: the series of row i of b (0 without series). */
static size_t series_of(const struct rep_model *m, const struct rep_block *b, size_t i)
{
	return m->series != NULL ? m->series[b->rows[i].label] : 0;
}

/* tseries: the band and the line of the series whose first point is row
 * first (point index p0): rows after it that step from the one before. */
static void tseries(FILE *out, const struct rep_model *m, const struct tchart *g,
                    const struct rep_block *b, size_t first, size_t p0)
{
	size_t idx[b->nrows ? b->nrows : 1], n = 0;
	char col[32];

	idx[n++] = first;
	for (size_t i = first + 1; i < b->nrows; i++)
		if (b->rows[i].c->n > 0 && b->steps[i].from == (long)idx[n - 1])
			idx[n++] = i;
	render_chart_colour(series_of(m, b, first), col, sizeof col);
	fprintf(out, "<path class=\"band\" fill=\"%s\" d=\"", col);
	for (size_t k = 0; k < n; k++)
		fprintf(out, "%s%.1f %.1f", k ? "L" : "M", X(g, p0 + k),
		        Y(g, b->rows[idx[k]].c->time + ci_of(b->rows[idx[k]].c)));
	for (size_t k = n; k-- > 0;)
		fprintf(out, "L%.1f %.1f", X(g, p0 + k), Y(g, b->rows[idx[k]].c->time - ci_of(b->rows[idx[k]].c)));
	fprintf(out, "Z\"/>\n<path class=\"line\" stroke=\"%s\" d=\"", col);
	for (size_t k = 0; k < n; k++)
		fprintf(out, "%s%.1f %.1f", k ? "L" : "M", X(g, p0 + k), Y(g, b->rows[idx[k]].c->time));
	fputs("\"/>\n", out);
}

/* tstep: row i's step (point p) drawn red when significant, with its size
 * above the higher end; the largest step's label says so. */
static void tstep(FILE *out, const struct tchart *g, const struct rep_block *b, size_t i, size_t p)
{
	const struct rep_step *st = &b->steps[i];
	const struct sum_cell *c = b->rows[i].c, *pc = b->rows[st->from].c;
	double x0 = X(g, p - 1), x1 = X(g, p), y0 = Y(g, pc->time), y1 = Y(g, c->time);
	char pct[32];

	if (!st->time.significant)
		return;
	fprintf(out, "<path class=\"step\" d=\"M%.1f %.1fL%.1f %.1f\"/>\n", x0, y0, x1, y1);
	fprintf(out, "<path class=\"mark\" d=\"M%.1f %.1fl-6 %dl12 0Z\"/>\n", x1, y1 + (y1 < y0 ? -8 : 8),
	        y1 < y0 ? 10 : -10);
	fprintf(out, "<text class=\"sig\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s%s</text>\n",
	        (x0 + x1) / 2, fmin(y0, y1) - 8, render_pct(st->time.pct, pct, sizeof pct),
	        b->largest == (long)i ? " (largest)" : "");
}

/* tpoint: row i's dot (point p) with its tooltip and its name under the axis. */
static void tpoint(FILE *out, const struct rep_model *m, const struct tchart *g,
                   const struct rep_block *b, size_t i, size_t p)
{
	const struct sum_cell *c = b->rows[i].c;
	char col[32], step[RENDER_STEP_MAX];

	render_chart_colour(series_of(m, b, i), col, sizeof col);
	fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>", X(g, p), Y(g, c->time), col);
	render_html_esc(out, b->rows[i].name);
	fprintf(out, ": Time %.2f s +-%.2f, Ratio %.2f (%d run%s)", c->time, ci_of(c), c->ratio, c->n,
	        c->n == 1 ? "" : "s");
	if (b->steps[i].from >= 0) {
		fputs("; step ", out);
		render_html_esc(out, render_step(b, i, step, sizeof step));
	}
	fprintf(out, "</title></circle>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", X(g, p),
	        MARGIN_T + PLOT_H + 18);
	render_html_esc(out, b->rows[i].name);
	fputs("</text>\n", out);
}

/* tkey: " Series: HOST, ..." with each host in its line's colour, when
 * hosts are kept apart. */
static void tkey(FILE *out, const struct rep_model *m)
{
	char col[32];

	if (m->hosts == NULL || !m->hosts->apart)
		return;
	fputs(" Series:", out);
	for (size_t k = 0; k < m->hosts->nhosts; k++) {
		render_chart_colour(k, col, sizeof col);
		fprintf(out, "%s <span style=\"color:%s;font-weight:bold\">", k ? "," : "", col);
		render_html_esc(out, m->hosts->hosts[k]);
		fputs("</span>", out);
	}
	fputc('.', out);
}

void render_trend_chart(FILE *out, const struct rep_model *m, const struct rep_block *b)
{
	struct tchart g;
	size_t p = 0;

	tsize(&g, b);
	fprintf(out, "<figure>\n<svg class=\"chart\" width=\"100%%\" viewBox=\"0 0 %d %d\" "
	        "preserveAspectRatio=\"xMinYMin meet\" role=\"img\" aria-label=\"Time per label\">\n",
	        g.width, MARGIN_T + PLOT_H + MARGIN_B);
	taxes(out, &g);
	for (size_t i = 0; i < b->nrows; i++) {
		if (b->rows[i].c->n == 0 || !isfinite(b->rows[i].c->time))
			continue;
		if (b->steps[i].from < 0)
			tseries(out, m, &g, b, i, p);
		else
			tstep(out, &g, b, i, p);
		p++;
	}
	p = 0;
	for (size_t i = 0; i < b->nrows; i++)
		if (b->rows[i].c->n > 0 && isfinite(b->rows[i].c->time))
			tpoint(out, m, &g, b, i, p++);
	fputs("</svg>\n<p class=\"legend\">Line: each label's mean Time in trend order, one line per "
	      "series; band: its 95% interval (Student t). Red: a step whose Time differs "
	      "significantly from the label before it (Welch's t-test, p &lt; 0.05), with its size "
	      "and a triangle at the label it reaches. A dot's tooltip gives its figures and step.", out);
	tkey(out, m);
	fputs("</p>\n</figure>\n", out);
}
