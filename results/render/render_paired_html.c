/* render_paired_html.c: a kernel series' rounds (report --paired) in HTML: the block as tables with the drift and notes, the forest plot and the rounds' pictures; a page of its own, or the lead of the HTML report of a series. */
#include "results/render/render_paired.h"
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>

/* cell: "<td class=\"num\">TEXT</td>", bold when sig. */
static void cell(FILE *out, const char *text, int sig)
{
	fprintf(out, "<td class=\"num%s\">", sig ? " sig" : "");
	render_html_esc(out, text);
	fputs("</td>", out);
}

/* html_note: one note as a list item of out (arg). */
static void html_note(const char *text, void *arg)
{
	fputs("<li>", arg);
	render_html_esc(arg, text);
	fputs("</li>\n", arg);
}

/* load_table: load pl's block as a table, its drift line and notes as a list. */
static void load_table(FILE *out, const struct paired_model *m, const struct paired_load *pl)
{
	char d[24], iv[48], tp[24], rp[24], ud[24], uiv[48], up[24], line[512];

	fputs("<table class=\"paired\">\n<caption>", out);
	render_html_esc(out, pl->load);
	fputs("</caption>\n<thead><tr><th>Kernel</th><th>rounds</th><th>paired diff</th><th>95% interval</th>"
	      "<th>t p</th><th>rank p</th><th>unpaired diff</th><th>95% interval</th><th>p</th></tr></thead>\n"
	      "<tbody>\n", out);
	for (size_t i = 0; i < pl->nrows; i++) {
		const struct paired_row *r = &pl->rows[i];

		fputs("<tr><td>", out);
		render_html_esc(out, m->labels[r->label]);
		fprintf(out, "</td><td class=\"num\">%d</td>", r->n);
		cell(out, render_pct(r->pct, d, sizeof d), r->t_sig);
		cell(out, render_paired_ival(r->lo_pct, r->hi_pct, iv, sizeof iv), r->t_sig);
		cell(out, render_paired_p(r->t_p, r->t_sig, tp, sizeof tp), r->t_sig);
		cell(out, render_paired_p(r->rank.p, r->rank_sig, rp, sizeof rp), r->rank_sig);
		cell(out, r->u_tested ? render_pct(r->u_pct, ud, sizeof ud) : "-", r->u_sig);
		cell(out, r->u_tested ? render_paired_ival(r->u_lo_pct, r->u_hi_pct, uiv, sizeof uiv) : "-",
		     r->u_sig);
		cell(out, r->u_tested ? render_paired_p(r->u_p, r->u_sig, up, sizeof up) : "-", r->u_sig);
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n<ul class=\"notes\">\n<li>drift: ", out);
	render_html_esc(out, render_paired_drift(m->labels[m->base], &pl->drift, line, sizeof line));
	fputs("</li>\n", out);
	render_paired_notes(m, pl, html_note, out);
	fputs("</ul>\n", out);
}

/* render_paired_html_section: see render_paired.h. */
void render_paired_html_section(FILE *out, const struct paired_model *m)
{
	int pairs = 0;

	for (size_t l = 0; l < m->nloads; l++)
		for (size_t i = 0; i < m->loads[l].nrows; i++)
			pairs |= m->loads[l].rows[i].n > 0;
	fputs("<section class=\"series\">\n<h2>Series: each kernel against ", out);
	render_html_esc(out, m->labels[m->base]);
	fputs(" round by round</h2>\n<p class=\"meta\">Each kernel against ", out);
	render_html_esc(out, m->labels[m->base]);
	fputs(" within the same round (paired), and as today's unpaired figures of the same runs "
	      "(contest report --paired).</p>\n", out);
	if (pairs)
		render_paired_forest(out, m);
	else
		fputs("<p>No rounds paired: the records carry no series round of the baseline and "
		      "another kernel.</p>\n", out);
	for (size_t l = 0; l < m->nloads; l++) {
		load_table(out, m, &m->loads[l]);
		if (m->loads[l].drift.rounds > 0)   /* nothing to draw without rounds */
			render_paired_rounds(out, m, l);
	}
	fputs("</section>\n", out);
}

/* render_paired_html: see render_paired.h. */
void render_paired_html(FILE *out, const struct paired_model *m)
{
	render_html_start(out, (char *const *)m->labels, m->nlabels);
	render_paired_html_section(out, m);
	fputs("</body>\n</html>\n", out);
}
