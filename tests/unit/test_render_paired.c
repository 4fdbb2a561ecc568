/* test_render_paired.c: report --paired in every format on the fixed records of a 3-kernel, 6-round series (tests/data/paired-series): the model's figures against independently computed ones, each format's exact figures, JSON that parses, CSV's headers, well-formed HTML whose pictures carry the text block's figures. */
#include "results/model/paired.h"
#include "results/record/store.h"
#include "results/render/render_paired.h"
#include "tests/unit/t.h"
#include "tests/unit/thtml.h"
#include "tests/unit/tjson.h"
#include "tests/unit/trender.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DATA "tests/data/paired-series"
#define T_REL(a, b, eps) T_NEAR((a), (b), (eps) * fabs((double)(b)))
/* PREFIX: s begins with the string literal lit. */
#define PREFIX(s, lit) (strncmp((s), lit, sizeof lit - 1) == 0)

static const char *const labels[] = { "v6.12", "v6.12-fix", "v6.12-rt" };
static const char *const loads[] = { "no_load", "io_load" };

/* The Times of tests/data/paired-series/README.md: load, label, round. */
static const double times[2][3][6] = {
	{ { 60.12, 60.58, 61.30, 61.75, 62.41, 62.98 },
	  { 61.40, 61.77, 62.61, 63.02, 63.58, 64.33 },
	  { 60.31, 60.69, 61.42, 66.10, 62.55, 63.05 } },
	{ { 90.40, 91.22, 92.10, 92.75, 93.90, 94.60 },
	  { 88.52, 89.41, 90.25, 90.80, 91.95, 92.70 },
	  { 95.10, 95.98, 96.80, 97.61, 98.70, 99.52 } },
};

/* Where the expected figures come from: Python 3 apart from the C, on the
 * Times above: the paired mean and its interval with t(0.975, 5) =
 * 2.5705818366147395, the two-sided p by Simpson's rule over Student's
 * density (relative error near 1e-5 at 1e-9), Welch's p the same way with
 * its fractional df; Wilcoxon's exact p with 6 differences of one sign is
 * 2 / 64; Spearman's exact p of a rising 6 is 2 / 720. Per load and kernel:
 * pct, lo_pct, hi_pct, t p, unpaired pct, its lo and hi, its p. */
static const double want[2][2][8] = {
	{ { 2.050712467, 1.932329492, 2.169095441, 1.07826e-07, 2.050712467, -0.232405, 4.33383, 0.0732245 },
	  { 1.349081649, -1.593150617, 4.291313916, 0.29156, 1.349081649, -2.33458, 5.03274, 0.41896 } },
	{ { -2.043353695, -2.106320682, -1.980386708, 4.69166e-09, -2.043353695, -4.23274, 0.146029, 0.0642478 },
	  { 5.178658306, 5.078454353, 5.278862259, 4.58416e-10, 5.178658306, 2.91587, 7.44145, 0.000466411 } },
};
static const double want_move[2] = { 4.757152362, 4.646017699 };

/* rendered: m in format name, to be freed (on stdout too with
 * TEST_PAIRED_SHOW=NAME in the environment). */
static char *rendered(const struct paired_model *m, const char *name)
{
	render_paired_fn *fn = render_paired_for(name);
	const char *show = getenv("TEST_PAIRED_SHOW");
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	T_CHECK(fn != NULL && f != NULL);
	fn(f, m);
	fclose(f);
	if (show && strcmp(show, name) == 0)
		fputs(buf, stdout);
	return buf;
}

