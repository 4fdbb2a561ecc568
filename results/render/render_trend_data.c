/* render_trend_data.c: --trend as data: CSV (a row per load and label with its step and test) and one JSON document. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <stdio.h>

/* csv_fig: ",FIGURE" (empty when not available). */
static void csv_fig(FILE *out, double v)
{
	fputc(',', out);
	render_num(out, v, "");
}

/* guest_cols: ",GUEST,NOTE,STEP_NOTE" of row i of block b: the guest and
 * REC_EMULATED_NOTE of an emulated label, and render_step's words when it
 * does not step from the row before for that (each empty otherwise). */
static void guest_cols(FILE *out, const struct rep_block *b, size_t i)
{
	char step[RENDER_STEP_MAX] = "";

	if (b->steps[i].apart >= 0)
		render_step(b, i, step, sizeof step);
	fputc(',', out);
	render_csv_str(out, b->rows[i].guest ? b->rows[i].guest : "");
	fputc(',', out);
	render_csv_str(out, b->rows[i].guest ? REC_EMULATED_NOTE : "");
	fputc(',', out);
	render_csv_str(out, step);
}

/* csv_row: row i of block b in workload wl with its step. */
static void csv_row(FILE *out, const struct rep_model *m, const struct rep_workload *wl,
                    const struct rep_block *b, size_t i)
{
	const struct rep_row *r = &b->rows[i];
	const struct rep_step *st = &b->steps[i];

	render_csv_workload(out, wl);
	fputc(',', out);
	render_csv_str(out, b->load);
	fputc(',', out);
	render_csv_str(out, r->name);
	fprintf(out, ",%d", r->c->n);
	csv_fig(out, r->c->time);
	csv_fig(out, r->c->st[FIG_TIME].ci95);
	csv_fig(out, r->c->ratio);
	csv_fig(out, r->c->ratio_ci95);
	render_csv_ratio_base(out, m);
	fputc(',', out);
	if (st->from < 0) {
		fputs(",,,,,,", out);
	} else {
		render_csv_str(out, b->rows[st->from].name);
		csv_fig(out, st->time.pct);
		csv_fig(out, st->time.lo_pct);
		csv_fig(out, st->time.hi_pct);
		csv_fig(out, st->time.p);
		fprintf(out, ",%d,%d", st->time.tested, st->time.significant);
	}
	fprintf(out, ",%d", b->largest == (long)i);
	guest_cols(out, b, i);
	fputc('\n', out);
}

/* render_trend_csv: a header, then a row per workload, load and label with
 * ok runs, in trend order: workload, jobs, machine, load, label, runs,
 * time, time_ci95, ratio, ratio_ci95, ratio_base (as in render_csv); its step: step_from (the label
 * before), step_diff_pct, step_ci_lo_pct, step_ci_hi_pct, step_p,
 * step_tested, step_significant (empty when the row does not step);
 * largest (1 on the row ending the largest step of its load); guest,
 * guest_note and step_note (guest_cols). Then the
 * environment differences' table as in render_csv. */
void render_trend_csv(FILE *out, const struct rep_model *m)
{
	fputs("workload,jobs,machine,load,label,runs,time,time_ci95,ratio,ratio_ci95,ratio_base,step_from,"
	      "step_diff_pct,step_ci_lo_pct,step_ci_hi_pct,step_p,step_tested,step_significant,largest,"
	      "guest,guest_note,step_note\n",
	      out);
	for (size_t w = 0; w < m->nworkloads; w++)
		for (size_t l = 0; l < m->workloads[w].nblocks; l++) {
			const struct rep_block *b = &m->workloads[w].blocks[l];
			for (size_t i = 0; i < b->nrows; i++)
				if (b->rows[i].c->n > 0)
					csv_row(out, m, &m->workloads[w], b, i);
		}
	render_csv_env(out, m);
}

/* json_key: ", \"KEY\": FIGURE" (null when not available). */
static void json_key(FILE *out, const char *key, double v)
{
	fprintf(out, ", \"%s\": ", key);
	render_num(out, v, "null");
}

