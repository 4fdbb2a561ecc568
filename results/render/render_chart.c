/* render_chart.c: the HTML report's "Ratio per load" bar chart: inline SVG across the page width, its axis scaled to the bars, whiskers clipped and marked, a legend. */
#include "results/render/render.h"
#include "results/render/chart_axis.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define VIEW_W    1000  /* the viewBox width the chart is drawn in; the page scales it */
#define MARGIN_L  60    /* room for the y axis ticks and title */
#define MARGIN_R  16
#define MARGIN_T  24    /* room for the marks of clipped whiskers */
#define MARGIN_B  36    /* room for the load names */
#define CHAR_W    7     /* estimated width of one character at 12px */
#define BAR_MAX   40    /* the widest bar */

/* has_ratio: 1 when the cell gets a bar: runs and a finite Ratio. */
static int has_ratio(const struct sum_cell *c)
{
	return c->n > 0 && isfinite(c->ratio);
}

/* legend: a colour key and name per label, flowing left to right from
 * MARGIN_L in rows of at most wrap units starting at y; drawn into out
 * unless out is NULL. Returns the height used. */
static int legend(FILE *out, const struct rep_model *m, int wrap, int y)
{
	int x = 0, rows = 1;
	char col[32];

	for (size_t k = 0; k < m->nlabels; k++) {
		int iw = 18 + (int)strlen(m->labels[k]) * CHAR_W + 16;
		if (x > 0 && x + iw > wrap) {
			x = 0;
			rows++;
		}
		if (out) {
			int lx = MARGIN_L + x, ly = y + 18 * (rows - 1);
			render_chart_colour(k, col, sizeof col);
			fprintf(out, "<rect class=\"key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			        "<text x=\"%d\" y=\"%d\">", lx, ly, col, lx + 18, ly + 11);
			render_html_esc(out, m->labels[k]);
			fputs("</text>\n", out);
		}
		x += iw;
	}
	return 18 * rows;
}

/* The geometry of one workload's chart. */
struct chart {
	struct chart_axis ax;  /* the y axis, broken when a few bars dwarf the rest */
	double bw, gw;       /* bar and group widths */
	int pw;              /* plot width */
	int width, height;   /* the viewBox */
};

#define Y(c, v) (MARGIN_T + chart_axis_y(&(c)->ax, (v)))
#define PLOT_H(c) ((c)->ax.height)

/* chart_size: the geometry of workload wl's chart: the bars set the y
 * axis (chart_axis_make), whiskers do not; the groups, one per block,
 * share the width (wider than VIEW_W only when the load names need it). */
static void chart_size(struct chart *g, const struct rep_model *m, const struct rep_workload *wl)
{
	size_t maxload = 0, nb = wl->nblocks ? wl->nblocks : 1, nv = 0, all = 0;

	for (size_t l = 0; l < wl->nblocks; l++)
		all += wl->blocks[l].nrows;
	double v[all ? all : 1];
	v[0] = 0;
	for (size_t l = 0; l < wl->nblocks; l++) {
		const struct rep_block *b = &wl->blocks[l];
		if (strlen(b->load) > maxload)
			maxload = strlen(b->load);
		for (size_t i = 0; i < b->nrows; i++)
			if (has_ratio(b->rows[i].c))
				v[nv++] = b->rows[i].c->ratio > 0 ? b->rows[i].c->ratio : 0;
	}
	chart_axis_make(&g->ax, v, nv);
	g->width = VIEW_W;
	if (MARGIN_L + (int)(nb * (maxload * CHAR_W + 12)) + MARGIN_R > g->width)
		g->width = MARGIN_L + (int)(nb * (maxload * CHAR_W + 12)) + MARGIN_R;
	g->pw = g->width - MARGIN_L - MARGIN_R;
	g->gw = (double)g->pw / (double)nb;
	g->bw = g->gw * 0.8 / (double)(m->nlabels ? m->nlabels : 1);
	if (g->bw > BAR_MAX)
		g->bw = BAR_MAX;
	g->height = MARGIN_T + PLOT_H(g) + MARGIN_B + legend(NULL, m, g->pw, 0) + 8;
}

/* chart_whisker: the 95% interval of bar value v (half-width ci) at
 * centre cx; the part above the axis is cut at its top and marked with an
 * arrowhead (class "clip"). */
static void chart_whisker(FILE *out, const struct chart *g, double cx, double v, double ci)
{
	double lo = v - ci > 0 ? v - ci : 0, hi = v + ci, top = chart_axis_max(&g->ax);
	int clipped = hi > top;

	if (clipped)
		hi = top;
	fprintf(out, "<path class=\"err\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1f", cx, Y(g, lo), Y(g, hi),
	        cx - 4, Y(g, lo), cx + 4);
	if (!clipped)
		fprintf(out, "M%.1f %.1fH%.1f", cx - 4, Y(g, hi), cx + 4);
	fputs("\"/>\n", out);
	if (clipped)
		fprintf(out, "<path class=\"clip\" d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\"/>\n",
		        cx - 5, Y(g, hi), cx, Y(g, hi) - 9, cx + 5, Y(g, hi));
}

/* chart_bar: row r's bar in block b at x, with its tooltip (Ratio, its
 * interval, runs), its value above it when it reaches through a broken
 * axis, and, where the interval is finite, its whisker. */