/* test_model: the model's figures against the independent ones. */
static void test_model(const struct paired_model *m)
{
	T_CHECK(m->nloads == 2 && m->base == 0);
	for (size_t l = 0; l < 2; l++) {
		const struct paired_load *pl = &m->loads[l];
		const struct paired_drift *d = &pl->drift;

		T_CHECK(pl->nrows == 2 && pl->busy == 0 && d->rounds == 6 && d->first == 1 && d->last == 6);
		T_REL(d->move_pct, want_move[l], 1e-8);
		T_CHECK(d->trend.n == 6 && d->trend.rho == 1 && d->sig);
		T_REL(d->trend.p, 2.0 / 720, 1e-12);
		for (size_t j = 0; j < 6; j++)
			T_CHECK(d->round[j] == (int)j + 1 && strcmp(d->series[j], "s1") == 0 &&
			        d->time[j] == times[l][0][j]);
		for (size_t i = 0; i < 2; i++) {
			const struct paired_row *r = &pl->rows[i];
			const double *w = want[l][i];

			T_CHECK(r->label == i + 1 && r->n == 6 && r->alone == 0 && r->u_na == 6 && r->u_nb == 6);
			T_REL(r->pct, w[0], 1e-8);
			T_REL(r->lo_pct, w[1], 1e-8);
			T_REL(r->hi_pct, w[2], 1e-8);
			T_REL(r->t_p, w[3], 1e-4);
			T_REL(r->u_pct, w[4], 1e-8);
			T_REL(r->u_lo_pct, w[5], 1e-5);
			T_REL(r->u_hi_pct, w[6], 1e-5);
			T_REL(r->u_p, w[7], 1e-4);
			T_CHECK(r->rank.exact && r->rank.n == 6 && r->rank.p == 0.03125 && r->rank_sig);
			for (size_t j = 0; j < 6; j++)
				T_CHECK(r->time[j] == times[l][i + 1][j]);
		}
	}
	/* round 4 of v6.12-rt on no_load: the one bad round widens the paired interval */
	T_CHECK(!m->loads[0].rows[1].t_sig && m->loads[0].rows[0].t_sig);
}

/* The text block, byte for byte. */
static const char want_text[] =
	"Rounds: each kernel against v6.12 within the same round (paired), and as today's unpaired figures\n"
	"no_load:\n"
	"Kernel       rounds   paired diff  95% interval       t p        rank p    |  unpaired diff  95% interval       p\n"
	"v6.12-fix         6         +2.1%  [+1.9%, +2.2%]     1.1e-07 *  0.031 *   |         +2.1%  [-0.2%, +4.3%]     0.073\n"
	"v6.12-rt          6         +1.3%  [-1.6%, +4.3%]     0.29       0.031 *   |         +1.3%  [-2.3%, +5.0%]     0.42\n"
	"  drift: v6.12's Time moved +4.8% from round 1 to round 6 (Spearman rho 1.00, p 0.0028): paired differences cancel it\n"
	"\n"
	"io_load:\n"
	"Kernel       rounds   paired diff  95% interval       t p        rank p    |  unpaired diff  95% interval       p\n"
	"v6.12-fix         6         -2.0%  [-2.1%, -2.0%]     4.7e-09 *  0.031 *   |         -2.0%  [-4.2%, +0.1%]     0.064\n"
	"v6.12-rt          6         +5.2%  [+5.1%, +5.3%]     4.6e-10 *  0.031 *   |         +5.2%  [+2.9%, +7.4%]     0.00047 *\n"
	"  drift: v6.12's Time moved +4.6% from round 1 to round 6 (Spearman rho 1.00, p 0.0028): paired differences cancel it\n";

/* test_text: the text form, whole. */
static void test_text(const struct paired_model *m)
{
	char *t = rendered(m, "text");

	T_STREQ(t, want_text);
	free(t);
}

/* test_csv: the three tables, each under its header, and their figures. */
static void test_csv(const struct paired_model *m)
{
	char *c = rendered(m, "csv");

	T_CHECK(PREFIX(c, "load,label,baseline,rounds,alone,base_mean,diff,diff_lo,diff_hi,diff_pct,"
	                   "diff_lo_pct,diff_hi_pct,t_p,t_significant,rank_p,rank_n,rank_min_p,"
	                   "rank_significant,unpaired_n_base,unpaired_n,unpaired_pct,unpaired_lo_pct,"
	                   "unpaired_hi_pct,unpaired_p,unpaired_significant,busy\n"));
	T_CHECK(strstr(c, "\nno_load,v6.12-rt,v6.12,6,0,61.5233,0.83,-0.980159,2.64016,1.34908,-1.59315,"
	                  "4.29131,0.29156,0,0.03125,6,0.03125,1,6,6,1.34908,-2.33458,5.03274,0.41896,0,0\n"));
	T_CHECK(strstr(c, "\nio_load,v6.12-rt,v6.12,6,0,92.495,4.79,") != NULL);
	T_CHECK(strstr(c, "\n\nload,series,round,label,baseline,base_time,time,diff\n") != NULL);
	T_CHECK(strstr(c, "\nno_load,s1,4,v6.12-rt,v6.12,61.75,66.1,4.35\n") != NULL);
	T_CHECK(strstr(c, "\nio_load,s1,6,v6.12-fix,v6.12,94.6,92.7,-1.9\n") != NULL);
	T_CHECK(strstr(c, "\n\nload,baseline,rounds,first_round,last_round,move_pct,trend_n,rho,p,"
	                  "significant\nno_load,v6.12,6,1,6,4.75715,6,1,0.00277778,1\n"
	                  "io_load,v6.12,6,1,6,4.64602,6,1,0.00277778,1\n") != NULL);
	T_CHECK(tr_count(c, "\n") == 1 + 4 + 2 + 24 + 2 + 2);   /* headers, rows, empty lines */
	T_CHECK(tr_count(c, ",s1,") == 24);
	free(c);
}

