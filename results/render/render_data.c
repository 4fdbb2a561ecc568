/* render_data.c: the report as data: CSV (one row per workload, load and label) and one JSON document. */
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>

/* csv_strs: the n strings of v as CSV fields, comma-separated. */
static void csv_strs(FILE *out, const char *const *v, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		render_csv_str(out, v[i]);
	}
}

/* csv_nums: ",FIGURE" for each of the n figures of v (empty when not available). */
static void csv_nums(FILE *out, const double *v, int n)
{
	for (int i = 0; i < n; i++) {
		fputc(',', out);
		render_num(out, v[i], "");
	}
}

/* csv_cols: ",FIGURE" for each evidence column of c. */
static void csv_cols(FILE *out, const struct sum_cell *c, const struct render_col *cols, int n)
{
	for (int j = 0; j < n; j++) {
		fputc(',', out);
		render_num(out, cols[j].get(c), "");
	}
}

static const char *const fig_names[4] = { "time", "cpu_pct", "loads", "lcpu_pct" };

/* csv_header: the names of render_csv's columns. */
static void csv_header(FILE *out)
{
	fputs("workload,jobs,machine,load,label,runs,failed", out);
	for (int j = 0; j < 4; j++)
		fprintf(out, ",%s,%s_sd,%s_ci95", fig_names[j], fig_names[j], fig_names[j]);
	fputs(",ratio,ratio_ci95,ratio_base,detail,baseline", out);
	for (int j = 0; j < 4; j += 2)
		fprintf(out, ",%s_diff_pct,%s_diff_ci_lo_pct,%s_diff_ci_hi_pct,%s_p", fig_names[j],
		        fig_names[j], fig_names[j], fig_names[j]);
	fputs(",time_median,time_median_lo,time_median_hi,time_mad,time_outliers,time_mw_p,"
	      "time_mdd_pct,loads_mdd_pct", out);
	fputs(",ntime", out);
	for (int j = 0; j < RENDER_CANARY_N; j++)
		fprintf(out, ",%s", render_canary_cols[j].name);
	for (int j = 0; j < RENDER_WHY_N; j++)
		fprintf(out, ",%s", render_why_cols[j].name);
	for (int j = 0; j < RENDER_LAT_N; j++)
		fprintf(out, ",%s", render_lat_cols[j].name);
	fputs(",guest,guest_note,not_compared\n", out);
}

/* csv_guest: ",GUEST,NOTE,NOT_COMPARED" of row r: the guest and
 * REC_EMULATED_NOTE of an emulated label, and REP_APART_NOTE when it is not
 * compared with the baseline for that (each empty otherwise). */
static void csv_guest(FILE *out, const struct rep_row *r)
{
	const char *v[3] = { r->guest ? r->guest : "", r->guest ? REC_EMULATED_NOTE : "",
	                     r->apart ? REP_APART_NOTE : "" };

	fputc(',', out);
	csv_strs(out, v, 3);
}

/* csv_robust: ",MEDIAN,LO,HI,MAD,OUTLIERS,MW_P,TIME_MDD_PCT,LOADS_MDD_PCT"
 * for row r: its Times' median, the median's interval, their MAD, the run
 * numbers of the outliers (space-separated), and against the baseline
 * Mann-Whitney's p and the smallest detectable differences (empty where
 * not available). */
static void csv_robust(FILE *out, const struct rep_row *r)
{
	const struct sum_cell *c = r->c;
	const double d[4] = { c->rt.median, c->rt.lo, c->rt.hi, c->rt.mad };
	const double v[3] = { r->cmp.mw.p, r->cmp.time.mdd_pct, r->cmp.loads.mdd_pct };
	const double none[3] = { NAN, NAN, NAN };
	int k = 0;

	csv_nums(out, d, 4);
	fputc(',', out);
	for (int i = 0; i < c->nt; i++)
		if (c->tvout[i])
			fprintf(out, "%s%d", k++ ? " " : "", c->trun[i]);
	csv_nums(out, r->compared ? v : none, 3);
}

