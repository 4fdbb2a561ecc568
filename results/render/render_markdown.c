/* render_markdown.c: the report as Markdown for issue trackers: a table per load, the evidence tables, the environment differences. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

/* md_cols: a Markdown table of evidence columns for the rows of b with ok runs. */
static void md_cols(FILE *out, const struct rep_block *b, const struct render_col *cols, int n)
{
	char f[64];

	fputs("| Kernel |", out);
	for (int j = 0; j < n; j++)
		fprintf(out, " %s |", cols[j].head);
	fputs("\n|---|", out);
	for (int j = 0; j < n; j++)
		fputs("--:|", out);
	fputc('\n', out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		if (c->n == 0)
			continue;
		fprintf(out, "| %s |", b->rows[i].name);
		for (int j = 0; j < n; j++)
			fprintf(out, " %s |", render_fig(cols[j].get(c), cols[j].prec, f, sizeof f));
		fputc('\n', out);
	}
	fputc('\n', out);
}

/* md_robust: "; Mann-Whitney p=P; a difference below X% would not have
 * been seen" (or why Mann-Whitney did not run) after row r's comparison. */
static void md_robust(FILE *out, const struct rep_row *r)
{
	const struct cmp_fig *t = &r->cmp.time;

	if (r->cmp.mw.done)
		fprintf(out, "; Mann-Whitney p=%.2g%s", r->cmp.mw.p, r->cmp.mw_significant ? " *" : "");
	else
		fprintf(out, "; Mann-Whitney needs %d runs each", ROB_MW_MIN_N);
	if (isfinite(t->mdd_pct))
		fprintf(out, "; a difference below %.1f%% would not have been seen", t->mdd_pct);
}

/* md_fig: " FIGURE |" with prec decimals, " - |" when not available. */
static void md_fig(FILE *out, double v, int prec)
{
	if (isfinite(v))
		fprintf(out, " %.*f |", prec, v);
	else
		fputs(" - |", out);
}

/* md_vs: the " Time ±95% | Median [95%] | vs BASELINE |" cells of row r. */
static void md_vs(FILE *out, const struct rep_row *r)
{
	const struct cmp_fig *t = &r->cmp.time;
	const struct rob_desc *d = &r->c->rt;

	md_fig(out, r->c->st[FIG_TIME].ci95, 2);
	if (d->n == 0)
		fputs(" - |", out);
	else if (d->k == 0)
		fprintf(out, " %.2f [-] |", d->median);
	else
		fprintf(out, " %.2f [%.2f, %.2f] |", d->median, d->lo, d->hi);
	if (r->cmp.is_baseline) {
		fputs(" baseline |", out);
		return;
	}
	if (!r->cmp.has_base || r->c->n == 0) {
		fputs(" - |", out);
		return;
	}
	if (r->apart) {
		fputs(" not compared: emulated and native |", out);
		return;
	}
	if (!t->tested)
		fputs(" needs 2 runs each", out);
	else if (t->significant)
		fprintf(out, " %+.1f%% [%+.1f%%, %+.1f%%] p=%.2g *", t->pct, t->lo_pct, t->hi_pct, t->p);
	else
		fprintf(out, " %+.1f%% (p=%.2g) no significant difference", t->pct, t->p);
	md_robust(out, r);
	fputs(" |", out);
}

/* A block's notes being listed: where, and whether one was. */
struct md_notes {
	FILE *out;
	int any;
};

/* md_note: "- LABEL: TEXT" as a list item. */
static void md_note(const char *label, const char *text, void *arg)
{
	struct md_notes *n = arg;

	fprintf(n->out, "- %s: %s\n", label, text);
	n->any = 1;
}

/* md_block: block b's "### LOAD" table, its notes as a list under it (the
 * text report's: detail, failed and busy runs, with a baseline the
 * outliers), then its --why and --latency tables. No line ends in a space. */