/* test_json: one document that parses, with the same figures. */
static void test_json(const struct paired_model *m)
{
	char *j = rendered(m, "json"), why[128];

	T_CHECK(tjson_check(j, strlen(j), why, sizeof why) == 0);
	T_CHECK(PREFIX(j, "{\"format\": \"contest-report\", \"schema\": 1, \"version\": 1, \"kind\": \"paired\", "
	                   "\"baseline\": \"v6.12\""));
	T_CHECK(strstr(j, "{\"label\": \"v6.12-rt\", \"rounds\": 6, \"alone\": 0, \"base_mean\": 61.5233, "
	                  "\"paired\": {\"diff\": 0.83, \"lo\": -0.980159, \"hi\": 2.64016, \"pct\": 1.34908, "
	                  "\"lo_pct\": -1.59315, \"hi_pct\": 4.29131, \"t_p\": 0.29156, \"t_significant\": "
	                  "false, \"rank_p\": 0.03125, \"rank_n\": 6, \"rank_min_p\": 0.03125, "
	                  "\"rank_significant\": true},") != NULL);
	T_CHECK(strstr(j, "{\"series\": \"s1\", \"round\": 4, \"base_time\": 61.75, \"time\": 66.1, "
	                  "\"diff\": 4.35}") != NULL);
	T_CHECK(strstr(j, "\"drift\": {\"rounds\": 6, \"first_round\": 1, \"last_round\": 6, \"move_pct\": "
	                  "4.75715, \"trend_n\": 6, \"rho\": 1, \"p\": 0.00277778, \"significant\": true}") != NULL);
	T_CHECK(tr_count(j, "\"round\": ") == 24 && tr_count(j, "\"notes\": []") == 2);
	free(j);
}

/* test_markdown: a table per load, the text's figures. */
static void test_markdown(const struct paired_model *m)
{
	char *md = rendered(m, "markdown");

	T_CHECK(tr_count(md, "| Kernel | rounds | paired diff | 95% interval | t p | rank p | unpaired diff |"
	                     " 95% interval | p |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n") == 2);
	T_CHECK(strstr(md, "\n### no_load\n") && strstr(md, "\n### io_load\n"));
	T_CHECK(strstr(md, "\n| v6.12-rt | 6 | +1.3% | [-1.6%, +4.3%] | 0.29 | 0.031 * | +1.3% | "
	                   "[-2.3%, +5.0%] | 0.42 |\n") != NULL);
	T_CHECK(strstr(md, "\n| v6.12-rt | 6 | +5.2% | [+5.1%, +5.3%] | 4.6e-10 * | 0.031 * | +5.2% | "
	                   "[+2.9%, +7.4%] | 0.00047 * |\n") != NULL);
	T_CHECK(tr_count(md, "\n- drift: v6.12's Time moved ") == 2);
	free(md);
}

/* attr: the value of attribute name in the tag around p (up to its '>'),
 * into buf; "" when it has none. */
static const char *attr(const char *p, const char *name, char *buf, size_t len)
{
	const char *end = strchr(p, '>'), *a;
	char key[48];

	snprintf(key, sizeof key, " %s=\"", name);
	buf[0] = '\0';
	if ((a = strstr(p, key)) != NULL && end && a < end) {
		a += strlen(key);
		snprintf(buf, len, "%.*s", (int)(strchr(a, '"') - a), a);
	}
	return buf;
}

/* text_fig: the paired diff and its interval's ends of kernel on load as the
 * text block prints them ("+1.3%", "-1.6%", "+4.3%"). */
