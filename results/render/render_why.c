/* render_why.c: the evidence columns of --why and --latency, shared by every renderer, and their text tables. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

/* get_*: one evidence figure of a cell. */
static double get_majflt(const struct sum_cell *c) { return c->ev[REV_PGMAJFAULT]; }
static double get_swpin(const struct sum_cell *c) { return c->ev[REV_PSWPIN]; }
static double get_swpout(const struct sum_cell *c) { return c->ev[REV_PSWPOUT]; }
static double get_scan(const struct sum_cell *c) { return c->scan; }
static double get_memfull(const struct sum_cell *c) { return c->mem_full_pct; }
static double get_iofull(const struct sum_cell *c) { return c->io_full_pct; }
static double get_foreign(const struct sum_cell *c) { return c->ev[REV_FOREIGN]; }
static double get_steal(const struct sum_cell *c) { return c->ev[REV_STEAL]; }
static double get_wakeups(const struct sum_cell *c) { return c->ev[REV_PROBE_N]; }
static double get_p50(const struct sum_cell *c) { return c->ev[REV_PROBE_P50]; }
static double get_p99(const struct sum_cell *c) { return c->ev[REV_PROBE_P99]; }
static double get_max(const struct sum_cell *c) { return c->ev[REV_PROBE_MAX]; }
static double get_canary(const struct sum_cell *c) { return c->ev[REV_CANARY]; }
static double get_canary_after(const struct sum_cell *c) { return c->ev[REV_CANARY_AFTER]; }

const struct render_col render_why_cols[RENDER_WHY_N] = {
	{ "MajFlt", "majflt", 0, get_majflt },
	{ "SwapIn", "swapin", 0, get_swpin },
	{ "SwapOut", "swapout", 0, get_swpout },
	{ "Scan", "scan", 0, get_scan },
	{ "MemFull%", "mem_full_pct", 1, get_memfull },
	{ "IoFull%", "io_full_pct", 1, get_iofull },
	{ "Foreign%", "foreign_pct", 1, get_foreign },
	{ "Steal%", "steal_pct", 1, get_steal },
};

const struct render_col render_lat_cols[RENDER_LAT_N] = {
	{ "Wakeups", "wakeups", 0, get_wakeups },
	{ "p50us", "p50_us", 0, get_p50 },
	{ "p99us", "p99_us", 0, get_p99 },
	{ "maxus", "max_us", 0, get_max },
};

const struct render_col render_canary_cols[RENDER_CANARY_N] = {
	{ "Canary", "canary_s", 3, get_canary },
	{ "CanAfter", "canary_after_s", 3, get_canary_after },
};

int render_cols_any(const struct rep_block *b, const struct render_col *cols, int n)
{
	for (size_t i = 0; i < b->nrows; i++)
		for (int j = 0; j < n && b->rows[i].c->n > 0; j++)
			if (isfinite(cols[j].get(b->rows[i].c)))
				return 1;
	return 0;
}

/* cols_table: a header line and a row per label with ok runs of block b:
 * Kernel left-aligned in width, figures right-aligned in 9. */
static void cols_table(FILE *out, const struct rep_block *b, int width,
                       const struct render_col *cols, int ncols)
{
	char f[64];

	fprintf(out, "%-*s", width, "Kernel");
	for (int j = 0; j < ncols; j++)
		fprintf(out, " %8s", cols[j].head);
	fputc('\n', out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		if (c->n == 0)
			continue;
		fprintf(out, "%-*s", width, b->rows[i].name);
		for (int j = 0; j < ncols; j++)
			fprintf(out, " %8s", render_fig(cols[j].get(c), cols[j].prec, f, sizeof f));
		fputc('\n', out);
	}
}

void render_text_evidence(FILE *out, const struct rep_model *m, const struct rep_block *b,
                          int width)
{
	if (m->why)
		cols_table(out, b, width, render_why_cols, RENDER_WHY_N);
	if (m->why && render_cols_any(b, render_canary_cols, RENDER_CANARY_N))
		cols_table(out, b, width, render_canary_cols, RENDER_CANARY_N);
	if (m->latency)
		cols_table(out, b, width, render_lat_cols, RENDER_LAT_N);
}
