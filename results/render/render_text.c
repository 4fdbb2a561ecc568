/* render_text.c: the classic text tables of contract section 3, one block per load, and the environment differences under them. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define KERNEL_WIDTH 15   /* the classic width of the Kernel column */
#define FIG_WIDTH    8    /* Time, CPU%, Loads and LCPU% columns */

/* put_fig: s left-aligned in a column of w; a figure that fills the
 * column still gets one space so it never runs into the next one. */
static void put_fig(FILE *out, const char *s, int w)
{
	if (strlen(s) < (size_t)w)
		fprintf(out, "%-*s", w, s);
	else
		fprintf(out, "%s ", s);
}

/* text_runs: a classic row's start: name left-aligned in width, then
 * "[N]" right-aligned under "[runs]" (a space before it when it fills
 * the column) and three spaces. */
static void text_runs(FILE *out, const char *name, int n, int width)
{
	char runs[24];

	snprintf(runs, sizeof runs, "[%d]", n);
	fprintf(out, "%-*s%s%6s   ", width, name, strlen(runs) >= 6 ? " " : "", runs);
}

/* text_note: "  LABEL: TEXT" on a line of its own into the FILE arg. */
static void text_note(const char *label, const char *text, void *arg)
{
	fprintf(arg, "  %s: %s\n", label, text);
}

/* row_figs: row r's figures of the classic block as m shows them into
 * f: Time, NTime ("" without --normalize), CPU%, Loads, LCPU%, Ratio. */
static void row_figs(const struct rep_model *m, const struct rep_row *r, char f[6][64])
{
	static const int col[6] = { FIG_TIME, FIG_TIME, FIG_CPU, FIG_LOADS, FIG_LCPU, RENDER_RATIO };
	const struct sum_cell *c = r->c;
	const double v[6] = { c->time, m->normalize ? r->ntime : NAN, c->cpu_pct, c->loads,
	                      c->lcpu_pct, c->ratio };
	char tmp[64];

	for (int j = 0; j < 6; j++)
		snprintf(f[j], 64, "%s", j == 1 && !m->normalize ? "" :
		         render_fig(v[j], render_prec(m, col[j]), tmp, sizeof tmp));
}

/* fig_width: the width of the classic blocks' figure columns: FIG_WIDTH,
 * or wider to hold the longest figure of m and a space after it, so that a
 * huge Loads keeps every block's columns aligned. */
static int fig_width(const struct rep_model *m)
{
	char f[6][64];
	int w = FIG_WIDTH;

	for (size_t k = 0; k < m->nworkloads; k++)
		for (size_t l = 0; l < m->workloads[k].nblocks; l++) {
			const struct rep_block *b = &m->workloads[k].blocks[l];
			for (size_t i = 0; i < b->nrows; i++) {
				row_figs(m, &b->rows[i], f);
				for (int j = 0; j < 5; j++)
					if ((int)strlen(f[j]) >= w)
						w = (int)strlen(f[j]) + 1;
			}
		}
	return w;
}

/* render_block: the header, rows and notes of one load's block (NTime
 * after Time with --normalize), the figure columns fw wide. */
static void render_block(FILE *out, const struct rep_model *m, const struct rep_block *b, int width,
                         int fw)
{
	static const char *const head[5] = { "Time", "NTime", "CPU%", "Loads", "LCPU%" };
	char f[6][64];

	fprintf(out, "%s:\n%-*s[runs]   ", b->load, width, "Kernel");
	for (int j = 0; j < 5; j++)
		if (j != 1 || m->normalize)
			put_fig(out, head[j], fw);
	fputs("Ratio\n", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		text_runs(out, b->rows[i].name, c->n, width);
		row_figs(m, &b->rows[i], f);
		for (int j = 0; j < 5; j++)
			if (j != 1 || m->normalize)
				put_fig(out, f[j], fw);
		fprintf(out, "%s%s%s\n", f[5], c->busy > 0 ? "   busy" : "", c->stopped > 0 ? "   stopped" : "");
	}
	render_notes(b, 0, text_note, out);
}

