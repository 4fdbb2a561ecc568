/* render_html.c: the report as one self-contained HTML5 page: a Ratio bar chart (inline SVG) and the classic tables per workload. */
#include "results/compare.h"
#include "results/render.h"
#include "results/render_micro.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_H    240   /* SVG plot area height, px */
#define MARGIN_L  56    /* room for the y axis ticks and title */
#define MARGIN_T  16
#define MARGIN_B  36    /* room for the load names */
#define CHAR_W    7     /* estimated width of one character at 12px */
#define LEGEND_MIN_W 320  /* the plot area is at least this wide for the legend */

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};
#define NPALETTE (sizeof palette / sizeof palette[0])

static const char style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}\n"
	"h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1.05em}\n"
	"table{border-collapse:collapse;margin:.8em 0 .3em;font-variant-numeric:tabular-nums}\n"
	"caption{text-align:left;font-weight:bold;padding:.2em 0}\n"
	"th,td{border:1px solid #ccc;padding:.2em .6em;white-space:nowrap}th{background:#f3f3f3}\n"
	"td.num{text-align:right}td.vs{white-space:normal}td.sig{font-weight:bold}\n"
	"ul.notes{margin:.2em 0 1em;font-size:.9em;color:#444}\n"
	"svg{max-width:100%;height:auto}\n"
	"svg text{font-family:system-ui,sans-serif;font-size:12px;fill:#222}\n"
	"svg .grid{stroke:#e4e4e4}svg .axis{stroke:#444}\n"
	"svg .ref{stroke:#c00;stroke-dasharray:5 3}svg .err{stroke:#111;fill:none}\n"
	"figure{margin:0}figcaption{font-weight:bold;margin:.4em 0}\n"
	"pre{background:#f7f7f7;padding:.8em;overflow-x:auto}\n";

/* esc: s with &, <, >, " and ' replaced by character references. */
static void esc(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc(*s, out);
		}
	}
}

/* colour: the bar colour of label k, distinct for every label. */
static void colour(size_t k, char *buf, size_t len)
{
	if (k < NPALETTE)
		snprintf(buf, len, "%s", palette[k]);
	else
		snprintf(buf, len, "hsl(%d,55%%,45%%)", (int)(fmod((double)k * 137.508, 360.0)));
}

/* has_rows: 1 when load l of workload w has a row for some label. */
static int has_rows(const struct summary *s, size_t w, size_t l)
{
	for (size_t k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n + c->failed > 0)
			return 1;
	}
	return 0;
}

/* has_ratio: 1 when the cell gets a bar: runs and a finite Ratio. */
static int has_ratio(const struct sum_cell *c)
{
	return c->n > 0 && isfinite(c->ratio);
}

/* nice_step: a 1, 2, 2.5 or 5 times a power of ten near span / 5. */
static double nice_step(double span)
{
	double raw = span / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return mag * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10);
}

/* legend: a colour key and name per label, flowing left to right from
 * MARGIN_L in rows of at most wrap px starting at y; drawn into out unless
 * out is NULL. Returns the height used. */
static int legend(FILE *out, const struct summary *s, int wrap, int y)
{
	int x = 0, rows = 1;
	char col[32];

	for (size_t k = 0; k < s->nlabels; k++) {
		int iw = 18 + (int)strlen(s->labels[k]) * CHAR_W + 16;
		if (x > 0 && x + iw > wrap) {
			x = 0;
			rows++;
		}
		if (out) {
			int lx = MARGIN_L + x, ly = y + 18 * (rows - 1);
			colour(k, col, sizeof col);
			fprintf(out, "<rect class=\"key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			        "<text x=\"%d\" y=\"%d\">", lx, ly, col, lx + 18, ly + 11);
			esc(out, s->labels[k]);
			fputs("</text>\n", out);
		}
		x += iw;
	}
	return 18 * rows;
}

/* svg_chart: the "Ratio per load" bar chart of workload w: a group of bars
 * per load with rows, one bar per label with a Ratio, error bars where the
 * interval is finite, a dashed line at 1.0 and a legend below.
 * Inline SVG in HTML needs no xmlns, so the page names no URL at all. */
