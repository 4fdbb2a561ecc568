/* render_paired_data.c: a kernel series' rounds (report --paired) as data and for issue trackers: CSV (three tables), one JSON document, Markdown tables. */
#include "results/render/render_paired.h"
#include "results/model/compare.h"
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

/* csv_fig: ",FIGURE" ("%.6g"; empty when not available). */
static void csv_fig(FILE *out, double v)
{
	fputc(',', out);
	render_num(out, v, "");
}

/* csv_flag: ",1" or ",0"; "," (empty) when not tested. */
static void csv_flag(FILE *out, int tested, int v)
{
	fputs(!tested ? "," : v ? ",1" : ",0", out);
}

/* csv_rows: the comparisons' table: a row per load and kernel. */
static void csv_rows(FILE *out, const struct paired_model *m)
{
	fputs("load,label,baseline,rounds,alone,base_mean,diff,diff_lo,diff_hi,diff_pct,diff_lo_pct,"
	      "diff_hi_pct,t_p,t_significant,rank_p,rank_n,rank_min_p,rank_significant,unpaired_n_base,"
	      "unpaired_n,unpaired_pct,unpaired_lo_pct,unpaired_hi_pct,unpaired_p,unpaired_significant,"
	      "busy\n", out);
	for (size_t l = 0; l < m->nloads; l++)
		for (size_t i = 0; i < m->loads[l].nrows; i++) {
			const struct paired_row *r = &m->loads[l].rows[i];

			render_csv_str(out, m->loads[l].load);
			fputc(',', out);
			render_csv_str(out, m->labels[r->label]);
			fputc(',', out);
			render_csv_str(out, m->labels[m->base]);
			fprintf(out, ",%d,%d", r->n, r->alone);
			csv_fig(out, r->base_mean);
			csv_fig(out, r->diff);
			csv_fig(out, r->lo);
			csv_fig(out, r->hi);
			csv_fig(out, r->pct);
			csv_fig(out, r->lo_pct);
			csv_fig(out, r->hi_pct);
			csv_fig(out, r->t_p);
			csv_flag(out, !isnan(r->t_p), r->t_sig);
			csv_fig(out, r->rank.p);
			fprintf(out, ",%d", r->rank.n);
			csv_fig(out, r->rank_min_p);
			csv_flag(out, !isnan(r->rank.p), r->rank_sig);
			fprintf(out, ",%d,%d", r->u_na, r->u_nb);
			csv_fig(out, r->u_pct);
			csv_fig(out, r->u_lo_pct);
			csv_fig(out, r->u_hi_pct);
			csv_fig(out, r->u_p);
			csv_flag(out, r->u_tested, r->u_sig);
			fprintf(out, ",%d\n", m->loads[l].busy);
		}
}

/* csv_rounds: the rounds' table: a row per load, kernel and round. */
static void csv_rounds(FILE *out, const struct paired_model *m)
{
	fputs("\nload,series,round,label,baseline,base_time,time,diff\n", out);
	for (size_t l = 0; l < m->nloads; l++) {
		const struct paired_load *pl = &m->loads[l];

		for (size_t i = 0; i < pl->nrows; i++)
			for (size_t j = 0; j < pl->drift.rounds; j++) {
				double a = pl->drift.time[j], b = pl->rows[i].time[j];

				render_csv_str(out, pl->load);
				fputc(',', out);
				render_csv_str(out, pl->drift.series[j]);
				fprintf(out, ",%d,", pl->drift.round[j]);
				render_csv_str(out, m->labels[pl->rows[i].label]);
				fputc(',', out);
				render_csv_str(out, m->labels[m->base]);
				csv_fig(out, a);
				csv_fig(out, b);
				csv_fig(out, b - a);
				fputc('\n', out);
			}
	}
}

