/* render_trend.c: --trend as text (a compact block per load: Time, Ratio, their intervals, each step against the label before) and as Markdown. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define KERNEL_WIDTH 15   /* the classic width of the Kernel column */

const char *render_step(const struct rep_block *b, size_t i, char *buf, size_t len)
{
	const struct rep_step *st = &b->steps[i];
	const struct cmp_fig *f = &st->time;
	char a[32], c[32], d[32], vs[REC_LABEL_MAX + 96] = "";

	if (b->rows[i].c->n > 0 && st->apart >= 0) {
		snprintf(buf, len, "no step from %s: one ran emulated (TCG), the other natively",
		         b->rows[st->apart].name);
		return buf;
	}
	if (b->rows[i].c->n == 0 || st->from < 0) {
		snprintf(buf, len, "%s", b->rows[i].c->n == 0 ? "no runs in these figures" : "");
		return buf;
	}
	for (size_t k = (size_t)st->from + 1; k < i; k++)
		if (b->rows[k].c->n == 0)   /* a label between them is left out: say which is before */
			snprintf(vs, sizeof vs, "vs %s: ", b->rows[st->from].name);
	if (!isfinite(f->pct))
		snprintf(buf, len, "%s%+.2f s", vs, f->diff);
	else if (!f->tested)
		snprintf(buf, len, "%s%s (not tested: needs 2 runs each)", vs, render_pct(f->pct, a, sizeof a));
	else
		snprintf(buf, len, "%s%s [%s, %s] p=%.2g%s", vs, render_pct(f->pct, a, sizeof a),
		         render_pct(f->lo_pct, c, sizeof c), render_pct(f->hi_pct, d, sizeof d), f->p,
		         f->significant ? " *" : "");
	return buf;
}

const char *render_largest(const struct rep_block *b, char *buf, size_t len)
{
	const struct rep_step *st;
	char a[32], p[32] = "";

	if (b->largest < 0) {
		snprintf(buf, len, "no step: fewer than two labels with runs in a series");
		return buf;
	}
	st = &b->steps[b->largest];
	if (st->time.tested)
		snprintf(p, sizeof p, " (p = %.2g)", st->time.p);
	snprintf(buf, len, "largest change: %s -> %s, Time %s%s%s", b->rows[st->from].name,
	         b->rows[b->largest].name, render_pct(st->time.pct, a, sizeof a), p,
	         !st->time.tested ? " (not tested: needs 2 runs each)" :
	         st->time.significant ? ", significant" : ", no significant step in the series");
	return buf;
}

/* put: s left-aligned in a column of w, with at least one space after. */
static void put(FILE *out, const char *s, int w)
{
	fprintf(out, "%-*s ", w - 1, s);
}

/* trend_note: "  LABEL: TEXT" on a line of its own into the FILE arg. */
static void trend_note(const char *label, const char *text, void *arg)
{
	fprintf(arg, "  %s: %s\n", label, text);
}

/* text_block: one load's trend: a row per label with runs, its step, then
 * the largest change and the load's notes. */
static void text_block(FILE *out, const struct rep_block *b, int width)
{
	char f[4][32], step[RENDER_STEP_MAX], line[RENDER_LINE_MAX];

	fprintf(out, "%s:\n%-*s[runs]   Time    +-95%%   Ratio   +-95%%   Step (Time vs the label before)\n",
	        b->load, width, "Kernel");
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		fprintf(out, "%-*s%6d   ", width, b->rows[i].name, c->n);
		put(out, render_fig(c->time, 2, f[0], sizeof f[0]), 8);
		put(out, render_fig(c->st[FIG_TIME].ci95, 2, f[1], sizeof f[1]), 8);
		put(out, render_fig(c->ratio, 2, f[2], sizeof f[2]), 8);
		render_step(b, i, step, sizeof step);
		if (step[0] == '\0')
			fprintf(out, "%s\n", render_fig(c->ratio_ci95, 2, f[3], sizeof f[3]));
		else {
			put(out, render_fig(c->ratio_ci95, 2, f[3], sizeof f[3]), 8);
			fprintf(out, "%s\n", step);
		}
	}
	fprintf(out, "  %s\n", render_largest(b, line, sizeof line));
	render_notes(b, 0, trend_note, out);
}