/* say_fig: one figure of a row against the baseline, in words. */
static void say_fig(FILE *out, const char *name, const struct cmp_fig *f)
{
	char a[32], b[32], c[32];

	if (!isfinite(f->pct)) {
		fprintf(out, "%s %+.2f", name, f->diff);
		if (f->tested)
			fprintf(out, " (95%% CI %+.2f to %+.2f, p = %.2g)", f->lo, f->hi, f->p);
	} else {
		fprintf(out, "%s %s", name, render_pct(f->pct, a, sizeof a));
		if (f->tested)
			fprintf(out, " (95%% CI %s to %s, p = %.2g)", render_pct(f->lo_pct, b, sizeof b),
			        render_pct(f->hi_pct, c, sizeof c), f->p);
	}
	if (f->tested)
		fprintf(out, f->significant ? " *" : ", no significant difference");
}

/* say_mdd: "a difference below X% would not have been seen" for figure f
 * (in its own unit when the baseline mean is 0). */
static void say_mdd(FILE *out, const struct cmp_fig *f)
{
	if (isfinite(f->mdd_pct))
		fprintf(out, "a difference below %.1f%% would not have been seen", f->mdd_pct);
	else
		fprintf(out, "a difference below %.2f would not have been seen", f->mdd);
}

/* say_robust: the second line of row r's comparison: Mann-Whitney's p on
 * the Times (or why it did not run) and the smallest difference Welch's
 * test could have seen, for Time and (when shown) Loads. */
static void say_robust(FILE *out, const struct rep_row *r, int loads)
{
	const struct rob_mw *w = &r->cmp.mw;

	if (w->done)
		fprintf(out, "    Time: Mann-Whitney p = %.2g (%s)%s", w->p,
		        w->exact ? "exact" : "normal approximation",
		        r->cmp.mw_significant ? " *" : ", no significant difference");
	else
		fprintf(out, "    Time: Mann-Whitney needs %d runs of each", ROB_MW_MIN_N);
	if (r->cmp.time.tested) {
		fputs("; ", out);
		say_mdd(out, &r->cmp.time);
		fputs(" (95% confidence, 80% power)", out);
	}
	if (loads && r->cmp.loads.tested) {
		fputs("; Loads: ", out);
		say_mdd(out, &r->cmp.loads);
	}
	fputc('\n', out);
}

/* say_row: "  LABEL vs BASELINE: ..." for row r of block b, in words. */
static void say_row(FILE *out, const struct rep_model *m, const struct rep_block *b,
                    const struct rep_row *r)
{
	const struct sum_cell *c = r->c, *bc = b->base;

	fprintf(out, "  %s vs %s: ", r->name, m->baseline_name);
	if (bc->n == 0) {
		fprintf(out, "the baseline has no runs here\n");
		return;
	}
	if (!r->cmp.time.tested) {
		fprintf(out, "the test needs at least 2 runs of each (%s has %d, %s has %d); ",
		        r->name, c->n, m->baseline_name, bc->n);
	}
	say_fig(out, "Time", &r->cmp.time);
	if (c->loads != 0 || bc->loads != 0) {
		fprintf(out, "; ");
		say_fig(out, "Loads", &r->cmp.loads);
	}
	fputc('\n', out);
	say_robust(out, r, c->loads != 0 || bc->loads != 0);
}

/* render_stats_block: the --stats form of one load's block: means with their
 * 95% intervals and standard deviations (NTime after sd with --normalize),
 * then each label against the baseline. */