static void md_block(FILE *out, const struct rep_model *m, const struct rep_block *b)
{
	static const int figs[5] = { FIG_TIME, FIG_CPU, FIG_LOADS, FIG_LCPU, RENDER_RATIO };
	struct md_notes notes = { out, 0 };

	fprintf(out, "### %s\n\n| Kernel | Runs | Time |%s CPU%% | Loads | LCPU%% | Ratio |", b->load,
	        m->normalize ? " NTime |" : "");
	if (m->baseline >= 0)
		fprintf(out, " Time ±95%% | Median [95%%] | vs %s |", m->baseline_name);
	fputs(m->normalize ? "\n|---|--:|--:|--:|" : "\n|---|--:|--:|", out);
	fputs(m->baseline >= 0 ? "--:|--:|--:|--:|--:|--:|---|\n" : "--:|--:|--:|--:|\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct rep_row *r = &b->rows[i];
		const struct sum_cell *c = r->c;
		const double v[5] = { c->time, c->cpu_pct, c->loads, c->lcpu_pct, c->ratio };
		fprintf(out, "| %s | %d |", r->name, c->n);
		for (int j = 0; j < 5; j++) {
			if (j == 1 && m->normalize)
				md_fig(out, r->ntime, render_prec(m, FIG_TIME));
			md_fig(out, v[j], render_prec(m, figs[j]));
		}
		if (m->baseline >= 0)
			md_vs(out, r);
		fputc('\n', out);
	}
	fputc('\n', out);
	render_notes(b, m->baseline >= 0, md_note, &notes);
	if (notes.any)
		fputc('\n', out);
	if (m->why)
		md_cols(out, b, render_why_cols, RENDER_WHY_N);
	if (m->why && render_cols_any(b, render_canary_cols, RENDER_CANARY_N))
		md_cols(out, b, render_canary_cols, RENDER_CANARY_N);
	if (m->latency)
		md_cols(out, b, render_lat_cols, RENDER_LAT_N);
}

/* render_markdown: a "### LOAD" table per load ("## Workload: ID" before
 * each workload's when there are several); with a baseline (--stats) also
 * Time's 95% interval, its median with the median's 95% interval, the
 * comparison (Welch, Mann-Whitney, the smallest detectable difference) and
 * the outliers; the load notes as a list under each table; --normalize
 * adds NTime after Time; --why and --latency add a
 * table of those columns under each; then the ratio base's line
 * (render_ratio_note) when there is one, the machine-speed note
 * (canary_line, its flags as items); last, the environment differences as a
 * bold heading and a "- LABEL: KEY: FROM -> TO" item each. */
void render_markdown(FILE *out, const struct rep_model *m)
{
	char line[1024];

	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		if (m->nworkloads > 1)
			fprintf(out, "## Workload: %s\n\n", wl->name);
		for (size_t l = 0; l < wl->nblocks; l++)
			md_block(out, m, &wl->blocks[l]);
	}
	if (render_ratio_note(m, line, sizeof line))
		fprintf(out, "%s.\n", line);
	for (size_t k = 0; k < m->nnotes; k++)
		fprintf(out, "%s%s\n", m->notes[k].kind == 2 ? "- " : "\n", m->notes[k].text);
	render_markdown_env(out, m);
}

void render_markdown_env(FILE *out, const struct rep_model *m)
{
	if (m->nenv > 0)
		fprintf(out, "\n**The environment differs from %s's besides the kernel:**\n\n", m->env_ref);
	for (size_t i = 0; i < m->nenv; i++)
		fprintf(out, "- %s: %s: %s -> %s\n", m->env[i].label, m->env[i].key, m->env[i].from,
		        m->env[i].to);
}

void render_markdown_micro(FILE *out, const struct micro_doc *doc)
{
	size_t n = strlen(doc->summary);

	fprintf(out, "## Microbenchmarks\n\n```\n%s%s```\n", doc->summary,
	        n > 0 && doc->summary[n - 1] != '\n' ? "\n" : "");
}
