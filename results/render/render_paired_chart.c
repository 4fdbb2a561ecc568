/* render_paired_chart.c: a kernel series' pictures (report --paired, HTML): the forest plot of the paired differences and each load's rounds, inline SVG as wide as the page. */
#include "results/render/render_paired.h"
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define VIEW_W   1000  /* the viewBox width; the page scales it */
#define CHAR_W   7     /* estimated width of one character at 12px */
#define ROW_H    26    /* a forest row */
#define TOP      28    /* room above the plot (the zero's label) */
#define AXIS_B   40    /* room below it: ticks and the axis title */
#define FIG_W    210   /* the forest's right column: the figures */
#define PANEL_H  130   /* a panel of the rounds' picture */
#define PANEL_GAP 44   /* between panels: the next one's title */
#define ROUNDS_L 64    /* room for the Time axis */

/* A linear axis: the values lo..hi over pixels a..b, its ticks by step. */
struct lin {
	double lo, hi, step;
	double a, b;
};

/* lin_make: an axis over pixels a..b reaching from a nice value at or
 * below lo to one at or above hi (lo == hi widened around them). */
static void lin_make(struct lin *x, double lo, double hi, double a, double b)
{
	if (!(hi > lo)) {
		double pad = fabs(lo) > 0 ? fabs(lo) * 0.05 : 1;
		lo -= pad;
		hi += pad;
	}
	x->step = render_nice_step(hi - lo);
	x->lo = floor(lo / x->step) * x->step;
	x->hi = ceil(hi / x->step) * x->step;
	x->a = a;
	x->b = b;
}

/* at: where v lands on axis x. */
static double at(const struct lin *x, double v)
{
	return x->a + (v - x->lo) / (x->hi - x->lo) * (x->b - x->a);
}

/* row_name: "KERNEL, LOAD" of row r of load pl, escaped. */
static void row_name(FILE *out, const struct paired_model *m, const struct paired_load *pl,
                     const struct paired_row *r)
{
	render_html_esc(out, m->labels[r->label]);
	fputs(", ", out);
	render_html_esc(out, pl->load);
}

/* forest_range: the smallest and largest of zero and every row's interval
 * ends and point; the widest "KERNEL, LOAD" in characters. */
static void forest_range(const struct paired_model *m, double *lo, double *hi, size_t *wide)
{
	*lo = *hi = 0;
	*wide = 0;
	for (size_t l = 0; l < m->nloads; l++)
		for (size_t i = 0; i < m->loads[l].nrows; i++) {
			const struct paired_row *r = &m->loads[l].rows[i];
			double v[3] = { r->pct, r->lo_pct, r->hi_pct };
			size_t w = strlen(m->labels[r->label]) + 2 + strlen(m->loads[l].load);

			for (int k = 0; k < 3; k++)
				if (isfinite(v[k])) {
					*lo = v[k] < *lo ? v[k] : *lo;
					*hi = v[k] > *hi ? v[k] : *hi;
				}
			*wide = w > *wide ? w : *wide;
		}
}

/* forest_row: row r of load pl at y: its name, the interval's bar, the
 * point, its figures at the right, all in a group carrying them. */
static void forest_row(FILE *out, const struct paired_model *m, const struct paired_load *pl,
                       const struct paired_row *r, const struct lin *x, double y)
{
	char p[24], lo[24], hi[24], tp[24], col[32];

	render_chart_colour(r->label, col, sizeof col);
	render_pct(r->pct, p, sizeof p);
	render_pct(r->lo_pct, lo, sizeof lo);
	render_pct(r->hi_pct, hi, sizeof hi);
	fputs("<g class=\"frow\" data-label=\"", out);
	render_html_esc(out, m->labels[r->label]);
	fputs("\" data-load=\"", out);
	render_html_esc(out, pl->load);
	fprintf(out, "\" data-pct=\"%s\" data-lo=\"%s\" data-hi=\"%s\"><title>",
	        isfinite(r->pct) ? p : "-", isfinite(r->lo_pct) ? lo : "-", isfinite(r->hi_pct) ? hi : "-");
	row_name(out, m, pl, r);
	fprintf(out, ": paired difference %s, 95%% interval %s to %s, t p %s, %d rounds</title>\n",
	        isfinite(r->pct) ? p : "-", isfinite(r->lo_pct) ? lo : "-", isfinite(r->hi_pct) ? hi : "-",
	        render_paired_p(r->t_p, r->t_sig, tp, sizeof tp), r->n);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", x->a - 10, y + 4);
	row_name(out, m, pl, r);
	fputs("</text>\n", out);
	if (isfinite(r->lo_pct) && isfinite(r->hi_pct))
		fprintf(out, "<path class=\"err\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\"/>\n",
		        at(x, r->lo_pct), y, at(x, r->hi_pct), at(x, r->lo_pct), y - 5, y + 5,
		        at(x, r->hi_pct), y - 5, y + 5);
	if (isfinite(r->pct))
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\"/>\n", at(x, r->pct), y, col);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s>%s", x->b + 12, y + 4, r->t_sig ? " class=\"sig\"" : "",
	        isfinite(r->pct) ? p : "no pairs");
	if (isfinite(r->lo_pct) && isfinite(r->hi_pct))
		fprintf(out, " [%s, %s]", lo, hi);
	fputs("</text>\n</g>\n", out);
}

