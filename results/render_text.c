/* render_text.c: the classic text tables of contract section 3, one block per load. */
#include "results/compare.h"
#include "results/render.h"

#include <math.h>
#include <string.h>

#define KERNEL_WIDTH 15   /* the classic width of the Kernel column */
#define FIG_WIDTH    8    /* Time, CPU%, Loads and LCPU% columns */

/* render_fig: see render.h. */
const char *render_fig(double v, int prec, char *buf, size_t len)
{
	if (!isfinite(v))
		return "-";
	if (fabs(v) < 0.5 * pow(10, -prec))
		v = 0;
	snprintf(buf, len, "%.*f", prec, v);
	return buf;
}

/* put_fig: s left-aligned in a FIG_WIDTH column; a figure that fills the
 * column still gets one space so it never runs into the next one. */
static void put_fig(FILE *out, const char *s)
{
	if (strlen(s) < FIG_WIDTH)
		fprintf(out, "%-*s", FIG_WIDTH, s);
	else
		fprintf(out, "%s ", s);
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

/* render_block: the header, rows and failed-run notes of one load's block. */
static void render_block(FILE *out, const struct summary *s, size_t w, size_t l,
                         int width, int precise)
{
	char b[4][64], rb[64];
	size_t k;

	fprintf(out, "%s:\n", s->loads[l]);
	fprintf(out, "%-*s[runs]   Time    CPU%%    Loads   LCPU%%   Ratio\n", width, "Kernel");
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n + c->failed == 0)
			continue;
		fprintf(out, "%-*s%6d   ", width, s->labels[k], c->n);
		put_fig(out, render_fig(c->time, precise ? 1 : 0, b[0], sizeof b[0]));
		put_fig(out, render_fig(c->cpu_pct, precise ? 2 : 1, b[1], sizeof b[1]));
		put_fig(out, render_fig(c->loads, precise ? 2 : 1, b[2], sizeof b[2]));
		put_fig(out, render_fig(c->lcpu_pct, precise ? 2 : 1, b[3], sizeof b[3]));
		fprintf(out, "%s\n", render_fig(c->ratio, precise ? 3 : 2, rb, sizeof rb));
	}
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n > 0 && c->detail[0] != '\0')
			fprintf(out, "  %s: %s\n", s->labels[k], c->detail);
		if (c->failed > 0)
			fprintf(out, "  %s: %d failed run(s) not averaged\n", s->labels[k], c->failed);
	}
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

/* say_fig: one figure of a row against the baseline, in words. */
static void say_fig(FILE *out, const char *name, const struct cmp_fig *f)
{
	char a[32], b[32], c[32];

	if (!isfinite(f->pct)) {
		fprintf(out, "%s %+.2f", name, f->diff);
		if (f->tested)
			fprintf(out, " (95%% CI %+.2f to %+.2f, p = %.2g)", f->lo, f->hi, f->p);
	} else {
		fprintf(out, "%s %s", name, pct(f->pct, a, sizeof a));
		if (f->tested)
			fprintf(out, " (95%% CI %s to %s, p = %.2g)", pct(f->lo_pct, b, sizeof b),
			        pct(f->hi_pct, c, sizeof c), f->p);
	}
	if (f->tested)
		fprintf(out, f->significant ? " *" : ", no significant difference");
}

/* render_stats_block: the --stats form of one load's block: means with their
 * 95% intervals and standard deviations, then each label against the baseline. */
static void render_stats_block(FILE *out, const struct summary *s, size_t w, size_t l,
                               int width, size_t base)
{
	char b[9][64];
	size_t k;

	fprintf(out, "%s:\n", s->loads[l]);
	fprintf(out, "%-*s[runs]   Time    +-95%%   sd      CPU%%    Loads   +-95%%   LCPU%%   Ratio   +-95%%\n",
	        width, "Kernel");
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n + c->failed == 0)
			continue;
		fprintf(out, "%-*s%6d   ", width, s->labels[k], c->n);
		put_fig(out, render_fig(c->time, 2, b[0], sizeof b[0]));
		put_fig(out, render_fig(c->st[FIG_TIME].ci95, 2, b[1], sizeof b[1]));
		put_fig(out, render_fig(c->st[FIG_TIME].sd, 2, b[2], sizeof b[2]));
		put_fig(out, render_fig(c->cpu_pct, 1, b[3], sizeof b[3]));
		put_fig(out, render_fig(c->loads, 1, b[4], sizeof b[4]));
		put_fig(out, render_fig(c->st[FIG_LOADS].ci95, 1, b[5], sizeof b[5]));
		put_fig(out, render_fig(c->lcpu_pct, 1, b[6], sizeof b[6]));
		put_fig(out, render_fig(c->ratio, 2, b[7], sizeof b[7]));
		fprintf(out, "%s\n", render_fig(c->ratio_ci95, 2, b[8], sizeof b[8]));
	}
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k), *bc = summary_cell(s, w, l, base);
		struct cmp_row r;
		if (k == base || c->n == 0)
			continue;
		fprintf(out, "  %s vs %s: ", s->labels[k], s->labels[base]);
		if (bc->n == 0) {
			fprintf(out, "the baseline has no runs here\n");
			continue;
		}
		compare_row(s, w, l, k, base, &r);
		if (!r.time.tested) {
			fprintf(out, "the test needs at least 2 runs of each (%s has %d, %s has %d); ",
			        s->labels[k], c->n, s->labels[base], bc->n);
		}
		say_fig(out, "Time", &r.time);
		if (c->loads != 0 || bc->loads != 0) {
			fprintf(out, "; ");
			say_fig(out, "Loads", &r.loads);
		}
		fputc('\n', out);
	}
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n > 0 && c->detail[0] != '\0')
			fprintf(out, "  %s: %s\n", s->labels[k], c->detail);
		if (c->failed > 0)
			fprintf(out, "  %s: %d failed run(s) not averaged\n", s->labels[k], c->failed);
	}
}

void render_text(FILE *out, const struct summary *s, int precise, long baseline, int why,
                 int latency)
{
	int width = KERNEL_WIDTH;

	for (size_t k = 0; k < s->nlabels; k++) {
		size_t n = strlen(s->labels[k]);
		if (n > (size_t)width)
			width = (int)n;
	}
	for (size_t w = 0; w < s->nworkloads; w++) {
		if (s->nworkloads > 1)
			fprintf(out, "Workload: %s\n", s->workloads[w]);
		for (size_t l = 0; l < s->nloads; l++) {
			if (!has_rows(s, w, l))
				continue;
			if (baseline >= 0)
				render_stats_block(out, s, w, l, width, (size_t)baseline);
			else
				render_block(out, s, w, l, width, precise);
			render_text_evidence(out, s, w, l, width, why, latency);
		}
	}
}