/* csv_drift: the drift's table: a row per load. */
static void csv_drift(FILE *out, const struct paired_model *m)
{
	fputs("\nload,baseline,rounds,first_round,last_round,move_pct,trend_n,rho,p,significant\n", out);
	for (size_t l = 0; l < m->nloads; l++) {
		const struct paired_drift *d = &m->loads[l].drift;

		render_csv_str(out, m->loads[l].load);
		fputc(',', out);
		render_csv_str(out, m->labels[m->base]);
		fprintf(out, ",%zu,%d,%d", d->rounds, d->first, d->last);
		csv_fig(out, d->move_pct);
		fprintf(out, ",%d", d->trend.n);
		csv_fig(out, d->trend.rho);
		csv_fig(out, d->trend.p);
		csv_flag(out, !isnan(d->trend.rho), d->sig);
		fputc('\n', out);
	}
}

/* render_paired_csv: see render_paired.h. */
void render_paired_csv(FILE *out, const struct paired_model *m)
{
	csv_rows(out, m);
	csv_rounds(out, m);
	csv_drift(out, m);
}

/* json_num: ", \"KEY\": FIGURE" (null when not available). */
static void json_num(FILE *out, const char *key, double v)
{
	fprintf(out, ", \"%s\": ", key);
	render_num(out, v, "null");
}

/* json_bool: ", \"KEY\": true/false", null when not tested. */
static void json_bool(FILE *out, const char *key, int tested, int v)
{
	fprintf(out, ", \"%s\": %s", key, !tested ? "null" : v ? "true" : "false");
}

/* json_row: one kernel against the baseline on load pl, with its rounds. */
static void json_row(FILE *out, const struct paired_model *m, const struct paired_load *pl,
                     const struct paired_row *r)
{
	fputs("{\"label\": ", out);
	render_json_str(out, m->labels[r->label]);
	fprintf(out, ", \"rounds\": %d, \"alone\": %d", r->n, r->alone);
	json_num(out, "base_mean", r->base_mean);
	fputs(", \"paired\": {\"diff\": ", out);
	render_num(out, r->diff, "null");
	json_num(out, "lo", r->lo);
	json_num(out, "hi", r->hi);
	json_num(out, "pct", r->pct);
	json_num(out, "lo_pct", r->lo_pct);
	json_num(out, "hi_pct", r->hi_pct);
	json_num(out, "t_p", r->t_p);
	json_bool(out, "t_significant", !isnan(r->t_p), r->t_sig);
	json_num(out, "rank_p", r->rank.p);
	fprintf(out, ", \"rank_n\": %d", r->rank.n);
	json_num(out, "rank_min_p", r->rank_min_p);
	json_bool(out, "rank_significant", !isnan(r->rank.p), r->rank_sig);
	fprintf(out, "},\n     \"unpaired\": {\"tested\": %s, \"n_base\": %d, \"n\": %d",
	        r->u_tested ? "true" : "false", r->u_na, r->u_nb);
	json_num(out, "pct", r->u_pct);
	json_num(out, "lo_pct", r->u_lo_pct);
	json_num(out, "hi_pct", r->u_hi_pct);
	json_num(out, "p", r->u_p);
	json_bool(out, "significant", r->u_tested, r->u_sig);
	fputs("},\n     \"pairs\": [", out);
	for (size_t j = 0; j < pl->drift.rounds; j++) {
		fputs(j ? ",\n       {\"series\": " : "\n       {\"series\": ", out);
		render_json_str(out, pl->drift.series[j]);
		fprintf(out, ", \"round\": %d", pl->drift.round[j]);
		json_num(out, "base_time", pl->drift.time[j]);
		json_num(out, "time", r->time[j]);
		json_num(out, "diff", r->time[j] - pl->drift.time[j]);
		fputc('}', out);
	}
	fputs("]}", out);
}

/* A load's notes being listed in JSON: where, and how many so far. */
struct json_notes {
	FILE *out;
	int n;
};

/* json_note: one note as a JSON string in a list. */
static void json_note(const char *text, void *arg)
{
	struct json_notes *j = arg;

	fputs(j->n++ ? ", " : "", j->out);
	render_json_str(j->out, text);
}

