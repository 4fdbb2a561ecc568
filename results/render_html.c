/* render_html.c: the report as one self-contained HTML5 page: a Ratio bar chart (inline SVG) and the classic tables per workload. */
#include "results/render.h"
#include "results/canary.h"

#include <math.h>
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
			colour(k, col, sizeof col);
			fprintf(out, "<rect class=\"key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			        "<text x=\"%d\" y=\"%d\">", lx, ly, col, lx + 18, ly + 11);
			esc(out, m->labels[k]);
			fputs("</text>\n", out);
		}
		x += iw;
	}
	return 18 * rows;
}

/* The geometry of one workload's chart. */
struct chart {
	double step, ytop;   /* y axis: tick step and top */
	int bw, gw, pw;      /* bar, group and plot widths */
	int width, height;
};

#define Y(c, v) (MARGIN_T + PLOT_H - (v) / (c)->ytop * PLOT_H)

/* chart_size: the geometry of workload wl's chart: its highest Ratio
 * (with its interval, at least 1.0) sets the y axis; a group per block,
 * wide enough for its bars and its load's name. */
static void chart_size(struct chart *g, const struct rep_model *m, const struct rep_workload *wl)
{
	size_t maxload = 0;
	double top = 1.0;

	for (size_t l = 0; l < wl->nblocks; l++) {
		const struct rep_block *b = &wl->blocks[l];
		if (strlen(b->load) > maxload)
			maxload = strlen(b->load);
		for (size_t i = 0; i < b->nrows; i++) {
			const struct sum_cell *c = b->rows[i].c;
			double hi = c->ratio + (isfinite(c->ratio_ci95) ? c->ratio_ci95 : 0);
			if (has_ratio(c) && isfinite(hi) && hi > top)
				top = hi;
		}
	}
	g->bw = m->nlabels <= 8 ? 16 : 8;
	g->step = nice_step(top * 1.05);
	g->ytop = ceil(top * 1.05 / g->step) * g->step;
	g->gw = (int)m->nlabels * g->bw + 20;
	if (g->gw < (int)maxload * CHAR_W + 12)
		g->gw = (int)maxload * CHAR_W + 12;
	g->pw = (int)(wl->nblocks ? wl->nblocks : 1) * g->gw;
	g->width = MARGIN_L + (g->pw > LEGEND_MIN_W ? g->pw : LEGEND_MIN_W) + 16;
	g->height = MARGIN_T + PLOT_H + MARGIN_B + legend(NULL, m, g->width - MARGIN_L, 0) + 8;
}

/* chart_bar: row r's bar in block b at x, with its tooltip and, where the
 * interval is finite, its error bar. */
static void chart_bar(FILE *out, const struct chart *g, const struct rep_block *b,
                      const struct rep_row *r, double x)
{
	const struct sum_cell *c = r->c;
	double v = c->ratio < 0 ? 0 : c->ratio, ci = c->ratio_ci95;
	char col[32];

	colour(r->label, col, sizeof col);
	fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>",
	        x + 1, Y(g, v), g->bw - 2, Y(g, 0) - Y(g, v), col);
	esc(out, r->name);
	fputs(", ", out);
	esc(out, b->load);
	fprintf(out, ": Ratio %.3g", c->ratio);
	if (isfinite(ci))
		fprintf(out, " &#177; %.2g", ci);
	fprintf(out, " (%d run%s)</title></rect>\n", c->n, c->n == 1 ? "" : "s");
	if (isfinite(ci) && ci > 0) {
		double cx = x + g->bw / 2.0, lo = v - ci > 0 ? v - ci : 0;
		fprintf(out, "<path class=\"err\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n",
		        cx, Y(g, lo), Y(g, v + ci), cx - 3, Y(g, lo), cx + 3, cx - 3, Y(g, v + ci), cx + 3);
	}
}

/* chart_axes: the grid lines with their ticks and the y axis title. */
static void chart_axes(FILE *out, const struct chart *g)
{
	for (int i = 0; i * g->step <= g->ytop * (1 + 1e-9); i++) {
		double v = i * g->step;
		fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n",
		        MARGIN_L, MARGIN_L + g->pw, Y(g, v), Y(g, v), MARGIN_L - 6, Y(g, v) + 4, v);
	}
	fprintf(out, "<text transform=\"translate(14 %d) rotate(-90)\" text-anchor=\"middle\">Ratio</text>\n",
	        MARGIN_T + PLOT_H / 2);
}