/* csv_row: row r of block b in workload wl. */
static void csv_row(FILE *out, const struct rep_model *m, const struct rep_workload *wl,
                    const struct rep_block *b, const struct rep_row *r)
{
	const struct sum_cell *c = r->c;
	const char *names[2] = { b->load, r->name };

	render_csv_workload(out, wl);
	fputc(',', out);
	csv_strs(out, names, 2);
	fprintf(out, ",%d,%d", c->n, c->failed);
	for (int j = 0; j < 4; j++) {
		const double v[3] = { c->st[j].mean, c->st[j].sd, c->st[j].ci95 };
		csv_nums(out, v, 3);
	}
	const double ratio[2] = { c->ratio, c->ratio_ci95 };
	csv_nums(out, ratio, 2);
	render_csv_ratio_base(out, m);
	fputc(',', out);
	render_csv_str(out, c->detail);
	fputc(',', out);
	if (m->baseline_name != NULL)
		render_csv_str(out, m->baseline_name);
	const struct cmp_fig *f[2] = { &r->cmp.time, &r->cmp.loads };
	for (int i = 0; i < 2; i++) {
		const double v[4] = { f[i]->pct, f[i]->lo_pct, f[i]->hi_pct, f[i]->p };
		const double none[4] = { NAN, NAN, NAN, NAN };
		csv_nums(out, r->compared ? v : none, 4);
	}
	csv_robust(out, r);
	fputc(',', out);
	render_num(out, r->ntime, "");
	csv_cols(out, c, render_canary_cols, RENDER_CANARY_N);
	csv_cols(out, c, render_why_cols, RENDER_WHY_N);
	csv_cols(out, c, render_lat_cols, RENDER_LAT_N);
	csv_guest(out, r);
	fputc('\n', out);
}

/* render_csv: one row per workload, load and label (the workload's identity
 * and its jobs in fields of their own, jobs empty when not recorded) with every figure: mean,
 * sd and 95% interval of Time, CPU%, Loads, LCPU%; Ratio and its interval;
 * ratio_base (the --ratio-base label; empty: each label's own no_load); detail; against the baseline label, Time's and Loads' difference in
 * percent with its interval and Welch's p-value; the median of the Times
 * with its 95% interval, their MAD and outliers (run numbers), Mann-Whitney's
 * p and the smallest detectable differences (csv_robust); NTime (ntime) and
 * the canary's columns (results/model/speed.h); then the --why and --latency
 * columns (empty where not available); last the label's guest when it ran
 * emulated, REC_EMULATED_NOTE, and REP_APART_NOTE when the row is not
 * compared with the baseline for that (csv_guest). Stable column names in the first
 * line. When environments differ, a second table after one empty
 * line: "label,differs_from,key,from,to" and a row per difference. */
void render_csv(FILE *out, const struct rep_model *m)
{
	csv_header(out);
	for (size_t w = 0; w < m->nworkloads; w++) {
		const struct rep_workload *wl = &m->workloads[w];
		for (size_t l = 0; l < wl->nblocks; l++)
			for (size_t i = 0; i < wl->blocks[l].nrows; i++)
				csv_row(out, m, wl, &wl->blocks[l], &wl->blocks[l].rows[i]);
	}
	render_csv_env(out, m);
}

void render_csv_env(FILE *out, const struct rep_model *m)
{
	if (m->nenv > 0)
		fputs("\nlabel,differs_from,key,from,to\n", out);
	for (size_t i = 0; i < m->nenv; i++) {
		const struct rep_env *e = &m->env[i];
		const char *v[5] = { e->label, m->env_ref, e->key, e->from, e->to };
		csv_strs(out, v, 5);
		fputc('\n', out);
	}
}

void render_csv_ratio_base(FILE *out, const struct rep_model *m)
{
	fputc(',', out);
	if (m->ratio_base != NULL)
		render_csv_str(out, m->ratio_base);
}

void render_csv_workload(FILE *out, const struct rep_workload *wl)
{
	render_csv_str(out, wl->identity);
	if (wl->jobs >= 0)
		fprintf(out, ",%d", wl->jobs);
	else
		fputc(',', out);
	fputc(',', out);
	render_csv_str(out, wl->machine);
}

/* json_str_or_null: s as a JSON string, null when NULL. */
static void json_str_or_null(FILE *out, const char *s)
{
	if (s != NULL)
		render_json_str(out, s);
	else
		fputs("null", out);
}

/* json_desc: {"n":..,"mean":..,"sd":..,"ci95":..}. */
static void json_desc(FILE *out, const struct stat_desc *d)
{
	fprintf(out, "{\"n\": %d, \"mean\": ", d->n);
	render_num(out, d->mean, "null");
	fputs(", \"sd\": ", out);
	render_num(out, d->sd, "null");
	fputs(", \"ci95\": ", out);
	render_num(out, d->ci95, "null");
	fputc('}', out);
}

/* json_cmp: one figure against the baseline. */
static void json_cmp(FILE *out, const struct cmp_fig *f)
{
	const char *k[8] = { "diff", "diff_pct", "ci_lo_pct", "ci_hi_pct", "p", "mdd", "mdd_pct", NULL };
	const double v[7] = { f->diff, f->pct, f->lo_pct, f->hi_pct, f->p, f->mdd, f->mdd_pct };

	fputc('{', out);
	for (int i = 0; k[i]; i++) {
		fprintf(out, "\"%s\": ", k[i]);
		render_num(out, v[i], "null");
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
		render_num(out, cols[j].get(c), "null");
	}
	fputc('}', out);
}

