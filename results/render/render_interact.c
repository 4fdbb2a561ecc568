/* render_interact.c: the interactivity report in every format: text (classic blocks), CSV, JSON, Markdown, HTML with a chart of deadlines met. */
#include "results/render/render_interact.h"
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define NCOL 16   /* the most columns of a row */
#define CELL 32

/* heads: the column headings of block b in m into h; how many. */
static int heads(const struct interact_model *m, const struct iblock *b, const char *h[NCOL])
{
	int n = 0;

	h[n++] = "Load";
	h[n++] = "Kernel";
	h[n++] = "[runs]";
	h[n++] = "Latency";
	if (m->stats)
		h[n++] = "+-95%";
	h[n++] = "SD";
	h[n++] = "p99";
	h[n++] = "Max";
	h[n++] = b->game ? "Frames/s" : "Met%";
	if (m->stats)
		h[n++] = "+-95%";
	h[n++] = "CPU%";
	if (m->stats && m->baseline >= 0) {
		h[n++] = "dLat";
		h[n++] = "p(t)";
		h[n++] = b->game ? "dFrames/s" : "dMet%";
		h[n++] = "p(t)";
		h[n++] = "p(U)";
	}
	return n;
}

/* put_s: s as the next cell of c. */
static void put_s(char c[NCOL][CELL], int *n, const char *s)
{
	snprintf(c[*n], CELL, "%s", s);
	(*n)++;
}

/* put_f: v with d decimals ("-" when not available) as the next cell of c. */
static void put_f(char c[NCOL][CELL], int *n, double v, int d)
{
	char t[CELL];

	put_s(c, n, render_fig(v, d, t, sizeof t));
}

/* cells: row r of block b as the text of each column (as heads names them). */
static int cells(const struct interact_model *m, const struct iblock *b, const struct irow *r, char c[NCOL][CELL])
{
	int n = 0, d = m->precise ? 2 : 1;
	enum imetric s = interact_model_score(b);
	char runs[16];

	snprintf(runs, sizeof runs, "[%d]", r->runs);   /* as the classic tables' Kernel [runs] */
	put_s(c, &n, r->load);
	put_s(c, &n, r->label);
	put_s(c, &n, runs);
	put_f(c, &n, r->f[IM_LAT].mean, d);
	if (m->stats)
		put_f(c, &n, r->f[IM_LAT].ci95, d);
	put_f(c, &n, r->f[IM_SD].mean, d);
	put_f(c, &n, r->f[IM_P99].mean, d);
	put_f(c, &n, r->max_us, d);
	put_f(c, &n, r->f[s].mean, d);
	if (m->stats)
		put_f(c, &n, r->f[s].ci95, d);
	put_f(c, &n, r->f[IM_CPU].mean, d);
	if (!m->stats || m->baseline < 0)
		return n;
	if (!r->has_base) {
		int base = strcmp(r->label, m->baseline_name) == 0;
		for (int i = 0; i < 5; i++)
			put_s(c, &n, i == 0 && base ? "baseline" : "-");
		return n;
	}
	put_f(c, &n, r->lat.diff, d);
	put_f(c, &n, r->lat.p, 3);
	put_f(c, &n, r->score.diff, d);
	put_f(c, &n, r->score.p, 3);
	put_f(c, &n, r->score.mw.done ? r->score.mw.p : NAN, 3);
	return n;
}

/* width: column i's width in block b: its widest cell or heading. */
static int width(const struct interact_model *m, const struct iblock *b, int i)
{
	const char *h[NCOL];
	char c[NCOL][CELL];
	int w = (int)strlen(h[heads(m, b, h) > i ? i : 0]);

	w = i < 2 ? 14 : w < 7 ? 7 : w;
	for (size_t k = 0; k < b->n; k++) {
		cells(m, b, &b->rows[k], c);
		if ((int)strlen(c[i]) > w)
			w = (int)strlen(c[i]);
	}
	return w;
}

void render_interact_text(FILE *out, const struct interact_model *m)
{
	const char *h[NCOL];
	char c[NCOL][CELL];

	for (size_t t = 0; t < m->nblocks; t++) {
		const struct iblock *b = &m->blocks[t];
		int n = heads(m, b, h), w[NCOL];

		fprintf(out, "%s:\n", b->task);
		for (int i = 0; i < n; i++) {
			w[i] = width(m, b, i);
			fprintf(out, i < 2 ? "%-*s " : "%*s%s", w[i], h[i], i + 1 < n ? " " : "\n");
		}
		for (size_t k = 0; k < b->n; k++) {
			cells(m, b, &b->rows[k], c);
			for (int i = 0; i < n; i++)
				fprintf(out, i < 2 ? "%-*s " : "%*s%s", w[i], c[i], i + 1 < n ? " " : "\n");
		}
	}
	if (m->stats && m->baseline >= 0)
		fprintf(out, "Latency, SD, p99, Max in microseconds; +-95%%: half-width of the 95%% interval "
		        "of the mean over the runs; d: the difference from %s, p(t) Welch's, p(U) "
		        "Mann-Whitney's (4 runs each).\n", m->baseline_name);
}

