/* render_data.c: the report as data: CSV (one row per workload, load and label) and one JSON document. */
#include "results/compare.h"
#include "results/render.h"

#include <math.h>
#include <string.h>

/* num: v for a data file ("%.6g"), or the empty/null form when not available. */
static void num(FILE *out, double v, const char *na)
{
	if (isfinite(v))
		fprintf(out, "%.6g", v);
	else
		fputs(na, out);
}

/* csv_str: s as a CSV field, quoted when it holds a comma, quote or newline. */
static void csv_str(FILE *out, const char *s)
{
	if (strpbrk(s, ",\"\n\r") == NULL) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static const char *const fig_names[4] = { "time", "cpu_pct", "loads", "lcpu_pct" };

void render_csv(FILE *out, const struct summary *s, long baseline)
{
	fputs("workload,load,label,runs,failed", out);
	for (int j = 0; j < 4; j++)
		fprintf(out, ",%s,%s_sd,%s_ci95", fig_names[j], fig_names[j], fig_names[j]);
	fputs(",ratio,ratio_ci95,detail,baseline", out);
	for (int j = 0; j < 4; j += 2)
		fprintf(out, ",%s_diff_pct,%s_diff_ci_lo_pct,%s_diff_ci_hi_pct,%s_p", fig_names[j],
		        fig_names[j], fig_names[j], fig_names[j]);
	for (int j = 0; j < RENDER_WHY_N; j++)
		fprintf(out, ",%s", render_why_cols[j].name);
	for (int j = 0; j < RENDER_LAT_N; j++)
		fprintf(out, ",%s", render_lat_cols[j].name);
	fputc('\n', out);
	for (size_t w = 0; w < s->nworkloads; w++)
		for (size_t l = 0; l < s->nloads; l++)
			for (size_t k = 0; k < s->nlabels; k++) {
				const struct sum_cell *c = summary_cell(s, w, l, k);
				if (c->n + c->failed == 0)
					continue;
				csv_str(out, s->workloads[w]);
				fputc(',', out);
				csv_str(out, s->loads[l]);
				fputc(',', out);
				csv_str(out, s->labels[k]);
				fprintf(out, ",%d,%d", c->n, c->failed);
				for (int j = 0; j < 4; j++) {
					const double v[3] = { c->st[j].mean, c->st[j].sd, c->st[j].ci95 };
					for (int i = 0; i < 3; i++) {
						fputc(',', out);
						num(out, v[i], "");
					}
				}
				fputc(',', out);
				num(out, c->ratio, "");
				fputc(',', out);
				num(out, c->ratio_ci95, "");
				fputc(',', out);
				csv_str(out, c->detail);
				fputc(',', out);
				if (baseline >= 0)
					csv_str(out, s->labels[baseline]);
				struct cmp_row r;
				if (baseline >= 0)
					compare_row(s, w, l, k, (size_t)baseline, &r);
				const struct cmp_fig *f[2] = { &r.time, &r.loads };
				for (int i = 0; i < 2; i++) {
					int show = baseline >= 0 && r.has_base && !r.is_baseline && c->n > 0;
					const double v[4] = { f[i]->pct, f[i]->lo_pct, f[i]->hi_pct, f[i]->p };
					for (int m = 0; m < 4; m++) {
						fputc(',', out);
						num(out, show ? v[m] : NAN, "");
					}
				}
				for (int j = 0; j < RENDER_WHY_N; j++) {
					fputc(',', out);
					num(out, render_why_cols[j].get(c), "");
				}
				for (int j = 0; j < RENDER_LAT_N; j++) {
					fputc(',', out);
					num(out, render_lat_cols[j].get(c), "");
				}
				fputc('\n', out);
			}
}

/* json_str: s as a JSON string. */
static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

/* json_desc: {"n":..,"mean":..,"sd":..,"ci95":..}. */
static void json_desc(FILE *out, const struct stat_desc *d)
{
	fprintf(out, "{\"n\": %d, \"mean\": ", d->n);
	num(out, d->mean, "null");
	fputs(", \"sd\": ", out);
	num(out, d->sd, "null");
	fputs(", \"ci95\": ", out);
	num(out, d->ci95, "null");
	fputc('}', out);
}

/* json_cmp: one figure against the baseline. */
static void json_cmp(FILE *out, const struct cmp_fig *f)
{
	const char *k[6] = { "diff", "diff_pct", "ci_lo_pct", "ci_hi_pct", "p", NULL };
	const double v[5] = { f->diff, f->pct, f->lo_pct, f->hi_pct, f->p };

	fputc('{', out);
	for (int i = 0; k[i]; i++) {
		fprintf(out, "\"%s\": ", k[i]);
		num(out, v[i], "null");
		fputs(", ", out);
	}
	fprintf(out, "\"tested\": %s, \"significant\": %s}", f->tested ? "true" : "false",
	        f->significant ? "true" : "false");
}

/* json_cols: , "KEY": {"NAME": figure, ...} for evidence columns of c. */
static void json_cols(FILE *out, const char *key, const struct sum_cell *c,
                      const struct render_col *cols, int n)
{
	fprintf(out, ", \"%s\": {", key);
	for (int j = 0; j < n; j++) {
		fprintf(out, "%s\"%s\": ", j ? ", " : "", cols[j].name);
		num(out, cols[j].get(c), "null");
	}
	fputc('}', out);
}

/* json_row: one label's row of a block. */
static void json_row(FILE *out, const struct summary *s, size_t w, size_t l, size_t k,
                     long baseline)
{
	const struct sum_cell *c = summary_cell(s, w, l, k);

	fputs("{\"label\": ", out);
	json_str(out, s->labels[k]);
	fprintf(out, ", \"runs\": %d, \"failed\": %d", c->n, c->failed);
	for (int j = 0; j < 4; j++) {
		fprintf(out, ", \"%s\": ", fig_names[j]);
		json_desc(out, &c->st[j]);
	}
	fputs(", \"ratio\": ", out);
	num(out, c->ratio, "null");
	fputs(", \"ratio_ci95\": ", out);
	num(out, c->ratio_ci95, "null");
	fputs(", \"detail\": ", out);
	json_str(out, c->detail);
	json_cols(out, "why", c, render_why_cols, RENDER_WHY_N);
	json_cols(out, "latency", c, render_lat_cols, RENDER_LAT_N);
	fputs(", \"vs_baseline\": ", out);
	struct cmp_row r;
	if (baseline >= 0)
		compare_row(s, w, l, k, (size_t)baseline, &r);
	if (baseline < 0 || !r.has_base || r.is_baseline || c->n == 0) {
		fputs("null}", out);
		return;
	}
	fputs("{\"time\": ", out);
	json_cmp(out, &r.time);
	fputs(", \"loads\": ", out);
	json_cmp(out, &r.loads);
	fputs("}}", out);
}

/* json_run: one record. */
static void json_run(FILE *out, const struct rec *r)
{
	const char *sk[] = { "label", "load", "timestamp", "host", "kernel", "version", "workload",
	                     "reason", "detail" };
	const char *sv[] = { r->label, r->load, r->timestamp, r->host, r->kernel, r->version,
	                     r->workload, r->reason, r->detail };
	const double nv[] = { r->time, r->cpu_pct, r->loads, r->lcpu_pct };

	fprintf(out, "{\"run\": %d, \"jobs\": %d, \"mem\": %llu, \"flushed\": %s, \"failed\": %s", r->run,
	        r->jobs, (unsigned long long)r->mem,
	        r->flushed < 0 ? "null" : r->flushed ? "true" : "false", r->failed ? "true" : "false");
	for (size_t i = 0; i < sizeof sk / sizeof sk[0]; i++) {
		fprintf(out, ", \"%s\": ", sk[i]);
		json_str(out, sv[i]);
	}
	for (int j = 0; j < 4; j++) {
		fprintf(out, ", \"%s\": ", fig_names[j]);
		num(out, nv[j], "null");
	}
	fputs(", \"evidence\": {", out);
	for (int j = 0; j < REV_N; j++) {
		fprintf(out, "%s\"%s\": ", j ? ", " : "", rec_ev_names[j]);
		num(out, r->ev[j], "null");
	}
	fputs("}}", out);
}

void render_json(FILE *out, const struct summary *s, const struct rec_set *set, long baseline)
{
	fputs("{\"format\": \"contest-report\", \"version\": 1, \"baseline\": ", out);
	if (baseline >= 0)
		json_str(out, s->labels[baseline]);
	else
		fputs("null", out);
	fputs(",\n \"labels\": [", out);
	for (size_t k = 0; k < s->nlabels; k++) {
		fputs(k ? ", " : "", out);
		json_str(out, s->labels[k]);
	}
	fputs("],\n \"workloads\": [", out);
	for (size_t w = 0; w < s->nworkloads; w++) {
		fputs(w ? ",\n  {\"workload\": " : "\n  {\"workload\": ", out);
		json_str(out, s->workloads[w]);
		fputs(", \"loads\": [", out);
		int first_l = 1;
		for (size_t l = 0; l < s->nloads; l++) {
			int first_k = 1;
			for (size_t k = 0; k < s->nlabels; k++) {
				const struct sum_cell *c = summary_cell(s, w, l, k);
				if (c->n + c->failed == 0)
					continue;
				if (first_k) {
					fputs(first_l ? "\n   {\"load\": " : ",\n   {\"load\": ", out);
					json_str(out, s->loads[l]);
					fputs(", \"rows\": [", out);
					first_l = first_k = 0;
				} else {
					fputs(", ", out);
				}
				fputs("\n    ", out);
				json_row(out, s, w, l, k, baseline);
			}
			if (!first_k)
				fputs("]}", out);
		}
		fputs("]}", out);
	}
	fputs("],\n \"runs\": [", out);
	int first = 1;
	for (size_t i = 0; i < set->n; i++) {
		const struct rec *r = &set->v[i];
		int in = 0;
		for (size_t k = 0; k < s->nlabels && !in; k++)
			in = strcmp(s->labels[k], r->label) == 0;
		for (size_t l = 0, hit = 0; in && l < s->nloads && !hit; l++)
			hit = strcmp(s->loads[l], r->load) == 0, in = (int)hit;
		if (!in)
			continue;
		fputs(first ? "\n  " : ",\n  ", out);
		first = 0;
		json_run(out, r);
	}
	fputs("]}\n", out);
}

/* md_cols: a Markdown table of evidence columns for load l of workload w. */
static void md_cols(FILE *out, const struct summary *s, size_t w, size_t l,
                    const struct render_col *cols, int n)
{
	char b[64];

	fputs("| Kernel |", out);
	for (int j = 0; j < n; j++)
		fprintf(out, " %s |", cols[j].head);
	fputs("\n|---|", out);
	for (int j = 0; j < n; j++)
		fputs("--:|", out);
	fputc('\n', out);
	for (size_t k = 0; k < s->nlabels; k++) {
		const struct sum_cell *c = summary_cell(s, w, l, k);
		if (c->n == 0)
			continue;
		fprintf(out, "| %s |", s->labels[k]);
		for (int j = 0; j < n; j++)
			fprintf(out, " %s |", render_fig(cols[j].get(c), cols[j].prec, b, sizeof b));
		fputc('\n', out);
	}
	fputc('\n', out);
}

void render_markdown(FILE *out, const struct summary *s, long baseline, int why, int latency)
{
	for (size_t w = 0; w < s->nworkloads; w++) {
		if (s->nworkloads > 1)
			fprintf(out, "## Workload: %s\n\n", s->workloads[w]);
		for (size_t l = 0; l < s->nloads; l++) {
			int rows = 0;
			for (size_t k = 0; k < s->nlabels; k++) {
				const struct sum_cell *c = summary_cell(s, w, l, k);
				if (c->n + c->failed == 0)
					continue;
				if (rows++ == 0) {
					fprintf(out, "### %s\n\n| Kernel | Runs | Time | CPU%% | Loads | LCPU%% | Ratio |", s->loads[l]);
					if (baseline >= 0)
						fprintf(out, " Time ±95%% | vs %s |", s->labels[baseline]);
					fputs(baseline >= 0 ? "\n|---|--:|--:|--:|--:|--:|--:|--:|---|\n" :
					                      "\n|---|--:|--:|--:|--:|--:|--:|\n", out);
				}
				fprintf(out, "| %s | %d | ", s->labels[k], c->n);
				const double v[5] = { c->time, c->cpu_pct, c->loads, c->lcpu_pct, c->ratio };
				const int prec[5] = { 0, 1, 1, 1, 2 };
				for (int i = 0; i < 5; i++) {
					if (isfinite(v[i]))
						fprintf(out, "%.*f | ", baseline >= 0 && i == 0 ? 2 : prec[i], v[i]);
					else
						fputs("- | ", out);
				}
				if (baseline >= 0) {
					struct cmp_row r;
					compare_row(s, w, l, k, (size_t)baseline, &r);
					if (isfinite(c->st[FIG_TIME].ci95))
						fprintf(out, "%.2f | ", c->st[FIG_TIME].ci95);
					else
						fputs("- | ", out);
					if (r.is_baseline)
						fputs("baseline |", out);
					else if (!r.has_base || c->n == 0)
						fputs("- |", out);
					else if (!r.time.tested)
						fputs("needs 2 runs each |", out);
					else if (r.time.significant)
						fprintf(out, "%+.1f%% [%+.1f%%, %+.1f%%] p=%.2g * |", r.time.pct,
						        r.time.lo_pct, r.time.hi_pct, r.time.p);
					else
						fprintf(out, "%+.1f%% (p=%.2g) no significant difference |",
						        r.time.pct, r.time.p);
				}
				fputc('\n', out);
				if (c->failed > 0)
					fprintf(out, "| %s: %d failed run(s) not averaged |\n", s->labels[k], c->failed);
			}
			if (rows)
				fputc('\n', out);
			if (rows && why)
				md_cols(out, s, w, l, render_why_cols, RENDER_WHY_N);
			if (rows && latency)
				md_cols(out, s, w, l, render_lat_cols, RENDER_LAT_N);
		}
	}
}