static void text_fig(const char *text, const char *load, const char *kernel, char f[3][16])
{
	char head[48], line[64];
	const char *p = strstr(text, (snprintf(head, sizeof head, "\n%s:\n", load), head));

	snprintf(line, sizeof line, "\n%s ", kernel);
	T_CHECK(p != NULL && (p = strstr(p, line)) != NULL);
	f[0][0] = f[1][0] = f[2][0] = '\0';
	if (p)
		T_CHECK(sscanf(p + strlen(line), "%*d %15s [%15[^,], %15[^]]", f[0], f[1], f[2]) == 3);
}

/* test_html: a well-formed page; the forest's rows carry the text block's
 * figures, the rounds' points the records' Times. */
static void test_html(const struct paired_model *m)
{
	char *h = rendered(m, "html"), *text = rendered(m, "text"), why[160], a[64], b[64], f[3][16];
	int rows = 0, points = 0;

	T_CHECK(thtml_check(h, why, sizeof why) == 0);
	if (thtml_check(h, why, sizeof why) != 0)
		printf("html: %s\n", why);
	T_CHECK(strncmp(h, "<!DOCTYPE html>", 15) == 0 && strstr(h, "<script") == NULL);
	T_CHECK(strstr(h, "http://") == NULL && strstr(h, "https://") == NULL);
	T_CHECK(tr_count(h, "<svg") == 3 && tr_count(h, "<table class=\"paired\">") == 2);
	T_CHECK(strstr(h, "<td class=\"num sig\">0.00047 *</td>") != NULL);
	for (const char *p = h; (p = strstr(p, "<g class=\"frow\"")) != NULL; p++, rows++) {
		char load[32], label[32];
		attr(p, "data-load", load, sizeof load);
		attr(p, "data-label", label, sizeof label);
		text_fig(text, load, label, f);
		T_STREQ(attr(p, "data-pct", a, sizeof a), f[0]);
		T_STREQ(attr(p, "data-lo", a, sizeof a), f[1]);
		T_STREQ(attr(p, "data-hi", a, sizeof a), f[2]);
	}
	T_CHECK(rows == 4);
	for (const char *p = h; (p = strstr(p, "<circle class=\"rpt")) != NULL; p++, points++) {
		const char *io = strstr(h, "<figcaption>io_load: Time per round");
		size_t l = io && p > io, k = 0;   /* the io_load figure comes after the no_load one */
		int round = atoi(attr(p, "data-round", a, sizeof a));
		attr(p, "data-label", b, sizeof b);
		while (k < 3 && strcmp(labels[k], b) != 0)
			k++;
		T_CHECK(k < 3 && round >= 1 && round <= 6);
		if (k < 3 && round >= 1 && round <= 6) {
			snprintf(b, sizeof b, "%.2f", times[l][k][round - 1]);
			T_STREQ(attr(p, "data-time", a, sizeof a), b);
		}
	}
	T_CHECK(points == 2 * 2 * 6 * 2);   /* loads, kernels, rounds, both sides */
	T_CHECK(strstr(h, "data-label=\"v6.12-rt\" data-round=\"4\" data-time=\"66.10\"><title>v6.12-rt, "
	                  "round 4: 66.10 s</title>") != NULL);
	free(h);
	free(text);
}

/* test_thtml: the well-formedness check itself refuses what it should. */
static void test_thtml(void)
{
	char why[160];

	T_CHECK(thtml_check("<p>a <b>b</b><br></p>", why, sizeof why) == 0);
	T_CHECK(thtml_check("<p><b></p></b>", why, sizeof why) != 0);
	T_CHECK(thtml_check("<p>a & b</p>", why, sizeof why) != 0);
	T_CHECK(thtml_check("<p>a > b</p>", why, sizeof why) != 0);
	T_CHECK(thtml_check("<p><svg><g></svg></p>", why, sizeof why) != 0);
	T_CHECK(thtml_check("<p title=\"x\"><circle r=\"1\"/></p>", why, sizeof why) == 0);
	T_CHECK(thtml_check("<p>", why, sizeof why) != 0);
}

int main(void)
{
	struct rec_set set = { 0 };
	struct paired_model m;

	T_CHECK(store_read_all(DATA, &set) == 0 && set.n == 36);
	T_CHECK(paired_build(&m, &set, labels, 3, 0, loads, 2, 0) == 0);
	test_model(&m);
	test_text(&m);
	test_csv(&m);
	test_json(&m);
	test_markdown(&m);
	test_html(&m);
	test_thtml();
	T_CHECK(render_paired_for("text") == render_paired && render_paired_for("xml") == NULL);
	paired_free(&m);
	rec_set_free(&set);
	return t_done();
}