static void svg_chart(FILE *out, const struct summary *s, size_t w)
{
	size_t l, k, ngroups = 0, maxload = 0;
	double top = 1.0, step, ytop;
	int bw = s->nlabels <= 8 ? 16 : 8, gw, pw, width, height, g;
	char col[32];

	for (l = 0; l < s->nloads; l++) {
		if (!has_rows(s, w, l))
			continue;
		ngroups++;
		if (strlen(s->loads[l]) > maxload)
			maxload = strlen(s->loads[l]);
		for (k = 0; k < s->nlabels; k++) {
			const struct sum_cell *c = summary_cell(s, w, l, k);
			double hi = c->ratio + (isfinite(c->ratio_ci95) ? c->ratio_ci95 : 0);
			if (has_ratio(c) && isfinite(hi) && hi > top)
				top = hi;
		}
	}
	step = nice_step(top * 1.05);
	ytop = ceil(top * 1.05 / step) * step;
	gw = (int)s->nlabels * bw + 20;
	if (gw < (int)maxload * CHAR_W + 12)
		gw = (int)maxload * CHAR_W + 12;
	pw = (int)(ngroups ? ngroups : 1) * gw;
	width = MARGIN_L + (pw > LEGEND_MIN_W ? pw : LEGEND_MIN_W) + 16;
	height = MARGIN_T + PLOT_H + MARGIN_B + legend(NULL, s, width - MARGIN_L, 0) + 8;
#define Y(v) (MARGIN_T + PLOT_H - (v) / ytop * PLOT_H)

	fprintf(out, "<figure>\n<figcaption>Ratio per load</figcaption>\n"
	        "<svg width=\"%d\" height=\"%d\" "
	        "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"Ratio per load\">\n",
	        width, height, width, height);
	for (int i = 0; i * step <= ytop * (1 + 1e-9); i++) {
		double v = i * step;
		fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n",
		        MARGIN_L, MARGIN_L + pw, Y(v), Y(v), MARGIN_L - 6, Y(v) + 4, v);
	}
	fprintf(out, "<text transform=\"translate(14 %d) rotate(-90)\" text-anchor=\"middle\">Ratio</text>\n",
	        MARGIN_T + PLOT_H / 2);
	for (l = 0, g = 0; l < s->nloads; l++) {
		if (!has_rows(s, w, l))
			continue;
		int x0 = MARGIN_L + g * gw + (gw - (int)s->nlabels * bw) / 2;
		for (k = 0; k < s->nlabels; k++) {
			const struct sum_cell *c = summary_cell(s, w, l, k);
			double x = x0 + (double)k * bw, r = c->ratio, ci = c->ratio_ci95;
			if (!has_ratio(c))
				continue;
			if (r < 0)
				r = 0;
			colour(k, col, sizeof col);
			fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>",
			        x + 1, Y(r), bw - 2, Y(0) - Y(r), col);
			esc(out, s->labels[k]);
			fputs(", ", out);
			esc(out, s->loads[l]);
			fprintf(out, ": Ratio %.3g", c->ratio);
			if (isfinite(ci))
				fprintf(out, " &#177; %.2g", ci);
			fprintf(out, " (%d run%s)</title></rect>\n", c->n, c->n == 1 ? "" : "s");
			if (isfinite(ci) && ci > 0) {
				double cx = x + bw / 2.0, lo = r - ci > 0 ? r - ci : 0;
				fprintf(out, "<path class=\"err\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n",
				        cx, Y(lo), Y(r + ci), cx - 3, Y(lo), cx + 3, cx - 3, Y(r + ci), cx + 3);
			}
		}
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", MARGIN_L + g * gw + gw / 2,
		        MARGIN_T + PLOT_H + 18);
		esc(out, s->loads[l]);
		fputs("</text>\n", out);
		g++;
	}
	fprintf(out, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>"
	        "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n",
	        MARGIN_L, MARGIN_L, MARGIN_T, MARGIN_T + PLOT_H,
	        MARGIN_L, MARGIN_L + pw, MARGIN_T + PLOT_H, MARGIN_T + PLOT_H);
	fprintf(out, "<line class=\"ref\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
	        MARGIN_L, MARGIN_L + pw, Y(1.0), Y(1.0));
	legend(out, s, width - MARGIN_L, MARGIN_T + PLOT_H + MARGIN_B);