void render_interact_markdown(FILE *out, const struct interact_model *m)
{
	const char *h[NCOL];
	char c[NCOL][CELL];

	fputs("## Interactivity (contest interact)\n\nLatency, SD, p99 and Max in microseconds.\n", out);
	for (size_t t = 0; t < m->nblocks; t++) {
		const struct iblock *b = &m->blocks[t];
		int n = heads(m, b, h);

		fprintf(out, "\n### %s\n\n|", b->task);
		for (int i = 0; i < n; i++)
			fprintf(out, " %s |", h[i]);
		fputs("\n|", out);
		for (int i = 0; i < n; i++)
			fputs(i < 2 ? "---|" : "---:|", out);
		fputc('\n', out);
		for (size_t k = 0; k < b->n; k++) {
			cells(m, b, &b->rows[k], c);
			fputc('|', out);
			for (int i = 0; i < n; i++)
				fprintf(out, " %s |", c[i]);
			fputc('\n', out);
		}
	}
}

/* The data formats' figures of a row: name and value. */
struct dfig {
	const char *name;
	double v;
};

/* dfigs: row r of block b as data (NaN: not available); how many. */
static int dfigs(const struct iblock *b, const struct irow *r, struct dfig f[20])
{
	static const char *const names[IM_N] = { "lat_mean_us", "lat_sd_us", "lat_p99_us", "lat_max_us",
	                                         "met_pct", "cpu_pct", "fps" };
	int n = 0;

	for (int i = 0; i < IM_N; i++)
		f[n++] = (struct dfig){ names[i], i == IM_MAX ? r->max_us : r->f[i].mean };
	f[n++] = (struct dfig){ "lat_mean_ci95", r->f[IM_LAT].ci95 };
	f[n++] = (struct dfig){ "met_ci95", r->f[IM_MET].ci95 };
	f[n++] = (struct dfig){ "fps_ci95", r->f[IM_FPS].ci95 };
	f[n++] = (struct dfig){ "d_lat_us", r->has_base ? r->lat.diff : NAN };
	f[n++] = (struct dfig){ "p_lat_t", r->has_base ? r->lat.p : NAN };
	f[n++] = (struct dfig){ b->game ? "d_fps" : "d_met_pct", r->has_base ? r->score.diff : NAN };
	f[n++] = (struct dfig){ "p_score_t", r->has_base ? r->score.p : NAN };
	f[n++] = (struct dfig){ "p_score_u", r->has_base && r->score.mw.done ? r->score.mw.p : NAN };
	return n;
}

void render_interact_csv(FILE *out, const struct interact_model *m)
{
	struct dfig f[20];
	const struct irow none = { 0 };
	int n = dfigs(&(struct iblock){ 0 }, &none, f);

	fputs("task,load,label,runs,baseline", out);
	for (int i = 0; i < n; i++)   /* d_met_pct names game's d_fps too: the score of its block */
		fprintf(out, ",%s", f[i].name);
	fputc('\n', out);
	for (size_t t = 0; t < m->nblocks; t++)
		for (size_t k = 0; k < m->blocks[t].n; k++) {
			const struct irow *r = &m->blocks[t].rows[k];
			render_csv_str(out, m->blocks[t].task);
			fputc(',', out);
			render_csv_str(out, r->load);
			fputc(',', out);
			render_csv_str(out, r->label);
			fprintf(out, ",%d,", r->runs);
			render_csv_str(out, m->baseline_name ? m->baseline_name : "");
			n = dfigs(&m->blocks[t], r, f);
			for (int i = 0; i < n; i++)
				fprintf(out, isnan(f[i].v) ? "," : ",%.6g", f[i].v);
			fputc('\n', out);
		}
}

void render_interact_json(FILE *out, const struct interact_model *m)
{
	struct dfig f[20];

	fputs("{\"format\":\"contest-interact-report\",\"version\":1,\"units\":\"microseconds, percent, "
	      "frames per second\",\"baseline\":", out);
	if (m->baseline_name)
		render_json_str(out, m->baseline_name);
	else
		fputs("null", out);
	fputs(",\"tasks\":[", out);
	for (size_t t = 0; t < m->nblocks; t++) {
		fprintf(out, "%s{\"task\":", t ? "," : "");
		render_json_str(out, m->blocks[t].task);
		fputs(",\"rows\":[", out);
		for (size_t k = 0; k < m->blocks[t].n; k++) {
			const struct irow *r = &m->blocks[t].rows[k];
			fprintf(out, "%s{\"load\":", k ? "," : "");
			render_json_str(out, r->load);
			fputs(",\"label\":", out);
			render_json_str(out, r->label);
			fprintf(out, ",\"runs\":%d", r->runs);
			int n = dfigs(&m->blocks[t], r, f);
			for (int i = 0; i < n; i++)
				fprintf(out, isnan(f[i].v) ? ",\"%s\":null" : ",\"%s\":%.6g", f[i].name, f[i].v);
			fputc('}', out);
		}
		fputs("]}", out);
	}
	fputs("]}\n", out);
}