/* svg_chart: the "Ratio per load" bar chart of workload wl: a group of bars
 * per block, one bar per label with a Ratio, error bars where the interval
 * is finite, a dashed line at 1.0 and a legend below.
 * Inline SVG in HTML needs no xmlns, so the page names no URL at all. */
static void svg_chart(FILE *out, const struct rep_model *m, const struct rep_workload *wl)
{
	struct chart g;

	chart_size(&g, m, wl);
	fprintf(out, "<figure>\n<figcaption>Ratio per load</figcaption>\n"
	        "<svg width=\"%d\" height=\"%d\" "
	        "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"Ratio per load\">\n",
	        g.width, g.height, g.width, g.height);
	chart_axes(out, &g);
	for (size_t l = 0; l < wl->nblocks; l++) {
		const struct rep_block *b = &wl->blocks[l];
		int x0 = MARGIN_L + (int)l * g.gw + (g.gw - (int)m->nlabels * g.bw) / 2;
		for (size_t i = 0; i < b->nrows; i++)
			if (has_ratio(b->rows[i].c))
				chart_bar(out, &g, b, &b->rows[i], x0 + (double)b->rows[i].label * g.bw);
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
		        MARGIN_L + (int)l * g.gw + g.gw / 2, MARGIN_T + PLOT_H + 18);
		esc(out, b->load);
		fputs("</text>\n", out);
	}
	fprintf(out, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>"
	        "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n",
	        MARGIN_L, MARGIN_L, MARGIN_T, MARGIN_T + PLOT_H,
	        MARGIN_L, MARGIN_L + g.pw, MARGIN_T + PLOT_H, MARGIN_T + PLOT_H);
	fprintf(out, "<line class=\"ref\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
	        MARGIN_L, MARGIN_L + g.pw, Y(&g, 1.0), Y(&g, 1.0));
	legend(out, m, g.width - MARGIN_L, MARGIN_T + PLOT_H + MARGIN_B);
	fputs("</svg>\n</figure>\n", out);
}

#undef Y

/* vs_cell: the "vs BASELINE" cell of row r in block b: the Time difference
 * in percent (seconds when the baseline mean is 0), its 95% interval,
 * Welch's p and "*", or why there is no test. */