/* render_paired_forest: see render_paired.h. */
void render_paired_forest(FILE *out, const struct paired_model *m)
{
	size_t rows = 0, wide;
	double lo, hi, y;
	struct lin x;

	for (size_t l = 0; l < m->nloads; l++)
		rows += m->loads[l].nrows;
	forest_range(m, &lo, &hi, &wide);
	double left = (double)wide * CHAR_W + 24;
	if (left > VIEW_W / 2)
		left = VIEW_W / 2;
	lin_make(&x, lo, hi, left, VIEW_W - FIG_W);
	int height = TOP + (int)rows * ROW_H + AXIS_B;
	fprintf(out, "<figure>\n<figcaption>Paired difference per kernel and load</figcaption>\n"
	        "<svg class=\"chart forest\" width=\"100%%\" viewBox=\"0 0 %d %d\" preserveAspectRatio="
	        "\"xMinYMin meet\" role=\"img\" aria-label=\"Paired difference per kernel and load\">\n",
	        VIEW_W, height);
	for (int i = 0; x.lo + i * x.step <= x.hi * (1 + 1e-9) + 1e-9; i++) {
		double v = x.lo + i * x.step, px = at(&x, v);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>"
		        "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%+.3g%%</text>\n", px, px, TOP,
		        TOP + (int)rows * ROW_H, px, TOP + (int)rows * ROW_H + 16, fabs(v) < 1e-9 ? 0 : v);
	}
	fprintf(out, "<line class=\"ref\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>"
	        "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">0: as fast as ", at(&x, 0),
	        at(&x, 0), TOP - 6, TOP + (int)rows * ROW_H, at(&x, 0), TOP - 10);
	render_html_esc(out, m->labels[m->base]);
	fputs("</text>\n", out);
	fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">Time against ", (x.a + x.b) / 2,
	        TOP + (int)rows * ROW_H + 34);
	render_html_esc(out, m->labels[m->base]);
	fputs(" in the same round (%): slower to the right</text>\n", out);
	y = TOP + ROW_H / 2.0;
	for (size_t l = 0; l < m->nloads; l++)
		for (size_t i = 0; i < m->loads[l].nrows; i++, y += ROW_H)
			forest_row(out, m, &m->loads[l], &m->loads[l].rows[i], &x, y);
	fputs("</svg>\n<p class=\"legend\">A row per kernel and load: the point is the mean of the "
	      "kernel's Time less ", out);
	render_html_esc(out, m->labels[m->base]);
	fputs("'s in the same round, in percent of its mean; the bar its 95% interval (paired t); the "
	      "dashed line zero. A bar clear of zero is a difference the rounds agree on; the figures "
	      "(bold: t p below 0.05) are the table's.</p>\n</figure>\n", out);
}

/* A panel of the rounds' picture: the Time axis, the rounds' x. */
struct panel {
	struct lin t;          /* Time, pixels top (hi) to bottom (lo) */
	double x0, dx;         /* round j's centre: x0 + j dx */
};

/* round_point: one Time of a round as a point (hollow for the baseline),
 * carrying its round and Time. */
static void round_point(FILE *out, const char *label, const char *col, int base, int round,
                        double t, double cx, double cy)
{
	fprintf(out, "<circle class=\"rpt%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"%s\" "
	        "data-label=\"", base ? " base" : "", cx, cy, base ? "#fff" : col, col);
	render_html_esc(out, label);
	fprintf(out, "\" data-round=\"%d\" data-time=\"%.2f\"><title>", round, t);
	render_html_esc(out, label);
	fprintf(out, ", round %d: %.2f s</title></circle>\n", round, t);
}

/* panel_line: the line through one side's Times (NaN rounds broken off)
 * at offset off from each round's centre. */
static void panel_line(FILE *out, const struct panel *p, const double *v, size_t n, double off,
                       const char *col, int dashed)
{
	int pen = 0;

	fprintf(out, "<path class=\"line\" stroke=\"%s\"%s d=\"", col,
	        dashed ? " stroke-dasharray=\"4 3\"" : "");
	for (size_t j = 0; j < n; j++) {
		if (!isfinite(v[j])) {
			pen = 0;
			continue;
		}
		fprintf(out, "%s%.1f %.1f", pen++ ? "L" : "M", p->x0 + (double)j * p->dx + off, at(&p->t, v[j]));
	}
	fputs("\"/>\n", out);
}

/* rounds_panel: kernel row r of load pl beside the baseline at y0: the
 * axis, each round's pair joined by a thin stroke, both sides' lines. */