static void chart_bar(FILE *out, const struct chart *g, const struct rep_block *b,
                      const struct rep_row *r, double x)
{
	const struct sum_cell *c = r->c;
	double v = c->ratio < 0 ? 0 : c->ratio, ci = c->ratio_ci95;
	char col[32];

	render_chart_colour(r->label, col, sizeof col);
	fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>",
	        x + 1, Y(g, v), g->bw - 2, Y(g, 0) - Y(g, v), col);
	render_html_esc(out, r->name);
	fputs(", ", out);
	render_html_esc(out, b->load);
	fprintf(out, ": Ratio %.2f", c->ratio);
	if (isfinite(ci))
		fprintf(out, ", 95%% interval %.2f to %.2f", v - ci > 0 ? v - ci : 0, v + ci);
	fprintf(out, " (%d run%s)</title></rect>\n", c->n, c->n == 1 ? "" : "s");
	if (g->ax.broken && v > g->ax.top)  /* a bar through the break: its value on it */
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.2f</text>\n", x + g->bw / 2.0,
		        Y(g, v) - 4, c->ratio);
	if (isfinite(ci) && ci > 0)
		chart_whisker(out, g, x + g->bw / 2.0, v, ci);
}

/* ticks: the grid lines and labels of the values from lo to hi by step. */
static void ticks(FILE *out, const struct chart *g, double lo, double hi, double step)
{
	for (int i = 0; lo + i * step <= hi * (1 + 1e-9); i++) {
		double v = lo + i * step;
		fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n",
		        MARGIN_L, MARGIN_L + g->pw, Y(g, v), Y(g, v), MARGIN_L - 6, Y(g, v) + 4, v);
	}
}

/* chart_break: the marks of a broken axis: two slanted strokes across the
 * y axis in the gap, and the gap's band across the plot in the page's
 * colour, which cuts every bar reaching the upper part (class "brk"). */
static void chart_break(FILE *out, const struct chart *g)
{
	double y0 = MARGIN_T + AXIS_UPPER_H, y1 = y0 + AXIS_GAP_H;

	fprintf(out, "<rect class=\"brk\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\"/>\n",
	        MARGIN_L + 1, y0 + 4, g->pw, y1 - y0 - 8);
	for (int k = 0; k < 2; k++)
		fprintf(out, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
		        MARGIN_L - 6, MARGIN_L + 6, y0 + 7 + 5 * k, y0 + 1 + 5 * k);
}

/* chart_axes: the grid lines with their ticks (of each part of a broken
 * axis) and the y axis title. */
static void chart_axes(FILE *out, const struct chart *g)
{
	ticks(out, g, 0, g->ax.top, g->ax.step);
	if (g->ax.broken)
		ticks(out, g, g->ax.ulo, g->ax.utop, g->ax.ustep);
	fprintf(out, "<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">Ratio</text>\n",
	        MARGIN_T + PLOT_H(g) / 2);
	fprintf(out, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>"
	        "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n",
	        MARGIN_L, MARGIN_L, MARGIN_T, MARGIN_T + PLOT_H(g),
	        MARGIN_L, MARGIN_L + g->pw, MARGIN_T + PLOT_H(g), MARGIN_T + PLOT_H(g));
	fprintf(out, "<line class=\"ref\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
	        MARGIN_L, MARGIN_L + g->pw, Y(g, 1.0), Y(g, 1.0));
}

#undef Y

void render_html_chart(FILE *out, const struct rep_model *m, const struct rep_workload *wl)
{
	struct chart g;

	chart_size(&g, m, wl);
	fprintf(out, "<figure>\n<figcaption>Ratio per load</figcaption>\n"
	        "<svg class=\"chart\" width=\"100%%\" viewBox=\"0 0 %d %d\" "
	        "preserveAspectRatio=\"xMinYMin meet\" role=\"img\" aria-label=\"Ratio per load\">\n",
	        g.width, g.height);
	chart_axes(out, &g);
	for (size_t l = 0; l < wl->nblocks; l++) {
		const struct rep_block *b = &wl->blocks[l];
		double x0 = MARGIN_L + (double)l * g.gw + (g.gw - (double)m->nlabels * g.bw) / 2;
		for (size_t i = 0; i < b->nrows; i++)
			if (has_ratio(b->rows[i].c))
				chart_bar(out, &g, b, &b->rows[i], x0 + (double)b->rows[i].label * g.bw);
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
		        MARGIN_L + (double)l * g.gw + g.gw / 2, MARGIN_T + PLOT_H(&g) + 18);
		render_html_esc(out, b->load);
		fputs("</text>\n", out);
	}
	if (g.ax.broken)
		chart_break(out, &g);
	legend(out, m, g.pw, MARGIN_T + PLOT_H(&g) + MARGIN_B);
	fputs("</svg>\n<p class=\"legend\">Bars: Ratio, a label's mean Time under the load over ", out);
	if (m->ratio_base != NULL) {
		render_html_esc(out, m->ratio_base);
		fputs("'s", out);
	} else
		fputs("its", out);
	fputs(" mean Time without load (no_load); the dashed line at 1.0 is no slowdown. "
	      "Whiskers: the 95% interval of that Time over the no_load mean. An arrowhead at "
	      "the top: the interval reaches beyond the axis (the bar's tooltip gives it).", out);
	if (g.ax.broken)
		fprintf(out, " The axis is broken (the strokes on it, the band across the bars): below the band it "
		        "runs from 0 to %.3g, so the smaller bars keep their differences; above it, from %.3g to %.3g "
		        "on a scale of its own, the tops of the bars beyond it.", g.ax.top, g.ax.ulo, g.ax.utop);
	fputs("</p>\n</figure>\n", out);
}