#undef Y
	fputs("</svg>\n</figure>\n", out);
}

/* pct: a signed percentage, "+3.1%", or "-" when not available. */
static const char *pct(double v, char *buf, size_t len)
{
	if (!isfinite(v))
		return "-";
	if (fabs(v) < 0.05)
		v = 0;
	snprintf(buf, len, "%+.1f%%", v);
	return buf;
}

/* vs_cell: the "vs BASELINE" cell of row k: the Time difference in percent
 * (seconds when the baseline mean is 0), its 95% interval, Welch's p and "*",
 * or why there is no test. */
static void vs_cell(FILE *out, const struct summary *s, size_t w, size_t l, size_t k, size_t base)
{
	const struct sum_cell *c = summary_cell(s, w, l, k), *bc = summary_cell(s, w, l, base);
	char a[32], b[32], d[32];
	struct cmp_row r;
	const struct cmp_fig *f = &r.time;

	if (k == base) {
		fputs("<td class=\"vs\">baseline</td>", out);
		return;
	}
	if (c->n == 0) {
		fputs("<td class=\"vs\">-</td>", out);
		return;
	}
	if (bc->n == 0) {
		fputs("<td class=\"vs\">the baseline has no runs here</td>", out);
		return;
	}
	compare_row(s, w, l, k, base, &r);
	fputs(f->significant ? "<td class=\"vs sig\">" : "<td class=\"vs\">", out);
	if (isfinite(f->pct)) {
		fputs(pct(f->pct, a, sizeof a), out);
		if (f->tested)
			fprintf(out, " [%s, %s]", pct(f->lo_pct, b, sizeof b), pct(f->hi_pct, d, sizeof d));
	} else {
		fprintf(out, "%+.3g s", f->diff);
		if (f->tested)
			fprintf(out, " [%+.3g, %+.3g]", f->lo, f->hi);
	}
	if (!f->tested)
		fputs(", needs 2 runs each", out);
	else {
		if (f->p < 0.001)
			fputs(" p&lt;0.001", out);
		else
			fprintf(out, " p=%.2g", f->p);
		fputs(f->significant ? " *" : ", no significant difference", out);
	}
	fputs("</td>", out);
}

/* table: load l of workload w as a table with the text report's figures,
 * the comparison columns when baseline >= 0, then detail and failed-run notes. */
static void table(FILE *out, const struct summary *s, size_t w, size_t l, long baseline)
{
	char b[6][64];
	size_t k;
	int notes = 0;

	fputs("<table>\n<caption>", out);
	esc(out, s->loads[l]);
	fputs("</caption>\n<thead><tr><th>Kernel</th><th>[runs]</th><th>Time</th><th>CPU%</th>"
	      "<th>Loads</th><th>LCPU%</th><th>Ratio</th>", out);
	if (baseline >= 0) {
		fputs("<th>Time &#177;95%</th><th>vs ", out);
		esc(out, s->labels[baseline]);
		fputs("</th>", out);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n + c->failed == 0)
			continue;
		fputs("<tr><td>", out);
		esc(out, s->labels[k]);
		fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
		        "<td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>",
		        c->n, render_fig(c->time, 0, b[0], sizeof b[0]), render_fig(c->cpu_pct, 1, b[1], sizeof b[1]),
		        render_fig(c->loads, 1, b[2], sizeof b[2]), render_fig(c->lcpu_pct, 1, b[3], sizeof b[3]),
		        render_fig(c->ratio, 2, b[4], sizeof b[4]));
		if (baseline >= 0) {
			const char *ci = render_fig(c->st[FIG_TIME].ci95, 2, b[5], sizeof b[5]);
			fprintf(out, "<td class=\"num\">%s%s</td>", ci[0] == '-' ? "" : "&#177;", ci);
			vs_cell(out, s, w, l, k, (size_t)baseline);
		}
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		int det = c->n > 0 && c->detail[0] != '\0';
		if (!det && c->failed == 0)
			continue;
		if (!notes++)
			fputs("<ul class=\"notes\">\n", out);
		if (det) {
			fputs("<li>", out);
			esc(out, s->labels[k]);
			fputs(": ", out);
			esc(out, c->detail);
			fputs("</li>\n", out);
		}
		if (c->failed > 0) {
			fputs("<li>", out);
			esc(out, s->labels[k]);
			fprintf(out, ": %d failed run(s) not averaged</li>\n", c->failed);
		}
	}
	if (notes)
		fputs("</ul>\n", out);
}