static void render_stats_block(FILE *out, const struct rep_model *m, const struct rep_block *b,
                               int width)
{
	char f[9][64];

	fprintf(out, "%s:\n", b->load);
	fprintf(out, "%-*s[runs]   Time    +-95%%   sd      %sCPU%%    Loads   +-95%%   LCPU%%   Ratio   +-95%%\n",
	        width, "Kernel", m->normalize ? "NTime   " : "");
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		fprintf(out, "%-*s%6d   ", width, b->rows[i].name, c->n);
		put_fig(out, render_fig(c->time, 2, f[0], sizeof f[0]), FIG_WIDTH);
		put_fig(out, render_fig(c->st[FIG_TIME].ci95, 2, f[1], sizeof f[1]), FIG_WIDTH);
		put_fig(out, render_fig(c->st[FIG_TIME].sd, 2, f[2], sizeof f[2]), FIG_WIDTH);
		if (m->normalize)
			put_fig(out, render_fig(b->rows[i].ntime, 2, f[3], sizeof f[3]), FIG_WIDTH);
		put_fig(out, render_fig(c->cpu_pct, 1, f[3], sizeof f[3]), FIG_WIDTH);
		put_fig(out, render_fig(c->loads, 1, f[4], sizeof f[4]), FIG_WIDTH);
		put_fig(out, render_fig(c->st[FIG_LOADS].ci95, 1, f[5], sizeof f[5]), FIG_WIDTH);
		put_fig(out, render_fig(c->lcpu_pct, 1, f[6], sizeof f[6]), FIG_WIDTH);
		put_fig(out, render_fig(c->ratio, 2, f[7], sizeof f[7]), FIG_WIDTH);
		fprintf(out, "%s\n", render_fig(c->ratio_ci95, 2, f[8], sizeof f[8]));
		if (c->nt > 0)
			fprintf(out, "%*s %s\n", width + 8, "", render_median(c, f[0], sizeof f[0]));
	}
	for (size_t i = 0; i < b->nrows; i++)
		if (!b->rows[i].cmp.is_baseline && b->rows[i].c->n > 0 && !b->rows[i].apart)
			say_row(out, m, b, &b->rows[i]);
	render_notes(b, 1, text_note, out);
}

/* render_text: the classic layout of contract section 3 (the kernel
 * list's: "2.5.41 [1] 73.8 93 0 0 1.10"), one block per load with a row
 * per label that has runs of it: [runs] in brackets, Time with one
 * decimal, CPU%, Loads and LCPU% whole, Ratio with two, the columns as
 * wide as the longest label and figure need. m->precise adds one decimal to
 * every column. When the model holds more than one workload, each
 * workload's blocks are preceded by "Workload: ID"; with one, recorded,
 * "workload: ID" follows the last block. After a block's rows, a
 * label whose runs name what the load ran gets "  LABEL: DETAIL", and
 * failed runs are listed as "  LABEL: N failed run(s) not averaged".
 * With a baseline (--stats), each block shows Time with its 95% interval
 * and standard deviation, Loads with its interval, Ratio with its interval,
 * and a line per other label with its Time (and Loads) difference from the
 * baseline in percent, the 95% interval of it, Welch's p-value, and "*" or
 * "no significant difference". --why and --latency add
 * render_text_evidence's tables under each block; --normalize adds NTime
 * after Time (classic layout). Under the blocks, with a ratio base,
 * render_ratio_note's line. Then the machine-speed note (canary_line),
 * its flags indented. Last, the environment
 * differences: "The environment differs from REF's besides the kernel:"
 * and a line "  LABEL: KEY: FROM -> TO" each. */
void render_text(FILE *out, const struct rep_model *m)
{
	int width = KERNEL_WIDTH, fw = fig_width(m);
	char line[1024];

	for (size_t k = 0; k < m->nlabels; k++) {
		size_t n = strlen(m->labels[k]);
		if (n > (size_t)width)
			width = (int)n;
	}
	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		if (m->nworkloads > 1)
			fprintf(out, "Workload: %s\n", wl->name);
		for (size_t l = 0; l < wl->nblocks; l++) {
			if (m->baseline >= 0)
				render_stats_block(out, m, &wl->blocks[l], width);
			else
				render_block(out, m, &wl->blocks[l], width, fw);
			render_text_evidence(out, m, &wl->blocks[l], width);
		}
	}
	if (m->nworkloads == 1 && m->workloads[0].nblocks > 0 && m->workloads[0].jobs >= 0)
		fprintf(out, "workload: %s\n", m->workloads[0].name);   /* recorded: say it */
	if (render_ratio_note(m, line, sizeof line))
		fprintf(out, "%s\n", line);
	for (size_t k = 0; k < m->nnotes; k++)
		fprintf(out, "%s%s\n", m->notes[k].kind == 2 ? "  " : "", m->notes[k].text);
	render_text_env(out, m);
}

void render_text_env(FILE *out, const struct rep_model *m)
{
	if (m->nenv > 0)
		fprintf(out, "The environment differs from %s's besides the kernel:\n", m->env_ref);
	for (size_t i = 0; i < m->nenv; i++)
		fprintf(out, "  %s: %s: %s -> %s\n", m->env[i].label, m->env[i].key, m->env[i].from,
		        m->env[i].to);
}

void render_text_micro(FILE *out, const struct micro_doc *doc)
{
	fputs(doc->summary, out);
}