/* render_trend_text: a line saying the order and what a step is, then per
 * workload ("Workload: ID" before each when there are several) a block per
 * load: a row per label with ok runs (Time and Ratio with their 95%
 * intervals, and its step: Time against the label before it in percent,
 * the 95% interval of that, Welch's p and "*" when p < 0.05), "largest
 * change: A -> B, Time +X%, significant" and the load's notes; with one
 * recorded workload "workload: ID" under the last block; with a ratio
 * base render_ratio_note's line; then the machine-speed note (canary_line) and the environment differences as in
 * render_text. */
void render_trend_text(FILE *out, const struct rep_model *m)
{
	int width = KERNEL_WIDTH;
	char line[1024];

	for (size_t k = 0; k < m->nlabels; k++)
		if (strlen(m->labels[k]) > (size_t)width)
			width = (int)strlen(m->labels[k]);
	fprintf(out, "Trend in %s order%s: each step is Time against the label before it "
	        "(Welch's t-test, 95%% interval; * p < 0.05)\n", m->trend,
	        m->hosts && m->hosts->apart ? ", one series per host" : "");
	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		if (m->nworkloads > 1)
			fprintf(out, "Workload: %s\n", wl->name);
		for (size_t l = 0; l < wl->nblocks; l++)
			text_block(out, &wl->blocks[l], width);
	}
	if (m->nworkloads == 1 && m->workloads[0].nblocks > 0 && m->workloads[0].jobs >= 0)
		fprintf(out, "workload: %s\n", m->workloads[0].name);
	if (render_ratio_note(m, line, sizeof line))
		fprintf(out, "%s\n", line);
	for (size_t k = 0; k < m->nnotes; k++)
		fprintf(out, "%s%s\n", m->notes[k].kind == 2 ? "  " : "", m->notes[k].text);
	render_text_env(out, m);
}

/* md_note: "- LABEL: TEXT" into the FILE arg. */
static void md_note(const char *label, const char *text, void *arg)
{
	fprintf(arg, "- %s: %s\n", label, text);
}

/* md_block: one load's trend as a "### LOAD" table and its largest change. */
static void md_block(FILE *out, const struct rep_block *b)
{
	char f[4][32], step[RENDER_STEP_MAX], line[RENDER_LINE_MAX];

	fprintf(out, "### %s\n\n| Kernel | Runs | Time | ±95%% | Ratio | ±95%% | Step vs before |\n"
	        "|---|--:|--:|--:|--:|--:|---|\n", b->load);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		render_step(b, i, step, sizeof step);
		fprintf(out, "| %s | %d | %s | %s | %s | %s | %s |\n", b->rows[i].name, c->n,
		        render_fig(c->time, 2, f[0], sizeof f[0]),
		        render_fig(c->st[FIG_TIME].ci95, 2, f[1], sizeof f[1]),
		        render_fig(c->ratio, 2, f[2], sizeof f[2]),
		        render_fig(c->ratio_ci95, 2, f[3], sizeof f[3]), step[0] ? step : "-");
	}
	fprintf(out, "\n- %s\n", render_largest(b, line, sizeof line));
	render_notes(b, 0, md_note, out);
	fputc('\n', out);
}

/* render_trend_markdown: the order in a line, then a "### LOAD" table per
 * load ("## Workload: ID" before each workload's when there are several)
 * with the text form's columns and its largest change and notes as items;
 * then the ratio base's line (render_ratio_note), the machine-speed note and the environment differences as
 * render_markdown gives them. */
void render_trend_markdown(FILE *out, const struct rep_model *m)
{
	char line[1024];

	fprintf(out, "Trend in %s order%s: each step is Time against the label before it "
	        "(Welch's t-test, 95%% interval; * p < 0.05).\n\n", m->trend,
	        m->hosts && m->hosts->apart ? ", one series per host" : "");
	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		if (m->nworkloads > 1)
			fprintf(out, "## Workload: %s\n\n", wl->name);
		for (size_t l = 0; l < wl->nblocks; l++)
			md_block(out, &wl->blocks[l]);
	}
	if (render_ratio_note(m, line, sizeof line))
		fprintf(out, "%s.\n\n", line);
	for (size_t k = 0; k < m->nnotes; k++)
		fprintf(out, "%s%s\n", m->notes[k].kind == 2 ? "- " : "", m->notes[k].text);
	render_markdown_env(out, m);
}