static void vs_cell(FILE *out, const struct rep_block *b, const struct rep_row *r)
{
	const struct cmp_fig *f = &r->cmp.time;
	char x[32], y[32], z[32];

	if (r->cmp.is_baseline || r->c->n == 0 || b->base->n == 0) {
		fprintf(out, "<td class=\"vs\">%s</td>", r->cmp.is_baseline ? "baseline" :
		        r->c->n == 0 ? "-" : "the baseline has no runs here");
		return;
	}
	fputs(f->significant ? "<td class=\"vs sig\">" : "<td class=\"vs\">", out);
	if (isfinite(f->pct)) {
		fputs(render_pct(f->pct, x, sizeof x), out);
		if (f->tested)
			fprintf(out, " [%s, %s]", render_pct(f->lo_pct, y, sizeof y),
			        render_pct(f->hi_pct, z, sizeof z));
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

/* robust_cell: the "robust" cell of row r in block b: Mann-Whitney's p (or
 * why it did not run) and the smallest difference these runs would have
 * seen; empty where vs_cell says there is no comparison. */
static void robust_cell(FILE *out, const struct rep_block *b, const struct rep_row *r)
{
	fputs("<td class=\"vs\">", out);
	if (!r->cmp.is_baseline && r->c->n > 0 && b->base->n > 0) {
		if (r->cmp.mw.done)
			fprintf(out, "Mann-Whitney p=%.2g%s", r->cmp.mw.p, r->cmp.mw_significant ? " *" : "");
		else
			fprintf(out, "Mann-Whitney needs %d runs of each", ROB_MW_MIN_N);
		if (isfinite(r->cmp.time.mdd_pct))
			fprintf(out, "; a difference below %.1f%% would not have been seen",
			        r->cmp.time.mdd_pct);
	}
	fputs("</td>", out);
}

/* note: one "<li>LABEL: TEXT</li>" (TEXT escaped), opening the list first. */
static void note(FILE *out, int *open, const char *label, const char *text)
{
	if (!(*open)++)
		fputs("<ul class=\"notes\">\n", out);
	fputs("<li>", out);
	esc(out, label);
	fputs(": ", out);
	esc(out, text);
	fputs("</li>\n", out);
}

/* table_notes: the detail, failed-run and busy notes of block b, and with
 * stats the outliers of its runs' Times, as a list. */
static void table_notes(FILE *out, const struct rep_block *b, int stats)
{
	char failed[64], busy[512];
	int open = 0;

	for (size_t i = 0; i < b->nrows; i++) {
		const struct rep_row *r = &b->rows[i];
		if (r->c->n > 0 && r->c->detail[0] != '\0')
			note(out, &open, r->name, r->c->detail);
		if (r->c->failed > 0) {
			snprintf(failed, sizeof failed, "%d failed run(s) not averaged", r->c->failed);
			note(out, &open, r->name, failed);
		}
		if (r->c->busy > 0)
			note(out, &open, r->name, render_busy(r->c, busy, sizeof busy));
		if (stats && r->c->tout > 0)
			note(out, &open, r->name, render_outliers(r->c, busy, sizeof busy));
	}
	if (open)
		fputs("</ul>\n", out);
}

/* table: block b as a table with the text report's figures, the
 * comparison columns with a baseline, then detail and failed-run notes. */
static void table(FILE *out, const struct rep_model *m, const struct rep_block *b)
{
	char f[6][64];

	fputs("<table>\n<caption>", out);
	esc(out, b->load);
	fprintf(out, "</caption>\n<thead><tr><th>Kernel</th><th>[runs]</th><th>Time</th>%s<th>CPU%%</th>"
	        "<th>Loads</th><th>LCPU%%</th><th>Ratio</th>", m->normalize ? "<th>NTime</th>" : "");
	if (m->baseline >= 0) {
		fputs("<th>Time &#177;95%</th><th>vs ", out);
		esc(out, m->baseline_name);
		fputs("</th><th>Mann-Whitney, detectable</th>", out);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		fputs("<tr><td>", out);
		esc(out, b->rows[i].name);
		fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%s</td>", c->n,
		        render_fig(c->time, 0, f[0], sizeof f[0]));
		if (m->normalize)
			fprintf(out, "<td class=\"num\">%s</td>", render_fig(canary_ntime(m, c), 0, f[0], sizeof f[0]));
		fprintf(out, "<td class=\"num\">%s</td>"
		        "<td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>",
		        render_fig(c->cpu_pct, 1, f[1], sizeof f[1]),
		        render_fig(c->loads, 1, f[2], sizeof f[2]), render_fig(c->lcpu_pct, 1, f[3], sizeof f[3]),
		        render_fig(c->ratio, 2, f[4], sizeof f[4]));
		if (m->baseline >= 0) {
			const char *ci = render_fig(c->st[FIG_TIME].ci95, 2, f[5], sizeof f[5]);
			fprintf(out, "<td class=\"num\">%s%s</td>", ci[0] == '-' ? "" : "&#177;", ci);
			vs_cell(out, b, &b->rows[i]);
			robust_cell(out, b, &b->rows[i]);
		}
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	table_notes(out, b, m->baseline >= 0);
}

/* cols_table: a table of evidence columns (--why, --latency) for the rows
 * of block b with ok runs, captioned "LOAD: what". */
static void cols_table(FILE *out, const struct rep_block *b, const char *what,
                       const struct render_col *cols, int n)
{
	char f[64];

	fputs("<table>\n<caption>", out);
	esc(out, b->load);
	fprintf(out, ": %s</caption>\n<thead><tr><th>Kernel</th>", what);
	for (int j = 0; j < n; j++)
		fprintf(out, "<th>%s</th>", cols[j].head);
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		if (c->n == 0)
			continue;
		fputs("<tr><td>", out);
		esc(out, b->rows[i].name);
		fputs("</td>", out);
		for (int j = 0; j < n; j++)
			fprintf(out, "<td class=\"num\">%s</td>", render_fig(cols[j].get(c), cols[j].prec, f, sizeof f));
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
}

/* micro_section: the microbenchmark summary, escaped inside <pre>. */
static void micro_section(FILE *out, const struct rep_model *m)
{
	fputs("<h2>Microbenchmarks</h2>\n", out);
	if (m->micro == NULL)
		fputs("<p>The microbenchmark summary could not be made (out of memory).</p>\n", out);
	else {
		fputs("<pre class=\"micro\">", out);
		esc(out, m->micro);
		fputs("</pre>\n", out);
	}
}

/* env_section: the environment differences as a heading and a list. */
static void env_section(FILE *out, const struct rep_model *m)
{
	fputs("<h2>Environment</h2>\n<p>The environment differs from ", out);
	esc(out, m->env_ref);
	fputs("&#39;s besides the kernel:</p>\n<ul class=\"notes\">\n", out);
	for (size_t i = 0; i < m->nenv; i++) {
		const struct rep_env *e = &m->env[i];
		fputs("<li>", out);
		esc(out, e->label);
		fputs(": <code>", out);
		esc(out, e->key);
		fputs("</code>: ", out);
		esc(out, e->from);
		fputs(" &#8594; ", out);
		esc(out, e->to);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
}

/* labels: the labels of m, comma-separated and escaped. */
static void labels(FILE *out, const struct rep_model *m)
{
	for (size_t k = 0; k < m->nlabels; k++) {
		if (k)
			fputs(", ", out);
		esc(out, m->labels[k]);
	}
}

/* workload: workload wl's chart, then per block its table and its --why
 * and --latency tables; a section with a heading when there are several. */
static void workload(FILE *out, const struct rep_model *m, const struct rep_workload *wl)
{
	int hl = m->nworkloads > 1 ? 3 : 2;

	if (m->nworkloads > 1) {
		fputs("<section>\n<h2>Workload: ", out);
		esc(out, wl->name);
		fputs("</h2>\n", out);
	}
	svg_chart(out, m, wl);
	fprintf(out, "<h%d>Results per load</h%d>\n", hl, hl);
	for (size_t l = 0; l < wl->nblocks; l++) {
		table(out, m, &wl->blocks[l]);
		if (m->why)
			cols_table(out, &wl->blocks[l], "system evidence", render_why_cols, RENDER_WHY_N);
		if (m->why && render_cols_any(&wl->blocks[l], render_canary_cols, RENDER_CANARY_N))
			cols_table(out, &wl->blocks[l], "machine-speed canary (s)", render_canary_cols,
			           RENDER_CANARY_N);
		if (m->latency)
			cols_table(out, &wl->blocks[l], "wake-up latency (us)", render_lat_cols, RENDER_LAT_N);
	}
	if (m->nworkloads > 1)
		fputs("</section>\n", out);
}

/* canary_section: the machine-speed note (canary_line) as a paragraph, its
 * flags as a list; nothing when no run has a canary. */
static void canary_section(FILE *out, const struct rep_model *m)
{
	char line[1024];
	int open = 0;

	if (!canary_line(m, 0, line, sizeof line))
		return;
	fputs("<p class=\"canary\">", out);
	esc(out, line);
	fputs("</p>\n", out);
	for (int k = 1; k < 3; k++)
		if (canary_line(m, k, line, sizeof line)) {
			fputs(open++ ? "<li>" : "<ul class=\"notes\">\n<li>", out);
			esc(out, line);
			fputs("</li>\n", out);
		}
	if (open)
		fputs("</ul>\n", out);
}

/* render_html: one self-contained HTML5 document (inline <style> only; no
 * scripts, fonts, images or URLs): a title with the labels, then per
 * workload ("Workload: ID" when there are several) an inline SVG bar chart
 * "Ratio per load" (a bar per label with a Ratio, error bars of its 95%
 * interval, a line at 1.0, a legend) and the classic tables, one per load,
 * with the text report's figures and notes. With a baseline (--stats) the
 * tables add "Time +-95%" and "vs BASELINE" (Time difference in percent,
 * its 95% interval, Welch's p, "*"); --normalize adds NTime after Time.
 * --why and --latency add a table of those columns (--why: the canary's
 * too) under each load's table. Then the machine-speed note (canary_line)
 * when runs have a canary. When environments differ, an
 * "Environment" section lists the differences; when there are
 * microbenchmark records, a "Microbenchmarks" section shows their summary
 * in <pre>. Every label, load, workload, detail and environment value is
 * HTML-escaped; NaN shows as "-". */
void render_html(FILE *out, const struct rep_model *m)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>contest: ", out);
	labels(out, m);
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>contest: ", style);
	labels(out, m);
	fputs("</h1>\n", out);
	if (m->nlabels == 0)
		fputs("<p>No load results.</p>\n", out);
	for (size_t w = 0; w < m->nworkloads && m->nlabels > 0; w++)
		workload(out, m, &m->workloads[w]);
	canary_section(out, m);
	if (m->nenv > 0)
		env_section(out, m);
	if (m->has_micro)
		micro_section(out, m);
	fputs("</body>\n</html>\n", out);
}