/* json_robust: , "time_robust": the median of c's Times, its 95% interval
 * and coverage, their MAD and the outliers ({"run", "time"} each). */
static void json_robust(FILE *out, const struct sum_cell *c)
{
	const char *k[5] = { "median", "median_lo", "median_hi", "median_cover", "mad" };
	const double v[5] = { c->rt.median, c->rt.lo, c->rt.hi, c->rt.cover, c->rt.mad };
	int n = 0;

	fputs(", \"time_robust\": {", out);
	for (int i = 0; i < 5; i++) {
		fprintf(out, "\"%s\": ", k[i]);
		render_num(out, v[i], "null");
		fputs(", ", out);
	}
	fputs("\"outliers\": [", out);
	for (int i = 0; i < c->nt; i++) {
		if (!c->tvout[i])
			continue;
		fprintf(out, "%s{\"run\": %d, \"time\": ", n++ ? ", " : "", c->trun[i]);
		render_num(out, c->tv[i], "null");
		fputc('}', out);
	}
	fputs("]}", out);
}

/* json_mw: , "mann_whitney": {"done", "exact", "u", "p", "significant"}
 * of Time (done false: fewer than ROB_MW_MIN_N runs on a side). */
static void json_mw(FILE *out, const struct cmp_row *c)
{
	fprintf(out, ", \"mann_whitney\": {\"done\": %s, \"exact\": %s, \"u\": ",
	        c->mw.done ? "true" : "false", c->mw.exact ? "true" : "false");
	render_num(out, c->mw.u, "null");
	fputs(", \"p\": ", out);
	render_num(out, c->mw.p, "null");
	fprintf(out, ", \"significant\": %s}", c->mw_significant ? "true" : "false");
}

/* json_row: one label's row of a block. */
static void json_row(FILE *out, const struct rep_row *r)
{
	const struct sum_cell *c = r->c;

	fputs("{\"label\": ", out);
	render_json_str(out, r->name);
	fprintf(out, ", \"runs\": %d, \"failed\": %d", c->n, c->failed);
	for (int j = 0; j < 4; j++) {
		fprintf(out, ", \"%s\": ", fig_names[j]);
		json_desc(out, &c->st[j]);
	}
	fputs(", \"ratio\": ", out);
	render_num(out, c->ratio, "null");
	fputs(", \"ratio_ci95\": ", out);
	render_num(out, c->ratio_ci95, "null");
	fputs(", \"detail\": ", out);
	render_json_str(out, c->detail);
	json_robust(out, c);
	fputs(", \"ntime\": ", out);
	render_num(out, r->ntime, "null");
	json_cols(out, "canary", c, render_canary_cols, RENDER_CANARY_N);
	json_cols(out, "why", c, render_why_cols, RENDER_WHY_N);
	json_cols(out, "latency", c, render_lat_cols, RENDER_LAT_N);
	fputs(", \"guest\": ", out);
	json_str_or_null(out, r->guest);
	fputs(", \"guest_note\": ", out);
	json_str_or_null(out, r->guest ? REC_EMULATED_NOTE : NULL);
	fputs(", \"not_compared\": ", out);
	json_str_or_null(out, r->apart ? REP_APART_NOTE : NULL);
	fputs(", \"vs_baseline\": ", out);
	if (!r->compared) {
		fputs("null}", out);
		return;
	}
	fputs("{\"time\": ", out);
	json_cmp(out, &r->cmp.time);
	fputs(", \"loads\": ", out);
	json_cmp(out, &r->cmp.loads);
	json_mw(out, &r->cmp);
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
		render_json_str(out, sv[i]);
	}
	for (int j = 0; j < 4; j++) {
		fprintf(out, ", \"%s\": ", fig_names[j]);
		render_num(out, nv[j], "null");
	}
	fputs(", \"evidence\": {", out);
	for (int j = 0; j < REV_N; j++) {
		fprintf(out, "%s\"%s\": ", j ? ", " : "", rec_ev_names[j]);
		render_num(out, r->ev[j], "null");
	}
	fputs("}}", out);
}

void render_json_workload_head(FILE *out, const struct rep_workload *wl)
{
	fputs("{\"workload\": ", out);
	render_json_str(out, wl->name);
	fputs(", \"identity\": ", out);
	render_json_str(out, wl->identity);
	fputs(", \"jobs\": ", out);
	if (wl->jobs >= 0)
		fprintf(out, "%d", wl->jobs);
	else
		fputs("null", out);
	fputs(", \"machine\": ", out);
	render_json_str(out, wl->machine);
}