static const char style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}\n"
	"h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}\n"
	"table{border-collapse:collapse;margin:.8em 0 .3em;font-variant-numeric:tabular-nums}\n"
	"th,td{border:1px solid #ccc;padding:.2em .6em;white-space:nowrap}th{background:#f3f3f3}\n"
	"td.num{text-align:right}p.legend{font-size:.9em;color:#444}\n"
	"svg.chart{width:100%;max-width:60em;height:auto;display:block}\n"
	"svg text{font-family:system-ui,sans-serif;font-size:11px;fill:#222}svg .grid{stroke:#e4e4e4}\n";

/* chart: block b's Met% per load (a group) and label (a bar) as inline SVG. */
static void chart(FILE *out, const struct interact_model *m, const struct iblock *b)
{
	const int W = 720, H = 240, L = 40, T = 10, B = 40;
	size_t ng = 0;
	const char *groups[64];

	for (size_t k = 0; k < b->n && ng < 64; k++)
		if (ng == 0 || strcmp(groups[ng - 1], b->rows[k].load) != 0)
			groups[ng++] = b->rows[k].load;
	double gw = (double)(W - L - 10) / (double)(ng ? ng : 1), bw = gw * 0.8 / (double)m->nlabels;
	fprintf(out, "<figure><svg class=\"chart\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", W, H);
	render_html_esc(out, b->task);
	fputs(": deadlines met per load and label\">\n", out);
	for (int y = 0; y <= 100; y += 25)
		fprintf(out, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
		        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", L, W - 10,
		        T + (H - T - B) * (1 - y / 100.0), T + (H - T - B) * (1 - y / 100.0), L - 4,
		        T + (H - T - B) * (1 - y / 100.0) + 4, y);
	for (size_t g = 0, k = 0; g < ng; g++) {
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", L + gw * ((double)g + 0.5), H - B + 16);
		render_html_esc(out, groups[g]);
		fputs("</text>\n", out);
		for (; k < b->n && strcmp(b->rows[k].load, groups[g]) == 0; k++) {
			const struct irow *r = &b->rows[k];
			size_t li = 0;
			char col[16];
			double v = isfinite(r->f[IM_MET].mean) ? r->f[IM_MET].mean : 0, h = (H - T - B) * v / 100;
			while (li < m->nlabels && strcmp(m->labels[li], r->label) != 0)
				li++;
			render_chart_colour(li, col, sizeof col);
			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
			        "<title>", L + gw * (double)g + gw * 0.1 + bw * (double)li, H - B - h, bw, h,
			        col);
			render_html_esc(out, r->label);
			fprintf(out, " under %s: %.1f%% met</title></rect>\n", r->load, v);
		}
	}
	fputs("</svg><figcaption>", out);
	for (size_t li = 0; li < m->nlabels; li++) {
		char col[16];
		render_chart_colour(li, col, sizeof col);
		fprintf(out, "%s<span style=\"color:%s\">&#9632;</span> ", li ? " " : "", col);
		render_html_esc(out, m->labels[li]);
	}
	fputs("</figcaption></figure>\n<p class=\"legend\">Bars: the % of periods whose work finished "
	      "before the next period began (deadlines met), mean over the runs.</p>\n", out);
}

void render_interact_html(FILE *out, const struct interact_model *m)
{
	const char *h[NCOL];
	char c[NCOL][CELL];

	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	        "<title>contest interactivity report</title><style>\n%s</style></head><body>\n"
	        "<h1>contest interactivity report</h1>\n<p class=\"legend\">Latency, SD, p99 and Max: "
	        "how late the task woke up, in microseconds.</p>\n", style);
	for (size_t t = 0; t < m->nblocks; t++) {
		const struct iblock *b = &m->blocks[t];
		int n = heads(m, b, h);

		fputs("<h2>", out);
		render_html_esc(out, b->task);
		fputs("</h2>\n", out);
		if (!b->game)
			chart(out, m, b);
		fputs("<table>\n<tr>", out);
		for (int i = 0; i < n; i++)
			fprintf(out, "<th>%s</th>", h[i]);
		fputs("</tr>\n", out);
		for (size_t k = 0; k < b->n; k++) {
			cells(m, b, &b->rows[k], c);
			fputs("<tr>", out);
			for (int i = 0; i < n; i++) {
				fputs(i < 2 ? "<td>" : "<td class=\"num\">", out);
				render_html_esc(out, c[i]);
				fputs("</td>", out);
			}
			fputs("</tr>\n", out);
		}
		fputs("</table>\n", out);
	}
	fputs("</body></html>\n", out);
}

irender_fn *render_interact_find(const char *name)
{
	static const struct { const char *name; irender_fn *fn; } fmt[] = {
		{ "text", render_interact_text }, { "csv", render_interact_csv }, { "json", render_interact_json },
		{ "markdown", render_interact_markdown }, { "html", render_interact_html },
	};

	for (size_t i = 0; i < sizeof fmt / sizeof fmt[0]; i++)
		if (strcmp(fmt[i].name, name) == 0)
			return fmt[i].fn;
	return NULL;
}