static void rounds_panel(FILE *out, const struct paired_model *m, const struct paired_load *pl,
                         const struct paired_row *r, struct panel *p, double y0)
{
	const struct paired_drift *d = &pl->drift;
	const char *base = m->labels[m->base], *name = m->labels[r->label];
	char col[32], dp[24];

	render_chart_colour(r->label, col, sizeof col);
	p->t.a = y0 + PANEL_H;
	p->t.b = y0;
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-weight=\"bold\">", ROUNDS_L, y0 - 10);
	render_html_esc(out, name);
	fputs(" (filled) against ", out);
	render_html_esc(out, base);
	fprintf(out, " (hollow): paired difference %s</text>\n", render_pct(r->pct, dp, sizeof dp));
	for (int i = 0; p->t.lo + i * p->t.step <= p->t.hi * (1 + 1e-9); i++) {
		double v = p->t.lo + i * p->t.step;
		fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", ROUNDS_L, VIEW_W - 16,
		        at(&p->t, v), at(&p->t, v), ROUNDS_L - 6, at(&p->t, v) + 4, v);
	}
	for (size_t j = 0; j < d->rounds; j++)
		if (isfinite(d->time[j]) && isfinite(r->time[j]))
			fprintf(out, "<line class=\"pair\" stroke=\"#999\" stroke-width=\"1.5\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
			        p->x0 + (double)j * p->dx - 6, p->x0 + (double)j * p->dx + 6, at(&p->t, d->time[j]),
			        at(&p->t, r->time[j]));
	panel_line(out, p, d->time, d->rounds, -6, "#888", 1);
	panel_line(out, p, r->time, d->rounds, 6, col, 0);
	for (size_t j = 0; j < d->rounds; j++) {
		double cx = p->x0 + (double)j * p->dx;
		if (isfinite(d->time[j]))
			round_point(out, base, "#888", 1, d->round[j], d->time[j], cx - 6, at(&p->t, d->time[j]));
		if (isfinite(r->time[j]))
			round_point(out, name, col, 0, d->round[j], r->time[j], cx + 6, at(&p->t, r->time[j]));
	}
}

/* times_range: the smallest and largest Time of load pl, any side. */
static void times_range(const struct paired_load *pl, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t j = 0; j < pl->drift.rounds; j++)
		for (size_t i = 0; i <= pl->nrows; i++) {
			double v = i < pl->nrows ? pl->rows[i].time[j] : pl->drift.time[j];
			if (isfinite(v)) {
				*lo = v < *lo ? v : *lo;
				*hi = v > *hi ? v : *hi;
			}
		}
	if (!isfinite(*lo))
		*lo = *hi = 0;
}

/* render_paired_rounds: see render_paired.h. */
void render_paired_rounds(FILE *out, const struct paired_model *m, size_t l)
{
	const struct paired_load *pl = &m->loads[l];
	size_t n = pl->drift.rounds ? pl->drift.rounds : 1;
	struct panel p;
	double lo, hi, y0 = PANEL_GAP;
	int height = (int)pl->nrows * (PANEL_H + PANEL_GAP) + PANEL_GAP + 20;

	times_range(pl, &lo, &hi);
	lin_make(&p.t, lo, hi, 0, 0);
	p.dx = (double)(VIEW_W - 16 - ROUNDS_L) / (double)n;
	p.x0 = ROUNDS_L + p.dx / 2;
	fputs("<figure>\n<figcaption>", out);
	render_html_esc(out, pl->load);
	fprintf(out, ": Time per round</figcaption>\n<svg class=\"chart rounds\" width=\"100%%\" viewBox=\"0 0 "
	        "%d %d\" preserveAspectRatio=\"xMinYMin meet\" role=\"img\" aria-label=\"", VIEW_W, height);
	render_html_esc(out, pl->load);
	fputs(": Time per round\">\n", out);
	for (size_t i = 0; i < pl->nrows; i++, y0 += PANEL_H + PANEL_GAP)
		rounds_panel(out, m, pl, &pl->rows[i], &p, y0);
	for (size_t j = 0; j < pl->drift.rounds; j++)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">round %d</text>\n",
		        p.x0 + (double)j * p.dx, y0 - PANEL_GAP + 16, pl->drift.round[j]);
	fprintf(out, "<text transform=\"translate(14 %.1f) rotate(-90)\" text-anchor=\"middle\">Time (s)"
	        "</text>\n</svg>\n<p class=\"legend\">A panel per kernel: its Time in each round (filled, "
	        "solid line) beside ", (y0 - PANEL_GAP) / 2);
	render_html_esc(out, m->labels[m->base]);
	fputs("'s in the same round (hollow, dashed), on one Time axis for the load; a thin stroke joins "
	      "each round's pair. Lines rising or falling together are the machine's drift, which the "
	      "paired difference cancels; one stroke much longer than the others is one round that went "
	      "wrong.</p>\n</figure>\n", out);
}