/* json_workload: one workload with its loads and their rows. */
static void json_workload(FILE *out, const struct rep_workload *wl)
{
	render_json_workload_head(out, wl);
	fputs(", \"loads\": [", out);
	for (size_t l = 0; l < wl->nblocks; l++) {
		const struct rep_block *b = &wl->blocks[l];
		fputs(l ? ",\n   {\"load\": " : "\n   {\"load\": ", out);
		render_json_str(out, b->load);
		fputs(", \"rows\": [", out);
		for (size_t i = 0; i < b->nrows; i++) {
			fputs(i ? ", \n    " : "\n    ", out);
			json_row(out, &b->rows[i]);
		}
		fputs("]}", out);
	}
	fputs("]}", out);
}

/* json_strs: {"K": "V", ...} of the n keys k and strings v. */
static void json_strs(FILE *out, const char *const *k, const char *const *v, int n)
{
	fputc('{', out);
	for (int j = 0; j < n; j++) {
		fprintf(out, "%s\"%s\": ", j ? ", " : "", k[j]);
		render_json_str(out, v[j]);
	}
	fputc('}', out);
}

void render_json_head(FILE *out, const struct rep_model *m, const char *kind)
{
	fprintf(out, "{\"format\": \"contest-report\", \"schema\": %d, \"version\": 1, \"kind\": \"%s\", "
	        "\"baseline\": ", RENDER_JSON_SCHEMA, kind);
	json_str_or_null(out, m->baseline_name);
	fputs(", \"ratio_base\": ", out);
	json_str_or_null(out, m->ratio_base);
	fputs(",\n \"labels\": [", out);
	for (size_t k = 0; k < m->nlabels; k++) {
		fputs(k ? ", " : "", out);
		render_json_str(out, m->labels[k]);
	}
	fputs("],\n \"hosts\": {\"apart\": ", out);
	fputs(m->hosts && m->hosts->apart ? "true" : "false", out);
	fputs(", \"names\": [", out);
	for (size_t i = 0; m->hosts && i < m->hosts->nhosts; i++) {
		fputs(i ? ", " : "", out);
		render_json_str(out, m->hosts->hosts[i]);
	}
	fputs("], \"labels\": [", out);
	for (size_t i = 0; m->hosts && i < m->hosts->n; i++) {
		const struct host_label *e = &m->hosts->v[i];
		const char *k[3] = { "label", "host", "stored_label" }, *v[3] = { e->shown, e->host, e->label };
		fputs(i ? ", " : "", out);
		json_strs(out, k, v, 3);
	}
	fputs("]}", out);
}

/* render_json_env: "environment": the reference label (null when nothing
 * differs) and a {label, key, from, to} object per difference. */
void render_json_env(FILE *out, const struct rep_model *m)
{
	fputs(",\n \"environment\": {\"reference\": ", out);
	json_str_or_null(out, m->env_ref);
	fputs(", \"differences\": [", out);
	for (size_t i = 0; i < m->nenv; i++) {
		const struct rep_env *e = &m->env[i];
		const char *k[4] = { "label", "key", "from", "to" }, *v[4] = { e->label, e->key, e->from, e->to };
		fputs(i ? ",\n  " : "\n  ", out);
		json_strs(out, k, v, 4);
	}
	fputs("]}", out);
}

/* render_json: one JSON document: format, baseline, labels, per workload
 * and load the rows (figures with n, mean, sd, ci95; Ratio; "time_robust";
 * "ntime"; "canary", "why" and "latency" objects; comparison with the
 * baseline, with its smallest detectable differences and "mann_whitney", or
 * null; "guest", "guest_note" and "not_compared" as csv_guest's, null where
 * empty), the reference canary ("canary_ref"), the
 * environment differences, and every selected run's record with its
 * "evidence". null where not available. */
void render_json(FILE *out, const struct rep_model *m)
{
	render_json_head(out, m, "report");
	fputs(",\n \"workloads\": [", out);
	for (size_t w = 0; w < m->nworkloads; w++) {
		fputs(w ? ",\n  " : "\n  ", out);
		json_workload(out, &m->workloads[w]);
	}
	fputs("],\n \"canary_ref\": ", out);
	render_num(out, m->canary_ref, "null");
	render_json_env(out, m);
	fputs(",\n \"runs\": [", out);
	for (size_t i = 0; i < m->nruns; i++) {
		fputs(i ? ",\n  " : "\n  ", out);
		json_run(out, m->runs[i]);
	}
	fputs("]}\n", out);
}
