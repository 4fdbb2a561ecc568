/* render_trend_html.c: --trend as one self-contained HTML page: per load a line chart and a table of the steps. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>

/* ttable: block b's points as a table: Time and Ratio with their
 * intervals and the step (bold when significant). */
static void ttable(FILE *out, const struct rep_block *b)
{
	char f[4][32], step[RENDER_STEP_MAX];

	fputs("<table>\n<thead><tr><th>Kernel</th><th>[runs]</th><th>Time</th><th>&#177;95%</th>"
	      "<th>Ratio</th><th>&#177;95%</th><th>Step (Time vs the label before)</th></tr></thead>\n"
	      "<tbody>\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		fputs("<tr><td>", out);
		render_html_esc(out, b->rows[i].name);
		fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
		        "<td class=\"num\">%s</td><td class=\"num\">%s</td>", c->n,
		        render_fig(c->time, 2, f[0], sizeof f[0]),
		        render_fig(c->st[FIG_TIME].ci95, 2, f[1], sizeof f[1]),
		        render_fig(c->ratio, 2, f[2], sizeof f[2]),
		        render_fig(c->ratio_ci95, 2, f[3], sizeof f[3]));
		fputs(c->n > 0 && b->steps[i].time.significant && b->steps[i].from >= 0 ? "<td class=\"vs sig\">" :
		      "<td class=\"vs\">", out);
		render_html_esc(out, render_step(b, i, step, sizeof step));
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	render_html_notes(out, b, 0);
}

/* render_trend_html: render_html_head, a line saying the order, then per
 * workload (a "Workload: ID" heading when there are several) and load a
 * heading, the chart (render_trend_chart), the largest change in a
 * paragraph and the table of the points with the load's notes; then
 * render_html_tail. Every
 * name is HTML-escaped; NaN shows as "-". */
void render_trend_html(FILE *out, const struct rep_model *m)
{
	char line[RENDER_LINE_MAX];

	render_html_head(out, m);
	fprintf(out, "<p class=\"meta\">Trend in %s order%s: each step is Time against the label "
	        "before it (Welch's t-test, 95%% interval; * p &lt; 0.05).</p>\n", m->trend,
	        m->hosts && m->hosts->apart ? ", one series per host" : "");
	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		if (m->nworkloads > 1) {
			fputs("<h2>Workload: ", out);
			render_html_esc(out, wl->name);
			fputs("</h2>\n", out);
		}
		for (size_t l = 0; l < wl->nblocks; l++) {
			const struct rep_block *b = &wl->blocks[l];
			fprintf(out, "<h%d>", m->nworkloads > 1 ? 3 : 2);
			render_html_esc(out, b->load);
			fprintf(out, "</h%d>\n", m->nworkloads > 1 ? 3 : 2);
			render_trend_chart(out, m, b);
			fputs("<p class=\"largest\">", out);
			render_html_esc(out, render_largest(b, line, sizeof line));
			fputs("</p>\n", out);
			ttable(out, b);
		}
	}
	render_html_tail(out, m);
}