/* json_step: the step of row i of block b ("step": null when none). */
static void json_step(FILE *out, const struct rep_block *b, size_t i)
{
	const struct rep_step *st = &b->steps[i];

	fputs(", \"step\": ", out);
	if (st->from < 0) {
		fputs("null", out);
		return;
	}
	fputs("{\"from\": ", out);
	render_json_str(out, b->rows[st->from].name);
	json_key(out, "diff", st->time.diff);
	json_key(out, "diff_pct", st->time.pct);
	json_key(out, "ci_lo_pct", st->time.lo_pct);
	json_key(out, "ci_hi_pct", st->time.hi_pct);
	json_key(out, "p", st->time.p);
	fprintf(out, ", \"tested\": %s, \"significant\": %s}", st->time.tested ? "true" : "false",
	        st->time.significant ? "true" : "false");
}

/* json_opt: ", \"KEY\": " and s as a JSON string, null when s is NULL or "". */
static void json_opt(FILE *out, const char *key, const char *s)
{
	fprintf(out, ", \"%s\": ", key);
	if (s == NULL || s[0] == '\0')
		fputs("null", out);
	else
		render_json_str(out, s);
}

/* json_guest: "guest", "guest_note" and "step_note" of row i of block b,
 * as guest_cols says them (null where empty). */
static void json_guest(FILE *out, const struct rep_block *b, size_t i)
{
	char step[RENDER_STEP_MAX] = "";

	if (b->steps[i].apart >= 0)
		render_step(b, i, step, sizeof step);
	json_opt(out, "guest", b->rows[i].guest);
	json_opt(out, "guest_note", b->rows[i].guest ? REC_EMULATED_NOTE : NULL);
	json_opt(out, "step_note", step);
}

/* json_block: one load's points and its largest step. */
static void json_block(FILE *out, const struct rep_block *b)
{
	size_t n = 0;

	fputs("{\"load\": ", out);
	render_json_str(out, b->load);
	fputs(", \"points\": [", out);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct sum_cell *c = b->rows[i].c;
		if (c->n == 0)
			continue;
		fputs(n++ ? ",\n    {\"label\": " : "\n    {\"label\": ", out);
		render_json_str(out, b->rows[i].name);
		fprintf(out, ", \"runs\": %d", c->n);
		json_key(out, "time", c->time);
		json_key(out, "time_ci95", c->st[FIG_TIME].ci95);
		json_key(out, "ratio", c->ratio);
		json_key(out, "ratio_ci95", c->ratio_ci95);
		json_step(out, b, i);
		json_guest(out, b, i);
		fputc('}', out);
	}
	fputs("], \"largest\": ", out);
	if (b->largest < 0)
		fputs("null", out);
	else
		render_json_str(out, b->rows[b->largest].name);
	fputc('}', out);
}

/* render_trend_json: one document: render_json_head's fields ("kind":
 * "trend"), "order" (recorded or version), then per workload and load the
 * points in trend order ({"label", "runs", "time", "time_ci95", "ratio",
 * "ratio_ci95", "step": null or {"from", "diff", "diff_pct", "ci_lo_pct",
 * "ci_hi_pct", "p", "tested", "significant"}}) and "largest" (the label
 * ending the largest step, or null), then "environment". */
void render_trend_json(FILE *out, const struct rep_model *m)
{
	render_json_head(out, m, "trend");
	fputs(",\n \"order\": ", out);
	render_json_str(out, m->trend);
	fputs(",\n \"workloads\": [", out);
	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		fputs(w ? ",\n  " : "\n  ", out);
		render_json_workload_head(out, wl);
		fputs(", \"loads\": [", out);
		for (size_t l = 0; l < wl->nblocks; l++) {
			fputs(l ? ",\n   " : "\n   ", out);
			json_block(out, &wl->blocks[l]);
		}
		fputs("]}", out);
	}
	fputc(']', out);
	render_json_env(out, m);
	fputs("}\n", out);
}
