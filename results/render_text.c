/* render_text.c: the classic text tables of contract section 3, one block per load. */
#include "render.h"

#include <math.h>
#include <string.h>

#define KERNEL_WIDTH 15   /* the classic width of the Kernel column */
#define FIG_WIDTH    8    /* Time, CPU%, Loads and LCPU% columns */

/* fig: v with prec decimals into buf, or "-" when not available. A rounded
 * zero never shows a minus sign. */
static const char *fig(double v, int prec, char *buf, size_t len)
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
		put_fig(out, fig(c->time, precise ? 1 : 0, b[0], sizeof b[0]));
		put_fig(out, fig(c->cpu_pct, precise ? 2 : 1, b[1], sizeof b[1]));
		put_fig(out, fig(c->loads, precise ? 2 : 1, b[2], sizeof b[2]));
		put_fig(out, fig(c->lcpu_pct, precise ? 2 : 1, b[3], sizeof b[3]));
		fprintf(out, "%s\n", fig(c->ratio, precise ? 3 : 2, rb, sizeof rb));
	}
	for (k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n > 0 && c->detail[0] != '\0')
			fprintf(out, "  %s: %s\n", s->labels[k], c->detail);
		if (c->failed > 0)
			fprintf(out, "  %s: %d failed run(s) not averaged\n", s->labels[k], c->failed);
	}
}

void render_text(FILE *out, const struct summary *s, int precise)
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
		for (size_t l = 0; l < s->nloads; l++)
			if (has_rows(s, w, l))
				render_block(out, s, w, l, width, precise);
	}
}