/* cols_table: a table of evidence columns (--why, --latency) for load l of
 * workload w, captioned "LOAD: what". */
static void cols_table(FILE *out, const struct summary *s, size_t w, size_t l, const char *what,
                       const struct render_col *cols, int n)
{
	char b[64];

	fputs("<table>\n<caption>", out);
	esc(out, s->loads[l]);
	fprintf(out, ": %s</caption>\n<thead><tr><th>Kernel</th>", what);
	for (int j = 0; j < n; j++)
		fprintf(out, "<th>%s</th>", cols[j].head);
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n == 0)
			continue;
		fputs("<tr><td>", out);
		esc(out, s->labels[k]);
		fputs("</td>", out);
		for (int j = 0; j < n; j++)
			fprintf(out, "<td class=\"num\">%s</td>", render_fig(cols[j].get(c), cols[j].prec, b, sizeof b));
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
}

/* micro_section: render_micro's lmbench summary, escaped inside <pre>. */
static void micro_section(FILE *out, const struct mrec_set *micro)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	int rc = m ? render_micro(m, micro, NULL, 0) : -1;

	if (m && fclose(m) != 0)
		rc = -1;
	fputs("<h2>Microbenchmarks</h2>\n", out);
	if (rc != 0 || text == NULL)
		fputs("<p>The microbenchmark summary could not be made (out of memory).</p>\n", out);
	else {
		fputs("<pre class=\"micro\">", out);
		esc(out, text);
		fputs("</pre>\n", out);
	}
	free(text);
}

void render_html(FILE *out, const struct summary *s, long baseline, const struct mrec_set *micro,
                 int why, int latency)
{
	size_t w, l, k;
	int hl = s->nworkloads > 1 ? 3 : 2;

	if (baseline >= (long)s->nlabels)
		baseline = -1;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>contest: ", out);
	for (k = 0; k < s->nlabels; k++) {
		if (k)
			fputs(", ", out);
		esc(out, s->labels[k]);
	}
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>contest: ", style);
	for (k = 0; k < s->nlabels; k++) {
		if (k)
			fputs(", ", out);
		esc(out, s->labels[k]);
	}
	fputs("</h1>\n", out);
	if (s->nlabels == 0)
		fputs("<p>No load results.</p>\n", out);
	for (w = 0; w < s->nworkloads && s->nlabels > 0; w++) {
		if (s->nworkloads > 1) {
			fputs("<section>\n<h2>Workload: ", out);
			esc(out, s->workloads[w]);
			fputs("</h2>\n", out);
		}
		svg_chart(out, s, w);
		fprintf(out, "<h%d>Results per load</h%d>\n", hl, hl);
		for (l = 0; l < s->nloads; l++) {
			if (!has_rows(s, w, l))
				continue;
			table(out, s, w, l, baseline);
			if (why)
				cols_table(out, s, w, l, "system evidence", render_why_cols, RENDER_WHY_N);
			if (latency)
				cols_table(out, s, w, l, "wake-up latency (us)", render_lat_cols, RENDER_LAT_N);
		}
		if (s->nworkloads > 1)
			fputs("</section>\n", out);
	}
	if (micro != NULL && micro->n > 0)
		micro_section(out, micro);
	fputs("</body>\n</html>\n", out);
}