/* json_load: load pl: its drift, its kernels, its notes. */
static void json_load(FILE *out, const struct paired_model *m, const struct paired_load *pl)
{
	const struct paired_drift *d = &pl->drift;
	struct json_notes jn = { out, 0 };

	fputs("{\"load\": ", out);
	render_json_str(out, pl->load);
	fprintf(out, ", \"busy\": %d,\n   \"drift\": {\"rounds\": %zu, \"first_round\": %d, "
	        "\"last_round\": %d", pl->busy, d->rounds, d->first, d->last);
	json_num(out, "move_pct", d->move_pct);
	fprintf(out, ", \"trend_n\": %d", d->trend.n);
	json_num(out, "rho", d->trend.rho);
	json_num(out, "p", d->trend.p);
	json_bool(out, "significant", !isnan(d->trend.rho), d->sig);
	fputs("},\n   \"kernels\": [", out);
	for (size_t i = 0; i < pl->nrows; i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		json_row(out, m, pl, &pl->rows[i]);
	}
	fputs("],\n   \"notes\": [", out);
	render_paired_notes(m, pl, json_note, &jn);
	fputs("]}", out);
}

/* render_paired_json: see render_paired.h. */
void render_paired_json(FILE *out, const struct paired_model *m)
{
	fprintf(out, "{\"format\": \"contest-report\", \"schema\": %d, \"version\": 1, \"kind\": \"paired\", "
	        "\"baseline\": ", RENDER_JSON_SCHEMA);
	render_json_str(out, m->labels[m->base]);
	fputs(",\n \"labels\": [", out);
	for (size_t k = 0; k < m->nlabels; k++) {
		fputs(k ? ", " : "", out);
		render_json_str(out, m->labels[k]);
	}
	fprintf(out, "], \"keep_busy\": %s, \"alpha\": %g,\n \"loads\": [", m->keep_busy ? "true" : "false",
	        CMP_ALPHA);
	for (size_t l = 0; l < m->nloads; l++) {
		fputs(l ? ",\n  " : "\n  ", out);
		json_load(out, m, &m->loads[l]);
	}
	fputs("]}\n", out);
}

/* md_note: one note as a list item of out (arg). */
static void md_note(const char *text, void *arg)
{
	fprintf(arg, "- %s\n", text);
}

/* render_paired_markdown: see render_paired.h. */
void render_paired_markdown(FILE *out, const struct paired_model *m)
{
	const char *base = m->labels[m->base];
	char d[24], iv[48], tp[24], rp[24], ud[24], uiv[48], up[24], line[512];

	fprintf(out, "## Rounds: each kernel against %s within the same round (paired), and as today's "
	        "unpaired figures\n", base);
	for (size_t l = 0; l < m->nloads; l++) {
		const struct paired_load *pl = &m->loads[l];

		fprintf(out, "\n### %s\n\n| Kernel | rounds | paired diff | 95%% interval | t p | rank p | "
		        "unpaired diff | 95%% interval | p |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n", pl->load);
		for (size_t i = 0; i < pl->nrows; i++) {
			const struct paired_row *r = &pl->rows[i];

			fprintf(out, "| %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", m->labels[r->label], r->n,
			        render_pct(r->pct, d, sizeof d),
			        render_paired_ival(r->lo_pct, r->hi_pct, iv, sizeof iv),
			        render_paired_p(r->t_p, r->t_sig, tp, sizeof tp),
			        render_paired_p(r->rank.p, r->rank_sig, rp, sizeof rp),
			        r->u_tested ? render_pct(r->u_pct, ud, sizeof ud) : "-",
			        r->u_tested ? render_paired_ival(r->u_lo_pct, r->u_hi_pct, uiv, sizeof uiv) : "-",
			        r->u_tested ? render_paired_p(r->u_p, r->u_sig, up, sizeof up) : "-");
		}
		fprintf(out, "\n- drift: %s\n", render_paired_drift(base, &pl->drift, line, sizeof line));
		render_paired_notes(m, pl, md_note, out);
	}
}
