/* render_html.c: the report as one self-contained HTML5 page: a Ratio bar chart (inline SVG) and the classic tables per workload. */
#include "results/render/render.h"
#include "results/render/render_micro.h"
#include "results/render/render_paired.h"
#include "results/render/render_util.h"
#include "results/render/render_story.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* vs_cell: the "vs BASELINE" cell of row r in block b: the Time difference
 * in percent (seconds when the baseline mean is 0), its 95% interval,
 * Welch's p and "*", or why there is no test. */
static void vs_cell(FILE *out, const struct rep_block *b, const struct rep_row *r)
{
	const struct cmp_fig *f = &r->cmp.time;
	char x[32], y[32], z[32];

	if (r->cmp.is_baseline || r->c->n == 0 || b->base->n == 0 || r->apart) {
		fprintf(out, "<td class=\"vs\">%s</td>", r->cmp.is_baseline ? "baseline" :
		        r->c->n == 0 ? "-" : r->apart ? "not compared: emulated and native" :
		        "the baseline has no runs here");
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
	if (!r->cmp.is_baseline && r->c->n > 0 && b->base->n > 0 && !r->apart) {
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
	render_html_esc(out, label);
	fputs(": ", out);
	render_html_esc(out, text);
	fputs("</li>\n", out);
}

/* A block's notes being listed: where, and whether the list is open. */
struct html_notes {
	FILE *out;
	int open;
};

/* html_note: one note of render_notes as an item, opening the list first. */
static void html_note(const char *label, const char *text, void *arg)
{
	struct html_notes *n = arg;

	note(n->out, &n->open, label, text);
}

void render_html_notes(FILE *out, const struct rep_block *b, int stats)
{
	struct html_notes n = { out, 0 };

	render_notes(b, stats, html_note, &n);
	if (n.open)
		fputs("</ul>\n", out);
}

/* table: block b as a table with the text report's figures, the
 * comparison columns with a baseline, then detail and failed-run notes. */
static void table(FILE *out, const struct rep_model *m, const struct rep_block *b)
{
	char f[6][64];

	fputs("<table>\n<caption>", out);
	render_html_esc(out, b->load);
	fprintf(out, "</caption>\n<thead><tr><th>Kernel</th><th>[runs]</th><th>Time</th>%s<th>CPU%%</th>"
	        "<th>Loads</th><th>LCPU%%</th><th>Ratio</th>", m->normalize ? "<th>NTime</th>" : "");
	if (m->baseline >= 0) {
		fputs("<th>Time &#177;95%</th><th>vs ", out);
		render_html_esc(out, m->baseline_name);
		fputs("</th><th>Mann-Whitney, detectable</th>", out);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		fputs("<tr><td>", out);
		render_html_esc(out, b->rows[i].name);
		fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%s</td>", c->n,
		        render_fig(c->time, render_prec(m, FIG_TIME), f[0], sizeof f[0]));
		if (m->normalize)
			fprintf(out, "<td class=\"num\">%s</td>",
			        render_fig(b->rows[i].ntime, render_prec(m, FIG_TIME), f[0], sizeof f[0]));
		fprintf(out, "<td class=\"num\">%s</td>"
		        "<td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>",
		        render_fig(c->cpu_pct, render_prec(m, FIG_CPU), f[1], sizeof f[1]),
		        render_fig(c->loads, render_prec(m, FIG_LOADS), f[2], sizeof f[2]),
		        render_fig(c->lcpu_pct, render_prec(m, FIG_LCPU), f[3], sizeof f[3]),
		        render_fig(c->ratio, render_prec(m, RENDER_RATIO), f[4], sizeof f[4]));
		if (m->baseline >= 0) {
			const char *ci = render_fig(c->st[FIG_TIME].ci95, 2, f[5], sizeof f[5]);
			fprintf(out, "<td class=\"num\">%s%s</td>", ci[0] == '-' ? "" : "&#177;", ci);
			vs_cell(out, b, &b->rows[i]);
			robust_cell(out, b, &b->rows[i]);
		}
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	render_html_notes(out, b, m->baseline >= 0);
}

/* cols_table: a table of evidence columns (--why, --latency) for the rows
 * of block b with ok runs, captioned "LOAD: what". */
static void cols_table(FILE *out, const struct rep_block *b, const char *what,
                       const struct render_col *cols, int n)
{
	char f[64];

	fputs("<table>\n<caption>", out);
	render_html_esc(out, b->load);
	fprintf(out, ": %s</caption>\n<thead><tr><th>Kernel</th>", what);
	for (int j = 0; j < n; j++)
		fprintf(out, "<th>%s</th>", cols[j].head);
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		if (c->n == 0)
			continue;
		fputs("<tr><td>", out);
		render_html_esc(out, b->rows[i].name);
		fputs("</td>", out);
		for (int j = 0; j < n; j++)
			fprintf(out, "<td class=\"num\">%s</td>", render_fig(cols[j].get(c), cols[j].prec, f, sizeof f));
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
}

/* micro_section: the microbenchmark summary text (NULL: it could not be
 * made), escaped inside <pre>, under its heading. */
static void micro_section(FILE *out, const char *text)
{
	fputs("<h2>Microbenchmarks</h2>\n", out);
	if (text == NULL)
		fputs("<p>The microbenchmark summary could not be made (out of memory).</p>\n", out);
	else {
		fputs("<pre class=\"micro\">", out);
		render_html_esc(out, text);
		fputs("</pre>\n", out);
	}
}

/* micro_records: the microbenchmark records' summary (render_micro) as
 * micro_section shows it. */
static void micro_records(FILE *out, const struct micro_record_set *micro)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc = f ? render_micro(f, micro, NULL, 0) : -1;

	if (f && fclose(f) != 0)
		rc = -1;
	micro_section(out, rc == 0 ? text : NULL);
	free(text);
}

/* env_section: the environment differences as a heading and a list. */
static void env_section(FILE *out, const struct rep_model *m)
{
	fputs("<h2>Environment</h2>\n<p>The environment differs from ", out);
	render_html_esc(out, m->env_ref);
	fputs("&#39;s besides the kernel:</p>\n<ul class=\"notes\">\n", out);
	for (size_t i = 0; i < m->nenv; i++) {
		const struct rep_env *e = &m->env[i];
		fputs("<li>", out);
		render_html_esc(out, e->label);
		fputs(": <code>", out);
		render_html_esc(out, e->key);
		fputs("</code>: ", out);
		render_html_esc(out, e->from);
		fputs(" &#8594; ", out);
		render_html_esc(out, e->to);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
}

/* workload: workload wl's chart, then per block its table and its --why
 * and --latency tables; a section with a heading when there are several. */
static void workload(FILE *out, const struct rep_model *m, const struct rep_workload *wl)
{
	int hl = m->nworkloads > 1 ? 3 : 2;

	if (m->nworkloads > 1) {
		fputs("<section>\n<h2>Workload: ", out);
		render_html_esc(out, wl->name);
		fputs("</h2>\n", out);
	}
	for (size_t l = 0; l < wl->nblocks; l++)   /* no_load alone: every Ratio is 1.00 */
		if (strcmp(wl->blocks[l].load, "no_load") != 0) {
			render_html_chart(out, m, wl);
			break;
		}
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

/* canary_section: the notes on the machine (m->notes): each line of its
 * own as a paragraph, the items under one as a list. */
static void canary_section(FILE *out, const struct rep_model *m)
{
	int open = 0, kind;

	for (size_t k = 0; k < m->nnotes; k++) {
		kind = m->notes[k].kind;
		if (kind == 1 && open) {
			fputs("</ul>\n", out);
			open = 0;
		}
		fputs(kind == 1 ? "<p class=\"canary\">" : open++ ? "<li>" : "<ul class=\"notes\">\n<li>", out);
		render_html_esc(out, m->notes[k].text);
		fputs(kind == 1 ? "</p>\n" : "</li>\n", out);
	}
	if (open)
		fputs("</ul>\n", out);
}

/* stamp: timestamp ts ("2026-11-30T13:18:49.123456Z") as "2026-11-30 13:18:49 UTC". */
static void stamp(FILE *out, const char *ts)
{
	char b[20];

	if (strlen(ts) < 19 || ts[10] != 'T') {
		render_html_esc(out, ts);
		return;
	}
	memcpy(b, ts, 19);
	b[10] = ' ';
	b[19] = '\0';
	render_html_esc(out, b);
	fputs(" UTC", out);
}

/* meta: what the page is about, under its title: the hosts, the first and
 * last run, the workloads and the contest versions that measured them
 * (from the runs; only the workloads when the model has none; nothing
 * when it has neither). */
static void meta(FILE *out, const struct rep_model *m)
{
	char buf[1024];

	if (m->nruns == 0 && m->nworkloads == 0)
		return;
	fputs("<p class=\"meta\">", out);
	if (m->nruns > 0) {
		fputs("Host: ", out);
		render_html_esc(out, rep_model_join(m, REP_HOST, buf, sizeof buf));
		fputs(" &#183; runs from ", out);
		stamp(out, m->first_ts);
		fputs(" to ", out);
		stamp(out, m->last_ts);
		fputs(" &#183; ", out);
	}
	fprintf(out, "workload%s: ", m->nworkloads > 1 ? "s" : "");
	for (size_t w = 0; w < m->nworkloads; w++) {
		fputs(w ? ", " : "", out);
		render_html_esc(out, m->workloads[w].name);
	}
	if (m->nruns > 0) {
		fputs(" &#183; contest ", out);
		render_html_esc(out, rep_model_join(m, REP_VERSION, buf, sizeof buf));
	}
	fputs("</p>\n", out);
}

/* render_html: one self-contained HTML5 document (inline <style> only; no
 * scripts, fonts, images or URLs): a title with the labels, a line with
 * the hosts, the first and last run, the workloads and the contest
 * versions (meta), then each series' story, its plan and events
 * (render_story_html; nothing without one), then per
 * workload ("Workload: ID" when there are several) the chart
 * (render_html_chart; only when a load other than no_load is there: with
 * no_load alone every Ratio is 1.00) and the classic tables, one per load, with the text
 * report's figures (render_prec: --precise, --stats) and notes. With a baseline (--stats) the
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
	render_html_series(out, m, NULL);
}

/* render_html_series: see render_paired.h. */
void render_html_series(FILE *out, const struct rep_model *m, const struct paired_model *pm)
{
	render_html_head(out, m);
	render_story_html(out, m);   /* a series leads with its plan and events (none: nothing) */
	if (pm != NULL)
		render_paired_html_section(out, pm);
	if (m->nlabels == 0)
		fputs("<p>No load results.</p>\n", out);
	for (size_t w = 0; w < m->nworkloads && m->nlabels > 0; w++)
		workload(out, m, &m->workloads[w]);
	render_html_tail(out, m);
}

void render_html_head(FILE *out, const struct rep_model *m)
{
	render_html_start(out, m->labels, m->nlabels);
	meta(out, m);
}

void render_html_tail(FILE *out, const struct rep_model *m)
{
	char line[256];

	if (render_ratio_note(m, line, sizeof line)) {
		fputs("<p class=\"ratio\">", out);
		render_html_esc(out, line);
		fputs(".</p>\n", out);
	}
	canary_section(out, m);
	if (m->nenv > 0)
		env_section(out, m);
	if (m->micro != NULL)
		micro_records(out, m->micro);
	fputs("</body>\n</html>\n", out);
}

void render_html_micro(FILE *out, const struct micro_doc *doc)
{
	char *title[1] = { "microbenchmarks" };

	render_html_start(out, title, 1);
	micro_section(out, doc->summary);
	fputs("</body>\n</html>\n", out);
}
